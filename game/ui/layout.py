"""Layout helpers: grids of cells, fanned hands, rows and stacks of pieces, fit-to-rect.

Why: every ruleset scene places things (biome tiles, dungeon floors, cards in
hand, chips in a row, piles) and must map both ways between logical positions
and screen rects so clicks find their cell. Pure geometry with pygame.Rect;
nothing here draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, Sequence

import pygame

Point = tuple[float, float]


# ------------------------------------------------------------------------ fitting


def fit_rect(size: tuple[float, float], outer: pygame.Rect, keep_aspect: bool = True, upscale: bool = True
             ) -> pygame.Rect:
    """Return a rect of ``size``'s aspect scaled to fit ``outer``, centred in it."""
    outer = pygame.Rect(outer)
    w, h = max(1e-6, size[0]), max(1e-6, size[1])
    if not keep_aspect:
        return outer.copy()
    scale = min(outer.w / w, outer.h / h)
    if not upscale:
        scale = min(1.0, scale)
    r = pygame.Rect(0, 0, max(1, round(w * scale)), max(1, round(h * scale)))
    r.center = outer.center
    return r


def inset(rect: pygame.Rect, left: int, top: int | None = None, right: int | None = None,
          bottom: int | None = None) -> pygame.Rect:
    """Return ``rect`` shrunk by margins (CSS order; one value for all sides)."""
    top = left if top is None else top
    right = left if right is None else right
    bottom = top if bottom is None else bottom
    r = pygame.Rect(rect)
    return pygame.Rect(r.x + left, r.y + top, max(0, r.w - left - right), max(0, r.h - top - bottom))


def _split(total: int, parts: Sequence[float], gap: int) -> list[int]:
    free = max(0, total - gap * (len(parts) - 1))
    fixed = sum(p for p in parts if p > 1)
    frac_sum = sum(p for p in parts if p <= 1) or 1.0
    rest = max(0, free - fixed)
    sizes = [int(p) if p > 1 else int(rest * p / frac_sum) for p in parts]
    if sizes:
        sizes[-1] += free - sum(sizes) if all(p <= 1 for p in parts) else 0
    return sizes


def split_h(rect: pygame.Rect, parts: Sequence[float], gap: int = 0) -> list[pygame.Rect]:
    """Split a rect into columns: parts > 1 are pixel widths, parts <= 1 share the rest by fraction."""
    rect = pygame.Rect(rect)
    out, x = [], rect.x
    for w in _split(rect.w, parts, gap):
        out.append(pygame.Rect(x, rect.y, w, rect.h))
        x += w + gap
    return out


def split_v(rect: pygame.Rect, parts: Sequence[float], gap: int = 0) -> list[pygame.Rect]:
    """Split a rect into rows: parts > 1 are pixel heights, parts <= 1 share the rest by fraction."""
    rect = pygame.Rect(rect)
    out, y = [], rect.y
    for h in _split(rect.h, parts, gap):
        out.append(pygame.Rect(rect.x, y, rect.w, h))
        y += h + gap
    return out


# ------------------------------------------------------------------------ grid


class Grid:
    """Square (or rectangular) cells fitted into a rect: cell <-> rect mapping for tiles and floors."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], cols: int, rows: int, gap: int = 4,
                 square: bool = True, max_cell: int | None = None) -> None:
        if cols < 1 or rows < 1:
            raise ValueError("a grid needs at least one column and one row")
        self.area = pygame.Rect(rect)
        self.cols, self.rows, self.gap = cols, rows, gap
        cw = (self.area.w - gap * (cols - 1)) / cols
        ch = (self.area.h - gap * (rows - 1)) / rows
        if square:
            cw = ch = min(cw, ch)
        if max_cell:
            cw, ch = min(cw, max_cell), min(ch, max_cell)
        self.cell_w, self.cell_h = max(1, int(cw)), max(1, int(ch))
        w = self.cell_w * cols + gap * (cols - 1)
        h = self.cell_h * rows + gap * (rows - 1)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = self.area.center

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        """Return the rect of cell (col, row)."""
        return pygame.Rect(self.rect.x + col * (self.cell_w + self.gap), self.rect.y + row * (self.cell_h + self.gap),
                           self.cell_w, self.cell_h)

    def center(self, col: int, row: int) -> tuple[int, int]:
        """Return the centre of cell (col, row)."""
        return self.cell_rect(col, row).center

    def cell_at(self, pos: Point) -> tuple[int, int] | None:
        """Return the (col, row) under ``pos`` (None in gaps or outside)."""
        x, y = pos[0] - self.rect.x, pos[1] - self.rect.y
        if x < 0 or y < 0:
            return None
        col, cx = divmod(int(x), self.cell_w + self.gap)
        row, cy = divmod(int(y), self.cell_h + self.gap)
        if col >= self.cols or row >= self.rows or cx >= self.cell_w or cy >= self.cell_h:
            return None
        return col, row

    def cells(self) -> Iterator[tuple[int, int, pygame.Rect]]:
        """Yield (col, row, rect) for every cell, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                yield c, r, self.cell_rect(c, r)

    def in_bounds(self, col: int, row: int) -> bool:
        """True when (col, row) is a cell of the grid."""
        return 0 <= col < self.cols and 0 <= row < self.rows


# ------------------------------------------------------------------------ hand fan


