"""The sanctuary game state, declared once as a typed record (issue 11).

Seed 004's turn (Communion, Meditation, Will Harvest, Duel, Combat, Contemplation) with
RULES.md's decisions. The state holds only data: its fields are declared here and ``to_json``,
``from_json`` and ``clone`` come from that declaration (game/engine/records.py). The rules live
elsewhere by job: flow.py (the declared turn flow: automatic steps and the handler of each
action kind), turn.py (phases, duel, combat, playing cards), table.py (the primitives card
effects use), legal.py (legal actions and refusals), view.py, words.py and checks.py.

Card instances are ``"<seat>.<nn>"`` (the nn-th card of the seat's deck list, sorted by card id)
and ``"<seat>.S"`` (its Sanctuary); what each one is follows from the level's deck list, so the
mapping is public while hands and deck order are hidden by ``view``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from game.engine.flow import FlowGame
from game.engine.levels import Level
from game.engine.protocol import GameState, Result, StateError
from game.engine.records import DERIVED, Between, Json, MaxLen, Record
from game.engine.rng import Rng
from game.rulesets.sanctuary.checks import Checks
from game.rulesets.sanctuary.flow import FLOW
from game.rulesets.sanctuary.legal import Refusals
from game.rulesets.sanctuary.parts import (
    PHASES,
    PRIORITY_PHASES,
    STEPS_OF,
    VERSION,
    Combat,
    Duel,
    Kind,
    Perm,
    Phase,
    Player,
    Seat,
    Stack,
    Step,
    card_defs,
    card_ids,
    card_owner,
)
from game.rulesets.sanctuary.table import Table
from game.rulesets.sanctuary.view import Views
from game.rulesets.sanctuary.words import Words

__all__ = [
    "PHASES",
    "PRIORITY_PHASES",
    "STEPS_OF",
    "VERSION",
    "Combat",
    "Duel",
    "Kind",
    "Perm",
    "Phase",
    "Player",
    "SanctuaryState",
    "Stack",
    "Step",
    "card_defs",
    "card_ids",
    "card_owner",
]


@dataclass(eq=False, kw_only=True, repr=False)
class SanctuaryState(Table, Checks, Views, Words, Refusals, FlowGame, Record, GameState):
    """One sanctuary match between two seats (fields in save order)."""

    ruleset_id = "sanctuary"
    flow = FLOW

    ruleset: Literal["sanctuary"] = "sanctuary"
    version: Literal[2] = VERSION
    level: Level
    seat_names: Annotated[list[str], MaxLen(2)] = field(default_factory=list, metadata={"json": "seats"})
    rng: Rng = field(default_factory=lambda: Rng(0))
    players: Annotated[list[Player], MaxLen(2)] = field(default_factory=list)
    perm: dict[str, Perm] = field(default_factory=dict)
    turn: Annotated[int, Between(0, 10_000)] = 0
    active: Seat = 0
    first_player: Seat = 0
    phase: Phase = Phase.SETUP
    step: Step = Step.MULLIGAN
    setup_seat: Seat = 0
    stack: Stack = field(default_factory=lambda: Stack(holder=0))
    duel: Duel | None = None
    combat: Combat | None = None
    winners: Annotated[list[Seat], MaxLen(2)] | None = None
    end_reason: str = ""
    #: the deck of each seat when the seats chose theirs on the set-up screen (empty: the level's; not saved then)
    decks: Annotated[list[str], MaxLen(2)] = field(default_factory=list)
    # rebuilt from the level after loading or copying (never saved)
    model: Any = field(default=None, metadata=DERIVED)
    owner_card: dict[str, str] = field(default_factory=dict, metadata=DERIVED)
    defs: dict[str, Any] = field(default_factory=dict, metadata=DERIVED)
    #: a bot's memo of this position (ruleset.bot_prior); cleared by every action
    bot_cache: Json = field(default=None, metadata=DERIVED)

    def __post_init__(self) -> None:
        self.after_load()

    def __repr__(self) -> str:
        return (f"SanctuaryState(level={self.level.id!r}, turn={self.turn}, active={self.active}, "
                f"phase={self.phase.value!r}, step={self.step.value!r})")

    def after_load(self) -> None:
        """Rebuild the level's card tables (shared, cached per level)."""
        if self.level.ruleset != "sanctuary":
            raise StateError("level.ruleset: not a sanctuary level")
        self.model = self.level.model
        if self.decks and (len(self.decks) != 2 or any(d not in self.model.decks for d in self.decks)):
            raise StateError(f"decks: expected two deck ids of the level or nothing, got {self.decks!r}")
        self.owner_card = card_ids(self.level, self.decks)
        self.defs = card_defs(self.level, self.decks)

    def to_json(self) -> dict[str, Any]:
        """Return the full state as JSON; ``decks`` only when the seats chose them (older saves match)."""
        data = Record.to_json(self)
        if not self.decks:
            data.pop("decks", None)
        return data

    # --- small queries ---------------------------------------------------------------------------
    @property
    def priority(self) -> int:
        """The seat with priority (kept in the stack's window)."""
        return self.stack.holder

    @property
    def passes(self) -> int:
        """How many seats passed in a row since the last play or resolution."""
        return len(self.stack.passed)

    def card(self, iid: str) -> Any:
        """Return the CardDef of an instance."""
        return self.defs[iid]

    @staticmethod
    def owner(iid: str) -> int:
        """Return the seat owning a card instance."""
        return int(iid[0])

    def is_in_play(self, iid: str) -> bool:
        """True for a card on the table (character, attachment, technology or sanctuary)."""
        return iid in self.perm

    def is_character_in_play(self, iid: str) -> bool:
        """True for a character in play."""
        return iid in self.perm and iid in self.players[int(iid[0])].chars

    def is_technology_in_play(self, iid: str) -> bool:
        """True for a technology in play."""
        return iid in self.perm and iid in self.players[int(iid[0])].techs

    def carrier_of(self, iid: str | None) -> str | None:
        """Return the character carrying a technology, if any."""
        if iid and iid in self.perm:
            return self.perm[iid].carrier
        return None

    def strength(self, iid: str) -> int:
        """Return a character's current Strength (base + technologies + modifiers, at least 0)."""
        defs = self.defs
        base = defs[iid].strength
        p = self.perm.get(iid)
        if p is None:
            return base
        perm = self.perm
        bonus = 0
        for tc in self.players[int(iid[0])].techs:
            if perm[tc].carrier == iid:
                bonus += defs[tc].strength
        total = base + bonus + p.mod_turn + p.mod_perm
        return total if total > 0 else 0

    def attachment_limit(self, seat: int) -> int:
        """Return the Sanctuary's attachment limit."""
        return self.defs[self.players[seat].sanctuary].attachment_limit

    def result(self) -> Result | None:
        """Return the result once a Sanctuary fell (or the turn limit was reached)."""
        if self.phase is not Phase.OVER or self.winners is None:
            return None
        return Result(tuple(self.winners), tuple(float(p.structure) for p in self.players), self.end_reason)

    def is_hidden_information(self) -> bool:
        """Hands and deck order are hidden."""
        return True

    def heuristic(self, seat: int) -> float:
        """Return how good the position looks for ``seat`` in [0, 1]."""
        res = self.result()
        if res is not None:
            return res.value(seat)
        from game.rulesets.sanctuary.bot import evaluate

        return evaluate(self, seat)


