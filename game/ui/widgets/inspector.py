"""The large inspector: a card, tile or chip shown big with its words, opened by a right-click."""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.engine.i18n import t
from game.ui import anim, gfx
from game.ui.input import Click, ClickEmpty, Command, HitRegion, InputRouter, Inspect, Intent

log = logging.getLogger(__name__)


# -------------------------------------------------------------------- inspector


class Inspector:
    """Right-click view: a card, tile or chip drawn large with its full text, over a dimmed table."""

    def __init__(self, canvas: pygame.Rect | tuple[int, int, int, int] = (0, 0, 1280, 720)) -> None:
        self.canvas = pygame.Rect(canvas)
        self.visible = False
        self.title = ""
        self.subtitle = ""
        self.body = ""
        self.image: pygame.Surface | None = None
        self.art: Callable[[pygame.Surface, pygame.Rect], Any] | None = None
        self.seat: int | None = None
        self.alpha = 0.0
        self._anim: anim.Animation | None = None
        self._composed: tuple | None = None

    def open(self, title: str, body: str = "", *, subtitle: str = "", image: pygame.Surface | None = None,
             art: Callable[[pygame.Surface, pygame.Rect], Any] | None = None, seat: int | None = None) -> None:
        """Show a thing large: an image or an ``art(surface, rect)`` drawer, a title and its rule text."""
        self.title, self.body, self.subtitle, self.image, self.art, self.seat = title, body, subtitle, image, art, seat
        self.visible = True
        self._anim = anim.Tween(self, "alpha", start=self.alpha, end=1.0, duration=0.15)

    def close(self) -> None:
        """Hide the inspector."""
        self.visible = False
        self.alpha = 0.0
        self._anim = None

    def update(self, dt: float) -> None:
        """Advance the fade-in."""
        if self._anim is not None:
            self._anim.update(dt)
            if self._anim.done:
                self._anim = None

    @property
    def animating(self) -> bool:
        """True while fading in."""
        return self._anim is not None

    def handle(self, intent: Intent) -> bool:
        """While open, any click, right-click, Esc or confirm closes it; return True when consumed."""
        if not self.visible:
            return False
        if isinstance(intent, (Click, ClickEmpty, Inspect)) or (
                isinstance(intent, Command) and intent.name in ("pause", "confirm")):
            self.close()
            return True
        from game.ui.input import IllegalClick

        if isinstance(intent, IllegalClick):
            self.close()
            return True
        return False

    def register(self, router: InputRouter) -> None:
        """While open, cover the canvas with one region so nothing underneath reacts."""
        if self.visible:
            router.add(HitRegion(self.canvas, payload=self, highlight=False, key="inspector"))

    def layout(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Return (panel, art area, text area)."""
        c = self.canvas
        panel = pygame.Rect(0, 0, min(900, c.w - 80), min(560, c.h - 80))
        panel.center = c.center
        has_art = self.image is not None or self.art is not None
        art = pygame.Rect(panel.x + 24, panel.y + 24, 0, panel.h - 48)
        if has_art:
            art.w = min(round(art.h * 0.72), panel.w // 2)
            if self.image is not None:
                iw, ih = self.image.get_size()
                scale = min(art.w / max(1, iw), art.h / max(1, ih))
                art = pygame.Rect(0, 0, round(iw * scale), round(ih * scale)).move(art.x, art.y)
                art.centery = panel.centery
        text_left = art.right + 28 if has_art else panel.x + 32
        text = pygame.Rect(text_left, panel.y + 24, panel.right - 28 - text_left, panel.h - 48)
        return panel, art, text

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the dim overlay and the panel (composed once per opening, then blitted)."""
        if not self.visible:
            return
        a = max(0.0, min(1.0, self.alpha))
        key = (id(self.image), id(self.art), self.title, self.subtitle, self.body, self.seat, tuple(self.canvas),
               gfx.palette().name, gfx.text_scale())
        if self._composed is None or self._composed[0] != key:
            self._composed = (key, *self._compose())
        _, panel_surf, panel_pos = self._composed
        k = round(255 * (1 - 0.6 * a))  # darken the table: a multiply fill is the cheapest full-screen blend
        surface.fill((k, k, k), self.canvas, special_flags=pygame.BLEND_RGB_MULT)
        panel_surf.set_alpha(round(255 * a))
        surface.blit(panel_surf, (panel_pos[0], panel_pos[1] + round((1 - a) * 20)))

    def _compose(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """Paint the panel into its own surface; return it and where it goes."""
        pal = gfx.palette()
        panel, art, text = self.layout()
        m = 16
        area = panel.inflate(2 * m, 2 * m)
        surf = pygame.Surface(area.size, pygame.SRCALPHA)
        dx, dy = -area.x, -area.y
        panel, art, text = panel.move(dx, dy), art.move(dx, dy), text.move(dx, dy)
        gfx.panel(surf, panel, radius=14)
        if self.image is not None:
            img = self.image
            if img.get_size() != art.size:
                img = pygame.transform.smoothscale(img, art.size)
            gfx.shadow(surf, art, 8)
            surf.blit(img, art)
        elif self.art is not None:
            try:
                self.art(surf, art)
            except Exception:
                log.exception("inspector art failed")
        y = text.y
        if self.seat is not None:
            gfx.draw_seat_badge(surf, self.seat, (text.x + 12, y + 18), 11)
            tx = text.x + 32
        else:
            tx = text.x
        r = gfx.text(surf, self.title, (tx, y), 32, pal.ink, max_width=text.right - tx, bold=True)
        y = r.bottom + 4
        if self.subtitle:
            r = gfx.text(surf, self.subtitle, (text.x, y), 18, pal.ink_soft, max_width=text.w)
            y = r.bottom + 6
        pygame.draw.line(surf, pal.panel_dark, (text.x, y + 4), (text.right, y + 4), 2)
        y += 14
        if self.body:
            size = 20
            while size > 13 and gfx.text_size(self.body, size, max_width=text.w)[1] > text.bottom - y - 30:
                size -= 1
            gfx.text(surf, self.body, (text.x, y), size, pal.ink, max_width=text.w)
        gfx.text(surf, t("ui.inspect_close"), (panel.right - 16, panel.bottom - 10), 14, pal.ink_soft,
                 "bottomright")
        return surf, area.topleft
