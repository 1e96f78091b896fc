"""Card art for the quest table, drawn by code (frames, stats) over our own SVG emblems and backs.

Why a module of its own: the quest table shows the same card at several sizes (hand, a hero on the
table, the staging area, a pile overlay, the zoom) and every face must be painted once and cached.
Player cards (hero, ally, attachment, event) wear their sphere's colour and emblem
(``assets/quest/emblem_<emblem>.svg``); encounter cards (enemy, location, treachery) a dark frame
of their own. The shared card kit (``game.ui.cards.frame``) lays the face out and fits its text;
this module adds what is the quest's own: sphere colours, which stats a kind shows, the backs, and a
name band that grows on the table's small faces until the name reads whole (``name_fit``; issue 15).

A card definition is read by attribute or key (``kind``, ``name``, ``sphere``, ``cost``, ``threat``,
``willpower``, ``attack``, ``defense``, ``hp``, ``engagement``, ``quest_points``, ``keywords``,
``traits``, ``text``): level data as the rules load it.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

import pygame

from game.engine.i18n import has, localize, t
from game.ui import gfx
from game.ui import text as uitext
from game.ui.cards import frame
from game.ui.cards.frame import FaceCache, badge
from game.ui.cards.hand import narrowest
from game.ui.cards.names import fit_card_name, hyphenated

#: sphere id -> (main, light) colours of the shipped spheres; a level's ``colour`` wins, others get one from their id
SPHERE_COLOURS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "hearth": ((190, 100, 36), (246, 208, 160)),
    "steel": ((98, 110, 128), (212, 220, 230)),
    "root": ((70, 120, 52), (200, 228, 176)),
    "tide": ((40, 104, 152), (182, 214, 238)),
    "neutral": ((112, 104, 92), (226, 220, 206)),
}
#: the emblems shipped in assets/quest/ (a sphere names one with its ``emblem`` field)
EMBLEMS = ("flame", "blade", "leaf", "wave", "star")
#: the emblem of a sphere that names none we ship
SPHERE_EMBLEMS = {"hearth": "flame", "steel": "blade", "root": "leaf", "tide": "wave", "neutral": "star"}
ENCOUNTER = ((58, 50, 36), (206, 192, 160))
KIND_ACCENT = {"enemy": (150, 44, 34), "location": (70, 110, 70), "treachery": (104, 62, 140),
               "hero": (196, 150, 52), "ally": (90, 90, 98), "attachment": (96, 96, 104), "event": (120, 80, 40)}
PLAYER_KINDS = ("hero", "ally", "attachment", "event")
ENCOUNTER_KINDS = ("enemy", "location", "treachery")

# stat colours: willpower, attack, defense, hit points, threat, progress
WILL = (72, 112, 190)
ATTACK = (172, 52, 40)
DEFENSE = (110, 110, 120)
HP = (60, 130, 70)
THREAT = (110, 52, 136)
PROGRESS = (214, 176, 70)
STAT_COLOURS = {"willpower": WILL, "attack": ATTACK, "defense": DEFENSE, "hp": HP, "threat": THREAT}

_faces = FaceCache()
_backs: dict[tuple, pygame.Surface] = {}
_strips: dict[tuple, int] = {}
_fits: dict[tuple, tuple[frame.CardGeometry, list[str], int]] = {}


def field(card: Any, name: str, default: Any = None) -> Any:
    """A field of a card definition (an attribute or a key), ``default`` when missing."""
    if isinstance(card, dict):
        return card.get(name, default)
    return getattr(card, name, default)


def num(card: Any, name: str) -> int | None:
    """An integer stat of a card (None when it has none)."""
    v = field(card, name)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def sphere_colours(sphere: str | None) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """Return (main, light) colours of a sphere (a stable made-up pair for a modder's sphere)."""
    sphere = sphere or "neutral"
    hit = SPHERE_COLOURS.get(sphere)
    if hit is not None:
        return hit
    h = hashlib.sha1(sphere.encode("utf-8")).digest()
    main = (60 + h[0] % 120, 60 + h[1] % 120, 60 + h[2] % 120)
    light = tuple(min(255, 150 + c // 2) for c in main)
    return main, light  # type: ignore[return-value]


def emblem(name: str | None, side: int) -> pygame.Surface:
    """The emblem ``name`` rasterized at ``side`` px (a made-up sphere gets one of ours by its id)."""
    name = SPHERE_EMBLEMS.get(name or "neutral", name or "star")
    if name not in EMBLEMS:
        name = EMBLEMS[hashlib.sha1(name.encode("utf-8")).digest()[0] % (len(EMBLEMS) - 1)]
    return gfx.load_svg(f"quest/emblem_{name}.svg", (side, side))


def back(size: tuple[int, int], encounter: bool = False) -> pygame.Surface:
    """The player (or encounter) card back at ``size`` (cached)."""
    key = (encounter, tuple(size))
    surf = _backs.get(key)
    if surf is None:
        surf = _backs[key] = gfx.load_svg(f"quest/back_{'encounter' if encounter else 'player'}.svg", tuple(size))
    return surf


def clear_cache() -> None:
    """Forget every painted face (language, palette or text size changed)."""
    _faces.clear()
    _backs.clear()
    _strips.clear()
    _fits.clear()


def is_encounter(card: Any) -> bool:
    """True for an encounter card (enemy, location, treachery)."""
    return field(card, "kind") in ENCOUNTER_KINDS


def kind_word(card: Any, lang: str) -> str:
    """The type line: the kind's name and the card's traits."""
    kind = field(card, "kind") or "?"
    word = t(f"quest_scene.kind.{kind}", lang) if kind in PLAYER_KINDS + ENCOUNTER_KINDS else str(kind)
    traits = [t(f"quest_scene.trait.{x}", lang) if has(f"quest_scene.trait.{x}") else x
              for x in (field(card, "traits") or ()) if isinstance(x, str)]
    return word + (" · " + ", ".join(traits[:2]) if traits else "")


def type_line(card: Any, lang: str, geo: Any, name_width: int | None) -> str:
    """The type line that fits the card whole (issue 15: "Aliado · explorad…" on small cards): the kind and
    traits, else the kind alone, else none (a card too small for its kind's word; its tooltip says it)."""
    from game.ui import text as uitext

    if geo.type_h <= 0:  # a face whose name took the type line's room
        return ""
    s = geo.s
    width = round(84 * s) if name_width is None else max(8, min(round(84 * s), name_width - round(10 * s)))
    kind = field(card, "kind") or "?"
    alone = t(f"quest_scene.kind.{kind}", lang) if kind in PLAYER_KINDS + ENCOUNTER_KINDS else str(kind)
    for word in (kind_word(card, lang), alone):
        start = gfx.fit_text_size(word, 10 ** 6, geo.type_h, start=max(7, round(10 * s)), minimum=1, bold=True)
        if not uitext.fit_line(word, width, start, bold=True, min_px=7).cut:
            return word
    return ""


#: keywords that carry a number on the card (shown even when the keyword list omits them)
NUMBERED = ("doomed", "archery", "victory")


def keywords(card: Any) -> list[str]:
    """The card's keywords (ids), numbered ones (doomed 2, archery 1, victory 3) included when non-zero."""
    out = [str(k) for k in (field(card, "keywords") or ()) if isinstance(k, str)]
    return out + [k for k in NUMBERED if k not in out and (num(card, k) or 0) > 0]


#: faces narrower than this are thumbnails (a partner's strip, the top of a pile): too small to hold a readable
#: name, they paint none; the table prints the name beside them where it has the room (the partner's strip), a
#: pile's overlay shows its cards large, and the tooltip or the zoom shows the whole card
THUMB_W = 50
#: the least art a face keeps (card units) when its name band grows to hold a long name on more lines
MIN_ART = 20.0
#: the most lines a name takes on a small face ("Enjambre" / "de" / "sanguijue-" / "las")
MAX_NAME_LINES = 4


def face(cid: str, card: Any, size: tuple[int, int], lang: str, name_width: int | None = None,
         sphere_look: Any = None, named: bool | None = None) -> pygame.Surface:
    """The painted face of card ``cid`` at ``size`` (cached); ``name_width``: only that much shows from the
    card's left edge (a fanned hand). ``sphere_look(sphere) -> (main, light, emblem)`` overrides colours;
    ``named=False``: a thumbnail painted without its name and type words (None: so is a face narrower than
    ``THUMB_W``)."""
    if named is None:
        named = size[0] >= THUMB_W
    return _faces.get((cid, lang, name_width, sphere_look is None, named), size,
                      lambda surf: paint_face(surf, surf.get_rect(), card, lang, name_width, sphere_look,
                                              named=named))


def _name_start(geo: frame.CardGeometry) -> int:
    """The size a face's name starts fitting from (smaller when it must)."""
    return max(6, round(12 * geo.s))


def name_fit(rect: pygame.Rect, name: str, has_cost: bool,
             name_width: int | None = None) -> tuple[frame.CardGeometry, list[str], int]:
    """The face's geometry with a name band tall enough for ``name`` uncut at a readable size, and the name's
    (lines, size) in it (issue 15: "Wre…", "Ginocchio d…", "della Palu…" on the table's small faces). The
    kit's band holds two lines; a long name on a small face gets more lines (up to ``MAX_NAME_LINES``), the
    art window giving up the room down to ``MIN_ART`` card units, then the type line. Cut with "…" only when
    even that is too small. Cached per name, face and text size (a hand's fan asks for many strips)."""
    key = (name, has_cost, tuple(rect), name_width, gfx.text_scale())
    hit = _fits.get(key)
    if hit is None:
        if len(_fits) > 4096:
            _fits.clear()
        hit = _fits[key] = _name_fit(pygame.Rect(rect), name, has_cost, name_width)
    return hit[0], list(hit[1]), hit[2]


def _name_fit(rect: pygame.Rect, name: str, has_cost: bool,
              name_width: int | None) -> tuple[frame.CardGeometry, list[str], int]:
    geo = frame.geometry(rect)
    s = geo.s
    box = frame.name_box(geo, has_cost, name_width)
    lines, size = fit_card_name(name, box.w, box.h, _name_start(geo), frame.NAME_MIN_PX)
    if not _cut(lines):
        return geo, lines, size
    art_room = geo.art.h - round(MIN_ART * s)
    type_room = geo.type_pos[1] + geo.type_h - geo.art.bottom  # the type line and the gap above it
    step = max(1, uitext.name_pitch(uitext.readable_min(frame.NAME_MIN_PX)) // 2)
    for grow in range(step, art_room + type_room + 1, step):
        if grow <= art_room:  # the art window gives up the room
            art = pygame.Rect(geo.art.x, geo.art.y + grow, geo.art.w, geo.art.h - grow)
            tall = dataclasses.replace(geo, band=pygame.Rect(geo.band.x, geo.band.y, geo.band.w, geo.band.h + grow),
                                       art=art)
        else:  # then the type line too (a face too small for both; its tooltip and zoom say the type)
            art = pygame.Rect(geo.art.x, geo.art.y + grow, geo.art.w, geo.art.h - art_room)
            tall = dataclasses.replace(geo, band=pygame.Rect(geo.band.x, geo.band.y, geo.band.w, geo.band.h + grow),
                                       art=art, type_h=0)
        box = frame.name_box(tall, has_cost, name_width)
        grown = fit_card_name(name, box.w, box.h, _name_start(tall), frame.NAME_MIN_PX)
        if not _cut(grown[0]):
            return tall, grown[0], grown[1]
        more = hyphenated(name, box.w, box.h, _name_start(tall), frame.NAME_MIN_PX, max_lines=MAX_NAME_LINES)
        if more is not None:
            return tall, more[0], more[1]
    return geo, lines, size


def _cut(lines: list[str]) -> bool:
    return any(line.endswith(uitext.ELLIPSIS) for line in lines)


def name_strip(card: Any, lang: str, size: tuple[int, int]) -> int:
    """The narrowest part of a ``size`` face, from its left edge, that shows its name uncut and as large as the
    whole face does, and the same type line (a fanned hand steps this wide; the card's width when even the
    whole face cuts its name)."""
    name = localize(field(card, "name") or "?", lang)
    has_cost = _corner(card, field(card, "kind") or "?") is not None
    key = (name, kind_word(card, lang), has_cost, tuple(size), gfx.text_scale())
    hit = _strips.get(key)
    if hit is not None:
        return hit
    rect = pygame.Rect(0, 0, *size)
    geo, lines, whole = name_fit(rect, name, has_cost)
    typed = type_line(card, lang, geo, None)
    best = size[0]
    if not _cut(lines):
        def shows(strip: int) -> bool:
            geo, lines, got = name_fit(rect, name, has_cost, strip)
            return not _cut(lines) and got >= whole and type_line(card, lang, geo, strip) == typed

        best = narrowest(size[0], shows)
    if len(_strips) > 2048:
        _strips.clear()
    _strips[key] = best
    return best


def _stats(card: Any) -> list[tuple[str, int]]:
    """The stat badges along the bottom of a face, in order."""
    kind = field(card, "kind")
    names: tuple[str, ...] = ()
    if kind in ("hero", "ally"):
        names = ("willpower", "attack", "defense", "hp")
    elif kind == "enemy":
        names = ("threat", "attack", "defense", "hp")
    elif kind == "location":
        names = ("threat",)
    return [(n, v) for n in names if (v := num(card, n)) is not None]


def paint_face(surface: pygame.Surface, rect: pygame.Rect, card: Any, lang: str, name_width: int | None = None,
               sphere_look: Any = None, with_text: bool | None = None, rules: str | None = None,
               named: bool = True) -> None:
    """Paint a card face into ``rect``: the frame by sphere or encounter, name, cost, emblem, stats, text
    (``rules``: the rules text to print on a large face; default its keywords and own text; ``named``: the
    name and type words too)."""
    pal = gfx.palette()
    kind = field(card, "kind") or "?"
    corner = _corner(card, kind)
    name = localize(field(card, "name") or "?", lang)
    if named:
        geo, name_lines, name_size = name_fit(pygame.Rect(rect), name, corner is not None, name_width)
    else:
        geo, name_lines, name_size = frame.geometry(rect), [], 0
    rect, s = geo.rect, geo.s
    enc = kind in ENCOUNTER_KINDS
    sphere = field(card, "sphere") or "neutral"
    emb: str | None = sphere
    if enc:
        main, light = ENCOUNTER
        emb = None
    elif sphere_look is not None:
        main, light, emb = sphere_look(sphere)
    else:
        main, light = sphere_colours(sphere)
    accent = KIND_ACCENT.get(kind, pal.edge)
    paper = frame.frame(surface, geo, main, light, accent, double_edge=kind == "hero")
    art = geo.art
    for k in range(art.h):
        c = gfx.lerp_colour(light, main, k / max(1, art.h - 1) * 0.85)
        pygame.draw.line(surface, c, (art.x, art.y + k), (art.right - 1, art.y + k))
    side = round(min(art.w, art.h) * 0.8)
    if enc:
        _encounter_art(surface, art, kind, side, s)
    else:
        em = emblem(emb, side)
        surface.blit(em, em.get_rect(center=art.center))
    if kind == "attachment":
        pygame.draw.rect(surface, paper, (art.x, art.y, art.w, round(8 * s)))
    pygame.draw.rect(surface, accent, art, max(1, round(2 * s)), border_radius=max(2, round(3 * s)))
    if name_lines:  # after the art: a descender of the name's last line ("grigio") is not painted over
        _draw_name(surface, name_lines, name_size, frame.name_box(geo, corner is not None, name_width), pal.ink_light)
    type_word = type_line(card, lang, geo, name_width) if named else ""
    if type_word:
        frame.draw_type_line(surface, geo, type_word, accent, name_width)
    stats = _stats(card)
    if with_text is None:
        with_text = rect.w >= 150
    body = localize(field(card, "text") or "", lang) if field(card, "text") else ""
    words = [t(f"quest_scene.keyword.{k}", lang) + (f" {num(card, k)}" if k in NUMBERED else "")
             for k in keywords(card)]
    if with_text:
        top = geo.body_top
        bottom_room = 24 if stats else 6
        box = geo.R(8, top + 1, 84, rect.h / s - top - bottom_room)
        text = rules if rules is not None else "\n".join(x for x in (", ".join(words), body) if x)
        if text:
            frame.draw_rules_text(surface, text, box, max(8, round(9 * s)), pal.ink)
    elif body or words:
        gfx.draw_symbol(surface, "star", geo.spark, max(3, round(4.5 * s)), pal.accent, outline=pal.ink)
    _draw_stats(surface, geo, stats)
    if corner is not None:
        value, colour = corner
        c = (rect.x + round(12 * s), rect.y + round(12 * s))
        pygame.draw.circle(surface, (236, 206, 120), c, round(11 * s))
        badge(surface, c, round(9 * s), value, colour)


def _draw_name(surface: pygame.Surface, lines: list[str], size: int, box: pygame.Rect, colour: Any) -> None:
    """Draw a name's fitted lines centred on ``box``'s height (as ``frame.draw_name`` lays them out)."""
    lh = uitext.name_pitch(size)
    top = box.centery - lh * len(lines) / 2
    for i, line in enumerate(lines):
        gfx.text(surface, line, (box.x, round(top + i * lh + lh / 2)), size, colour, "midleft", bold=True)


def _corner(card: Any, kind: str) -> tuple[str, Any] | None:
    """The disc in the top-left corner: cost, a hero's threat cost, an enemy's engagement cost."""
    if kind == "hero":
        v = num(card, "threat")
        return (str(v), THREAT) if v is not None else None
    if kind == "enemy":
        v = num(card, "engagement")
        return (str(v), (150, 120, 60)) if v is not None else None
    if kind in ("ally", "attachment", "event"):
        v = num(card, "cost")
        return (str(v), WILL) if v is not None else None
    if kind == "location":
        v = num(card, "quest_points")
        return (str(v), PROGRESS) if v is not None else None
    return None


def _draw_stats(surface: pygame.Surface, geo: frame.CardGeometry, stats: list[tuple[str, int]]) -> None:
    """Small badges along the bottom edge: willpower, attack, defense, hit points (or threat)."""
    if not stats:
        return
    s, rect = geo.s, geo.rect
    r = round(9 * s)
    y = rect.bottom - round(13 * s)
    step = 84 * s / max(4, len(stats))
    x0 = rect.x + round(8 * s) + r
    for i, (name, value) in enumerate(stats):
        shape = "shield" if name == "defense" else "square" if name == "hp" else "circle"
        badge(surface, (round(x0 + i * step), y), r, str(value), STAT_COLOURS[name], shape)


def current_stats(card: Any, now: dict[str, int]) -> tuple[tuple[str, int, int], ...]:
    """The face's stats whose current value (boosts, attachments) differs from the printed one:
    ``(name, printed, now)`` each; empty when the card shows its printed values."""
    return tuple((n, v, now[n]) for n, v in _stats(card) if isinstance(now.get(n), int) and now[n] != v)


def draw_current_stats(surface: pygame.Surface, card: Any, changed: tuple[tuple[str, int, int], ...]) -> None:
    """Repaint the badges of ``changed`` stats on a face the size of ``surface``: the current value, ringed in
    green when raised and red when lowered, so "+1 attack" from an attachment shows on the card itself."""
    if not changed:
        return
    geo = frame.geometry(surface.get_rect())
    stats = _stats(card)
    s, rect = geo.s, geo.rect
    r = round(9 * s)
    y = rect.bottom - round(13 * s)
    step = 84 * s / max(4, len(stats))
    x0 = rect.x + round(8 * s) + r
    index = {n: i for i, (n, _v) in enumerate(stats)}
    for name, printed, value in changed:
        c = (round(x0 + index[name] * step), y)
        ring = (60, 170, 80) if value > printed else (200, 60, 50)
        pygame.draw.circle(surface, ring, c, r + max(2, round(2 * s)))
        shape = "shield" if name == "defense" else "square" if name == "hp" else "circle"
        badge(surface, c, r, str(value), STAT_COLOURS[name], shape)


def _encounter_art(surface: pygame.Surface, art: pygame.Rect, kind: str, side: int, s: float) -> None:
    """The encounter kinds' art drawn by code: a shadowy figure, a hill path, a twisting sigil."""
    pal = gfx.palette()
    cx, cy = art.center
    dark = (30, 26, 20)
    if kind == "enemy":  # hooded figure with glowing eyes
        pygame.draw.ellipse(surface, dark, (cx - side * 0.35, cy - side * 0.15, side * 0.7, side * 0.7))
        pygame.draw.circle(surface, dark, (cx, round(cy - side * 0.12)), round(side * 0.24))
        for dx in (-1, 1):
            pygame.draw.circle(surface, (230, 90, 50), (round(cx + dx * side * 0.08), round(cy - side * 0.12)),
                               max(1, round(side * 0.035)))
    elif kind == "location":  # hills and a path
        pts = [(art.x, art.bottom), (art.x, cy), (cx - side * 0.3, cy - side * 0.3), (cx, cy),
               (cx + side * 0.35, cy - side * 0.4), (art.right, cy - side * 0.05), (art.right, art.bottom)]
        pygame.draw.polygon(surface, (60, 84, 56), pts)
        pygame.draw.line(surface, (220, 204, 160), (cx - side * 0.1, art.bottom - 1),
                         (cx + side * 0.15, cy + side * 0.05), max(1, round(2 * s)))
    else:  # treachery: a spiral sigil
        for k in range(4):
            rr = round(side * (0.12 + 0.09 * k))
            pygame.draw.arc(surface, (120, 60, 150), (cx - rr, cy - rr, 2 * rr, 2 * rr), k * 1.2, k * 1.2 + 4.0,
                            max(1, round(2 * s)))
    pygame.draw.circle(surface, pal.ink, (cx, cy), 1)
