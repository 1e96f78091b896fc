"""The two base classes a ruleset adopts to host a child game: ``HostingState`` and ``HostingRuleset``.

Adopting them takes a few lines (docs/ARCHITECTURE.md, "Games inside games")::

    class TrackState(HostingState):            # instead of GameState
        def _apply(self, action):
            ...
            events.append(self.start_child("tiny", level, seats=(2, 0), tag="duel"))
        def on_child_end(self, result: ChildResult) -> list[Event]:
            ...                                  # winners are parent seats; the parent goes on

    class TrackRuleset(HostingRuleset):        # instead of Ruleset

While a child is live, the state's ``to_act``, ``legal_actions``, ``apply``, ``explain_illegal``,
``describe``, ``describe_event`` and ``event_seat`` go to the child through its seat map;
``view``, ``to_json``, ``clone``, ``invariants`` and ``is_hidden_information`` add the child's part;
the ruleset's ``from_json``, ``determinize``, ``bot_policy`` and ``bot_prior`` do the same on the
other side. The ruleset writes these methods as if there were no child: when a subclass defines one
of them, ``__init_subclass__`` wraps it so the child comes first. The ruleset's own parser never sees
the ``"child"`` key (the wrapper takes it out before and puts the child back after).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.host import (
    CHILD_KEY,
    ChildFactory,
    ChildGame,
    ChildResult,
    ended_event,
    start,
    started_event,
)
from game.engine.protocol import GameState, Ruleset, StateError
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.engine.levels import Level

Own = Callable[..., Any]


# --- the state side: routes (self, the parent's own implementation, the call's arguments) ---------

def _to_act(self: "HostingState", own: Own) -> int | None:
    c = self.child
    return own() if c is None else c.to_act()


def _legal_actions(self: "HostingState", own: Own) -> list[Action]:
    c = self.child
    return own() if c is None else c.state.legal_actions()


def _explain_illegal(self: "HostingState", own: Own, action: Action) -> str:
    c = self.child
    return own(action) if c is None else c.state.explain_illegal(action)


def _apply(self: "HostingState", own: Own, action: Action) -> list[Event]:
    c = self.child
    if c is None:
        return own(action)
    events = c.state.apply(action)  # the child's own checks and reasons (IllegalAction)
    self._host_emitter = c
    out = [c.event_out(e) for e in events]
    if c.state.to_act() is None:
        result = c.result(len(self.seat_names))
        self.child = None
        out.append(ended_event(result))
        out.extend(self.on_child_end(result))
    return out


def _describe(self: "HostingState", own: Own, action: Action, lang: str = "en") -> str:
    c = self.child
    return own(action, lang) if c is None else c.state.describe(action, lang)


def _describe_event(self: "HostingState", own: Own, event: Event, lang: str = "en") -> str | None:
    src = self.child_of_event(event)
    if src is None:
        return own(event, lang)
    return src.state.describe_event(src.event_in(event), lang)


def _event_seat(self: "HostingState", own: Own, event: Event, actor: int) -> int | None:
    src = self.child_of_event(event)
    inner_actor = src.child_seat(actor) if src is not None else None
    if src is None or inner_actor is None:
        return own(event, actor)
    return src.parent_seat(src.state.event_seat(src.event_in(event), inner_actor))


def _view(self: "HostingState", own: Own, seat: int | None) -> dict[str, Any]:
    data = dict(own(seat))  # never write into a dict the ruleset may keep
    c = self.child
    data[CHILD_KEY] = None if c is None else c.view(seat)
    return data


def _to_json(self: "HostingState", own: Own) -> dict[str, Any]:
    data = dict(own())
    c = self.child
    data[CHILD_KEY] = None if c is None else c.to_json()
    return data


def _clone(self: "HostingState", own: Own) -> GameState:
    copy = own()
    c = self.child
    if c is not None and isinstance(copy, HostingState) and copy.child is c:
        copy.child = c.clone()
    return copy


def _invariants(self: "HostingState", own: Own) -> list[str]:
    out = list(own())
    c = self.child
    if c is None:
        return out
    if c.state.to_act() is None:
        out.append(f"child {c.ruleset}: the child game is over but still hosted")
    n = len(self.seat_names)
    if len(set(c.seats)) != len(c.seats) or not all(0 <= s < n for s in c.seats):
        out.append(f"child {c.ruleset}: seat map {list(c.seats)} is not a set of parent seats")
    for broken in c.state.invariants():
        line = f"child {c.ruleset}: {broken}"
        if line not in out:
            out.append(line)
    return out


def _is_hidden_information(self: "HostingState", own: Own) -> bool:
    c = self.child
    return bool(own()) or (c is not None and c.state.is_hidden_information())


STATE_ROUTES: dict[str, Callable[..., Any]] = {
    "to_act": _to_act, "legal_actions": _legal_actions, "explain_illegal": _explain_illegal, "apply": _apply,
    "describe": _describe, "describe_event": _describe_event, "event_seat": _event_seat, "view": _view,
    "to_json": _to_json, "clone": _clone, "invariants": _invariants,
    "is_hidden_information": _is_hidden_information,
}


def _routed(route: Callable[..., Any], impl: Callable[..., Any]) -> Callable[..., Any]:
    """Return a method that runs ``route`` with ``impl`` (bound to the instance) as the parent's own code."""

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        return route(self, impl.__get__(self), *args, **kwargs)

    method.__name__ = getattr(impl, "__name__", "method")
    method.__qualname__ = getattr(impl, "__qualname__", method.__name__)
    method.__doc__ = getattr(impl, "__doc__", None)
    method.__host_routed__ = True  # type: ignore[attr-defined]
    return method


