"""Dungeon grid geometry: maps stacked into one grid of floors and spaces.

The Entrance map sits at column 0 with floors 0-2; each Depths map adds two
floors below the last map, shifted -1, 0 or +1 column from it. A space no map
covers does not exist. Adjacency is orthogonal across floors and maps; lines
(for bows, wands, armour) run along a floor or a column and stop at an
obstacle, at a space that does not exist or at a floor the hero never reached.
Boards and reaches are cached: they depend only on the maps and the hero's floor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.rulesets.dungeon.level import Cell, Content

Pos = tuple[int, int]
#: directions of the four rays, in tie-break order: left, right, up, down
DIRS: tuple[Pos, ...] = ((0, -1), (0, 1), (-1, 0), (1, 0))
MapRef = tuple[str, int, int]  # card id, side, column offset


@dataclass(frozen=True)
class Board:
    """Every printed space of a dungeon: position -> cell, and the floors as position lists."""

    cells: dict[Pos, Cell]
    rows: tuple[tuple[Pos, ...], ...]
    map_of_row: tuple[int, ...]
    offsets: tuple[int, ...]

    @property
    def floors(self) -> int:
        """Number of floors in the dungeon."""
        return len(self.rows)

    def exists(self, pos: Pos) -> bool:
        """True when a map covers this space."""
        return pos in self.cells

    def space_of(self, pos: Pos) -> int:
        """Return the 1-based space number of a position within its floor's map."""
        return pos[1] - self.offsets[self.map_of_row[pos[0]]] + 1

    def pos_of(self, floor: int, space: int) -> Pos:
        """Return the grid position of floor (1-based) and space (1-based); may not exist."""
        row = floor - 1
        if not 0 <= row < len(self.rows):
            return (row, -999)
        return (row, self.offsets[self.map_of_row[row]] + space - 1)


@dataclass(frozen=True)
class Reach:
    """The part of a board the hero reached, with neighbours and rays precomputed."""

    board: Board
    hero_row: int
    positions: tuple[Pos, ...]
    neigh: dict[Pos, tuple[Pos, ...]]
    rays: dict[Pos, tuple[tuple[Pos, ...], ...]]


_BOARDS: dict[tuple, Board] = {}
_REACHES: dict[tuple, Reach] = {}


def build_board(content: Content, maps: Sequence[MapRef], key: str = "") -> Board:
    """Stack the placed maps into a board (cached by content key and maps)."""
    ck = (key or id(content), tuple(maps))
    hit = _BOARDS.get(ck)
    if hit is not None:
        return hit
    cells: dict[Pos, Cell] = {}
    rows: list[tuple[Pos, ...]] = []
    map_of_row: list[int] = []
    offsets: list[int] = []
    row0 = 0
    for mi, (card, side, offset) in enumerate(maps):
        floors = content.side(card, side)
        offsets.append(offset)
        for fr, floor in enumerate(floors):
            r = row0 + fr
            row = []
            for k, cell in enumerate(floor):
                pos = (r, offset + k)
                cells[pos] = cell
                row.append(pos)
            rows.append(tuple(row))
            map_of_row.append(mi)
        row0 += len(floors)
    board = Board(cells, tuple(rows), tuple(map_of_row), tuple(offsets))
    if len(_BOARDS) > 4096:
        _BOARDS.clear()
    _BOARDS[ck] = board
    return board


def reach(board: Board, hero_row: int) -> Reach:
    """Return the reached part of a board (floors 0..hero_row), cached."""
    ck = (id(board), hero_row)
    hit = _REACHES.get(ck)
    if hit is not None and hit.board is board:
        return hit
    cells = board.cells
    positions = tuple(p for r, row in enumerate(board.rows) if r <= hero_row for p in row)
    inside = set(positions)
    neigh: dict[Pos, tuple[Pos, ...]] = {}
    rays: dict[Pos, tuple[tuple[Pos, ...], ...]] = {}
    for p in positions:
        neigh[p] = tuple((p[0] + dr, p[1] + dc) for dr, dc in DIRS if (p[0] + dr, p[1] + dc) in inside)
        out = []
        for dr, dc in DIRS:
            ray = []
            q = (p[0] + dr, p[1] + dc)
            while q in inside and cells[q].kind != "obstacle":
                ray.append(q)
                q = (q[0] + dr, q[1] + dc)
            out.append(tuple(ray))
        rays[p] = tuple(out)
    result = Reach(board, hero_row, positions, neigh, rays)
    if len(_REACHES) > 8192:
        _REACHES.clear()
    _REACHES[ck] = result
    return result


def neighbours_on_board(board: Board, pos: Pos) -> list[Pos]:
    """Return the orthogonal neighbours of a position that exist on the board (any floor)."""
    return [(pos[0] + dr, pos[1] + dc) for dr, dc in DIRS if (pos[0] + dr, pos[1] + dc) in board.cells]
