"""Fixtures shared by the ruleset-scene tests (helpers are in tests/scenes/driving.py)."""

from __future__ import annotations

import os
from typing import Any, Iterator

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
