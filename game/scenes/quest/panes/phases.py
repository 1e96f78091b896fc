"""The phase track of the quest round: the seven phases, the current one lit, the open action window
and the seat holding priority in it.

Why a module of its own: the seed's round is seven phases with "player actions" windows between their
steps; the players must see where the round is and whether they may play actions now, and who is to
answer (priority passes around the table until everybody passes in a row).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.base.pane import Pane
from game.scenes.quest.layout import PHASES_RECT
from game.scenes.quest.table import PHASES, Table
from game.ui import gfx


class PhaseTrackPane(Pane):
    """Seven phase chips; the current one lit; a window marker with the priority seat's badge."""

    name = "phases"

    def chips(self) -> list[pygame.Rect]:
        """The chip of each phase (the window marker takes the strip's right end)."""
        area = PHASES_RECT
        marker = self.marker_rect()
        w = (marker.x - area.x - 6 - 4 * (len(PHASES) - 1)) / len(PHASES)
        return [pygame.Rect(round(area.x + i * (w + 4)), area.y + 2, round(w), area.h - 4) for i in range(len(PHASES))]

    def marker_rect(self) -> pygame.Rect:
        """Where the open window and priority are shown."""
        return pygame.Rect(PHASES_RECT.right - 250, PHASES_RECT.y + 2, 250, PHASES_RECT.h - 4)

    def draw(self, surface: pygame.Surface, view: Table) -> None:
        """Draw the chips and the window marker."""
        s, pal, tx = self.scene, gfx.palette(), self.scene.texts
        current = view.phase
        for ph, r in zip(PHASES, self.chips()):
            lit = ph == current
            past = current in PHASES and PHASES.index(ph) < PHASES.index(current)
            bg = pal.accent if lit else gfx.lerp_colour(pal.panel_dark, pal.table, 0.4 if past else 0.0)
            gfx.rounded_rect(surface, r, bg, 8)
            gfx.rounded_rect(surface, r, pal.edge, 8, 1)
            ink = pal.ink if lit else pal.ink_light
            tx.line(surface, s.phase_name(ph), r.inflate(-8, -2), 13, ink, "center", bold=lit, minimum=7)
        m = self.marker_rect()
        if view.window:
            gfx.rounded_rect(surface, m, gfx.with_alpha(pal.legal, 200), 8)
            gfx.rounded_rect(surface, m, pal.edge, 8, 1)
            if view.priority is not None:
                gfx.draw_seat_badge(surface, view.priority, (m.right - 14, m.centery), 9)
            words = s.words("window", who=s.seat_name(view.priority)) if view.priority is not None \
                else s.words("window_open")
            tx.line(surface, words, pygame.Rect(m.x + 8, m.y, m.w - 34, m.h), 12, pal.ink, "midleft", bold=True,
                    minimum=7)
        else:
            step = s.step_name(view.step)
            if step:
                tx.line(surface, step, m.inflate(-12, -2), 12, pal.ink_light, "midright", minimum=7)

    def regions(self, view: Table, legal: list[Any]) -> list[Any]:
        """Each chip explains its phase; the marker explains the window."""
        from game.ui.input import HitRegion
        from game.ui.payload import Ref

        s = self.scene
        out = [HitRegion(r, Ref.of("phase", ph), tooltip=s.words(f"tip.phase.{ph}"), highlight=False)
               for ph, r in zip(PHASES, self.chips())]
        if view.window:
            out.append(HitRegion(self.marker_rect(), Ref.of("window"), tooltip=s.words("tip.window"), highlight=False))
        return out
