"""A card in play on the quest table: its face, exhausted tilt, tokens, attachments and shadows.

Why a module of its own: the staging area, the active location, the large player area and the
compact strips of the other seats all draw cards in play the same way; ``CardPainter`` does it from a
``CardState`` (damage, resources, progress, committed, exhausted) and the level's card definitions.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import localize
from game.scenes.quest import cards as art
from game.scenes.quest.table import HIDDEN, CardState
from game.ui import gfx
from game.ui import text as uitext
from game.ui.cards import frame
from game.ui.cards.frame import badge
from game.ui.cards.names import fit_card_name, hyphenated

#: how far an exhausted card turns (degrees): enough to see at a glance, still readable
EXHAUSTED_ANGLE = -14.0
#: the smallest size of the committed mark's word; a card too narrow for it shows the mark without words
COMMITTED_MIN = 7


def name_lines(name: str, width: int, height: int, start: int, minimum: float = frame.NAME_MIN_PX,
               max_lines: int = 4) -> tuple[list[str], int, int]:
    """A card name laid out in ``width`` x ``height`` px with lines as far apart as the font's own line height
    (so recorded lines never overlap): the largest size from ``start`` down to the readable ``minimum`` at
    which it fits on one line, or on up to ``max_lines`` lines broken between words or at a syllable (a larger
    size on more lines before a smaller one on fewer); shortened with "…" only when none fits. Returns
    (lines, size, pitch)."""
    for size in range(start, uitext.readable_min(minimum) - 1, -1):
        lh = gfx.text_size(name, size, True)[1]
        rows = min(max_lines, height // max(1, lh))
        if rows < 1:
            continue
        if uitext.width_of(name, size, True) <= width:
            return [name], size, lh
        if rows >= 2:  # only this size: its readable minimum is the size itself
            got = hyphenated(name, width, rows * uitext.name_pitch(size), size, (size - 0.01) * gfx.text_scale(),
                             max_lines=rows)
            if got is not None and got[1] == size and len(got[0]) <= rows:
                return got[0], size, lh
    lines, size = fit_card_name(name, width, height, start, minimum)
    return lines, size, min(gfx.text_size(name, size, True)[1], height // max(1, len(lines)))


def put_name(texts: uitext.TextRecorder, surface: pygame.Surface, name: str, box: pygame.Rect, start: int,
             colour: Any, align: str = "topleft") -> None:
    """Draw ``name`` (``name_lines``) centred on ``box``'s height, left-aligned, recorded in ``texts``."""
    lines, size, pitch = name_lines(name, box.w, box.h, start)
    top = box.centery - pitch * len(lines) // 2
    for i, line in enumerate(lines):
        texts.put(surface, line, (box.x, top + i * pitch), size, colour, align, box, bold=True)


