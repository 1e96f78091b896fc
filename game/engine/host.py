"""Games inside games: the record of a child game a state hosts, and how it is saved and loaded.

A parent state (a ``HostingState``, see engine/hosting.py) may host one child game of another
ruleset at a time: expedition plays its battles with the skirmish rules, a track race plays a
duel of the tiny game. This module holds the pieces that do not depend on the parent:

- ``ChildGame``: the live child: its ruleset id, the seat map (child seat ``i`` is parent seat
  ``seats[i]``; the child may have fewer seats), its level and its state; it maps events out to
  parent seats and back, and writes and reads its nested JSON.
- ``ChildResult``: what the parent is handed when the child ends: winners and scores in parent
  seats, the reason, and the summary the child may offer (``hosted_summary()``: survivors, wounds,
  items lost or won).

The child's JSON nests inside the parent's under ``"child"``. It names its level by content hash
(``levelrefs.ref_of``) instead of embedding it; on load the level is found by hash, else rebuilt by
the parent (``child_level(ref)``: a level the parent synthesized from its own content), else read
from the shipped or mod levels by id. Errors name the field path (``child.state.hands[0]: ...``).

Events the child emits come out of the parent with parent seat numbers (``data["seat"]`` and
``private_to``) and their kind prefixed by the child's ruleset id (``tiny/CardMoved``), so logs,
views and scenes can tell them from the parent's own and the host can word them with the child's
rules (``event_in`` maps them back).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Sequence

from game.engine import levelrefs
from game.engine.events import Event
from game.engine.protocol import GameState, Result, Ruleset, StateError
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.engine.levels import Level

#: the key of the child record in the parent's to_json() and view()
CHILD_KEY = "child"
#: separates the child's ruleset id from its own event kind: ``tiny/CardMoved``
KIND_SEP = "/"
#: how deep games may nest in loaded data (a parent, its child, the child's child...)
MAX_NESTING = 4
#: event kinds the host itself emits (parents word them in describe_event)
CHILD_STARTED = "ChildStarted"
CHILD_ENDED = "ChildEnded"

RECORD_KEYS = ("ruleset", "tag", "seats", "level", "embeds_level", "state")
_FIELD_FIRST = re.compile(r"^[A-Za-z_][\w.\[\]]*:\s")
_DEPTH = threading.local()

#: ``new_game`` override a parent may pass to ``start_child``: (ruleset, level, seat specs, seed) -> state
ChildFactory = Callable[[Ruleset, "Level", list[Any], int], GameState]


@dataclass(frozen=True)
class ChildResult:
    """How a hosted child game ended, in parent seat numbers."""

    ruleset: str
    tag: str
    #: the seat map the child was played with (child seat i was parent seat seats[i])
    seats: tuple[int, ...]
    winners: tuple[int, ...]
    #: parent seat -> score, for the seats that played in the child (empty when the child keeps none)
    scores: dict[int, float] = field(default_factory=dict)
    reason: str = ""
    #: what the child ruleset offers beyond winners (``hosted_summary()``), already JSON-safe
    summary: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data (the ChildEnded event carries it)."""
        return {"ruleset": self.ruleset, "tag": self.tag, "seats": list(self.seats), "winners": list(self.winners),
                "scores": {str(k): v for k, v in self.scores.items()}, "reason": self.reason,
                "summary": self.summary}


