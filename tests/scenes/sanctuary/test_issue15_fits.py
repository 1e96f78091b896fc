"""Issue 15 at huge text: a card face too small to read a name (a thumbnail in the Sanctuary block, a pile,
a rules picture) paints none instead of a cut one, and an item on the stack shows its card and its target on
two lines rather than "Raíces Aplastantes » Buceadora…"."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.i18n import localize
from game.ui import gfx


@pytest.fixture(autouse=True)
def _scale() -> Any:
    pygame.font.init()
    yield
    gfx.set_text_scale(1.0)


def _recording(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    real = gfx.text

    def text(surface: Any, s: str, *a: Any, **k: Any) -> pygame.Rect:
        drawn.append(s)
        return real(surface, s, *a, **k)

    monkeypatch.setattr(gfx, "text", text)
    return drawn


def _recording_rects(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, pygame.Rect]]:
    """Every line ``gfx.text`` draws from now on, with the rect it covered."""
    drawn: list[tuple[str, pygame.Rect]] = []
    real = gfx.text

    def text(surface: Any, s: str, *a: Any, **k: Any) -> pygame.Rect:
        r = real(surface, s, *a, **k)
        drawn.append((s, r))
        return r

    monkeypatch.setattr(gfx, "text", text)
    return drawn


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_issue15_thumbnail_faces_paint_no_cut_name(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    from game.engine.levels import get_level
    from game.scenes.sanctuary import cards

    gfx.set_text_scale(1.5)
    model = get_level("sanctuary", "quick").model
    drawn = _recording(monkeypatch)
    for cid, card in list(model.cards.items())[:30]:
        name = localize(card.name, lang)
        for size in ((40, 56), (49, 68), (56, 78), (71, 100)):
            drawn.clear()
            cards.clear_cache()
            cards.face(cid, card, size, lang)
            assert not [s for s in drawn if s.endswith("…")], (name, size, drawn)
            assert not [s for s in drawn if s and s in name], f"{size}: a thumbnail paints no name ({drawn})"
        drawn.clear()
        cards.clear_cache()
        cards.face(cid, card, (104, 146), lang)
        assert any(s and s.rstrip("-") in name for s in drawn), f"a hand-size face names {name!r}: {drawn}"


@pytest.mark.parametrize("lang", ["es", "it"])
def test_issue15_stack_item_shows_card_and_target_whole(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                        lang: str) -> None:
    from game.app.main import App
    from game.app.settings import Settings
    from game.engine import i18n

    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    old_lang = i18n.language()
    app = App(Settings(language=lang, text_size="huge", bot_pace=0.0, animation_speed=8.0, muted=True), headless=True)
    try:
        _stack_item_whole(app)
    finally:
        for scene in list(app.stack):
            scene.close()
        i18n.set_language(old_lang)


def _stack_item_whole(app: Any) -> None:
    import dataclasses

    from game.rulesets.sanctuary.views import StackItemView
    from game.scenes.sanctuary.panes.middle import MiddlePane
    from tests.scenes.sanctuary.conftest import frames, start

    scene = start(app, "quick")
    frames(app, 2)
    tv = scene.table_view
    cards = {scene.cname(i): i for i in tv.cards}
    # the longest Manipulation name aimed at the longest name on the table (the sweep saw "Raíces Aplastantes »
    # Buceadora…")
    manip = max((i for i in tv.cards if scene.card(i) is not None and scene.card(i).type == "manipulation"),
                key=lambda i: len(scene.cname(i)))
    target = max(cards.values(), key=lambda i: len(scene.cname(i)))
    tv2 = dataclasses.replace(tv, stack=(StackItemView(manip, 0, target),))
    scene.placer.layout(tv2)
    scene.texts.records.clear()
    MiddlePane(scene).draw(pygame.Surface((1280, 720), pygame.SRCALPHA), tv2)
    name, aim = scene.cname(manip), scene.cname(target)
    texts = scene.texts.texts()
    assert f"{name} » {aim}" in texts or (name in texts and f"» {aim}" in texts), texts
    (rect,) = [r for _item, r in scene.L.stack]
    mine = [r for r in scene.texts.records if rect.contains(r.box)]
    assert mine and not any(r.cut or r.text.endswith("…") for r in mine), [r.text for r in mine]
    assert all(rect.inflate(0, 4).contains(r.rect) for r in mine), "the lines stay in the item"
    assert all(r.size * 1.5 >= 9 for r in mine), "at a readable size"


def test_issue15_undo_barrier_text_never_raises_on_an_entry_without_its_event() -> None:
    """An undo barrier whose entry holds no barrier event (a restored history) gets the plain reason, not a crash
    (the cut sweep pressed Ctrl+Z there: StopIteration in ``undo_barrier_text``)."""
    from types import SimpleNamespace

    from game.scenes.sanctuary.words import undo_barrier_text

    entry = SimpleNamespace(index=3, seat=0, barrier=True, events=(SimpleNamespace(barrier=False, kind="Played"),),
                            action=SimpleNamespace(key="play"))
    match = SimpleNamespace(can_undo=lambda seat: (False, "undo.barrier"), history=[entry], log=[])
    assert undo_barrier_text(match, 0, "es") is None


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_issue15_technology_tab_name_whole_or_left_to_the_zoom(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """A Technology tucked under its carrier shows "+Strength Name" only when the name fits beside its
    Durability pips; otherwise "+Strength" alone (never a name clipped mid-letter under the pips)."""
    from types import SimpleNamespace

    from game.engine.levels import get_level
    from game.scenes.sanctuary.panes.row import CardPainter

    model = get_level("sanctuary", "quick").model
    techs = {cid: c for cid, c in model.cards.items() if c.type == "technology"}
    assert techs
    drawn = _recording_rects(monkeypatch)
    view = SimpleNamespace(perm=lambda iid: None)
    surface = pygame.Surface((400, 200))
    for scale in (1.0, 1.5):
        gfx.set_text_scale(scale)
        for cid, card in techs.items():
            painter = CardPainter(SimpleNamespace(card=lambda iid, c=card: c, lang=lang))
            for width in (96, 120, 150):
                drawn.clear()
                tab = pygame.Rect(10, 10, width, 24)
                painter.draw_tab(surface, view, cid, tab)  # type: ignore[arg-type]
                name = [(s, r) for s, r in drawn if s.startswith("+")]
                assert name, drawn
                s, r = name[0]
                pips = max(card.durability, 0) * 9 if card.durability <= 4 else 0
                assert s == f"+{card.strength}" or r.right <= tab.right - 2 - pips, (scale, width, s, r, tab)


@pytest.mark.parametrize("lang", ["es", "it", "en"])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_issue15_row_cards_name_every_shipped_card_whole(monkeypatch: pytest.MonkeyPatch, lang: str,
                                                         scale: float) -> None:
    """A card in a battle row (92 px) names itself whole at every text size: a name that needs a third line
    ("Esploratrice della Scogliera", "Escudo de Corteza Férrea") gets a taller band from the art window."""
    from game.engine.levels import get_level
    from game.scenes.sanctuary import cards
    from game.scenes.sanctuary.geometry import CARD

    gfx.set_text_scale(scale)
    drawn = _recording(monkeypatch)
    every = {}
    for level in ("ember_vs_tide", "grove_vs_gear", "ember_vs_gear", "tide_vs_grove"):
        every.update(get_level("sanctuary", level).model.cards)
    for cid, card in every.items():
        drawn.clear()
        cards.clear_cache()
        cards.face(cid, card, CARD, lang)
        assert not [s for s in drawn if s.endswith("…")], (localize(card.name, lang), drawn)


@pytest.mark.parametrize("size", ["normal", "huge"])
def test_issue15_attachment_tiles_start_below_their_column_heading(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                                   size: str) -> None:
    """At huge text the first Attachment tile covered the foot of "Aggiunte 2/5", the column's heading: the
    tiles start under the heading at every text size."""
    import dataclasses

    from game.app.main import App
    from game.app.settings import Settings
    from game.engine import i18n
    from game.rulesets.sanctuary.views import PermView
    from game.scenes.sanctuary.panes.side import SidePane
    from tests.scenes.sanctuary.conftest import frames, start

    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    old_lang = i18n.language()
    app = App(Settings(language="it", text_size=size, bot_pace=0.0, animation_speed=8.0, muted=True), headless=True)
    try:
        scene = start(app, "quick")
        frames(app, 2)
        tv = scene.table_view
        atts = [i for i in tv.cards if scene.card(i) is not None and scene.card(i).type == "attachment"][:2]
        assert atts, "the opening hand of the quick level holds an Attachment"
        me = scene.viewer
        side = dataclasses.replace(tv.side(me), attachments=tuple(PermView(i) for i in atts))
        sides = tuple(side if s.seat == me else s for s in tv.sides)
        tv2 = dataclasses.replace(tv, sides=sides)
        scene.placer.layout(tv2)
        scene.texts.records.clear()
        drawn = _recording_rects(monkeypatch)
        for pane in scene.table_panes[:2]:
            assert isinstance(pane, SidePane)
            pane.draw(pygame.Surface((1280, 720), pygame.SRCALPHA), tv2)
        col = scene.L.att[me]
        heading = [r for s, r in drawn if s.startswith(i18n.t("sanctuary_scene.attachments", n=2, limit=9)[:6])
                   and col.contains(r)]
        assert heading, [s for s, _ in drawn]
        first = min(scene.L.tiles[i].top for i in atts)
        assert first >= heading[0].bottom, (heading[0], first)
    finally:
        for scene in list(app.stack):
            scene.close()
        i18n.set_language(old_lang)
