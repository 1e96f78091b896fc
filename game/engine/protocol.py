"""The rules protocol every ruleset implements (see docs and DESIGN.md).

Shaped after OpenSpiel's Game/State: a ``Ruleset`` holds the fixed facts and
makes games; a ``GameState`` is one match in progress::

    state = ruleset.new_game(level, seats=["Ana", "Bot"], seed=7)
    state.to_act()            -> seat index, or None when the game is over
    state.legal_actions()     -> list[Action], unique, in a stable order
    state.apply(action)       -> list[Event]; IllegalAction with a reason otherwise
    state.result()            -> Result once over
    state.view(seat)          -> what that seat may know
    state.to_json() / ruleset.from_json(data)  (exact round trip)
    state.describe(action, lang) -> "Nyx places Sword on floor 1, space 3"
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from game.engine.actions import Action, same_action, type_mismatch
from game.engine.events import Event
from game.engine.i18n import t
from game.engine.limits import SEAT_NAME_CHARS
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.engine.choices import Choice
    from game.engine.levels import Level

SAVE_KEYS_FORBIDDEN_IN_VIEW = ("rng",)


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action that is not legal now; ``str()`` is the reason in words."""

    def __init__(self, reason: str, action: Action | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class StateError(ValueError):
    """Raised by ``from_json`` for data that does not describe a valid state."""


@dataclass(frozen=True)
class SeatSpec:
    """Who sits in a seat: a name, ``human`` or ``bot``, a bot difficulty and an optional choice.

    ``choice`` is the id of the hero, faction or deck the seat chose on the set-up screen
    (``Ruleset.seat_choices``), ``random`` for any free one, None for the level's default.
    """

    name: str
    kind: str = "human"
    difficulty: str = "normal"
    choice: str | None = None

    def to_json(self) -> dict[str, str]:
        """Return JSON-safe data (``choice`` only when the seat made one, so older readers still load it)."""
        out = {"name": self.name, "kind": self.kind, "difficulty": self.difficulty}
        if self.choice is not None:
            out["choice"] = self.choice
        return out

    @classmethod
    def from_json(cls, data: Any) -> "SeatSpec":
        """Rebuild from to_json data; raises ValueError naming the bad field."""
        from game.engine.choices import CHOICE_ID

        if not isinstance(data, dict):
            raise ValueError("seat: expected a table")
        name, kind, diff = data.get("name"), data.get("kind", "human"), data.get("difficulty", "normal")
        choice = data.get("choice")
        if not isinstance(name, str) or not 0 < len(name) <= SEAT_NAME_CHARS:
            raise ValueError(f"seat.name: expected a name of 1 to {SEAT_NAME_CHARS} characters")
        if kind not in ("human", "bot"):
            raise ValueError(f"seat.kind: expected 'human' or 'bot', got {kind!r}")
        if diff not in ("easy", "normal", "hard", "random"):
            raise ValueError(f"seat.difficulty: expected easy, normal, hard or random, got {diff!r}")
        if choice is not None and not (isinstance(choice, str) and CHOICE_ID.match(choice)):
            raise ValueError(f"seat.choice: expected a hero, faction or deck id (lower-case letters, digits, "
                             f"_ and -, at most 48) or null, got {str(choice)[:60]!r}")
        return cls(name, kind, diff, choice)


def _split_choice(i: int, s: Any) -> tuple[Any, str | None]:
    """Split ``"bot:hard@gear"`` into ``("bot:hard", "gear")``; a seat without ``@`` has no choice."""
    from game.engine.choices import CHOICE_ID

    if not isinstance(s, str) or "@" not in s:
        return s, None
    base, choice = s.rsplit("@", 1)
    if not CHOICE_ID.match(choice):
        raise ValueError(f"seats[{i}].choice: expected a hero, faction or deck id after '@', got {choice!r}")
    return base, choice


def seat_specs(seats: Sequence[Any]) -> list[SeatSpec]:
    """Normalise ``["human", "bot"]``, names or SeatSpec objects into SeatSpecs.

    A text seat may end in ``@CHOICE`` (``human@ember``, ``bot:hard@gear``, ``Ana@kestrel``): the
    hero, faction or deck that seat plays (``Ruleset.seat_choices``).
    """
    out: list[SeatSpec] = []
    for i, raw in enumerate(seats):
        s, choice = _split_choice(i, raw)
        if isinstance(s, SeatSpec):
            out.append(s)
        elif s in ("human", "bot"):
            out.append(SeatSpec(f"{'Player' if s == 'human' else 'Bot'} {i + 1}", s, choice=choice))
        elif isinstance(s, str) and s.startswith("bot:"):
            out.append(SeatSpec(f"Bot {i + 1}", "bot", s.split(":", 1)[1] or "normal", choice))
        elif isinstance(s, str) and 0 < len(s) <= SEAT_NAME_CHARS:  # a longer name could not be saved
            out.append(SeatSpec(s, "human", choice=choice))
        else:
            raise ValueError(f"seats[{i}]: expected 'human', 'bot', 'bot:LEVEL' or a name "
                             f"(each may end in @CHOICE), got {raw!r}")
    return out


@dataclass(frozen=True)
class Result:
    """How a game ended: winning seats, optional scores per seat, a reason key."""

    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    reason: str = ""

    def value(self, seat: int) -> float:
        """Return 1 for a sole winner, 1/k for k shared winners, 0 for a loser."""
        if seat in self.winners:
            return 1.0 / len(self.winners)
        return 0.0

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data."""
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


def canonical_json(data: Any) -> str:
    """Return the canonical text of JSON data (sorted keys, no spaces)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest_of(data: Any) -> str:
    """Return a short SHA-256 digest of JSON data."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()[:16]


class GameState(ABC):
    """One match of one ruleset. Subclasses implement the abstract methods."""

    ruleset_id: ClassVar[str] = ""
    rng: Rng
    seat_names: list[str]

    # --- whose turn and what may be done -------------------------------------------------
    @abstractmethod
    def to_act(self) -> int | None:
        """Return the seat that decides now, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Return every legal action of the seat to act, unique, in a stable order."""

    def explain_illegal(self, action: Action) -> str:
        """Return, in words, why an action that is not legal now is refused (rulesets refine this)."""
        return f"'{action.key}' is not possible now"

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return its events; raise IllegalAction with a reason otherwise."""
        if self.to_act() is None:
            raise IllegalAction("the game is over", action)
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalAction(self.explain_illegal(action), action)
        twins = [a for a in legal if a == action]
        if not any(same_action(action, a) for a in twins):
            # Python's True equals 1: an argument of the wrong type would match a legal action
            name, got, want = type_mismatch(action, twins[0]) or ("?", "?", "?")
            raise IllegalAction(t("illegal.wrong_type", "en", action=action.key, name=name, got=got,
                                  want=want), action)
        return self._apply(action)

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def result(self) -> Result | None:
        """Return the result once the game is over, else None."""

    # --- information -----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Return what ``seat`` may know (None: a spectator). Default: everything but the RNG."""
        data = self.to_json()
        data["rng"] = None
        return data

    def is_hidden_information(self) -> bool:
        """True when views differ between seats (bots then determinize)."""
        return False

    # --- persistence -------------------------------------------------------------------------
    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """Return the full state as JSON-safe data (includes ``ruleset`` and ``version``)."""

    def clone(self) -> "GameState":
        """Return an independent copy (rulesets may override with something faster)."""
        from game.engine.registry import get_ruleset

        return get_ruleset(self.ruleset_id).from_json(self.to_json())

    def digest(self) -> str:
        """Return a short digest of the full state (replays compare these)."""
        return digest_of(self.to_json())

    # --- checks and words --------------------------------------------------------------------
    def invariants(self) -> list[str]:
        """Return broken invariants in words (empty when all hold)."""
        return []

    def describe(self, action: Action, lang: str = "en") -> str:
        """Return the action in words, from the acting seat's point of view."""
        return action.key

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        """Return a log line for an event, or None when the action's own line says it all."""
        return None

    def event_seat(self, event: Event, actor: int) -> int | None:
        """Return the seat an event's log line is about (its colour and symbol), None for nobody.

        ``actor`` chose the action that set the event off. By default the seat the event names in
        ``data["seat"]`` (an automatic pass, whose turn begins), else the actor. Override it when events
        name their subject otherwise (the owner of a damaged card, a duel's winner).
        """
        seat = event.data.get("seat") if isinstance(event.data, dict) else None
        if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
            return seat
        return actor

    def heuristic(self, seat: int) -> float:
        """Return how good the position looks for ``seat`` in [0, 1] (bots' playout cut-off)."""
        res = self.result()
        if res is not None:
            return res.value(seat)
        return 0.5

    def actor_name(self, seat: int | None) -> str:
        """Return a seat's display name."""
        if seat is None or not 0 <= seat < len(self.seat_names):
            return "-"
        return self.seat_names[seat]


class Ruleset(ABC):
    """The fixed facts of one ruleset: its id, level schema and how to start or load a game."""

    id: ClassVar[str] = ""
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 2
    #: pydantic model of the ruleset-specific part of a level file
    level_model: ClassVar[Any] = None
    #: maximum number of actions a game may take (the conformance test enforces it)
    max_game_length: ClassVar[int] = 5000
    #: what a seat's choice picks (``hero``, ``faction``, ``deck``: the set-up screen's column header)
    seat_choice_kind: ClassVar[str] = "hero"
    #: True when two seats may not pick the same option (a hero); False for decks (a mirror match)
    seat_choice_unique: ClassVar[bool] = True

    @abstractmethod
    def new_game(self, level: "Level", seats: Sequence[Any], seed: int) -> GameState:
        """Start a game on a level for these seats with this seed."""

    @abstractmethod
    def from_json(self, data: dict[str, Any]) -> GameState:
        """Rebuild a state from ``to_json`` data; raise StateError naming the bad field."""

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> GameState:
        """Return a full state consistent with ``view`` (hidden parts sampled with ``rng``).

        The default suits perfect-information rulesets: the view is the state less the RNG.
        Rulesets with hidden information must override this.
        """
        data = dict(view)
        data["rng"] = Rng(rng.next_u64()).to_json()
        return self.from_json(data)

    def seat_roles(self, level: "Level", n_seats: int) -> list[str]:
        """Return a role key per seat (e.g. ``hero``, ``dark_lord``) for set-up screens."""
        return ["player"] * n_seats

    def seat_range(self, level: "Level") -> tuple[int, int]:
        """Return the (min, max) seats this level allows."""
        return self.min_seats, self.max_seats

    def level_notes(self, level: "Level", lang: str | None = None) -> list[str]:
        """Return short notes on a level's variant rules for the level list (e.g. a round limit)."""
        return []

    def seat_choices(self, level: "Level", seat_index: int, n_seats: int,
                     lang: str | None = None) -> "list[Choice] | None":
        """Return what a seat may choose on the set-up screen (None or []: nothing; see engine/choices.py)."""
        return None

    def seat_choice_defaults(self, level: "Level", n_seats: int) -> list[str | None]:
        """Return each seat's pick when it chooses nothing (the level's hero or deck; None: none or in game)."""
        return [None] * n_seats
