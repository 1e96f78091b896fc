"""The guide's bubble beside a quest choice menu at huge text (issue 15, "no overlapping text"): with the menu
open, every place on the board beside it covered words the player chooses by, and the bubble sat on the
partner's heroes ("…o Vientosal"). It may now sit in the log column above the menu."""

from __future__ import annotations

from typing import Any

import pytest

from tests.scenes.base.test_guide_menus import quest_with_menu_open


@pytest.mark.parametrize(("lang", "size"), [("es", "huge"), ("it", "huge")])
def test_bubble_beside_the_first_menu_covers_nothing_the_player_chooses_by(make_app: Any,
                                                                          monkeypatch: pytest.MonkeyPatch,
                                                                          lang: str, size: str) -> None:
    scene = quest_with_menu_open(make_app, monkeypatch, lang, size)
    bubble = scene.guide.bubble
    assert bubble is not None
    kept = scene.tutor_keep_clear()
    assert len(kept) >= 4, "band, phases, own characters and the partner's strip are kept"
    assert not any(bubble.colliderect(k) for k in kept), (bubble, kept)
    assert not any(bubble.colliderect(m) for m in scene.menu_rects())
    assert scene.log_rect.contains(bubble), "the log column above the menu"
