"""The quest game state, declared once as a typed record (seed 002 with RULES.md's decisions).

The state holds only data: its fields are declared here and ``to_json``, ``from_json`` and
``clone`` come from the declaration (game/engine/records.py). The rules live elsewhere by job:
flow.py (the declared turn flow), phases/*.py (what each phase does), combat.py, table.py (the
primitives effects use), verbs.py (the effect handlers), legal.py (legal actions and refusals),
view.py, words.py and checks.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from game.engine.flow import FlowGame
from game.engine.levels import Level
from game.engine.protocol import GameState, Result, StateError
from game.engine.records import DERIVED, Between, Json, MaxLen, Record
from game.engine.rng import Rng
from game.rulesets.quest.cards import card_ids, card_table
from game.rulesets.quest.checks import Checks
from game.rulesets.quest.flow import FLOW
from game.rulesets.quest.legal import Refusals
from game.rulesets.quest.parts import (
    MAX_SEATS,
    VERSION,
    Attack,
    Cards,
    CardState,
    Encounter,
    Phase,
    Player,
    Seat,
    Stack,
    Step,
    Strike,
    Window,
)
from game.rulesets.quest.table import Table
from game.rulesets.quest.view import Views
from game.rulesets.quest.words import Words


@dataclass(eq=False, kw_only=True, repr=False)
class QuestState(Table, Checks, Views, Words, Refusals, FlowGame, Record, GameState):
    """One quest match for 1 to 4 seats (fields in save order)."""

    ruleset_id = "quest"
    flow = FLOW

    ruleset: Literal["quest"] = "quest"
    version: Literal[1] = VERSION
    level: Level
    seat_names: Annotated[list[str], MaxLen(MAX_SEATS)] = field(default_factory=list, metadata={"json": "seats"})
    rng: Rng = field(default_factory=lambda: Rng(0))
    players: Annotated[list[Player], MaxLen(MAX_SEATS)] = field(default_factory=list)
    encounter: Encounter = field(default_factory=Encounter)
    table: dict[str, CardState] = field(default_factory=dict)
    round: Annotated[int, Between(0, 1000)] = 0
    first_player: Seat = 0
    phase: Phase = Phase.SETUP
    step: Step = Step.DECK
    window: Window = Window.NONE
    #: seats still to decide in the current per-seat step, in turn order
    order_left: Annotated[list[Seat], MaxLen(MAX_SEATS)] = field(default_factory=list)
    stack: Stack = field(default_factory=Stack)
    attack: Attack | None = None
    strike: Strike | None = None
    #: enemies that have attacked in this combat
    attacked: Cards = field(default_factory=list)
    #: shadow cards turned face up in this combat (enemy iids)
    shadows_up: Cards = field(default_factory=list)
    archery_left: Annotated[int, Between(0, 1000)] = 0
    archery_done: Annotated[int, Between(0, 1000)] = 0
    winners: Annotated[list[Seat], MaxLen(MAX_SEATS)] | None = None
    end_reason: str = ""
    # rebuilt from the level after loading or copying (never saved)
    model: Any = field(default=None, metadata=DERIVED)
    cid: dict[str, str] = field(default_factory=dict, metadata=DERIVED)
    cards: dict[str, Any] = field(default_factory=dict, metadata=DERIVED)
    #: surges still owed by the reveal being resolved (always 0 between actions)
    surges: int = field(default=0, metadata=DERIVED)
    #: a bot's memo of this position; cleared by every action
    bot_cache: Json = field(default=None, metadata=DERIVED)

    def __post_init__(self) -> None:
        self.after_load()

    def __repr__(self) -> str:
        return (f"QuestState(level={self.level.id!r}, round={self.round}, phase={self.phase.value!r}, "
                f"step={self.step.value!r})")

    def after_load(self) -> None:
        """Rebuild the level's card tables (shared, cached per level and deck choices)."""
        if self.level.ruleset != "quest":
            raise StateError("level.ruleset: not a quest level")
        self.model = self.level.model
        self.cards = card_table(self.level)
        self.refresh_ids()

    def refresh_ids(self) -> None:
        """Rebuild instance id -> card id after the seats chose their decks."""
        self.cid = card_ids(self.level, tuple(p.deck_id for p in self.players))

    def defn(self, iid: str) -> Any:
        """Return the CardDef of an instance."""
        return self.cards[self.cid[iid]]

    def result(self) -> Result | None:
        """Return the result once the quest is won or lost (cooperative: all seats win or none)."""
        if self.phase is not Phase.OVER or self.winners is None:
            return None
        score = float(sum(self.defn(c).victory for c in self.encounter.victory))
        return Result(tuple(self.winners), tuple(score for _ in self.players), self.end_reason)

    def is_hidden_information(self) -> bool:
        """Hands, decks, the encounter deck's order and face-down shadows are hidden."""
        return True

    def heuristic(self, seat: int) -> float:
        """Return how good the position looks for the team in [0, 1]."""
        res = self.result()
        if res is not None:
            return 1.0 if seat in res.winners else 0.0
        from game.rulesets.quest.bot import evaluate

        return evaluate(self, seat)

    def validate(self) -> None:
        """Refuse loaded data that cannot be a state of this level (StateError naming the field)."""
        n = len(self.players)
        if not 1 <= n <= MAX_SEATS or len(self.seat_names) != n:
            raise StateError(f"players: expected 1 to {MAX_SEATS} players, one per seat")
        if self.first_player >= n:
            raise StateError("first_player: no such seat")
        decks = {d.id for d in self.model.decks}
        for i, p in enumerate(self.players):
            if p.deck_id and p.deck_id not in decks:
                raise StateError(f"players[{i}].deck_id: unknown deck {p.deck_id!r}")
        for s in self.order_left:
            if s >= n:
                raise StateError("order_left: no such seat")
        if self.step in (Step.STAGING, Step.RESOLVE, Step.CHECKS, Step.SHADOWS, Step.GAIN, Step.REFRESH):
            raise StateError(f"step: {self.step.value!r} never waits for a decision")
        needs = {Step.DEFEND: self.attack, Step.UNDEFENDED: self.attack, Step.SENTINEL: self.attack,
                 Step.ATTACKERS: self.strike}
        if self.step in needs and needs[self.step] is None:
            raise StateError(f"step: {self.step.value!r} without the attack it is about")
        if self.step is Step.SENTINEL and self.attack is not None and not self.attack.sentinels:
            raise StateError("attack.sentinels: no seat left to offer a sentinel defence")
        if self.step in (Step.DECK, Step.MULLIGAN, Step.PLAN, Step.COMMIT, Step.TRAVEL, Step.ENGAGE, Step.ENEMY,
                         Step.STRIKE) and not self.order_left:
            raise StateError(f"order_left: step {self.step.value!r} needs a seat to decide")
        if self.step is Step.ACTIONS and self.window is Window.NONE:
            raise StateError("window: step 'actions' needs the window that is open")
        if (self.step is Step.OVER) != (self.phase is Phase.OVER) or (self.phase is Phase.OVER) != (
                self.winners is not None):
            raise StateError("phase: 'over' goes with step 'over' and the winners")
        if self.to_act() is None and self.phase is not Phase.OVER:
            raise StateError("state: nobody is to act but the game is not over")
        broken = self.invariants()
        if broken:
            raise StateError(f"state: {broken[0]}")
