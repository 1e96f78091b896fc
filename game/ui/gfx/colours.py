"""Palettes and colour roles (warm tabletop, Okabe-Ito), seat colours, seat symbols drawn as polygons, colour helpers."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

import pygame

Colour = tuple[int, int, int] | tuple[int, int, int, int]

# --------------------------------------------------------------------- palettes


@dataclass(frozen=True)
class Palette:
    """Named colour roles; scenes use roles, never raw colours, so palettes swap."""

    name: str
    table: Colour            # the tabletop behind everything
    table_dark: Colour       # vignette / tray floor
    felt: Colour             # play areas (dice tray, boards)
    panel: Colour            # parchment panels
    panel_dark: Colour       # panel headers, inactive buttons
    edge: Colour             # panel outlines
    ink: Colour              # main text on panels
    ink_soft: Colour         # secondary text
    ink_light: Colour        # text on dark backgrounds
    accent: Colour           # gold: focus, titles
    legal: Colour            # hover/drag highlight of a legal target
    illegal: Colour          # refusal
    good: Colour             # healing, success
    bad: Colour              # damage, failure
    shadow: Colour           # drop shadows (with alpha)
    die_body: Colour         # dice
    die_pip: Colour
    seats: tuple[Colour, ...] = field(default_factory=tuple)


WARM = Palette(
    name="warm",
    table=(92, 58, 38), table_dark=(58, 36, 24), felt=(38, 84, 62),
    panel=(240, 226, 196), panel_dark=(200, 178, 138), edge=(122, 86, 52),
    ink=(48, 32, 22), ink_soft=(110, 86, 64), ink_light=(248, 238, 218),
    accent=(226, 170, 60), legal=(120, 220, 120), illegal=(214, 72, 56),
    good=(64, 150, 80), bad=(196, 52, 40), shadow=(0, 0, 0, 90),
    die_body=(250, 246, 236), die_pip=(40, 30, 26),
    seats=((196, 60, 48), (52, 110, 186), (56, 146, 82), (214, 160, 40),
           (138, 72, 160), (38, 150, 160), (200, 100, 40), (90, 90, 90)),
)

# Okabe & Ito (2008) colour-universal-design palette; legal/illegal become
# blue/orange (distinguishable for deuteranopes), and shapes back every colour.
OKABE_ITO = Palette(
    name="okabe_ito",
    table=(70, 62, 56), table_dark=(44, 40, 36), felt=(40, 62, 80),
    panel=(246, 240, 228), panel_dark=(196, 188, 172), edge=(90, 80, 70),
    ink=(20, 20, 20), ink_soft=(80, 80, 80), ink_light=(250, 250, 245),
    accent=(240, 228, 66), legal=(86, 180, 233), illegal=(213, 94, 0),
    good=(0, 158, 115), bad=(213, 94, 0), shadow=(0, 0, 0, 100),
    die_body=(250, 250, 245), die_pip=(10, 10, 10),
    seats=((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66),
           (0, 114, 178), (213, 94, 0), (204, 121, 167), (30, 30, 30)),
)

PALETTES: dict[str, Palette] = {p.name: p for p in (WARM, OKABE_ITO)}
_palette: Palette = WARM

SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "hexagon", "cross", "ring")


def set_palette(name: str) -> Palette:
    """Make the palette called ``name`` current ("warm" or "okabe_ito"); unknown names keep warm."""
    global _palette
    _palette = PALETTES.get(name, WARM)
    return _palette


def palette() -> Palette:
    """Return the current palette."""
    return _palette


def seat_colour(i: int) -> Colour:
    """Return the colour of seat ``i`` in the current palette."""
    seats = _palette.seats
    return seats[i % len(seats)] if i >= 0 else _palette.ink_soft


def seat_symbol(i: int) -> str:
    """Return the symbol name of seat ``i`` (circle, triangle, square, diamond, ...)."""
    return SYMBOLS[i % len(SYMBOLS)] if i >= 0 else "ring"


def symbol_points(name: str, center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """Return the polygon of a symbol (circle-like symbols give a 24-gon)."""
    cx, cy = center
    r = radius

    def ring(n: int, rad: float, start: float) -> list[tuple[float, float]]:
        return [(cx + rad * math.cos(start + k * 2 * math.pi / n), cy + rad * math.sin(start + k * 2 * math.pi / n))
                for k in range(n)]

    if name == "triangle":
        return ring(3, r * 1.1, -math.pi / 2)
    if name == "square":
        return ring(4, r * 1.05, math.pi / 4)
    if name == "diamond":
        return ring(4, r * 1.1, -math.pi / 2)
    if name == "hexagon":
        return ring(6, r, 0.0)
    if name == "star":
        outer = ring(5, r * 1.15, -math.pi / 2)
        inner = ring(5, r * 0.5, -math.pi / 2 + math.pi / 5)
        return [p for pair in zip(outer, inner) for p in pair]
    if name == "cross":
        a, b = r * 0.36, r
        pts = [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b), (-a, a), (-b, a), (-b, -a), (-a, -a)]
        return [(cx + x, cy + y) for x, y in pts]
    return ring(24, r, 0.0)


def draw_symbol(surface: pygame.Surface, name: str, center: tuple[float, float], radius: float,
                colour: Colour, outline: Colour | None = None, width: int = 0) -> pygame.Rect:
    """Draw a seat symbol (filled, with an optional outline) and return its bounding rect."""
    pts = symbol_points(name, center, radius)
    if name == "ring":
        rect = pygame.draw.circle(surface, colour, (round(center[0]), round(center[1])), round(radius),
                                  max(2, round(radius / 3)))
        if outline:
            pygame.draw.circle(surface, outline, (round(center[0]), round(center[1])), round(radius), 1)
        return rect
    rect = pygame.draw.polygon(surface, colour, pts, width)
    if outline:
        pygame.draw.polygon(surface, outline, pts, max(1, round(radius / 8)))
    return rect


def draw_seat_badge(surface: pygame.Surface, seat: int, center: tuple[float, float], radius: float) -> pygame.Rect:
    """Draw seat ``seat``'s symbol in its colour with a dark outline (colour plus shape)."""
    return draw_symbol(surface, seat_symbol(seat), center, radius, seat_colour(seat), outline=_palette.ink)


def seat_ink(i: int, max_luminance: float = 105.0) -> Colour:
    """Return seat ``i``'s colour darkened enough to read as text on a light panel."""
    c = seat_colour(i)
    for k in range(11):
        cand = lerp_colour(c, _palette.ink, k / 10)
        r, g, b = cand[:3]
        if 0.2126 * r + 0.7152 * g + 0.0722 * b <= max_luminance:
            return cand  # type: ignore[return-value]
    return _palette.ink


def lerp_colour(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, ...]:
    """Blend two colours (t=0 gives a, t=1 gives b)."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def with_alpha(c: Sequence[int], alpha: int) -> tuple[int, int, int, int]:
    """Return the colour with the given alpha."""
    return (c[0], c[1], c[2], max(0, min(255, int(alpha))))


def readable_ink(background: Sequence[int]) -> Colour:
    """Return dark or light ink, whichever reads better on ``background``."""
    r, g, b = background[:3]
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return _palette.ink if lum > 140 else _palette.ink_light
