"""Dialog headings are as high as their font at every text size and language (the result
screen's fixed 44 px was 3 px short for "Partita finita" at the largest text size)."""

from __future__ import annotations

import warnings
from typing import Any

import pygame
import pytest

from game.app.settings import TEXT_SIZES
from tests.app.conftest import run_frames

LANGUAGES = ("es", "en", "it")


def _open(home: Any, text_size: str, lang: str, make: Any) -> tuple[Any, Any, list[str]]:
    """Open a dialog over the menu in a fresh app; return (app, scene, pygame_gui warnings)."""
    from game.app.main import App
    from game.app.settings import Settings
    from game.scenes.menu import MenuScene

    app = App(Settings(language=lang, text_size=text_size, bot_pace=0.0, animation_speed=8.0, muted=True),
              headless=True)
    app.push(MenuScene(app))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scene = app.push(make(app))
        run_frames(app, 2)
    return app, scene, [str(w.message) for w in caught if "too small" in str(w.message)]


def _heading(scene: Any) -> Any:
    from game.scenes.dialogs import HEADING_ID

    found = [el for el in scene.elements if HEADING_ID in getattr(el, "object_ids", [])]
    assert len(found) == 1, [getattr(el, "object_ids", None) for el in scene.elements]
    return found[0]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("text_size", sorted(TEXT_SIZES))
def test_result_heading_fits_its_font(home: Any, text_size: str, lang: str) -> None:
    from game.scenes.dialogs import ResultScene

    app, scene, too_small = _open(home, text_size, lang, lambda a: ResultScene(
        a, ["Ana"], [("Ana", "12"), ("Bot 1", "9")], lambda: None, reason="the last room fell"))
    try:
        label = _heading(scene)
        text_h = label.font.get_rect(label.text).height
        assert label.rect.height >= text_h, (text_size, lang, label.rect, text_h)
        assert too_small == [], too_small
        box = next(el for el in scene.elements if type(el).__name__ == "UITextBox")
        assert box.rect.top >= label.rect.bottom, "the text box starts below the heading"
        assert box.rect.bottom <= scene.rect.bottom - 64, "and ends above the buttons"
    finally:
        pygame.quit()


def test_heading_grows_with_the_text_size(home: Any) -> None:
    from game.scenes.dialogs import ResultScene

    heights = []
    for size in ("small", "huge"):
        app, scene, _ = _open(home, size, "it", lambda a: ResultScene(a, [], [], lambda: None))
        heights.append(_heading(scene).rect.height)
        pygame.quit()
    assert heights[1] > heights[0] >= 44, heights


@pytest.mark.parametrize("text_size", ["normal", "huge"])
def test_message_and_error_headings_fit_their_font(home: Any, text_size: str) -> None:
    from game.scenes.dialogs import ErrorScene, MessageScene

    for make in (lambda a: MessageScene(a, "Partita salvata con successo", "ok"),
                 lambda a: ErrorScene(a, "RuntimeError: boom", "/tmp/mesa.log")):
        app, scene, too_small = _open(home, text_size, "it", make)
        try:
            label = _heading(scene)
            assert label.rect.height >= label.font.get_rect(label.text).height
            assert too_small == [], too_small
        finally:
            pygame.quit()
