"""Chip and card flights end exactly in their slots, deterministically, and can be skipped."""

from __future__ import annotations

import pygame
import pytest

from game.ui import anim
from game.ui.physics import FlightField, draw_flying


def run(field: FlightField, limit: float = 5.0) -> float:
    t = 0.0
    while field.busy and t < limit:
        field.update(1 / 60)
        t += 1 / 60
    return t


def test_chip_leaves_the_bag_flies_and_lands_in_its_slot():
    field = FlightField((0, 0, 800, 600), seed=1)
    landed = []
    fl = field.chip_from_bag("chip1", (100, 500), (600, 120), on_done=lambda: landed.append(1))
    field.update(0.1)
    assert fl.phase == "fly" and fl.pos != (100, 500)
    assert fl.scale > 1.0  # lifted while flying
    t = run(field)
    assert fl.done and landed == [1]
    assert fl.pos == (600.0, 120.0) and fl.angle == 0.0 and fl.scale == 1.0
    assert t <= fl.fly_time + fl.home_time + 0.1


def test_card_flick_lands_askew_on_the_pile():
    field = FlightField(seed=3)
    fl = field.flick_card("c", (640, 700), (300, 300), pile_angle=6.0)
    run(field)
    assert fl.pos == (300.0, 300.0) and fl.angle == 6.0


@pytest.mark.parametrize("seed", range(5))
def test_same_seed_same_path(seed):
    paths = []
    for _ in range(2):
        field = FlightField((0, 0, 800, 600), seed=seed)
        field.chip_from_bag("a", (50, 50), (700, 500))
        field.chip_from_bag("b", (60, 60), (100, 500))
        path = []
        while field.busy:
            field.update(1 / 60)
            path.append((field.get("a").pos, field.get("b").pos))
        paths.append(path)
    assert paths[0] == paths[1]


def test_skip_and_speed_zero():
    field = FlightField(seed=2)
    a = field.chip_from_bag("a", (0, 0), (10, 10))
    field.skip()
    assert a.done and a.pos == (10.0, 10.0) and not field.busy
    anim.set_speed(0)
    b = field.chip_from_bag("b", (0, 0), (20, 30))
    assert b.done and b.pos == (20.0, 30.0)
    field.clear_done()
    assert field.get("a") is None


def test_draw_flying_blits_rotated_image():
    surf = pygame.Surface((200, 200))
    img = pygame.Surface((30, 30), pygame.SRCALPHA)
    img.fill((255, 0, 0, 255))
    field = FlightField(seed=1)
    fl = field.flick_card("x", (100, 100), (100, 100), size=(30, 30), velocity=(0, 0), spin=0.0)
    r = draw_flying(surf, img, fl)
    assert surf.get_at(r.center)[:3] == (255, 0, 0)


def test_pieces_starting_outside_the_bounds_start_inside_them():
    field = FlightField((100, 100, 400, 300), seed=4)
    fl = field.chip_from_bag("a", (0, 0), (300, 250), radius=20)
    field.update(1 / 60)
    assert pygame.Rect(100, 100, 400, 300).collidepoint(fl.pos)
    run(field)
    assert fl.pos == (300.0, 250.0)
