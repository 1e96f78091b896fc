"""Every text size x language (es, en, it): the Market heading, the offers, the hero card, the heroes
list, the map-choice heading and the Village keep their text inside their panels, without overlaps. What
was drawn is read from the panes' text records (``scene.drawn_texts()``, ``scene.text_problems()``)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.settings import TEXT_SIZES
from game.engine import i18n
from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from game.ui import gfx
from tests.scenes.dungeon.conftest import frames, hero_row_texts, hero_rows, offer_rects, pane_texts, start

LANGS = ("es", "en", "it")


def _combos() -> list[tuple[str, str]]:
    return [(size, lang) for size in TEXT_SIZES for lang in LANGS]


def _switch(app: Any, scene: Any, size: str, lang: str) -> None:
    """Set text size and language live, then draw a few frames."""
    gfx.set_text_scale(TEXT_SIZES[size])
    i18n.set_language(lang)
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


def _market_texts(scene: Any) -> tuple[list[Any], dict[str, list[Any]]]:
    """The Market's records: the heading's (top to bottom) and each offer's (those inside its region)."""
    offers = dict(offer_rects(scene))
    per: dict[str, list[Any]] = {c: [] for c in offers}
    heading = []
    for rec in pane_texts(scene, "market"):
        owner = next((c for c, rect in offers.items() if rect.contains(rec.rect)), None)
        (per[owner] if owner is not None else heading).append(rec)
    return sorted(heading, key=lambda r: r.rect.y), per


def test_market_heading_offers_and_card_fit_at_every_text_size_and_language(app: Any) -> None:
    scene = _market_scene(app)
    try:
        for size, lang in _combos():
            _switch(app, scene, size, lang)
            where = (size, lang)
            assert scene.screen_mode(scene.table_view()) == "market"
            assert scene.text_problems() == [], where
            board = scene.board_rect
            heading, per = _market_texts(scene)
            assert len(heading) == 2, (where, [r.text for r in heading])
            title, info = heading[0].rect, heading[1].rect
            assert _inside(board, title, 8), where
            assert _inside(board, info, 8), (where, info, board)
            assert not title.colliderect(info), where
            market = scene.dview.market
            seen: set[str] = set()
            for _ in range(len(market.offers)):  # the rows in view, then the next ones (the grid may scroll)
                seen |= _check_offers(scene, where, info, market)
                if seen == {o.ctype for o in market.offers} or not scene.market.scrolls(scene.table_view()):
                    break
                scene.market.scroll_by(1)
                frames(app, 2)
            scene.market.scroll_by(-99)
            assert seen == {o.ctype for o in market.offers}, (where, "every offer is shown, one region each")
            _check_card(scene, where)
            _check_heroes(scene, where)
    finally:
        gfx.set_text_scale(1.0)
        i18n.set_language("en")


def _check_offers(scene: Any, where: tuple, info: pygame.Rect, market: Any) -> set[str]:
    """The offers in view: inside the board under the heading, name whole or cut only with "…", left of the
    price; returns their chip types."""
    board = scene.board_rect
    _, per = _market_texts(scene)
    offers = offer_rects(scene)  # the buy regions in view, by their Action payload
    assert offers and len({c for c, _ in offers}) == len(offers), where
    for ctype, rect in offers:
        assert _inside(board, rect), (where, ctype)
        assert rect.top >= info.bottom, (where, ctype, "offers start under the heading")
        mine = per[ctype]
        price = [r for r in mine if r.text == str(market.offer(ctype).price)]
        words = sorted((r for r in mine if r not in price), key=lambda r: r.rect.y)
        assert len(price) == 1 and words, (where, ctype, [r.text for r in mine])
        label = words[0]
        assert label.text.rstrip("…") and scene.words.ctype_label(ctype).startswith(
            label.text.rstrip("…")), (where, ctype, label.text)
        assert rect.contains(label.rect) and rect.contains(price[0].rect), (where, ctype)
        assert label.rect.right <= price[0].rect.left, (where, ctype, "the name stays left of the price")
        for note in words[1:]:
            assert not note.rect.colliderect(price[0].rect), (where, ctype)
            assert not label.rect.colliderect(note.rect), (where, ctype)
    return {c for c, _ in offers}


def _check_card(scene: Any, where: tuple) -> None:
    """The hero card's three lines (hero, title, seat) sit one under another above the counters."""
    health = scene.hand.counters_for(scene.shown_seat())["health"]
    top = health.pos[1] - gfx.line_height(24, True) // 2
    lines = sorted((r for r in pane_texts(scene, "hand") if r.rect.y < top), key=lambda r: r.rect.y)
    seat = scene.shown_seat()
    assert len(lines) == 3, (where, [r.text for r in lines])
    assert scene.seat_name(seat).startswith(lines[-1].text.rstrip("…")), (where, lines[-1].text)
    rects = [r.rect for r in lines]
    for a, b in zip(rects, rects[1:]):
        assert a.bottom <= b.top, (where, "hero card lines overlap", a, b)
    for r in rects:
        assert _inside(scene.hand_rect, r, 4), (where, r)
    assert rects[-1].bottom <= top, (where, "card runs into counters")


