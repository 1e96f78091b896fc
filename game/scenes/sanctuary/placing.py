"""Placing the sanctuary table for one frame: where each seat's blocks, cards, tabs, tiles, the stack,
the hand and the mulligan choice go (a ``Layout``), computed from the typed view before regions and drawing.

Why a module of its own: every pane reads the same placement (arrows need the cards' rects, the
motion pane where a card left from), so it is computed once per frame here, from the view record
only (``SanctuaryView``), plus what the frame shows (the tap angles the motion pane animates, the
hovered hand card).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import localize, t
from game.rulesets.sanctuary.views import SanctuaryView, SideView
from game.scenes.sanctuary.geometry import (CARD, COMPACT_TAB, HAND_CARD, HAND_ZONE, MINI, PLATE_OVERHANG,
                                            SANCT_CARD, TILE, Layout, name_plate, plan_row, rot_rect,
                                            shield_radius)
from game.ui import gfx
from game.ui.cards.hand import name_strip


class TablePlacer:
    """Computes the frame's ``Layout`` for a scene (its viewer, router, hand fan and motion state)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    def layout(self, tv: SanctuaryView) -> Layout:
        """Place everything for the typed view ``tv``; the result is also kept as ``scene.L``."""
        s = self.scene
        me = s.viewer if s.viewer in (0, 1) else 0
        L = Layout(me=me, opp=1 - me)
        for seat, band in ((L.opp, pygame.Rect(10, 56, 990, 194)), (me, pygame.Rect(10, 318, 990, 194))):
            L.band[seat] = band
            L.sanct[seat] = pygame.Rect(band.x, band.y, 170, band.h)
            L.att[seat] = pygame.Rect(band.x + 176, band.y, 120, band.h)
            L.row[seat] = pygame.Rect(band.x + 302, band.y, 590, band.h)
            L.piles[seat] = pygame.Rect(band.x + 898, band.y, 92, band.h)
            pr = L.piles[seat]
            L.deck[seat] = pygame.Rect(pr.x + 4, pr.y + 10, *MINI)
            L.discard[seat] = pygame.Rect(pr.x + 4, pr.y + 72, *MINI)
            L.hand_pile[seat] = pygame.Rect(pr.x + 4, pr.y + 134, *MINI)
            sr = L.sanct[seat]
            L.dial[seat] = (sr.x + 124, sr.y + 78)
            L.will[seat] = pygame.Rect(sr.x + 8, sr.y + 142, sr.w - 16, 46)
            side = tv.side(seat)
            san = side.sanctuary
            if san is not None:
                c = (sr.x + 8 + SANCT_CARD[1] / 2, sr.y + 44 + SANCT_CARD[1] / 2)
                ang = self.shown_angle(tv, san)
                L.cards[san] = (c, ang, rot_rect(c, SANCT_CARD, ang))
            self._layout_row(tv, L, side)
            self._layout_tiles(L, side)
        L.prompt = pygame.Rect(16, 256, 470, 56)
        L.stack_zone = pygame.Rect(494, 254, 200, 60)
        if tv.stack:
            n = len(tv.stack)
            # one item takes the zone's height: its card and its target on two lines when one is too short
            h = min(24, (L.stack_zone.h - 4) // max(1, n)) if n > 2 else (26 if n == 2 else L.stack_zone.h - 8)
            for i, item in enumerate(tv.stack):
                r = pygame.Rect(L.stack_zone.x + 4 + 4 * i, L.stack_zone.y + 4 + i * (h + 2), L.stack_zone.w - 12, h)
                L.stack.append((item, r))
        hand = tv.side(me).hand
        hovered = None
        h = s.router.hovered
        if h is not None and isinstance(h.key, tuple) and h.key[:1] == ("hand",):
            hovered = next((i for i, c in enumerate(hand) if c == h.key[1]), None)
        if s.router.dragging is not None:
            hovered = None
        # the fan spreads (between the key reminder and the board's right edge) until each covered card
        # shows its whole name and type line (issue 15: "Santua…", "Diablil…" in a crowded fan)
        needs = [self.name_strip(iid) for iid in hand]
        s.fan.max_width = HAND_ZONE[1] - HAND_ZONE[0]
        n = len(hand)
        total = HAND_CARD[0] + s.fan.step_for(n, needs) * max(0, n - 1)
        cx = min(max(600.0, HAND_ZONE[0] + total / 2), HAND_ZONE[1] - total / 2)
        s.fan.anchor = (round(cx), 702)
        slots = s.fan.slots(n, hovered, needs)
        L.hand = list(zip(hand, slots))
        deciding, human = s.driver.deciding()  # in set-up the seat deciding is ``setup_seat``
        if tv.phase == "setup" and tv.setup_seat == me == deciding and s.viewer == me \
                and human:  # only the player deciding sees the choice
            box = pygame.Rect(0, 0, 600, 118)
            box.center = (505, 500)
            L.mulligan["box"] = box
            L.mulligan["keep"] = pygame.Rect(box.x + 40, box.bottom - 50, 220, 40)
            L.mulligan["mulligan"] = pygame.Rect(box.right - 260, box.bottom - 50, 220, 40)
        s.L = L
        return L

    def name_strip(self, iid: str) -> int:
        """How much of hand card ``iid`` must show, from its left edge, for its name and type line to read."""
        card = self.scene.card(iid)
        if card is None:
            return 0
        return name_strip(localize(card.name, self.scene.lang), t(f"sanctuary.type.{card.type}", self.scene.lang),
                          HAND_CARD, card.type != "sanctuary")

    def shown_angle(self, tv: SanctuaryView, iid: str) -> float:
        """The angle a card is drawn at: its tapped state, or the tap animation's angle while it turns."""
        m = self.scene.motion
        p = tv.perm(iid)
        want = 90.0 if p is not None and p.tapped else 0.0
        if iid in m.busy_angle:
            return m.angle.get(iid, want)
        m.angle[iid] = want
        return want

    def _layout_row(self, tv: SanctuaryView, L: Layout, side: SideView) -> None:
        """Place a seat's Characters (and the Technologies tucked under them) in its battle row.

        Few cards sit in one line at full size. A crowded row is planned by ``plan_row``: the cards
        shrink, a second line opens when that keeps them larger, and only past the smallest scale do
        they overlap (by a bounded amount). Slots follow the tapped state, not the tap animation, so
        nothing slides while a card turns."""
        chars = list(side.characters)
        row = L.row[side.seat]
        if not chars:
            return
        targets = [90.0 if c.tapped else 0.0 for c in chars]
        plan = plan_row(row, targets, [len(c.technologies) for c in chars])
        size = (max(8, round(CARD[0] * plan.scale)), max(8, round(CARD[1] * plan.scale)))
        tab_h, tab_step, tuck = plan.tab
        for i, (ch, center) in enumerate(zip(chars, plan.centers)):
            c = ch.iid
            a = self.shown_angle(tv, c)
            rect = rot_rect(center, size, a)
            L.cards[c] = (center, a, rect)
            L.card_size[c] = size
            if plan.compact:
                L.compact.add(c)
            mine = [tc.iid for tc in ch.technologies]
            if plan.compact:
                slot = rot_rect(center, size, targets[i])
                for tc, r in zip(mine, self._strips(c, slot, targets[i] != 0.0, len(mine))):
                    L.tabs[tc] = r
                    L.compact.add(tc)
                continue
            slot_bottom = round(center[1] + (size[1] if targets[i] == 0.0 else size[0]) / 2)
            step = float(tab_step)
            if len(mine) > 1:  # so many Technologies that they would leave the line: they close up
                step = max(3.0, min(step, (plan.bottoms[i] - tab_h - slot_bottom + tuck) / (len(mine) - 1)))
            for k, tc in enumerate(mine):
                L.tabs[tc] = pygame.Rect(rect.x + 4, round(slot_bottom - tuck + k * step), max(8, rect.w - 8), tab_h)

    def _strips(self, iid: str, slot: pygame.Rect, turned: bool, n: int) -> list[pygame.Rect]:
        """The Technology strips a small card carries: stacked upwards from just above its Strength
        shield (beside it on a turned card), never over its name plate (they close up when many)."""
        if n == 0:
            return []
        h, step = COMPACT_TAB[0], COMPACT_TAB[1]
        r = shield_radius(slot.w if not turned else slot.h)
        if turned:  # the shield sits bottom left: the strips start beside it
            x, bottom = slot.x + 2 * r + 8, slot.bottom - 3
        else:
            x, bottom = slot.x + 3, slot.bottom - 2 * r - 6
        w = max(12, slot.right - 3 - x)
        card = self.scene.card(iid)
        top = slot.y + 4
        if card is not None:
            lines, size = name_plate(localize(card.name, self.scene.lang), slot.w + 2 * PLATE_OVERHANG)
            top = slot.y + 2 + gfx.line_height(size, True) * len(lines) + 4
        if n > 1:
            step = max(5.0, min(step, (bottom - h - top) / (n - 1)))
        return [pygame.Rect(x, round(bottom - h - k * step), w, h) for k in range(n)]

    @staticmethod
    def _layout_tiles(L: Layout, side: SideView) -> None:
        """Place a seat's Attachment tiles down its column (closing up when many)."""
        atts = [a.iid for a in side.attachments]
        col = L.att[side.seat]
        top = col.y + 8 + gfx.line_height(12, True)  # under the column's heading ("Attachments 2/5") at any text size
        n = len(atts)
        step = TILE[1] + 4
        if n > 1 and top + step * (n - 1) + TILE[1] > col.bottom - 4:
            step = (col.bottom - 4 - TILE[1] - top) / (n - 1)
        for i, c in enumerate(atts):
            L.tiles[c] = pygame.Rect(col.x + 2, round(top + i * step), TILE[0], TILE[1])
