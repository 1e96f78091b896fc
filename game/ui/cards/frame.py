"""A card's frame: where the name, art, type line and rules text go, badges, and cached faces.

Why a module of its own: every card ruleset (sanctuary now, quest next) paints
cards at several sizes (hand, table row, overlay, zoom) and must paint each face
once, not every frame. The frame's parts are laid out in card units (a card is
100 units wide) and the text parts grow with the text-size setting: at larger
text the name band and the type line get taller and the art window gives them
the room, so card names and card text follow the setting instead of shrinking
back to fit a fixed band (a card already large enough to read, a zoom, keeps
its proportions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.ui import gfx
from game.ui import text as uitext
from game.ui.cards.names import fit_card_name
from game.ui.layers import settings_key

#: the smallest name text on a card face, in screen px at normal text (logical px at larger text)
NAME_MIN_PX = 8


#: what separates the kind from its traits on a type line ("Ally · scout"): traits go first when room is short
TYPE_SEP = " · "

#: cards at least this wide (a zoom) are large enough to read: their text parts do not grow
READABLE_W = 150
#: cards up to this wide get the whole growth (hand, row, pile); between the two it fades out
SMALL_W = 100


def text_growth(width: int = SMALL_W) -> float:
    """How much taller the text parts of a card ``width`` px wide are than at normal text (1.0 at normal and
    smaller text, and for cards large enough to read at any text size)."""
    fade = max(0.0, min(1.0, (READABLE_W - width) / (READABLE_W - SMALL_W)))
    return 1.0 + (max(1.0, gfx.text_scale()) - 1.0) * fade


@dataclass(frozen=True)
class CardGeometry:
    """The parts of a card face painted into ``rect`` (see ``geometry``)."""

    rect: pygame.Rect
    s: float                  # px per card unit
    band: pygame.Rect         # the name band across the top
    art: pygame.Rect          # the art window
    type_pos: tuple[int, int]  # top-left of the type line
    type_h: int               # its height
    body_top: float           # card units: where the rules text starts
    spark: tuple[int, int]    # where the "more text" spark goes when the text is not shown

    def R(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect in card units, relative to the card's top-left."""
        s = self.s
        x0, y0 = self.rect.topleft
        return pygame.Rect(round(x0 + x * s), round(y0 + y * s), max(1, round(w * s)), max(1, round(h * s)))


def geometry(rect: pygame.Rect, tall_name: bool = False) -> CardGeometry:
    """Lay a card face out in ``rect``; the name band and the type line grow with the text size
    (``tall_name``: the band has room for a third line at any text size, the art window gives it)."""
    rect = pygame.Rect(rect)
    s = rect.w / 100.0
    g = text_growth(rect.w)
    band_h = 21 * g + 12 * (g - 1)  # at huge text the band holds a long name on three lines
    if tall_name:
        band_h = max(band_h, 33.0)
    art_y = 6 + band_h
    type_h = 14 * g
    art_h = max(20.0, 52 - (band_h - 21) - (type_h - 14))
    type_y = art_y + art_h + 2
    x0, y0 = rect.topleft
    geo = CardGeometry(rect, s, pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0),
                       (x0 + round(8 * s), y0 + round(type_y * s)), round(type_h * s), type_y + type_h - 1,
                       (x0 + round(12 * s), y0 + round((type_y + 19) * s)))
    object.__setattr__(geo, "band", geo.R(4, 4, 92, band_h))
    object.__setattr__(geo, "art", geo.R(7, art_y, 86, art_h))
    return geo


def frame(surface: pygame.Surface, geo: CardGeometry, main: Any, light: Any, accent: Any,
          double_edge: bool = False) -> Any:
    """Paint the border, the paper and the name band; returns the paper colour."""
    pal = gfx.palette()
    s = geo.s
    rect = geo.rect
    radius = max(4, round(7 * s))
    pygame.draw.rect(surface, main, rect, border_radius=radius)
    if double_edge:
        pygame.draw.rect(surface, accent, rect.inflate(-round(3 * s), -round(3 * s)), max(1, round(2 * s)),
                         border_radius=radius)
    inner = rect.inflate(-round(7 * s), -round(7 * s))
    paper = gfx.lerp_colour(pal.panel, light, 0.45)
    pygame.draw.rect(surface, paper, inner, border_radius=max(3, round(5 * s)))
    pygame.draw.rect(surface, gfx.lerp_colour(main, (0, 0, 0), 0.15), geo.band, border_radius=max(2, round(4 * s)))
    return paper


def name_box(geo: CardGeometry, has_cost: bool, name_width: int | None = None) -> pygame.Rect:
    """Where the name goes in the band (after the cost disc); ``name_width``: only that much of the card
    shows from its left edge (a fanned hand), so the name fits there."""
    s = geo.s
    band = geo.band
    left = band.x + round((22 if has_cost else 5) * s)
    box = pygame.Rect(left, band.y, band.right - left - round(3 * s), band.h)
    if name_width is not None:
        box.w = max(8, min(box.w, geo.rect.x + name_width - left - round(2 * s)))
    return box


def name_start(geo: CardGeometry) -> int:
    """The size a card name starts from (it shrinks from there to fit its box)."""
    return max(6, round(12 * geo.s))


def name_cut(geo: CardGeometry, name: str, has_cost: bool, name_width: int | None = None) -> bool:
    """True when ``name`` would be shortened with "…" in the name box of ``geo``."""
    box = name_box(geo, has_cost, name_width)
    lines, _size = fit_card_name(name, box.w, box.h, start=name_start(geo), min_px=NAME_MIN_PX)
    return any(line.endswith(uitext.ELLIPSIS) for line in lines)


