"""The quest table with the real rules at huge text in es, en and it, for 1 to 4 players: a game played
forward to each phase draws without errors and with no text outside its box or on other text; the
pile overlay too; card names fit their band at every size."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.settings import TEXT_SIZES
from game.engine.i18n import localize
from game.engine.protocol import SeatSpec
from game.ui import gfx
from tests.scenes.driving import advance_with, frames, open_game


@pytest.fixture
def huge_app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, request: Any) -> Any:
    from game.app.main import App
    from game.app.settings import Settings

    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    app = App(Settings(language=request.param, text_size="huge", bot_pace=0.0, animation_speed=8.0, muted=True),
              headless=True)
    yield app
    for s in list(app.stack):
        s.close()
    gfx.set_text_scale(1.0)
    pygame.quit()


@pytest.mark.parametrize("huge_app", ["es", "en", "it"], indirect=True)
@pytest.mark.parametrize("players", [1, 2, 4])
def test_table_text_fits_at_huge_in_every_language(huge_app: Any, players: int) -> None:
    from game.engine.levels import get_level
    from game.rulesets.quest.bot import policy

    app = huge_app
    seats = [SeatSpec("Ana")] + [SeatSpec(f"Bot {i}", "bot", "random") for i in range(1, players)]
    scene = open_game(app, "quest", get_level("quest", "tutorial"), seats, 4)
    seen = set()
    for phase in ("planning", "quest", "encounter", "combat"):
        if not advance_with(scene, policy, lambda st, ph=phase: st.phase.value == ph or st.result() is not None, limit=900):
            break
        frames(app, 3)
        seen.add(phase)
        assert app.errors == []
        assert scene.text_problems() == [], (phase, scene.text_problems())
    assert "planning" in seen
    overlay = scene.open_pile(("discard", 0))
    frames(app, 2)
    assert overlay.text_problems() == []


@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_card_names_fit_their_band_at_every_size(text_size: str) -> None:
    from game.engine.levels import discover_levels
    from game.ui import text as uitext
    from game.ui.cards import frame

    pygame.font.init()
    gfx.set_text_scale(TEXT_SIZES[text_size])
    try:
        cards = {c.id: c for e in discover_levels("quest") if e.ok for c in e.level.model.cards}
        assert cards
        for lang in ("es", "en", "it"):
            for card in cards.values():
                name = localize(card.name, lang)
                for width in (40, 56, 70, 88, 100, 112):
                    geo = frame.geometry(pygame.Rect(0, 0, width, round(width * 1.4)))
                    box = frame.name_box(geo, True)
                    lines, size = uitext.fit_name(name, box.w, box.h, start=max(6, round(12 * geo.s)))
                    f = gfx.font(size, True)
                    assert 1 <= len(lines) <= 2 and all(f.size(x)[0] <= box.w for x in lines), (name, width)
    finally:
        gfx.set_text_scale(1.0)
