"""The expedition game state as typed records: heroes, what they were told, offers, encounters, decks.

The state is a ``Record`` (``to_json``/``from_json``/``clone`` from the field declarations) and a
``HostingState`` (a battle is a skirmish game hosted inside it, see engine/hosting.py). The turn flow
is declared in ``flow.py``; the rules of each step live in ``explore.py`` (moves, monsters, search),
``battle.py`` (the hosted skirmish), ``contact.py`` (NPCs, offers) and ``city.py``; words in
``words.py``; the view and the determinization in ``secrets.py``; invariants in ``checks.py``.

Seats: one per hero (seat i plays ``heroes[i]``), then the Dark Lord's seat, which only acts in
battles (its monsters) and wins when the heroes run out of rounds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.limits import GOLD_MAX
from game.engine.flow import FlowGame
from game.engine.hosting import HostingState
from game.engine.levels import Level
from game.engine.protocol import Result
from game.engine.records import DERIVED, Between, Json, Record
from game.engine.rng import Rng
from game.rulesets.expedition.flow import FLOW
from game.rulesets.expedition.kinds import STATE_VERSION, EventStep, Step

Big = Annotated[int, Between(0, 10**7)]


@dataclass(eq=False)
class Info(Record):
    """A message a hero knows: whose words, the site they name, and who passed it on (None: the NPC).

    Whether it is true is not recorded: a hero cannot tell a rumour passed on by a liar from the truth.
    """

    npc: str
    site: str
    teller: int | None = None


@dataclass(eq=False)
class Hero(Record):
    """One seat's hero on the map."""

    seat: Annotated[int, Between(0, 3)]
    hero: str
    x: Annotated[int, Between(0, 95)]
    y: Annotated[int, Between(0, 95)]
    health: Annotated[int, Between(0, 99)]
    gold: Annotated[int, Between(0, GOLD_MAX)] = 0  # engine/limits.py, clamped by the rules
    items: list[str] = field(default_factory=list)
    known: list[Info] = field(default_factory=list)
    #: NPC ids of the quest cards held, and of the quests completed
    quests: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)
    knockouts: Big = 0
    battles_won: Big = 0


@dataclass(eq=False)
class Offer(Record):
    """An offer being built or sent: my item slots, their item slots, a message (-1: none)."""

    to: Annotated[int, Between(0, 3)]
    give: list[int] = field(default_factory=list)
    take: list[int] = field(default_factory=list)
    info: Annotated[int, Between(-1, 999)] = -1


@dataclass(eq=False)
class Encounter(Record):
    """Monsters around a hero (step 2.2-2.3) and who was asked to help."""

    monster: str
    count: Annotated[int, Between(1, 4)]
    at: list[tuple[int, int]] = field(default_factory=list)
    asked: list[int] = field(default_factory=list)
    helpers: list[int] = field(default_factory=list)
    waiting: int | None = None


@dataclass(eq=False)
class ActiveCard(Record):
    """An event card in play: the step it changes, by how much, rounds left."""

    card: str
    step: EventStep
    amount: Annotated[int, Between(-3, 3)]
    left: Annotated[int, Between(0, 10)]


@dataclass(eq=False)
class Battle(Record):
    """The live battle's set-up (enough to rebuild the skirmish level on load) and its fighters."""

    hero: Annotated[int, Between(0, 3)]
    helpers: list[int]
    monster: str
    count: Annotated[int, Between(1, 4)]
    #: the combatants given to the skirmish (plain data, as the skirmish level's roster)
    roster: list[Json] = field(default_factory=list)


