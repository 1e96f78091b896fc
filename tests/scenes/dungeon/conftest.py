"""Dungeon scene tests: open a match in its scene (the App fixture and the mouse helpers are shared,
tests/scenes/conftest.py and tests/scenes/driving.py)."""

from __future__ import annotations

from typing import Any

from tests.scenes.driving import click, drag, frames, mouse, open_game, wait_until  # noqa: F401


def start(app: Any, level: str = "standard", seats: list[Any] | None = None, seed: int = 7) -> Any:
    """Open a dungeon match in its scene above the menu; return the scene."""
    from game.engine.protocol import SeatSpec

    return open_game(app, "dungeon", level, seats or [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed)
