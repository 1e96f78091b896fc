"""Every text size x language (es, en, it): the Market heading, the offers, the hero card, the heroes
list and the map-choice heading keep their text inside their panels, without overlaps (the scene
records the rects it drew in ``text_rects`` and ``hero_text_rects``)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.settings import TEXT_SIZES
from game.engine import i18n
from game.engine.protocol import SeatSpec
from game.rulesets.dungeon.views import DungeonView
from game.ui import gfx
from tests.scenes.dungeon.conftest import frames, hero_rows, offer_rects, start

LANGS = ("es", "en", "it")


def _combos() -> list[tuple[str, str]]:
    return [(size, lang) for size in TEXT_SIZES for lang in LANGS]


def _switch(app: Any, scene: Any, size: str, lang: str) -> None:
    """Set text size and language live, then draw a few frames."""
    gfx.set_text_scale(TEXT_SIZES[size])
    i18n.set_language(lang)
    scene._hint_cache = None
    scene._targets_cache = None
    frames(app, 3)


def _inside(outer: pygame.Rect, inner: pygame.Rect, margin: int = 0) -> bool:
    return outer.inflate(-2 * margin, -2 * margin).contains(inner)


def _market_scene(app: Any) -> Any:
    from game.bench.positions import busy_match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    match = busy_match("dungeon", 3, bots="random")
    app.push(MenuScene(app))
    scene = open_match(app, match)
    frames(app, 10)
    return scene


def test_market_heading_offers_and_card_fit_at_every_text_size_and_language(app: Any) -> None:
    scene = _market_scene(app)
    try:
        for size, lang in _combos():
            _switch(app, scene, size, lang)
            assert scene.screen_mode(scene.view) == "market"
            rects = scene.text_rects["market"]
            board = scene.board_rect
            where = (size, lang)
            assert _inside(board, rects["title"], 8), where
            assert _inside(board, rects["info"], 8), (where, rects["info"], board)
            assert not rects["title"].colliderect(rects["info"]), where
            offers = offer_rects(scene)  # the buy regions, by their Action payload
            assert offers
            assert sorted(c for c, _ in offers) == sorted(o.ctype for o in DungeonView.from_view(
                scene.view, scene.model).market.offers), (where, "one region per offer")
            for ctype, rect in offers:
                assert _inside(board, rect), (where, ctype)
                assert rect.top >= rects["info"].bottom, (where, ctype, "offers start under the heading")
                label, price = rects[f"offer.{ctype}.label"], rects[f"offer.{ctype}.price"]
                assert rect.contains(label) and rect.contains(price), (where, ctype, label, rect)
                assert label.right <= price.left, (where, ctype, "the name stays left of the price")
                note = rects.get(f"offer.{ctype}.note")
                if note is not None:
                    assert rect.contains(note) and note.right <= price.left, (where, ctype)
                    assert not label.colliderect(note), (where, ctype)
            _check_card(scene, where)
            _check_heroes(scene, where)
    finally:
        gfx.set_text_scale(1.0)
        i18n.set_language("en")


def _check_card(scene: Any, where: tuple) -> None:
    card = scene.text_rects["card"]
    lines = [card["hero"], card["title"], card["seat"]]
    for a, b in zip(lines, lines[1:]):
        assert a.bottom <= b.top, (where, "hero card lines overlap", a, b)
    for r in lines:
        assert _inside(scene.hand_rect, r, 4), (where, r)
    health = scene.counters_for(scene.shown_seat())["health"]
    assert lines[-1].bottom <= health.pos[1] - gfx.line_height(24, True) // 2, (where, "card runs into counters")


def _check_heroes(scene: Any, where: tuple) -> None:
    rows = hero_rows(scene)
    for s, row in rows:
        assert _inside(scene.heroes_rect, row, 2), (where, s)
        for r in scene.hero_text_rects[s].values():
            assert row.contains(r), (where, s, r, row)


def test_hero_rows_grow_with_the_text_when_there_is_room(app: Any) -> None:
    scene = start(app)
    try:
        heights = {}
        for size in TEXT_SIZES:
            _switch(app, scene, size, "it")
            heights[size] = hero_rows(scene)[0][1].h
            rects = scene.hero_text_rects[0]
            assert "counters" in rects, size
            # each line at no less than 90% of its nominal size: no tiny text with two seats
            assert rects["name"].h >= gfx.line_height(15, True) * 0.9, size
        assert heights["huge"] > heights["normal"], heights
    finally:
        gfx.set_text_scale(1.0)
        i18n.set_language("en")


def test_four_seats_keep_hero_rows_and_the_map_title_inside_their_panels(app: Any) -> None:
    names = ["Anastasia", "Bartolomeo", "Carlotta", "Domenico"]
    scene = start(app, seats=[SeatSpec(names[0])] + [SeatSpec(n, "bot", "random") for n in names[1:]])
    try:
        for size, lang in _combos():
            _switch(app, scene, size, lang)
            _check_heroes(scene, (size, lang))
            _check_card(scene, (size, lang))
            assert scene.screen_mode(scene.view) == "map"
            rects = scene.text_rects["map"]
            assert not rects["title"].colliderect(rects["sub"].inflate(8, 0)), (size, lang)
            for name, r in rects.items():
                assert _inside(scene.board_rect, r, 8), (size, lang, name, r)
            assert not rects["side.0"].colliderect(rects["side.1"]), (size, lang)
    finally:
        gfx.set_text_scale(1.0)
        i18n.set_language("en")


def test_village_lines_do_not_overlap_at_huge_text(app: Any) -> None:
    scene = start(app)
    try:
        for lang in LANGS:
            _switch(app, scene, "huge", lang)
            scene.village = [scene.seat_name(0) + " " + "parola " * 30, scene.seat_name(1)]
            frames(app, 2)
            rects = scene.text_rects["village"]
            assert not rects["line.0"].colliderect(rects["line.1"]), lang
            for name, r in rects.items():
                assert _inside(scene.board_rect, r, 8), (lang, name)
            scene.village = None
    finally:
        gfx.set_text_scale(1.0)
        i18n.set_language("en")
