"""Drawing helpers: rounded rects and panels, cached soft shadows, highlights, the table background, meters, props."""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache
from typing import Iterable

import pygame

from game.ui.gfx.colours import Colour, lerp_colour, with_alpha, palette

# ----------------------------------------------------------------------- panels


def rounded_rect(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, radius: int = 10,
                 width: int = 0) -> None:
    """Draw a rounded rectangle (alpha colours are blended, not overwritten)."""
    if len(colour) == 4 and colour[3] < 255:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, colour, tmp.get_rect(), width, border_radius=radius)
        surface.blit(tmp, rect.topleft)
    else:
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


class SurfaceCache:
    """A least-recently-used cache of surfaces bounded by their pixel bytes (not by count).

    Counting entries is no bound for surfaces: one 900x560 shadow weighs as much as
    two hundred card-sized ones. The newest entry is always kept, however big.
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: "OrderedDict[object, pygame.Surface]" = OrderedDict()

    @staticmethod
    def weight(surf: pygame.Surface) -> int:
        """Return the bytes of a surface's pixels."""
        return surf.get_width() * surf.get_height() * surf.get_bytesize()

    def get(self, key: object) -> pygame.Surface | None:
        """Return the cached surface (marking it recently used) or None."""
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: object, surf: pygame.Surface) -> None:
        """Cache a surface, dropping the least recently used ones beyond the byte budget."""
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= self.weight(old)
        self._items[key] = surf
        self.bytes += self.weight(surf)
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= self.weight(dropped)

    def clear(self) -> None:
        """Forget every surface."""
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items


#: shadows are rect-sized (a dialog's is 2 MB): a scene draws a few MB of them every frame, the rest go
SHADOW_CACHE_BYTES = 8 * 1024 * 1024
_shadow_cache = SurfaceCache(SHADOW_CACHE_BYTES)


def _shadow_surface(w: int, h: int, radius: int, alpha: int, blur: int) -> pygame.Surface:
    key = (w, h, radius, alpha, blur)
    surf = _shadow_cache.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((w + 2 * blur, h + 2 * blur), pygame.SRCALPHA)
    steps = max(1, blur)
    for k in range(steps):
        a = round(alpha * (k + 1) / steps / steps * 1.6)
        r = pygame.Rect(k, k, w + 2 * (blur - k), h + 2 * (blur - k))
        pygame.draw.rect(surf, (0, 0, 0, min(255, a)), r, border_radius=radius + blur - k)
    _shadow_cache.put(key, surf)
    return surf


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10, offset: tuple[int, int] = (3, 5),
           alpha: int | None = None, blur: int = 6) -> None:
    """Draw a soft drop shadow under ``rect`` (cached per size)."""
    a = alpha if alpha is not None else (palette().shadow[3] if len(palette().shadow) == 4 else 90)
    srf = _shadow_surface(rect.w, rect.h, radius, a, blur)
    surface.blit(srf, (rect.x - blur + offset[0], rect.y - blur + offset[1]))


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour | None = None, edge: Colour | None = None,
          radius: int = 10, with_shadow: bool = True, edge_width: int = 2) -> pygame.Rect:
    """Draw a parchment panel with a rounded outline and a soft shadow; return the inner rect."""
    rect = pygame.Rect(rect)
    if with_shadow:
        shadow(surface, rect, radius)
    rounded_rect(surface, rect, colour if colour is not None else palette().panel, radius)
    if edge_width:
        rounded_rect(surface, rect, edge if edge is not None else palette().edge, radius, edge_width)
    return rect.inflate(-2 * (edge_width + 6), -2 * (edge_width + 4))


def highlight(surface: pygame.Surface, rect: pygame.Rect, colour: Colour | None = None, width: int = 3,
              radius: int = 8, glow: bool = True) -> None:
    """Outline a rect as a hover/legal-target highlight (with a faint outer glow)."""
    colour = colour if colour is not None else palette().legal
    rect = pygame.Rect(rect)
    if glow:
        rounded_rect(surface, rect.inflate(8, 8), with_alpha(colour, 70), radius + 4, 4)
    rounded_rect(surface, rect, colour, radius, width)


