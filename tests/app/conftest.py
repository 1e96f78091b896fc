"""Fixtures for the application shell tests: a headless App in a fresh user folder,
and the tiny test ruleset registered for the test's duration."""

from __future__ import annotations

import os
import time
from typing import Any, Callable, Iterator

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A fresh MESA_HOME (settings, saves, logs, mods) for one test."""
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def app(home: Any) -> Iterator[Any]:
    """A headless App with fast bots and animations, English text."""
    from game.app.main import App
    from game.app.settings import Settings

    a = App(Settings(language="en", bot_pace=0.0, animation_speed=8.0, muted=True), headless=True)
    yield a
    for scene in list(a.stack):
        scene.close()
    pygame.quit()


@pytest.fixture
def tiny() -> Iterator[Any]:
    """Register the tiny test ruleset ('tiny') while the test runs."""
    from tests.tinygame import registered

    with registered() as rs:
        yield rs


def run_frames(app: Any, n: int = 3, events: list[Any] | None = None, dt: float = 1 / 30) -> None:
    """Run ``n`` frames (the events go into the first)."""
    for i in range(n):
        app.step(list(events or []) if i == 0 else [], dt)


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    """Simulate a mouse click at ``pos`` (motion, press, release) in one frame, then a frame more."""
    evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False),
           pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
           pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)]
    app.step(evs, 1 / 30)
    app.step([], 1 / 30)


def key(app: Any, k: int, mod: int = 0) -> None:
    """Simulate one key press."""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)], 1 / 30)
    app.step([], 1 / 30)


def wait_until(app: Any, cond: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Run frames until ``cond()`` holds (bots think in threads); False on timeout."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        app.step([], 1 / 30)
        time.sleep(0.002)
    return cond()


# the pause button and the curtains are driven the same way in the scene tests
from tests.scenes.driving import ack_region, to_next_human  # noqa: E402,F401
