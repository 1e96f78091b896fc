"""The floating-number layer: floaters rise and fade with update or with their animation, and end."""

from __future__ import annotations

import pygame
import pytest

from game.ui import anim
from game.ui.floaters import FloaterLayer


def test_spawned_floaters_age_with_update_and_disappear() -> None:
    layer = FloaterLayer()
    f = layer.spawn("-4", (100, 100), (200, 40, 40), life=1.0, style="boxed")
    assert layer.animating and layer.items == [f]
    layer.update(0.5)
    assert f.progress == pytest.approx(0.5)
    layer.update(0.6)
    assert not layer.animating and layer.items == []


def test_a_floater_draws_rising_from_its_point() -> None:
    layer = FloaterLayer()
    layer.spawn("+2", (200, 200), (40, 200, 40), size=24, rise=40, life=1.0)
    early = pygame.Surface((400, 400), pygame.SRCALPHA)
    layer.draw(early)
    layer.update(0.5)
    late = pygame.Surface((400, 400), pygame.SRCALPHA)
    layer.draw(late)
    top = [pygame.mask.from_surface(s).get_bounding_rects()[0].top for s in (early, late)]
    assert top[1] < top[0], "half-way through its life it has risen"


def test_an_animated_floater_follows_its_animation_and_skip_ends_it() -> None:
    layer = FloaterLayer()
    queue = anim.AnimationQueue()
    queue.add(layer.spawn_anim("+1", (50, 50), (0, 0, 255), life=1.0))
    queue.update(0.01)
    assert len(layer.items) == 1 and layer.items[0].driven
    layer.update(5.0)
    assert len(layer.items) == 1, "update does not age a floater an animation drives"
    queue.update(0.4)
    assert 0.3 < layer.items[0].progress < 0.6
    queue.skip()
    assert layer.items == []


def test_unknown_style_is_refused() -> None:
    with pytest.raises(ValueError):
        FloaterLayer().spawn("x", (0, 0), (0, 0, 0), style="sparkly")


def test_a_boxed_label_at_the_edge_stays_inside_its_bounds() -> None:
    """Quest's "Doomed 2" caption over a staging card at the board's right edge ran over the log: a layer with
    bounds moves a boxed label left so it ends inside them (without bounds it starts at its point)."""
    pygame.font.init()
    for bounds, inside in ((pygame.Rect(0, 0, 200, 100), True), (None, False)):
        layer = FloaterLayer(bounds)
        layer.spawn("Doomed 2", (180, 40), (240, 200, 80), size=16, style="boxed", rise=0)
        surf = pygame.Surface((400, 100))
        surf.fill((0, 0, 0))
        layer.draw(surf)
        drawn = [x for x in range(400) if any(surf.get_at((x, y))[:3] != (0, 0, 0) for y in range(100))]
        assert drawn
        assert (max(drawn) < 200) is inside, (bounds, max(drawn))
        if inside:
            assert min(drawn) < 180, "moved left of its point"
