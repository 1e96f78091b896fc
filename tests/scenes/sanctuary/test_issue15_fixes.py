"""Issue 15 item 8 (sanctuary): a refused undo says which draw, shuffle or reveal stands in the way."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.i18n import t
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.scenes.sanctuary.words import undo_barrier_text
from tests.scenes.sanctuary.conftest import frames, start


def _blocked_match() -> tuple[Match, int]:
    """Two humans keep their hands: the second keep starts the first turn with a hidden draw."""
    from game.engine.levels import get_level

    m = Match.new("sanctuary", get_level("sanctuary", "quick"), [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    for _ in range(2):
        m.apply(Action.of("keep"))
    seat = m.history[-1].seat
    return m, seat


def test_issue15_8_undo_refusal_names_the_draw_or_reveal():
    m, seat = _blocked_match()
    ok, reason = m.can_undo(seat)
    assert not ok and reason == "undo.barrier"
    text = undo_barrier_text(m, seat, "en")
    assert text is not None and text.startswith(t("undo.barrier", "en"))
    said = next(ln.text["en"] for ln in m.log if ln.index == m.history[-1].index and ln.kind == "action")
    assert f"“{said}”" in text
    assert any(w in text for w in ("a draw from a hidden deck", "a shuffle", "a reveal", "a die roll"))
    es = undo_barrier_text(m, seat, "es")
    assert es is not None and es.startswith(t("undo.barrier", "es")) and "«" in es


def test_issue15_8_undo_refusal_other_reasons_keep_their_words():
    m, seat = _blocked_match()
    other = 1 - seat
    ok, reason = m.can_undo(other)
    assert not ok and reason == "undo.other_player"  # the other human moved since
    assert undo_barrier_text(m, other, "en") is None  # the plain reason stays


def test_issue15_8_scene_toast_says_which(app: Any) -> None:
    scene = start(app, "quick", [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    for _ in range(2):
        scene.match.apply(Action.of("keep"))
    scene.driver.invalidate()
    frames(app, 3)
    seat = scene.match.history[-1].seat
    scene.viewer = seat
    scene.undo()
    frames(app, 2)
    assert any(undo_barrier_text(scene.match, seat, "en") == item.text for item in scene.toast.items)
    assert app.errors == []


def test_issue15_8_inspected_sanctuary_card_text_stays_above_its_badges(app: Any, monkeypatch: Any) -> None:
    import pygame

    from game.engine.levels import get_level
    from game.scenes.sanctuary import cards as art

    boxes: list[pygame.Rect] = []
    badges: list[pygame.Rect] = []
    real_text, real_badge = art.frame.draw_rules_text, art.badge

    def text(surface: Any, body: str, box: pygame.Rect, *a: Any, **k: Any) -> Any:
        boxes.append(pygame.Rect(box))
        return real_text(surface, body, box, *a, **k)

    def badge(surface: Any, center: Any, r: int, *a: Any, **k: Any) -> Any:
        rect = real_badge(surface, center, r, *a, **k)
        badges.append(pygame.Rect(rect))
        return rect

    monkeypatch.setattr(art.frame, "draw_rules_text", text)
    monkeypatch.setattr(art, "badge", badge)
    model = get_level("sanctuary", "quick").model
    checked = 0
    for cid, card in model.cards.items():
        if card.type not in ("sanctuary", "attachment") or not (card.abilities or card.effects or card.on_turn_start):
            continue
        for size in ((150, 210), (340, 476)):  # the table zoom and the inspector
            boxes.clear()
            badges.clear()
            surf = pygame.Surface(size, pygame.SRCALPHA)
            art.paint_face(surf, surf.get_rect(), card, "en", with_text=True)
            assert boxes, cid
            bottom_badges = [b for b in badges if b.centery > size[1] // 2]
            assert bottom_badges, cid
            for b in bottom_badges:
                assert boxes[-1].bottom <= b.top, (cid, size, boxes[-1], b)
            checked += 1
    assert checked
