"""Pictures for the rules reference: the chips, cards, bodies, tiles and tokens a section talks about.

Why: a new player reads "a sword hits each adjacent monster" far better beside the sword chip they will
draw from the bag. A ``reference.toml`` section lists its pictures (``pictures = ["token:sword", ...]``);
each is drawn with the ruleset's own art, so the rules screen shows exactly what the table shows:

- ``token:<id>``  a dungeon token as its chip (``game.scenes.dungeon.art.chip``), named below;
- ``card:<id>``   a sanctuary card face (``game.scenes.sanctuary.cards.face``);
- ``svg:<path>``  an asset picture (``assets/<path>``: skirmish bodies and heroes, quest emblems and card
                  backs, expedition tiles, monsters and sites), with an optional label after ``|``:
                  a string key (``svg:quest/threat.svg|rules.pic.threat``) or ``@table.id``, the name of
                  a level entry (``svg:skirmish/vanguard.svg|@heroes.vanguard``).

The content (tokens, cards) comes from the ruleset's first shipped level that defines it. A picture that
cannot be drawn (unknown id, missing file) is skipped, never an error.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

import pygame

from game.app import draw, fonts, theme
from game.engine import i18n

log = logging.getLogger(__name__)

#: at most this many pictures in a section's strip
MAX_PICTURES = 7
#: the size a card picture is painted at (without its rules text) before it is made smaller to fit the strip:
#: twice the hand's, where its name and type line are whole; the label under it names it in readable letters
CARD_PAINT = (208, 292)


@lru_cache(maxsize=8)
def _models(ruleset_id: str) -> tuple[Any, ...]:
    """The models of the ruleset's shipped levels (the pictures' tokens and cards come from them)."""
    from game.engine.levels import discover_levels

    try:
        return tuple(e.level.model for e in discover_levels(ruleset_id) if e.ok and e.source != "mod")
    except Exception as exc:  # noqa: BLE001 - no pictures rather than no rules screen
        log.warning("rules pictures of %s: %s", ruleset_id, exc)
        return ()


def _find(ruleset_id: str, table: str, key: str) -> tuple[Any, Any] | None:
    """(model, entry) of the first shipped level whose ``table`` has ``key``."""
    for m in _models(ruleset_id):
        entry = (getattr(m, table, None) or {}).get(key)
        if entry is not None:
            return m, entry
    return None


def section_pictures(ruleset_id: str) -> list[list[str]]:
    """Each reference section's ``pictures`` list, in section order ([] where it has none)."""
    import tomllib

    from game.scenes import reference_path

    path = reference_path(ruleset_id)
    if path is None:
        return []
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError):
        return []  # the text loader reports the broken file
    out = []
    for sec in data.get("section", []) if isinstance(data.get("section"), list) else []:
        pics = sec.get("pictures", []) if isinstance(sec, dict) else []
        out.append([p for p in pics if isinstance(p, str)] if isinstance(pics, list) else [])
    return out


def _label(ruleset_id: str, key: str, lang: str | None) -> str:
    """A picture's name: ``@table.id`` names a level entry (a hero), anything else a string key."""
    if key.startswith("@"):
        table, _, ident = key[1:].partition(".")
        hit = _find(ruleset_id, table, ident)
        return i18n.localize(getattr(hit[1], "name", ""), lang) if hit is not None else ""
    return i18n.t(key, lang) if key and i18n.has(key) else ""


def picture(ruleset_id: str, spec: str, size: int, lang: str | None = None) -> tuple[pygame.Surface, str] | None:
    """Draw one picture (``kind:id``) to fit a ``size`` square; return it with its label, or None."""
    kind, _, rest = spec.partition(":")
    ident, _, label_key = rest.partition("|")
    try:
        if kind == "token":
            hit = _find(ruleset_id, "tokens", ident)
            if hit is None:
                return None
            from game.scenes.dungeon import art

            model, tok = hit
            return art.chip(model, ident, size), i18n.localize(tok.name, lang)
        if kind == "card":
            hit = _find(ruleset_id, "cards", ident)
            if hit is None:
                return None
            _model, card = hit
            w = round(size * 5 / 7)
            # painted large, every word whole, then made smaller: a face painted at thumbnail size cuts its
            # name and type line to a few letters ("Manip…", "Kiln of the…")
            return _card_picture(ident, card, (w, size), lang or i18n.language()), i18n.localize(card.name, lang)
        if kind == "svg":
            img = draw.svg(ident, (size, size))
            if img is None:
                return None
            return img, _label(ruleset_id, label_key, lang)
    except Exception as exc:  # noqa: BLE001 - a picture that fails is left out
        log.warning("rules picture %s of %s: %s", spec, ruleset_id, exc)
    return None


_CARDS: dict[tuple[Any, ...], pygame.Surface] = {}


def _card_picture(ident: str, card: Any, size: tuple[int, int], lang: str) -> pygame.Surface:
    """A sanctuary card's face painted at ``CARD_PAINT`` without its rules text, then made ``size`` (kept)."""
    from game.scenes.sanctuary import cards
    from game.ui import gfx

    key = (ident, size, lang, gfx.text_scale(), gfx.palette().name)
    img = _CARDS.get(key)
    if img is None:
        face = pygame.Surface(CARD_PAINT, pygame.SRCALPHA)
        cards.paint_face(face, face.get_rect(), card, lang, with_text=False)
        img = pygame.transform.smoothscale(face, size) if size[1] < CARD_PAINT[1] else face
        if len(_CARDS) > 64:
            _CARDS.clear()
        _CARDS[key] = img
    return img


def draw_strip(surface: pygame.Surface, rect: pygame.Rect, ruleset_id: str, specs: list[str],
               lang: str | None = None) -> int:
    """Draw a section's pictures side by side in ``rect``, each named below; return how many were drawn."""
    specs = [s for s in specs if isinstance(s, str)][:MAX_PICTURES]
    if not specs:
        return 0
    f = fonts.font(13)
    label_h = f.get_linesize() * 2
    size = max(24, min(rect.h - label_h - 8, (rect.w - 12 * len(specs)) // max(1, len(specs))))
    drawn = [p for p in (picture(ruleset_id, s, size, lang) for s in specs) if p is not None]
    if not drawn:
        return 0
    draw.panel(surface, rect, "parchment", radius=10)
    slot = rect.w // len(drawn)
    for i, (img, label) in enumerate(drawn):
        cx = rect.x + slot * i + slot // 2
        box = img.get_rect(midtop=(cx, rect.y + 6))
        surface.blit(img, box)
        if label:
            lines = fonts.wrap(label, f, slot - 8)[:2]
            y = rect.y + 8 + size
            for line in lines:
                txt = f.render(fonts.fit(line, f, slot - 8), True, theme.INK)
                surface.blit(txt, txt.get_rect(midtop=(cx, y)))
                y += f.get_linesize()
    return len(drawn)
