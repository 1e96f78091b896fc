"""The middle of the sanctuary table: the band between the two sides with the priority prompt and the
stack of Manipulations, and the arrows of the duel, the attacks, the blocks and the stack's targets.

Why panes: the prompt, the stack and the arrows read only the typed view (``SanctuaryView``) and
the layout of the cards, so they draw the same over any table that places its cards in a ``Layout``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.rulesets.sanctuary.views import SanctuaryView
from game.scenes.base.pane import Pane
from game.scenes.sanctuary import cards as art
from game.scenes.sanctuary.geometry import (ATTACK_COLOUR, BLOCK_COLOUR, DUEL_COLOUR, PHASE_SHOWN_AS, _t,
                                            put_line)
from game.ui import gfx
from game.ui import text as uitext
from game.ui.cards.arrows import arrow, swords

#: the arrow from a Manipulation on the stack to its target
STACK_ARROW = (170, 110, 220)


class BandPane(Pane):
    """The dark band across the middle of the table (under the arrows)."""

    name = "band"

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Draw the band."""
        gfx.rounded_rect(surface, pygame.Rect(10, 254, 990, 60), gfx.with_alpha(gfx.palette().table_dark, 200), 12)


class MiddlePane(Pane):
    """The priority prompt (who decides, what the player in front may do) and the stack."""

    name = "middle"

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Draw the prompt and the stack's items (oldest first, each with its owner's badge)."""
        s, L = self.scene, self.scene.L
        pal = gfx.palette()
        seat, _human = s.driver.deciding()
        text = self.prompt_text(view)
        ack = s.driver.ack
        if ack is not None:  # a pause: it is about the seat whose turn ended (its box says the same words)
            seat = s.driver.shown_seat()
            box = s.chrome.ack_layout()
            if box is not None and box[0].colliderect(L.prompt):
                text, seat = "", None  # the pause's box lies on the band and says it: no half line beside it
        x = L.prompt.x
        if seat is not None:
            gfx.draw_seat_badge(surface, seat, (x + 9, L.prompt.centery), 8)
            x += 22
        size = 15
        while size > 11 and gfx.text_size(text, size, max_width=L.prompt.right - x)[1] > L.prompt.h - 4:
            size -= 1
        uitext.put(surface, text, (x, L.prompt.centery), size, pal.ink_light, "midleft",
                   pygame.Rect(x, L.prompt.y, L.prompt.right - x, L.prompt.h), s.texts.records,
                   max_width=L.prompt.right - x)
        # the stack of Manipulations
        sz = L.stack_zone
        if L.stack:
            label, size = art.fit_line(_t("stack"), sz.w - 40, start=10)  # left: the target arrows leave on the right
            put_line(s.texts.records, surface, label, (sz.x + 4, sz.y - 1), size, pal.accent, "bottomleft",
                     sz.x + 4, sz.w - 40, bold=True)
        for item, r in L.stack:
            iid = item.card
            if iid in s.motion.flying:
                continue
            owner = item.seat if item.seat in (0, 1) else 0
            card = s.card(iid)
            main = art.faction_colours(card.faction)[0] if card is not None else pal.edge
            gfx.rounded_rect(surface, r, pal.panel, 6)
            gfx.rounded_rect(surface, r, main, 6, 2)
            gfx.draw_seat_badge(surface, owner, (r.x + 10, r.centery), 5)
            whole = s.cname(iid) + (f" » {s.cname(item.target)}" if item.target else "")
            fitted = uitext.fit_line(whole, r.w - 26, 13, bold=True, height=r.h - 2, min_px=9)
            if fitted.cut and item.target:  # the card, then its target, each on a line of its own when they fit
                half = (r.h - 2) // 2
                lines = [uitext.fit_line(x, r.w - 26, 13, bold=True, height=half, min_px=9)
                         for x in (s.cname(iid), f"» {s.cname(item.target)}")]
                if not any(f.cut for f in lines):
                    size = min(f.size for f in lines)
                    for k, text in enumerate((s.cname(iid), f"» {s.cname(item.target)}")):
                        box = pygame.Rect(r.x + 20, r.y + 1 + k * half, r.w - 26, half)
                        uitext.put(surface, text, (box.x, box.centery), size, pal.ink, "midleft", box,
                                   s.texts.records, bold=True)
                    continue
            uitext.put(surface, fitted.text, (r.x + 20, r.centery), fitted.size, pal.ink, "midleft", r,
                       s.texts.records, bold=True, cut=fitted.cut)

    def regions(self, view: SanctuaryView, legal: list[Any]) -> list[Any]:
        """Each item of the stack: its card's text as a tooltip, zoomed on right-click."""
        from game.ui.input import HitRegion

        s = self.scene
        return [HitRegion(r, ("stack", item.card), highlight=False, tooltip=s.card_tip(item.card),
                          inspect=("card", item.card), key=("stackitem", item.card)) for item, r in s.L.stack]

    def prompt_text(self, view: SanctuaryView) -> str:
        """The priority prompt: what the player in front may do now, or who is deciding."""
        s = self.scene
        if s.driver.ack is not None:  # a pause ("End turn") waits for the player in front, not the next seat
            return s.driver.ack.summary
        seat, human = s.driver.deciding()
        phase = view.phase
        if seat is None or phase == "over":
            return _t("prompt.over")
        phase_word = t(f"sanctuary.phase.{PHASE_SHOWN_AS.get(phase, phase)}")
        if seat != s.viewer or not human:
            return _t("prompt.waiting", name=s.seat_name(seat), phase=phase_word)
        step = view.step
        if phase == "setup":
            hand = view.side(seat).hand_count
            m = s.next_hand_size(view)
            return _t("prompt.mulligan", n=hand, m=m) if m >= 0 else _t("prompt.mulligan_last", n=hand)
        if phase == "end":
            return _t("prompt.discard", n=getattr(s.model, "hand_limit", 8))
        if step == "declare":
            return _t("prompt.declare")
        if step == "attack":
            return _t("prompt.attack")
        if step == "block":
            return _t("prompt.block")
        if view.stack:
            return _t("prompt.respond", card=s.cname(view.stack[-1].card))
        if phase == "harvest" and view.active == seat:
            return _t("prompt.harvest")
        return _t("prompt.priority", phase=phase_word)