def vignette_background(size: tuple[int, int]) -> pygame.Surface:
    """Return a tabletop background (wood tone with darker edges and faint grain) of ``size``."""
    return _background(tuple(size), palette().name)


@lru_cache(maxsize=4)
def _background(size: tuple[int, int], _pal: str) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(palette().table)
    grain = lerp_colour(palette().table, palette().table_dark, 0.35)
    for y in range(0, h, 7):
        wobble = int(3 * math.sin(y * 0.05))
        pygame.draw.line(surf, grain, (0, y + wobble), (w, y - wobble), 1)
    edge = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(24):
        a = round(120 * (1 - k / 24) ** 2)
        pygame.draw.rect(edge, (0, 0, 0, a), pygame.Rect(k * 3, k * 3, w - 6 * k, h - 6 * k), 3)
    surf.blit(edge, (0, 0))
    return surf

def tinted(surface: pygame.Surface, colour: Colour) -> pygame.Surface:
    """Return a copy of ``surface`` multiplied by ``colour``."""
    out = surface.copy()
    out.fill(colour[:3] + (255,) if len(colour) == 3 else colour, special_flags=pygame.BLEND_RGBA_MULT)
    return out


def bars(surface: pygame.Surface, rect: pygame.Rect, value: float, maximum: float, colour: Colour,
         back: Colour | None = None) -> None:
    """Draw a horizontal meter (health, progress) with rounded ends."""
    rect = pygame.Rect(rect)
    rounded_rect(surface, rect, back if back is not None else palette().panel_dark, rect.h // 2)
    frac = 0.0 if maximum <= 0 else max(0.0, min(1.0, value / maximum))
    if frac > 0:
        inner = rect.inflate(-4, -4)
        inner.w = max(inner.h, round(inner.w * frac))
        rounded_rect(surface, inner, colour, inner.h // 2)


def iter_points_on_circle(center: tuple[float, float], radius: float, n: int, start: float = 0.0
                          ) -> Iterable[tuple[float, float]]:
    """Yield ``n`` points evenly spaced on a circle."""
    for k in range(n):
        a = start + 2 * math.pi * k / max(1, n)
        yield center[0] + radius * math.cos(a), center[1] + radius * math.sin(a)


def draw_prop(surface: pygame.Surface, prop: object, front: pygame.Surface,
              back: pygame.Surface | None = None, shadow_px: int = 0) -> pygame.Rect:
    """Draw an ``anim.Prop``: its face (``back`` while face down), flipped, scaled, rotated, faded.

    Returns the rect covered (empty when fully transparent or edge-on).
    """
    img = front if (getattr(prop, "face_up", True) or back is None) else back
    flip = abs(float(getattr(prop, "flip", 1.0)))
    scale = float(getattr(prop, "scale", 1.0))
    angle = float(getattr(prop, "angle", 0.0))
    alpha = float(getattr(prop, "alpha", 255.0))
    x, y = getattr(prop, "screen_pos", getattr(prop, "pos", (0, 0)))
    w = max(0, round(img.get_width() * scale * flip))
    h = max(0, round(img.get_height() * scale))
    if w < 1 or h < 1 or alpha <= 0:
        return pygame.Rect(round(x), round(y), 0, 0)
    if (w, h) != img.get_size():
        img = pygame.transform.smoothscale(img, (w, h))
    if abs(angle) > 0.2:
        img = pygame.transform.rotate(img, angle)
    if alpha < 255:
        img = img.copy() if img is front or img is back else img
        img.set_alpha(max(0, min(255, round(alpha))))
    r = img.get_rect(center=(round(x), round(y)))
    if shadow_px:
        shadow(surface, r, 8, (shadow_px // 2, shadow_px), blur=4)
    surface.blit(img, r)
    return r
