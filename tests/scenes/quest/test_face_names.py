"""Quest card and hero names whole on every face of the table (issue 15: "names are never cut where there is
room to wrap"; the sweep found "Wre…", "Ysol…", "Ginocchio d…", "della Palu…", "In mis…" on the partner's
heroes, the staging area, the hand and the opening hand at normal and huge text in es and it).

The table is mounted over a hand-made view whose cards carry the LONGEST names of the shipped levels (per kind
and language), and every line the frame renders through the font layer is read back: none may end in "…".
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.settings import TEXT_SIZES
from game.engine.actions import Action
from game.engine.i18n import localize, set_language
from game.ui import gfx
from tests.scenes.quest.standin import CARDS, MountedTable, view

LANGS = ("es", "en", "it")
FIELDS = ("kind", "name", "sphere", "cost", "threat", "willpower", "attack", "defense", "hp", "engagement",
          "quest_points", "keywords", "traits", "text")


@pytest.fixture(autouse=True)
def _screen() -> Any:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield
    gfx.set_text_scale(1.0)
    set_language("en")


def shipped_cards() -> list[Any]:
    """Every card definition of the shipped quest levels."""
    from game.engine.levels import discover_levels

    cards = {c.id: c for e in discover_levels("quest") if e.ok for c in e.level.model.cards}
    assert cards, "the quest levels ship cards"
    return list(cards.values())


def _as_dict(card: Any) -> dict[str, Any]:
    from game.scenes.quest import cards as art

    return {f: art.field(card, f) for f in FIELDS if art.field(card, f) is not None}


def longest_cards(lang: str) -> dict[str, dict[str, Any]]:
    """The stand-in's card ids, each given the shipped card of its kind with the widest name in ``lang`` (the
    three heroes the three widest)."""
    from game.ui import text as uitext

    pygame.font.init()
    by_kind: dict[str, list[Any]] = {}
    for c in shipped_cards():
        by_kind.setdefault(c.kind, []).append(c)
    for cs in by_kind.values():
        cs.sort(key=lambda c: -uitext.width_of(localize(c.name, lang), 12, True))
    out: dict[str, dict[str, Any]] = {}
    taken: dict[str, int] = {}
    for cid, stand in CARDS.items():
        kind = stand["kind"]
        k = taken.get(kind, 0)
        taken[kind] = k + 1
        pick = by_kind[kind][k % len(by_kind[kind])]
        out[cid] = {"id": cid, **_as_dict(pick)}
    return out


def mounted(lang: str, v: dict[str, Any], legal: list[Action] | None = None) -> MountedTable:
    """The stand-in table, its cards those with the longest shipped names in ``lang``."""
    from types import SimpleNamespace as NS

    host = MountedTable(v, legal)
    model = host.match.level.model
    host.match = NS(level=NS(model=NS(cards=list(longest_cards(lang).values()), spheres=model.spheres,
                                      stages=model.stages)), to_act=lambda: 0)
    return host


def rendered_lines(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line the font layer renders from now on (painted card faces are cached: the cache is emptied)."""
    from game.scenes.quest import cards as art
    from game.ui.gfx import fonts

    lines: list[str] = []
    original = fonts.render

    def render(s: str, px: int, colour: Any, bold: bool = False) -> Any:
        lines.append(s)
        return original(s, px, colour, bold)

    monkeypatch.setattr(fonts, "render", render)
    monkeypatch.setattr(gfx, "render", render, raising=False)
    art.clear_cache()
    return lines


def cut(lines: list[str]) -> list[str]:
    """The lines shortened with "…"."""
    return sorted({x for x in lines if x.rstrip().endswith("…")})


