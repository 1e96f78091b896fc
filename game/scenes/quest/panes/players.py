"""The players' areas: the large one of the seat in front and the compact strips of the other seats.

Why a module of its own: with 1 to 4 players the table must fit; the seat in front (the acting human)
sees its threat dial, piles, engaged enemies with their face-down shadow cards, heroes with resources
and damage, allies and attachments at a readable size, while every other seat is a strip with its
threat, hand and deck counts and small cards (each still zoomable and its discard browsable), their names
printed beside them where the strip has the room (a 40 px face cannot hold a readable name).
"""

from __future__ import annotations


import pygame

from game.engine.i18n import localize
from game.scenes.base.pane import Pane
from game.scenes.quest import cards as art
from game.scenes.quest.layout import text_h
from game.scenes.quest.painter import put_name
from game.scenes.quest.table import PlayerState, Table
from game.ui import gfx
from game.ui.cards.frame import badge

#: the size a partner's card name beside its small card starts from
NAME_BESIDE = 12


class MinePane(Pane):
    """The seat in front's area (see the module docstring)."""

    name = "mine"

    def draw(self, surface: pygame.Surface, view: Table) -> None:
        """Side panel (name, threat dial, piles), engaged enemies with shadows, characters with attachments."""
        s, L, pal, tx = self.scene, self.scene.L, gfx.palette(), self.scene.texts
        me = view.player(L.viewer)
        if me is None:
            return
        acting = s.seat_to_act() == me.seat
        gfx.panel(surface, L.mine, radius=12, colour=gfx.lerp_colour(pal.panel, pal.accent, 0.12) if acting else None)
        side = L.side
        gfx.draw_seat_badge(surface, me.seat, (side.x + 18, side.y + 16), 9)
        tx.line(surface, s.seat_name(me.seat), pygame.Rect(side.x + 32, side.y + 6, side.w - 36, text_h(14, 20)), 14,
                pal.ink,
                "midleft", bold=True, minimum=8)
        self.dial(surface, L.dial, me)
        for key, words in ((("deck", me.seat), s.words("deck")), (("discard", me.seat), s.words("discard"))):
            r = L.piles[key]
            n = me.deck if key[0] == "deck" else len(me.discard)
            top = None if key[0] == "deck" or not me.discard else view.cards.get(me.discard[0])
            if n:  # a pile's top card is a thumbnail: its overlay shows the pile's cards large and named
                surface.blit(s.painter.surface_of(top, r.size, named=False), r)
            else:
                gfx.rounded_rect(surface, r, pal.edge, 6, 1)
            lh = text_h(11, 16)
            tx.line(surface, words, pygame.Rect(r.x - 3, r.y - lh - 2, r.w + 6, lh), 11, pal.ink, "center", bold=True,
                    minimum=7)
            tx.line(surface, str(n), pygame.Rect(r.x, r.bottom + 2, r.w, text_h(12, 16)), 12, pal.ink, "center",
                    bold=True, minimum=7)
        hand = pygame.Rect(side.x + 6, L.piles[("deck", me.seat)].bottom + 4 + text_h(12, 16), side.w - 12,
                           text_h(12, 18))
        if hand.bottom < side.bottom:
            tx.line(surface, s.words("hand_n", n=me.hand_count), hand, 12, pal.ink, "midleft", minimum=7)
        if s.setup_pane.choices(view):  # the set-up choice covers the (still empty) rows
            return
        tx.line(surface, s.words("engaged"), pygame.Rect(L.engaged_row.x, L.mine.y + 2, 300, text_h(12, 16)), 12,
                pal.ink_soft,
                "midleft", bold=True, minimum=7)
        for c in me.engaged:
            r = L.cards.get(c.iid)
            if r is None:
                continue
            for k, sid in enumerate(c.shadows):
                sr = L.shadows.get(f"{c.iid}/{k}")
                if sr is not None:
                    s.painter.shadow_back(surface, sr, view.cards.get(sid))
            s.painter.draw(surface, c, r, tx, lit=s.lit(c.iid))
        if not me.engaged:
            tx.line(surface, s.words("no_enemies"), pygame.Rect(L.engaged_row.x + 10, L.engaged_row.y + 20, 520,
                                                                text_h(12, 18)),
                    12, pal.ink_soft, "midleft", minimum=7)
        for c in me.characters:
            r = L.cards.get(c.iid)
            if r is None:
                continue
            for aid in c.attachments:
                ar = L.attachments.get(aid)
                if ar is not None:
                    s.painter.attachment(surface, aid, view.cards.get(aid), ar, tx)
            s.painter.draw(surface, c, r, tx, lit=s.lit(c.iid))

    def dial(self, surface: pygame.Surface, rect: pygame.Rect, me: PlayerState) -> None:
        """The threat dial: the number on a ring that fills towards 50 (the player is out at 50)."""
        s, pal = self.scene, gfx.palette()
        shown = s.motion.shown_threat(me.seat, me.threat)
        c = rect.center
        r = rect.w // 2
        pygame.draw.circle(surface, pal.panel_dark, c, r)
        frac = max(0.0, min(1.0, shown / 50.0))
        if frac > 0:
            import math

            pts = [c] + [(c[0] + (r - 2) * math.sin(2 * math.pi * frac * k / 40),
                          c[1] - (r - 2) * math.cos(2 * math.pi * frac * k / 40)) for k in range(41)]
            colour = gfx.lerp_colour(art.THREAT, pal.bad, max(0.0, frac - 0.6) / 0.4)
            pygame.draw.polygon(surface, colour, pts)
        pygame.draw.circle(surface, pal.panel, c, r - 12)
        pygame.draw.circle(surface, pal.edge, c, r, 2)
        s.texts.line(surface, str(round(shown)), pygame.Rect(c[0] - r + 14, c[1] - 26, 2 * r - 28, 34), 28, pal.ink,
                     "center", bold=True, minimum=12)
        s.texts.line(surface, s.words("threat"), pygame.Rect(c[0] - r + 14, c[1] + 10, 2 * r - 28, text_h(11, 16)), 11,
                     pal.ink,
                     "center", minimum=7)


