"""Text sizes and languages: at large and huge text, in Spanish, English and Italian, every line of text
the arena draws stays inside its box and off every other line (the scene records what it drew:
``SkirmishScene.text_problems``). The busy board (a reaction on the chain), the action menu with a
group open, aiming, extra targets, a crowded 4-hero fight and the advantage picks are all looked at."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.actions import Action
from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from tests.scenes.driving import click, regions_keyed, texts_in, visible_point
from tests.scenes.skirmish.conftest import frames

SIZES = ("large", "huge")
LANGS = ("es", "en", "it")


def _open(app: Any, level: str, seats: list[Any], seed: int) -> Any:
    from game.engine.levels import get_level
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app.push(MenuScene(app))
    return open_match(app, Match.new("skirmish", get_level("skirmish", level), seats, seed))


def _reach(scene: Any, dtype: str, seed: int = 1, limit: int = 3000) -> bool:
    """Random legal moves (asking allies for their items first) until seat 0 must make a ``dtype`` decision."""
    m = scene.match
    rng = Rng(seed)
    for _ in range(limit):
        if m.is_over():
            return False
        d = m.state.decision()
        if m.to_act() == 0 and d["type"] == dtype and (dtype == "advantage" or m.state.round >= 1):
            scene.driver.invalidate()
            return True
        legal = m.legal_actions()
        takes = [a for a in legal if a.kind == "take"] if dtype == "consent" else []
        m.apply(takes[0] if takes else legal[0] if len(legal) == 1 else rng.choice(legal), m.to_act())
    return False


def _drawn(app: Any, scene: Any) -> list[tuple[pygame.Rect, pygame.Rect, str]]:
    frames(app, 3)
    assert app.errors == []
    drawn = scene.drawn_texts()
    assert drawn, "the scene recorded the text it drew"
    return drawn


_BUSY: dict[str, Any] = {}


def _busy_match() -> Any:
    """The brief's busy board (a reaction with the chain open), replayed from its actions for each app."""
    from game.bench.positions import busy_match
    from game.engine.match import Match

    if "m" not in _BUSY:
        _BUSY["m"] = busy_match("skirmish", 3, bots="random")
    src = _BUSY["m"]
    m = Match.new("skirmish", src.level, src.seats, src.seed)
    for step in src.history:
        m.apply(step.action, step.seat)
    return m


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_busy_reaction_board_text_stays_in_its_boxes(make_app: Any, size: str, lang: str) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.play import scene_for_match

    app = make_app(lang, size, bot_pace=60.0)
    app.push(MenuScene(app))
    scene = scene_for_match(app, _busy_match())
    app.push(scene)
    drawn = _drawn(app, scene)
    assert scene.state.chain, "the busy board has the chain open"
    assert scene.text_problems() == []
    # the reaction rows: the label and the figures are both drawn, side by side
    rows = regions_keyed(scene, "menu")
    assert rows, "the reaction menu has rows"
    menu = scene.pane("menu")
    for row in rows:
        mine = [rec for rec in drawn if row.rect.contains(rec.box)]
        mrow = next(r for r in menu.rows if r.rect == row.rect)
        label_lines = [x for x in mrow.lines if x] or [mrow.label]
        assert len(mine) == len(label_lines) + 1, \
            f"{[r.text for r in mine]!r}: the label (on its lines) and the figures each drawn once in their row"
        right = max(mine, key=lambda rec: (rec.rect.bottom, rec.rect.right))  # the figures: right, last line
        assert not right.cut and not right.text.endswith("…"), "the figures are never cut"
        if mrow.lines:  # a label too long for one line is wrapped whole (issue 15: never cut where it can wrap)
            assert " ".join(r.text for r in mine if r is not right) == mrow.label
    # the chain's heading sits inside the chain box, and a cut entry shows its whole text on hover
    chain_box = scene.pane("chain").box(scene.sview)
    heading = [(rect, box) for rect, box, text in drawn if text.startswith(t("skirmish_scene.chain")[:6])]
    assert heading and all(chain_box.contains(rect) for rect, _ in heading)
    tips = {r.key[1]: r.tooltip for r in scene.router.regions if r.key and r.key[0] == "chain"}
    assert set(tips) == set(range(len(scene.state.chain)))
    from game.scenes.skirmish.panes.common import entry_text

    for i, e in enumerate(scene.sview.chain):
        assert tips[i] == f"{i + 1}. {entry_text(scene.sview, e, lang)}"
        slot = next(r for r in scene.router.regions if r.key == ("chain", i))
        shown = texts_in(scene, slot.rect)
        if len(shown) == 2:  # an entry too long for one line takes two, whole (issue 15)
            assert " ".join(shown) == tips[i], shown
        else:
            assert len(shown) == 1 and tips[i].startswith(shown[0].rstrip("…")), "the slot shows the tip, maybe cut"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("screen", ["group", "aim", "targets", "consent", "advantage", "crowd"])
