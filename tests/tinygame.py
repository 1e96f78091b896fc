"""A tiny two-player ruleset ("tiny") for kernel tests; never shipped.

It exists so the kernel (bots, simulate, matches, saves, the conformance test,
the app's generic table) can be tested against a real ruleset that is small
enough to reason about, yet has every feature the protocol must carry:

- hidden information: each seat holds a private hand of numbered cards;
- randomness: the deck is shuffled and a die decides who starts;
- a ``pass`` action (limited: one per seat, draws a card);
- a game end with a winner.

Rules of *Tally*: cards are valued 1 to 5, six copies of each. Each seat holds
``hand_size`` cards. On your turn play one card from your hand onto the shared
tally (then draw one) or pass (once per game; you draw a card). Bring the tally
to exactly ``target`` and you win; push it over and your opponent wins. A seat
with no card and no pass left loses.

Tests register it for their duration only::

    from tests.tinygame import registered, tiny_level
    with registered():
        level = tiny_level("classic")
        state = TINY.new_game(level, ["Ana", "Bo"], seed=3)
"""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any, Iterator, Sequence

from pydantic import Field

from game.engine import events as ev
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.levels import Level, LevelError
from game.engine.protocol import GameState, IllegalAction, Result, Ruleset, StateError, seat_specs
from game.engine.registry import _REGISTRY, register, unregister
from game.engine.rng import Rng
from game.engine.schema import LevelBase

VALUES = (1, 2, 3, 4, 5)
COPIES = 6
PASSES = 1
VERSION = 1
FULL_DECK: tuple[int, ...] = tuple(v for v in VALUES for _ in range(COPIES))


class TinyLevel(LevelBase):
    """Level model of the tiny game: the tally to reach and the hand size."""

    target: int = Field(15, ge=6, le=20, description="the exact tally that wins")
    hand_size: int = Field(3, ge=1, le=4, description="cards each seat holds")


#: inline level data (the tiny game ships no level files)
LEVEL_DATA: dict[str, dict[str, Any]] = {
    "classic": {
        "format": 1, "ruleset": "tiny", "id": "classic", "order": 1,
        "title": {"en": "Classic tally", "es": "Cuenta clásica", "it": "Conta classica"},
        "description": "Reach 15 exactly.", "target": 15, "hand_size": 3,
    },
    "short": {
        "format": 1, "ruleset": "tiny", "id": "short", "order": 2,
        "title": {"en": "Short tally", "es": "Cuenta corta", "it": "Conta breve"},
        "description": "Reach 9 exactly with two cards in hand.", "target": 9, "hand_size": 2,
    },
}


def _int_list(value: Any, where: str, allowed: Sequence[int] = VALUES) -> list[int]:
    if not isinstance(value, list) or not all(type(v) is int and v in allowed for v in value):
        raise StateError(f"{where}: expected a list of card values 1-5")
    return list(value)


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise StateError(f"{where}: expected an integer from {lo} to {hi}")
    return value


