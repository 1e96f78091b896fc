"""The ui layer's surface caches are bounded by bytes (docs/PERFORMANCE.md, finding 2)."""

from __future__ import annotations

import pygame

from game.ui import gfx


def _surf(w: int, h: int) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_surface_cache_keeps_under_its_byte_budget_dropping_least_recently_used() -> None:
    cache = gfx.SurfaceCache(max_bytes=100 * 100 * 4 * 3)  # room for three 100x100 RGBA surfaces
    for k in "abc":
        cache.put(k, _surf(100, 100))
    assert len(cache) == 3 and cache.bytes == 3 * 40_000
    assert cache.get("a") is not None  # "a" is now the most recently used
    cache.put("d", _surf(100, 100))
    assert cache.bytes <= cache.max_bytes
    assert "b" not in cache and "a" in cache and "c" in cache and "d" in cache
    cache.put("big", _surf(400, 400))  # larger than the whole budget: kept alone, the others go
    assert len(cache) == 1 and "big" in cache and cache.bytes == 400 * 400 * 4
    cache.put("big", _surf(10, 10))  # replacing an entry replaces its weight too
    assert cache.bytes == 400
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_shadow_cache_is_bounded_and_reused() -> None:
    gfx.clear_image_cache()
    target = pygame.Surface((1280, 720))
    gfx.shadow(target, pygame.Rect(10, 10, 300, 200))
    first = gfx._shadow_surface(300, 200, 10, 90, 6)
    assert gfx._shadow_surface(300, 200, 10, 90, 6) is first, "the same size is drawn once"
    for w in range(200, 1200, 20):  # fifty panel sizes of up to 1200x700: far beyond the budget
        gfx.shadow(target, pygame.Rect(0, 0, w, 700))
    stats = gfx.image_cache_stats()
    assert 0 < stats["shadow_bytes"] <= gfx.SHADOW_CACHE_BYTES
    gfx.clear_image_cache()
    assert gfx.image_cache_stats()["shadow_bytes"] == 0


def test_image_cache_is_bounded_by_bytes(tmp_path) -> None:
    gfx.clear_image_cache()
    p = tmp_path / "tile.svg"
    p.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')
    side = 1024  # 4 MB each: the budget holds a handful
    for k in range(gfx.IMAGE_CACHE_BYTES // (side * side * 4) + 4):
        gfx.load_svg(p, (side, side - k))
    assert 0 < gfx.image_cache_stats()["bytes"] <= gfx.IMAGE_CACHE_BYTES
    gfx.clear_image_cache()
