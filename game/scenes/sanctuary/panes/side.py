"""One side of the sanctuary table, as panes: the Sanctuary block (name, card, Structure dial, Will
pool), the Attachment column, the piles (deck, discard, a hidden hand's count) and the felt under
them with the battle row (panes/row.py) on it.

Why panes: each draws from the typed view (``SanctuaryView``) for the seat its role stands for
("me" or "opp"), so the quest table can mount the same piles and columns over its own records.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine.i18n import localize
from game.rulesets.sanctuary.views import SanctuaryView
from game.scenes.base.pane import Pane
from game.scenes.sanctuary import cards as art
from game.scenes.sanctuary.geometry import MINI, SANCT_CARD, _t, put_line, seat_of
from game.ui import gfx
from game.ui import text as uitext
from game.ui.cards import frame


#: where the Sanctuary card starts in its block, from the block's top (placing.py puts it there)
SANCT_CARD_TOP = 44


class SidePane(Pane):
    """A seat's side: the felt (lit for the active seat) and its parts, drawn in order."""

    name = "side"

    def __init__(self, scene: Any, role: str, parts: list[Pane]) -> None:
        super().__init__(scene)
        self.role, self.parts = role, parts
        self.name = f"side.{role}"

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """The felt under the battle row and the attachment column, then each part."""
        L = self.scene.L
        seat = seat_of(self.role, L)
        pal = gfx.palette()
        band = L.band[seat]
        felt = pygame.Rect(L.att[seat].x, band.y, L.piles[seat].right - L.att[seat].x, band.h)
        gfx.rounded_rect(surface, felt, gfx.with_alpha(pal.felt, 235), 12)
        gfx.rounded_rect(surface, felt, gfx.with_alpha(pal.table_dark, 255), 12, 2)
        if view.active == seat and view.phase not in ("setup", "over"):
            gfx.rounded_rect(surface, felt.inflate(4, 4), gfx.with_alpha(gfx.seat_colour(seat), 200), 14, 3)
        for part in self.parts:
            part.draw(surface, view)


class SanctuaryPane(Pane):
    """The Sanctuary block: the seat's name, its Sanctuary card, the Structure dial and the Will pool."""

    def __init__(self, scene: Any, role: str, card_painter: Any) -> None:
        super().__init__(scene)
        self.role, self.cards = role, card_painter
        self.name = f"sanctuary.{role}"

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Draw the block for this pane's seat."""
        s, L = self.scene, self.scene.L
        m = s.motion
        seat = seat_of(self.role, L)
        side = view.side(seat)
        pal = gfx.palette()
        r = L.sanct[seat]
        gfx.panel(surface, r, radius=10)
        gfx.draw_seat_badge(surface, seat, (r.x + 16, r.y + 17), 8)
        s.texts.fit(surface, s.seat_name(seat), pygame.Rect(r.x + 30, r.y + 5, r.w - 40, 24), 16, 8,
                    gfx.seat_ink(seat), "midleft", (r.x + 30, r.y + 17), bold=True)
        san = side.sanctuary
        card = s.card(san) if san is not None else None
        if card is not None:
            # between the seat's name and the card: a line as tall as that strip (at huge text the name used to
            # run into the seat's name), shrunk to a readable minimum before a "…"
            strip = pygame.Rect(r.x + 10, r.y + 29, r.w - 16, SANCT_CARD_TOP - 29)
            fitted = uitext.fit_line(s.cname(san), strip.w, 12, height=strip.h, min_px=9)
            put_line(s.texts.records, surface, fitted.text, (strip.x, strip.centery), fitted.size, pal.ink_soft,
                     "midleft", strip.x, strip.w)
        if san is not None and san in L.cards:
            self.cards.draw_card(surface, view, san, L.cards[san], SANCT_CARD, named=False)  # named above it
        # Structure dial
        structure = side.structure
        start = card.structure if card is not None else max(1, structure)
        m.dial_max[seat] = max(m.dial_max.get(seat, start), start, structure)
        if seat not in m.busy_dial:
            m.dial[seat] = float(structure)
        shown = m.dial.get(seat, float(structure))
        cx, cy = L.dial[seat]
        off = m.shake.get(f"{seat}.S", (0.0, 0.0))
        cx, cy = round(cx + off[0]), round(cy + off[1])
        draw_dial(surface, (cx, cy), 36, shown, m.dial_max[seat], m.dial_flash.get(seat, 0.0))
        gfx.text(surface, _t("structure"), (cx, cy + 40), 12, pal.ink_soft, "midtop", bold=True)
        # Will pool
        will = side.will
        wr = L.will[seat]
        pygame.draw.line(surface, pal.panel_dark, (wr.x, wr.y - 2), (wr.right, wr.y - 2), 1)
        gfx.text(surface, _t("will"), (wr.x, wr.y + 2), 12, pal.ink_soft, bold=True)
        gfx.text(surface, str(will), (wr.right, wr.y - 2), 22, art.WILL_COLOUR, "topright", bold=True)
        n = min(will, 14)
        step = min(15, (wr.w - 10) / max(1, n)) if n else 0
        for i in range(n):
            c = (round(wr.x + 7 + i * step), wr.y + 32)
            pygame.draw.circle(surface, art.WILL_COLOUR, c, 6)
            pygame.draw.circle(surface, (190, 210, 250), (c[0] - 2, c[1] - 2), 2)
            pygame.draw.circle(surface, pal.ink, c, 6, 1)
        if will > 14:
            gfx.text(surface, "…", (wr.right, wr.y + 32), 14, pal.ink_soft, "midright")

    def regions(self, view: SanctuaryView, legal: list[Any]) -> list[Any]:
        """The dial and the Will pool say their numbers."""
        from game.ui.input import HitRegion

        L, seat = self.scene.L, seat_of(self.role, self.scene.L)
        side = view.side(seat)
        return [HitRegion(pygame.Rect(L.dial[seat][0] - 40, L.dial[seat][1] - 40, 80, 80), ("dial", seat),
                          highlight=False, key=("dial", seat), tooltip=_t("tip.structure", n=side.structure)),
                HitRegion(L.will[seat], ("will", seat), highlight=False, key=("will", seat),
                          tooltip=_t("tip.will", n=side.will, name=self.scene.seat_name(seat)))]


