"""Where things go on the sanctuary table: sizes, the battle-row planner, drop markers and the frame's layout.

Why a module of its own: the panes of the table (game/scenes/sanctuary/panes/) and its regions all
need the same geometry (card sizes, where each seat's blocks are, where a card in play was put this
frame); keeping it here, free of drawing, lets tests check the planning as plain geometry.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.i18n import t
from game.ui import gfx
from game.ui import text as uitext



#: the turn of seed 004, in order (the tracker lights the current one)
PHASE_ORDER = ("communion", "meditation", "harvest", "duel", "combat", "contemplation")
#: phases of the state that have no chip of their own on the track
PHASE_SHOWN_AS = {"end": "contemplation"}

CARD = (92, 128)            # a card in a battle row
HAND_CARD = (104, 146)      # a card in the hand
HAND_ZONE = (300, 1000)     # the x range the hand may spread over: right of the key reminder, on the board
MINI = (40, 56)             # piles
SANCT_CARD = (56, 78)       # the Sanctuary card in its block
TAB_H, TAB_STEP = 24, 19    # technology tabs tucked under their carrier
TILE = (116, 32)            # an attachment tile

#: a crowded battle row: padding, gaps between cards and lines, the smallest card scale before overlapping
ROW_PAD, ROW_GAP, MIN_GAP, LINE_GAP, MIN_SCALE = 3, 12, 6, 3, 0.5
#: (height, step, tucked under the card) of Technology tabs at full size, and (height, step, -) of the
#: strips a small card of a crowded row carries on its lower half instead
FULL_TAB, COMPACT_TAB = (TAB_H, TAB_STEP, 6), (15, 16, 0)
#: below this scale a card's own name is too small to read: a name plate is drawn over it
PLATE_BELOW = 0.9
_PLATES: dict[tuple[str, int, float], tuple[list[str], int]] = {}
#: how far a name plate reaches past each side of its card (less than half of MIN_GAP: never onto a neighbour)
PLATE_OVERHANG = 3

ATTACK_COLOUR = (206, 60, 40)
BLOCK_COLOUR = (60, 130, 210)
DUEL_COLOUR = (236, 180, 50)


def _t(key: str, **kw: Any) -> str:
    """Return a string of this scene's catalogue (``sanctuary_scene.<key>``)."""
    return t("sanctuary_scene." + key, **kw)


@dataclass(frozen=True)
class RowPlan:
    """Where the Characters of a battle row go: one scale for all, each card's centre, the tab sizes."""

    scale: float
    lines: int
    centers: list[tuple[float, float]]
    tab: tuple[int, int, int]
    compact: bool
    #: the bottom of each card's line (its tabs stay above it)
    bottoms: list[float] = field(default_factory=list)


