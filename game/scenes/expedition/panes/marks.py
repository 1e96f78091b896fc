"""What the map shows besides the ground, as frozen records: sites, NPCs, heroes, monsters, the goal.

Why a module of its own: the map pane, the minimap and the hero sheets all place the same things; the
scene derives these marks from the typed ``ExpeditionView`` once per position (``read.py``) and hands
them to every pane, so no pane reads rule state and tests can build a board from marks alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.scenes.expedition.panes.terrain import Terrain

Square = tuple[int, int]


@dataclass(frozen=True)
class SiteMark:
    """A site on the map (town, ruin, lair...)."""

    id: str
    kind: str
    at: Square
    name: str
    goal: bool = False


@dataclass(frozen=True)
class NpcMark:
    """A person standing on a square."""

    id: str
    at: Square
    name: str
    portrait: str | None = None
    told: bool = False          # this seat has heard their message


@dataclass(frozen=True)
class HeroMark:
    """A hero's token."""

    seat: int
    at: Square
    name: str
    active: bool = False
    down: bool = False


@dataclass(frozen=True)
class MonsterMark:
    """A monster standing around a hero (step 2)."""

    id: str
    at: Square
    name: str
    icon: str | None = None
    body: str | None = None


@dataclass(frozen=True)
class Board:
    """Everything the map draws for one position."""

    terrain: Terrain
    sites: tuple[SiteMark, ...] = ()
    npcs: tuple[NpcMark, ...] = ()
    heroes: tuple[HeroMark, ...] = ()
    monsters: tuple[MonsterMark, ...] = ()
    #: squares a move may reach now and the moves left after the one being chosen
    reach: frozenset[Square] = frozenset()
    active: int | None = None
    goal_at: Square | None = None
    cost: dict[Square, int] = field(default_factory=dict, compare=False, hash=False)

    def hero(self, seat: int | None) -> HeroMark | None:
        """The token of a seat's hero."""
        return next((h for h in self.heroes if h.seat == seat), None)

    def site_at(self, sq: Square) -> SiteMark | None:
        """The site on a square."""
        return next((s for s in self.sites if s.at == sq), None)

    def npc_at(self, sq: Square) -> NpcMark | None:
        """The NPC on a square."""
        return next((n for n in self.npcs if n.at == sq), None)


def path_to(board: Board, start: Square, goal: Square, limit: int = 99) -> list[Square]:
    """The shortest orthogonal walk from ``start`` to ``goal`` over walkable squares (start excluded; empty when
    there is none within ``limit`` steps). One square costs one point of movement (RULES.md)."""
    if start == goal:
        return []
    terrain = board.terrain
    prev: dict[Square, Square] = {start: start}
    frontier = [start]
    for _ in range(limit):
        nxt: list[Square] = []
        for x, y in frontier:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                n = (x + dx, y + dy)
                if n in prev or not terrain.walkable(*n):
                    continue
                prev[n] = (x, y)
                if n == goal:
                    out = [n]
                    while prev[out[-1]] != start:
                        out.append(prev[out[-1]])
                    return out[::-1]
                nxt.append(n)
        if not nxt:
            break
        frontier = nxt
    return []


@dataclass(frozen=True)
class ItemMark:
    """An item card a hero carries (or the market shows): slot, id, name, deck, bonus words, price."""

    slot: int
    id: str
    name: str
    rare: bool = False
    bonus: str = ""
    price: int = 0
    sprite: str | None = None
    stat: str | None = None
    hidden: bool = False        # a face-down card (the market before browsing)
    gear: str = ""              # the skirmish equipment it becomes in battle (picks its icon)


@dataclass(frozen=True)
class Sheet:
    """One hero's sheet: health, gold, exploration stats, items, what they know and their quests."""

    seat: int
    name: str
    hero: str
    health: int
    max_health: int
    gold: int
    stats: tuple[tuple[str, int, int], ...]       # (stat, value with items, bonus from items)
    items: tuple[ItemMark, ...] = ()
    known: tuple[str, ...] = ()                   # messages this seat may read (None of others')
    quests: tuple[str, ...] = ()
    done: int = 0
    active: bool = False
    mine: bool = False
    bot: bool = False


@dataclass(frozen=True)
class GoalLine:
    """The strip over the map: the goal in words, the mode, the round and the event cards in play."""

    text: str
    mode: str
    round: int
    rounds: int
    cards: tuple[tuple[str, str], ...] = ()      # (name, what it changes)


@dataclass(frozen=True)
class Choice:
    """A button of a step panel: its words, its figures (odds, price) and the Action (or reason) it plays."""

    label: str
    payload: Any
    detail: str = ""
    primary: bool = False
    reason: str | None = None     # set: shown disabled, a click says why


@dataclass(frozen=True)
class StepCard:
    """What a step panel shows: a title, some lines, pictures, and the choices."""

    title: str
    lines: tuple[str, ...] = ()
    pictures: tuple[str, ...] = ()          # art paths (monsters, a portrait)
    choices: tuple[Choice, ...] = ()
    seat: int | None = None                 # whose decision (their colour on the title)
