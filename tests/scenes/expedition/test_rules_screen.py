"""The rules screen shows the expedition's reference: one button per section, and each section's text in the
box, in es, en and it (what the player reads, not only the file)."""

from __future__ import annotations

import html
from typing import Any

import pygame_gui

from game.engine import i18n
from game.scenes import load_reference
from tests.scenes.driving import frames


def _box_text(scene: Any) -> str:
    boxes = [e for e in scene.elements if isinstance(e, pygame_gui.elements.UITextBox)]
    assert boxes, "the rules screen has its text box"
    return html.unescape(boxes[-1].html_text)


def test_seed000_the_rules_screen_shows_every_expedition_step(app: Any) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.rules import MAX_SECTIONS, RulesScene

    app.push(MenuScene(app))
    try:
        for lang in ("es", "it", "en"):
            i18n.set_language(lang)
            sections = load_reference("expedition", lang)
            assert 10 <= len(sections) <= MAX_SECTIONS, "every section has its button"
            scene = app.push(RulesScene(app, "expedition"))
            frames(app, 2)
            labels = {getattr(e, "text", None) for e in scene.elements}
            for i, (title, body) in enumerate(sections):
                assert title in labels, f"{lang}: no button for {title!r}"
                scene.pick_section(i)
                frames(app, 1)
                shown = _box_text(scene)
                assert title in shown
                for para in body.split("\n\n"):
                    assert para.strip().replace("\n", " ") in shown, f"{lang}: {title}: a paragraph is not shown"
            app.pop()
            frames(app, 1)
    finally:
        i18n.set_language("en")
    assert app.errors == []