def _wrap_overrides(cls: type, routes: dict[str, Callable[..., Any]]) -> None:
    """Route every method of ``routes`` that ``cls`` defines itself."""
    for name, route in routes.items():
        impl = cls.__dict__.get(name)
        if impl is not None and callable(impl) and not getattr(impl, "__host_routed__", False):
            setattr(cls, name, _routed(route, impl))


class HostingState(GameState):
    """A GameState that may host one child game of another ruleset (see the module docstring)."""

    #: the live child game, None when there is none
    child: ChildGame | None = None
    #: the child whose events the last apply returned (not saved: only to word them right after)
    _host_emitter: ChildGame | None = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _wrap_overrides(cls, STATE_ROUTES)

    # --- the API a parent uses ------------------------------------------------------------------
    def start_child(self, ruleset_id: str, level: "Level", seats: Sequence[int], *, tag: str = "",
                    new_game: ChildFactory | None = None) -> Event:
        """Start a child game (found in the registry) on ``level``; return the ChildStarted event.

        ``seats[i]`` is the parent seat that plays child seat ``i``. The child's seed is forked from
        this state's RNG (which moves on by one draw). ``new_game(ruleset, level, specs, seed)``
        replaces the child ruleset's ``new_game`` (a fight built from the parent's combatants).
        """
        if self.child is not None:
            raise RuntimeError(f"a {self.child.ruleset} child game is already live")
        self.child = start(self, ruleset_id, level, seats, tag=tag, new_game=new_game)
        return started_event(self.child)

    def on_child_end(self, result: ChildResult) -> list[Event]:
        """Take the result of a child that just ended (winners in parent seats) and go on; return events."""
        raise NotImplementedError(f"{type(self).__name__} hosts a child game but does not define on_child_end")

    def child_level(self, ref: dict[str, str]) -> "Level | None":
        """Rebuild a child's level whose hash is unknown (a level this parent synthesized); None if it cannot.

        Called while the parent is being loaded, after its own fields are read. The default looks
        for a shipped or mod level with that id (its hash is checked by the caller).
        """
        from game.engine.levels import LevelError, get_level

        try:
            return get_level(ref["ruleset"], ref["id"])
        except (LevelError, KeyError):
            return None

    def child_of_event(self, event: Event) -> ChildGame | None:
        """Return the child that emitted a hosted event (the live one or the one that just ended), else None."""
        for c in (self._host_emitter, self.child):
            if c is not None and event.kind.startswith(c.prefix):
                return c
        return None

    # --- routed protocol methods the subclass does not define ----------------------------------
    def to_act(self) -> int | None:
        return _to_act(self, super().to_act)  # type: ignore[safe-super]

    def legal_actions(self) -> list[Action]:
        return _legal_actions(self, super().legal_actions)  # type: ignore[safe-super]

    def explain_illegal(self, action: Action) -> str:
        return _explain_illegal(self, super().explain_illegal, action)

    def apply(self, action: Action) -> list[Event]:
        return _apply(self, super().apply, action)

    def describe(self, action: Action, lang: str = "en") -> str:
        return _describe(self, super().describe, action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        return _describe_event(self, super().describe_event, event, lang)

    def event_seat(self, event: Event, actor: int) -> int | None:
        return _event_seat(self, super().event_seat, event, actor)

    def view(self, seat: int | None) -> dict[str, Any]:
        return _view(self, super().view, seat)

    def clone(self) -> GameState:
        return _clone(self, super().clone)

    def invariants(self) -> list[str]:
        return _invariants(self, super().invariants)

    def is_hidden_information(self) -> bool:
        return _is_hidden_information(self, super().is_hidden_information)


# --- the ruleset side ------------------------------------------------------------------------------

def _split(data: Any) -> tuple[Any, Any]:
    """Return (data without the child key, the child record or None)."""
    if not isinstance(data, dict) or CHILD_KEY not in data:
        return data, None
    return {k: v for k, v in data.items() if k != CHILD_KEY}, data[CHILD_KEY]


def _hosting(state: Any, where: str) -> HostingState:
    if not isinstance(state, HostingState):
        raise StateError(f"{where}: a hosting ruleset built a {type(state).__name__}, not a HostingState")
    return state


def _from_json(rs: "HostingRuleset", own: Own, data: Any) -> GameState:
    rest, raw = _split(data)
    state = own(rest)
    if raw is not None:
        _hosting(state, CHILD_KEY).child = ChildGame.from_json(raw, state, CHILD_KEY)
    return state


def _determinize(rs: "HostingRuleset", own: Own, view: Any, seat: int, rng: Rng) -> GameState:
    rest, raw = _split(view)
    state = own(rest, seat, rng)
    if raw is not None:
        _hosting(state, CHILD_KEY).child = ChildGame.determinize(raw, state, seat, rng, CHILD_KEY)
    return state


def _bot_policy(rs: "HostingRuleset", own: Own | None, state: Any, seat: int, legal: list[Action],
                rng: Rng) -> Action | None:
    c = getattr(state, "child", None)
    if c is None:
        return own(state, seat, legal, rng) if own is not None else None
    policy = getattr(get_ruleset(c.ruleset), "bot_policy", None)
    inner = c.child_seat(seat)
    return policy(c.state, inner, legal, rng) if policy is not None and inner is not None else None


def _bot_prior(rs: "HostingRuleset", own: Own, state: Any, seat: int, action: Action) -> float:
    c = getattr(state, "child", None)
    if c is None:
        return float(own(state, seat, action))
    prior = getattr(get_ruleset(c.ruleset), "bot_prior", None)
    inner = c.child_seat(seat)
    return float(prior(c.state, inner, action)) if prior is not None and inner is not None else 0.5


RULESET_ROUTES: dict[str, Callable[..., Any]] = {
    "from_json": _from_json, "determinize": _determinize, "bot_policy": _bot_policy, "bot_prior": _bot_prior,
}


class HostingRuleset(Ruleset):
    """A Ruleset whose states may host a child game: loading, determinizing and bot hints reach the child."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _wrap_overrides(cls, RULESET_ROUTES)

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> GameState:
        return _determinize(self, super().determinize, view, seat, rng)

    def bot_policy(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        """While a child is live, the child ruleset's policy (for the child seat); else the parent's own, if any."""
        return _bot_policy(self, None, state, seat, legal, rng)


__all__ = ["HostingState", "HostingRuleset", "ChildGame", "ChildResult", "CHILD_KEY"]