def _is_seat(value: Any, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def nest_error(where: str, exc: Exception) -> StateError:
    """Return a StateError for ``exc`` raised while reading ``where``: ``where.field: message``."""
    msg = str(exc) or type(exc).__name__
    if _FIELD_FIRST.match(msg):
        return StateError(f"{where}.{msg}")
    return StateError(f"{where}: {msg}")


def split_kind(kind: str) -> tuple[str | None, str]:
    """Return (child ruleset id, inner kind) of a hosted event kind, or (None, kind) for a parent's own."""
    head, sep, rest = kind.partition(KIND_SEP)
    return (head, rest) if sep and head and rest else (None, kind)


@dataclass(eq=False)
class ChildGame:
    """A live child game: its ruleset, seat map, level and state (see the module docstring)."""

    ruleset: str
    #: child seat i is parent seat seats[i]
    seats: tuple[int, ...]
    level: "Level"
    state: GameState
    #: the parent's own name for this child ("duel", "fight:hall-3"), saved with it
    tag: str = ""
    _ref: dict[str, str] | None = field(default=None, repr=False)

    # --- seats -----------------------------------------------------------------------------
    def parent_seat(self, seat: int | None) -> int | None:
        """Return the parent seat of a child seat (None for None or a seat the child lacks)."""
        if seat is None or not _is_seat(seat, len(self.seats)):
            return None
        return self.seats[seat]

    def child_seat(self, seat: int | None) -> int | None:
        """Return the child seat of a parent seat, or None when that parent seat is not in the child."""
        try:
            return self.seats.index(seat) if seat is not None else None
        except ValueError:
            return None

    def to_act(self) -> int | None:
        """Return the parent seat that decides in the child now (None once the child is over)."""
        return self.parent_seat(self.state.to_act())

    # --- events ----------------------------------------------------------------------------
    @property
    def prefix(self) -> str:
        """The kind prefix of this child's events (``tiny/``)."""
        return self.ruleset + KIND_SEP

    def event_out(self, event: Event) -> Event:
        """Return a child event as the parent emits it: kind prefixed, seats in parent numbers."""
        data = event.data
        if isinstance(data, dict):
            data = dict(data)
            if _is_seat(data.get("seat"), len(self.seats)):
                data["seat"] = self.seats[data["seat"]]
        private = event.private_to
        if _is_seat(private, len(self.seats)):
            private = self.seats[private]  # type: ignore[index]
        return Event(self.prefix + event.kind, data, event.random, event.reveal, private, event.auto)

    def event_in(self, event: Event) -> Event:
        """Return a hosted event (also its ``public()`` form) as the child emitted it: own kind, child seats."""
        kind = event.kind.removeprefix(self.prefix)
        data = event.data
        if isinstance(data, dict) and data.get("seat") in self.seats:
            data = dict(data)
            data["seat"] = self.child_seat(data["seat"])
        private = event.private_to
        if private is not None and private in self.seats:
            private = self.child_seat(private)
        return Event(kind, data, event.random, event.reveal, private, event.auto)

    def result(self, parent_seats: int) -> ChildResult:
        """Return the child's result in parent seats (the child must be over)."""
        res: Result | None = self.state.result()
        if res is None:
            raise RuntimeError(f"child {self.ruleset} is not over")
        winners = tuple(s for s in (self.parent_seat(w) for w in res.winners) if s is not None)
        scores = {self.seats[i]: float(v) for i, v in enumerate(res.scores) if i < len(self.seats)}
        hook = getattr(self.state, "hosted_summary", None)
        summary = dict(hook()) if callable(hook) else {}
        return ChildResult(self.ruleset, self.tag, self.seats, winners, scores, res.reason, summary)

    # --- JSON --------------------------------------------------------------------------------
    @property
    def ref(self) -> dict[str, str]:
        """The level reference ``{ruleset, id, hash}`` of the child's level."""
        if self._ref is None:
            self._ref = levelrefs.ref_of(self.level)
        return self._ref

    def _pack(self, data: dict[str, Any]) -> tuple[dict[str, Any], bool]:
        """Replace embedded level data by the reference; return (data, whether it was embedded)."""
        lv = data.get("level")
        if lv is None or levelrefs.is_ref(lv) or not (lv is self.level.data or lv == self.level.data):
            return data, False
        data = dict(data)
        data["level"] = dict(self.ref)
        return data, True

    def _record(self, state: dict[str, Any]) -> dict[str, Any]:
        packed, embeds = self._pack(state)
        return {"ruleset": self.ruleset, "tag": self.tag, "seats": list(self.seats), "level": dict(self.ref),
                "embeds_level": embeds, "state": packed}

    def to_json(self) -> dict[str, Any]:
        """Return the nested record: ruleset, tag, seats, level reference and the child's state."""
        return self._record(self.state.to_json())

    def view(self, parent_seat: int | None) -> dict[str, Any]:
        """Return the record with the child's view for that parent seat (a spectator's if not in the child)."""
        return self._record(self.state.view(self.child_seat(parent_seat)))

    def clone(self) -> "ChildGame":
        """Return an independent copy (the level is shared: levels are immutable)."""
        return ChildGame(self.ruleset, self.seats, self.level, self.state.clone(), self.tag, self._ref)

    @classmethod
    def from_json(cls, raw: Any, parent: GameState, where: str = CHILD_KEY) -> "ChildGame":
        """Rebuild a child from its record; StateError naming the field path (``child.state.turn: ...``)."""
        return _load(raw, parent, where, None, None)

    @classmethod
    def determinize(cls, raw: Any, parent: GameState, seat: int, rng: Rng, where: str = CHILD_KEY) -> "ChildGame":
        """Rebuild a child from its view record for parent ``seat``, hidden parts sampled with ``rng``."""
        return _load(raw, parent, where, seat, rng)


def start(parent: GameState, ruleset_id: str, level: "Level", seats: Sequence[int], *, tag: str = "",
          new_game: ChildFactory | None = None) -> ChildGame:
    """Make a child game for ``parent``: seats checked, RNG forked from the parent's, names from its seats."""
    from game.engine.protocol import SeatSpec

    rs = get_ruleset(ruleset_id)
    if level.ruleset != ruleset_id:
        raise ValueError(f"level {level.id!r} belongs to {level.ruleset!r}, not {ruleset_id!r}")
    if not level.content_hash:
        raise ValueError(f"level {level.id!r} has no content hash: build it with Level.from_data")
    seat_map = tuple(seats)
    n = len(parent.seat_names)
    if not seat_map or len(set(seat_map)) != len(seat_map) or not all(_is_seat(s, n) for s in seat_map):
        raise ValueError(f"seats: expected distinct parent seats from 0 to {n - 1}, got {list(seat_map)}")
    if not rs.min_seats <= len(seat_map) <= rs.max_seats:
        raise ValueError(f"seats: {ruleset_id} takes {rs.min_seats} to {rs.max_seats} seats, not {len(seat_map)}")
    if not isinstance(tag, str) or len(tag) > 40:
        raise ValueError("tag: expected a text of at most 40 characters")
    specs = [SeatSpec(parent.seat_names[p]) for p in seat_map]
    seed = parent.rng.fork_seed()
    state = new_game(rs, level, specs, seed) if new_game is not None else rs.new_game(level, specs, seed)
    if len(state.seat_names) != len(seat_map):
        raise ValueError(f"the {ruleset_id} child has {len(state.seat_names)} seats, the map {len(seat_map)}")
    if state.to_act() is None:
        raise ValueError(f"the {ruleset_id} child game is over before it began")
    return ChildGame(ruleset_id, seat_map, level, state, tag)


def started_event(child: ChildGame) -> Event:
    """Return the ChildStarted event (an undo barrier when the child's set-up drew random outcomes)."""
    return Event(CHILD_STARTED, {"ruleset": child.ruleset, "tag": child.tag, "seats": list(child.seats),
                                 "level": child.level.id}, random=child.state.rng.draws > 0)


def ended_event(result: ChildResult) -> Event:
    """Return the ChildEnded event carrying the result."""
    return Event(CHILD_ENDED, result.to_json())


# --- loading -----------------------------------------------------------------------------------

def _resolve_level(ref: Any, ruleset_id: str, parent: GameState, where: str) -> "Level":
    """Find the child's level: by hash, else rebuilt by the parent (``child_level``), else by id on disk."""
    if not levelrefs.is_ref(ref):
        raise StateError(f"{where}: expected a level reference {{ruleset, id, hash}}")
    if ref["ruleset"] != ruleset_id:
        raise StateError(f"{where}.ruleset: expected {ruleset_id!r} like the child, got {ref['ruleset']!r}")
    level = levelrefs.lookup(ref["hash"])
    if level is not None:
        return level
    hook = getattr(parent, "child_level", None)
    if callable(hook):
        try:
            level = hook(dict(ref))
        except StateError as exc:
            raise nest_error(where, exc) from None
        except Exception as exc:  # noqa: BLE001 - untrusted data never escapes as another exception
            raise StateError(f"{where}: {parent.ruleset_id} could not rebuild level {ref['id']!r}: "
                             f"{type(exc).__name__}: {exc}") from None
    if level is None:
        raise StateError(f"{where}.hash: no loaded level has content hash {ref['hash']!r} and "
                         f"{parent.ruleset_id or 'the parent'} cannot rebuild level {ref['id']!r}")
    if level.content_hash != ref["hash"] or level.ruleset != ruleset_id:
        raise StateError(f"{where}.hash: the level rebuilt for {ref['id']!r} has hash {level.content_hash!r}, "
                         f"expected {ref['hash']!r} (its content changed since the game was saved)")
    levelrefs.remember(level)
    return level


def _load(raw: Any, parent: GameState, where: str, seat: int | None, rng: Rng | None) -> ChildGame:
    depth = getattr(_DEPTH, "n", 0)
    if depth >= MAX_NESTING:
        raise StateError(f"{where}: games nested more than {MAX_NESTING} deep")
    _DEPTH.n = depth + 1
    try:
        return _load_record(raw, parent, where, seat, rng)
    finally:
        _DEPTH.n = depth


def _load_record(raw: Any, parent: GameState, where: str, seat: int | None, rng: Rng | None) -> ChildGame:
    if not isinstance(raw, dict):
        raise StateError(f"{where}: expected a table (the hosted child game) or null")
    for key in raw:
        if key not in RECORD_KEYS:
            raise StateError(f"{where}.{str(key)[:40]}: unknown key")
    rid = raw.get("ruleset")
    if not isinstance(rid, str):
        raise StateError(f"{where}.ruleset: expected a ruleset id")
    try:
        rs = get_ruleset(rid)
    except KeyError as exc:
        raise StateError(f"{where}.ruleset: {exc.args[0] if exc.args else 'unknown ruleset'}") from None
    tag = raw.get("tag", "")
    if not isinstance(tag, str) or len(tag) > 40:
        raise StateError(f"{where}.tag: expected a text of at most 40 characters")
    seats = raw.get("seats")
    n = len(parent.seat_names)
    if (not isinstance(seats, list) or not rs.min_seats <= len(seats) <= rs.max_seats
            or not all(_is_seat(s, n) for s in seats) or len(set(seats)) != len(seats)):
        raise StateError(f"{where}.seats: expected {rs.min_seats} to {rs.max_seats} distinct parent seats "
                         f"from 0 to {n - 1}")
    embeds = raw.get("embeds_level")
    if not isinstance(embeds, bool):
        raise StateError(f"{where}.embeds_level: expected true or false")
    level = _resolve_level(raw.get("level"), rid, parent, f"{where}.level")
    data = raw.get("state")
    if not isinstance(data, dict):
        raise StateError(f"{where}.state: expected the child's state as a table")
    if embeds:
        data = dict(data)
        data["level"] = level.data
    seat_map = tuple(seats)
    try:
        if rng is None:
            state = rs.from_json(data)
        else:
            own = seat_map.index(seat) if seat in seat_map else None
            if own is None:
                raise StateError(f"seat {seat} does not play in the child: only a child seat can determinize it")
            state = rs.determinize(data, own, rng)
    except StateError as exc:
        raise nest_error(f"{where}.state", exc) from None
    except Exception as exc:  # noqa: BLE001 - from_json should raise StateError; never crash on a save
        raise StateError(f"{where}.state: {type(exc).__name__}: {exc}") from None
    if type(state).ruleset_id not in ("", rid):
        raise StateError(f"{where}.state: a {type(state).ruleset_id} state, expected {rid}")
    if len(state.seat_names) != len(seat_map):
        raise StateError(f"{where}.seats: {len(seat_map)} seats but the child state has {len(state.seat_names)}")
    if state.to_act() is None:
        raise StateError(f"{where}.state: the child game is over but still hosted")
    return ChildGame(rid, seat_map, level, state, tag)
