"""Fixtures shared by the ruleset-scene tests (helpers are in tests/scenes/driving.py)."""

from __future__ import annotations

import os
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


@pytest.fixture
def make_app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Any]]:
    """Make headless Apps in a language at a text size (``make(lang, size="huge", bot_pace=0.0)``); they are
    closed at teardown, and the language and text scale they set are put back."""
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    from game.app.main import App
    from game.app.settings import Settings
    from game.engine import i18n
    from game.ui import gfx

    made: list[Any] = []
    old_lang, old_scale = i18n.language(), gfx.text_scale()

    def make(lang: str, size: str = "huge", bot_pace: float = 0.0) -> Any:
        a = App(Settings(language=lang, text_size=size, bot_pace=bot_pace, animation_speed=8.0, muted=True),
                headless=True)
        made.append(a)
        return a

    yield make
    for a in made:
        for scene in list(a.stack):
            scene.close()
    i18n.set_language(old_lang)
    gfx.set_text_scale(old_scale)
    pygame.quit()
