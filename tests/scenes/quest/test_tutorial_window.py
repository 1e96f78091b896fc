"""The quest tutorial as a newcomer meets it in the real window (issue 15: "a player who has never seen the
game finishes each tutorial in the real window by following it").

The seat set-up screen offers the tutorial with two seats (the player and a "normal" bot), not one. Played
so in Spanish at huge text, the bot answered the player's Pass in the first Resources window with an event,
the window opened again, and the guide already said "Planning: click an ally or attachment in your hand"
while outlining the *events* of the hand (a ``play`` is also an event in an action window). The step now
waits for a ``play`` at a decision that also offers Done (the planning step), and the "Done" step of the
quest phase for one that also offers a commit.
"""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from game.engine.actions import Action
from game.engine.bots import BUDGETS
from game.engine.levels import get_level
from game.engine.protocol import SeatSpec
from game.engine.tutorial import Step, TutorialRun, script_of
from game.scenes.base import hint as hintmod
from tests.scenes.test_tutor_play import HINT, NORMAL, follow_the_outline


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """Drop the fonts cached while this test's window lived."""
    yield
    from game.ui import gfx

    gfx.set_text_scale(gfx.text_scale())


def window_seats() -> list[SeatSpec]:
    """The seats the set-up screen offers for the quest tutorial: the player and bots ("normal")."""
    count = _seat_count(get_level("quest", "tutorial"))
    return [SeatSpec("Ana")] + [SeatSpec(f"Bot {i + 1}", "bot", "normal") for i in range(1, count)]


def _seat_count(level: Any) -> int:
    """How many seats the set-up screen starts with (game/scenes/seats.py: the fewest, at least two)."""
    from game.engine.registry import get_ruleset

    lo, hi = get_ruleset("quest").seat_range(level)
    return lo if lo > 1 else min(2, hi)


def test_the_setup_screen_offers_the_tutorial_with_a_bot_beside_the_player() -> None:
    assert _seat_count(get_level("quest", "tutorial")) == 2


def _play(card: str) -> Action:
    return Action("play", {"card": card})


def test_a_step_with_alongside_waits_for_a_decision_offering_that_kind() -> None:
    step = Step("Planning", "action", "play", (), "", "done")
    run = TutorialRun([step, Step("next")])
    window = [Action("pass", {}), _play("0.05")]           # an action window: an event may be played
    planning = [Action("done", {}), _play("0.07")]         # the planning step: allies and attachments
    assert run.expected(window) == [] and not run.adapt(window)
    assert not run.on_action(_play("0.05")) and run.index == 0  # an event in a window is not the step's play
    assert run.expected(planning) == [_play("0.07")]
    run.adapt(planning)
    assert run.on_action(_play("0.07")) and run.index == 1


def test_an_alongside_step_moves_on_once_its_decision_passed() -> None:
    run = TutorialRun([Step("Planning", "action", "play", (), "", "done"), Step("next")])
    run.adapt([Action("done", {}), _play("0.07")])         # planning offered a play...
    assert run.adapt([Action("pass", {}), _play("0.05")])  # ...the player chose Done: in the window it moved on
    assert run.index == 1 and run.skipped == [0]


def test_the_quest_tutorial_names_the_decisions_of_its_planning_and_done_steps() -> None:
    steps = {st.kind: st for st in script_of(get_level("quest", "tutorial")) if st.wait == "action"}
    assert steps["play"].alongside == "done"
    assert steps["done"].alongside == "commit"


def test_schema_refuses_a_bad_alongside_kind() -> None:
    from pydantic import ValidationError

    from game.engine.schema import TutorialStep

    with pytest.raises(ValidationError, match="alongside"):
        TutorialStep.model_validate({"text": "x", "wait": {"kind": "play", "alongside": "Done!"}})


@pytest.mark.parametrize("seed", [736837, 5])
def test_seed002_tutorial_with_a_bot_teaches_planning_only_in_the_planning_step(
        seed: int, app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Follow the outline with the set-up screen's seats (player + bot) until the quest phase: the planning
    sentence shows only at the planning decision, and the quest's Done sentence only at the commit decision."""
    from tests.scenes.driving import open_game

    monkeypatch.setattr(hintmod.HintService, "budget", HINT)
    monkeypatch.setitem(BUDGETS, "normal", NORMAL)
    scene = open_game(app, "quest", get_level("quest", "tutorial"), window_seats(), seed)
    guide = scene.guide
    seen: list[tuple[str, str, str]] = []

    def note() -> bool:
        view = scene.match.state.view(0)
        decision = view.get("decision") or {}
        msg = guide.message() if scene.can_act() else ""
        seen.append((msg, str(view.get("phase")), str(decision.get("step"))))
        return view.get("phase") == "quest" and any("Committed characters" in m for m, _p, _s in seen) and \
            any("Send more" in m for m, _p, _s in seen)

    follow_the_outline(app, scene, 80, until=note)
    planning = [(p, s) for m, p, s in seen if m.startswith("Planning:")]
    assert planning, seen
    assert all(p == "planning" and s == "plan" for p, s in planning), seen
    send_more = [(p, s) for m, p, s in seen if m.startswith("Send more")]
    assert send_more and all(s == "commit" for _p, s in send_more), seen
    run = guide.run
    assert run is not None and run.skipped == [], run.skipped


@pytest.mark.slow
def test_seed002_tutorial_with_the_setup_screens_bot_is_won_by_following_the_outline(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole tutorial with the set-up screen's seats (player + "normal" bot), clicking only what the guide
    outlines, is won, and no step of the script was passed over. Slow (minutes): ``-m slow``."""
    from tests.scenes.driving import open_game

    monkeypatch.setattr(hintmod.HintService, "budget", HINT)
    monkeypatch.setitem(BUDGETS, "normal", NORMAL)
    scene = open_game(app, "quest", get_level("quest", "tutorial"), window_seats(), 736837)
    clicked = follow_the_outline(app, scene, 600)
    assert scene.match.is_over(), f"not over after {len(clicked)} clicks"
    run = scene.guide.run
    assert run is not None and run.skipped == [] and not run.left, run
    result = scene.match.state.result()
    assert 0 in result.winners, result
