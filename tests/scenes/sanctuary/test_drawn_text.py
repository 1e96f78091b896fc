"""The sanctuary table records what it draws through the text kit: at every text size and language its
fitted labels stay inside their boxes, the words are readable from the records, and the card names of the
hand grow with the text size."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.protocol import SeatSpec
from game.ui import gfx


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", ["normal", "huge"])
def test_table_text_stays_in_its_boxes_and_is_readable_from_the_records(make_app: Any, size: str,
                                                                        lang: str) -> None:
    from tests.scenes.sanctuary.conftest import advance, frames, start

    app = make_app(lang, size)
    scene = start(app, "quick", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], 3)
    frames(app, 3)
    assert scene.text_problems(overlaps=False) == []
    assert scene.frame_texts.records, "the mulligan question and buttons are recorded"
    n = [0]

    def later(_state: Any) -> bool:
        n[0] += 1
        return n[0] > 40 and scene.match.to_act() == 0

    assert advance(scene, later, limit=400)
    frames(app, 20)
    drawn = scene.texts.texts()
    assert "Ana" in drawn and "Robo" in drawn, "the seats' names are on the table"
    assert scene.text_problems(overlaps=False) == []
    box = pygame.Rect(0, 0, 1280, 720)
    assert all(box.contains(r.rect) for r in scene.texts.records)
    # the hand fans out until each covered card shows its name and type line (or uses the whole zone),
    # still on the board right of the key reminder and left of the log
    from game.scenes.sanctuary.geometry import HAND_ZONE

    hand = scene.L.hand
    assert hand and all(HAND_ZONE[0] <= slot.rect.x and slot.rect.right <= min(HAND_ZONE[1], scene.STATIC_AREA.right)
                        for _, slot in hand)
    zone = HAND_ZONE[1] - HAND_ZONE[0]
    for (iid, a), (_, b) in zip(hand, hand[1:]):
        step = b.rect.x - a.rect.x
        assert step >= scene.placer.name_strip(iid) - 1 or hand[-1][1].rect.right - hand[0][1].rect.x >= zone - 2, \
            (scene.cname(iid), step)
    assert app.errors == []


def test_hand_card_names_grow_with_the_text_size() -> None:
    from game.scenes.sanctuary.scene import HAND_CARD
    from game.ui import text as uitext
    from game.ui.cards import frame

    pygame.font.init()
    px = {}
    for scale in (1.0, 1.4):
        gfx.set_text_scale(scale)
        geo = frame.geometry(pygame.Rect(0, 0, *HAND_CARD))
        box = frame.name_box(geo, has_cost=True)
        lines, size = uitext.fit_name("Great Bellows", box.w, box.h, start=max(6, round(12 * geo.s)))
        px[scale] = gfx.font(size, True).get_ascent()
    gfx.set_text_scale(1.0)
    assert px[1.4] >= px[1.0] * 1.2, f"a hand card's name at huge text is larger: {px}"
