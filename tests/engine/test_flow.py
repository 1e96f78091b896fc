"""The declared turn flow: dispatch by step, the one settle loop and its guard, automatic events marked."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import pytest

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.flow import Flow, FlowError, FlowGame, Step
from game.engine.stack import PriorityStack


class St(enum.Enum):
    PICK = "pick"
    COUNT = "count"
    OVER = "over"


@dataclass
class Counter:
    step: St = St.PICK
    total: int = 0
    ticks: int = 0
    log: list[str] = field(default_factory=list)


def _pick_actions(s: Counter, seat: int) -> list[Action]:
    return [Action.of("add", n=1), Action.of("add", n=2), Action.of("add", n=2)]


def _on_add(s: Counter, a: Action, ev: list[Event]) -> None:
    s.total += int(a["n"])
    ev.append(Event("Added", {"n": a["n"]}))
    s.step = St.COUNT


def _count(s: Counter, ev: list[Event]) -> bool:
    s.ticks += 1
    ev.append(Event("Ticked", {"total": s.total}))
    s.step = St.OVER if s.total >= 5 else St.PICK
    return True


FLOW: Flow[St] = Flow("counter", {
    St.PICK: Step(decides=lambda s: s.total % 2, actions=_pick_actions, handlers={"add": _on_add}, next=St.COUNT),
    St.COUNT: Step(auto=_count),
}, current=lambda s: s.step, set_current=lambda s, k: setattr(s, "step", k), is_over=lambda s: s.step is St.OVER)


class CounterGame(FlowGame, Counter):
    flow = FLOW


def test_flow_decider_actions_are_unique_in_builder_order() -> None:
    g = CounterGame()
    assert g.to_act() == 0
    assert g.legal_actions() == [Action.of("add", n=1), Action.of("add", n=2)]


def test_flow_apply_dispatches_and_settles_automatic_steps_marked_auto() -> None:
    g = CounterGame()
    events = g._apply(Action.of("add", n=1))
    assert [e.kind for e in events] == ["Added", "Ticked"]
    assert [e.auto for e in events] == [False, True]
    assert g.step is St.PICK and g.to_act() == 1
    g._apply(Action.of("add", n=2))
    g._apply(Action.of("add", n=2))
    assert g.step is St.OVER and g.to_act() is None and g.legal_actions() == []


def test_flow_guard_stops_a_loop_that_never_settles() -> None:
    spin = Flow("spin", {St.COUNT: Step(auto=lambda s, ev: True)}, current=lambda s: St.COUNT,
                is_over=lambda s: False, guard=50)
    with pytest.raises(FlowError, match="did not settle after 50"):
        spin.settle(object(), [])


def test_flow_declaration_errors() -> None:
    with pytest.raises(FlowError, match="neither a decider nor automatic work"):
        Flow("bad", {St.PICK: Step()}, current=lambda s: St.PICK, is_over=lambda s: False)
    with pytest.raises(FlowError, match="no action builder"):
        Flow("bad", {St.PICK: Step(decides=lambda s: 0)}, current=lambda s: St.PICK, is_over=lambda s: False)
    idle = Flow("idle", {St.COUNT: Step(auto=lambda s, ev: False)}, current=lambda s: St.COUNT,
                is_over=lambda s: False)
    with pytest.raises(FlowError, match="did nothing and nobody decides"):
        idle.settle(object(), [])


def test_flow_goto_runs_enter_and_advance_follows_next() -> None:
    entered: list[str] = []
    flow = Flow("g", {
        St.PICK: Step(decides=lambda s: 0, actions=_pick_actions, next=St.COUNT),
        St.COUNT: Step(decides=lambda s: 0, actions=_pick_actions, enter=lambda s, ev: entered.append("count"),
                       next=lambda s: St.PICK),
    }, current=lambda s: s.step, set_current=lambda s, k: setattr(s, "step", k), is_over=lambda s: False)
    s = Counter()
    flow.advance(s, [])
    assert s.step is St.COUNT and entered == ["count"]
    flow.advance(s, [])
    assert s.step is St.PICK
    rows = {r["step"]: r for r in flow.table()}
    assert rows["pick"]["next"] == "count" and rows["count"]["next"] == "(computed)"


def test_flow_missing_handler_is_a_flow_error() -> None:
    g = CounterGame()
    with pytest.raises(FlowError, match="no handler for 'jump'"):
        g._apply(Action.of("jump"))


def test_stack_resolves_last_in_first_out_after_everyone_passes() -> None:
    st = PriorityStack()
    st.push({"card": "a"}, holder=0)
    order = [1, 0]
    assert st.next_responder(order) == 1
    st.pass_(1)
    st.push({"card": "b"}, holder=0)  # a response opens a fresh window over it
    assert not st.has_passed(1) and st.next_responder(order) == 1
    st.pass_(1)
    st.pass_(0)
    assert st.all_passed(order)
    assert st.pop(holder=0) == {"card": "b"}
    assert st.passed == [] and st.top() == {"card": "a"} and len(st) == 1
    copy = PriorityStack.from_json(st.to_json())
    assert copy.to_json() == st.to_json() and copy.items is not st.items


def test_flow_unique_builders_skip_the_duplicate_check() -> None:
    trusting = Flow("counter", dict(FLOW.steps), current=lambda s: s.step, is_over=lambda s: s.step is St.OVER,
                    unique=True)
    s = Counter()
    assert trusting.legal_actions(s) == _pick_actions(s, 0)  # taken as built: the builder promises uniqueness
    assert FLOW.legal_actions(s) == [Action.of("add", n=1), Action.of("add", n=2)]
