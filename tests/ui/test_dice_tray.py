"""The dice tray ends on exactly the faces the rules rolled, within bounded time, for many seeds."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dice import DiceExpr, SuccessDie, roll_pool
from game.engine.rng import Rng
from game.ui import anim
from game.ui.dice_tray import HARD_LIMIT, EXPLODE_DELAY, CustomDie, DiceTray, Face, normalize

TRAY = (100, 80, 520, 320)
# every die rests within HARD_LIMIT of entering; a chain link enters EXPLODE_DELAY after its parent rests
BOUND = lambda longest_chain: longest_chain * (HARD_LIMIT + EXPLODE_DELAY) + 0.5  # noqa: E731


def run_until_settled(tray: DiceTray, limit: float = 30.0, dt: float = 1 / 60) -> float:
    t = 0.0
    while tray.busy and t < limit:
        tray.update(dt)
        t += dt
    return t


@pytest.mark.parametrize("seed", range(40))
def test_tray_settles_on_the_rules_faces(seed):
    rng = Rng(seed)
    roll = DiceExpr.parse("4d").roll(rng)
    dice = [list(d) for d in roll.dice]
    tray = DiceTray(TRAY, seed=seed)
    tray.throw(dice, label=roll.total)
    expected = [str(f) for d in roll.dice for f in d]
    assert tray.final_faces == expected
    t = run_until_settled(tray)
    assert not tray.busy
    assert t <= BOUND(max(len(d) for d in roll.dice))
    assert tray.faces == expected
    floor = tray.floor
    for d in tray.dice:
        assert floor.collidepoint(d.pos), d.pos


def test_exploding_chain_rolls_in_after_the_six_rests():
    tray = DiceTray(TRAY, seed=5)
    tray.throw([[6, 6, 3], 2])
    assert len(tray.dice) == 4
    follower = tray.dice[1]
    assert follower.parent == 0 and follower.body is None
    run_until_settled(tray)
    parent = tray.dice[0]
    assert parent.explodes and tray.dice[1].explodes and not tray.dice[2].explodes
    # the extra die entered only after its parent rested
    assert follower.spawn_at >= parent.settled_at + EXPLODE_DELAY - 1e-9
    assert tray.faces == ["6", "6", "3", "2"]


def test_faces_never_change_after_a_die_locks():
    tray = DiceTray(TRAY, seed=11)
    tray.throw([1, 2, 3, 4, 5, 6])
    locked_seen = {}
    while tray.busy:
        tray.update(1 / 60)
        for i, d in enumerate(tray.dice):
            if d.locked:
                locked_seen.setdefault(i, d.shown.label)
                assert d.shown.label == locked_seen[i] == d.final.label


def test_dice_visibly_tumble_through_other_faces():
    changes = 0
    for seed in range(5):
        tray = DiceTray(TRAY, seed=seed)
        tray.throw([3, 3, 3])
        last = tray.faces
        while tray.busy:
            tray.update(1 / 60)
            now = tray.faces
            changes += sum(a != b for a, b in zip(now, last))
            last = now
    assert changes >= 10


def test_skip_lays_out_every_die_at_once_chains_included():
    tray = DiceTray(TRAY, seed=2)
    tray.throw([[6, 6, 6, 1], [6, 2], 4], label="17")
    tray.update(0.1)
    tray.skip()
    assert not tray.busy
    assert tray.faces == ["6", "6", "6", "1", "6", "2", "4"]
    rects = [pygame.Rect(0, 0, tray.size, tray.size) for _ in tray.dice]
    for r, d in zip(rects, tray.dice):
        r.center = (round(d.pos[0]), round(d.pos[1]))
        assert tray.floor.contains(r)
    for i in range(len(rects)):
        assert rects[i].collidelist(rects[:i] + rects[i + 1:]) == -1  # no overlaps


def test_speed_zero_settles_immediately():
    anim.set_speed(0)
    tray = DiceTray(TRAY, seed=1)
    tray.throw([5, [6, 4]])
    assert not tray.busy and tray.faces == ["5", "6", "4"]


def test_same_seed_same_flight():
    a, b = DiceTray(TRAY, seed=9), DiceTray(TRAY, seed=9)
    for t in (a, b):
        t.throw([1, 2, [6, 5]])
        run_until_settled(t)
    assert [d.pos for d in a.dice] == [d.pos for d in b.dice]


def test_custom_dice_by_name_and_pool_rolls():
    luck = SuccessDie("luck", ("clover", "clover", "blank", "blank", "skull", "blank"), frozenset({"clover"}))
    pool = roll_pool([luck, luck, luck], Rng(4))
    custom = CustomDie.from_labels("luck", ["clover", "blank", "skull"], colour=(60, 140, 70),
                                   icons={"clover": "star", "skull": "cross"})
    tray = DiceTray(TRAY, seed=4, custom_dice=[custom])
    tray.throw(pool.to_json()["faces"], label=f"{pool.successes} successes")
    run_until_settled(tray)
    assert tray.faces == [f for _, f in pool.faces]
    assert all(d.colour == (60, 140, 70) for d in tray.dice)
    surf = pygame.Surface((640, 480))
    tray.draw(surf)  # draws icons and labels without error


def test_normalize_accepts_every_documented_form():
    die = CustomDie("vision", (Face("eye", icon="circle"), Face("")))
    chains = normalize([3, [6, 2], Face("x"), (die, "eye"), ["vision", "eye"], {"die": "vision", "face": ""}, "ok"],
                       {"vision": die})
    assert [[f.label for f in c[0]] for c in chains] == [["3"], ["6", "2"], ["x"], ["eye"], ["eye"], [""], ["ok"]]
    assert chains[1][0][0].pips == 6
    assert normalize([object()]) == []


def test_out_of_range_faces_are_clamped_not_crashing():
    tray = DiceTray(TRAY, seed=1)
    tray.throw([0, 9])
    run_until_settled(tray)
    assert tray.faces == ["1", "6"]


def test_many_dice_shrink_to_fit_and_still_settle():
    tray = DiceTray(TRAY, seed=3)
    tray.throw([[6, 1]] * 10 + [2] * 10)
    assert tray.size < 54
    t = run_until_settled(tray)
    assert not tray.busy and t <= BOUND(2)


def test_draw_while_tumbling_and_after():
    surf = pygame.Surface((800, 600))
    tray = DiceTray(TRAY, seed=8)
    tray.throw([[6, 2], 5], label=12)
    for _ in range(20):
        tray.update(1 / 60)
        tray.draw(surf)
    run_until_settled(tray)
    assert tray.animating  # the label still has to fade in
    for _ in range(30):
        tray.update(1 / 60)
    assert not tray.animating
    tray.draw(surf)
    # the felt is drawn where the tray is
    assert surf.get_at((TRAY[0] + 20, TRAY[1] + 20))[:3] != (0, 0, 0)


def test_impacts_make_sounds_but_sound_errors_never_break_the_tray():
    class Boom:
        calls = 0

        def play(self, name, volume=1.0):
            Boom.calls += 1
            raise RuntimeError("no audio")

    tray = DiceTray(TRAY, seed=2, sounds=Boom())
    tray.throw([1, 2, 3, 4])
    run_until_settled(tray)
    assert Boom.calls >= 1 and not tray.busy
