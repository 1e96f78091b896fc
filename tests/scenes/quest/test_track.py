"""The quest phase track is whole at huge text (issue 15: "the quest phase track ends in '…' at huge text").

Seen in the real window (es, huge): "Preparación | Recursos > Planificación > … > Combate > …  Juega Jugador 1",
the seventh phase gone although the tutorial says "each round has seven phases: the tracker at the top shows
where you are". The scene now gives the tracker the seat's name alone and, where still needed, short words
for phases that are not current (game/scenes/quest/track.py)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from game.ui import gfx
from tests.scenes.driving import advance_with, frames, open_game
from tests.scenes.quest.test_text_sizes import huge_app  # noqa: F401  (the fixture)


def _drawn_on_track(scene: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every text the tracker paints (its cache dropped, so it paints now)."""
    from game.ui.widgets import tracker as trackmod

    drawn: list[str] = []
    real = gfx.text

    def spy(surface: Any, text: str, *a: Any, **kw: Any) -> Any:
        drawn.append(text)
        return real(surface, text, *a, **kw)

    monkeypatch.setattr(trackmod.gfx, "text", spy)
    scene.chrome.tracker._cache = None  # force a fresh paint
    surface = pygame.Surface((1280, 720))
    scene.chrome.draw_tracker(surface, scene.match.state.view(0))
    monkeypatch.setattr(trackmod.gfx, "text", real)
    return drawn


@pytest.mark.parametrize("huge_app", ["es", "en", "it"], indirect=True)
@pytest.mark.parametrize("players", [2, 4])
def test_phase_track_shows_all_seven_phases_whole_at_huge(huge_app: Any, players: int,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine.levels import get_level
    from game.rulesets.quest.bot import policy
    from game.scenes.quest.table import PHASES

    app = huge_app
    seats = [SeatSpec(t("seats.player_n", n=1))] + [SeatSpec(t("seats.bot_n", n=i + 1), "bot", "random")
                                                     for i in range(1, players)]
    scene = open_game(app, "quest", get_level("quest", "tutorial"), seats, 4)
    full = [scene.phase_name(p) for p in PHASES]
    checked = 0
    for phase in ("setup", "resource", "planning", "quest", "travel", "encounter", "combat", "refresh"):
        if phase != "setup" and not advance_with(scene, policy, lambda st, ph=phase: st.phase.value == ph
                                                 or st.result() is not None, limit=900):
            continue
        frames(app, 2)
        drawn = _drawn_on_track(scene, monkeypatch)
        assert "…" not in drawn, (phase, drawn)
        shown = [d for d in drawn if d in scene.phases(scene.match.state.view(0))]
        assert len(shown) == 7, (phase, drawn)
        if phase in PHASES:
            assert full[PHASES.index(phase)] in drawn, (phase, drawn)  # the current phase is whole
        checked += 1
    assert checked >= 5


def test_the_plan_changes_nothing_where_the_row_fits() -> None:
    from game.scenes.quest.track import plan_track

    pygame.font.init()
    gfx.set_text_scale(1.0)
    plan = plan_track(1260, 16, ["Resources", "Planning", "Quest", "Travel", "Encounter", "Combat", "Refresh"],
                      ["Res.", "Plan.", "Quest", "Travel", "Enc.", "Combat", "Refresh"], ["Round 99"],
                      ["Player 1 to play"], ["Player 1"])
    assert not plan.short and not plan.name_only


def test_the_plan_shortens_the_longest_phase_first_and_never_the_current_one() -> None:
    from game.scenes.quest.track import TrackPlan, plan_track, track_width

    pygame.font.init()
    gfx.set_text_scale(1.5)
    try:
        full = ["Risorse", "Pianificazione", "Missione", "Viaggio", "Incontri", "Combattimento", "Riordino"]
        short = ["Ris.", "Pianif.", "Miss.", "Viaggio", "Incontri", "Combatt.", "Riord."]
        actor = "Bot 2 sta pensando…"
        width = track_width(full, 0, "Preparazione", actor, 16) - 260
        plan = plan_track(width, 16, full, short, ["Preparazione"], [actor], ["Bot 2"])
        assert plan.name_only and plan.short and 5 in plan.short  # "Combattimento" saves the most
        words = plan.names(full, short, current=5)
        assert words[5] == "Combattimento"
        extra = max(gfx.text_size(full[i], 15, True)[0] - gfx.text_size(short[i], 15, True)[0] for i in plan.short)
        assert track_width(plan.names(full, short, None), extra, "Preparazione", "Bot 2", 16) <= width
        assert TrackPlan().names(full, short, 0) == full
    finally:
        gfx.set_text_scale(1.0)
