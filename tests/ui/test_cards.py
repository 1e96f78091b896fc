"""The card kit: the frame's text parts grow with the text size, faces are cached per look, arrows and badges
draw, and the pile overlay lays out, scrolls, zooms and closes with its text inside its boxes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import gfx
from game.ui.cards import frame
from game.ui.cards.arrows import arrow, swords
from game.ui.cards.pile import CARD, CLOSE, DOWN, OUTSIDE, UP, PileOverlay
from game.ui.input import Click, Command, Inspect, Scroll


def test_the_name_band_and_type_line_grow_with_the_text_size_and_the_art_gives_room() -> None:
    rect = pygame.Rect(0, 0, 100, 140)
    normal = frame.geometry(rect)
    assert normal.band.h == 21 and normal.art.y == 27 and normal.type_pos[1] == 81, "normal text: as before"
    gfx.set_text_scale(1.4)
    huge = frame.geometry(rect)
    assert huge.band.h > normal.band.h and huge.type_h > normal.type_h
    assert huge.art.h < normal.art.h and huge.art.top >= huge.band.bottom
    assert huge.type_pos[1] >= huge.art.bottom


def test_a_name_drawn_in_its_box_is_larger_at_huge_text() -> None:
    heights = []
    for scale in (1.0, 1.4):
        gfx.set_text_scale(scale)
        geo = frame.geometry(pygame.Rect(0, 0, 104, 146))
        box = frame.name_box(geo, has_cost=True)
        surf = pygame.Surface((104, 146), pygame.SRCALPHA)
        lines, size = frame.draw_name(surf, "Great Bellows", box, 12, (255, 255, 255))
        assert all(gfx.font(size, True).size(x)[0] <= box.w for x in lines)
        heights.append(gfx.font(size, True).get_ascent())
    assert heights[1] > heights[0], "card names follow the text size"


def test_faces_are_painted_once_per_key_size_and_look() -> None:
    cache = frame.FaceCache()
    calls: list[Any] = []
    cache.get(("c1", "en"), (40, 56), calls.append)
    cache.get(("c1", "en"), (40, 56), calls.append)
    assert len(calls) == 1
    gfx.set_text_scale(1.2)
    cache.get(("c1", "en"), (40, 56), calls.append)
    assert len(calls) == 2 and len(cache) == 2
    cache.clear()
    assert len(cache) == 0


def test_rules_text_is_cut_with_an_ellipsis_when_it_cannot_fit() -> None:
    surf = pygame.Surface((100, 100), pygame.SRCALPHA)
    fitted = frame.draw_rules_text(surf, "Deal 3 damage to each enemy Character. " * 6, pygame.Rect(5, 5, 80, 30),
                                   10, (0, 0, 0))
    assert fitted.cut and fitted.lines[-1].endswith("…")


def test_arrows_badges_and_swords_draw_where_asked() -> None:
    surf = pygame.Surface((300, 300), pygame.SRCALPHA)
    r = arrow(surf, (20, 20), (250, 200), (200, 0, 0), both=True)
    assert r is not None and r.collidepoint(250, 200) or r.inflate(4, 4).collidepoint(250, 200)
    assert arrow(surf, (5, 5), (7, 7), (0, 0, 0)) is None, "too short to draw"
    assert swords(surf, (150, 150)).collidepoint(150, 150)
    b = frame.badge(surf, (40, 250), 12, "5", (200, 40, 40), "shield")
    assert b.collidepoint(40, 250) and surf.get_at((40, 250))[3] > 0


class _Pile:
    def __init__(self, n: int) -> None:
        self.cards = [f"c{i}" for i in range(n)]
        self.closed = 0
        self.zoomed: list[str] = []

    def overlay(self) -> PileOverlay:
        words = {"count": "{n} cards, newest first", "count_one": "1 card", "newest": "Newest", "hint": "Esc closes",
                 "empty": "Nothing here", "close": "Close", "up": "Up", "down": "Down", "at_top": "top",
                 "at_bottom": "bottom"}
        return PileOverlay(lambda: self.cards, lambda iid, size: None, lambda size: pygame.Surface(size),
                           lambda iid: f"card {iid}", lambda: "Ana's discard pile",
                           lambda key, **kw: words[key].format(**kw),
                           lambda inspector, iid: (self.zoomed.append(iid), inspector.open(iid)),
                           lambda: setattr(self, "closed", self.closed + 1), seat=0)


@pytest.mark.parametrize("scale", [1.0, 1.4])
def test_the_pile_overlay_lays_out_scrolls_and_keeps_its_text_in_its_boxes(scale: float) -> None:
    gfx.set_text_scale(scale)
    pile = _Pile(30)
    ov = pile.overlay()
    surf = pygame.Surface((1280, 720))
    ov.draw(surf)
    assert ov.texts.problems() == []
    assert "Ana's discard pile" in ov.texts.texts() and "30 cards, newest first" in ov.texts.texts()
    rects = list(ov.card_rects.values())
    assert rects and all(r.size == CARD for r in rects)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert ov.max_scroll > 0 and list(ov.card_rects)[0] == "c0"
    seen = set(ov.card_rects)
    for _ in range(ov.max_scroll):
        ov.on_intent(Scroll(None, -1, (640, 360)))
        seen |= set(ov.card_rects)
    assert seen == set(pile.cards), "scrolling reaches every card"
    ov.on_intent(Click(UP, (0, 0)))
    assert ov.scroll == ov.max_scroll - 1
    ov.on_intent(Click(DOWN, (0, 0)))
    assert ov.scroll == ov.max_scroll


def test_the_pile_overlay_zooms_a_card_and_closes() -> None:
    pile = _Pile(3)
    ov = pile.overlay()
    ov.on_intent(Inspect(("card", "c1"), (0, 0)))
    assert pile.zoomed == ["c1"] and ov.inspector.visible
    for intent in (Click(CLOSE, (0, 0)), Click(OUTSIDE, (0, 0)), Command("pause")):
        ov.inspector.close()
        ov.on_intent(intent)
    assert pile.closed == 3


def test_an_empty_pile_says_so() -> None:
    ov = _Pile(0).overlay()
    ov.draw(pygame.Surface((1280, 720)))
    assert ov.card_rects == {} and ov.message() == "Nothing here" and "Nothing here" in ov.texts.texts()


def test_a_card_large_enough_to_read_keeps_its_proportions_at_huge_text() -> None:
    zoom = pygame.Rect(0, 0, 260, 364)
    normal = frame.geometry(zoom)
    gfx.set_text_scale(1.4)
    assert frame.geometry(zoom).band == normal.band and frame.geometry(zoom).art == normal.art
    assert frame.text_growth(125) < frame.text_growth(100) == 1.4
