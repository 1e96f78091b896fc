"""Card art for the sanctuary table, drawn by code (frames, stats) with our own SVG emblems.

Why a module of its own: the table shows the same card at several sizes (hand,
battle row, zoom) and every face must be painted once and cached, not every
frame. A frame has the faction's colour and a shape per card type; the
faction emblem comes from ``assets/sanctuary/<faction>.svg`` (a generic one for
factions a modder adds). Text is drawn with fonts (nanosvg ignores ``<text>``).
The frame's geometry, badges, fitted names and rules text and the face cache are
the shared card kit's (``game.ui.cards.frame``); this module adds what is
sanctuary's own: faction colours and emblems, and which stats a card type shows.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pygame

from game.engine.i18n import localize, t
from game.ui import gfx
from game.ui import text as uitext
from game.ui.cards import frame
from game.ui.cards.frame import NAME_MIN_PX, FaceCache, badge

__all__ = ["FACTION_COLOURS", "NAME_MIN_PX", "back", "badge", "clear_cache", "emblem", "face", "faction_colours",
           "fit_line", "fit_name", "name_pitch", "paint_face"]

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

_faces = FaceCache()
_backs: dict[tuple, pygame.Surface] = {}


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
    surf = _backs.get(key)
    if surf is None:
        surf = _backs[key] = gfx.load_svg("sanctuary/back.svg", tuple(size))
    return surf


def clear_cache() -> None:
    """Forget every painted face (language, palette or text size changed)."""
    _faces.clear()
    _backs.clear()


#: faces narrower than this are thumbnails: too small to read a name, they paint none (the table, the rules
#: pictures and the piles name them beside the face, and its tooltip or zoom says it whole). The table's own
#: small faces say it themselves: a row card under a name plate passes ``named=False``, a row card without
#: one ``named=True``; every face the table names on its face is wider (hand 104, row 92, pile 112)
THUMB_W = 84


def face(cid: str, card: Any, size: tuple[int, int], lang: str, name_width: int | None = None,
         named: bool | None = None) -> pygame.Surface:
    """Return the painted face of card ``cid`` at ``size`` (cached); ``name_width``: only that much of the
    card shows from its left edge (a fanned hand), so its name fits there; ``named=False``: a thumbnail whose
    name the table prints beside it (the Sanctuary block, a pile) or on a plate over it (a small row card),
    painted without its name and type words (None: so is any face narrower than ``THUMB_W``)."""
    if named is None:
        named = size[0] >= THUMB_W
    return _faces.get((cid, lang, name_width, named), size,
                      lambda surf: paint_face(surf, surf.get_rect(), card, lang, name_width=name_width, named=named))


def name_pitch(size: int) -> int:
    """The line pitch of a two-line card name at ``size`` (the kit's ``text.name_pitch``)."""
    return uitext.name_pitch(size)


def fit_name(name: str, width: int, height: int, start: int, min_px: int = NAME_MIN_PX) -> tuple[list[str], int]:
    """Lay out a card name in ``width`` x ``height`` px (the kit's ``text.fit_name``). Returns (lines, size)."""
    return uitext.fit_name(name, width, height, start, min_px)


def fit_line(text: str, width: int, start: int, min_px: int = NAME_MIN_PX, bold: bool = True) -> tuple[str, int]:
    """One line of ``text`` in ``width`` px, shrunk to ``min_px`` screen px then cut with "…" (the kit's
    ``text.fit_line``). Returns (text, size)."""
    fitted = uitext.fit_line(text, width, start, bold=bold, min_px=min_px)
    return fitted.text, fitted.size


def paint_face(surface: pygame.Surface, rect: pygame.Rect, card: Any, lang: str, with_text: bool | None = None,
               name_width: int | None = None, named: bool = True) -> None:
    """Paint a card face into ``rect``: frame per type and faction, name, cost, emblem, stats (``named``: the
    name and type words too)."""
    pal = gfx.palette()
    ctype = card.type
    geo = frame.geometry_for(rect, localize(card.name, lang), ctype != "sanctuary", name_width) if named \
        else frame.geometry(rect)
    rect, s, R = geo.rect, geo.s, geo.R
    w, h = rect.size
    main, light = faction_colours(card.faction)
    accent = TYPE_ACCENT.get(ctype, pal.edge)
    x0, y0 = rect.topleft
    paper = frame.frame(surface, geo, main, light, accent, double_edge=ctype == "sanctuary")
    has_cost = ctype != "sanctuary"
    box = frame.name_box(geo, has_cost, name_width)
    if named:
        frame.draw_name(surface, localize(card.name, lang), box, frame.name_start(geo), pal.ink_light)
    # art window
    art = geo.art
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
    if named:
        frame.draw_type_line(surface, geo, t(f"sanctuary.type.{ctype}", lang), accent, name_width)
    # stats
    bottom = rect.bottom - round(14 * s)
    if ctype == "character":
        badge(surface, (rect.right - round(17 * s), bottom - round(2 * s)), round(13 * s), str(card.strength),
              STRENGTH_COLOUR, "shield")
    elif ctype == "technology":
        badge(surface, (rect.right - round(17 * s), bottom - round(2 * s)), round(12 * s), f"+{card.strength}",
              STRENGTH_COLOUR, "shield")
        frame.pips(surface, (x0 + round(9 * s), bottom + round(3 * s)), card.durability, max(2, round(4 * s)),
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
            top = geo.body_top
            if ctype in ("attachment", "sanctuary"):
                # a badge in each bottom corner (Structure left, Will right): the text stops above both
                box = R(8, top, 84, h / s - top - 32)
            else:
                box = R(8, top, 84 - (30 if ctype in ("character", "technology") else 0), h / s - top - 6)
            frame.draw_rules_text(surface, "\n".join(bits), box, max(8, round(9 * s)), pal.ink)
    elif card.effects or card.on_turn_start or card.abilities:
        # a small spark says "this card does something more": the zoom and tooltip tell what
        gfx.draw_symbol(surface, "star", geo.spark, max(3, round(4.5 * s)), pal.accent, outline=pal.ink)
    if has_cost:
        c = (x0 + round(12 * s), y0 + round(12 * s))
        pygame.draw.circle(surface, (236, 206, 120), c, round(11 * s))
        badge(surface, c, round(9 * s), str(card.cost), WILL_COLOUR)
