"""The quest's deck choice at huge text (issue 15, "readable"): a long hero name ("Hadda Ginocchio di Muschio")
was squeezed to 8 px on one line beside 12 px names. A hero's name that would shrink below 10 px takes two
lines, the box growing into the panel's room; nothing is cut."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.i18n import localize
from game.scenes.quest.table import get
from tests.scenes.driving import frames, open_game


@pytest.mark.parametrize("lang", ["it", "es", "en"])
def test_hero_names_in_the_deck_boxes_are_whole_and_readable(make_app: Any, lang: str) -> None:
    app = make_app(lang, "huge")
    scene = open_game(app, "quest", "01_mill_road", ["human", "bot:easy"], 3)
    frames(app, 5)
    boxes = scene.setup_pane.boxes(scene.table)
    assert boxes, "the seat in front chooses its deck"
    heroes = set()
    for action, _r in boxes:
        deck = scene.deck_def(action.get("deck"))
        for h in get(deck, "heroes"):
            heroes.add(localize(get(scene.card_def(h), "name"), lang))
    drawn = [r for r in scene.frame_texts.records if any(r.text.replace("\n", " ") in h for h in heroes)
             and any(b.contains(r.rect) for _a, b in boxes)]
    assert drawn
    shown = {r.text.replace("\n", " ") for r in drawn}
    assert heroes <= shown, f"every hero's name is drawn whole: {sorted(heroes - shown)}"
    assert not [r.text for r in drawn if r.cut or r.text.endswith("…")]
    assert min(r.size for r in drawn) >= 10, sorted((r.size, r.text) for r in drawn)[:3]
    panel = scene.setup_pane.panel()
    assert all(panel.contains(b) for _a, b in boxes)
