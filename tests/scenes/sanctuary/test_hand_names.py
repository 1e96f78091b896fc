"""Issue 15: a newcomer reads every card's name in the hand without hovering. At huge text, in Spanish and
Italian (and English), hands made of the longest names of the shipped sanctuary and quest decks are fanned
by ``NamedFan`` and painted as ``HandPane`` paints them: no name or type line is cut with "…", every name
stays in the strip of its card that shows (no card covers it) at a readable size, and a word too long for a
line breaks at a syllable; the attachment tiles of the sanctuary table wrap their names instead of cutting."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.i18n import localize, t
from game.ui import gfx

HUGE = 1.5
LANGS = ("es", "it", "en")


@pytest.fixture(autouse=True)
def _fonts() -> Any:
    pygame.font.init()
    yield
    gfx.set_text_scale(1.0)


def _rejoin(lines: list[str]) -> str:
    """The name a face's lines spell: a line ending in a syllable's "-" or an apostrophe runs on into the next."""
    out = ""
    for line in lines:
        if line.endswith("-") and line[:-1][-1:].isalpha():
            out += line[:-1]
        elif line.endswith(("'", "’")):
            out += line
        else:
            out += line + " "
    return out.strip()


def _cards(ruleset: str) -> list[Any]:
    """The card definitions of every shipped level of ``ruleset`` (each card once)."""
    from game.engine.levels import discover_levels

    seen: dict[str, Any] = {}
    for e in discover_levels(ruleset):
        if getattr(e, "error", None) is None and e.level is not None:
            cards = e.level.model.cards
            for key, card in (cards.items() if isinstance(cards, dict) else enumerate(cards)):
                seen.setdefault(str(getattr(card, "id", key)), card)
    assert seen, f"the shipped {ruleset} levels have cards"
    return list(seen.values())


def _hand_cards(ruleset: str, lang: str) -> list[tuple[Any, str, str]]:
    """(card, name, type word) of the cards a hand can hold, the longest names first."""
    from game.scenes.quest import cards as qc
    from game.ui import text as uitext

    out = []
    for card in _cards(ruleset):
        if ruleset == "sanctuary":
            if card.type == "sanctuary":  # a Sanctuary starts in play, never in the hand
                continue
            out.append((card, localize(card.name, lang), t(f"sanctuary.type.{card.type}", lang)))
        elif qc.field(card, "kind") in ("ally", "attachment", "event"):
            out.append((card, localize(qc.field(card, "name"), lang), qc.kind_word(card, lang)))
    out.sort(key=lambda c: -max(uitext.width_of(w, 8, True) for w in c[1].split()) - uitext.width_of(c[1], 8, True))
    return out


def _paint(ruleset: str, surface: pygame.Surface, card: Any, lang: str, shown: int | None) -> None:
    if ruleset == "sanctuary":
        from game.scenes.sanctuary.cards import paint_face

        paint_face(surface, surface.get_rect(), card, lang, name_width=shown)
    else:
        from game.scenes.quest.cards import paint_face as quest_face

        quest_face(surface, surface.get_rect(), card, lang, name_width=shown)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ["sanctuary", "quest"])
@pytest.mark.parametrize("n", [6, 7, 8])
def test_issue15_hand_names_whole_and_uncovered_at_huge(monkeypatch: pytest.MonkeyPatch, ruleset: str, lang: str,
                                                       n: int) -> None:
    from game.scenes.sanctuary.geometry import HAND_CARD, HAND_ZONE
    from game.scenes.sanctuary.panes.hand import shown_strip
    from game.ui.cards.hand import NamedFan, name_strip

    gfx.set_text_scale(HUGE)
    hand = _hand_cards(ruleset, lang)[:n]
    needs = [name_strip(name, word, HAND_CARD) for _c, name, word in hand]
    fan = NamedFan((650, 702), HAND_CARD, max_width=HAND_ZONE[1] - HAND_ZONE[0], max_angle=14.0, lift=40, arc=6.0)
    slots = fan.slots(n, None, needs)
    step = slots[1].center[0] - slots[0].center[0]
    assert slots[0].rect.x >= HAND_ZONE[0] - 1 and slots[-1].rect.right <= HAND_ZONE[1] + 1, "the fan stays in its zone"
    if n <= 7:  # room enough: every covered card shows its name as large as a whole card does
        assert all(step >= need - 1 for need in needs[:-1]), (step, needs)
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real_text = gfx.text

    def text(surface: Any, s: str, pos: Any, size: int, *a: Any, **k: Any) -> pygame.Rect:
        rect = real_text(surface, s, pos, size, *a, **k)
        drawn.append((s, size, pygame.Rect(rect)))
        return rect

    monkeypatch.setattr(gfx, "text", text)
    for i, (card, name, word) in enumerate(hand):
        shown = shown_strip(step, HAND_CARD[0], i < n - 1)
        drawn.clear()
        _paint(ruleset, pygame.Surface(HAND_CARD, pygame.SRCALPHA), card, lang, shown)
        cut = [s for s, _size, _r in drawn if s.endswith("…")]
        assert not cut, f"{name!r} / {word!r} in a {shown} px strip: {cut}"
        words = [(s, size, r) for s, size, r in drawn if s and s.replace("-", "") in name.replace("-", "")
                 and not s.isdigit()]
        assert words, f"{name!r} is painted"
        assert _rejoin([w[0] for w in words]) == name, (name, [w[0] for w in words])
        for s, size, r in words:
            assert size * HUGE >= 8, f"{s!r} of {name!r} at {size} is below the readable minimum"
            if shown is not None:
                assert r.right <= shown, f"{s!r} of {name!r} reaches under the next card ({r.right} > {shown})"
        type_drawn = [s for s, _z, _r in drawn if s and word.startswith(s)]
        assert type_drawn, f"the type line of {name!r} is painted whole (its kind at least): {word!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_issue15_long_words_break_at_a_syllable_not_with_an_ellipsis(lang: str) -> None:
    from game.ui.cards.names import fit_card_name, syllable_breaks

    gfx.set_text_scale(HUGE)
    assert [w[:i] for w in ("Llamatormentas",) for i in syllable_breaks(w)] == ["Lla", "Llama", "Llamator",
                                                                                 "Llamatormen"]
    assert syllable_breaks("Portaestandarte")[:2] == [3, 5], "a hiatus of two strong vowels splits"
    assert all("Decomposiz"[:i] != "Decomposiz" for i in syllable_breaks("Decomposizione")), "io stays together"
    lines, size = fit_card_name("Llamatormentas", 70, 38, 12)
    assert len(lines) == 2 and lines[0].endswith("-") and "".join(lines).replace("-", "") == "Llamatormentas"
    assert size >= 8
    for name in ("Sigillo dell'Intendente", "Sacerdotessa della Marea", "Apprendista degli Ingranaggi"):
        lines, size = fit_card_name(name, 70, 38, 12)
        assert _rejoin(lines) == name and not any(x.endswith("…") for x in lines), (name, lines)
        assert size * HUGE >= 8


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_issue15_attachment_tile_names_wrap_instead_of_being_cut(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from types import SimpleNamespace

    from game.scenes.sanctuary.geometry import TILE
    from game.scenes.sanctuary.panes.side import AttachmentsPane

    gfx.set_text_scale(HUGE)
    pane = AttachmentsPane(SimpleNamespace(lang=lang), "me")
    drawn: list[tuple[str, int, pygame.Rect]] = []
    real_text = gfx.text

    def text(surface: Any, s: str, pos: Any, size: int, *a: Any, **k: Any) -> pygame.Rect:
        rect = real_text(surface, s, pos, size, *a, **k)
        drawn.append((s, size, pygame.Rect(rect)))
        return rect

    monkeypatch.setattr(gfx, "text", text)
    atts = [c for c in _cards("sanctuary") if c.type == "attachment"]
    assert any(localize(c.name, "es") == "Manantial Sagrado" for c in atts), "the issue's example is shipped"
    for card in atts:
        drawn.clear()
        layer = pane._paint_tile(pygame.Rect(0, 0, *TILE), card, False)
        name = localize(card.name, lang)
        texts = [s for s, _z, _r in drawn if not s.startswith("+")]
        assert texts and not any(s.endswith("…") for s in texts), (name, texts)
        assert _rejoin(texts) == name, (name, texts)
        # a line's rect has the font's leading above and below its letters: 2 px of it may pass the edge
        assert all(layer.get_rect().inflate(0, 4).contains(r) for _s, _z, r in drawn), \
            f"{name!r} stays on its tile: {drawn}"
        assert all(size * HUGE >= 8 for s, size, _r in drawn if not s.startswith("+")), (name, drawn)
