"""The input router turns synthetic pygame events into the right intents."""

from __future__ import annotations

import pygame
import pytest

from game.ui.input import (Circle, Click, ClickEmpty, Command, DragCancel, DragStart, Drop, HitRegion, Hover,
                           IllegalClick, InputRouter, Inspect, Scroll, SkipAnimation, letterbox, to_logical,
                           to_window)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def feed(router, *events, blocked=False):
    out = []
    for e in events:
        out.extend(router.handle(e, blocked=blocked))
    return out


def only(intents, kind):
    return [i for i in intents if isinstance(i, kind)]


@pytest.fixture
def router():
    r = InputRouter((1280, 720), tooltip_delay=0.4)
    r.add(HitRegion(pygame.Rect(100, 100, 80, 120), "card-a", tooltip="Ember Lance: deal 2 damage.",
                    draggable=True))
    r.add(HitRegion(pygame.Rect(300, 100, 80, 120), "card-b", legal=False, reason="You need 2 Will."))
    r.add(HitRegion(pygame.Rect(600, 400, 200, 150), "pile", drop_target=True))
    r.add(HitRegion(pygame.Rect(900, 400, 200, 150), "locked-pile", drop_target=True,
                    accepts=lambda p: None if p == "card-z" else "Only spells go here."))
    r.add(HitRegion(Circle((1000, 100), 30), "chip"))
    return r


def test_letterbox_and_to_logical_round_trip():
    assert letterbox((1280, 720), (1280, 720)) == pygame.Rect(0, 0, 1280, 720)
    box = letterbox((1920, 1200), (1280, 720))  # wider aspect: bars top and bottom
    assert box.w == 1920 and box.h == 1080 and box.y == 60
    assert to_logical((960, 600), (1920, 1200), (1280, 720)) == (640, 360)
    assert to_logical((0, 60), (1920, 1200), (1280, 720)) == (0, 0)
    assert to_logical((0, 0), (1920, 1200), (1280, 720))[1] < 0  # in the bar: outside the canvas
    box2 = letterbox((1000, 1000), (1280, 720))  # pillar/letter box for a square window
    assert box2.w == 1000 and box2.x == 0
    for p in [(0, 0), (640, 360), (1279, 719), (100, 650)]:
        w = to_window(p, (1600, 1000), (1280, 720))
        back = to_logical(w, (1600, 1000), (1280, 720))
        assert abs(back[0] - p[0]) <= 1 and abs(back[1] - p[1]) <= 1


def test_router_maps_window_coordinates(router):
    router.set_window_size((2560, 1440))
    out = feed(router, down((280, 320)), up((280, 320)))  # (140, 160) logical: card-a
    assert Click("card-a", (140, 160)) in out


def test_hover_highlight_and_tooltip_after_delay(router):
    out = feed(router, motion((140, 160)))
    assert Hover("card-a") in out
    assert router.hovered.payload == "card-a"
    assert router.tooltip_text is None and router.wants_tick
    router.update(0.3)
    assert router.tooltip_text is None
    router.update(0.2)
    assert router.tooltip_text == "Ember Lance: deal 2 damage."
    assert not router.wants_tick
    out = feed(router, motion((10, 10)))
    assert Hover(None) in out and router.tooltip_text is None


def test_illegal_hover_shows_reason_and_click_says_why(router):
    feed(router, motion((340, 160)))
    router.update(1.0)
    assert router.tooltip_text == "You need 2 Will."
    out = feed(router, down((340, 160)))
    assert out == [IllegalClick("card-b", "You need 2 Will.", (340, 160))]


def test_click_legal_and_empty(router):
    assert only(feed(router, down((1000, 110))), Click) == [Click("chip", (1000, 110))]
    assert only(feed(router, down((1040, 140))), ClickEmpty) == [ClickEmpty((1040, 140))]  # outside the circle


def test_press_and_release_on_draggable_without_moving_is_a_click(router):
    out = feed(router, down((140, 160)), up((141, 161)))
    assert only(out, Click) == [Click("card-a", (141, 161))]
    assert not only(out, DragStart)


def test_drag_and_drop(router):
    out = feed(router, down((140, 160)), motion((150, 170)), motion((700, 470)))
    assert only(out, DragStart) == [DragStart("card-a", (150, 170))]
    assert router.dragging is not None
    assert [r.payload for r in router.drop_candidates()] == ["pile"]
    out = feed(router, up((700, 470)))
    assert only(out, Drop) == [Drop("card-a", "pile", (700, 470))]
    assert router.dragging is None


