"""Curved arrows between cards on a table: attacks, blocks, duels, the target of a spell.

Why a module of its own: card tables point from one card to another (an
attacker to the sanctuary it hits, a blocker to its attacker, a spell on the
stack to its target, a dragged card to the mouse), and every card ruleset needs
the same readable arrow: a quadratic curve with a dark outline and a head at one
or both ends.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

import pygame

from game.ui import gfx

#: the duel mark's disc colour
DUEL_COLOUR = (236, 180, 50)


def bezier(p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], n: int = 18
           ) -> list[tuple[float, float]]:
    """Points along the quadratic curve from ``p0`` to ``p2`` pulled towards ``p1``."""
    return [((1 - u) ** 2 * p0[0] + 2 * (1 - u) * u * p1[0] + u * u * p2[0],
             (1 - u) ** 2 * p0[1] + 2 * (1 - u) * u * p1[1] + u * u * p2[1]) for u in (i / n for i in range(n + 1))]


def arrow(surface: pygame.Surface, start: Iterable[float], end: Iterable[float], colour: Any, bend: float = 0.15,
          both: bool = False, width: int = 6) -> pygame.Rect | None:
    """Draw a curved arrow with a dark outline (and a head at both ends when ``both``); returns the rect it
    covers (None when the ends are too close to draw anything)."""
    sx, sy = start
    ex, ey = end
    s, e = (float(sx), float(sy)), (float(ex), float(ey))
    dx, dy = e[0] - s[0], e[1] - s[1]
    length = math.hypot(dx, dy)
    if length < 8:
        return None
    ctrl = ((s[0] + e[0]) / 2 - dy * bend, (s[1] + e[1]) / 2 + dx * bend)
    pts = bezier(s, ctrl, e)
    head = 16
    pal = gfx.palette()

    def head_at(tip: tuple[float, float], frm: tuple[float, float]) -> list[tuple[float, float]]:
        ang = math.atan2(tip[1] - frm[1], tip[0] - frm[0])
        return [tip, (tip[0] - head * math.cos(ang - 0.45), tip[1] - head * math.sin(ang - 0.45)),
                (tip[0] - head * math.cos(ang + 0.45), tip[1] - head * math.sin(ang + 0.45))]

    covered: list[pygame.Rect] = []
    body = pts[1:-2] if both else pts[:-2]
    if len(body) >= 2:
        pygame.draw.lines(surface, pal.table_dark, False, body, width + 4)
        covered.append(pygame.draw.lines(surface, colour, False, body, width))
    heads = [head_at(pts[-1], pts[-3])]
    if both:
        heads.append(head_at(pts[0], pts[2]))
    for h in heads:
        covered.append(pygame.draw.polygon(surface, colour, h))
        pygame.draw.polygon(surface, pal.table_dark, h, 2)
    return covered[0].unionall(covered[1:])


def swords(surface: pygame.Surface, center: tuple[int, int], colour: Any = DUEL_COLOUR) -> pygame.Rect:
    """Draw the duel mark: two crossed blades in a gold disc; returns its rect."""
    pal = gfx.palette()
    cx, cy = center
    rect = pygame.draw.circle(surface, colour, center, 15)
    pygame.draw.circle(surface, pal.table_dark, center, 15, 2)
    for sgn in (-1, 1):
        pygame.draw.line(surface, pal.ink, (cx - 8 * sgn, cy - 8), (cx + 8 * sgn, cy + 8), 3)
        pygame.draw.line(surface, pal.ink, (cx - 8 * sgn + 3 * sgn, cy + 4), (cx - 4 * sgn + 3 * sgn, cy + 8), 2)
    return rect


def scroll_arrow(surface: pygame.Surface, rect: pygame.Rect, up: bool, enabled: bool, hovered: bool) -> None:
    """Draw a small scroll button with a triangle pointing up or down (greyed when it cannot scroll)."""
    pal = gfx.palette()
    bg = pal.accent if (hovered and enabled) else pal.panel_dark
    gfx.rounded_rect(surface, rect, bg, 6)
    gfx.rounded_rect(surface, rect, pal.edge, 6, 1)
    cx, cy = rect.center
    tip = [(cx - 7, cy + 4), (cx + 7, cy + 4), (cx, cy - 5)] if up else \
        [(cx - 7, cy - 4), (cx + 7, cy - 4), (cx, cy + 5)]
    pygame.draw.polygon(surface, pal.ink if enabled else pal.ink_soft, tip)
