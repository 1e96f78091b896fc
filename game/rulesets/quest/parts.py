"""The parts of a quest state: phase, step, window and action-kind enums, and the small records.

Why it exists: the state (state.py) is declared from these records once; ``to_json``,
``from_json`` and ``clone`` come from the declarations (game/engine/records.py). The seven
phases of seed 002 and their steps are the keys of the declared flow (flow.py); every
"Azioni del giocatore" window is the one ``ACTIONS`` step, told apart by ``Window``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Annotated, Final

from game.engine.records import Between, MaxLen, Record
from game.engine.stack import PriorityStack

#: the state's JSON version
VERSION: Final = 1
#: a player is out at this threat (RULES.md)
THREAT_OUT: Final = 50
MAX_SEATS: Final = 4


class Phase(enum.StrEnum):
    """Set-up, the seven phases of the round (seed 002, 1 to 7) and the end."""

    SETUP = "setup"
    RESOURCE = "resource"
    PLANNING = "planning"
    QUEST = "quest"
    TRAVEL = "travel"
    ENCOUNTER = "encounter"
    COMBAT = "combat"
    REFRESH = "refresh"
    OVER = "over"


class Step(enum.StrEnum):
    """Who decides what inside a phase: the keys of the declared flow (flow.py)."""

    DECK = "deck"                # set-up: a seat chooses its deck
    MULLIGAN = "mulligan"        # set-up: keep the 6 cards or draw 6 new ones once
    GAIN = "gain"                # 1a: automatic
    ACTIONS = "actions"          # every "Azioni del giocatore" window (state.window says which)
    PLAN = "plan"                # 2a: each seat in turn order plays allies and attachments
    COMMIT = "commit"            # 3a: each seat in turn order commits characters
    STAGING = "staging"          # 3b: automatic, 1 encounter card per player
    RESOLVE = "resolve"          # 3d: automatic
    TRAVEL = "travel"            # 4a: each seat in turn order may travel while no location is active
    ENGAGE = "engage"            # 5a: each seat in turn order may engage 1 enemy
    CHECKS = "checks"            # 5c: automatic engagement checks
    ARCHERY = "archery"          # combat start: archery damage assigned point by point
    SHADOWS = "shadows"          # 6a: automatic
    ENEMY = "enemy"              # 6c1: the defending seat picks the next enemy to attack it
    DEFEND = "defend"            # 6c2: a defender or none
    SENTINEL = "sentinel"        # 2a4: another seat may defend with a sentinel
    UNDEFENDED = "undefended"    # 6c5: which hero takes an undefended attack
    STRIKE = "strike"            # 6d1: the attacking seat picks an enemy to attack, or ends its attacks
    ATTACKERS = "attackers"      # 6d1: characters declared attackers, then the attack resolves
    REFRESH = "refresh"          # 7a-c: automatic
    OVER = "over"


class Window(enum.StrEnum):
    """The "Azioni del giocatore" windows, named after the seed's clauses."""

    W1B = "1b"
    W2B = "2b"
    W3C = "3c"
    W3E = "3e"
    W4B = "4b"
    W5B = "5b"
    W5D = "5d"
    W6B = "6b"
    W6E = "6e"
    W7D = "7d"
    NONE = ""


#: the phase each window belongs to
WINDOW_PHASE: dict[Window, Phase] = {
    Window.W1B: Phase.RESOURCE, Window.W2B: Phase.PLANNING, Window.W3C: Phase.QUEST, Window.W3E: Phase.QUEST,
    Window.W4B: Phase.TRAVEL, Window.W5B: Phase.ENCOUNTER, Window.W5D: Phase.ENCOUNTER, Window.W6B: Phase.COMBAT,
    Window.W6E: Phase.COMBAT, Window.W7D: Phase.REFRESH}


