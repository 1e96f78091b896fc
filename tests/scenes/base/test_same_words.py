"""Choices with the same words (issue 15, "readable"): in sanctuary two targets of one name ("Guardiano di
Conchiglia" twice) were two identical buttons of the choice list, and nothing told which card each meant.
Choices whose words are the same now get a number in board order, the card each one means wears that number
while the choices show, and hovering a choice outlines its card."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import gfx
from tests.scenes.driving import frames, mouse, open_game


def two_board_choices(scene: Any) -> list[Any]:
    """Two legal actions with a board region each, at different places (leftmost first)."""
    spots: dict[Any, Any] = {}
    for r in scene.chrome.regions:
        acts = r.payload if isinstance(r.payload, tuple) else (r.payload,)
        if r.legal and len(acts) == 1 and acts[0] in scene.driver.legal_set:
            spots.setdefault(acts[0], r.rect)
    board = sorted(spots, key=lambda a: (spots[a].x, spots[a].y))
    assert len(board) >= 2, "the dungeon's first placement offers several spaces"
    return [board[-1], board[0]], [spots[board[-1]], spots[board[0]]]


def test_choices_with_the_same_words_are_numbered_in_board_order_and_show_their_card(make_app: Any,
                                                                                      monkeypatch: Any) -> None:
    app = make_app("en", "normal")
    scene = open_game(app, "dungeon", "tutorial", ["human", "human"], 1)
    frames(app, 3)
    (right, left), (right_rect, left_rect) = two_board_choices(scene)
    monkeypatch.setattr(scene, "describe", lambda a: "Guard the shell")
    scene.choose_among([right, left])  # offered right card first: numbered by the board, not the offer
    frames(app, 2)
    words = [b.label for b in scene.chrome.action_bar.buttons]
    assert words[:2] == [t("game.choice_numbered", words="Guard the shell", n=2),
                         t("game.choice_numbered", words="Guard the shell", n=1)]
    assert words[0] != words[1]

    # hovering the choice for the right-hand card outlines that card, not the other
    button = scene.chrome.action_bar.buttons[0]
    legal = tuple(gfx.palette().legal)

    def outlined(rect: pygame.Rect) -> bool:
        """The legal colour on the rect's top edge, away from the number badge at its top-left corner."""
        x = rect.centerx
        return any(tuple(app.screen.get_at((x, yy)))[:3] == legal for yy in range(rect.top - 4, rect.top + 4))

    app.step([mouse(pygame.MOUSEMOTION, button.rect.center)], 1 / 30)
    frames(app, 1)
    assert scene.router.hovered is not None and scene.router.hovered.payload == right
    assert scene.chrome.meant(right)[0].rect == right_rect
    assert outlined(right_rect)
    assert not outlined(left_rect)


def test_different_words_get_no_number(make_app: Any) -> None:
    app = make_app("es", "normal")
    scene = open_game(app, "dungeon", "tutorial", ["human", "human"], 1)
    frames(app, 3)
    (right, left), _ = two_board_choices(scene)
    scene.choose_among([right, left])
    frames(app, 2)
    words = [b.label for b in scene.chrome.action_bar.buttons][:2]
    assert words == [scene.describe(right), scene.describe(left)]
    assert not any("n.º" in w for w in words)
