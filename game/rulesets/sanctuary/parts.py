"""The parts of a sanctuary state: phase, step and action-kind enums, and the small records.

``Player`` (one seat's zones and counters), ``Perm`` (the table state of a card in play),
``Duel``, ``Combat`` and ``Stack`` (the Manipulation stack with its priority window) are
declared once here; ``to_json``, ``from_json`` and ``clone`` come from the declarations
(game/engine/records.py). Also the level's public card tables (instance id -> card).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Annotated, Any, Final, Sequence

from game.engine.levels import Level
from game.engine.records import Between, MaxLen, Record
from game.engine.stack import PriorityStack

#: the state's JSON version (1: hand-written parser, level embedded; 2: records, level by reference)
VERSION: Final = 2


class Phase(enum.StrEnum):
    """The phases a game goes through (the turn's Communion and Meditation run inside one action)."""

    SETUP = "setup"
    HARVEST = "harvest"
    DUEL = "duel"
    COMBAT = "combat"
    CONTEMPLATION = "contemplation"
    END = "end"
    OVER = "over"


class Step(enum.StrEnum):
    """Who decides what inside a phase; the keys of the declared flow (flow.py)."""

    MULLIGAN = "mulligan"
    PRIORITY = "priority"
    DECLARE = "declare"
    ATTACK = "attack"
    BLOCK = "block"
    DISCARD = "discard"
    OVER = "over"


class Kind(enum.StrEnum):
    """Action kinds (their text forms are part of saves and replays)."""

    KEEP = "keep"
    MULLIGAN = "mulligan"
    PASS = "pass"
    PLAY = "play"
    USE = "use"
    DUEL = "duel"
    NO_DUEL = "no_duel"
    ATTACK = "attack"
    END_ATTACK = "end_attack"
    BLOCK = "block"
    END_BLOCK = "end_block"
    DISCARD = "discard"


# the members as module constants, for the hot paths (a member looked up on its Enum class goes
# through a descriptor: several times slower than a global)
P_SETUP, P_HARVEST, P_DUEL, P_COMBAT, P_CONTEMPLATION, P_END, P_OVER = Phase
S_MULLIGAN, S_PRIORITY, S_DECLARE, S_ATTACK, S_BLOCK, S_DISCARD, S_OVER = Step

#: the steps each phase may be in
STEPS_OF: dict[Phase, tuple[Step, ...]] = {
    Phase.SETUP: (Step.MULLIGAN,), Phase.HARVEST: (Step.PRIORITY,), Phase.DUEL: (Step.DECLARE, Step.PRIORITY),
    Phase.COMBAT: (Step.ATTACK, Step.BLOCK, Step.PRIORITY), Phase.CONTEMPLATION: (Step.PRIORITY,),
    Phase.END: (Step.DISCARD,), Phase.OVER: (Step.OVER,)}
PRIORITY_PHASES = (Phase.HARVEST, Phase.DUEL, Phase.COMBAT, Phase.CONTEMPLATION)
PHASES = tuple(p.value for p in Phase)

Seat = Annotated[int, Between(0, 1)]
Cards = Annotated[list[str], MaxLen(200)]


@dataclass(eq=False)
class Player(Record):
    """One seat's cards by zone (deck: the top is the end), Sanctuary, Structure, Will and set-up."""

    deck: Cards = field(default_factory=list)
    hand: Cards = field(default_factory=list)
    discard: Cards = field(default_factory=list)
    chars: Cards = field(default_factory=list)
    attachments: Cards = field(default_factory=list)
    techs: Cards = field(default_factory=list)
    sanctuary: str = ""
    structure: Annotated[int, Between(-10_000, 10_000)] = 0
    will: Annotated[int, Between(0, 10_000)] = 0
    hands_drawn: Annotated[list[int], MaxLen(20)] = field(default_factory=list)
    kept: bool = False
    attachments_this_turn: Annotated[int, Between(0, 1)] = 0


@dataclass(eq=False)
class Perm(Record):
    """The table state of a card in play: turned, damage, turn it entered, Strength changes, Durability."""

    tapped: bool = False
    damage: Annotated[int, Between(0, 10_000)] = 0
    entered: Annotated[int, Between(0, 10_000)] = 0
    mod_turn: Annotated[int, Between(-10_000, 10_000)] = 0
    mod_perm: Annotated[int, Between(-10_000, 10_000)] = 0
    durability: Annotated[int, Between(-100, 100)] | None = None
    carrier: str | None = None


@dataclass(eq=False)
class Duel(Record):
    """A declared duel: the challenger and the challenged Character."""

    challenger: str
    target: str


@dataclass(eq=False)
class Combat(Record):
    """This turn's combat: attackers in order, attacker -> blocker, and the last Strength of the gone."""

    attackers: Cards = field(default_factory=list)
    blocks: dict[str, str] = field(default_factory=dict)
    gone: dict[str, int] = field(default_factory=dict)


@dataclass(eq=False)
class Stack(PriorityStack):
    """The Manipulation stack (items ``{"card", "seat", "target"}``) and the priority window over it.

    ``holder`` is the seat with priority, ``passed`` who passed since the last play or resolution.
    Indexing and iterating go to the items (``stack[-1]`` is the top).
    """

    def __getitem__(self, index: int) -> Any:
        return self.items[index]

    def __iter__(self) -> Any:
        return iter(self.items)



# --- the level's card tables (public, cached per level) ---------------------------------------------

_IDS: dict[tuple[int, tuple[str, ...]], tuple[Level, dict[str, str]]] = {}
_DEFS: dict[tuple[int, tuple[str, ...]], tuple[Level, dict[str, Any]]] = {}


def card_ids(level: Level, decks: Sequence[str] = ()) -> dict[str, str]:
    """Return instance id -> card id for both seats (deck cards sorted by card id, and Sanctuaries).

    ``decks``: the deck of each seat when the seats chose them; empty: the level's ``players[i].deck``.
    """
    key = (id(level), tuple(decks))
    hit = _IDS.get(key)
    if hit is not None and hit[0] is level:
        return hit[1]
    if len(_IDS) > 32:
        _IDS.clear()
    m = level.model
    out: dict[str, str] = {}
    for p, setup in enumerate(m.players):
        deck = m.decks[decks[p] if decks else setup.deck]
        out[f"{p}.S"] = deck.sanctuary
        i = 0
        for cid in sorted(deck.cards):  # by id: independent of the key order of the file or a save
            for _ in range(deck.cards[cid]):
                out[f"{p}.{i:02d}"] = cid
                i += 1
    _IDS[key] = (level, out)
    return out


def card_defs(level: Level, decks: Sequence[str] = ()) -> dict[str, Any]:
    """Return instance id -> CardDef (cached per level and chosen decks)."""
    key = (id(level), tuple(decks))
    hit = _DEFS.get(key)
    if hit is not None and hit[0] is level:
        return hit[1]
    if len(_DEFS) > 32:
        _DEFS.clear()
    out = {iid: level.model.cards[cid] for iid, cid in card_ids(level, decks).items()}
    _DEFS[key] = (level, out)
    return out


def card_owner(iid: Any) -> int | None:
    """The seat owning a card instance ("<seat>.<nn>" or "<seat>.S"), None for anything else."""
    return int(iid[0]) if isinstance(iid, str) and iid[:2] in ("0.", "1.") else None
