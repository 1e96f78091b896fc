"""The turn strip under the encounter band: what the round is doing now (the step in words), the seats
in turn order from the first player, who decides, and the open action window with the seat holding
priority; while a played event or card action waits on the stack, the step's place names it (who played
it, on what), since nothing else on the table shows it until everyone has passed.

Why a module of its own: the seven phases are on the chrome's phase track above the table; inside a
phase the seed's steps and its "player actions" windows decide who may act, and the players must
see whether they may play actions now and who is to answer (priority goes around the table until
everybody passes in a row).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from game.scenes.base.pane import Pane
from game.scenes.quest.table import Table
from game.ui import gfx

#: the width of one seat's chip in the turn order
SEAT_W = 118


#: the smallest size the stack strip shrinks to before it says less (a readable strip, not a squeezed one)
STACK_MIN = 11

class StripState(NamedTuple):
    """What the strip shows: kept by the driver with the tracker while a move's animation plays."""

    step: str
    deciding: int | None
    window: Any
    priority: int | None


class TurnPane(Pane):
    """Step words, turn order and the window marker (see the module docstring)."""

    name = "turn"

    def marker_rect(self) -> pygame.Rect:
        """Where the open window and priority are shown."""
        ph = self.scene.L.phases
        return pygame.Rect(ph.right - 250, ph.y + 2, 250, ph.h - 4)

    def seat_rects(self, view: Table) -> list[tuple[int, pygame.Rect]]:
        """(seat, chip) in turn order from the first player, left of the window marker."""
        ph = self.scene.L.phases
        n = len(view.players)
        order = [(view.first_player + k) % n for k in range(n)] if n else []
        right = self.marker_rect().x - 8
        w = min(SEAT_W, max(60, (right - ph.x - 330) // max(1, n)))
        x0 = right - n * (w + 4)
        return [(seat, pygame.Rect(x0 + k * (w + 4), ph.y + 2, w, ph.h - 4))
                for k, seat in enumerate(order)]

    def shown(self, view: Table) -> StripState:
        """The strip as the driver shows it: the state kept with the tracker while moves animate, else now."""
        frozen = self.scene.driver.frozen
        kept = frozen.get("strip") if frozen is not None else None
        if isinstance(kept, StripState):
            return kept
        return StripState(self.scene.step_words(view), self.scene.seat_to_act(), view.window, view.priority)

    def draw(self, surface: pygame.Surface, view: Table) -> None:
        """Draw the step words, the seats in turn order and the window marker."""
        s, pal, tx = self.scene, gfx.palette(), self.scene.texts
        ph = s.L.phases
        chips = self.seat_rects(view)
        left = pygame.Rect(ph.x + 4, ph.y + 2, (chips[0][1].x if chips else
                                                                  self.marker_rect().x) - ph.x - 12,
                           ph.h - 4)
        gfx.rounded_rect(surface, left, gfx.with_alpha(pal.panel_dark, 200), 8)
        shown = self.shown(view)
        pending = self.stack_fit(view, left.inflate(-14, -2))
        if pending:  # a played event waits for everyone to pass: say so where the step is
            gfx.rounded_rect(surface, left, gfx.with_alpha(pal.accent, 230), 8)
            tx.line(surface, pending, left.inflate(-14, -2), 13, gfx.readable_ink(pal.accent), "midleft", bold=True,
                    minimum=STACK_MIN)
        else:
            tx.line(surface, shown.step, left.inflate(-14, -2), 13, pal.ink_light, "midleft", bold=True,
                    minimum=7)
        deciding = shown.deciding
        for seat, r in chips:
            lit = seat == deciding
            gfx.rounded_rect(surface, r, pal.accent if lit else gfx.with_alpha(pal.panel_dark, 200), 8)
            gfx.draw_seat_badge(surface, seat, (r.x + 12, r.centery), 7)
            right = r.right - 4
            if seat == view.first_player:  # the first-player token
                gfx.draw_symbol(surface, "star", (r.right - 11, r.centery), 7, (236, 196, 80), outline=pal.ink)
                right -= 18
            tx.line(surface, s.seat_name(seat), pygame.Rect(r.x + 22, r.y, right - r.x - 22, r.h), 12,
                    pal.ink if lit else pal.ink_light, "midleft", bold=lit, minimum=7)
        m = self.marker_rect()
        if shown.window:
            gfx.rounded_rect(surface, m, gfx.with_alpha(pal.legal, 210), 8)
            gfx.rounded_rect(surface, m, pal.edge, 8, 1)
            if shown.priority is not None:
                gfx.draw_seat_badge(surface, shown.priority, (m.right - 14, m.centery), 8)
            words = s.words("window", who=s.seat_name(shown.priority)) if shown.priority is not None \
                else s.words("window_open")
            tx.line(surface, words, pygame.Rect(m.x + 8, m.y, m.w - 34, m.h), 12, pal.ink, "midleft", bold=True,
                    minimum=7)
        else:
            gfx.rounded_rect(surface, m, gfx.with_alpha(pal.panel_dark, 120), 8)
            tx.line(surface, s.words("no_window"), m.inflate(-14, -2), 12, pal.ink_soft, "center", minimum=7)

    def stack_words(self, view: Table, first: int | None = None) -> str:
        """What waits on the stack, newest first ("" when nothing): "Waiting: Mend (Ana) on Wren"; with ``first``,
        only that many of the newest items and no heading."""
        s = self.scene
        items = []
        for card, seat, target in list(reversed(view.stack))[:first]:
            name = s.words_of.name(view.cards.get(card, card))
            if target:
                items.append(s.words("stack_item_on", card=name, who=s.seat_name(seat),
                                     target=s.words_of.name(view.cards.get(target, target))))
            else:
                items.append(s.words("stack_item", card=name, who=s.seat_name(seat)))
        if first is not None:
            return ", ".join(items)
        return s.words("stack", items=", ".join(items)) if items else ""

    def stack_fit(self, view: Table, box: pygame.Rect) -> str:
        """The stack's words that fit ``box`` whole ("" when nothing waits): every item; else the newest and how
        many more; else only how many (issue 15: never cut; the strip's tooltip lists them all)."""
        whole = self.stack_words(view)
        if not whole:
            return ""
        s = self.scene
        newest = self.stack_words(view, 1)
        n = len(view.stack)
        for words in (whole, s.words("stack_more", first=newest, n=n - 1) if n > 1 else newest,
                      s.words("stack_count", n=n)):
            if gfx.text_size(words, STACK_MIN, True)[0] <= box.w:
                return words
        return s.words("stack_count", n=n)

    def regions(self, view: Table, legal: list[Any]) -> list[Any]:
        """The step explains its phase; each seat its threat; the marker the window."""
        from game.ui.input import HitRegion
        from game.ui.payload import Ref

        s = self.scene
        ph = s.L.phases
        out = []
        phase_tip = f"tip.phase.{view.phase}"
        chips = self.seat_rects(view)
        left = pygame.Rect(ph.x, ph.y, (chips[0][1].x if chips else self.marker_rect().x)
                           - ph.x - 8, ph.h)
        if view.stack:
            out.append(HitRegion(left, Ref.of("stack"), tooltip=self.stack_words(view) + "\n" + s.words("tip.stack"),
                                 highlight=False))
        elif s.has_words(phase_tip):
            out.append(HitRegion(left, Ref.of("phase", view.phase), tooltip=s.words(phase_tip), highlight=False))
        for seat, r in chips:
            p = view.player(seat)
            tip = s.words("tip.seat", name=s.seat_name(seat), threat=p.threat if p else 0)
            if seat == view.first_player:
                tip += "\n" + s.words("tip.first_player")
            out.append(HitRegion(r, Ref.of("seat", seat), tooltip=tip, highlight=False))
        out.append(HitRegion(self.marker_rect(), Ref.of("window"),
                             tooltip=s.words("tip.window" if view.window else "tip.no_window"), highlight=False))
        return out