def draw_dial(surface: pygame.Surface, center: tuple[int, int], radius: int, value: float, maximum: int,
              flash: float) -> None:
    """A Structure dial: an arc for the share left, ticks every 5, the number, a flash for gain or loss."""
    pal = gfx.palette()
    frac = max(0.0, min(1.0, value / max(1, maximum)))
    colour = pal.good if frac > 0.5 else pal.accent if frac > 0.25 else pal.bad
    pygame.draw.circle(surface, pal.table_dark, center, radius + 3)
    pygame.draw.circle(surface, pal.panel_dark, center, radius)
    if frac > 0:
        rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        rect.center = center
        start = math.pi / 2
        pygame.draw.arc(surface, colour, rect, start - 2 * math.pi * frac, start, 9)
        # tick marks every 5
        for k in range(0, maximum + 1, 5):
            a = math.pi / 2 - 2 * math.pi * k / max(1, maximum)
            p1 = (center[0] + (radius - 10) * math.cos(a), center[1] - (radius - 10) * math.sin(a))
            p2 = (center[0] + radius * math.cos(a), center[1] - radius * math.sin(a))
            pygame.draw.line(surface, pal.ink, p1, p2, 1)
    inner = radius - 11
    fill = pal.panel
    if flash > 0.01:
        fill = gfx.lerp_colour(pal.panel, pal.good, flash * 0.8)
    elif flash < -0.01:
        fill = gfx.lerp_colour(pal.panel, pal.bad, -flash * 0.8)
    pygame.draw.circle(surface, fill, center, inner)
    pygame.draw.circle(surface, pal.edge, center, inner, 2)
    gfx.text(surface, str(round(value)), center, 26, pal.ink, "center", bold=True)


class AttachmentsPane(Pane):
    """The Attachment column: its count against the Sanctuary's limit and a tile per Attachment."""

    def __init__(self, scene: Any, role: str) -> None:
        super().__init__(scene)
        self.role = role
        self.name = f"attachments.{role}"
        self._tile_imgs: dict[Any, pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Draw the column for this pane's seat."""
        s, L = self.scene, self.scene.L
        seat = seat_of(self.role, L)
        side = view.side(seat)
        pal = gfx.palette()
        col = L.att[seat]
        san = s.card(side.sanctuary)
        limit = san.attachment_limit if san is not None else "?"
        gfx.text(surface, _t("attachments", n=len(side.attachments), limit=limit), (col.x + 6, col.y + 6), 12,
                 pal.ink_light, bold=True)
        for att in side.attachments:
            rect = L.tiles.get(att.iid)
            card = s.card(att.iid)
            if rect is None or card is None:
                continue
            off = s.motion.shake.get(att.iid, (0.0, 0.0))
            self._draw_tile(surface, rect.move(round(off[0]), round(off[1])), card, att.tapped)

    def _draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, card: Any, tapped: bool) -> None:
        key = (id(card), rect.size, tapped, self.scene.lang, gfx.palette().name, gfx.text_scale())
        layer = self._tile_imgs.get(key)
        if layer is None:
            if len(self._tile_imgs) > 200:
                self._tile_imgs.clear()
            layer = self._tile_imgs[key] = self._paint_tile(rect, card, tapped)
        surface.blit(layer, layer.get_rect(center=rect.center))

    def _paint_tile(self, rect: pygame.Rect, card: Any, tapped: bool) -> pygame.Surface:
        pal = gfx.palette()
        main, light = art.faction_colours(card.faction)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        r = layer.get_rect()
        pygame.draw.rect(layer, main, r, border_radius=6)
        inner = r.inflate(-4, -4)
        pygame.draw.rect(layer, gfx.lerp_colour(pal.panel, light, 0.5), inner, border_radius=5)
        pygame.draw.rect(layer, main, (inner.x, inner.y, 6, inner.h), border_radius=3)
        # the name on one line, or two (between words, or at a syllable of a long word): never cut where the
        # tile has room for a second line (issue 15: "Manantial Sa…" at huge text)
        box = pygame.Rect(12, inner.y, r.w - 12 - 26, inner.h)
        frame.draw_name(layer, localize(card.name, self.scene.lang), box, 12, pal.ink)
        art.badge(layer, (r.right - 14, r.centery), 10, f"+{card.will}", art.WILL_COLOUR)
        if tapped:
            layer = pygame.transform.rotate(layer, -12)
            layer.set_alpha(200)
        return layer


