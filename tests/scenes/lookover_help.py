"""Helpers of the "looked at" tests (tests/scenes/test_lookover_*.py): an App in a language at a text size,
the dungeon tutorial opened in it, and the font cache dropped after each test."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from tests.scenes.driving import frames, open_game


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """Drop the fonts cached while this test's window lived (pygame.quit() at teardown makes them invalid)."""
    yield
    from game.ui import gfx

    gfx.set_text_scale(gfx.text_scale())


def _app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, lang: str, size: str) -> Any:
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    from game.app.main import App
    from game.app.settings import Settings

    return App(Settings(language=lang, text_size=size, bot_pace=0.0, animation_speed=8.0, muted=True),
               headless=True)


@pytest.fixture(params=[("es", "huge"), ("it", "huge"), ("en", "huge"), ("es", "normal")])
def sized_app(request: pytest.FixtureRequest, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless App in a language at a text size."""
    lang, size = request.param
    a = _app(tmp_path, monkeypatch, lang, size)
    yield a
    for scene in list(a.stack):
        scene.close()
    pygame.quit()


def _dungeon_tutorial(app: Any) -> Any:
    from game.engine.protocol import SeatSpec

    scene = open_game(app, "dungeon", "tutorial", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], 7)
    frames(app, 3)
    return scene
