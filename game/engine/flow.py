"""Turn flow as data: steps declared once, one settle loop for every ruleset.

A ruleset names its phases and steps in an ``Enum`` and declares, for each, a ``Step``: who
decides there, the builder of their legal actions, the handler of each action kind, what happens
on entering it, what is automatic there and what comes next. ``Flow`` then answers the protocol
(``to_act``, ``legal_actions``, ``apply``) and runs the one settle loop, with one guard, that
advances through automatic work until someone must decide::

    class Step(StrEnum):
        DRAW = "draw"
        PLACE = "place"

    FLOW = Flow("dungeon", {
        Step.DRAW: Step_(decides=lambda s: s.active, actions=draw_actions, handlers={"draw": on_draw}),
        Step.PLACE: Step_(decides=..., actions=..., handlers={"place": on_place}),
        Step.RESOLVE: Step_(auto=resolve_all),                    # nobody decides: automatic
    }, current=lambda s: s.step, set_current=set_step, is_over=lambda s: s.over)

    class DungeonState(FlowGame, GameState):
        flow = FLOW

Automatic work marks its events ``auto`` (``Event.auto``), so the log can fold a run of them.
A step may be both: ``auto`` runs first and returns True when it did something (settle looks
again) or False when the step waits for its decider (a priority window that passes by itself
for a seat with nothing but "pass", and asks a seat that can do more).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Mapping, TypeVar

from game.engine.actions import Action
from game.engine.events import Event

S = TypeVar("S")
K = TypeVar("K", bound=enum.Enum)

Handler = Callable[[Any, Action, list[Event]], None]
Builder = Callable[[Any, int], list[Action]]
Auto = Callable[[Any, list[Event]], bool]
Hook = Callable[[Any, list[Event]], None]

#: how many automatic steps one settle may take before the flow is declared stuck
DEFAULT_GUARD = 100_000


class FlowError(RuntimeError):
    """The flow is declared wrong or does not settle (a bug, never a player's mistake)."""


@dataclass(frozen=True)
class Step(Generic[S]):
    """How one step works: who decides, what they may do, what each action does, what is automatic.

    ``decides(state)`` returns the seat that decides here (None: nobody, the step is automatic);
    ``actions(state, seat)`` their legal actions; ``handlers[kind](state, action, events)`` carries an
    action out; ``auto(state, events)`` does the step's automatic work and returns True when it did
    something (settle looks again), False when the step now waits for its decider; ``enter(state,
    events)`` runs when ``Flow.goto`` enters the step; ``next`` names the step after it (a key or a
    function of the state) for ``Flow.advance``.
    """

    decides: Callable[[Any], int | None] | None = None
    actions: Builder | None = None
    handlers: Mapping[str, Handler] = field(default_factory=dict)
    auto: Auto | None = None
    enter: Hook | None = None
    next: Any = None
    doc: str = ""


class Flow(Generic[K]):
    """A ruleset's declared turn flow: steps by key, the protocol answers and the settle loop."""

    def __init__(self, name: str, steps: Mapping[K, Step[Any]], *, current: Callable[[Any], K],
                 is_over: Callable[[Any], bool], set_current: Callable[[Any, K], None] | None = None,
                 handlers: Mapping[str, Handler] | None = None, before: Handler | None = None,
                 after: Hook | None = None, guard: int = DEFAULT_GUARD, unique: bool = False) -> None:
        self.name = name
        self.steps: dict[K, Step[Any]] = dict(steps)
        self.current = current
        self.is_over = is_over
        self.set_current = set_current
        #: handlers valid in every step (e.g. a "yield" any decider may choose)
        self.common: dict[str, Handler] = dict(handlers or {})
        self.before = before
        self.after = after
        self.guard = guard
        #: the builders already return each action once: ``legal_actions`` skips the duplicate check
        self.unique = unique
        for key, step in self.steps.items():
            if step.decides is None and step.auto is None:
                raise FlowError(f"{name}: step {key!r} has neither a decider nor automatic work")
            if step.decides is not None and step.actions is None:
                raise FlowError(f"{name}: step {key!r} has a decider but no action builder")

    # ----------------------------------------------------------------- looking
    def step_of(self, state: Any) -> Step[Any]:
        """Return the declaration of the state's current step."""
        key = self.current(state)
        try:
            return self.steps[key]
        except KeyError:
            raise FlowError(f"{self.name}: no step declared for {key!r}") from None

    def to_act(self, state: Any) -> int | None:
        """Return the seat that decides now (None once the game is over or while nobody decides)."""
        if self.is_over(state):
            return None
        step = self.step_of(state)
        return None if step.decides is None else step.decides(state)

    def legal_actions(self, state: Any) -> list[Action]:
        """Return the legal actions of the seat to act, unique, in the builder's order."""
        seat = self.to_act(state)
        if seat is None:
            return []
        step = self.step_of(state)
        assert step.actions is not None
        out = step.actions(state, seat)
        if self.unique:
            return out
        seen: set[Action] = set()
        return [a for a in out if not (a in seen or seen.add(a))]  # type: ignore[func-returns-value]

    def handler(self, state: Any, kind: str) -> Handler | None:
        """Return the handler of an action kind in the current step (or a common one), else None."""
        return self.step_of(state).handlers.get(kind) or self.common.get(kind)

    # ----------------------------------------------------------------- doing
    def apply(self, state: Any, action: Action) -> list[Event]:
        """Carry out an action already known to be legal, then settle; return the events."""
        events: list[Event] = []
        handler = self.handler(state, action.kind)
        if handler is None:
            raise FlowError(f"{self.name}: step {self.current(state)!r} has no handler for {action.kind!r}")
        if self.before is not None:
            self.before(state, action, events)
        handler(state, action, events)
        if self.after is not None:
            self.after(state, events)
        self.settle(state, events)
        return events

    def settle(self, state: Any, events: list[Event]) -> None:
        """Run automatic work until someone must decide or the game is over (one guard for all)."""
        for _ in range(self.guard):
            if self.is_over(state):
                return
            step = self.step_of(state)
            if step.auto is None:
                return
            mark = len(events)
            moved = step.auto(state, events)
            for ev in events[mark:]:
                ev.auto = True
            if not moved:
                if step.decides is None:
                    raise FlowError(f"{self.name}: automatic step {self.current(state)!r} did nothing "
                                    "and nobody decides there")
                return
        raise FlowError(f"{self.name}: automatic steps did not settle after {self.guard} steps")

    def goto(self, state: Any, key: K, events: list[Event]) -> None:
        """Enter a step: set it as current and run its ``enter`` hook."""
        if key not in self.steps:
            raise FlowError(f"{self.name}: no step declared for {key!r}")
        if self.set_current is None:
            raise FlowError(f"{self.name}: goto needs set_current")
        self.set_current(state, key)
        enter = self.steps[key].enter
        if enter is not None:
            enter(state, events)

    def advance(self, state: Any, events: list[Event]) -> None:
        """Go to the step the current one names as ``next``."""
        nxt = self.step_of(state).next
        if nxt is None:
            raise FlowError(f"{self.name}: step {self.current(state)!r} names no next step")
        self.goto(state, nxt(state) if callable(nxt) and not isinstance(nxt, enum.Enum) else nxt, events)

    # ----------------------------------------------------------------- documenting
    def table(self) -> list[dict[str, Any]]:
        """Return one row per step (key, decided or automatic, action kinds, next, doc) for docs and tests."""
        rows = []
        for key, step in self.steps.items():
            nxt = step.next
            rows.append({
                "step": key.value if isinstance(key, enum.Enum) else str(key),
                "decided": step.decides is not None,
                "automatic": step.auto is not None,
                "actions": sorted(step.handlers),
                "next": (nxt.value if isinstance(nxt, enum.Enum) else ("(computed)" if callable(nxt) else nxt)),
                "doc": step.doc,
            })
        return rows


class FlowGame:
    """Mixin for a GameState whose turn flow is a declared ``Flow`` (class attribute ``flow``)."""

    flow: ClassVar[Flow[Any]]

    def to_act(self) -> int | None:
        """Return the seat that decides now, or None when the game is over."""
        return self.flow.to_act(self)

    def legal_actions(self) -> list[Action]:
        """Return every legal action of the seat to act, unique, in a stable order."""
        return self.flow.legal_actions(self)

    def _apply(self, action: Action) -> list[Event]:
        return self.flow.apply(self, action)
