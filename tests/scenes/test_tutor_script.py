"""The tutorial script model (game/engine/tutorial.py) and its level schema: steps, matching, adapting."""

from __future__ import annotations

import copy

import pytest

from game.engine.actions import Action
from game.engine.levels import Level, LevelError, get_level
from game.engine.tutorial import Step, TutorialRun, script_of

RULESETS = ("dungeon", "skirmish", "sanctuary", "expedition", "quest")


def _data(ruleset: str) -> dict:
    return copy.deepcopy(get_level(ruleset, "tutorial").data)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_shipped_tutorial_has_a_script_in_three_languages(ruleset: str) -> None:
    steps = script_of(get_level(ruleset, "tutorial"))
    assert len(steps) >= 3
    assert any(s.wait == "action" for s in steps)
    for s in steps:
        texts = [s.words(lang) for lang in ("en", "es", "it")]
        assert all(texts) and len(set(texts)) == 3, texts
        if s.after:
            assert len({s.after_words(lang) for lang in ("en", "es", "it")}) == 3


def test_levels_without_a_script_have_none() -> None:
    assert script_of(get_level("dungeon", "standard")) == []


def test_schema_names_the_field_of_a_bad_step() -> None:
    data = _data("dungeon")
    data["tutorial"][1]["wait"] = {"kind": "Choose Map!"}
    with pytest.raises(LevelError) as exc:
        Level.from_data(data, where="t.toml")
    assert "tutorial[1].wait" in str(exc.value)
    data = _data("dungeon")
    data["tutorial"][0]["txt"] = "x"
    with pytest.raises(LevelError) as exc:
        Level.from_data(data, where="t.toml")
    assert "tutorial[0]" in str(exc.value) and "txt" in str(exc.value)
    data = _data("dungeon")
    data["tutorial"][2]["wait"] = "later"
    with pytest.raises(LevelError) as exc:
        Level.from_data(data, where="t.toml")
    assert "tutorial[2].wait" in str(exc.value)


def test_step_matches_kind_and_the_given_arguments_only() -> None:
    st = Step("x", "action", "use", (("act", "slash"),))
    assert st.matches(Action.of("use", act="slash", who="h1", target="m1"))
    assert not st.matches(Action.of("use", act="kick", who="h1"))
    assert not st.matches(Action.of("react", act="slash"))
    assert Step("x", "any").matches(Action.of("pass"))
    assert not Step("x", "ack").matches(Action.of("pass"))


def test_step_arguments_never_take_a_boolean_for_a_number() -> None:
    st = Step("x", "action", "place", (("floor", 1),))
    assert st.matches(Action.of("place", floor=1, space=2))
    assert not st.matches(Action.of("place", floor=True, space=2))
    lst = Step("x", "action", "take", (("parts", ("hand_l",)),))
    assert lst.matches(Action.of("take", parts=["hand_l"]))
    assert not lst.matches(Action.of("take", parts=["hand_r"]))


def _run() -> TutorialRun:
    return TutorialRun([
        Step("hello"),
        Step("draw", "action", "draw", after="drawn"),
        Step("place", "action", "place"),
        Step("any", "any"),
    ])


def test_run_waits_for_next_then_the_action_then_its_explanation() -> None:
    run = _run()
    assert run.waits_for_next() and run.expected([Action.of("draw")]) == []
    assert not run.on_action(Action.of("draw"))  # an ack step ignores actions
    run.next()
    assert run.index == 1 and run.expected([Action.of("draw"), Action.of("pass")]) == [Action.of("draw")]
    assert not run.on_action(Action.of("pass"))  # another legal move: the script waits
    assert run.index == 1
    assert run.on_action(Action.of("draw"))
    assert run.explaining and run.waits_for_next() and run.expected([Action.of("place")]) == []
    run.next()
    assert run.index == 2 and not run.explaining
    assert run.on_action(Action.of("place", floor=1))  # no explanation: straight on
    assert run.index == 3
    assert run.on_action(Action.of("whatever"))
    assert run.done and run.step is None


def test_run_waits_for_a_step_not_possible_yet_and_moves_on_once_its_moment_passed() -> None:
    run = _run()
    run.next()
    assert not run.adapt([Action.of("buy")])  # not possible yet: the script waits
    assert run.index == 1 and run.skipped == []
    assert not run.adapt([Action.of("draw"), Action.of("buy")])  # possible now: still waiting for it
    assert run.index == 1
    assert run.adapt([Action.of("place", floor=1)])  # the player did something else and it passed
    assert run.index == 2 and run.skipped == [1]
    assert not run.adapt([Action.of("draw")])  # the next step's action is not possible yet
    assert run.index == 2


def test_leaving_ends_the_run() -> None:
    run = _run()
    run.leave()
    assert run.done and run.step is None and not run.waits_for_next()
