"""Widgets: log scrolling and wrapping, tooltips inside the canvas, toasts, counters, buttons, banners."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.ui import anim, gfx
from game.ui.input import Click, ClickEmpty, Command, InputRouter, Inspect, Scroll
from game.ui.widgets import (ActionBar, Banner, Button, Counter, Inspector, LogPanel, PhaseTracker, Toast,
                             Tooltip)

CANVAS = pygame.Rect(0, 0, 1280, 720)


def test_log_panel_wraps_long_lines_within_its_width():
    log = LogPanel((0, 0, 220, 300))
    long = "The Ash Wolf leaps from the reeds and bites Bram for three damage, then retreats into the marsh."
    log.add(long, seat=2)
    lines = log.wrapped_lines()
    assert len(lines) > 2
    assert " ".join(t for t, _, _ in lines) == long
    width = log.text_rect.w
    assert all(gfx.text_size(t, log.size)[0] <= width for t, _, _ in lines)
    assert [first for _, _, first in lines] == [True] + [False] * (len(lines) - 1)


def test_log_panel_newest_at_bottom_and_wheel_scrolls():
    log = LogPanel((0, 0, 300, 200))
    for i in range(40):
        log.add(f"line {i}", seat=i % 3)
    shown = log.visible_lines()
    assert shown[-1][0] == "line 39" and len(shown) == log.visible_count
    router = InputRouter()
    log.register(router)
    router.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(0, 0), buttons=(0, 0, 0)))
    intents = router.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert isinstance(intents[0], Scroll) and log.handle(intents[0])
    assert log.scroll == 3 and log.visible_lines()[-1][0] == "line 36"
    log.add("line 40")  # scrolled up: the view stays put and counts unseen lines
    assert log.visible_lines()[-1][0] == "line 36" and log.unseen == 1
    log.scroll_by(-100)
    assert log.scroll == 0 and log.unseen == 0 and log.visible_lines()[-1][0] == "line 40"
    log.scroll_by(10_000)
    assert log.scroll == log.max_scroll and log.visible_lines()[0][0] == "line 0"


def test_log_panel_draws_and_caps_entries():
    log = LogPanel((10, 10, 260, 220), max_entries=50, title="Log")
    log.extend([(f"entry {i} " * 5, i % 4) for i in range(80)] + ["plain"])
    assert len(log.entries) == 50
    surf = pygame.Surface((300, 260))
    log.scroll_by(4)
    log.draw(surf)
    assert surf.get_at((20, 100))[:3] != (0, 0, 0)
    log.clear()
    assert log.visible_lines() == []


@settings(max_examples=60, deadline=None)
@given(st.integers(-50, 1330), st.integers(-50, 770), st.text(min_size=1, max_size=200))
def test_tooltip_stays_inside_the_canvas(x, y, text):
    tip = Tooltip(CANVAS)
    r = tip.layout(text, (x, y))
    assert CANVAS.contains(r)


def test_tooltip_prefers_below_right_and_flips_at_edges():
    tip = Tooltip(CANVAS)
    r = tip.layout("Hello", (100, 100))
    assert r.x > 100 and r.y > 100
    r2 = tip.layout("Hello there, a long tooltip text", (1275, 715))
    assert r2.right <= 1280 and r2.bottom <= 720 and r2.right <= 1275
    surf = pygame.Surface(CANVAS.size)
    assert tip.draw(surf, None, (0, 0)) is None
    assert tip.draw(surf, "x", (10, 10)) is not None


def test_toast_fades_out_and_merges_repeats():
    toast = Toast()
    toast.show("Saved", "good", duration=1.0)
    toast.show("Saved", "good", duration=1.0)
    assert len(toast.items) == 1 and toast.animating
    toast.draw(pygame.Surface((1280, 720)))
    toast.update(0.6)
    toast.show("Not your turn", "error")
    toast.update(0.5)
    assert [i.text for i in toast.items] == ["Not your turn"]
    toast.update(5)
    assert not toast.animating


def test_counter_rolls_to_the_new_value_and_flashes():
    c = Counter(10, (100, 100), "HP", maximum=12)
    c.set(4)
    assert c.animating and c.value == 4 and c.shown == 10
    c.update(0.1)
    assert 4 < c.shown < 10 and c.flash > 0 and c.flash_colour == gfx.palette().bad
    for _ in range(100):
        c.update(0.05)
    assert not c.animating and c.shown == 4 and c.scale == pytest.approx(1.0)
    c.set(6, instant=True)
    assert c.shown == 6 and not c.animating
    anim.set_speed(0)
    c.set(1)
    assert c.shown == 1 and not c.animating
    surf = pygame.Surface((300, 200))
    assert c.draw(surf).w > 0
    Counter(3, (50, 50), image="ui/heart.svg").draw(surf)


def test_action_bar_builds_buttons_and_clicks_return_payloads():
    bar = ActionBar((0, 650, 1280, 44), [("End turn", "end", True, None, True), ("Trade", "trade", False,
                                                                                  "Nobody to trade with")])
    assert len(bar.buttons) == 2
    assert bar.buttons[0].rect.right < bar.buttons[1].rect.left
    assert abs((bar.buttons[0].rect.left + bar.buttons[1].rect.right) / 2 - 640) <= 2  # centred
    router = InputRouter()
    bar.register(router)
    c = bar.buttons[0].rect.center
    intents = router.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=c, button=1))
    assert Click("end", c) in intents
    d = bar.buttons[1].rect.center
    intents = router.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=d, button=1))
    assert any(getattr(i, "reason", None) == "Nobody to trade with" for i in intents)
    bar.draw(pygame.Surface((1280, 720)), router)


def test_action_bar_shrinks_to_fit():
    items = [(f"A rather long action label {i}", i) for i in range(8)]
    bar = ActionBar((100, 0, 600, 40), items)
    assert bar.buttons[0].rect.left >= 100 and bar.buttons[-1].rect.right <= 700


def test_button_draw_states():
    surf = pygame.Surface((200, 100))
    for enabled, hovered, primary in [(True, False, False), (True, True, True), (False, False, False)]:
        Button(pygame.Rect(10, 10, 120, 40), "Go", "go", enabled, primary=primary).draw(surf, hovered)
    assert surf.get_at((70, 30))[:3] != (0, 0, 0)


def test_inspector_opens_closes_and_swallows_clicks():
    ins = Inspector(CANVAS)
    assert not ins.handle(Click("x", (0, 0)))
    ins.open("Ember Lance", "Deal 2 damage. " * 40, subtitle="Spell", seat=1,
             image=gfx.placeholder((200, 280), "art"))
    assert ins.visible and ins.animating
    router = InputRouter()
    ins.register(router)
    assert router.region_at((5, 5)).payload is ins
    surf = pygame.Surface(CANVAS.size)
    ins.update(1.0)
    ins.draw(surf)
    assert ins.handle(Command("pause")) and not ins.visible
    ins.open("Chip", "", art=lambda s, r: pygame.draw.rect(s, (255, 0, 0), r))
    ins.update(1.0)
    ins.draw(surf)
    panel, art, text = ins.layout()
    assert panel.contains(art) and panel.contains(text)
    assert ins.handle(Inspect("x", (1, 1))) and not ins.visible
    ins.open("A", "b")
    assert ins.handle(ClickEmpty((1, 1)))


def test_phase_tracker_glows_on_change_and_draws():
    pt = PhaseTracker((0, 0, 900, 40))
    pt.set(round=1, phases=["Resources", "Planning", "Quest"], current="Planning", seat=0, seat_name="Nyx")
    assert pt.current == 1 and pt.animating
    pt.update(2.0)
    assert not pt.animating
    pt.set(current="Quest")
    assert pt.current == 2 and pt.animating
    surf = pygame.Surface((900, 40))
    pt.draw(surf)
    narrow = PhaseTracker((0, 0, 300, 40))
    narrow.set(round=3, phases=[f"Phase {i}" for i in range(12)], current=5, seat=1, seat_name="Ilsa")
    narrow.draw(surf)  # too many phases: the lit one as a word, the others as pips, nothing outside


def test_phase_tracker_too_narrow_for_every_word_shows_the_lit_phase_whole_and_pips(monkeypatch):
    from game.ui.widgets import tracker

    drawn: list[str] = []
    real = tracker.gfx.text

    def text(surface, s, *a, **kw):
        drawn.append(s)
        return real(surface, s, *a, **kw)

    monkeypatch.setattr(tracker.gfx, "text", text)
    phases = ["Cosecha de Voluntad", "Comunión", "Meditación profunda", "Desafío", "Fin del turno"]
    pt = PhaseTracker((0, 0, 640, 40), size=20)
    pt.set(round=2, phases=phases, current=2, seat=1, seat_name="Bot 2 (Normal)")
    surf = pygame.Surface((520, 40))
    pt.draw(surf)
    assert "Meditación profunda" in drawn and "Bot 2 (Normal)" in drawn
    assert not any(s.endswith("…") for s in drawn), drawn
    assert not any(p in drawn for p in phases if p != "Meditación profunda"), "the unlit phases are pips"
    wide = PhaseTracker((0, 0, 1400, 40), size=20)
    wide.set(round=2, phases=phases, current=2, seat=1, seat_name="Bot 2 (Normal)")
    drawn.clear()
    wide.draw(pygame.Surface((1400, 40)))
    assert all(p in drawn for p in phases), "with room every phase is a word"


def test_banner_show_and_queue_animation():
    b = Banner(CANVAS)
    b.show("Round 2", duration=0.8)
    assert b.animating
    b.update(0.3)
    assert b.text == "Round 2" and b.alpha > 0.9
    surf = pygame.Surface(CANVAS.size)
    b.draw(surf)
    assert surf.get_at((640, 360))[:3] != (0, 0, 0)
    b.update(2.0)
    assert not b.animating and b.alpha == 0.0
    q = anim.AnimationQueue()
    q.play(b.show_anim("Victory", big=True, sub="Nyx wins"))
    q.update(0.2)
    assert b.big and b.sub == "Nyx wins"
    q.skip()
    assert b.alpha == 0.0


def test_text_scale_setting_changes_sizes():
    w1 = gfx.text_size("Round 2", 20)[0]
    gfx.set_text_scale(1.5)
    assert gfx.text_size("Round 2", 20)[0] > w1 * 1.3


def test_every_ui_string_has_spanish_english_and_italian():
    from game.engine import i18n

    keys = {k: v for k, v in i18n.catalog_keys().items() if k.startswith("ui.")}
    assert len(keys) >= 15
    for k, v in keys.items():
        assert set(v) == {"en", "es", "it"} and all(v.values()), k
    assert i18n.t("ui.round", "es", n=2) == "Ronda 2"


def test_action_bar_stacks_long_choices_into_a_readable_column_above_a_narrow_bar():
    """Three "plays X on Y" choices and Cancel in a bar 240 px wide (quest's, under the log) used to shrink
    into unreadable slivers: they rise as a column of full-size buttons, right-aligned with the bar."""
    labels = ["Ana plays Keen Blade on Maelis Lanternkeeper", "Ana plays Keen Blade on Corvan Ironbrow",
              "Ana plays Keen Blade on Brannoc the Wall", "Cancel"]
    bar = ActionBar((1030, 660, 240, 50), [(x, i) for i, x in enumerate(labels)], size=16)
    assert bar.stacked
    rects = [b.rect for b in bar.buttons]
    assert rects[-1].y == 660, "the last choice (Cancel) sits on the bar itself"
    assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:])), "one above the other, in order, no overlap"
    assert all(r.right == 1270 and r.left >= 0 and r.top >= 0 for r in rects)
    for b in bar.buttons:
        need = gfx.text_size(b.label, 16, False)[0]
        assert b.rect.w - 12 >= need, f"{b.label!r} fits at the bar's text size"
    surf = pygame.Surface((1280, 720))
    bar.draw(surf)
    assert surf.get_at((rects[0].x - 3, rects[0].centery))[:3] != (0, 0, 0), "an opaque backing behind the column"


def test_action_bar_keeps_a_row_when_it_fits_or_there_is_no_room_above():
    row = ActionBar((0, 650, 1280, 44), [("Keep", 1), ("New hand", 2)])
    assert not row.stacked
    top = ActionBar((100, 0, 600, 40), [(f"A rather long action label {i}", i) for i in range(8)])
    assert not top.stacked and all(b.rect.top == 0 for b in top.buttons)


def test_action_bar_lays_many_choices_in_columns_when_one_column_has_no_room_above():
    """Sanctuary's prompt bar (mid-window, 340 px wide): an ability with six targets and Cancel shrank into
    seven 40 px slivers with unreadable, overlapping labels. The choices rise as two columns instead."""
    labels = [f"Player 1 uses Throne of Heartwood: Sap Surge on Thorn Sentinel {i}" for i in range(6)] + ["Cancel"]
    bar = ActionBar((680, 263, 340, 40), [(x, i) for i, x in enumerate(labels)], size=18)
    rects = [b.rect for b in bar.buttons]
    assert len(rects) == 7 and bar.stacked
    assert all(r.w >= 180 for r in rects), "every choice stays wide enough to read"
    assert all(r.left >= 0 and r.top >= 0 and r.right <= 1020 for r in rects)
    assert max(r.bottom for r in rects) == 303, "the last row sits on the bar itself"
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), "no two overlap"
    assert [b.payload for b in bar.buttons] == list(range(7)), "in reading order"
    assert rects[-1].right == 1020, "Cancel keeps the bar's right edge"