class ArrowsPane(Pane):
    """Arrows between cards in play: attackers to the opposing dial (or from their blocker), the duel
    with crossed swords, and each Manipulation on the stack to its target."""

    name = "arrows"

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Draw every arrow the view's combat, duel and stack call for."""
        L = self.scene.L
        blocks = view.combat.blocks
        active = view.active if view.active in (0, 1) else 0
        for a in view.combat.attackers:
            ra = L.rect_of(a)
            if ra is None:
                continue
            b = blocks.get(a)
            rb = L.rect_of(b) if b else None
            if rb is not None:
                continue
            dial = L.dial[1 - active]
            start = (ra.centerx, ra.top if L.band[active].y > dial[1] else ra.bottom)
            arrow(surface, start, dial, ATTACK_COLOUR, bend=0.18)
        for a, b in blocks.items():
            ra, rb = L.rect_of(a), L.rect_of(b)
            if ra is None or rb is None:
                continue
            down = rb.centery > ra.centery
            arrow(surface, (rb.centerx, rb.top if down else rb.bottom), (ra.centerx, ra.bottom if down else ra.top),
                  BLOCK_COLOUR, bend=0.1)
        duel = view.duel
        ra = L.rect_of(duel.challenger) if duel else None
        rb = L.rect_of(duel.target) if duel else None
        if ra is not None and rb is not None:
            down = rb.centery > ra.centery
            p1 = (ra.centerx, ra.bottom if down else ra.top)
            p2 = (rb.centerx, rb.top if down else rb.bottom)
            arrow(surface, p1, p2, DUEL_COLOUR, both=True, bend=0.12)
            mid = ((p1[0] + p2[0]) // 2, (p1[1] + p2[1]) // 2)
            swords(surface, mid)
        # targets of the Manipulations on the stack
        for item, r in L.stack:
            rt = L.rect_of(item.target)
            if rt is not None:
                end = (rt.centerx, rt.bottom if rt.centery < r.centery else rt.top)
                arrow(surface, (r.right - 14, r.centery), end, STACK_ARROW, bend=0.2, width=4)
