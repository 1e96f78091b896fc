"""A sanctuary deck's name on the seat set-up screen (issue 15, left from session 7): at huge text "Custodi della
Marea: Corrente Profonda" was shortened to "Custodi della Marea: Corrent…" (whole only on hover). A name too long
for one line now takes two, the control growing into its row's room; the whole name reads without hovering."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from tests.scenes.driving import frames


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """Drop the fonts cached while this test's window lived."""
    yield
    from game.ui import gfx

    gfx.set_text_scale(gfx.text_scale())


@pytest.mark.parametrize(("lang", "size"), [("it", "huge"), ("es", "huge"), ("en", "huge"), ("es", "normal")])
def test_sanctuary_deck_names_read_whole_on_the_seat_setup(make_app: Any, lang: str, size: str) -> None:
    from game.engine.levels import discover_levels
    from game.scenes.menu import MenuScene
    from game.scenes.seats import SeatSetupScene

    app = make_app(lang, size)
    app.push(MenuScene(app))
    two_lines = 0
    for entry in [e for e in discover_levels("sanctuary") if e.ok]:
        scene = app.push(SeatSetupScene(app, "sanctuary", entry.level))
        scene.set_count(scene.hi)
        frames(app, 2)
        font = app.manager.get_theme().get_font(["button"])
        rects = [b.rect for b in scene.choice_buttons]
        for i, b in enumerate(scene.choice_buttons):
            shown = scene.choice_text(i)
            assert "…" not in shown, (entry.id, shown)
            words = shown.replace("\n", " ")
            assert words in (scene.choices.label(i, scene.count), scene.choices.short_label(i, scene.count))
            for line in shown.split("\n"):
                assert font.size(line)[0] <= b.rect.w - 20, (entry.id, line, b.rect)
            if "\n" in shown:
                two_lines += 1
                assert b.rect.h >= 2 * font.get_rect("Ag").height, (entry.id, b.rect)
            assert b.rect.y >= 176, "under the column's header"
            assert not any(b.rect.colliderect(r) for j, r in enumerate(rects) if j != i), (entry.id, rects)
        surface = pygame.Surface((1280, 720))
        scene.draw_top(surface)  # the two lines paint inside their controls
        for i, lines in scene.choice_lines.items():
            box = scene.choice_buttons[i].rect
            inside = sum(1 for x in range(box.x, box.right, 3) for y in range(box.y, box.bottom, 3)
                         if surface.get_at((x, y))[:3] != (0, 0, 0))
            assert inside > 20 * len(lines), (entry.id, lines)
        app.pop()
    if size == "huge" and lang in ("it", "es"):
        assert two_lines >= 2, "the long deck names (Tide, Gear) take two lines at huge text"


def test_a_deck_names_tooltip_stays_over_the_two_lines(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in the real window (es huge): the two lines of the second deck were painted over the first deck's
    tooltip (they are drawn after the widgets); under a tooltip they are left to it."""
    from game.engine.levels import get_level
    from game.scenes.menu import MenuScene
    from game.scenes.seats import SeatSetupScene
    from tests.scenes.driving import mouse

    app = make_app("es", "huge")
    app.push(MenuScene(app))
    scene = app.push(SeatSetupScene(app, "sanctuary", get_level("sanctuary", "tide_vs_gear")))
    frames(app, 2)
    assert set(scene.choice_lines) == {0, 1}
    first, second = scene.choice_buttons
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: first.rect.center)  # pygame_gui reads the pointer here
    frames(app, 45, [mouse(pygame.MOUSEMOTION, first.rect.center)])  # hover long enough for the tooltip
    tips = scene._tooltip_rects()
    assert tips and any(second.rect.colliderect(r) for r in tips), (tips, second.rect)
    surface = pygame.Surface((1280, 720))
    surface.fill((0, 0, 0))
    scene.draw_top(surface)
    box = second.rect
    assert not any(surface.get_at((x, y))[:3] != (0, 0, 0) for x in range(box.x, box.right, 2)
                   for y in range(box.y, box.bottom, 2)), "nothing painted over the tooltip"
