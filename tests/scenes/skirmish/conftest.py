"""Skirmish scene tests: games on any shipped level (the App fixture and the mouse helpers are
shared, tests/scenes/conftest.py and tests/scenes/driving.py)."""

from __future__ import annotations

from typing import Any, Callable

from tests.scenes.driving import (advance_with, click, drag, drop_point, frames, mouse, open_game,  # noqa: F401
                                  region, visible_point, wait_until)


def start(app: Any, level: str = "tutorial", seats: Any = None, seed: int = 3) -> Any:
    """Open a skirmish game on ``level`` above the menu and return its scene."""
    from game.engine.levels import get_level
    from game.engine.protocol import SeatSpec

    seats = seats or [SeatSpec("Ana"), SeatSpec("Dark", "bot", "easy")]
    return open_game(app, "skirmish", get_level("skirmish", level), seats, seed)


def advance(scene: Any, until: Callable[[Any], bool], choose: Callable[[Any, list], Any] | None = None,
            limit: int = 600) -> bool:
    """Apply actions straight to the match (the ruleset's policy, or ``choose``) until ``until(state)`` holds."""
    from game.rulesets.skirmish.ruleset import RULESET

    return advance_with(scene, RULESET.bot_policy, until, choose, limit)