class Kind(enum.StrEnum):
    """Action kinds (their text forms are part of saves and replays)."""

    DECK = "deck"                # deck=<deck id>
    KEEP = "keep"
    MULLIGAN = "mulligan"
    PASS = "pass"                # in an action window
    PLAY = "play"                # card=<iid> [target=<iid>] (ally/attachment in 2a, event in a window)
    USE = "use"                  # card=<iid> [target=<iid>]: a card's action ability in a window
    DONE = "done"                # ends this seat's planning, commits or travel/engage choice
    COMMIT = "commit"            # card=<iid>
    TRAVEL = "travel"            # card=<iid>
    ENGAGE = "engage"            # card=<iid>
    ARCHERY = "archery"          # card=<iid>: 1 archery damage to that character
    ATTACKED_BY = "attacked_by"  # enemy=<iid>: this enemy attacks next (6c1)
    DEFEND = "defend"            # card=<iid> (6c2, or a sentinel from another seat)
    NO_DEFENDER = "no_defender"
    TAKE = "take"                # card=<hero iid>: the hero that takes an undefended attack
    STRIKE = "strike"            # enemy=<iid>: declare an attack against that enemy (6d1)
    ATTACKER = "attacker"        # card=<iid>: one more attacker, exhausted
    RESOLVE = "resolve"          # resolve the declared attack (6d2)
    END_ATTACKS = "end_attacks"  # no more attacks this combat


P_SETUP, P_RESOURCE, P_PLANNING, P_QUEST, P_TRAVEL, P_ENCOUNTER, P_COMBAT, P_REFRESH, P_OVER = Phase
ROUND_PHASES: tuple[Phase, ...] = (P_RESOURCE, P_PLANNING, P_QUEST, P_TRAVEL, P_ENCOUNTER, P_COMBAT, P_REFRESH)

Seat = Annotated[int, Between(0, MAX_SEATS - 1)]
Cards = Annotated[list[str], MaxLen(400)]
Count = Annotated[int, Between(0, 100_000)]
Signed = Annotated[int, Between(-10_000, 10_000)]


@dataclass(eq=False)
class Boost(Record):
    """A temporary change of one stat of a card in play, until the end of the phase or the round."""

    stat: str
    amount: Signed
    until: str = "end_of_round"


@dataclass(eq=False)
class CardState(Record):
    """The table state of a card in play: exhausted, damage, resources, progress, what it is attached to."""

    exhausted: bool = False
    damage: Count = 0
    resources: Count = 0
    progress: Count = 0
    attached_to: str | None = None
    committed: bool = False
    used: bool = False
    boosts: Annotated[list[Boost], MaxLen(50)] = field(default_factory=list)


@dataclass(eq=False)
class Player(Record):
    """One seat's cards by zone (deck top = the end), threat and set-up state."""

    deck_id: str = ""
    deck: Cards = field(default_factory=list)
    hand: Cards = field(default_factory=list)
    discard: Cards = field(default_factory=list)
    heroes: Cards = field(default_factory=list)
    allies: Cards = field(default_factory=list)
    attachments: Cards = field(default_factory=list)
    engaged: Cards = field(default_factory=list)
    threat: Annotated[int, Between(0, 1000)] = 0
    mulliganed: bool = False
    kept: bool = False
    eliminated: bool = False
    #: enemies this seat has declared an attack against in this combat (6d4)
    attacked: Cards = field(default_factory=list)


@dataclass(eq=False)
class Encounter(Record):
    """The encounter side: deck (top = the end), discard, staging area, active location, quest stage."""

    deck: Cards = field(default_factory=list)
    discard: Cards = field(default_factory=list)
    staging: Cards = field(default_factory=list)
    active: str | None = None
    stage: Annotated[int, Between(0, 20)] = 0
    progress: Count = 0
    victory: Cards = field(default_factory=list)
    #: enemy iid -> its face-down shadow card
    shadows: dict[str, str] = field(default_factory=dict)
    #: guarded card -> the encounter card guarding it
    guards: dict[str, str] = field(default_factory=dict)


@dataclass(eq=False)
class Attack(Record):
    """An enemy attack being resolved (6c): the enemy, the defending seat, the defender, its bonus."""

    enemy: str
    seat: Seat
    defender: str | None = None
    declared: bool = False
    bonus: Signed = 0
    #: seats still to be offered a sentinel defence (2a4), in turn order
    sentinels: Annotated[list[Seat], MaxLen(MAX_SEATS)] = field(default_factory=list)


@dataclass(eq=False)
class Strike(Record):
    """A player's attack being declared (6d): the attacking seat, the enemy, the attackers."""

    seat: Seat
    enemy: str
    attackers: Cards = field(default_factory=list)


@dataclass(eq=False)
class Stack(PriorityStack):
    """The action window's stack: items ``{"card", "seat", "kind", "target"}``; ``holder`` has priority."""
