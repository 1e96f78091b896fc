"""The expedition bots' knowledge of the map: walkable and dangerous squares, distance fields, hunting grounds.

Computed once per level (keyed by its content hash) and kept in small module caches, so the bots'
policy (bot.py), which the search calls at every rollout step, stays cheap: a breadth-first distance
field per target square, a grid of walkable and dangerous squares, and how much a fight on each
biome is worth (monster rewards against how hard its monsters fight). Only public level data is read.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState

Square = tuple[int, int]
#: how many distance fields are kept (levels x targets)
_CACHE_SIZE = 128
_FIELDS: "OrderedDict[tuple[str, Square], dict[Square, int]]" = OrderedDict()
_GRIDS: "OrderedDict[str, Grid]" = OrderedDict()


class Grid:
    """What the bots need of a level's map, computed once per level: walkable and dangerous squares."""

    def __init__(self, st: "ExpeditionState") -> None:
        m = st.model
        letters = m.letters()
        self.width, self.height = m.width, m.height
        self.biome = [[letters[ch] for ch in row] for row in m.map.rows]
        self.walk = [[m.biomes[letters[ch]].walkable for ch in row] for row in m.map.rows]
        self.site_squares = {(s.at[0], s.at[1]) for s in m.sites}
        wild = [[m.biomes[letters[ch]].is_dangerous for ch in row] for row in m.map.rows]
        for site in m.sites:
            x, y = site.at
            wild[y][x] = not site.is_safe and site.kind != "town"
        self.wild = wild
        self.towns: list[Square] = [(s.at[0], s.at[1]) for s in m.sites if s.kind == "town"]
        self.hunt = {bid: hunting_value(m, bid) for bid, b in m.biomes.items() if b.walkable and b.is_dangerous}


def threat(m: Any, monster: str) -> float:
    """A rough measure of how hard one monster fights (its skirmish HP and fighting stats)."""
    mon = m.monsters[monster]
    st = mon.stats
    return (st.get("hp", 1) + 2 * (st.get("str", 0) + st.get("def", 0)) + 3 * st.get("dr", 0)
            + st.get("mag", 0) + len(mon.equipment))


def hunting_value(m: Any, biome: str) -> float:
    """Gold a fight on this biome is worth, discounted by how hard its monsters are (per roll)."""
    b = m.biomes[biome]
    count = sum(b.quantity_die) / len(b.quantity_die)
    value = 0.0
    for face in b.monster_die:
        if face in m.monsters:
            mon = m.monsters[face]
            worth = mon.reward.gold + 5 * mon.reward.normal + 12 * mon.reward.rare
            value += worth * count / (1.0 + (threat(m, face) * count / 10.0) ** 2)
    return value / len(b.monster_die)


def grid(st: "ExpeditionState") -> Grid:
    """The level's cached Grid."""
    key = st.level.content_hash or st.level.id
    got = _GRIDS.get(key)
    if got is None:
        got = _GRIDS[key] = Grid(st)
        if len(_GRIDS) > 16:
            _GRIDS.popitem(last=False)
    return got


def dangerous(st: "ExpeditionState", x: int, y: int) -> bool:
    """True when a move ending here calls step 2 (a danger card in play changes every square)."""
    from game.rulesets.expedition.explore import card_amount
    from game.rulesets.expedition.kinds import EventStep

    card = card_amount(st, EventStep.DANGER) if st.cards else 0
    if card:
        g = grid(st)
        return card > 0 and (x, y) not in g.towns
    return grid(st).wild[y][x]


# ------------------------------------------------------------------ path-finding
def distance_field(st: "ExpeditionState", target: Square) -> dict[Square, int]:
    """Walkable steps from every square to ``target`` (breadth-first; cached per level and target)."""
    key = (st.level.content_hash or st.level.id, target)
    got = _FIELDS.get(key)
    if got is not None:
        _FIELDS.move_to_end(key)
        return got
    g = grid(st)
    walk, w, h = g.walk, g.width, g.height
    dist: dict[Square, int] = {target: 0}
    frontier = [target]
    d = 0
    while frontier:
        d += 1
        nxt = []
        for x, y in frontier:
            for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if 0 <= nx < w and 0 <= ny < h and walk[ny][nx] and (nx, ny) not in dist:
                    dist[(nx, ny)] = d
                    nxt.append((nx, ny))
        frontier = nxt
    _FIELDS[key] = dist
    if len(_FIELDS) > _CACHE_SIZE:
        _FIELDS.popitem(last=False)
    return dist


def steps(st: "ExpeditionState", a: Square, b: Square) -> int:
    """Walkable steps from ``a`` to ``b`` (a large number when there is no way)."""
    return distance_field(st, b).get(a, 10_000)


def stand_by(st: "ExpeditionState", at: Square) -> Square:
    """A walkable square on or next to ``at`` (an NPC may stand where heroes cannot)."""
    g = grid(st)
    for dx, dy in ((0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)):
        x, y = at[0] + dx, at[1] + dy
        if 0 <= x < g.width and 0 <= y < g.height and g.walk[y][x]:
            return (x, y)
    return at


def monster_squares(st: "ExpeditionState", here: Square, monster: str | None) -> list[Square]:
    """A few dangerous squares near ``here`` whose biome may bring ``monster`` (any monster: None)."""
    m = st.model
    want = {bid for bid, b in m.biomes.items() if b.walkable and b.is_dangerous
            and (monster is None or monster in b.monster_die)}
    if not want:
        return []
    g = grid(st)
    x0, y0 = here
    out = []
    for r in range(1, 12):
        for dx in range(-r, r + 1):
            for dy in {r - abs(dx), abs(dx) - r}:
                x, y = x0 + dx, y0 + dy
                if 0 <= x < g.width and 0 <= y < g.height and g.biome[y][x] in want \
                        and (x, y) not in g.site_squares:
                    out.append((x, y))
        if len(out) >= 4:
            break
    return out


def hunting_ground(st: "ExpeditionState", here: Square) -> Square | None:
    """A near square of a biome worth hunting on (value per roll, less a little for the way there)."""
    g = grid(st)
    x0, y0 = here
    best: tuple[float, Square] | None = None
    for r in range(0, 10):
        for dx in range(-r, r + 1):
            for dy in {r - abs(dx), abs(dx) - r}:
                x, y = x0 + dx, y0 + dy
                if 0 <= x < g.width and 0 <= y < g.height and g.walk[y][x] and (x, y) not in g.site_squares:
                    v = g.hunt.get(g.biome[y][x], 0.0) - 0.15 * r
                    if v > 0 and (best is None or v > best[0]):
                        best = (v, (x, y))
    return best[1] if best else None