class TinyState(GameState):
    """One game of Tally."""

    ruleset_id = "tiny"

    def __init__(self, level: Level, seat_names: list[str], rng: Rng) -> None:
        self.level = level
        self.seat_names = list(seat_names)
        self.rng = rng
        self.target: int = level.model.target
        self.hand_size: int = level.model.hand_size
        self.total = 0
        self.hands: list[list[int]] = [[], []]
        self.deck: list[int] = []
        self.played: list[int] = []
        self.passes_left = [PASSES, PASSES]
        self.turn = 0
        self.first = 0
        self.die = 0
        self.winner: int | None = None
        self.reason = ""
        self.moves = 0

    # --- protocol -----------------------------------------------------------------------------
    def to_act(self) -> int | None:
        """Return the seat to act, None once someone has won."""
        return None if self.winner is not None else self.turn

    def legal_actions(self) -> list[Action]:
        """Return one ``play`` per distinct card value in hand, then ``pass`` if still allowed."""
        if self.winner is not None:
            return []
        acts = [Action.of("play", card=v) for v in sorted(set(self.hands[self.turn]))]
        if self.passes_left[self.turn] > 0:
            acts.append(Action.of("pass"))
        return acts

    def explain_illegal(self, action: Action) -> str:
        """Say why an action is refused."""
        if action.kind == "play":
            return f"you hold no card of value {action.get('card')}"
        if action.kind == "pass":
            return "you have already used your pass"
        return f"'{action.key}' is not an action of this game"

    def _draw(self, seat: int, events: list[Event]) -> None:
        if self.deck:
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.hands[seat].sort()
            events.append(ev.card_moved(card, "deck", f"hand{seat}", seat=seat, hidden=True, drawn=True))

    def _apply(self, action: Action) -> list[Event]:
        seat = self.turn
        other = 1 - seat
        events: list[Event] = []
        self.moves += 1
        if action.kind == "pass":
            self.passes_left[seat] -= 1
            self._draw(seat, events)
        else:
            card = int(action["card"])
            self.hands[seat].remove(card)
            self.played.append(card)
            self.total += card
            events.append(ev.card_moved(card, f"hand{seat}", "tally", seat=seat, revealed=True, total=self.total))
            if self.total == self.target:
                self._end(seat, "exact", events)
                return events
            if self.total > self.target:
                self._end(other, "bust", events)
                return events
            self._draw(seat, events)
        self.turn = other
        if not self.hands[other] and self.passes_left[other] == 0:
            self._end(seat, "stuck", events)
        return events

    def _end(self, winner: int, reason: str, events: list[Event]) -> None:
        self.winner = winner
        self.reason = reason
        events.append(ev.game_over([winner], reason=reason))

    def result(self) -> Result | None:
        """Return the winner once the game is over."""
        if self.winner is None:
            return None
        return Result((self.winner,), reason=self.reason)

    def is_hidden_information(self) -> bool:
        """Hands and the deck order are secret."""
        return True

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return the state without the RNG, the deck order or the other seat's hand."""
        data = self.to_json()
        data["rng"] = None
        data["deck"] = None
        data["deck_count"] = len(self.deck)
        data["hand_counts"] = [len(h) for h in self.hands]
        data["hands"] = [list(h) if s == seat else None for s, h in enumerate(self.hands)]
        return data

    def to_json(self) -> dict[str, Any]:
        """Return the full state."""
        return {
            "ruleset": "tiny", "version": VERSION, "level": self.level.data, "seats": list(self.seat_names),
            "rng": self.rng.to_json(), "total": self.total, "hands": [list(h) for h in self.hands],
            "deck": list(self.deck), "played": list(self.played), "passes_left": list(self.passes_left),
            "turn": self.turn, "first": self.first, "die": self.die, "winner": self.winner,
            "reason": self.reason, "moves": self.moves,
        }

    def clone(self) -> "TinyState":
        """Return an independent copy."""
        other = TinyState.__new__(TinyState)
        other.__dict__.update(self.__dict__)
        other.rng = Rng.from_json(self.rng.to_json())
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.played = list(self.played)
        other.passes_left = list(self.passes_left)
        other.seat_names = list(self.seat_names)
        return other

    def invariants(self) -> list[str]:
        """Return broken invariants: cards conserved, tally consistent, bounds kept."""
        out: list[str] = []
        cards = Counter(self.deck + self.played + self.hands[0] + self.hands[1])
        if cards != Counter(FULL_DECK):
            out.append(f"cards not conserved: {sorted((cards - Counter(FULL_DECK)).elements())} extra, "
                       f"{sorted((Counter(FULL_DECK) - cards).elements())} missing")
        if self.total != sum(self.played):
            out.append(f"tally {self.total} differs from the played cards ({sum(self.played)})")
        if self.winner is None and self.total >= self.target:
            out.append(f"tally {self.total} reached the target {self.target} but nobody won")
        for s in (0, 1):
            if not 0 <= self.passes_left[s] <= PASSES:
                out.append(f"seat {s} has {self.passes_left[s]} passes left")
            if len(self.hands[s]) > self.hand_size + PASSES:
                out.append(f"seat {s} holds {len(self.hands[s])} cards")
        if self.turn not in (0, 1):
            out.append(f"turn {self.turn} is not a seat")
        return out

    def describe(self, action: Action, lang: str = "en") -> str:
        """Return the action in words."""
        who = self.actor_name(self.to_act())
        if action.kind == "pass":
            return f"{who} passes"
        return f"{who} plays a {action.get('card')}"

    def heuristic(self, seat: int) -> float:
        """Return 0.5 while undecided (the game is short enough to play out)."""
        res = self.result()
        return res.value(seat) if res is not None else 0.5


