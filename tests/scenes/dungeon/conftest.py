"""Dungeon scene tests: open a match in its scene (the App fixture and the mouse helpers are shared,
tests/scenes/conftest.py and tests/scenes/driving.py)."""

from __future__ import annotations

from typing import Any

from tests.scenes.driving import click, drag, frames, mouse, open_game, wait_until  # noqa: F401


def start(app: Any, level: str = "standard", seats: list[Any] | None = None, seed: int = 7) -> Any:
    """Open a dungeon match in its scene above the menu; return the scene."""
    from game.engine.protocol import SeatSpec

    return open_game(app, "dungeon", level, seats or [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed)


def market_scene(app: Any, level: str = "standard", name: str = "Anastasia") -> Any:
    """Open a two-seat match at the first Market where seat 0 (a person) shops; return the scene."""
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.engine.rng import Rng
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    match = Match.new("dungeon", level, [SeatSpec(name), SeatSpec("Robo", "bot", "random")], 3)
    rng = Rng(5)
    while not (match.state.phase == "market" and match.to_act() == 0):
        legal = match.legal_actions()
        match.apply(next((a for a in legal if a.kind == "stop"), None) or rng.choice(legal))
    app.push(MenuScene(app))
    scene = open_match(app, match)
    frames(app, 5)
    return scene


def hero_rows(scene: Any) -> list[tuple[int, Any]]:
    """The heroes list's rows as drawn last frame: (seat, rect) of each region whose payload shows a seat."""
    rows = sorted((r.payload[2], r.shape) for r in scene.router.regions
                  if isinstance(r.payload, tuple) and r.payload[:2] == ("dg", "seat"))
    assert sorted(s for s, _ in rows) == list(range(len(scene.match.seats))), rows
    return rows


def offer_rects(scene: Any) -> list[tuple[str, Any]]:
    """The Market's offers as drawn last frame: (chip type, rect) of each region whose payload buys it (an offer
    scrolled out of view has an empty region and is left out)."""
    from game.engine.actions import Action

    return [(str(r.payload["chip"]), r.shape) for r in scene.router.regions
            if isinstance(r.payload, Action) and r.payload.kind == "buy" and r.shape.w > 0]


def pane_texts(scene: Any, name: str) -> list[Any]:
    """The text records (``DrawnText``) a pane drew last frame."""
    return scene.pane(name).drawn()


def texts_within(scene: Any, rect: Any, name: str | None = None) -> list[Any]:
    """The text records drawn last frame (by one pane, or all) whose drawn rect lies inside ``rect``."""
    records = scene.drawn_texts() if name is None else pane_texts(scene, name)
    return [r for r in records if rect.contains(r.rect)]


def region_of(scene: Any, payload: Any) -> Any:
    """The region registered last frame with this payload (None when absent)."""
    return next((r for r in reversed(scene.router.regions) if r.payload == payload), None)


def chosen_depths(scene: Any) -> Any:
    """The Depths placement the confirm button plays now (its first action), read from its region."""
    confirm = next(r for r in scene.router.regions if r.key == ("dg-btn", "confirm"))
    return confirm.payload[0]


def place_face(scene: Any) -> str:
    """The face a click on a lit space places now (the first action of a legal cell region)."""
    from game.engine.actions import Action

    cell = next(r for r in scene.router.regions if r.legal and isinstance(r.payload, list) and r.payload
                and isinstance(r.payload[0], Action) and r.payload[0].kind == "place")
    return str(cell.payload[0]["face"])


def hero_row_texts(scene: Any, seat: int) -> dict[str, Any]:
    """What the heroes list drew in a seat's row, read from its text records: ``name`` and ``status`` (the
    first two lines), ``counters`` (the rect around the health/gold/Valor numbers on the third line) and
    ``records`` (all of them, top to bottom)."""
    row = dict(hero_rows(scene))[seat]
    mine = sorted((r for r in pane_texts(scene, "heroes") if row.contains(r.box) or row.contains(r.rect)),
                  key=lambda r: (r.rect.y, r.rect.x))
    out: dict[str, Any] = {"records": mine, "row": row}
    if len(mine) >= 2:
        out["name"], out["status"] = mine[0].rect, mine[1].rect
    if len(mine) >= 5:
        counters = mine[2].rect.unionall([r.rect for r in mine[3:]])
        out["counters"] = counters
    return out
