"""Turn pacing of every game scene (game/scenes/base): the log and the tracker wait for the animation,
automatic steps fold in the log, a human turn never ends unseen, the hot-seat curtain comes first."""

from __future__ import annotations

from typing import Any

from game.engine.protocol import SeatSpec
from game.ui import anim
from tests.scenes.driving import (
    ack_region,
    click,
    frames,
    open_game,
    region,
    to_next_human,
    wait_until,
)


def test_log_lines_and_tracker_wait_until_the_animation_reaches_them(app: Any) -> None:
    from game.engine.levels import get_level

    scene = open_game(app, "sanctuary", get_level("sanctuary", "quick"),
                      [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], 3)
    assert to_next_human(app, scene)
    frames(app, 1)
    shown_before = [e.text for e in scene.log_panel.entries]
    seat_before = scene.tracker.seat
    hold = anim.Wait(30.0, blocking=True)   # the scene's animation for this move: it plays for a long time
    original = scene.on_events
    scene.on_events = lambda events: (original(events), scene.queue.play(hold))  # type: ignore[method-assign]
    act = region(scene, ("mull", "keep")).payload
    assert scene.act(act)
    frames(app, 3)
    new_lines = [ln.text_for(scene.viewer, scene.lang) for ln in scene.match.log[-3:]]
    entries = [e.text for e in scene.log_panel.entries]
    assert entries[:len(shown_before)] == shown_before
    assert len(entries) <= len(shown_before) + 1, "only the action's own line shows while its animation plays"
    assert scene.tracker.seat == seat_before, "the tracker keeps the seat to act until the animation is over"
    scene.queue.skip()  # the animation ends (a click skips it)
    frames(app, 2)
    texts = " ".join(e.text for e in scene.log_panel.entries) + " " + " ".join(
        x for r in scene.chrome.log_rows() for x in r.lines)
    assert all(x in texts for x in new_lines if x), "then every line of the move is in the log"
    assert scene.tracker.seat == scene.match.to_act() or scene.driver.ack is not None


def test_needle_drops_fold_into_one_row_that_lists_them_on_hover() -> None:
    from game.engine.i18n import t
    from game.scenes.base.logfold import LogFolder

    f = LogFolder("skirmish", "en")
    f.add("Ana attacks.", 0, index=3, action_kind="attack")
    for n in (14, 13, 12, 11):
        f.add(t("skirmish.event.needle", "en", needle=n), None, index=3)
    f.add("Dark waits.", 1, index=4, action_kind="wait")
    rows = f.rows
    assert len(rows) == 3
    assert rows[1].folded and len(rows[1].lines) == 4
    assert rows[1].text == t("game.log_folded", "en", text=t("skirmish.event.needle", "en", needle=11), n=4)
    d = LogFolder("dungeon", "en")
    d.add("Ana draws (5 left)", 0, index=1, action_kind="draw")
    d.add("Ana draws a chip: sword (5 left)", 0, index=1)
    assert [r.text for r in d.rows] == ["Ana draws a chip: sword (5 left)"], "one line per dungeon draw"
    assert d.rows[0].lines == ["Ana draws (5 left)", "Ana draws a chip: sword (5 left)"]
    a = LogFolder("tiny", "en")
    a.add("x", None, auto=True)
    a.add("y", None, auto=True)
    a.add("z", None)
    assert [len(r.lines) for r in a.rows] == [2, 1], "lines marked auto by the rules fold too"


def test_a_folded_run_shows_its_seats_colour_or_a_neutral_mark() -> None:
    from game.engine.i18n import t
    from game.engine.registry import get_ruleset
    from game.scenes.base.logfold import NEUTRAL_SEAT, LogFolder

    get_ruleset("sanctuary"), get_ruleset("skirmish")  # their catalogues word the folded lines

    def autopass(who: str) -> str:
        return t("sanctuary.event.autopass", "en", who=who)

    f = LogFolder("sanctuary", "en")
    f.add(autopass("Ana"), 0, index=5)
    f.add(autopass("Ana"), 0, index=6)        # a run of one seat's passes
    f.add("Bo plays the Lantern.", 1, index=7, action_kind="play")
    f.add(autopass("Ana"), 0, index=8)
    f.add(autopass("Bo"), 1, index=9)          # a run of both seats' passes
    f.add("Ana plays the Bell.", 0, index=10, action_kind="play")
    assert [len(r.lines) for r in f.rows] == [2, 1, 2, 1]
    assert [r.mark for r in f.rows] == [0, 1, NEUTRAL_SEAT, 0], "one seat's run: its colour; several: neutral"
    assert f.rows[2].seat is None, "the row itself belongs to no one seat"
    k = LogFolder("skirmish", "en")
    k.add(t("skirmish.event.needle", "en", needle=14), None, index=3)
    assert k.rows[0].mark is None, "a single line about no seat has no mark"
    k.add(t("skirmish.event.needle", "en", needle=13), None, index=3)
    assert k.rows[0].mark == NEUTRAL_SEAT, "a folded run about no seat shows the neutral mark"