@pytest.mark.parametrize("players", [1, 2, 4])
@pytest.mark.parametrize("size", ["normal", "huge"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("phase", ["quest", "combat"])
def test_every_face_of_the_table_shows_the_longest_names_whole(monkeypatch: pytest.MonkeyPatch, players: int,
                                                               size: str, lang: str, phase: str) -> None:
    """The partner's heroes and engaged enemies, the staging area, the active location, the seat in front's
    heroes, allies, enemies and hand, the piles: no name is cut, and the names printed beside the partner's
    small cards are recorded and fit their boxes."""
    gfx.set_text_scale(TEXT_SIZES[size])
    set_language(lang)
    host = mounted(lang, view(players, phase))
    lines = rendered_lines(monkeypatch)
    host.draw_board(pygame.Surface((1280, 720)), host.view)
    assert lines, "the table was painted"
    assert cut(lines) == [], (lang, size, players, phase, cut(lines))
    assert host.text_problems() == [], host.text_problems()
    cards = longest_cards(lang)
    drawn = " ".join(lines)
    for cid in ("h1", "h2", "e2", "l1"):  # the longest names are painted, not dropped (in words or pieces)
        first = localize(cards[cid]["name"], lang).split()[0].rstrip("-")
        assert first[:3] in drawn, (cid, first)
    if players > 1 and host.L.labels:
        beside = host.texts.texts()
        assert localize(cards["h3"]["name"], lang).split()[0] in " ".join(beside), beside


def test_a_partners_small_cards_carry_their_names_beside_them_where_the_strip_has_room() -> None:
    """A partner's cards are 40 px wide: too small to name on the face, so the face is unnamed and the name is
    printed beside it, on up to four lines, while the strip has the room (two players); crowded strips (four
    players) leave the names to the tooltip and zoom."""
    from game.scenes.quest.layout import STRIP_CARD

    set_language("it")
    two = mounted("it", view(2))
    two.draw_board(pygame.Surface((1280, 720)), two.view)
    partner = [iid for iid in ("H1a", "H1b", "H1c", "A1", "E1") if iid in two.L.cards]
    assert partner and all(two.L.cards[iid].size == STRIP_CARD for iid in partner)
    assert all(iid in two.L.labels for iid in partner)
    for iid in partner:
        card, label = two.L.cards[iid], two.L.labels[iid]
        assert label.x > card.right and not label.colliderect(card)
    labels = [two.L.labels[iid] for iid in partner]
    assert not any(a.colliderect(b) for i, a in enumerate(labels) for b in labels[i + 1:])
    assert all(two.L.others[1].contains(r) for r in labels)
    four = mounted("it", view(4))
    four.draw_board(pygame.Surface((1280, 720)), four.view)
    assert all(four.L.cards[iid].size == STRIP_CARD for iid in ("H1a", "H2a", "H3a"))


@pytest.mark.parametrize("size", ["normal", "huge"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_opening_hands_cards_show_their_names_whole(monkeypatch: pytest.MonkeyPatch, size: str,
                                                        lang: str) -> None:
    """At huge text the help above the opening hand left its cards 59 px wide ("Expl…", "Scor…"): the help
    goes beside the row where that leaves the cards too small, and every name reads whole."""
    gfx.set_text_scale(TEXT_SIZES[size])
    set_language(lang)
    host = mounted(lang, view(2, "setup", step="mulligan"), [Action.of("keep"), Action.of("mulligan")])
    lines = rendered_lines(monkeypatch)
    host.draw_board(pygame.Surface((1280, 720)), host.view)
    assert host.setup_pane.hand_rects(host.table), "the opening hand lies in the panel"
    assert cut(lines) == [], cut(lines)
    assert host.text_problems() == [], host.text_problems()


@pytest.mark.parametrize("size", ["normal", "huge"])
def test_every_shipped_name_fits_every_named_face_size_of_the_table(size: str) -> None:
    """Every card name of the shipped levels, in es, en and it, on a face of each size the table names cards
    at (heroes, allies, engaged enemies, staging, location, hand, opening hand; one, two and four players):
    laid out whole, on up to four lines at a readable size."""
    from game.scenes.quest import cards as art
    from game.scenes.quest.layout import HAND_CARD, Layout, scale_to
    from game.scenes.quest.table import Table

    pygame.font.init()
    gfx.set_text_scale(TEXT_SIZES[size])
    sizes = {HAND_CARD, (100, 140)}
    for players in (1, 2, 4):
        L = Layout.of(Table.of(view(players)), 0)
        sizes |= {L.row_card, L.enemy_card, L.hand_card, scale_to((100, 140), min(122, L.staging_cards.h)),
                  L.location.size}
    assert min(w for w, _h in sizes) >= art.THUMB_W
    bad = []
    for card in shipped_cards():
        has_cost = art._corner(card, card.kind) is not None
        for lang in LANGS:
            name = localize(card.name, lang)
            for w, h in sizes:
                _geo, lines, px = art.name_fit(pygame.Rect(0, 0, w, h), name, has_cost)
                if any(x.endswith("…") for x in lines) or gfx.text_scale() * px < 8:
                    bad.append((lang, name, (w, h), lines))
    assert bad == [], bad[:10]


def test_a_thumbnail_face_paints_no_name_and_a_named_one_paints_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """``named=False`` (a pile's top card, a partner's small card) paints no name and no type words; a named
    face of the same card paints its name."""
    from game.scenes.quest import cards as art

    card = next(c for c in shipped_cards() if c.kind == "hero")
    name = localize(card.name, "en")
    lines = rendered_lines(monkeypatch)
    art.face(card.id, card, (66, 92), "en", named=False)
    assert not any(x and x in name for x in lines), lines
    art.face(card.id, card, (40, 56), "en")  # narrower than THUMB_W: unnamed by default
    assert not any(x and x in name for x in lines), lines
    art.face(card.id, card, (90, 126), "en")
    assert any(x and x in name for x in lines), lines