@dataclass(eq=False, kw_only=True)
class ExpeditionState(FlowGame, Record, HostingState):
    """One expedition: heroes on a biome map, decks, event cards, the turn's step and its pending parts."""

    ruleset_id = "expedition"
    flow = FLOW

    ruleset: Literal["expedition"] = "expedition"
    version: Literal[1] = STATE_VERSION
    level: Level
    seat_names: list[str] = field(metadata={"json": "seats"})
    rng: Rng
    step: Step = Step.MOVE
    round: Annotated[int, Between(1, 1000)] = 1
    active: Annotated[int, Between(0, 3)] = 0
    moves_left: Annotated[int, Between(0, 9)] = 2
    heroes: list[Hero] = field(default_factory=list)
    #: "normal" / "rare" -> the cards left, sorted (draws are random: the order is never kept)
    decks: dict[str, list[str]] = field(default_factory=dict)
    event_deck: list[str] = field(default_factory=list)
    cards: list[ActiveCard] = field(default_factory=list)
    #: the goal's site (secret when the level gives candidates)
    goal_site: str | None = None
    encounter: Encounter | None = None
    battle: Battle | None = None
    offer: Offer | None = None
    #: the market items the active hero browsed this visit (face down to the others)
    market: list[str] = field(default_factory=list)
    browsed: bool = False
    heals: Annotated[int, Between(0, 9)] = 0
    successes: Annotated[int, Between(0, 30)] = 0
    #: NPCs talked to and heroes traded with in this contact step
    talked: list[str] = field(default_factory=list)
    traded: list[int] = field(default_factory=list)
    winners: list[int] | None = None
    reason: str = ""
    #: battles fought as hosted skirmish games, and auto-resolved ones
    battles: Big = 0
    quick_battles: Big = 0
    last_battle: Json = None
    turns: Big = 0

    model: Any = field(default=None, metadata=DERIVED)

    def __post_init__(self) -> None:
        self.after_load()

    def after_load(self) -> None:
        """Link the level model (after loading or cloning)."""
        self.model = self.level.model

    # ------------------------------------------------------------------ seats
    @property
    def dark_lord(self) -> int:
        """The Dark Lord's seat (the last one)."""
        return len(self.heroes)

    @property
    def hero(self) -> Hero:
        """The active hero."""
        return self.heroes[self.active]

    # ------------------------------------------------------------------ the protocol (own part)
    def to_act(self) -> int | None:
        """The seat deciding now (the host routes to a live battle first)."""
        return self.flow.to_act(self)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, in a stable order."""
        return self.flow.legal_actions(self)

    def _apply(self, action: Action) -> list[Event]:
        return self.flow.apply(self, action)

    def to_json(self) -> dict[str, Any]:
        """The full state (the host adds a live battle under ``child``)."""
        return Record.to_json(self)

    def clone(self) -> "ExpeditionState":
        """A deep copy (the host then clones a live battle)."""
        copy = Record.clone(self)
        copy.child = self.child
        return copy

    def result(self) -> Result | None:
        """Winners once over: the heroes (cooperative), one hero (competitive), or the Dark Lord."""
        if self.winners is None:
            return None
        scores = tuple(float(h.gold) for h in self.heroes) + (0.0,)
        return Result(tuple(self.winners), scores, self.reason)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What a seat may know: others' messages, the browsed market and a secret goal left out."""
        from game.rulesets.expedition.secrets import view_of

        return view_of(self, seat)

    def is_hidden_information(self) -> bool:
        """Messages, the market and a secret goal are hidden."""
        return True

    def invariants(self) -> list[str]:
        """Broken invariants in words."""
        from game.rulesets.expedition.checks import invariants

        return invariants(self)

    def describe(self, action: Action, lang: str = "en") -> str:
        """The action in words (a lie reads like the truth)."""
        from game.rulesets.expedition.words import describe

        return describe(self, action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        """An event's log line."""
        from game.rulesets.expedition.words import describe_event

        return describe_event(self, event, lang)

    def explain_illegal(self, action: Action) -> str:
        """Why an action is refused."""
        from game.rulesets.expedition.words import explain_illegal

        return explain_illegal(self, action)

    def heuristic(self, seat: int) -> float:
        """How good it looks for a seat: goal progress and health (bots' cut-off)."""
        from game.rulesets.expedition.explore import heuristic

        return heuristic(self, seat)

    # ------------------------------------------------------------------ battles
    def on_child_end(self, result: Any) -> list[Event]:
        """A battle ended: wounds, rewards, lost items and knock-outs come back; the turn goes on."""
        from game.rulesets.expedition.battle import battle_ended

        return battle_ended(self, result.summary, result.reason)

    def child_level(self, ref: dict[str, str]) -> Level | None:
        """Rebuild the live battle's skirmish level from the saved roster."""
        from game.rulesets.expedition.battle import combat_level

        if self.battle is None:
            return None
        return combat_level(self, self.battle)