def test_drop_refused_by_target_gives_reason(router):
    out = feed(router, down((140, 160)), motion((160, 180)), motion((950, 450)), up((950, 450)))
    assert only(out, IllegalClick) == [IllegalClick("locked-pile", "Only spells go here.", (950, 450))]


def test_drop_on_nothing_cancels_and_right_click_or_esc_cancel(router):
    out = feed(router, down((140, 160)), motion((160, 180)), up((500, 650)))
    assert only(out, DragCancel) == [DragCancel("card-a", (500, 650))]
    out = feed(router, down((140, 160)), motion((160, 180)), down((160, 180), 3))
    assert only(out, DragCancel) and router.dragging is None
    feed(router, down((140, 160)), motion((160, 180)))
    out = feed(router, key(pygame.K_ESCAPE))
    assert only(out, DragCancel) and not only(out, Command)


def test_right_click_inspects(router):
    router.add(HitRegion(pygame.Rect(0, 600, 50, 50), "tile-3", inspect={"tile": 3}))
    assert feed(router, down((140, 160), 3)) == [Hover("card-a"), Inspect("card-a", (140, 160))]
    assert only(feed(router, down((20, 620), 3)), Inspect) == [Inspect({"tile": 3}, (20, 620))]
    assert only(feed(router, down((500, 650), 3)), ClickEmpty) == [ClickEmpty((500, 650), 3)]


def test_shortcuts(router):
    assert feed(router, key(pygame.K_z, pygame.KMOD_LCTRL)) == [Command("undo")]
    assert feed(router, key(pygame.K_z)) == []
    assert feed(router, key(pygame.K_ESCAPE)) == [Command("pause")]
    assert feed(router, key(pygame.K_SPACE)) == [Command("confirm")]
    assert feed(router, key(pygame.K_F1)) == [Command("rules")]
    assert feed(router, key(pygame.K_F11)) == [Command("fullscreen")]
    router.shortcut(pygame.K_e, "end_turn")
    assert feed(router, key(pygame.K_e)) == [Command("end_turn")]


def test_blocked_input_only_skips(router):
    out = feed(router, down((140, 160)), blocked=True)
    assert only(out, SkipAnimation) and not only(out, Click)
    assert feed(router, key(pygame.K_SPACE), blocked=True) == [SkipAnimation()]
    assert feed(router, key(pygame.K_z, pygame.KMOD_CTRL), blocked=True) == [SkipAnimation()]
    assert feed(router, key(pygame.K_ESCAPE), blocked=True) == [Command("pause")]
    assert feed(router, key(pygame.K_F11), blocked=True) == [Command("fullscreen")]


def test_wheel_scrolls_the_region_under_the_mouse(router):
    feed(router, motion((140, 160)))
    assert feed(router, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2)) == [Scroll("card-a", 2, (140, 160))]


def test_top_most_region_wins_and_begin_frame_clears(router):
    router.add(HitRegion(pygame.Rect(90, 90, 40, 40), "overlay"))
    assert only(feed(router, down((100, 100))), Click) == [Click("overlay", (100, 100))]
    router.begin_frame()
    assert only(feed(router, down((100, 100))), ClickEmpty)


def test_draw_highlights_and_ghost_do_not_fail(router):
    surf = pygame.Surface((1280, 720))
    feed(router, motion((340, 160)))
    router.draw_highlights(surf)
    assert surf.get_at((300, 100))[:3] != (0, 0, 0)  # outlined in the illegal colour
    feed(router, down((140, 160)), motion((160, 180)), motion((700, 470)))
    surf.fill((0, 0, 0))
    router.draw_highlights(surf)
    router.draw_ghost(surf)
    assert surf.get_at((600, 400))[:3] != (0, 0, 0)


def test_window_leave_clears_hover(router):
    feed(router, motion((140, 160)))
    out = feed(router, pygame.event.Event(pygame.WINDOWLEAVE))
    assert out == [Hover(None)] and router.hovered is None


def test_a_drag_interrupted_by_a_blocking_animation_is_cancelled(router):
    feed(router, down((140, 160)), motion((160, 180)))
    assert router.dragging is not None
    out = feed(router, motion((700, 470)), up((700, 470)), blocked=True)
    assert only(out, DragCancel) == [DragCancel("card-a", (700, 470))] and not only(out, Drop)
    assert router.dragging is None
    # a press made before the block never turns into a drag while blocked
    feed(router, down((140, 160)))
    out = feed(router, motion((200, 220)), blocked=True)
    assert not only(out, DragStart) and router.dragging is None