def test_every_screen_at_huge_text_stays_in_its_boxes(make_app: Any, screen: str, lang: str) -> None:
    app = make_app(lang, "huge", bot_pace=60.0)
    two = [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")]
    if screen == "advantage":
        scene = _open(app, "01_toll_bridge", two, 3)
        assert scene.state.decision()["type"] == "advantage"
    elif screen == "crowd":
        scene = _open(app, "04_forge_below", [SeatSpec(f"H{i}") for i in range(4)] + [two[1]], 2)
        assert _reach(scene, "opportunity")
    elif screen == "group":
        scene = _open(app, "04_forge_below", two, 4)
        assert _reach(scene, "opportunity")
        frames(app, 2)
        groups = [r for r in regions_keyed(scene, "menu") if isinstance(r.payload, list)]
        assert groups, "a group with several targets"
        assert scene.can_act()
        click(app, visible_point(scene, groups[0]))  # the group opens
    else:
        scene = None
        if screen == "consent":  # an ally asks for an item: two human heroes
            two = [SeatSpec("Ana"), SeatSpec("Bea"), two[1]]
        for seed in range(1, 6):
            scene = _open(app, "04_forge_below", two, seed)
            if _reach(scene, screen, seed):
                break
        assert scene is not None and scene.state.decision()["type"] == screen
    drawn = _drawn(app, scene)
    assert scene.text_problems() == []
    if screen == "group":
        assert any(isinstance(r.payload, Action) and r.payload in groups[0].payload
                   for r in regions_keyed(scene, "menu")), "the open group lists its targets"
    if screen == "consent":  # the question is never cut: it wraps over the empty menu panel
        p = scene.state.pending
        sv = scene.sview
        title = t("skirmish_scene.consent_title", taker=sv.name(p.get("actor"), lang), giver=sv.name(p.get("from"), lang),
                  item=sv.item_name(p.get("item"), lang))
        assert title in [text for _, _, text in drawn]
    # every combatant's card carries its name (whole or cut with "…"), inside the card
    cards = regions_keyed(scene, "card")
    assert cards
    for card in cards:
        cid, rect = card.payload.cid, card.rect
        inside = [text for r, box, text in drawn if rect.contains(box)]
        name = scene.sview.name(cid, lang).split(" #")[0]
        assert any(name.startswith(x.rstrip("…")) and x for x in inside), f"{name} drawn on its card"


def test_text_problems_sees_text_leaving_its_box_or_overlapping(make_app: Any) -> None:
    app = make_app("it", "huge", bot_pace=60.0)
    scene = _open(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], 3)
    frames(app, 2)
    surface = pygame.Surface((1280, 720))
    box = pygame.Rect(100, 100, 60, 40)
    assert scene.text_problems() == []
    menu = scene.pane("menu")  # a pane draws through its recorder; the scene reads every pane's records
    menu.rec.begin()
    menu.put(surface, "Catena (l'ultima entrata si risolve per prima)", box.topleft, 12, (0, 0, 0), "topleft", box)
    assert any("leaves its box" in p for p in scene.text_problems())
    menu.rec.begin()
    menu.line(surface, "Catena (l'ultima entrata si risolve per prima)", box, 12, (0, 0, 0))
    menu.line(surface, "3 PA · superare 11: 66%", box, 12, (0, 0, 0))
    problems = scene.text_problems()
    assert not any("leaves its box" in p for p in problems), "a line is cut to its box"
    assert any("overlaps" in p for p in problems)
    assert menu.drawn()[0].text.endswith("…")


def test_chain_and_menu_boxes_grow_with_the_text_size(make_app: Any) -> None:
    from game.scenes.skirmish.panes import ChainPane, MenuPane
    from game.ui import gfx

    make_app("en", "normal", bot_pace=60.0)
    normal = (ChainPane.metrics(), MenuPane.row_h(), MenuPane.header_h())
    gfx.set_text_scale(1.4)
    huge = (ChainPane.metrics(), MenuPane.row_h(), MenuPane.header_h())
    assert huge[0][0] > normal[0][0] and huge[0][1] > normal[0][1], "chain heading and entries"
    assert huge[1] > normal[1] and huge[2] > normal[2], "menu rows and header"
    assert huge[0][0] >= gfx.line_height(12, True), "the heading's box holds its line"
