"""The hover tooltip and the transient toast: short words near the mouse or at the top of the table."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import pygame

from game.ui import gfx

# ---------------------------------------------------------------------- tooltip


class Tooltip:
    """Wrapped text in a small panel near the mouse, always kept inside the canvas."""

    def __init__(self, canvas: pygame.Rect | tuple[int, int, int, int] = (0, 0, 1280, 720), max_width: int = 340,
                 size: int = 16) -> None:
        self.canvas = pygame.Rect(canvas)
        self.max_width = max_width
        self.size = size

    def layout(self, text: str, mouse: tuple[int, int]) -> pygame.Rect:
        """Return where the tooltip for ``text`` goes (below-right of the mouse, flipped to stay on screen)."""
        w, h = gfx.text_size(text, self.size, max_width=self.max_width)
        rect = pygame.Rect(0, 0, w + 20, h + 14)
        rect.topleft = (mouse[0] + 16, mouse[1] + 20)
        if rect.right > self.canvas.right - 4:
            rect.right = mouse[0] - 10
        if rect.bottom > self.canvas.bottom - 4:
            rect.bottom = mouse[1] - 10
        return rect.clamp(self.canvas)

    def draw(self, surface: pygame.Surface, text: str | None, mouse: tuple[int, int]) -> pygame.Rect | None:
        """Draw the tooltip (nothing when text is empty); return its rect."""
        if not text:
            return None
        rect = self.layout(text, mouse)
        pal = gfx.palette()
        gfx.shadow(surface, rect, 6, (2, 3), blur=4)
        gfx.rounded_rect(surface, rect, (*pal.panel[:3], 245), 6)
        gfx.rounded_rect(surface, rect, pal.edge, 6, 1)
        gfx.text(surface, text, (rect.x + 10, rect.y + 7), self.size, pal.ink, "topleft", self.max_width)
        return rect


# ------------------------------------------------------------------------ toast


@dataclass
class _ToastItem:
    text: str
    kind: str
    duration: float
    age: float = 0.0


class Toast:
    """Transient messages ("Not your turn", "Saved") that fade after a few seconds."""

    FADE = 0.25

    def __init__(self, anchor: tuple[int, int] = (640, 96), size: int = 18, max_items: int = 4,
                 max_width: int = 560) -> None:
        self.anchor, self.size, self.max_items, self.max_width = anchor, size, max_items, max_width
        self.items: deque[_ToastItem] = deque()

    def show(self, text: str, kind: str = "info", duration: float = 2.6) -> None:
        """Show a message; kind is info, good, error (error toasts also get an outline)."""
        if self.items and self.items[-1].text == text:
            self.items[-1].age = min(self.items[-1].age, self.FADE)
            return
        self.items.append(_ToastItem(text, kind, max(0.5, duration)))
        while len(self.items) > self.max_items:
            self.items.popleft()

    def update(self, dt: float) -> None:
        """Age messages and drop expired ones."""
        for it in self.items:
            it.age += dt
        while self.items and self.items[0].age >= self.items[0].duration:
            self.items.popleft()

    @property
    def animating(self) -> bool:
        """True while a message is on screen."""
        return bool(self.items)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the messages stacked downwards from the anchor."""
        pal = gfx.palette()
        y = self.anchor[1]
        for it in self.items:
            a = 1.0
            if it.age < self.FADE:
                a = it.age / self.FADE
            elif it.age > it.duration - self.FADE:
                a = max(0.0, (it.duration - it.age) / self.FADE)
            w, h = gfx.text_size(it.text, self.size, max_width=self.max_width)
            icon = 22 if it.kind == "error" else 0
            rect = pygame.Rect(0, 0, w + 36 + icon, h + 16)
            rect.midtop = (self.anchor[0], round(y - (1 - a) * 10))
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            bg = {"error": pal.illegal, "good": pal.good}.get(it.kind, pal.table_dark)
            gfx.rounded_rect(layer, layer.get_rect(), (*bg[:3], 235), 10)
            gfx.rounded_rect(layer, layer.get_rect(), pal.accent if it.kind == "info" else pal.ink_light, 10, 2)
            if it.kind == "error":
                gfx.draw_symbol(layer, "cross", (22, rect.h / 2), 7, pal.ink_light)
            gfx.text(layer, it.text, (rect.w / 2 + icon / 2, 8), self.size,
                     pal.ink_light, "midtop", self.max_width)
            layer.set_alpha(round(255 * a))
            surface.blit(layer, rect)
            y += rect.h + 6
