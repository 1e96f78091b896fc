"""The step panel: the decision of the moment, docked at the bottom of the map, as a card with a title,
a few lines, pictures (the monsters around the hero, an NPC's portrait) and one button per choice.

Each button carries its Action (or, disabled, the reason), and its figures (the chance that an escape
or a search succeeds, a price) sit right on it, so the odds are read before committing. The panel
draws a ``StepCard`` (built from the typed view by the scene), nothing else.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.expedition.panes.common import ExpeditionPane, svg
from game.scenes.expedition.panes.marks import Choice, StepCard
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion

WIDTH = 660
MAX_H = 300


class StepPane(ExpeditionPane):
    """The step panel (see the module docstring)."""

    name = "step"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.buttons: list[tuple[pygame.Rect, Choice]] = []
        #: a square the panel must not cover (the acting hero's): the panel docks at the top instead
        self.avoid: pygame.Rect | None = None

    # ----------------------------------------------------------------- geometry
    @staticmethod
    def button_h() -> int:
        """A button's height (grows with the text size)."""
        return max(30, gfx.line_height(14, True) + 10)

    def measure(self, card: StepCard) -> pygame.Rect:
        """Where the panel goes for this card: bottom-centre of the map, as tall as its content."""
        m = self.geo.map
        w = min(WIDTH, m.w - 40)
        title_h = gfx.line_height(17, True) + 6
        pic = 56 if card.pictures else 0
        text_w = w - 28 - (min(6, len(card.pictures)) * 56 + 6 if card.pictures else 0)
        text_h = len(gfx.wrap("\n".join(card.lines), 13, max(40, text_w))) * gfx.line_height(13) + 4
        cols = self.columns(card)
        rows = (len(card.choices) + cols - 1) // cols
        h = 12 + title_h + max(pic, text_h) + 8 + rows * (self.button_h() + 6) + 6
        h = min(MAX_H, h)
        r = pygame.Rect(m.centerx - w // 2, m.bottom - h - 10, w, h)
        if self.avoid is not None and r.colliderect(self.avoid.inflate(12, 12)):
            r.y = m.y + 10
        return r

    @staticmethod
    def columns(card: StepCard) -> int:
        """Buttons side by side: two when there are several, one when there are one or two long ones."""
        return 1 if len(card.choices) <= 1 else 2

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, card: StepCard) -> None:
        """The card: title (in the deciding seat's colour), pictures, lines, buttons."""
        self.rec.begin()
        pal = gfx.palette()
        r = self.measure(card)
        self.rect = r
        gfx.panel(surface, r)
        title_h = gfx.line_height(17, True) + 6
        x = r.x + 14
        if card.seat is not None:
            gfx.draw_seat_badge(surface, card.seat, (r.x + 20, r.y + 8 + title_h // 2), 9)
            x = r.x + 34
        self.line(surface, card.title, pygame.Rect(x, r.y + 8, r.right - 14 - x, title_h), 17, pal.ink, bold=True,
                  minimum=10)
        y = r.y + 10 + title_h
        px = r.x + 14
        for path in card.pictures[:6]:
            surface.blit(svg(path, (52, 52)), (px, y))
            px += 56
        tx = px + (6 if card.pictures else 0)
        cols = self.columns(card)
        rows = (len(card.choices) + cols - 1) // cols
        bottom = r.bottom - 8 - rows * (self.button_h() + 6)
        if card.lines:
            box = pygame.Rect(tx, y, r.right - 14 - tx, max(gfx.line_height(9), bottom - 4 - y))
            self.block(surface, "\n".join(card.lines), box, 13, 9, pal.ink_soft)
        self.buttons = []
        bw = (r.w - 28 - (cols - 1) * 8) // cols
        for k, ch in enumerate(card.choices):
            b = pygame.Rect(r.x + 14 + (k % cols) * (bw + 8), bottom + (k // cols) * (self.button_h() + 6), bw,
                            self.button_h())
            self.button(surface, b, ch)
            self.buttons.append((b, ch))

    def button(self, surface: pygame.Surface, b: pygame.Rect, ch: Choice) -> None:
        """One choice: its label left, its figures right (odds, price)."""
        pal = gfx.palette()
        off = ch.reason is not None
        face = pal.panel_dark if off else (pal.accent if ch.primary else pal.felt)
        gfx.rounded_rect(surface, b, face, 8)
        gfx.rounded_rect(surface, b, pal.edge, 8, 2)
        ink = pal.ink_soft if off else (pal.ink if ch.primary else pal.ink_light)
        inner = b.inflate(-16, -4)
        if ch.detail:
            dw = min(inner.w * 2 // 5, uitext.width_of(ch.detail, 13, True) + 4)
            dbox = pygame.Rect(inner.right - dw, inner.y, dw, inner.h)
            self.line(surface, ch.detail, dbox, 13, ink, "midright", bold=True, minimum=8)
            inner = pygame.Rect(inner.x, inner.y, inner.w - dw - 8, inner.h)
        self.line(surface, ch.label, inner, 14, ink, bold=True, minimum=8)

    # ----------------------------------------------------------------- regions
    def regions(self, card: StepCard, legal: list[Any]) -> list[HitRegion]:
        """The panel (so clicks on it never reach the map under it), then a region per button."""
        out = [HitRegion(pygame.Rect(self.rect), None, highlight=False, key=("panel",))]
        for b, ch in self.buttons:
            if ch.reason is not None:
                out.append(HitRegion(b, ch.payload, legal=False, reason=ch.reason, tooltip=ch.reason,
                                     key=("choice", ch.label)))
            else:
                tip = f"{ch.label} ({ch.detail})" if ch.detail else None
                out.append(HitRegion(b, ch.payload, tooltip=tip, key=("choice", ch.label)))
        return out
