"""The skirmish AP track's unmoving part (panel, line, numbered stops) is painted once and reused
(docs/PERFORMANCE.md, finding 4); palette and text size repaint it; the needle still moves over it."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import gfx
from tests.scenes.skirmish.conftest import frames, start


def _stop_pixel(scene: Any, surface: pygame.Surface, n: int) -> tuple[int, int, int]:
    """A pixel inside stop ``n``'s disc, left of its number."""
    x = round(scene.pane("ap_track").x(n)) - 6
    y = scene.track_rect.centery + 1 - 2
    return tuple(surface.get_at((x, y)))[:3]


def _far_stop(scene: Any) -> int:
    """A single-digit stop away from the needle (so neither needle nor its red disc covers it)."""
    needle = round(scene.pane("ap_track").needle_to)
    return next(n for n in (2, 8, 5, 3, 7) if abs(n - needle) >= 2 and abs(n - scene.needle_shown) >= 2)


def test_track_base_is_painted_once_and_reused(app: Any) -> None:
    scene = start(app)
    frames(app, 3)
    base = scene.pane("ap_track").base()
    frames(app, 5)
    assert scene.pane("ap_track").base() is base, "the unmoving part of the track is not repainted every frame"
    n = _far_stop(scene)
    assert _stop_pixel(scene, app.screen, n) == tuple(gfx.palette().panel_dark)[:3]


def test_track_base_repaints_for_another_palette_and_text_size(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    warm = scene.pane("ap_track").base()
    try:
        gfx.set_palette("okabe_ito")
        frames(app, 2)
        other = scene.pane("ap_track").base()
        assert other is not warm
        n = _far_stop(scene)
        assert _stop_pixel(scene, app.screen, n) == tuple(gfx.OKABE_ITO.panel_dark)[:3]
        gfx.set_text_scale(1.4)
        assert scene.pane("ap_track").base() is not other
    finally:
        gfx.set_palette("warm")
        gfx.set_text_scale(1.0)


def test_needle_is_drawn_over_the_cached_track(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    surf = pygame.Surface(app.screen.get_size())
    track = scene.pane("ap_track")
    track.needle_shown = track.needle_to = 3.0
    track.draw(surf, scene.sview)
    mid = scene.track_rect.centery + 1
    assert tuple(surf.get_at((round(scene.pane("ap_track").x(3)), mid - 8)))[:3] == tuple(gfx.palette().bad)[:3]
    track.needle_shown = track.needle_to = 9.0
    track.draw(surf, scene.sview)
    assert tuple(surf.get_at((round(scene.pane("ap_track").x(9)), mid - 8)))[:3] == tuple(gfx.palette().bad)[:3]
    assert _stop_pixel(scene, surf, 3) == tuple(gfx.palette().panel_dark)[:3], "the old needle is gone"
