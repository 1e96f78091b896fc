"""Fixtures for the dungeon scene tests: a headless App (fast bots and animations) and helpers
that drive the scene through its own hit regions, like a player with a mouse."""

from __future__ import annotations

import os
import time
from typing import Any, Callable, Iterator

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless App in a fresh user folder, English, no bot pause, fast animations."""
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    from game.app.main import App
    from game.app.settings import Settings

    a = App(Settings(language="en", bot_pace=0.0, animation_speed=8.0, muted=True), headless=True)
    yield a
    for scene in list(a.stack):
        scene.close()
    pygame.quit()


def frames(app: Any, n: int = 2, events: list[Any] | None = None, dt: float = 1 / 30) -> None:
    """Run ``n`` frames (the events go into the first)."""
    for i in range(n):
        app.step(list(events or []) if i == 0 else [], dt)


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    """A mouse event at ``pos``."""
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=button, touch=False)


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    """Move, press and release at ``pos`` in one frame, then one frame more."""
    app.step([mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos, button),
              mouse(pygame.MOUSEBUTTONUP, pos, button)], 1 / 30)
    app.step([], 1 / 30)


def drag(app: Any, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start``, move in steps to ``end`` and release there."""
    app.step([mouse(pygame.MOUSEMOTION, start), mouse(pygame.MOUSEBUTTONDOWN, start)], 1 / 30)
    for k in range(1, 6):
        x = start[0] + (end[0] - start[0]) * k // 5
        y = start[1] + (end[1] - start[1]) * k // 5
        app.step([mouse(pygame.MOUSEMOTION, (x, y))], 1 / 30)
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], 1 / 30)
    app.step([], 1 / 30)


def wait_until(app: Any, cond: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Run frames until ``cond()`` holds (bots think in threads); False on timeout."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        app.step([], 1 / 30)
        time.sleep(0.001)
    return cond()


def start(app: Any, level: str = "standard", seats: list[Any] | None = None, seed: int = 7) -> Any:
    """Open a dungeon match in its scene above the menu; return the scene."""
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app.push(MenuScene(app))
    seats = seats or [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")]
    match = Match.new("dungeon", level, seats, seed)
    scene = open_match(app, match)
    frames(app, 2)
    return scene
