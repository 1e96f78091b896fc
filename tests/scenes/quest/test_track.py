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
                      ["Res.", "Plan.", "Quest", "Travel", "Enc.", "Combat", "Refresh"], "Round 99",
                      ["Player 1 to play"], ["Player 1"])
    assert not plan.short and not plan.name_only


def test_the_plan_shortens_the_longest_phase_first_and_never_the_lit_one() -> None:
    from game.scenes.quest.track import TrackPlan, plan_track, track_width

    pygame.font.init()
    gfx.set_text_scale(1.5)
    try:
        full = ["Risorse", "Pianificazione", "Missione", "Viaggio", "Incontri", "Combattimento", "Riordino"]
        short = ["Ris.", "Pianif.", "Miss.", "Viaggio", "Incontri", "Combatt.", "Riord."]
        actor = "Bot 2 sta pensando…"
        width = track_width(full, 0, "Preparazione", actor, 16) - 260
        plan = plan_track(width, 16, full, short, "Preparazione", [actor], ["Bot 2"], current=5)
        assert plan.name_only and plan.short and 5 not in plan.short  # the lit "Combattimento" stays whole
        assert 1 in plan.short  # "Pianificazione" saves the most of the others
        words = plan.names(full, short, current=5)
        assert words[5] == "Combattimento"
        assert track_width(words, 0, "Preparazione", "Bot 2", 16) <= width
        fewer = plan_track(width, 16, full, short, "Preparazione", [actor], ["Bot 2"], current=1)
        assert 1 not in fewer.short and 5 in fewer.short  # lit, "Pianificazione" is whole; "Combattimento" gives way
        assert TrackPlan().names(full, short, 0) == full
    finally:
        gfx.set_text_scale(1.0)


@pytest.mark.parametrize("huge_app", ["es", "en", "it"], indirect=True)
def test_the_stack_strip_says_what_waits_whole_and_lists_it_all_in_its_tooltip(huge_app: Any) -> None:
    """The sweep found "Pendiente de resolver: Ilsa de la Mesa Larga (Ana) sobre Ilsa de la Mesa Larga, Aguas
    mansas (Bot 2), Noticias del camino…" at huge: the strip now says the newest and how many more, or only
    how many, and its tooltip names every card."""
    import dataclasses

    from game.engine.levels import get_level
    from game.scenes.quest.panes.turn import STACK_MIN, TurnPane

    app = huge_app
    seats = [SeatSpec("Ana"), SeatSpec("Bot 2", "bot", "random")]
    scene = open_game(app, "quest", get_level("quest", "01_mill_road"), seats, 4)
    frames(app, 2)
    table = scene.table
    cards = sorted(table.cards)[:4]
    assert len(cards) == 4
    pane = next(p for p in scene.panes if isinstance(p, TurnPane))
    box = pygame.Rect(0, 0, 480, 30)
    for n in (1, 2, 4):
        stack = tuple((c, i % 2, cards[0] if i == 0 else None) for i, c in enumerate(cards[:n]))
        view = dataclasses.replace(table, stack=stack)
        words = pane.stack_fit(view, box)
        assert words and gfx.text_size(words, STACK_MIN, True)[0] <= box.w, words
        whole = pane.stack_words(view)
        assert whole.count("(") >= n  # the tooltip's list: every card with its player
        tips = [r.tooltip for r in pane.regions(view, []) if r.tooltip and whole in r.tooltip]
        assert tips, whole
    narrow = pane.stack_fit(dataclasses.replace(table, stack=tuple((c, 0, None) for c in cards)), box.inflate(-200, 0))
    assert str(4) in narrow  # only how many, when even the newest card's name does not fit beside the heading


@pytest.mark.parametrize("huge_app", ["es", "it"], indirect=True)
def test_the_committed_mark_is_whole_at_huge(huge_app: Any) -> None:
    """The sweep found "En misi…" on committed characters at huge text (the small cards of the other seats'
    strips): the mark takes the card's width (one disc above it at most) and the height of a readable line."""
    import json

    from game.engine.levels import get_level
    from game.rulesets.quest.bot import policy

    app = huge_app
    seats = [SeatSpec("Ana"), SeatSpec("Bot 2", "bot", "random")]
    scene = open_game(app, "quest", get_level("quest", "tutorial"), seats, 4)
    word = t("quest_scene.committed")
    drawn: list[Any] = []
    for _ in range(3):  # a few rounds: the bot commits characters in the quest phase
        if not advance_with(scene, policy, lambda st: st.result() is not None or (
                st.phase.value == "quest" and '"committed": true' in json.dumps(st.view(0))), limit=900):
            break
        frames(app, 3)
        drawn += [r for rec in (scene.texts, scene.frame_texts) for r in rec.records if r.text.startswith(word[:4])]
        if drawn or scene.match.is_over():
            break
        advance_with(scene, policy, lambda st: st.phase.value != "quest" or st.result() is not None, limit=900)
    assert drawn and all(r.text == word and not r.cut for r in drawn), [(r.text, r.cut) for r in drawn]


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_card_type_lines_are_whole_or_left_out_at_every_card_size(scale: float,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The lead's sweep: "Aliado · explorad…", "Alleato · esplorat…" on quest cards. A type line is drawn whole
    (kind and traits, else the kind alone) or not at all on a card too small for it; large cards keep it."""
    from game.engine.levels import discover_levels
    from game.scenes.quest import cards as qcards
    from game.ui.cards import frame

    pygame.font.init()
    gfx.set_text_scale(scale)
    drawn: list[tuple[str, bool]] = []
    real = frame.draw_type_line

    def spy(*a: Any, **kw: Any) -> Any:
        fitted = real(*a, **kw)
        drawn.append((a[2], fitted.cut))
        return fitted

    monkeypatch.setattr(frame, "draw_type_line", spy)
    try:
        cards = {c.id: c for e in discover_levels("quest") if e.ok for c in e.level.model.cards}
        assert cards
        for lang in ("es", "en", "it"):
            for card in list(cards.values())[::3]:
                for width in (40, 56, 70, 100, 150):
                    surface = pygame.Surface((width, round(width * 1.4)))
                    drawn.clear()
                    qcards.paint_face(surface, surface.get_rect(), card, lang)
                    assert all(not cut for _w, cut in drawn), (lang, card.id, width, drawn)
                    if width >= 100:
                        assert drawn, (lang, card.id, width)  # a large card keeps its type line
    finally:
        gfx.set_text_scale(1.0)
