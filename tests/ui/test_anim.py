"""Tweens, easing, groups, the animation queue (blocking, skip, speed) and the event mapping."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine import events as ev
from game.ui import anim


@pytest.mark.parametrize("name", sorted(anim.EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    fn = anim.EASINGS[name]
    assert fn(0.0) == pytest.approx(0.0, abs=1e-9)
    assert fn(1.0) == pytest.approx(1.0, abs=1e-9)


def test_easing_midpoints():
    assert anim.in_quad(0.5) == pytest.approx(0.25)
    assert anim.out_quad(0.5) == pytest.approx(0.75)
    assert anim.in_out_quad(0.5) == pytest.approx(0.5)
    assert anim.in_cubic(0.5) == pytest.approx(0.125)
    assert anim.out_cubic(0.5) == pytest.approx(0.875)
    assert anim.in_back(0.2) < 0  # pulls back first
    assert max(anim.out_back(i / 100) for i in range(101)) > 1.0  # overshoots
    assert max(anim.out_elastic(i / 100) for i in range(101)) > 1.0


def test_unknown_easing_is_refused():
    with pytest.raises(ValueError, match="unknown easing"):
        anim.easing("bouncy")


def test_tween_timing_linear():
    obj = SimpleNamespace(x=0.0)
    tw = anim.Tween(obj, "x", end=100.0, duration=0.4, ease="linear")
    tw.update(0.1)
    assert obj.x == pytest.approx(25.0)
    tw.update(0.1)
    assert obj.x == pytest.approx(50.0)
    assert not tw.done
    left = tw.update(0.3)
    assert tw.done and obj.x == 100.0
    assert left == pytest.approx(0.1)


def test_tween_tuple_dict_and_setter():
    obj = SimpleNamespace(pos=(0.0, 10.0))
    anim.Tween(obj, "pos", end=(10.0, 0.0), duration=1.0, ease="linear").update(0.5)
    assert obj.pos == pytest.approx((5.0, 5.0))
    d = {"alpha": 255}
    anim.Tween(d, "alpha", end=0, duration=1.0, ease="linear").update(0.25)
    assert d["alpha"] == pytest.approx(191.25)
    seen = []
    anim.Tween(setter=seen.append, start=0.0, end=1.0, duration=1.0, ease="linear").update(0.5)
    assert seen == [pytest.approx(0.5)]


def test_tween_delay_and_lazy_start():
    obj = SimpleNamespace(x=0.0)
    tw = anim.Tween(obj, "x", end=10.0, duration=1.0, delay=0.5, ease="linear")
    tw.update(0.4)
    assert obj.x == 0.0
    obj.x = 4.0  # changed during the delay: the tween starts from the value it finds when it begins
    tw.update(0.6)
    assert obj.x == pytest.approx(4.0 + 6.0 * 0.5)  # 0.5 s into the 1 s tween


def test_sequence_continues_from_previous_value_and_passes_leftover_time():
    obj = SimpleNamespace(x=0.0)
    seq = anim.Sequence(anim.Tween(obj, "x", end=10.0, duration=0.2, ease="linear"),
                        anim.Tween(obj, "x", end=20.0, duration=0.2, ease="linear"))
    seq.update(0.3)  # 0.2 for the first, 0.1 into the second
    assert obj.x == pytest.approx(15.0)
    seq.update(0.1)
    assert seq.done and obj.x == 20.0


def test_parallel_ends_with_the_longest():
    a, b = SimpleNamespace(x=0.0), SimpleNamespace(x=0.0)
    par = anim.Parallel(anim.Tween(a, "x", end=1.0, duration=0.1), anim.Tween(b, "x", end=1.0, duration=0.5))
    par.update(0.2)
    assert a.x == 1.0 and not par.done
    par.update(0.3)
    assert par.done and b.x == 1.0


def test_callbacks_run_once_even_when_skipped():
    calls = []
    obj = SimpleNamespace(x=0.0)
    tw = anim.Tween(obj, "x", end=5.0, duration=1.0, on_done=lambda: calls.append("done"))
    tw.finish()
    tw.finish()
    tw.update(1.0)
    assert calls == ["done"] and obj.x == 5.0


def test_queue_plays_in_order_and_reports_busy():
    q = anim.AnimationQueue()
    order = []
    q.play(anim.Sequence(anim.Wait(0.2), anim.Call(lambda: order.append("a"))))
    q.play(anim.Call(lambda: order.append("b")))
    assert q.busy and q.animating
    q.update(0.1)
    assert order == []
    q.update(0.15)
    assert order == ["a", "b"]
    assert not q.busy


def test_queue_blocking_only_while_a_blocking_animation_is_pending():
    q = anim.AnimationQueue()
    q.play(anim.Wait(0.2))
    q.play(anim.Wait(0.2, blocking=True))
    assert q.blocking  # queued blocking animation counts
    q.update(0.25)
    assert q.blocking
    q.update(0.2)
    assert not q.blocking and not q.busy
    q.add(anim.Wait(1.0))  # side animations never block unless asked
    assert q.busy and not q.blocking


def test_queue_skip_finishes_everything_at_once():
    q = anim.AnimationQueue()
    a, b = SimpleNamespace(x=0.0), SimpleNamespace(y=0.0)
    done = []
    q.play(anim.Tween(a, "x", end=10.0, duration=5.0, blocking=True))
    q.play(anim.Tween(b, "y", end=3.0, duration=5.0, on_done=lambda: done.append(1)))
    q.add(anim.Tween(a, "x", end=10.0, duration=9.0))
    q.update(0.1)
    q.skip()
    assert a.x == 10.0 and b.y == 3.0 and done == [1]
    assert not q.busy and not q.blocking


def test_speed_zero_is_instant():
    anim.set_speed(0)
    q = anim.AnimationQueue()
    obj = SimpleNamespace(x=0.0)
    q.play(anim.Tween(obj, "x", end=7.0, duration=3.0, blocking=True))
    assert obj.x == 7.0 and not q.busy and not q.blocking


def test_speed_factor_scales_time():
    anim.set_speed(2.0)
    q = anim.AnimationQueue()
    obj = SimpleNamespace(x=0.0)
    q.play(anim.Tween(obj, "x", end=1.0, duration=1.0, ease="linear"))
    q.update(0.25)
    assert obj.x == pytest.approx(0.5)
    q2 = anim.AnimationQueue(speed=0.5)  # a queue's own speed wins over the setting
    o2 = SimpleNamespace(x=0.0)
    q2.play(anim.Tween(o2, "x", end=1.0, duration=1.0, ease="linear"))
    q2.update(1.0)
    assert o2.x == pytest.approx(0.5)


def test_helpers_move_fade_flip_pulse_shake():
    obj = SimpleNamespace(pos=(0, 0), alpha=255, flip=1.0, scale=1.0, offset=(0.0, 0.0))
    swapped = []
    q = anim.AnimationQueue()
    q.add(anim.move(obj, (100, 50), 0.3))
    q.add(anim.fade(obj, 0, 0.2))
    q.add(anim.flip(obj, 0.4, on_half=lambda: swapped.append(obj.flip)))
    q.add(anim.pulse(obj, 0.2, 0.3))
    q.add(anim.shake(obj, 10, 0.3))
    q.update(0.15)
    assert obj.offset != (0.0, 0.0)
    assert obj.scale > 1.0
    q.update(1.0)
    assert obj.pos == (100, 50) and obj.alpha == 0 and obj.flip == 1.0 and obj.scale == pytest.approx(1.0)
    assert swapped == [0.0]
    assert obj.offset == (0.0, 0.0)


class FakeTray:
    """A stand-in for DiceTray: busy for a given time after throw."""

    def __init__(self):
        self.thrown = []
        self.left = 0.0

    @property
    def busy(self):
        return self.left > 0

    def throw(self, dice, label=None):
        self.thrown.append((dice, label))
        self.left = 1.0

    def update(self, dt):
        self.left -= dt

    def skip(self):
        self.left = 0.0


class FakeSounds:
    def __init__(self):
        self.played = []

    def play(self, name, volume=1.0):
        self.played.append(name)
        return True


def test_event_animator_dice_throws_and_blocks_until_settled():
    q = anim.AnimationQueue()
    tray, sounds = FakeTray(), FakeSounds()
    ea = anim.EventAnimator(q, tray=tray, sounds=sounds)
    ea.feed([ev.dice_rolled(0, "attack", [[6, 2], [3]], total=10)])
    assert q.blocking
    q.update(0.01)
    assert tray.thrown == [([[6, 2], [3]], "10")]
    tray.update(0.5)  # the scene drives the tray
    q.update(0.01)
    assert q.blocking
    tray.update(0.6)
    q.update(0.01)  # the tray rests: a short pause follows so players see the faces
    q.update(0.5)
    assert not q.busy


def test_event_animator_defaults_and_overrides():
    q = anim.AnimationQueue()
    sounds = FakeSounds()
    cam = SimpleNamespace(offset=(0.0, 0.0))
    ea = anim.EventAnimator(q, sounds=sounds, shake_target=cam)
    ea.feed([ev.card_moved("c1", "deck", "hand"), ev.chip_drawn(0, "blade"), ev.damage_dealt("wolf", 3)])
    q.skip()
    assert sounds.played == ["card", "chip", "hit"]
    assert cam.offset == (0.0, 0.0)
    seen = []
    ea.on("CardMoved", lambda e: anim.Call(lambda: seen.append(e.data["card"])))
    ea.on("ChipDrawn", None)
    ea.feed([ev.card_moved("c2", "hand", "pile"), ev.chip_drawn(0, "x")])
    q.skip()
    assert seen == ["c2"] and sounds.played.count("chip") == 1


def test_event_animator_hides_private_events_from_other_viewers():
    q = anim.AnimationQueue()
    seen = []
    ea = anim.EventAnimator(q, viewer=1)
    ea.on("CardMoved", lambda e: anim.Call(lambda: seen.append(e.data)))
    ea.feed([ev.card_moved("secret", "deck", "hand", seat=0, hidden=True)])
    q.skip()
    assert seen == [{"seat": 0, "hidden": True}]
    ea.viewer = 0
    ea.feed([ev.card_moved("secret", "deck", "hand", seat=0, hidden=True)])
    q.skip()
    assert seen[-1]["card"] == "secret"


def test_event_animator_banners_for_phase_and_game_over():
    from game.ui.widgets import Banner

    q = anim.AnimationQueue()
    banner = Banner()
    ea = anim.EventAnimator(q, banner=banner, label=lambda e: f"Phase {e.data.get('phase', 'end')}")
    ea.feed([ev.phase_began("quest")])
    q.update(0.3)
    assert banner.text == "Phase quest" and banner.alpha > 0.5
    ea.feed([ev.game_over([0])])
    assert q.blocking
    q.skip()
    assert banner.text == "Phase end" and banner.alpha == 0.0


def test_await_times_out_instead_of_hanging():
    class Stuck:
        busy = True
        skipped = False

        def update(self, dt):
            pass

        def skip(self):
            self.skipped = True
            self.busy = False

    s = Stuck()
    q = anim.AnimationQueue()
    q.play(anim.Await(s, timeout=1.0))
    for _ in range(30):
        q.update(0.05)
    assert s.skipped and not q.busy


def test_event_animator_pool_rolls_show_successes():
    from game.engine.dice import SuccessDie, roll_pool
    from game.engine.rng import Rng

    die = SuccessDie("escape", ("run", "run", "trip"), frozenset({"run"}))
    pool = roll_pool([die, die], Rng(3))
    q = anim.AnimationQueue()
    tray = FakeTray()
    ea = anim.EventAnimator(q, tray=tray)
    ea.feed([ev.dice_rolled(0, "escape", [], **{k: v for k, v in pool.to_json().items()})])
    q.update(0.01)
    # an explicit empty "dice" list wins; a pool event without "dice" uses its faces
    ea.feed([ev.Event("DiceRolled", {"who": 0, "purpose": "escape", **pool.to_json()}, random=True)])
    q.skip()
    assert tray.thrown[-1][0] == pool.to_json()["faces"]
    from game.engine.i18n import t

    assert tray.thrown[-1][1] == t("ui.successes", n=pool.successes)
    assert str(pool.successes) in tray.thrown[-1][1]


def test_event_animator_can_drive_the_tray_itself():
    q = anim.AnimationQueue()
    tray = FakeTray()
    anim.EventAnimator(q, tray=tray, drive_tray=True).feed([ev.dice_rolled(0, "x", [[2]], total=2)])
    for _ in range(20):
        q.update(0.1)
    assert tray.thrown and not tray.busy and not q.busy


def test_prop_turn_over_swaps_face_at_the_middle_and_draws():
    import pygame

    from game.ui import gfx

    card = anim.Prop((100, 100), face_up=False)
    q = anim.AnimationQueue()
    q.play(card.turn_over(0.4))
    q.update(0.1)
    assert not card.face_up and 0 < card.flip < 1
    q.update(0.15)
    assert card.face_up
    q.update(0.5)
    assert card.flip == 1.0 and card.face_up
    front = pygame.Surface((40, 60))
    front.fill((255, 0, 0))
    back = pygame.Surface((40, 60))
    back.fill((0, 0, 255))
    surf = pygame.Surface((200, 200))
    r = gfx.draw_prop(surf, card, front, back)
    assert r.size == (40, 60) and surf.get_at((100, 100))[:3] == (255, 0, 0)
    card.face_up, card.flip, card.alpha = False, 0.5, 255
    r = gfx.draw_prop(surf, card, front, back)
    assert r.w == 20 and surf.get_at((100, 100))[:3] == (0, 0, 255)
    card.flip = 0.0
    assert gfx.draw_prop(surf, card, front, back).w == 0
    q.play(anim.shake(card, 6, 0.3))
    q.update(0.1)
    assert card.screen_pos != card.pos


def test_event_animator_flies_chips_and_cards_where_the_scene_says():
    from game.ui.physics import FlightField

    field = FlightField((0, 0, 800, 600), seed=1)
    spots = {"blade": ("blade", (50, 550), (400, 100)), "c1": ("c1", (400, 580), (700, 300))}
    q = anim.AnimationQueue()
    ea = anim.EventAnimator(q, flights=field, where=lambda e: spots.get(e.data.get("chip") or e.data.get("card")),
                            drive_tray=True)
    ea.feed([ev.chip_drawn(0, "blade"), ev.card_moved("c1", "hand", "pile"), ev.card_moved("zz", "a", "b")])
    q.update(0.05)
    assert field.get("blade") is not None and field.get("c1") is None  # in order: the card waits
    for _ in range(100):
        q.update(1 / 30)
    assert field.get("blade").pos == (400.0, 100.0) and field.get("c1").pos == (700.0, 300.0)
    assert not q.busy
