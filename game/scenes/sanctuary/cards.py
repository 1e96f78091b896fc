"""Card art for the sanctuary table, drawn by code (frames, stats) with our own SVG emblems.

Why a module of its own: the table shows the same card at several sizes (hand,
battle row, zoom) and every face must be painted once and cached, not every
frame. A frame has the faction's colour and a shape per card type; the
faction emblem comes from ``assets/sanctuary/<faction>.svg`` (a generic one for
factions a modder adds). Text is drawn with fonts (nanosvg ignores ``<text>``).
"""

from __future__ import annotations

import hashlib
import math
from typing import Any

import pygame

from game.engine.i18n import localize, t
from game.ui import gfx

#: faction -> (main colour, light colour); unknown factions get a colour from their name
FACTION_COLOURS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "ember": ((168, 58, 30), (246, 196, 150)),
    "tide": ((34, 96, 146), (180, 216, 236)),
    "grove": ((58, 116, 48), (196, 226, 170)),
    "gear": ((112, 92, 72), (222, 208, 186)),
    "neutral": ((112, 104, 92), (226, 220, 206)),
}
KNOWN_EMBLEMS = frozenset(FACTION_COLOURS)
WILL_COLOUR = (58, 96, 176)
STRENGTH_COLOUR = (150, 44, 34)
TYPE_ACCENT = {
    "character": (150, 44, 34), "attachment": (96, 96, 104), "technology": (70, 84, 96),
    "manipulation": (104, 62, 140), "sanctuary": (196, 150, 52),
}

_faces: dict[tuple, pygame.Surface] = {}


