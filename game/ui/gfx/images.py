"""Cached SVG/PNG loading (bounded by bytes), placeholders for missing or broken files, cache statistics."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.engine.paths import assets_dir
from game.ui.gfx.colours import palette
from game.ui.gfx.drawing import SurfaceCache, _shadow_cache, rounded_rect
from game.ui.gfx.fonts import text

log = logging.getLogger(__name__)


# ----------------------------------------------------------------------- images

_cache_stats = {"hits": 0, "misses": 0}
MAX_IMAGE_SIDE = 4096
#: bytes of rasterised images kept; the least recently used go first (images of scenes no longer shown)
IMAGE_CACHE_BYTES = 24 * 1024 * 1024
_image_cache = SurfaceCache(IMAGE_CACHE_BYTES)


def _remember(key: tuple[str, tuple[int, int] | None], surf: pygame.Surface) -> None:
    """Cache a surface, dropping the least recently used ones beyond IMAGE_CACHE_BYTES."""
    _image_cache.put(key, surf)


def _resolve(path: str | Path) -> Path:
    p = Path(path)
    if not p.is_absolute():
        p = assets_dir() / p
    return p


def placeholder(size: tuple[int, int], label: str = "?") -> pygame.Surface:
    """Return a neutral stand-in surface for a missing or broken image."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rounded_rect(surf, surf.get_rect(), palette().panel_dark, 6)
    rounded_rect(surf, surf.get_rect(), palette().edge, 6, 2)
    if min(w, h) >= 12:
        text(surf, label, (w / 2, h / 2), max(8, min(w, h) // 2), palette().ink_soft, "center")
    return surf


def _clamp_size(size: tuple[int, int] | None) -> tuple[int, int] | None:
    if size is None:
        return None
    return (max(1, min(MAX_IMAGE_SIDE, int(size[0]))), max(1, min(MAX_IMAGE_SIDE, int(size[1]))))


def load_svg(path: str | Path, size: tuple[int, int]) -> pygame.Surface:
    """Rasterize an SVG (relative paths are under assets/) at ``size``, cached; a placeholder if it fails.

    nanosvg ignores ``<text>``: draw labels with ``text`` on top.
    """
    size = _clamp_size(size) or (64, 64)
    p = _resolve(path)
    key = (str(p), size)
    hit = _image_cache.get(key)
    if hit is not None:
        _cache_stats["hits"] += 1
        return hit
    _cache_stats["misses"] += 1
    try:
        if hasattr(pygame.image, "load_sized_svg"):
            surf = pygame.image.load_sized_svg(str(p), size)
            if surf.get_size() != size:
                surf = pygame.transform.smoothscale(surf.convert_alpha() if pygame.display.get_init()
                                                    and pygame.display.get_surface() else surf, size)
        else:  # pragma: no cover - older pygame-ce
            surf = pygame.transform.smoothscale(pygame.image.load(str(p)), size)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
    except (pygame.error, OSError, ValueError, FileNotFoundError) as exc:
        log.warning("cannot load SVG %s: %s", p, exc)
        surf = placeholder(size)
    _remember(key, surf)
    return surf


def load_image(path: str | Path, size: tuple[int, int] | None = None) -> pygame.Surface:
    """Load a PNG/JPG (or SVG) under assets/, optionally scaled to ``size``, cached; a placeholder if it fails."""
    p = _resolve(path)
    if p.suffix.lower() == ".svg":
        return load_svg(p, size or (128, 128))
    size = _clamp_size(size)
    key = (str(p), size)
    hit = _image_cache.get(key)
    if hit is not None:
        _cache_stats["hits"] += 1
        return hit
    _cache_stats["misses"] += 1
    try:
        from game.engine.levels import image_dimensions

        dims = image_dimensions(p) if p.suffix.lower() == ".png" else None
        if dims is None and p.suffix.lower() == ".png":  # not really a PNG (its magic bytes): never decoded
            raise ValueError("not a PNG image (its first bytes say otherwise)")
        if dims is not None and max(dims) > MAX_IMAGE_SIDE:
            raise ValueError(f"image header claims {dims[0]}x{dims[1]} px (over {MAX_IMAGE_SIDE})")
        surf = pygame.image.load(str(p))
        if max(surf.get_size()) > MAX_IMAGE_SIDE:
            raise ValueError(f"image larger than {MAX_IMAGE_SIDE} px")
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        if size is not None and surf.get_size() != size:
            surf = pygame.transform.smoothscale(surf, size)
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("cannot load image %s: %s", p, exc)
        surf = placeholder(size or (64, 64))
    _remember(key, surf)
    return surf


def image_cache_stats() -> dict[str, int]:
    """Return cache hits/misses/size (entries), bytes of the image and shadow caches (tests and bench)."""
    return {**_cache_stats, "size": len(_image_cache), "bytes": _image_cache.bytes,
            "shadow_bytes": _shadow_cache.bytes}


def clear_image_cache() -> None:
    """Forget every cached image and shadow (after a palette or display change)."""
    _image_cache.clear()
    _shadow_cache.clear()
