"""Dungeon scene tests: open a match in its scene (the App fixture and the mouse helpers are shared,
tests/scenes/conftest.py and tests/scenes/driving.py)."""

from __future__ import annotations

from typing import Any

from tests.scenes.driving import click, drag, frames, mouse, open_game, wait_until  # noqa: F401


def start(app: Any, level: str = "standard", seats: list[Any] | None = None, seed: int = 7) -> Any:
    """Open a dungeon match in its scene above the menu; return the scene."""
    from game.engine.protocol import SeatSpec

    return open_game(app, "dungeon", level, seats or [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed)


def hero_rows(scene: Any) -> list[tuple[int, Any]]:
    """The heroes list's rows as drawn last frame: (seat, rect) of each region whose payload shows a seat."""
    rows = sorted((r.payload[2], r.shape) for r in scene.router.regions
                  if isinstance(r.payload, tuple) and r.payload[:2] == ("dg", "seat"))
    assert sorted(s for s, _ in rows) == list(range(len(scene.match.seats))), rows
    return rows


def offer_rects(scene: Any) -> list[tuple[str, Any]]:
    """The Market's offers as drawn last frame: (chip type, rect) of each region whose payload buys it."""
    from game.engine.actions import Action

    return [(str(r.payload["chip"]), r.shape) for r in scene.router.regions
            if isinstance(r.payload, Action) and r.payload.kind == "buy"]