def plan_row(row: pygame.Rect, angles: list[float], tabs: list[int]) -> RowPlan:
    """Plan a battle row of cards turned by ``angles`` (0 or 90) with ``tabs[i]`` Technologies under card i.

    The largest scale (at most 1) at which the cards fit in one or two lines without touching wins
    (one line unless two are clearly larger); below ``MIN_SCALE`` the cards keep that scale and
    overlap along their line just enough to stay inside the row. Pure geometry, so tests can check it."""
    n = len(angles)
    if n == 0:
        return RowPlan(1.0, 1, [], FULL_TAB, False, [])
    boxes = [(CARD[1], CARD[0]) if abs(a) % 180 == 90 else (CARD[0], CARD[1]) for a in angles]
    avail_w = row.w - 2 * ROW_PAD

    def extra(k: int, tab: tuple[int, int, int]) -> float:
        return 0.0 if k == 0 or tab == COMPACT_TAB else tab[0] - tab[2] + (k - 1) * tab[1]

    def split(lines: int) -> list[list[int]]:
        per = -(-n // lines)
        return [list(range(i, min(n, i + per))) for i in range(0, n, per)]

    def fit(lines: int, tab: tuple[int, int, int]) -> float:
        groups = split(lines)
        line_h = (row.h - 2 * ROW_PAD - LINE_GAP * (len(groups) - 1)) / len(groups)
        s = 1.0
        for g in groups:
            s = min(s, (avail_w - MIN_GAP * (len(g) - 1)) / sum(boxes[i][0] for i in g))
            for i in g:  # a card's bottom: half an upright card below the line's centre... plus its tabs
                s = min(s, (line_h - extra(tabs[i], tab)) / (CARD[1] / 2 + boxes[i][1] / 2))
        return s

    best: tuple[float, int, tuple[int, int, int]] | None = None
    for lines in (1, 2) if n > 1 else (1,):
        s = fit(lines, FULL_TAB)
        tab = FULL_TAB
        if s < PLATE_BELOW:  # small cards carry their Technologies on them: the tabs take no height
            s, tab = min(fit(lines, COMPACT_TAB), PLATE_BELOW - 0.01), COMPACT_TAB
        if best is None or s > best[0] + 0.05:
            best = (s, lines, tab)
    assert best is not None
    scale, lines, tab = best
    if scale < MIN_SCALE:
        scale, lines, tab = MIN_SCALE, (2 if n > 1 else 1), COMPACT_TAB
    groups = split(lines)
    line_h = (row.h - 2 * ROW_PAD - LINE_GAP * (len(groups) - 1)) / len(groups)
    top_pad = ROW_PAD
    if lines == 1:  # a single line sits a little lower when there is room (as the table always had it)
        need = max(scale * (CARD[1] / 2 + boxes[i][1] / 2) + extra(tabs[i], tab) for i in range(n))
        top_pad = max(ROW_PAD, min(8.0, row.h - ROW_PAD - need))
    centers: list[tuple[float, float]] = [(0.0, 0.0)] * n
    bottoms: list[float] = [float(row.bottom - ROW_PAD)] * n
    for li, g in enumerate(groups):
        widths = [boxes[i][0] * scale for i in g]
        gap = ROW_GAP if len(g) > 1 else 0.0
        if sum(widths) + gap * (len(g) - 1) > avail_w and len(g) > 1:
            gap = (avail_w - sum(widths)) / (len(g) - 1)  # may be negative: a bounded overlap
        total = sum(widths) + gap * (len(g) - 1)
        x = row.centerx - total / 2
        cy = row.y + top_pad + li * (line_h + LINE_GAP) + scale * CARD[1] / 2
        for i, w in zip(g, widths):
            centers[i] = (x + w / 2, cy)
            bottoms[i] = row.y + ROW_PAD + li * (line_h + LINE_GAP) + line_h if lines > 1 else row.bottom - ROW_PAD
            x += w + gap
    return RowPlan(scale, lines, centers, tab, scale < PLATE_BELOW, bottoms)


def tracker_size(width: int, label: str, phases: list[str], current: str | None, seat_name: str,
                 start: int = 16, lowest: int = 9) -> int:
    """The largest text size (``start`` down to ``lowest``) at which the phase track (as PhaseTracker lays
    it out: turn label, chips with arrows, the seat to act on the right) fits in ``width`` px."""
    for size in range(start, lowest - 1, -1):
        need = 16 + (gfx.text_size(label, size + 1, True)[0] + 14 if label else 0)
        for i, ph in enumerate(phases):
            need += gfx.text_size(ph, size - 1, ph == current)[0] + 18 + (14 if i < len(phases) - 1 else 0)
        need += gfx.text_size(seat_name, size, True)[0] + 44 + 8
        if need <= width:
            return size
    return lowest


@dataclass(frozen=True)
class Target:
    """A drop target standing for a card or Sanctuary in play (the drop's meaning depends on what is dragged)."""

    iid: str


@dataclass(frozen=True)
class Zone:
    """A drop zone for untargeted plays: the battle row, the attachment column or the stack."""

    name: str


@dataclass
class Layout:
    """Where everything is this frame (computed from the view before regions and drawing)."""

    me: int = 0
    opp: int = 1
    band: dict[int, pygame.Rect] = field(default_factory=dict)
    sanct: dict[int, pygame.Rect] = field(default_factory=dict)
    att: dict[int, pygame.Rect] = field(default_factory=dict)
    row: dict[int, pygame.Rect] = field(default_factory=dict)
    piles: dict[int, pygame.Rect] = field(default_factory=dict)
    deck: dict[int, pygame.Rect] = field(default_factory=dict)
    discard: dict[int, pygame.Rect] = field(default_factory=dict)
    hand_pile: dict[int, pygame.Rect] = field(default_factory=dict)
    dial: dict[int, tuple[int, int]] = field(default_factory=dict)
    will: dict[int, pygame.Rect] = field(default_factory=dict)
    #: card instance -> (centre, angle shown, bounding rect)
    cards: dict[str, tuple[tuple[float, float], float, pygame.Rect]] = field(default_factory=dict)
    tabs: dict[str, pygame.Rect] = field(default_factory=dict)
    #: the face size of each Character in a row (smaller than CARD in a crowded row)
    card_size: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: cards and tabs of crowded rows: drawn small, their names on a readable plate
    compact: set[str] = field(default_factory=set)
    tiles: dict[str, pygame.Rect] = field(default_factory=dict)
    hand: list[tuple[str, Any]] = field(default_factory=list)          # (iid, Slot)
    stack: list[tuple[dict[str, Any], pygame.Rect]] = field(default_factory=list)
    stack_zone: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    prompt: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    mulligan: dict[str, pygame.Rect] = field(default_factory=dict)

    def rect_of(self, iid: str | None) -> pygame.Rect | None:
        """Return the on-screen rect of a card in play (card, tab or tile)."""
        if not iid:
            return None
        if iid in self.cards:
            return self.cards[iid][2]
        return self.tabs.get(iid) or self.tiles.get(iid)


WILL_FLOAT = (120, 170, 250)


def rot_rect(center: tuple[float, float], size: tuple[int, int], angle: float) -> pygame.Rect:
    """The bounding rect of a ``size`` card centred on ``center`` and turned by ``angle`` degrees."""
    a = math.radians(angle)
    w = abs(size[0] * math.cos(a)) + abs(size[1] * math.sin(a))
    h = abs(size[0] * math.sin(a)) + abs(size[1] * math.cos(a))
    r = pygame.Rect(0, 0, round(w), round(h))
    r.center = (round(center[0]), round(center[1]))
    return r


def shield_radius(face_w: int) -> int:
    """The radius of the current-Strength shield drawn on a card whose face is ``face_w`` wide."""
    return max(10, round(13 * min(1.0, face_w / CARD[0])))


def name_plate(name: str, width: int) -> tuple[list[str], int]:
    """Return the lines and text size of a name plate ``width`` px wide: one line at 11 or 10 px when it
    fits, else the largest size from 11 down to 8 at which the name fits on up to three lines without
    breaking a word; failing that, size 8 with a word too long for the plate (or a fourth line)
    shortened with "…"."""
    key = (name, width, gfx.text_scale())
    hit = _PLATES.get(key)
    if hit is None:
        if len(_PLATES) > 512:
            _PLATES.clear()
        hit = _PLATES[key] = uitext.plate_lines(name, width)
    return list(hit[0]), hit[1]


def put_line(records: list[Any], surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour: Any,
             align: str, left: int, width: int, bold: bool = False) -> pygame.Rect:
    """Draw a fitted line and record it in ``records`` with the width it must stay in."""
    rect = gfx.text(surface, text, pos, size, colour, align, bold=bold)
    if text:
        box = pygame.Rect(left, rect.y, width, rect.h)
        records.append(uitext.DrawnText(pygame.Rect(rect), box, text, size, text.endswith("…")))
    return rect


def seat_of(role: str, L: Layout) -> int:
    """The seat a pane's role stands for this frame ("me": the seat in front, "opp": the other one)."""
    return L.me if role == "me" else L.opp
