"""The guide and an open choice menu (issue 15, "no overlapping text"): in the quest tutorial at huge text the
gold outline of a hand card was painted over the open menu's Cancel button, and the bubble could sit on the
band's headings, the threat counter or the staging area beside the menu. The bubble now keeps off every open
menu (``menu_rects``) and the rects a scene keeps clear, and an outline never paints over a menu it is under."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.engine.bots import BUDGETS
from game.scenes.base import hint as hintmod
from game.ui.input import HitRegion
from tests.scenes.driving import frames, open_game
from tests.scenes.quest.test_tutorial_window import window_seats
from tests.scenes.test_tutor_play import HINT, NORMAL, follow_the_outline


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """Drop the fonts cached while this test's window lived."""
    yield
    from game.ui import gfx

    gfx.set_text_scale(gfx.text_scale())


def quest_with_menu_open(make_app: Any, monkeypatch: pytest.MonkeyPatch, lang: str, size: str) -> Any:
    """The quest tutorial followed by its outline until a hand card opens a choice menu (the Keen Blade's heroes)."""
    monkeypatch.setattr(hintmod.HintService, "budget", HINT)
    monkeypatch.setitem(BUDGETS, "normal", NORMAL)
    app = make_app(lang, size)
    scene = open_game(app, "quest", "tutorial", window_seats(), 3)
    for _ in range(40):
        follow_the_outline(app, scene, 1)
        if scene.menu_rects():
            frames(app, 2)
            return scene
    raise AssertionError("no choice menu opened while following the quest tutorial")


@pytest.mark.parametrize(("lang", "size"), [("es", "huge"), ("en", "normal")])
def test_guide_bubble_keeps_off_an_open_menu_and_the_quest_band(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                                                lang: str, size: str) -> None:
    """Every choice menu opened while following the tutorial for 60 clicks (at es huge, before the fix, the hint's
    bubble sat on the band's headings and the phase track beside the menus of clicks 40 and 58)."""
    scene = quest_with_menu_open(make_app, monkeypatch, lang, size)
    guide = scene.guide
    app = scene.app
    seen = 0
    for _ in range(60):
        menus = scene.menu_rects()
        if menus and guide.bubble is not None:
            seen += 1
            cancel = scene.chrome.action_bar.buttons[-1].rect
            assert any(m.contains(cancel) for m in menus)
            kept = scene.tutor_keep_clear()
            assert kept, "the quest band is kept clear while a menu is open"
            for rect in menus + kept:
                assert not guide.bubble.colliderect(rect), (guide.message(), guide.bubble, rect)
        if scene.match.is_over():
            break
        follow_the_outline(app, scene, 1)
        frames(app, 1)
    assert seen >= 3


def test_guide_outline_is_not_painted_over_an_open_menu(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = quest_with_menu_open(make_app, monkeypatch, "es", "huge")
    guide = scene.guide
    menu = scene.menu_rects()[0]
    cancel = scene.chrome.action_bar.buttons[-1].rect
    # a hand card half under the Cancel button (as seen in the window), and a card clear of the menu
    under = pygame.Rect(cancel.x - 40, cancel.y - 20, 88, 123)
    clear = pygame.Rect(menu.x - 300, menu.y, 88, 123)
    guide.targets = [HitRegion(under, payload="under"), HitRegion(clear, payload="clear")]
    guide.bubble = None
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    scene.chrome.draw_bar(surface)
    before = surface.copy()
    guide.draw(surface)
    changed_in_menu = [(x, y) for x in range(menu.x, menu.right, 2) for y in range(menu.y, menu.bottom, 2)
                       if surface.get_at((x, y)) != before.get_at((x, y))]
    assert not changed_in_menu, changed_in_menu[:5]
    # the outline is still drawn where nothing covers it: left of the menu, and around the clear card
    assert surface.get_at((under.x - 3, under.centery)) != before.get_at((under.x - 3, under.centery))
    assert surface.get_at((clear.x - 3, clear.centery)) != before.get_at((clear.x - 3, clear.centery))