def faction_colours(faction: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Return (main, light) colours of a faction (a stable made-up pair for unknown ones)."""
    hit = FACTION_COLOURS.get(faction)
    if hit is not None:
        return hit
    h = hashlib.sha1(faction.encode("utf-8")).digest()
    main = (60 + h[0] % 120, 60 + h[1] % 120, 60 + h[2] % 120)
    light = tuple(min(255, 150 + c // 2) for c in main)
    return main, light  # type: ignore[return-value]


def emblem(faction: str, side: int) -> pygame.Surface:
    """Return the faction emblem rasterized at ``side`` px (neutral's for unknown factions)."""
    name = faction if faction in KNOWN_EMBLEMS else "neutral"
    return gfx.load_svg(f"sanctuary/{name}.svg", (side, side))


def back(size: tuple[int, int]) -> pygame.Surface:
    """Return the card back at ``size`` (cached here: resolving the asset path each frame is slow)."""
    key = ("back", tuple(size), gfx.palette().name)
    surf = _faces.get(key)
    if surf is None:
        surf = _faces[key] = gfx.load_svg("sanctuary/back.svg", tuple(size))
    return surf


def clear_cache() -> None:
    """Forget every painted face (language, palette or text size changed)."""
    _faces.clear()


def face(cid: str, card: Any, size: tuple[int, int], lang: str, name_width: int | None = None) -> pygame.Surface:
    """Return the painted face of card ``cid`` at ``size`` (cached); ``name_width``: only that much of the
    card shows from its left edge (a fanned hand), so its name fits there."""
    key = (cid, size, lang, gfx.palette().name, gfx.text_scale(), name_width)
    surf = _faces.get(key)
    if surf is None:
        if len(_faces) > 400:
            _faces.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        paint_face(surf, surf.get_rect(), card, lang, name_width=name_width)
        _faces[key] = surf
    return surf


def _pips(surface: pygame.Surface, left: tuple[int, int], n: int, r: int, colour: Any, filled: int | None = None,
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
    """Draw a round (or square) stat badge with a number."""
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


#: the smallest name text on a card face, in screen px (whatever the text-size setting)
NAME_MIN_PX = 8


def name_pitch(size: int) -> int:
    """The line pitch of a two-line card name at ``size`` (tighter than the font's line spacing)."""
    f = gfx.font(size, True)
    return max(1, round(f.get_ascent() * 0.95))


def fit_name(name: str, width: int, height: int, start: int, min_px: int = NAME_MIN_PX) -> tuple[list[str], int]:
    """Lay out a card name in ``width`` x ``height`` px: the largest size (from ``start`` down) at which it fits
    on one line, or on two lines broken only between words; failing that, the smallest size with the name
    shortened by "…" (the zoom and tooltip give it whole). Returns (lines, size)."""
    scale = gfx.text_scale()
    lowest = max(1, math.ceil(min_px / scale))
    start = max(start, lowest)
    words = name.split()

    def w(text: str, size: int) -> int:
        return gfx.font(size, True).size(text)[0]

    def one(size: int) -> bool:
        return w(name, size) <= width and gfx.font(size, True).get_ascent() * 1.05 <= height

    def two(size: int) -> list[str] | None:
        if len(words) < 2 or 2 * name_pitch(size) > height + 1:
            return None
        best = None
        for k in range(1, len(words)):
            a, b = " ".join(words[:k]), " ".join(words[k:])
            m = max(w(a, size), w(b, size))
            if m <= width and (best is None or m < best[0]):
                best = (m, [a, b])
        return best[1] if best else None

    one_at = next((sz for sz in range(start, lowest - 1, -1) if one(sz)), None)
    two_at = next(((sz, ls) for sz in range(start, lowest - 1, -1) if (ls := two(sz)) is not None), None)
    if one_at is not None and (two_at is None or one_at >= two_at[0] * 0.85):
        return [name], one_at
    if two_at is not None:
        return two_at[1], two_at[0]
    size = lowest

    def cut(text: str) -> str:
        while len(text) > 1 and w(text.rstrip() + "…", size) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    if len(words) > 1 and 2 * name_pitch(size) <= height + 1:  # the first words whole, the rest shortened
        first = words[0]
        k = 1
        while k < len(words) and w(" ".join(words[:k + 1]), size) <= width:
            k += 1
        first = " ".join(words[:k])
        if w(first, size) <= width and k < len(words):
            rest = " ".join(words[k:])
            return [first, rest if w(rest, size) <= width else cut(rest)], size
    return [name if w(name, size) <= width else cut(name)], size


def fit_line(text: str, width: int, start: int, min_px: int = NAME_MIN_PX, bold: bool = True) -> tuple[str, int]:
    """One line of ``text`` in ``width`` px: the largest size from ``start`` down to ``min_px`` screen px at
    which it fits, else that smallest size with the text shortened by "…". Returns (text, size)."""
    lowest = max(1, math.ceil(min_px / gfx.text_scale()))
    for size in range(max(start, lowest), lowest - 1, -1):
        if gfx.font(size, bold).size(text)[0] <= width:
            return text, size
    f = gfx.font(lowest, bold)
    while len(text) > 1 and f.size(text.rstrip() + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…", lowest


def paint_face(surface: pygame.Surface, rect: pygame.Rect, card: Any, lang: str, with_text: bool | None = None,
               name_width: int | None = None) -> None:
    """Paint a card face into ``rect``: frame per type and faction, name, cost, emblem, stats."""
    pal = gfx.palette()
    rect = pygame.Rect(rect)
    w, h = rect.size
    s = w / 100.0
    main, light = faction_colours(card.faction)
    ctype = card.type
    accent = TYPE_ACCENT.get(ctype, pal.edge)
    x0, y0 = rect.topleft

    def R(x: float, y: float, ww: float, hh: float) -> pygame.Rect:
        return pygame.Rect(round(x0 + x * s), round(y0 + y * s), max(1, round(ww * s)), max(1, round(hh * s)))

    radius = max(4, round(7 * s))
    pygame.draw.rect(surface, main, rect, border_radius=radius)
    if ctype == "sanctuary":
        pygame.draw.rect(surface, accent, rect.inflate(-round(3 * s), -round(3 * s)), max(1, round(2 * s)),
                         border_radius=radius)
    inner = rect.inflate(-round(7 * s), -round(7 * s))
    paper = gfx.lerp_colour(pal.panel, light, 0.45)
    pygame.draw.rect(surface, paper, inner, border_radius=max(3, round(5 * s)))
    # name band
    band = R(4, 4, 92, 21)
    pygame.draw.rect(surface, gfx.lerp_colour(main, (0, 0, 0), 0.15), band, border_radius=max(2, round(4 * s)))
    has_cost = ctype != "sanctuary"
    name = localize(card.name, lang)
    name_left = band.x + round((22 if has_cost else 5) * s)
    name_w = band.right - name_left - round(3 * s)
    box = pygame.Rect(name_left, band.y, name_w, band.h)
    if name_width is not None:  # only part of the card shows (a fanned hand): the name fits that part
        box.w = max(8, min(box.w, x0 + name_width - name_left - round(2 * s)))
    lines, size2 = fit_name(name, box.w, box.h, start=max(6, round(12 * s)))
    lh = name_pitch(size2)
    top = box.centery - lh * len(lines) / 2
    for i, line in enumerate(lines):
        gfx.text(surface, line, (name_left, round(top + i * lh + lh / 2)), size2, pal.ink_light, "midleft",
                 bold=True)
    # art window
    art = R(7, 27, 86, 52)
    for k in range(art.h):
        c = gfx.lerp_colour(light, main, k / max(1, art.h - 1) * 0.85)
        pygame.draw.line(surface, c, (art.x, art.y + k), (art.right - 1, art.y + k))
    if ctype == "attachment":  # an arch
        pygame.draw.rect(surface, paper, (art.x, art.y, art.w, round(10 * s)))
        pygame.draw.ellipse(surface, gfx.lerp_colour(light, main, 0.1), (art.x, art.y, art.w, round(22 * s)))
    side = round(min(art.w, art.h) * 0.8)
    em = emblem(card.faction, side)
    surface.blit(em, em.get_rect(center=art.center))
    if ctype == "manipulation":
        pygame.draw.circle(surface, accent, art.center, round(side * 0.62), max(1, round(2 * s)))
    pygame.draw.rect(surface, accent, art, max(1, round(2 * s)), border_radius=max(2, round(3 * s)))
    if ctype == "technology":  # rivets
        for cx, cy in ((art.x + 4 * s, art.y + 4 * s), (art.right - 4 * s, art.y + 4 * s),
                       (art.x + 4 * s, art.bottom - 4 * s), (art.right - 4 * s, art.bottom - 4 * s)):
            pygame.draw.circle(surface, (200, 200, 206), (round(cx), round(cy)), max(2, round(2.2 * s)))
            pygame.draw.circle(surface, pal.ink, (round(cx), round(cy)), max(2, round(2.2 * s)), 1)
    # type line
    type_word = t(f"sanctuary.type.{ctype}", lang)
    type_w = round(84 * s) if name_width is None else max(8, min(round(84 * s), name_width - round(10 * s)))
    tstart = gfx.fit_text_size(type_word, 10 ** 6, round(14 * s), start=max(7, round(10 * s)), minimum=1, bold=True)
    type_word, tsize = fit_line(type_word, type_w, start=tstart, min_px=7)
    gfx.text(surface, type_word, (x0 + round(8 * s), y0 + round(81 * s)), tsize, accent, bold=True)
    # stats
    bottom = rect.bottom - round(14 * s)
    if ctype == "character":
        badge(surface, (rect.right - round(17 * s), bottom - round(2 * s)), round(13 * s), str(card.strength),
              STRENGTH_COLOUR, "shield")
    elif ctype == "technology":
        badge(surface, (rect.right - round(17 * s), bottom - round(2 * s)), round(12 * s), f"+{card.strength}",
              STRENGTH_COLOUR, "shield")
        _pips(surface, (x0 + round(9 * s), bottom + round(3 * s)), card.durability, max(2, round(4 * s)),
              (214, 176, 70), max_w=round(58 * s))
    elif ctype == "attachment":
        badge(surface, (x0 + round(18 * s), bottom - round(2 * s)), round(11 * s), f"+{card.structure}",
              (120, 120, 128), "square")
        badge(surface, (rect.right - round(18 * s), bottom - round(2 * s)), round(11 * s), f"+{card.will}",
              WILL_COLOUR)
    elif ctype == "sanctuary":
        badge(surface, (x0 + round(18 * s), bottom - round(2 * s)), round(12 * s), str(card.structure),
              (120, 120, 128), "square")
        badge(surface, (rect.right - round(18 * s), bottom - round(2 * s)), round(12 * s), f"+{card.will}",
              WILL_COLOUR)
    if with_text is None:
        with_text = w >= 150
    if with_text:
        from game.rulesets.sanctuary.text import effects_text

        bits = []
        if card.effects:
            bits.append(effects_text(card.effects, lang))
        if card.on_turn_start:
            bits.append(effects_text(card.on_turn_start, lang))
        for ab in card.abilities:
            bits.append(f"{localize(ab.name, lang)}: {effects_text(ab.effects, lang)}")
        if bits:
            box = R(8, 94, 84 - (30 if ctype in ("character", "technology", "attachment", "sanctuary") else 0),
                    h / s - 100)
            body = "\n".join(bits)
            sz = max(8, round(9 * s))
            while sz > 8 and gfx.text_size(body, sz, max_width=box.w)[1] > box.h:
                sz -= 1
            clip = surface.get_clip()
            surface.set_clip(box)
            gfx.text(surface, body, box.topleft, sz, pal.ink, max_width=box.w)
            surface.set_clip(clip)
    elif card.effects or card.on_turn_start or card.abilities:
        # a small spark says "this card does something more": the zoom and tooltip tell what
        gfx.draw_symbol(surface, "star", (x0 + round(12 * s), y0 + round(100 * s)), max(3, round(4.5 * s)),
                        pal.accent, outline=pal.ink)
    if has_cost:
        c = (x0 + round(12 * s), y0 + round(12 * s))
        pygame.draw.circle(surface, (236, 206, 120), c, round(11 * s))
        badge(surface, c, round(9 * s), str(card.cost), WILL_COLOUR)
