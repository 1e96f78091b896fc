"""Hand-drawn pieces of the shell's look: the wooden table background, parchment
and wood panels, and cached SVG art (assets are SVG sources we write; pygame-ce
rasterizes them at the size asked and we keep the result).
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

import pygame

from game.app import theme
from game.engine import paths
from game.engine.rng import Rng

log = logging.getLogger(__name__)


@lru_cache(maxsize=4)
def table_background(size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """Return a dark wooden tabletop (planks with grain and a vignette), cached per size."""
    w, h = size
    surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
    rng = Rng(1234)
    plank_h = 90
    y = 0
    i = 0
    while y < h:
        base = (70 + rng.randbelow(14), 45 + rng.randbelow(10), 28 + rng.randbelow(8))
        pygame.draw.rect(surf, base, (0, y, w, plank_h))
        for _ in range(26):  # grain lines
            gy = y + rng.randbelow(plank_h)
            shade = tuple(max(0, c - 10 - rng.randbelow(10)) for c in base)
            x0 = rng.randbelow(w)
            pygame.draw.line(surf, shade, (x0, gy), (min(w, x0 + 200 + rng.randbelow(500)), gy + rng.randbelow(3) - 1), 1)
        pygame.draw.line(surf, (34, 22, 14), (0, y), (w, y), 3)
        # plank seams, staggered
        off = (i * 337) % 640
        for sx in range(off, w, 640):
            pygame.draw.line(surf, (40, 26, 16), (sx, y), (sx, y + plank_h), 2)
        y += plank_h
        i += 1
    # vignette: darken the edges with translucent frames
    vign = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(24):
        alpha = int(120 * (1 - k / 24) ** 2)
        pygame.draw.rect(vign, (10, 6, 3, alpha), (k * 6, k * 5, w - k * 12, h - k * 10), 6)
    surf.blit(vign, (0, 0))
    return surf


def panel(surface: pygame.Surface, rect: pygame.Rect | tuple, kind: str = "wood",
          border: tuple[int, int, int] | None = None, radius: int = 10) -> pygame.Rect:
    """Draw a rounded panel (``wood``, ``parchment`` or ``felt``) with a brass border; return its rect."""
    rect = pygame.Rect(rect)
    fill = {"wood": (*theme.WOOD_DARK, 228), "parchment": (*theme.PARCHMENT, 245),
            "felt": (*theme.FELT, 235), "shade": (0, 0, 0, 150)}.get(kind, (*theme.WOOD_DARK, 228))
    tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(tmp, fill, tmp.get_rect(), border_radius=radius)
    surface.blit(tmp, rect.topleft)
    if kind != "shade":
        pygame.draw.rect(surface, border or theme.BRASS, rect, 2, border_radius=radius)
    return rect


def shade(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind overlays and dialogs)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((8, 5, 3, alpha))
    surface.blit(veil, (0, 0))


@lru_cache(maxsize=64)
def svg(relpath: str, size: tuple[int, int]) -> pygame.Surface | None:
    """Return an asset SVG (path relative to assets/) rasterized to fit ``size``, or None."""
    path: Path = paths.assets_dir() / relpath
    if not path.is_file():
        return None
    try:
        loader = getattr(pygame.image, "load_sized_svg", None)
        img = loader(str(path), size) if loader else pygame.transform.smoothscale(pygame.image.load(str(path)), size)
        return img.convert_alpha() if pygame.display.get_surface() else img
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("svg %s: %s", path, exc)
        return None
