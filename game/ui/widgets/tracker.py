"""The phase/turn strip at the top of the table: round, phases with the current one lit, the seat to act."""

from __future__ import annotations

from typing import Sequence

import pygame

from game.engine.i18n import t
from game.ui import anim, gfx
from game.ui.text import ellipsize
from game.ui.widgets.base import _Cached

# ---------------------------------------------------------------- phase tracker


class PhaseTracker(_Cached):
    """The round / phase / turn strip: "Round 2 | resources > planning > [quest] > ... | <seat> Nyx"."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], size: int = 16) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self.round: int | None = None
        self.round_label: str | None = None
        self.phases: list[str] = []
        self.current: int | None = None
        self.seat: int | None = None
        self.seat_name: str = ""
        self.glow = 0.0
        self._anim: anim.Animation | None = None

    def set(self, *, round: int | None = None, phases: Sequence[str] | None = None, current: int | str | None = None,
            seat: int | None = None, seat_name: str | None = None, round_label: str | None = None) -> None:
        """Update what the strip shows; a changed phase glows briefly."""
        if phases is not None:
            self.phases = list(phases)
        if isinstance(current, str):
            current = self.phases.index(current) if current in self.phases else None
        changed = current != self.current or round != self.round
        self.round = round if round is not None else self.round
        self.round_label = round_label if round_label is not None else self.round_label
        self.current = current
        if seat is not None:
            self.seat = seat
        if seat_name is not None:
            self.seat_name = seat_name
        if changed:
            self._anim = anim.Tween(self, "glow", start=1.0, end=0.0, duration=0.8, ease="in_quad")

    def update(self, dt: float) -> None:
        """Advance the glow."""
        if self._anim is not None:
            self._anim.update(dt)
            if self._anim.done:
                self._anim = None

    @property
    def animating(self) -> bool:
        """True while the phase glow fades."""
        return self._anim is not None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the strip."""
        key = (self.round, self.round_label, tuple(self.phases), self.current, self.seat, self.seat_name,
               tuple(self.rect), self.size, round(self.glow, 2), gfx.palette().name, gfx.text_scale())
        self._cached(surface, key, self._paint)

    def _chips_width(self) -> int:
        """The width every phase drawn as a word chip takes, arrows between them included."""
        return sum(gfx.text_size(ph, self.size - 1, i == self.current)[0] + 18 + 14
                   for i, ph in enumerate(self.phases)) - (14 if self.phases else 0)

    def _paint(self, surface: pygame.Surface) -> None:
        pal = gfx.palette()
        gfx.panel(surface, self.rect, radius=self.rect.h // 2, edge_width=2)
        x = self.rect.x + 16
        cy = self.rect.centery
        if self.round is not None or self.round_label:
            label = self.round_label or t("ui.round", n=self.round)
            r = gfx.text(surface, label, (x, cy), self.size + 1, pal.ink, "midleft", bold=True)
            x = r.right + 14
            pygame.draw.line(surface, pal.panel_dark, (x - 7, self.rect.y + 6), (x - 7, self.rect.bottom - 6), 2)
        right_reserved = 0
        if self.seat is not None or self.seat_name:
            name_w = gfx.text_size(self.seat_name, self.size, True)[0]
            right_reserved = name_w + 44
        limit = self.rect.right - right_reserved - 8
        compact = x + self._chips_width() > limit  # too many words: the lit phase whole, the others as pips
        for i, ph in enumerate(self.phases):
            cur = i == self.current
            if compact and not cur:
                done = self.current is not None and i < self.current  # the phases already played are filled
                pygame.draw.circle(surface, pal.panel_dark, (x + 5, cy), 5, 0 if done else 2)
                x += 14
                continue
            w, h = gfx.text_size(ph, self.size - 1, cur)
            chip = pygame.Rect(x, 0, min(w + 18, max(0, limit - x)), min(self.rect.h - 8, h + 6))
            chip.centery = cy
            if cur:
                colour = gfx.lerp_colour(pal.accent, pal.ink_light, self.glow * 0.6)
                gfx.rounded_rect(surface, chip, colour, chip.h // 2)
                gfx.rounded_rect(surface, chip, pal.edge, chip.h // 2, 1)
            gfx.text(surface, ellipsize(ph, chip.w - 12, self.size - 1, cur), chip.center, self.size - 1,
                     pal.ink if cur else pal.ink_soft, "center", bold=cur)
            x = chip.right + 4
            if compact:
                x += 2
            elif i < len(self.phases) - 1:
                pygame.draw.polygon(surface, pal.panel_dark, [(x + 1, cy - 4), (x + 6, cy), (x + 1, cy + 4)])
                x += 10
        if right_reserved:
            rx = self.rect.right - 14
            r = gfx.text(surface, self.seat_name, (rx, cy), self.size, pal.ink, "midright", bold=True)
            if self.seat is not None:
                gfx.draw_seat_badge(surface, self.seat, (r.x - 14, cy), 8)
