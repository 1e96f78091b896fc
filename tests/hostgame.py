"""A tiny host ruleset ("host") for kernel tests: a race that plays duels of the tiny game inside; never shipped.

It exists so the kernel's games-inside-games support (engine/host.py, engine/hosting.py) is tested
against a real parent the way tests/tinygame.py tests the protocol: the conformance test checks it
like every ruleset (round trip mid-child, undo, views, determinism, bots, replay).

Rules of *Relay*: three runners on a track of ``length`` squares. On your turn ``step`` (one
square) or ``dash`` (a die: 1 to 3 squares). Every ``duel_every`` turns two runners play a duel of
Tally (the tiny game) inside the race, on seats that rotate so the seat map is never trivial:
the first duel is played by parent seats 2 and 0 (child seats 0 and 1), then 0 and 1, then 1 and 2.
The duel's winner advances ``bonus`` squares. The first runner to reach the end wins.

The duel's level is synthesized from the race's own level and the duel's number (the target grows
by one each duel, cycling), so it is never a file: on load, the race rebuilds it through
``child_level`` when its hash is unknown. With ``opening_duel`` the race starts inside a duel.

Tests register it (with the tiny game) for their duration only::

    from tests.hostgame import registered, host_level
    with registered():
        state = HOST.new_game(host_level("sprint"), ["Ana", "Bo", "Cy"], seed=3)
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator, Literal, Sequence

from pydantic import Field

from game.engine import levelrefs
from game.engine.actions import Action
from game.engine.events import Event, dice_rolled
from game.engine.host import CHILD_ENDED, CHILD_STARTED, ChildResult
from game.engine.hosting import HostingRuleset, HostingState
from game.engine.levels import Level
from game.engine.protocol import Result, StateError, seat_specs
from game.engine.registry import _REGISTRY, register, unregister
from game.engine.rng import Rng
from game.engine.schema import LevelBase
from tests import tinygame

VERSION = 1
SEATS = 3
#: the parent seats that play each duel, in rotation (child seat i is parent seat PAIRS[k][i])
PAIRS: tuple[tuple[int, int], ...] = ((2, 0), (0, 1), (1, 2))


class HostLevel(LevelBase):
    """Level model of Relay."""

    length: int = Field(8, ge=3, le=30, description="squares to the finish")
    duel_every: int = Field(2, ge=1, le=6, description="turns between duels")
    duel_target: int = Field(9, ge=6, le=18, description="the first duel's tally target")
    duel_hand: int = Field(2, ge=1, le=4, description="cards in hand in a duel")
    bonus: int = Field(2, ge=1, le=5, description="squares the duel's winner advances")
    opening_duel: bool = Field(False, description="the race starts with a duel")
    #: the ruleset of the duels: the tiny game, or (tests of undo and private log lines) the coin game
    duel_ruleset: Literal["tiny", "coingame"] = "tiny"


LEVEL_DATA: dict[str, dict[str, Any]] = {
    "gauntlet": {
        "format": 1, "ruleset": "host", "id": "gauntlet", "order": 2,
        "title": {"en": "Gauntlet", "es": "Desafío", "it": "Sfida"},
        "description": "Starts inside a duel; then a duel every two turns.", "length": 6, "duel_every": 2,
        "duel_target": 7, "duel_hand": 3, "bonus": 1, "opening_duel": True,
    },
    "sprint": {
        "format": 1, "ruleset": "host", "id": "sprint", "order": 1,
        "title": {"en": "Sprint", "es": "Esprint", "it": "Scatto"},
        "description": "A short race with a duel every two turns.", "length": 8, "duel_every": 2,
    },
}


def duel_level_data(model: HostLevel, number: int) -> dict[str, Any]:
    """Return the level of the race's duel number ``number`` (synthesized, never a file)."""
    if model.duel_ruleset == "coingame":
        return {"ruleset": "coingame", "id": f"duel-{number}", "title": f"Duel {number}",
                "target": model.duel_target + number % 3, "max_turns": 12}
    return {"format": 1, "ruleset": "tiny", "id": f"duel-{number}", "title": f"Duel {number}",
            "target": model.duel_target + number % 3, "hand_size": model.duel_hand}


def _ints(value: Any, where: str, n: int, lo: int, hi: int) -> list[int]:
    if not isinstance(value, list) or len(value) != n or not all(type(v) is int and lo <= v <= hi for v in value):
        raise StateError(f"{where}: expected {n} integers from {lo} to {hi}")
    return list(value)


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise StateError(f"{where}: expected an integer from {lo} to {hi}")
    return value