class TinyRuleset(Ruleset):
    """The fixed facts of Tally."""

    id = "tiny"
    min_seats = 2
    max_seats = 2
    level_model = TinyLevel
    max_game_length = 40

    def new_game(self, level: Level, seats: Sequence[Any], seed: int) -> TinyState:
        """Shuffle, deal, and roll a die for who starts."""
        specs = seat_specs(seats)
        if len(specs) != 2:
            raise ValueError(f"seats: the tiny game needs exactly 2 seats, got {len(specs)}")
        state = TinyState(level, [s.name for s in specs], Rng(seed))
        state.deck = list(FULL_DECK)
        state.rng.shuffle(state.deck)
        for _ in range(state.hand_size):
            for s in (0, 1):
                state.hands[s].append(state.deck.pop())
        for h in state.hands:
            h.sort()
        state.die = state.rng.randint(1, 6)
        state.first = state.turn = 0 if state.die <= 3 else 1
        return state

    def from_json(self, data: dict[str, Any]) -> TinyState:
        """Rebuild a state, checking every field; StateError naming the bad one."""
        if not isinstance(data, dict):
            raise StateError("state: expected a table")
        if data.get("ruleset") != "tiny":
            raise StateError(f"ruleset: expected 'tiny', got {data.get('ruleset')!r}")
        if data.get("version") != VERSION:
            raise StateError(f"version: expected {VERSION}, got {data.get('version')!r}")
        try:
            level = Level.from_data(data.get("level"), where="level")  # type: ignore[arg-type]
        except LevelError as exc:
            raise StateError(f"level: {exc}") from None
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != 2 or not all(isinstance(s, str) for s in seats):
            raise StateError("seats: expected two names")
        try:
            rng = Rng.from_json(data.get("rng"))
        except ValueError as exc:
            raise StateError(str(exc)) from None
        state = TinyState(level, seats, rng)
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != 2:
            raise StateError("hands: expected two lists")
        state.hands = [_int_list(h, f"hands[{i}]") for i, h in enumerate(hands)]
        state.deck = _int_list(data.get("deck"), "deck")
        state.played = _int_list(data.get("played"), "played")
        state.total = _int(data.get("total"), "total", 0, 100)
        passes = data.get("passes_left")
        if not isinstance(passes, list) or len(passes) != 2:
            raise StateError("passes_left: expected two integers")
        state.passes_left = [_int(p, f"passes_left[{i}]", 0, PASSES) for i, p in enumerate(passes)]
        state.turn = _int(data.get("turn"), "turn", 0, 1)
        state.first = _int(data.get("first"), "first", 0, 1)
        state.die = _int(data.get("die"), "die", 0, 6)
        winner = data.get("winner")
        state.winner = None if winner is None else _int(winner, "winner", 0, 1)
        reason = data.get("reason", "")
        if not isinstance(reason, str) or len(reason) > 40:
            raise StateError("reason: expected a short text")
        state.reason = reason
        state.moves = _int(data.get("moves"), "moves", 0, 10_000)
        return state

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> TinyState:
        """Sample the other hand and the deck order from the cards ``seat`` has not seen."""
        if not isinstance(view, dict) or seat not in (0, 1):
            raise StateError("view: expected a view dict of seat 0 or 1")
        hands = view.get("hands")
        counts = view.get("hand_counts")
        if not isinstance(hands, list) or len(hands) != 2 or not isinstance(counts, list) or len(counts) != 2:
            raise StateError("view: hands and hand_counts expected")
        mine = _int_list(hands[seat], f"hands[{seat}]")
        played = _int_list(view.get("played"), "played")
        pool = list((Counter(FULL_DECK) - Counter(mine) - Counter(played)).elements())
        other = 1 - seat
        n_other = _int(counts[other], f"hand_counts[{other}]", 0, 64)
        if len(pool) != n_other + _int(view.get("deck_count"), "deck_count", 0, 64):
            raise StateError("view: card counts do not add up")
        rng.shuffle(pool)
        full_hands: list[list[int]] = [[], []]
        full_hands[seat] = mine
        full_hands[other] = sorted(pool[:n_other])
        data = {k: v for k, v in view.items() if k not in ("hand_counts", "deck_count")}
        data["hands"] = full_hands
        data["deck"] = pool[n_other:]
        data["rng"] = Rng(rng.next_u64()).to_json()
        return self.from_json(data)


TINY = TinyRuleset()


@contextlib.contextmanager
def registered() -> Iterator[TinyRuleset]:
    """Register the tiny ruleset for the duration of a ``with`` block (restores what was there)."""
    previous = _REGISTRY.get("tiny")
    register(TINY)
    try:
        yield TINY
    finally:
        if previous is None:
            unregister("tiny")
        else:
            register(previous)


def tiny_level(level_id: str = "classic", **overrides: Any) -> Level:
    """Return an inline level of the tiny game (the ruleset must be registered)."""
    data = dict(LEVEL_DATA[level_id])
    data.update(overrides)
    return Level.from_data(data, where=f"tiny/{level_id}")


def new_tiny_game(seed: int = 1, level_id: str = "classic", seats: Sequence[Any] = ("Ana", "Bo")) -> TinyState:
    """Return a fresh tiny game (the ruleset must be registered)."""
    return TINY.new_game(tiny_level(level_id), list(seats), seed)


__all__ = ["TINY", "TinyLevel", "TinyRuleset", "TinyState", "LEVEL_DATA", "IllegalAction",
           "registered", "tiny_level", "new_tiny_game"]