def geometry_for(rect: pygame.Rect, name: str, has_cost: bool, name_width: int | None = None) -> CardGeometry:
    """The face's layout for a card called ``name``: the usual band, or the tall one (a third line, taken from
    the art window) when the name would be cut in the usual band (names are never cut where a line can go)."""
    geo = geometry(rect)
    if name and name_cut(geo, name, has_cost, name_width):
        return geometry(rect, tall_name=True)
    return geo


def draw_name(surface: pygame.Surface, name: str, box: pygame.Rect, start: int, colour: Any) -> tuple[list[str], int]:
    """Draw a card name in ``box`` (one line, two between words or at a syllable of a long word, or shortened
    when not even that fits); returns (lines, size)."""
    lines, size = fit_card_name(name, box.w, box.h, start=start, min_px=NAME_MIN_PX)
    lh = uitext.name_pitch(size)
    top = box.centery - lh * len(lines) / 2
    for i, line in enumerate(lines):
        gfx.text(surface, line, (box.x, round(top + i * lh + lh / 2)), size, colour, "midleft", bold=True)
    return lines, size


def fit_type_line(geo: CardGeometry, word: str, name_width: int | None = None) -> uitext.Fitted:
    """The type word fitted to the visible width (``name_width``, as for ``name_box``) and the line's height;
    a type line listing traits after the kind (" · ") drops traits from the end before it would be cut."""
    s = geo.s
    width = round(84 * s) if name_width is None else max(8, min(round(84 * s), name_width - round(10 * s)))
    start = gfx.fit_text_size(word, 10 ** 6, geo.type_h, start=max(7, round(10 * s)), minimum=1,
                              bold=True)
    fitted = uitext.fit_line(word, width, start, bold=True, min_px=7)
    parts = word.split(TYPE_SEP)
    while fitted.cut and len(parts) > 1:  # "Ally · scout, soldier": the kind whole before its traits
        parts.pop()
        fitted = uitext.fit_line(TYPE_SEP.join(parts), width, start, bold=True, min_px=7)
    return fitted


def draw_type_line(surface: pygame.Surface, geo: CardGeometry, word: str, colour: Any,
                   name_width: int | None = None) -> uitext.Fitted:
    """Draw the type word under the art, fitted to the visible width and the line's height."""
    fitted = fit_type_line(geo, word, name_width)
    gfx.text(surface, fitted.text, geo.type_pos, fitted.size, colour, bold=True)
    return fitted


def draw_rules_text(surface: pygame.Surface, body: str, box: pygame.Rect, start: int, colour: Any,
                    minimum: int = 8) -> uitext.Block:
    """Draw a card's rules text wrapped into ``box``: smaller down to ``minimum``, then cut with "…"."""
    fitted = uitext.fit_block(body, box.w, box.h, start, minimum)
    clip = surface.get_clip()
    surface.set_clip(box)
    gfx.text(surface, "\n".join(fitted.lines), box.topleft, fitted.size, colour)
    surface.set_clip(clip)
    return fitted


def pips(surface: pygame.Surface, left: tuple[int, int], n: int, r: int, colour: Any, filled: int | None = None,
         max_w: int = 200) -> None:
    """Draw ``n`` pips from ``left`` (the first ``filled`` solid, the rest hollow)."""
    filled = n if filled is None else filled
    step = min(2 * r + 3, max_w // max(1, n)) if n else 0
    pal = gfx.palette()
    for i in range(n):
        c = (left[0] + r + i * step, left[1])
        if i < filled:
            pygame.draw.circle(surface, colour, c, r)
        pygame.draw.circle(surface, pal.ink, c, r, 1)


def badge(surface: pygame.Surface, center: tuple[int, int], r: int, value: str, colour: Any,
          shape: str = "circle", ink: Any = None) -> pygame.Rect:
    """Draw a round, square or shield stat badge with a number."""
    pal = gfx.palette()
    if shape == "square":
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = center
        pygame.draw.rect(surface, colour, rect, border_radius=max(2, r // 3))
        pygame.draw.rect(surface, pal.ink, rect, max(1, r // 7), border_radius=max(2, r // 3))
    elif shape == "shield":
        cx, cy = center
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r * 0.2), (cx, cy + r * 1.15), (cx - r, cy + r * 0.2)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, pal.ink, pts, max(1, r // 7))
        rect = pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)
    else:
        rect = pygame.draw.circle(surface, colour, center, r)
        pygame.draw.circle(surface, pal.ink, center, r, max(1, r // 7))
    size = gfx.fit_text_size(value, round(r * 1.8), round(r * 1.7), start=max(8, round(r * 1.35)), bold=True)
    gfx.text(surface, value, (center[0], center[1] - (r * 0.08 if shape == "shield" else 0)), size,
             ink or pal.ink_light, "center", bold=True)
    return rect


class FaceCache:
    """Painted card faces keyed by card, size, language and the look settings (palette, text size)."""

    def __init__(self, max_faces: int = 400) -> None:
        self.max_faces = max_faces
        self._faces: dict[tuple, pygame.Surface] = {}

    def get(self, key: tuple, size: tuple[int, int], paint: Callable[[pygame.Surface], Any]) -> pygame.Surface:
        """The face for ``key`` at ``size``, painted with ``paint(surface)`` on a miss."""
        full = (key, tuple(size), settings_key())
        surf = self._faces.get(full)
        if surf is None:
            if len(self._faces) > self.max_faces:
                self._faces.clear()
            surf = pygame.Surface(tuple(size), pygame.SRCALPHA)
            paint(surf)
            self._faces[full] = surf
        return surf

    def clear(self) -> None:
        """Forget every painted face (language, palette or text size changed)."""
        self._faces.clear()

    def __len__(self) -> int:
        return len(self._faces)