class HostState(HostingState):
    """One race of Relay (hosts duels of the tiny game)."""

    ruleset_id = "host"

    def __init__(self, level: Level, seat_names: list[str], rng: Rng) -> None:
        self.level = level
        self.seat_names = list(seat_names)
        self.rng = rng
        self.positions = [0] * SEATS
        self.turn = 0
        self.turns = 0
        self.duels = 0
        self.duel_wins = [0] * SEATS
        self.winner: int | None = None
        self.last_duel: dict[str, Any] | None = None

    # --- the race's own rules (written as if there were no child) -----------------------------
    def to_act(self) -> int | None:
        """Return the runner to move, None once someone has finished."""
        return None if self.winner is not None else self.turn

    def legal_actions(self) -> list[Action]:
        """Return step and dash."""
        return [] if self.winner is not None else [Action.of("dash"), Action.of("step")]

    def explain_illegal(self, action: Action) -> str:
        """Say why an action is refused."""
        return f"'{action.key}' is not a move of the race: step or dash"

    def _apply(self, action: Action) -> list[Event]:
        seat = self.turn
        events: list[Event] = []
        if action.kind == "dash":
            steps = self.rng.randint(1, 3)
            events.append(dice_rolled(seat, "dash", [steps], steps, seat=seat))
        else:
            steps = 1
        self._advance(seat, steps, events)
        if self.winner is not None:
            return events
        self.turn = (seat + 1) % SEATS
        self.turns += 1
        if self.turns % self.level.model.duel_every == 0:
            events.append(self._start_duel())
        return events

    def _advance(self, seat: int, steps: int, events: list[Event]) -> None:
        self.positions[seat] = min(self.level.model.length, self.positions[seat] + steps)
        events.append(Event("Moved", {"seat": seat, "steps": steps, "position": self.positions[seat]}))
        if self.positions[seat] >= self.level.model.length:
            self.winner = seat
            events.append(Event("GameOver", {"winners": [seat], "reason": "finish"}))

    def _start_duel(self) -> Event:
        level = Level.from_data(duel_level_data(self.level.model, self.duels), where=f"host duel {self.duels}")
        seats = PAIRS[self.duels % len(PAIRS)]
        return self.start_child(self.level.model.duel_ruleset, level, seats, tag=f"duel {self.duels}")

    def on_child_end(self, result: ChildResult) -> list[Event]:
        """The duel's winner (a parent seat) advances; the race goes on."""
        self.duels += 1
        self.last_duel = {"seats": list(result.seats), "winners": list(result.winners), "reason": result.reason,
                          "summary": result.summary}
        events: list[Event] = []
        for w in result.winners:
            self.duel_wins[w] += 1
            if self.winner is None:
                self._advance(w, self.level.model.bonus, events)
        return events

    def child_level(self, ref: dict[str, str]) -> Level | None:
        """Rebuild the current duel's level (synthesized from the race's level and the duel number)."""
        if ref.get("id") != f"duel-{self.duels}":
            return None
        return Level.from_data(duel_level_data(self.level.model, self.duels), where=f"host duel {self.duels}")

    def result(self) -> Result | None:
        """Return the finisher once the race is over."""
        return None if self.winner is None else Result((self.winner,), tuple(float(p) for p in self.positions),
                                                       "finish")

    def to_json(self) -> dict[str, Any]:
        """Return the race's own state (the host adds the child)."""
        return {"ruleset": "host", "version": VERSION, "level": levelrefs.ref_of(self.level),
                "seats": list(self.seat_names), "rng": self.rng.to_json(), "positions": list(self.positions),
                "turn": self.turn, "turns": self.turns, "duels": self.duels, "duel_wins": list(self.duel_wins),
                "winner": self.winner, "last_duel": self.last_duel}

    def invariants(self) -> list[str]:
        """Positions on the track, a winner exactly when someone finished."""
        out = []
        length = self.level.model.length
        if not all(0 <= p <= length for p in self.positions):
            out.append(f"positions {self.positions} off the track")
        finished = [s for s, p in enumerate(self.positions) if p >= length]
        if (self.winner is None) != (not finished):
            out.append(f"winner {self.winner} but finished {finished}")
        if self.winner is not None and self.child is not None:
            out.append("the race is over but a duel is still live")
        return out

    def describe(self, action: Action, lang: str = "en") -> str:
        """Return the move in words."""
        who = self.actor_name(self.to_act())
        return f"{who} dashes" if action.kind == "dash" else f"{who} steps"

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        """Word the race's own events (the duel's are worded by the tiny game)."""
        d = event.data
        if event.kind == "Moved":
            return f"{self.actor_name(d['seat'])} is on square {d['position']}"
        if event.kind == CHILD_STARTED:
            return "Duel: " + " vs ".join(self.actor_name(s) for s in d["seats"])
        if event.kind == CHILD_ENDED:
            return " & ".join(self.actor_name(s) for s in d["winners"]) + " wins the duel"
        return None

    def heuristic(self, seat: int) -> float:
        """Share of the track covered, against the best other runner."""
        res = self.result()
        if res is not None:
            return res.value(seat)
        length = self.level.model.length
        best_other = max(p for s, p in enumerate(self.positions) if s != seat)
        return 0.5 + 0.5 * (self.positions[seat] - best_other) / length