def test_the_log_panel_draws_folded_runs_with_their_mark(app: Any) -> None:
    from game.engine.levels import get_level
    from game.rulesets.sanctuary import bot
    from game.scenes.base.logfold import NEUTRAL_SEAT
    from game.ui import gfx
    from tests.scenes.driving import advance_with

    scene = open_game(app, "sanctuary", get_level("sanctuary", "quick"),
                      [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    assert advance_with(scene, bot.policy, lambda st: st.turn >= 6)
    scene.sync_log(rebuild=True)
    rows = scene.chrome.log_rows()
    entries = list(scene.log_panel.entries)
    assert [e.text for e in entries] == [r.text for r in rows[-len(entries):]]
    assert [e.seat for e in entries] == [r.mark for r in rows[-len(entries):]], "each entry shows its row's mark"
    mixed = [r for r in rows if r.folded and len({*r.seats}) > 1]
    assert mixed and all(r.mark == NEUTRAL_SEAT for r in mixed), "runs of both seats' passes: the neutral mark"
    assert all(r.mark == r.seats[0] for r in rows if r.folded and len({*r.seats}) == 1 and r.seats[0] is not None)
    # the neutral mark is drawn: a soft-ink ring beside the row, where a seat's row has its symbol
    panel = scene.log_panel
    panel.scroll = 0
    surf = gfx.vignette_background((1280, 720))
    panel.draw(surf)
    tr, lh = panel.text_rect, gfx.line_height(panel.size)
    shown = panel.visible_lines()
    firsts = [(i, e) for i, (_text, e, first) in enumerate(shown) if first]
    i, _ = next((i, e) for i, e in firsts if e.seat == NEUTRAL_SEAT)
    y = tr.bottom - lh * len(shown) + i * lh + lh // 2
    x0, r = tr.x + (lh - 2) // 2, max(3, round(lh * 0.26))  # the mark sits in the indent before the text
    ring = {tuple(surf.get_at((x0 + dx, y + dy)))[:3] for dx in range(-r, r + 1) for dy in range(-r, r + 1)}
    assert tuple(gfx.palette().ink_soft[:3]) in ring, "a ring in the neutral ink"


def test_a_folded_row_expands_on_hover(app: Any) -> None:
    from game.engine.levels import get_level
    from tests.scenes.driving import advance_with

    scene = open_game(app, "sanctuary", get_level("sanctuary", "quick"),
                      [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    from game.rulesets.sanctuary import bot

    assert advance_with(scene, bot.policy, lambda st: st.turn >= 4)
    scene.sync_log(rebuild=True)
    frames(app, 1)
    folds = [r for r in scene.router.regions if isinstance(r.key, tuple) and r.key[:1] == ("log-fold",)]
    assert folds, "a folded row on screen has a hover region"
    assert all(r.tooltip and "\n" in r.tooltip for r in folds), "its tooltip lists every folded line"


def test_sanctuary_never_ends_a_human_turn_unseen(app: Any) -> None:
    from game.engine.i18n import t
    from game.engine.levels import get_level

    scene = open_game(app, "sanctuary", get_level("sanctuary", "quick"),
                      [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], 3)
    assert to_next_human(app, scene)
    frames(app, 1)
    scene.act(region(scene, ("mull", "keep")).payload)  # keeping the hand: the rules may pass Ana's turns
    seen: list[str] = []
    splits: list[int] = []
    phases_seen: list[str] = []
    for _ in range(40):
        assert wait_until(app, lambda: scene.match.is_over() or scene.can_act() or ack_region(scene) is not None)
        if scene.match.is_over():
            break
        reg = ack_region(scene)
        if reg is not None:
            ack = scene.driver.ack
            seen.append(ack.label)
            assert ack.summary, "the pause says what happened"
            if ack.label == t("game.end_turn"):
                frames(app, 1)
                assert scene.tracker.seat == 0, "until 'End turn' the tracker shows Ana's turn"
                assert scene.tracker.seat_name == t("game.turn", name="Ana"), "and names her, not the next seat"
                prompt = scene.prompt_text(scene.view)
                assert prompt == ack.summary, "the table's prompt says why it waits, not that Robo is deciding"
                if ack.split is not None:
                    # the tracker lights the phase the log has reached (it stayed at Will Harvest while the log
                    # showed Contemplation: the state before the move, not where the turn ended)
                    names = scene.phases(scene.view)
                    said = [ln.text_for(0, scene.lang) for ln in scene.match.log[:scene.driver.log_upto()]]
                    last = [w for w in said if w in names][-1]
                    assert scene.tracker.phases[scene.tracker.current] == last
                    phases_seen.append(last)
                    shown = len(scene.log_panel.entries)
                    click(app, reg.rect.center)
                    frames(app, 1)
                    assert len(scene.log_panel.entries) > shown, "the next turn's lines come after 'End turn'"
                    splits.append(ack.split)
                    continue
            click(app, reg.rect.center)
            continue
        if scene.match.state.turn >= 6:
            break
        passes = [a for a in scene.legal if a.kind == "pass"]
        scene.act(passes[0] if passes else scene.legal[0])
    assert t("game.end_turn") in seen, "an ended turn of Ana's waited for her 'End turn'"
    assert splits, "the lines of the next turn were held back until then"
    assert phases_seen, "the tracker was checked at a held turn"


def test_hot_seat_pass_screen_before_the_first_mulligan_hand(app: Any) -> None:
    from game.engine.levels import get_level
    from game.scenes.dialogs import PassScene

    scene = open_game(app, "sanctuary", get_level("sanctuary", "quick"), [SeatSpec("Ana"), SeatSpec("Bo")], 3,
                      lift=False)
    assert isinstance(app.top, PassScene), "nobody's opening hand shows before the pass screen"
    assert app.top.player == scene.seat_name(scene.match.to_act())


def test_a_players_own_pass_in_a_quest_window_is_not_called_an_automatic_end_of_turn(app: Any) -> None:
    """Quest logs a player's explicit pass as ``Passed``: that is the player's choice, not the rules passing for
    them, so no "cannot play anything more" pause follows it (found in the real window, solo). And when the
    rules pass a window for a solo player, the same player acts next: nothing happened unseen, no pause."""
    from game.engine.i18n import t
    from game.engine.levels import get_level

    scene = open_game(app, "quest", get_level("quest", "tutorial"), [SeatSpec("Ana")], 3)
    auto = t("game.ack.auto_pass", name="Ana")
    explicit_passes = 0
    pauses: list[str] = []
    for _ in range(60):
        assert wait_until(app, lambda: scene.match.is_over() or scene.can_act() or ack_region(scene) is not None)
        if scene.match.is_over():
            break
        reg = ack_region(scene)
        if reg is not None:
            pauses.append(scene.driver.ack.summary)
            click(app, reg.rect.center)
            continue
        legal = scene.legal
        passes = [a for a in legal if a.kind == "pass"]
        pick = passes[0] if passes else next((a for a in legal if a.kind in ("keep", "deck", "done")), legal[0])
        last_was_pass = pick.kind == "pass"
        explicit_passes += last_was_pass
        scene.act(pick)
        frames(app, 2)
        if last_was_pass:
            assert scene.driver.ack is None or scene.driver.ack.summary != auto, \
                "the player's own pass is followed by a pause that says the rules passed for them"
    assert explicit_passes >= 3, "the game went through several action windows"
    assert pauses == [], "a solo player is never paused: they act next and the log shows what passed"


def test_a_pause_inside_a_turn_neither_says_nor_asks_end_turn(app: Any, monkeypatch: Any) -> None:
    """Seen in the sanctuary tutorial (it normal): after a duel challenge with no Will left, the pause said
    "Player 1 cannot play anything more: the turn ends" with an "End turn" button while the opponent could
    still answer and Combat followed in the same turn (three "End turn" pauses a turn). With no turn ended
    in its events the pause says who may still answer and its button says "Continue"."""
    from game.engine.i18n import t
    from game.engine.levels import get_level
    from game.scenes.base import hint as hintmod
    from tests.scenes.test_tutor_play import HINT, default_seats, follow_the_outline

    monkeypatch.setattr(hintmod.HintService, "budget", HINT.replace(iterations=12))
    scene = open_game(app, "sanctuary", get_level("sanctuary", "tutorial"), default_seats("sanctuary"), 7)
    seen: list[tuple[str, str, int, int]] = []

    def window_pause() -> bool:
        ack = scene.driver.ack
        st = scene.match.state
        if ack is not None and (not seen or seen[-1][:2] != (ack.label, ack.summary)):
            seen.append((ack.label, ack.summary, st.turn, st.active))
        return ack is not None and ack.label == t("game.ack.go_on")

    follow_the_outline(app, scene, 150, until=window_pause)
    windows = [s for s in seen if s[0] == t("game.ack.go_on")]
    assert windows, f"a pause inside Ana's turn came (pauses seen: {seen})"
    label, summary, turn, active = windows[0]
    assert active == 0, "it is still Ana's turn"
    assert summary == t("game.ack.auto_pass_window", name=scene.seat_name(0), other=scene.seat_name(1))
    assert summary != t("game.ack.auto_pass", name=scene.seat_name(0)) and label != t("game.end_turn")