class PilesPane(Pane):
    """A seat's piles: the deck (backs, thicker with more cards), the discard (its top card face up) and,
    for a hand the viewer does not see, the hand's backs; each with its count and label."""

    def __init__(self, scene: Any, role: str) -> None:
        super().__init__(scene)
        self.role = role
        self.name = f"piles.{role}"

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Draw the piles for this pane's seat."""
        s, L = self.scene, self.scene.L
        seat = seat_of(self.role, L)
        side = view.side(seat)
        pal = gfx.palette()
        disc = side.discard
        for k, rect in enumerate(([L.deck[seat], L.discard[seat]] + ([L.hand_pile[seat]] if seat == L.opp else []))):
            if k == 0:
                n, label = side.deck_count, _t("deck")
                for j in range(min(3, (n + 9) // 10)):
                    surface.blit(art.back(MINI), rect.move(-j * 2, -j * 2))
                if not n:
                    gfx.rounded_rect(surface, rect, gfx.with_alpha(pal.table_dark, 160), 5)
                    gfx.rounded_rect(surface, rect, pal.edge, 5, 1)
            elif k == 1:
                n, label = len(disc), _t("discard")
                top = disc[-1] if disc else None
                card = s.card(top) if top is not None else None
                if card is not None:
                    surface.blit(art.face(s.cid(top) or "?", card, MINI, s.lang, named=False), rect)
                else:
                    gfx.rounded_rect(surface, rect, gfx.with_alpha(pal.table_dark, 160), 5)
                    gfx.rounded_rect(surface, rect, pal.edge, 5, 1)
            else:
                n, label = side.hand_count, _t("hand")
                for j in range(min(n, 4)):
                    img = pygame.transform.rotate(art.back(MINI), 8 * (j - 1.5))
                    surface.blit(img, img.get_rect(center=(rect.centerx + 3 * (j - 1.5), rect.centery)))
            room = L.piles[seat].right - rect.right - 8
            put_line(s.texts.records, surface, str(n), (rect.right + 6, rect.centery - 8), 18, pal.ink_light,
                     "midleft", rect.right + 5, room + 3, bold=True)
            label, size = art.fit_line(label, room, start=11, bold=False)
            put_line(s.texts.records, surface, label, (rect.right + 5, rect.centery + 10), size, pal.ink_light,
                     "midleft", rect.right + 5, room)

    def regions(self, view: SanctuaryView, legal: list[Any]) -> list[Any]:
        """Deck and discard (click or right-click: open them), and the count of a hidden hand."""
        from game.ui.input import HitRegion

        s, L = self.scene, self.scene.L
        seat = seat_of(self.role, L)
        side = view.side(seat)
        out = [HitRegion(L.deck[seat], ("deck", seat), key=("deck", seat),
                         tooltip=f"{_t('deck')}: {s.seat_name(seat)}\n{_t('tip.deck', n=side.deck_count)}"),
               HitRegion(L.discard[seat], ("discard", seat), key=("discard", seat),
                         tooltip=f"{_t('discard_title', name=s.seat_name(seat))}\n"
                                 f"{_t('tip.discard', n=side.discard_count)}")]
        if seat == L.opp:
            out.append(HitRegion(L.hand_pile[seat], ("handcount", seat), highlight=False, key=("handcount", seat),
                                 tooltip=_t("tip.hand_count", name=s.seat_name(seat), n=side.hand_count)))
        return out