class HostRuleset(HostingRuleset):
    """The fixed facts of Relay."""

    id = "host"
    min_seats = SEATS
    max_seats = SEATS
    level_model = HostLevel
    max_game_length = 1200

    def new_game(self, level: Level, seats: Sequence[Any], seed: int) -> HostState:
        """Line the runners up; with ``opening_duel`` the first duel begins at once."""
        specs = seat_specs(seats)
        if len(specs) != SEATS:
            raise ValueError(f"seats: the race needs exactly {SEATS} seats, got {len(specs)}")
        state = HostState(level, [s.name for s in specs], Rng(seed))
        if level.model.opening_duel:
            state._start_duel()
        return state

    def from_json(self, data: dict[str, Any]) -> HostState:
        """Rebuild the race's own fields (the host reads the child); StateError naming the bad field."""
        if not isinstance(data, dict):
            raise StateError("state: expected a table")
        if data.get("ruleset") != "host":
            raise StateError(f"ruleset: expected 'host', got {data.get('ruleset')!r}")
        if data.get("version") != VERSION:
            raise StateError(f"version: expected {VERSION}, got {data.get('version')!r}")
        level = levelrefs.resolve(data.get("level"), "host")
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != SEATS or not all(isinstance(s, str) for s in seats):
            raise StateError(f"seats: expected {SEATS} names")
        try:
            rng = Rng.from_json(data.get("rng"))
        except ValueError as exc:
            raise StateError(str(exc)) from None
        state = HostState(level, seats, rng)
        state.positions = _ints(data.get("positions"), "positions", SEATS, 0, level.model.length)
        state.turn = _int(data.get("turn"), "turn", 0, SEATS - 1)
        state.turns = _int(data.get("turns"), "turns", 0, 100_000)
        state.duels = _int(data.get("duels"), "duels", 0, 100_000)
        state.duel_wins = _ints(data.get("duel_wins"), "duel_wins", SEATS, 0, 100_000)
        winner = data.get("winner")
        state.winner = None if winner is None else _int(winner, "winner", 0, SEATS - 1)
        last = data.get("last_duel")
        if last is not None and not isinstance(last, dict):
            raise StateError("last_duel: expected a table or null")
        state.last_duel = last
        return state


HOST = HostRuleset()


@contextlib.contextmanager
def registered() -> Iterator[HostRuleset]:
    """Register Relay and the tiny game for the duration of a ``with`` block (restores what was there)."""
    previous = _REGISTRY.get("host")
    with tinygame.registered():
        register(HOST)
        try:
            yield HOST
        finally:
            if previous is None:
                unregister("host")
            else:
                register(previous)


def host_level(level_id: str = "sprint", **overrides: Any) -> Level:
    """Return an inline level of Relay (the ruleset must be registered)."""
    data = dict(LEVEL_DATA[level_id])
    data.update(overrides)
    return Level.from_data(data, where=f"host/{level_id}")


def new_host_game(seed: int = 1, level_id: str = "sprint",
                  seats: Sequence[Any] = ("Ana", "Bo", "Cy"), **overrides: Any) -> HostState:
    """Return a fresh race (the ruleset must be registered)."""
    return HOST.new_game(host_level(level_id, **overrides), list(seats), seed)


__all__ = ["HOST", "HostLevel", "HostRuleset", "HostState", "LEVEL_DATA", "PAIRS", "duel_level_data",
           "registered", "host_level", "new_host_game"]
