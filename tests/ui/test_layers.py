"""The layer cache: a layer is painted once, and again when its size, extra key, palette or text size changes."""

from __future__ import annotations

import pygame

from game.ui import gfx
from game.ui.layers import LayerCache


def test_a_layer_is_painted_once_then_reused() -> None:
    cache = LayerCache()
    calls = []

    def paint(s: pygame.Surface) -> None:
        calls.append(s.get_size())
        s.fill((10, 20, 30))

    a = cache.get("track", (40, 20), paint)
    b = cache.get("track", (40, 20), paint)
    assert a is b and calls == [(40, 20)] and cache.paints == 1
    assert a.get_at((0, 0))[:3] == (10, 20, 30)


def test_size_extra_palette_and_text_size_repaint() -> None:
    cache = LayerCache()
    cache.get("board", (10, 10), lambda s: None)
    cache.get("board", (12, 10), lambda s: None)
    cache.get("board", (12, 10), lambda s: None, extra=("it",))
    gfx.set_palette("okabe_ito")
    cache.get("board", (12, 10), lambda s: None, extra=("it",))
    gfx.set_text_scale(1.4)
    cache.get("board", (12, 10), lambda s: None, extra=("it",))
    assert cache.paints == 5
    assert len(cache) == 1, "only the newest version of a named layer is kept"


def test_invalidate_and_the_size_limit() -> None:
    cache = LayerCache(max_layers=2)
    for name in ("a", "b", "c"):
        cache.get(name, (4, 4), lambda s: None)
    assert "a" not in cache and "b" in cache and "c" in cache
    cache.invalidate("b")
    assert "b" not in cache
    cache.invalidate()
    assert len(cache) == 0