def _check_heroes(scene: Any, where: tuple) -> None:
    for s, row in hero_rows(scene):
        assert _inside(scene.heroes_rect, row, 2), (where, s)
        texts = hero_row_texts(scene, s)
        want = 5 if row.h >= 50 else 2  # name, status, and the three numbers when the row has room
        assert len(texts["records"]) == want, (where, s, [r.text for r in texts["records"]])
        assert scene.seat_name(s).startswith(texts["records"][0].text.rstrip("…» ")[:3]), (where, s)
        for r in texts["records"]:
            assert row.contains(r.rect), (where, s, r, row)


def test_hero_rows_grow_with_the_text_when_there_is_room(app: Any) -> None:
    scene = start(app)
    try:
        heights = {}
        for size in TEXT_SIZES:
            _switch(app, scene, size, "it")
            heights[size] = hero_rows(scene)[0][1].h
            rects = hero_row_texts(scene, 0)
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
            assert scene.screen_mode(scene.table_view()) == "map"
            assert scene.text_problems() == [], (size, lang)
            drawn = pane_texts(scene, "village")
            heading = [r for r in drawn if r.rect.y < scene.board_rect.y + 50]
            assert len(heading) == 2, (size, lang, [r.text for r in heading])  # the title and the seat's name
            title, sub = sorted((r.rect for r in heading), key=lambda r: r.x)
            assert not title.colliderect(sub.inflate(8, 0)), (size, lang)
            for r in drawn:
                assert _inside(scene.board_rect, r.rect, 8), (size, lang, r.text, r.rect)
            card = scene.player(scene.shown_seat()).pending_map
            summaries = [scene.words.side_summary(card, k) for k in (0, 1)]
            labels = [r for r in drawn if r not in heading and r.text not in summaries]
            assert len(drawn) == 6 and len(labels) == 2, (size, lang, [r.text for r in drawn])
            for k, label in enumerate(sorted(labels, key=lambda r: r.rect.x)):
                whole = t("dscene.depths_side", n=k + 1, name=scene.words.side_name(card, k))
                assert whole.startswith(label.text.rstrip("…")), (size, lang, label.text)
            assert not labels[0].rect.colliderect(labels[1].rect), (size, lang)
    finally:
        gfx.set_text_scale(1.0)
        i18n.set_language("en")


def test_village_lines_do_not_overlap_at_huge_text(app: Any) -> None:
    scene = start(app)
    try:
        for lang in LANGS:
            _switch(app, scene, "huge", lang)
            lines = [scene.seat_name(0) + " " + "parola " * 30, scene.seat_name(1)]
            scene.village.lines = lines
            frames(app, 2)
            drawn = pane_texts(scene, "village")
            body = [r for r in drawn if r.text in lines]
            assert len(body) == 2, lang
            assert not body[0].rect.colliderect(body[1].rect), lang
            for r in drawn:
                assert _inside(scene.board_rect, r.rect, 8), (lang, r.text)
            assert scene.text_problems() == [], lang
            scene.village.lines = None
    finally:
        gfx.set_text_scale(1.0)
        i18n.set_language("en")


def _placing_scene(app: Any) -> Any:
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    match = Match.new("dungeon", "standard", [SeatSpec("Anastasia"), SeatSpec("Bartolomeo", "bot", "random")], 7)
    for _ in range(60):
        if match.to_act() != 0 or match.state.players[0].status == "place":
            break
        match.apply(match.legal_actions()[0])
    assert match.state.players[0].status == "place"
    app.push(MenuScene(app))
    scene = open_match(app, match)
    frames(app, 3)
    return scene


@pytest.mark.parametrize("screen", ["map", "place", "market"])
def test_no_text_problems_at_any_text_size_and_language(app: Any, screen: str) -> None:
    """Every pane's text (board heading, hero card, bag and chip labels, "What now", heroes list, Market,
    side choice) stays in its box without overlapping other text at normal, large and huge, in es/en/it."""
    scene = {"map": lambda: start(app), "place": lambda: _placing_scene(app), "market": lambda: _market_scene(app)}[
        screen]()
    try:
        for size in ("normal", "large", "huge"):
            for lang in LANGS:
                _switch(app, scene, size, lang)
                assert scene.screen_mode(scene.table_view()) == ("dungeon" if screen == "place" else screen)
                names = {p.name for p in scene.panes if hasattr(p, "drawn") and p.drawn()}
                want = {"hand", "whatnow", "heroes", {"map": "village", "place": "board", "market": "market"}[screen]}
                assert want <= names, (size, lang, names)
                assert scene.text_problems() == [], (screen, size, lang)
    finally:
        gfx.set_text_scale(1.0)
        i18n.set_language("en")
