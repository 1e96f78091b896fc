"""Dice show each die and the bonus that make the total, and the tray keeps off the player's choices
(issue 15, item 5)."""

from __future__ import annotations

import pygame

from game.engine.dice import DiceExpr
from game.engine.rng import Rng
from game.ui.anim import AnimationQueue, EventAnimator
from game.ui.dice_tray import DiceTray, breakdown, roll_text
from game.ui.dice_tray.tray import place_clear


def test_breakdown_names_each_die_the_bonus_and_the_total() -> None:
    assert breakdown([[1], [2], [1]], 1, 5, "Str") == "1 + 2 + 1 + Str 1 = 5"
    assert breakdown([1, 2], 0, 3) == "1 + 2 = 3"
    assert breakdown([[6, 3], [2]], 0, 10) == "(5 + 3) + 2 = 10", "an exploding 6 counts 5 and rolls again"
    assert breakdown([[4]], -2, 2) == "4 − 2 = 2"
    assert breakdown([[1]], -2, 1, minimum=1, lang="en") == "1 − 2 = 1, at least 1"
    assert breakdown([[3], [3]], 0, 6, "Mag") == "3 + 3 + Mag 0 = 6", "a named bonus shows even at 0"


def test_roll_text_adds_up_a_real_roll() -> None:
    roll = DiceExpr(3, 2).roll(Rng(7))
    text = roll_text(roll.to_json(), "Str")
    assert text is not None and text.endswith(f"+ Str 2 = {roll.total}")
    assert text.count("+") >= 3
    assert roll_text({"faces": [["escape", "hit"]], "total": None, "successes": 1}) is None, "a pool is counted"


def test_tray_label_is_the_breakdown_and_fits_the_tray() -> None:
    tray = DiceTray((0, 0, 300, 200), seed=1)
    queue = AnimationQueue()
    animator = EventAnimator(queue, tray=tray)
    animator.dice_bonus = lambda event: "Str"
    from game.engine.events import Event

    animator.feed([Event("DiceRolled", {"purpose": "check", "dice": [[6, 6, 2], [4], [1]], "modifier": 3,
                                        "minimum": None, "total": 20}, random=True)])
    for _ in range(400):
        queue.update(1 / 30)
        tray.update(1 / 30)
        if tray.label and not tray.busy:
            break
    assert tray.label == "(5 + 5 + 2) + 4 + 1 + Str 3 = 20"
    rect = tray.label_rect()
    assert rect is not None and tray.rect.contains(rect), "a long breakdown shrinks to the tray's width"


def test_place_clear_keeps_home_when_free_moves_when_covered_and_shrinks_when_needed() -> None:
    bounds = pygame.Rect(0, 0, 600, 400)
    home = pygame.Rect(100, 100, 300, 200)
    assert place_clear(home, [pygame.Rect(500, 10, 40, 40)], bounds) == home
    moved = place_clear(home, [pygame.Rect(150, 150, 60, 40)], bounds)
    assert moved.size == home.size and moved.collidelist([pygame.Rect(150, 150, 60, 40)]) < 0
    assert bounds.contains(moved)
    # a column of buttons leaves no room for the full-size tray beside it: it shrinks
    wall = [pygame.Rect(260, 0, 80, 400)]
    small = place_clear(home, wall, bounds)
    assert small.collidelist(wall) < 0 and small.w < home.w and bounds.contains(small)
    assert place_clear(home, wall, bounds, shrink=False).size == home.size


def test_avoid_moves_resting_dice_with_the_tray_and_never_dice_in_flight() -> None:
    tray = DiceTray((100, 100, 300, 200), seed=2)
    tray.throw([3, 4])
    assert tray.busy
    assert not tray.avoid([pygame.Rect(150, 150, 50, 50)], pygame.Rect(0, 0, 800, 600)), "dice in flight stay"
    tray.skip()
    before = [d.pos for d in tray.dice]
    old = pygame.Rect(tray.rect)
    assert tray.avoid([pygame.Rect(150, 150, 50, 50)], pygame.Rect(0, 0, 800, 600))
    dx, dy = tray.rect.x - old.x, tray.rect.y - old.y
    assert (dx, dy) != (0, 0) and not tray.rect.colliderect(pygame.Rect(150, 150, 50, 50))
    assert [d.pos for d in tray.dice] == [(x + dx, y + dy) for x, y in before]


def test_throw_lands_off_the_choices_the_scene_names() -> None:
    tray = DiceTray((100, 100, 300, 200), seed=3)
    button = pygame.Rect(200, 180, 90, 30)
    tray.bounds = pygame.Rect(0, 0, 900, 600)
    tray.keep_clear = lambda: [button]
    tray.throw([1, 2, 3])
    assert not tray.rect.colliderect(button)
    tray.skip()
    assert all(tray.rect.collidepoint(d.pos) for d in tray.dice), "the dice roll inside the moved tray"
