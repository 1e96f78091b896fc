"""Derived tables of an expedition level: the map's lookup grid and the skirmish check of a monster.

``grid_of(level_model)`` builds, once per level model, the biome id and walkable flag of every square
and the sites by square (the rules' hottest lookups: moves, paths, danger). ``skirmish_problem`` asks
the skirmish rules, through the registry, whether a monster against a plain hero is a valid fight.
"""

from __future__ import annotations

from collections import deque
from typing import Any

class Grid:
    """Lookup tables of a level's map: biome ids, walkable squares, sites by square."""

    def __init__(self, biomes: list[list[str]], walkable: list[list[bool]],
                 sites: dict[tuple[int, int], Any]) -> None:
        self.biomes = biomes
        self.walkable = walkable
        self.sites = sites
        self._from: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
        self._reach: dict[tuple[int, int, int], dict[tuple[int, int], int]] = {}
        #: derived values the rules keep per map (``remember``), e.g. the move actions from a square
        self.memo: dict[Any, Any] = {}

    def remember(self, key: Any, value: Any) -> Any:
        """Keep ``value`` under ``key`` in ``memo`` (bounded) and return it."""
        if len(self.memo) > 4096:
            self.memo.clear()
        self.memo[key] = value
        return value

    def steps_from(self, start: tuple[int, int]) -> dict[tuple[int, int], int]:
        """Walkable steps from ``start`` to every square it reaches (kept: towns ask it again and again)."""
        found = self._from.get(start)
        if found is None:
            found = self._from[start] = self.within(start, 1 << 30)
        return found

    def within(self, start: tuple[int, int], limit: int) -> dict[tuple[int, int], int]:
        """Squares reached from ``start`` in at most ``limit`` orthogonal steps over walkable squares, with cost."""
        walk = self.walkable
        hgt, wid = len(walk), len(walk[0])
        cost = {start: 0}
        todo = deque([start])
        while todo:
            sq = todo.popleft()
            c = cost[sq]
            if c >= limit:
                continue
            x, y = sq
            for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if 0 <= nx < wid and 0 <= ny < hgt and walk[ny][nx] and (nx, ny) not in cost:
                    cost[(nx, ny)] = c + 1
                    todo.append((nx, ny))
        return cost

    def reach(self, start: tuple[int, int], limit: int) -> dict[tuple[int, int], int]:
        """``within``, kept per (square, limit) in a bounded cache: the caller must not change it."""
        key = (start[0], start[1], limit)
        found = self._reach.get(key)
        if found is None:
            if len(self._reach) > 4096:
                self._reach.clear()
            found = self._reach[key] = self.within(start, limit)
        return found

    @classmethod
    def of(cls, m: Any) -> "Grid":
        """Build the tables of a validated level."""
        letters = m.letters()
        biomes = [[letters[ch] for ch in row] for row in m.map.rows]
        walk = [[m.biomes[b].walkable for b in row] for row in biomes]
        sites: dict[tuple[int, int], Any] = {}
        for s in m.sites:
            sites.setdefault((s.at[0], s.at[1]), s)
        return cls(biomes, walk, sites)


_GRIDS: dict[int, tuple[Any, Grid]] = {}


def grid_of(m: Any) -> Grid:
    """The lookup tables of a validated level model (kept per model, a bounded cache)."""
    found = _GRIDS.get(id(m))
    if found is None or found[0] is not m:
        if len(_GRIDS) > 64:
            _GRIDS.clear()
        found = _GRIDS[id(m)] = (m, Grid.of(m))
    return found[1]


def skirmish_problem(m: Any, monster: str) -> str | None:
    """Why a monster (against a plain hero) is not a valid skirmish fight, or None (the skirmish model says)."""
    from pydantic import ValidationError

    from game.engine.registry import get_ruleset

    model = get_ruleset("skirmish").level_model
    mon = m.monsters[monster]
    hero = {"id": "hero", "name": "hero", "side": "heroes", "seat": 0, "body": m.battle.body,
            "stats": {"ap": 9, **m.battle.base, "hp": 10}, "base_actions": True}
    foe = {"id": "foe", "name": "foe", "side": "minions", "seat": 1, "body": mon.body, "stats": dict(mon.stats),
           "equipment": [p.model_dump() for p in mon.equipment], "actions": list(mon.actions)}
    data = {"format": 1, "ruleset": "skirmish", "id": "check", "title": "check", "roster": [hero, foe],
            "bodies": m.bodies, "actions": m.actions, "equipment": m.equipment,
            "hero_base_actions": list(m.battle.base_actions), "round_limit": m.battle.round_limit}
    try:
        model.model_validate(data)
    except ValidationError as exc:  # worded like any level error (its first line), not pydantic's words
        from game.engine.levelerrors import format_validation_error

        text = format_validation_error(exc, model)[0].removeprefix("(top level): ")
    except ValueError as exc:
        text = str(exc)
    else:
        return None
    for prefix in ("roster[1].", "roster.1."):
        text = text.replace(prefix, "")
    return f"{text} (as a skirmish combatant)"
