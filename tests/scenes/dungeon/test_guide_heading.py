"""The guide's bubble on the dungeon board (issue 15, "no overlapping text"): at es huge text the tutorial's
first bubble on the floors covered "Mazmorra de Ana" but its first word (found by ``cutsweep.py --overlaps``).
The board's heading is kept clear."""

from __future__ import annotations

from typing import Any

import pytest

from tests.scenes.driving import frames, open_game


@pytest.mark.parametrize(("lang", "size"), [("es", "huge"), ("it", "huge"), ("en", "normal")])
def test_tutorial_bubble_keeps_off_the_board_heading(make_app: Any, lang: str, size: str) -> None:
    app = make_app(lang, size)
    scene = open_game(app, "dungeon", "tutorial", ["human", "bot:easy"], 3)
    frames(app, 30)
    seen = 0
    for _ in range(3):  # the entrance map's choice, then the first floor with the hero beside it
        bubble = scene.guide.bubble
        if bubble is not None:
            seen += 1
            drawn = [r.rect for r in scene.drawn_texts() if r.rect.top < scene.board_rect.top + 40
                     and scene.board_rect.contains(r.rect)]
            assert drawn, "the heading is drawn at the board's top"
            assert not any(bubble.colliderect(r) for r in drawn), (bubble, drawn)
        if scene.can_act() and scene.legal:
            scene.act(scene.legal[0])
        frames(app, 40)
    assert seen >= 2