class CardPainter:
    """Paints cards for a scene that offers ``card_def(cid)``, ``lang`` and ``sphere_look(sphere)``."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self._turned: dict[tuple, pygame.Surface] = {}

    def face(self, cid: str | None, size: tuple[int, int], name_width: int | None = None,
             named: bool | None = None) -> pygame.Surface | None:
        """The face of a card id at ``size`` (None for a hidden or unknown card); ``named=False``: a thumbnail
        without its name (see ``cards.face``)."""
        card = self.scene.card_def(cid) if cid and cid != HIDDEN else None
        if card is None:
            return None
        return art.face(cid or "?", card, size, self.scene.lang, name_width, self.scene.sphere_look, named)

    def surface_of(self, cid: str | None, size: tuple[int, int], encounter: bool = False,
                   named: bool | None = None) -> pygame.Surface:
        """The face, or the back when the card is hidden."""
        img = self.face(cid, size, named=named)
        return img if img is not None else art.back(size, encounter)

    def draw(self, surface: pygame.Surface, state: CardState, rect: pygame.Rect, texts: uitext.TextRecorder,
             lit: Any = None, stats: dict[str, int] | None = None) -> None:
        """A card in play: face (turned and dimmed when exhausted), glow, tokens and the committed mark (not
        while its reveal is still flying to its place)."""
        if state.iid in self.scene.motion.hidden:
            return
        card = self.scene.card_def(state.cid)
        encounter = card is not None and art.is_encounter(card)
        img = self.surface_of(state.cid, rect.size, encounter)
        changed = art.current_stats(card, state.stats) if card is not None and state.stats else ()
        if changed:
            img = self._with_stats(state.cid, img, card, changed)
        if lit is not None:
            gfx.rounded_rect(surface, rect.inflate(10, 10), gfx.with_alpha(lit, 150), 10)
        if state.exhausted:
            key = (state.cid, rect.size, self.scene.lang, gfx.palette().name, gfx.text_scale(), changed)
            turned = self._turned.get(key)
            if turned is None:
                if len(self._turned) > 200:
                    self._turned.clear()
                dim = img.copy()
                dim.fill((165, 165, 165, 255), special_flags=pygame.BLEND_RGBA_MULT)
                turned = self._turned[key] = pygame.transform.rotozoom(dim, EXHAUSTED_ANGLE, 0.92)
            gfx.shadow(surface, rect.inflate(-10, -10), 8, (2, 4), blur=4)
            surface.blit(turned, turned.get_rect(center=rect.center))
        else:
            gfx.shadow(surface, rect.inflate(-8, -8), 8, (3, 5), blur=4)
            surface.blit(img, rect)
        self.tokens(surface, state, rect, texts)

    def _with_stats(self, cid: str | None, img: pygame.Surface, card: Any, changed: tuple) -> pygame.Surface:
        """The face with its current stats painted over the printed ones (cached per value set)."""
        key = ("stats", cid, img.get_size(), self.scene.lang, gfx.palette().name, gfx.text_scale(), changed)
        out = self._turned.get(key)
        if out is None:
            if len(self._turned) > 200:
                self._turned.clear()
            out = img.copy()
            art.draw_current_stats(out, card, changed)
            self._turned[key] = out
        return out

    def tokens(self, surface: pygame.Surface, state: CardState, rect: pygame.Rect,
               texts: uitext.TextRecorder) -> None:
        """Damage (red), resources (gold), progress (green) discs over the card's art; the committed mark."""
        r = max(8, min(13, rect.w // 7))
        y = rect.y + round(rect.h * 0.42)
        x = rect.right - r - 2
        pal = gfx.palette()
        discs = 0
        for value, colour, shape in ((state.damage, art.ATTACK, "circle"), (state.resources, (222, 180, 60), "circle"),
                                     (state.progress, art.HP, "square")):
            if value:
                discs += 1
                badge(surface, (x, y), r, str(value), colour, shape, ink=pal.ink_light if colour != (222, 180, 60)
                      else pal.ink)
                y += 2 * r + 3
        if state.committed:
            # the mark takes the card's width where at most one disc sits above it (issue 15: "En misi…" at
            # huge text), and is as tall as a readable line
            wide = discs <= 1
            mark = pygame.Rect(rect.x + 3, rect.y + round(rect.h * 0.56), rect.w - 6 if wide else rect.w - 2 * r - 10,
                               max(14, rect.h // 7, gfx.line_height(9, True) + 2))
            gfx.rounded_rect(surface, mark, gfx.with_alpha(art.WILL, 220), 6)
            word, inner = self.scene.words("committed"), mark.inflate(-6, -2)
            if gfx.text_size(word, COMMITTED_MIN, True)[0] <= inner.w:
                texts.line(surface, word, inner, 12, pal.ink_light, "center", bold=True, minimum=COMMITTED_MIN)
            else:  # a partner's small card: the mark alone, an arrow up into the quest (its tooltip says it)
                cx, cy, a = mark.centerx, mark.centery, max(3, min(mark.h // 2 - 2, 6))
                pygame.draw.polygon(surface, pal.ink_light, [(cx, cy - a), (cx + a, cy + a // 2), (cx - a, cy + a // 2)])

    def attachment(self, surface: pygame.Surface, aid: str, cid: str | None, rect: pygame.Rect,
                   texts: uitext.TextRecorder) -> None:
        """An attachment tucked under its carrier: a strip in its sphere's colour with its name."""
        card = self.scene.card_def(cid)
        main, light = art.sphere_colours(art.field(card, "sphere") if card is not None else None)
        if card is not None and self.scene.sphere_look is not None:
            main, light, _ = self.scene.sphere_look(art.field(card, "sphere"))
        gfx.rounded_rect(surface, rect, main, 5)
        gfx.rounded_rect(surface, rect, gfx.palette().ink, 5, 1)
        name = localize(art.field(card, "name") or "?", self.scene.lang) if card is not None else "?"
        box = pygame.Rect(rect.x + 5, rect.bottom - 15, rect.w - 10, 14)
        if gfx.text_size(name, 7, True)[0] <= box.w:
            texts.line(surface, name, box, 11, gfx.readable_ink(main), "midleft", bold=True, minimum=7)
            return
        # a long name ("Colgante de piedra lunar") on two lines: the strip grows into the room under the row
        # as small as a card name goes (``text.fit_name``: screen px at normal text, logical px at larger text)
        least = frame.NAME_MIN_PX if gfx.text_scale() > 1.0 else uitext.readable_min(frame.NAME_MIN_PX)
        two = 2 * gfx.text_size(name, least, True)[1]
        lines, size, pitch = name_lines(name, box.w, max(two, 2 * box.h), 9, max_lines=2)
        grow = max(0, pitch * len(lines) - box.h)
        tall = pygame.Rect(rect.x, rect.y, rect.w, rect.h + grow)
        gfx.rounded_rect(surface, tall, main, 5)
        gfx.rounded_rect(surface, tall, gfx.palette().ink, 5, 1)
        put_name(texts, surface, name, pygame.Rect(box.x, box.y, box.w, box.h + grow), size, gfx.readable_ink(main))

    def shadow_back(self, surface: pygame.Surface, rect: pygame.Rect, cid: str | None) -> None:
        """A shadow card dealt to an enemy: face down (or face up once revealed), behind its enemy."""
        img = self.surface_of(cid if cid != HIDDEN else None, rect.size, encounter=True)
        gfx.shadow(surface, rect.inflate(-8, -8), 6, (2, 3), blur=3)
        surface.blit(img, rect)