class OthersPane(Pane):
    """The compact strips of the other seats: badge, name, threat, hand and deck, small cards."""

    name = "others"

    def draw(self, surface: pygame.Surface, view: Table) -> None:
        """Draw one strip per other seat."""
        s, L, pal, tx = self.scene, self.scene.L, gfx.palette(), self.scene.texts
        for seat, box in L.others.items():
            p = view.player(seat)
            if p is None:
                continue
            acting = s.seat_to_act() == seat
            gfx.panel(surface, box, radius=10, colour=gfx.lerp_colour(pal.panel, pal.accent, 0.18) if acting else None)
            gfx.draw_seat_badge(surface, seat, (box.x + 14, box.y + 14), 8)
            name_h = text_h(13, 20)
            tx.line(surface, s.seat_name(seat), pygame.Rect(box.x + 26, box.y + 4, box.w // 2 - 30, name_h), 13, pal.ink,
                    "midleft", bold=True, minimum=7)
            info = s.words("other_info", threat=s.motion.shown_threat(seat, p.threat), hand=p.hand_count, deck=p.deck)
            if p.out:
                info = s.words("out")
            tx.line(surface, info, pygame.Rect(box.centerx, box.y + 4, box.w // 2 - 8, name_h), 12, pal.ink, "midright",
                    minimum=7)
            badge(surface, (box.x + 30, box.bottom - 34), 18, str(p.threat), art.THREAT, ink=pal.ink_light)
            r = L.piles[("discard", seat)]
            if p.discard:
                surface.blit(s.painter.surface_of(view.cards.get(p.discard[0]), r.size, named=False), r)
            else:
                gfx.rounded_rect(surface, r, pal.edge, 5, 1)
            for c in p.characters + p.engaged:
                cr = L.cards.get(c.iid)
                if cr is not None:
                    for k, _ in enumerate(c.shadows[:1]):
                        s.painter.shadow_back(surface, cr.move(4, -4), None)
                    s.painter.draw(surface, c, cr, tx, lit=s.lit(c.iid))
                    label = L.labels.get(c.iid)
                    if label is not None:
                        self.name_beside(surface, c.cid, label)

    def name_beside(self, surface: pygame.Surface, cid: str | None, box: pygame.Rect) -> None:
        """A small card's name beside it (its face is too small to hold it): on up to four lines, broken between
        words or, for a long word, at a syllable; recorded with the frame's other text."""
        s, pal = self.scene, gfx.palette()
        card = s.card_def(cid) if cid else None
        if card is None:
            return
        name = localize(art.field(card, "name") or "?", s.lang)
        put_name(s.texts, surface, name, box, NAME_BESIDE, pal.ink, "topleft")
