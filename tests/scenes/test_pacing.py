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
                if ack.split is not None:
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


def test_hot_seat_pass_screen_before_the_first_mulligan_hand(app: Any) -> None:
    from game.engine.levels import get_level
    from game.scenes.dialogs import PassScene

    scene = open_game(app, "sanctuary", get_level("sanctuary", "quick"), [SeatSpec("Ana"), SeatSpec("Bo")], 3,
                      lift=False)
    assert isinstance(app.top, PassScene), "nobody's opening hand shows before the pass screen"
    assert app.top.player == scene.seat_name(scene.match.to_act())
