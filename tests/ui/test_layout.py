"""Grid, hand fan, rows, stacks and rect splitting map positions both ways."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, strategies as st

from game.ui.layout import CardFan, Grid, Row, Stack, fit_rect, inset, split_h, split_v


def test_grid_cells_round_trip():
    g = Grid((10, 20, 700, 400), 7, 4, gap=6)
    assert g.rect.w <= 700 and g.rect.h <= 400
    for c, r, rect in g.cells():
        assert g.cell_at(rect.center) == (c, r)
        assert g.cell_at(rect.topleft) == (c, r)
        assert g.cell_at((rect.right - 1, rect.bottom - 1)) == (c, r)
    assert g.cell_at((g.rect.x - 1, g.rect.y)) is None
    gap_x = g.cell_rect(0, 0).right + 1
    assert g.cell_at((gap_x, g.cell_rect(0, 0).centery)) is None
    with pytest.raises(ValueError):
        Grid((0, 0, 10, 10), 0, 1)


@given(st.integers(1, 12), st.integers(1, 12), st.integers(0, 8))
def test_grid_fits_its_area(cols, rows, gap):
    area = pygame.Rect(0, 0, 900, 500)
    g = Grid(area, cols, rows, gap=gap)
    assert area.contains(g.rect)
    last = g.cell_rect(cols - 1, rows - 1)
    assert g.rect.contains(last)


def test_card_fan_hover_lifts_and_hit_test_finds_top_card():
    fan = CardFan((640, 720), (100, 140), max_width=600)
    slots = fan.slots(5)
    assert [s.center[0] for s in slots] == sorted(s.center[0] for s in slots)
    assert slots[0].angle > 0 > slots[-1].angle  # fanned
    lifted = fan.slots(5, hovered=2)
    assert lifted[2].center[1] < slots[2].center[1] and lifted[2].angle == 0
    for i, s in enumerate(slots):
        # a point on the visible right part of each card hits it (right cards are on top)
        probe = (s.center[0] + 30, s.center[1]) if i == 4 else (s.center[0] - 20, s.center[1])
        assert fan.index_at(probe, 5) == i
    assert fan.index_at((0, 0), 5) is None
    assert fan.slots(0) == []


def test_row_overlaps_evenly_when_full_and_stack_offsets():
    row = Row((0, 0, 300, 60), (50, 50), gap=10)
    rs = row.rects(3)
    assert rs[1].x - rs[0].x == 60 and rs[0].centery == 30
    many = row.rects(12)
    assert many[0].left >= 0 and many[-1].right <= 300
    assert row.index_at(many[5].move(many[6].x - many[5].x - 1, 0).topleft, 12) == 5
    st_ = Stack((100, 100), (60, 80), offset=(2, -2), max_visible=4)
    assert len(st_.rects(10)) == 4
    assert st_.top_rect(10).center == (106, 94)
    assert st_.bounds(3).w == 64


def test_fit_split_inset():
    r = fit_rect((200, 100), pygame.Rect(0, 0, 400, 400))
    assert r.size == (400, 200) and r.center == (200, 200)
    cols = split_h(pygame.Rect(0, 0, 1000, 100), [200, 0.5, 0.5], gap=10)
    assert cols[0].w == 200 and cols[1].w + cols[2].w == 780 and cols[2].right == 1000
    rows = split_v(pygame.Rect(0, 0, 100, 300), [0.25, 0.75])
    assert rows[0].h == 75 and rows[1].bottom == 300
    assert inset(pygame.Rect(0, 0, 100, 100), 10) == pygame.Rect(10, 10, 80, 80)