@dataclass(frozen=True)
class Slot:
    """Where one piece goes: centre, rotation (degrees, counter-clockwise) and its unrotated rect."""

    center: tuple[float, float]
    angle: float
    rect: pygame.Rect
    lifted: bool = False


class CardFan:
    """A hand of cards fanned on an arc above ``anchor`` (bottom centre); the hovered card lifts."""

    def __init__(self, anchor: tuple[int, int], card_size: tuple[int, int] = (100, 140), max_width: int = 720,
                 max_angle: float = 24.0, lift: int = 36, arc: float = 18.0) -> None:
        self.anchor, self.card_size, self.max_width = anchor, card_size, max_width
        self.max_angle, self.lift, self.arc = max_angle, lift, arc

    def slots(self, n: int, hovered: int | None = None) -> list[Slot]:
        """Return a slot per card, left to right."""
        if n <= 0:
            return []
        w, h = self.card_size
        step = min(w * 0.78, (self.max_width - w) / max(1, n - 1)) if n > 1 else 0
        total_angle = min(self.max_angle, 4.0 * (n - 1))
        out = []
        for i in range(n):
            f = (i - (n - 1) / 2) / max(1, (n - 1) / 2) if n > 1 else 0.0
            x = self.anchor[0] + (i - (n - 1) / 2) * step
            y = self.anchor[1] - h / 2 + self.arc * f * f
            angle = -f * total_angle / 2
            lifted = hovered == i
            if lifted:
                y -= self.lift
                angle = 0.0
            r = pygame.Rect(0, 0, w, h)
            r.center = (round(x), round(y))
            out.append(Slot((x, y), angle, r, lifted))
        return out

    def index_at(self, pos: Point, n: int, hovered: int | None = None) -> int | None:
        """Return which card is under ``pos`` (the top-most: right-most overlapping, the lifted one first)."""
        return top_index(pos, self.slots(n, hovered), hovered)


def top_index(pos: Point, slots: Sequence[Slot], hovered: int | None = None) -> int | None:
    """Which of a fan's ``slots`` is under ``pos``: the lifted one first, then the right-most overlapping."""
    n = len(slots)
    if hovered is not None and 0 <= hovered < n and slots[hovered].rect.collidepoint(pos):
        return hovered
    for i in range(n - 1, -1, -1):
        if _point_in_rotated(pos, slots[i]):
            return i
    return None


def _point_in_rotated(pos: Point, slot: Slot) -> bool:
    cx, cy = slot.center
    a = math.radians(slot.angle)
    dx, dy = pos[0] - cx, pos[1] - cy
    # rotate the point into the card's frame (pygame angles are counter-clockwise on screen)
    x = dx * math.cos(a) - dy * math.sin(a)
    y = dx * math.sin(a) + dy * math.cos(a)
    return abs(x) <= slot.rect.w / 2 and abs(y) <= slot.rect.h / 2


# ------------------------------------------------------------------------ rows and stacks


class Row:
    """Pieces in a line inside ``rect``; they overlap evenly when there are too many to fit."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], item_size: tuple[int, int], gap: int = 8,
                 align: str = "center", vertical: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.item_size, self.gap, self.align, self.vertical = item_size, gap, align, vertical

    def rects(self, n: int) -> list[pygame.Rect]:
        """Return a rect per item, in order."""
        if n <= 0:
            return []
        w, h = self.item_size
        length = self.rect.h if self.vertical else self.rect.w
        size = h if self.vertical else w
        step = size + self.gap
        if n > 1 and size + step * (n - 1) > length:
            step = max(4, (length - size) / (n - 1))
        total = size + step * (n - 1)
        if self.align == "start":
            start = 0.0
        elif self.align == "end":
            start = length - total
        else:
            start = (length - total) / 2
        out = []
        for i in range(n):
            off = round(start + i * step)
            if self.vertical:
                r = pygame.Rect(0, self.rect.y + off, w, h)
                r.centerx = self.rect.centerx
            else:
                r = pygame.Rect(self.rect.x + off, 0, w, h)
                r.centery = self.rect.centery
            out.append(r)
        return out

    def index_at(self, pos: Point, n: int) -> int | None:
        """Return the top-most item under ``pos``."""
        for i, r in reversed(list(enumerate(self.rects(n)))):
            if r.collidepoint(pos):
                return i
        return None


class Stack:
    """A pile: each piece offset a little from the one below; only the top few show their edge."""

    def __init__(self, pos: tuple[int, int], item_size: tuple[int, int], offset: tuple[int, int] = (2, -2),
                 max_visible: int = 6) -> None:
        self.pos, self.item_size, self.offset, self.max_visible = pos, item_size, offset, max_visible

    def rects(self, n: int) -> list[pygame.Rect]:
        """Return the drawn rects, bottom to top (at most ``max_visible``)."""
        k = min(n, self.max_visible)
        out = []
        for i in range(k):
            r = pygame.Rect(0, 0, *self.item_size)
            r.center = (self.pos[0] + i * self.offset[0], self.pos[1] + i * self.offset[1])
            out.append(r)
        return out

    def top_rect(self, n: int) -> pygame.Rect:
        """Return the rect of the top piece (the base rect when empty)."""
        rs = self.rects(max(1, n))
        return rs[-1]

    def bounds(self, n: int) -> pygame.Rect:
        """Return the rect covering the whole pile."""
        rs = self.rects(max(1, n))
        return rs[0].unionall(rs[1:]) if len(rs) > 1 else rs[0]
