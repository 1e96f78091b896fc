"""Issue 15 items 4 and 8 (dungeon scene): hovering a market chip says what its faces do, not only its
price; a chip laid over a monster covers the monster's badges."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import localize, t
from tests.scenes.dungeon.conftest import frames, start


def test_issue15_4_market_chip_tooltip_says_what_it_does(app: Any) -> None:
    from game.bench.positions import busy_match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app.push(MenuScene(app))
    scene = open_match(app, busy_match("dungeon", 3, bots="random"))
    frames(app, 10)
    assert scene.screen_mode(scene.table_view()) == "market"
    regions = [r for r in scene.router.regions if isinstance(r.payload, Action) and r.payload.kind == "buy"]
    assert regions
    model = scene.model
    for r in regions:
        chip = model.chips[r.payload["chip"]]
        assert r.tooltip.startswith(t("dscene.buy_tip", chip=scene.words.ctype_label(r.payload["chip"]),
                                      price=scene.table_view().market.offer(r.payload["chip"]).price))
        for face in chip.faces:
            tok = model.tokens[face]
            assert localize(tok.name, "en") in r.tooltip
            if tok.description:
                assert localize(tok.description, "en") in r.tooltip  # what the face does
    assert app.errors == []


class _Spy(pygame.Surface):
    """A surface that remembers what was blitted on it, in order."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blits_done: list[Any] = []

    def blit(self, source: Any, dest: Any, *a: Any, **k: Any) -> Any:  # type: ignore[override]
        self.blits_done.append(source)
        return super().blit(source, dest, *a, **k)


def test_issue15_8_chip_over_a_monster_hides_its_badges(app: Any) -> None:
    from game.scenes.dungeon import art

    scene = start(app)
    frames(app, 5)
    seat = scene.shown_seat()
    for _ in range(60):  # play on until the shown hero has chips on the board
        p = scene.table_view().player(seat)
        if p is not None and p.chips or scene.match.is_over():
            break
        legal = scene.match.legal_actions()
        scene.match.apply(next((a for a in legal if a.kind == "place"), legal[0]))
        scene.driver.invalidate()
        frames(app, 1)
    p = scene.table_view().player(seat)
    assert p is not None and p.chips
    board = scene.pane("board")
    lay = board.place(seat, p)
    floor = art.svg("floor.svg", (lay.cell, lay.cell))
    spy = _Spy((1280, 720))
    board.draw_view(spy, scene.table_view())
    sizes = {art.chip(scene.model, ch.face, round(lay.cell * 0.8)).get_size() for ch in p.chips}
    chip_blits = [i for i, src in enumerate(spy.blits_done) if src.get_size() in sizes and src is not floor]
    assert len(chip_blits) >= len(p.chips)
    for i in chip_blits[-len(p.chips):]:  # each chip is laid on a floor tile covering the whole space
        assert spy.blits_done[i - 1] is floor
