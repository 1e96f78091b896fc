"""A private, tiny ruleset for the match, save and replay tests (ruleset id ``coingame``).

It exists so those tests do not depend on any real ruleset. Two or three seats
take turns; each turn a seat does one thing:

- ``step n=1|2``: add n to its score (deterministic: undoable);
- ``roll``: roll a die and add it (a random outcome: an undo barrier);
- ``draw``: draw a card face down from the shuffled deck into its hand (private, random);
- ``reveal``: show its hand card and add its value (a reveal: an undo barrier);
- ``pass``: nothing.

The first seat to reach the level's ``target`` wins; the game also ends after
``max_turns`` turns (the highest score wins, ties share). Register it with
``registered()`` or the ``coingame`` fixture in conftest-free tests.
"""

from __future__ import annotations

import contextlib
from typing import Any, Iterator, Sequence

from pydantic import Field

from game.engine import registry
from game.engine.actions import Action
from game.engine.events import Event, card_moved, dice_rolled
from game.engine.levels import Level
from game.engine.protocol import GameState, Result, Ruleset, StateError, seat_specs
from game.engine.rng import Rng
from game.engine.schema import LevelBase

RULESET_ID = "coingame"
CARDS = [f"c{v}" for v in range(1, 11)]

WORDS = {
    "step": {"en": "{who} steps {n}", "es": "{who} avanza {n}", "it": "{who} avanza di {n}"},
    "roll": {"en": "{who} rolls", "es": "{who} tira", "it": "{who} tira"},
    "draw": {"en": "{who} draws", "es": "{who} roba", "it": "{who} pesca"},
    "reveal": {"en": "{who} reveals", "es": "{who} revela", "it": "{who} rivela"},
    "pass": {"en": "{who} passes", "es": "{who} pasa", "it": "{who} passa"},
    "rolled": {"en": "the die shows {v}", "es": "el dado muestra {v}", "it": "il dado mostra {v}"},
    "drew_hidden": {"en": "{who} takes a card", "es": "{who} toma una carta", "it": "{who} prende una carta"},
    "drew": {"en": "you draw {card}", "es": "robas {card}", "it": "peschi {card}"},
    "shown": {"en": "{card} is shown", "es": "se muestra {card}", "it": "si mostra {card}"},
}


class CoinLevel(LevelBase):
    """Level model: the score to reach and the turn limit."""

    target: int = Field(12, ge=1, le=1000)
    max_turns: int = Field(40, ge=1, le=100000)


class CoinState(GameState):
    """State of the coin game."""

    ruleset_id = RULESET_ID

    def __init__(self, level_data: dict[str, Any], seat_names: list[str], rng: Rng) -> None:
        self.level_data = level_data
        self.target = int(level_data.get("target", 12))
        self.max_turns = int(level_data.get("max_turns", 40))
        self.seat_names = seat_names
        self.rng = rng
        self.scores = [0] * len(seat_names)
        self.hands: list[list[str]] = [[] for _ in seat_names]
        self.shown: list[str] = []
        self.deck = list(CARDS)
        self.turn = 0
        self.current = 0

    # --- protocol -------------------------------------------------------------------------
    def to_act(self) -> int | None:
        """Seat to act, None once someone reached the target or the turns ran out."""
        if max(self.scores) >= self.target or self.turn >= self.max_turns:
            return None
        return self.current

    def legal_actions(self) -> list[Action]:
        """Step 1, step 2, roll, draw (deck not empty, hand empty), reveal (hand not empty), pass."""
        if self.to_act() is None:
            return []
        out = [Action.of("step", n=1), Action.of("step", n=2), Action.of("roll")]
        if self.deck and not self.hands[self.current]:
            out.append(Action.of("draw"))
        if self.hands[self.current]:
            out.append(Action.of("reveal"))
        out.append(Action.of("pass"))
        return out

    def explain_illegal(self, action: Action) -> str:
        """Say why an action is refused."""
        if action.kind == "reveal":
            return "you have no card to reveal"
        if action.kind == "draw":
            return "you already hold a card" if self.hands[self.current] else "the deck is empty"
        return super().explain_illegal(action)

    def _apply(self, action: Action) -> list[Event]:
        seat = self.current
        events: list[Event] = []
        if action.kind == "step":
            self.scores[seat] += int(action["n"])
        elif action.kind == "roll":
            v = self.rng.randint(1, 6)
            self.scores[seat] += v
            events.append(dice_rolled(seat, "score", [v], v))
        elif action.kind == "draw":
            card = self.deck.pop(self.rng.randbelow(len(self.deck)))
            self.hands[seat].append(card)
            events.append(card_moved(card, "deck", f"hand{seat}", seat=seat, hidden=True, drawn=True))
        elif action.kind == "reveal":
            card = self.hands[seat].pop()
            self.shown.append(card)
            self.scores[seat] += int(card[1:])
            events.append(card_moved(card, f"hand{seat}", "shown", revealed=True))
        self.turn += 1
        self.current = (self.current + 1) % len(self.seat_names)
        return events

    def result(self) -> Result | None:
        """Highest score wins (ties share) once over."""
        if self.to_act() is not None:
            return None
        best = max(self.scores)
        return Result(tuple(i for i, s in enumerate(self.scores) if s == best), tuple(float(s) for s in self.scores))

    def view(self, seat: int | None) -> dict[str, Any]:
        """Hide other hands and the deck order."""
        data = self.to_json()
        data["rng"] = None
        data["hands"] = [h if i == seat else ["?"] * len(h) for i, h in enumerate(self.hands)]
        data["deck"] = sorted(self.deck)
        return data

    def is_hidden_information(self) -> bool:
        """Hands are hidden."""
        return True

    def to_json(self) -> dict[str, Any]:
        """Full state."""
        return {"ruleset": RULESET_ID, "version": 1, "level": self.level_data, "seats": self.seat_names,
                "rng": self.rng.to_json(), "scores": self.scores, "hands": self.hands, "shown": self.shown,
                "deck": self.deck, "turn": self.turn, "current": self.current}

    def invariants(self) -> list[str]:
        """Cards are conserved and scores never drop below 0."""
        out = []
        cards = self.deck + self.shown + [c for h in self.hands for c in h]
        if sorted(cards) != sorted(CARDS):
            out.append(f"cards not conserved: {sorted(cards)}")
        if min(self.scores) < 0:
            out.append("negative score")
        return out

    def describe(self, action: Action, lang: str = "en") -> str:
        """Action in words."""
        return WORDS[action.kind][lang].format(who=self.actor_name(self.current), n=action.get("n"))

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        """Event in words; a hidden draw has a public form."""
        if event.kind == "DiceRolled":
            return WORDS["rolled"][lang].format(v=event.data["total"])
        if event.kind == "CardMoved" and event.data.get("hidden"):
            return WORDS["drew_hidden"][lang].format(who=self.actor_name(event.data["seat"]))
        if event.kind == "CardMoved" and event.data.get("from") == "deck":
            return WORDS["drew"][lang].format(card=event.data["card"])
        if event.kind == "CardMoved":
            return WORDS["shown"][lang].format(card=event.data["card"])
        return None


