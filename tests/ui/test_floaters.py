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
