"""The guide's bubble on the sanctuary table (issue 15, "no overlapping text"): at huge text the tutorial's
first bubble sat on the first line of the priority prompt ("Tieni queste 6 carte o le restituisci…", found by
``cutsweep.py --overlaps``). The prompt and the opening-hand question are kept clear; while the opponent's row
is empty the bubble may use it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.scenes.driving import frames, open_game


@pytest.mark.parametrize(("lang", "size"), [("it", "huge"), ("es", "huge"), ("en", "normal")])
def test_tutorial_bubble_keeps_off_the_prompt_and_the_opening_hand_question(make_app: Any, lang: str,
                                                                           size: str) -> None:
    app = make_app(lang, size)
    scene = open_game(app, "sanctuary", "tutorial", ["human", "bot:easy"], 3)
    frames(app, 30)
    bubble = scene.guide.bubble
    assert bubble is not None, "the tutorial's first step speaks"
    kept = scene.tutor_keep_clear()
    assert len(kept) == 2, "the prompt and the opening-hand question"
    assert not any(bubble.colliderect(k) for k in kept), (bubble, kept)
    assert not bubble.colliderect(scene.tracker_rect), "nor on the phase track"