class CoinRuleset(Ruleset):
    """The coin game ruleset."""

    id = RULESET_ID
    min_seats = 2
    max_seats = 3
    level_model = CoinLevel

    def new_game(self, level: Level, seats: Sequence[Any], seed: int) -> CoinState:
        """Start a game."""
        names = [s.name for s in seat_specs(seats)]
        return CoinState(dict(level.data), names, Rng(seed))

    def from_json(self, data: dict[str, Any]) -> CoinState:
        """Rebuild a state; StateError naming the field."""
        if not isinstance(data, dict):
            raise StateError("expected a table")
        if data.get("ruleset") != RULESET_ID:
            raise StateError(f"ruleset: expected {RULESET_ID!r}")
        try:
            level = Level.from_data(data["level"])
        except Exception as exc:  # noqa: BLE001
            raise StateError(f"level: {exc}") from None
        names = data.get("seats")
        if not isinstance(names, list) or not 2 <= len(names) <= 3 or not all(isinstance(n, str) for n in names):
            raise StateError("seats: expected 2 or 3 names")
        try:
            rng = Rng.from_json(data["rng"])
        except Exception as exc:  # noqa: BLE001
            raise StateError(str(exc)) from None
        st = CoinState(dict(level.data), list(names), rng)
        scores = data.get("scores")
        if not isinstance(scores, list) or len(scores) != len(names) or not all(isinstance(s, int) for s in scores):
            raise StateError("scores: expected one whole number per seat")
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) != len(names) or not all(
                isinstance(h, list) and all(c in CARDS for c in h) for h in hands):
            raise StateError("hands: expected one list of cards per seat")
        for key in ("shown", "deck"):
            v = data.get(key)
            if not isinstance(v, list) or not all(c in CARDS for c in v):
                raise StateError(f"{key}: expected a list of cards")
        for key in ("turn", "current"):
            if not isinstance(data.get(key), int) or data[key] < 0:
                raise StateError(f"{key}: expected a whole number")
        if data["current"] >= len(names):
            raise StateError("current: no such seat")
        st.scores, st.hands = list(scores), [list(h) for h in hands]
        st.shown, st.deck = list(data["shown"]), list(data["deck"])
        st.turn, st.current = data["turn"], data["current"]
        return st


RULESET = CoinRuleset()


def level_data(**over: Any) -> dict[str, Any]:
    """Return inline level data for the coin game."""
    data: dict[str, Any] = {"ruleset": RULESET_ID, "id": "coin-field", "title": {"en": "Coin field", "es": "Campo",
                                                                                 "it": "Campo"}}
    data.update(over)
    return data


def make_level(**over: Any) -> Level:
    """Return an inline Level for the coin game."""
    return Level.from_data(level_data(**over))


@contextlib.contextmanager
def registered() -> Iterator[CoinRuleset]:
    """Register the coin game for the duration of a with-block."""
    registry.register(RULESET)
    try:
        yield RULESET
    finally:
        registry.unregister(RULESET_ID)
