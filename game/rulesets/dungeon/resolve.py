"""Resolution of one hero's dungeon: weapons, monsters, traps, chests, loot (RULES.md order).

Only floors the hero reached count. A chip on an optional feature replaces the
feature; mandatory features and unchosen features stay as printed. The same
function serves the real Resolution (with events) and the bots' previews
(without), so what a bot expects is exactly what the rules do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from game.rulesets.dungeon.geometry import Board, Pos, Reach, reach
from game.rulesets.dungeon.level import Content


@dataclass
class Outcome:
    """What a Resolution gives: gains, the hero's health afterwards (may be <= 0) and events."""

    vp: int = 0
    xp: int = 0
    gold: int = 0
    health: int = 0
    defeated: int = 0
    monsters: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)


class ResolveContext:
    """The working state handed to effect verb handlers during one Resolution."""

    def __init__(self, tokens_at: Mapping[Pos, str], rch: Reach, content: Content, health: int,
                 attack_bonus: int = 0, hp_bonus: int = 0, record: bool = True) -> None:
        self.tokens_at = tokens_at
        self.reach = rch
        self.content = content
        self.health = health
        self.attack_bonus = attack_bonus
        self.hp_bonus = hp_bonus
        self.record = record
        self.pos: Pos = (0, 0)
        self.vp = self.xp = self.gold = 0
        self.damage: dict[Pos, int] = {}
        self.guards: dict[Pos, int] = {}
        self.guarded_by: dict[Pos, list[Pos]] = {}
        self.defeated: set[Pos] = set()
        self.chest_helpers: set[Pos] = set()
        self.events: list[dict[str, Any]] = []
        self.monster_cells = [p for p, k in tokens_at.items() if content.tokens[k].monster is not None]
        self._monster_set = set(self.monster_cells)

    # --- queries handlers use ------------------------------------------------------------------
    def kind(self, pos: Pos) -> str | None:
        """Return the token at a position (chip face or feature), or None."""
        return self.tokens_at.get(pos)

    def tags(self, pos: Pos) -> frozenset[str]:
        """Return the tags of the token at a position."""
        k = self.tokens_at.get(pos)
        return self.content.tokens[k].tags if k is not None else frozenset()

    def unlock_amount(self, pos: Pos) -> int:
        """Return how many chest needs the token at a position stands in for."""
        k = self.tokens_at.get(pos)
        return self.content.tokens[k].unlock if k is not None else 0

    def neighbours(self, pos: Pos) -> tuple[Pos, ...]:
        """Return the reached orthogonal neighbours of a position."""
        return self.reach.neigh.get(pos, ())

    def hit_targets(self, pos: Pos, pattern: str) -> list[Pos]:
        """Return the monsters a weapon at ``pos`` strikes with this pattern."""
        mons = self._monster_set
        if not mons:
            return []
        if pattern == "adjacent":
            return [n for n in self.neighbours(pos) if n in mons]
        rays = self.reach.rays.get(pos, ((), (), (), ()))
        if pattern == "nearest_in_line":
            best: tuple[int, int, Pos] | None = None
            for d, ray in enumerate(rays):
                for i, q in enumerate(ray):
                    if i >= 1 and q in mons:
                        if best is None or (i, d) < best[:2]:
                            best = (i, d, q)
                        break
            return [best[2]] if best is not None else []
        if pattern == "floor":
            chosen: Iterable[tuple[Pos, ...]] = rays[:2]
        elif pattern == "column":
            chosen = rays[2:]
        else:  # lines
            chosen = rays
        return [q for ray in chosen for q in ray if q in mons]

    def guard_targets(self, pos: Pos, pattern: str) -> list[Pos]:
        """Return the monsters a guard at ``pos`` holds back."""
        if pattern == "adjacent":
            return [n for n in self.neighbours(pos) if n in self._monster_set]
        return self.hit_targets(pos, "lines")

    def emit(self, kind: str, **data: Any) -> None:
        """Record a resolution event (positions become [floor, space] lists)."""
        if not self.record:
            return
        board = self.reach.board
        out: dict[str, Any] = {"kind": kind}
        for k, v in data.items():
            out[k] = _pos_json(board, v)
        self.events.append(out)


def _pos_json(board: Board, v: Any) -> Any:
    if isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, int) for x in v):
        return [v[0] + 1, board.space_of(v)]
    if isinstance(v, list):
        return [_pos_json(board, x) for x in v]
    return v


def token_map(board: Board, chips: Iterable[tuple[Pos, str]], hero_row: int) -> dict[Pos, str]:
    """Return position -> token on reached floors: features, with chips covering optional ones."""
    out: dict[Pos, str] = {}
    for r, row in enumerate(board.rows):
        if r > hero_row:
            break
        for p in row:
            cell = board.cells[p]
            if cell.kind == "feature" and cell.token is not None:
                out[p] = cell.token
    for p, face in chips:
        if p[0] <= hero_row:
            out[p] = face
    return out


def _first_two(item: tuple[int, int, Pos, Any, Any]) -> tuple[int, int]:
    return item[0], item[1]


def resolve(content: Content, board: Board, hero_row: int, tokens_at: Mapping[Pos, str], health: int,
            attack_bonus: int = 0, hp_bonus: int = 0, record: bool = True) -> Outcome:
    """Resolve a dungeon: run every token's effects step by step, each step in reading order.

    Handlers are the ones registered in ``effects.VERBS`` (looked up once per level).
    """
    rch = reach(board, hero_row)
    ctx = ResolveContext(tokens_at, rch, content, health, attack_bonus, hp_bonus, record)
    tokens = content.tokens
    work: list[tuple[int, int, Pos, Any, Any]] = []
    for i, p in enumerate(rch.positions):
        k = tokens_at.get(p)
        if k is not None:
            for step, handler, eff in tokens[k].steps:
                work.append((step, i, p, handler, eff))
    work.sort(key=_first_two)
    for _, _, p, handler, eff in work:
        ctx.pos = p
        handler(ctx, eff)
    return Outcome(ctx.vp, ctx.xp, ctx.gold, ctx.health, len(ctx.defeated), len(ctx.monster_cells), ctx.events)
