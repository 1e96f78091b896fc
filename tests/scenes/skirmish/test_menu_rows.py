"""Issue 15: the action menu's longest lines are never cut at huge text ("Fendente (Spada lunga) » Gna…").
The longest label each shipped level can make (a fighter's name, its longest action with the longest item,
the longest target) wraps over the row in Italian and Spanish, every line inside the row; and in a fight
on each level the rows the player is offered show their labels whole and stay in the centre column."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.engine.i18n import localize, t
from game.engine.protocol import SeatSpec
from game.ui import gfx

LANGS = ("it", "es")


def _after_one_move(scene: Any) -> Any:
    """An ``advance`` stop: true once a move was made and the player (seat 0) is to act again."""
    n = [0]

    def until(_state: Any) -> bool:
        n[0] += 1
        return n[0] > 1 and scene.match.to_act() == 0

    return until


def _levels() -> list[str]:
    from game.engine.levels import discover_levels

    return [e.id for e in discover_levels("skirmish") if e.ok and e.source == "shipped"]


@pytest.mark.parametrize("lang", LANGS)
def test_issue15_longest_menu_labels_of_the_shipped_levels_wrap_whole(make_app: Any, lang: str) -> None:
    from game.scenes.skirmish.panes.menu import TALL_SIZE
    from tests.scenes.skirmish.conftest import frames, start

    app = make_app(lang, bot_pace=60.0)
    levels = _levels()
    assert len(levels) >= 5
    for level in levels:
        scene = start(app, level, [SeatSpec("Ana"), SeatSpec("Dark", "bot", "easy")])
        frames(app, 2)
        sv = scene.sview
        menu = scene.pane("menu")
        who = max((c.name for c in sv.combatants), key=lambda n: len(localize(n, lang)))
        act = max(sv.actions, key=lambda a: len(sv.act_name(a, lang)))
        item = max(sv.items, key=lambda i: len(sv.item_name(i, lang)))
        label = (f"{localize(who, lang)}: {sv.act_name(act, lang)} ({sv.item_name(item, lang)}) » "
                 f"{localize(who, lang)}")
        detail = f"{t('skirmish_scene.ap', n=12)} · " + t("skirmish_scene.chance", diff=18, chance=100)
        centre = menu.geo.centre
        probe = pygame.Rect(centre.x + 8, 0, centre.w - 16, menu.row_h() - 2)
        lines = menu.tall_lines(probe, label, detail, True)
        assert lines, f"{label!r} does not fit one line at huge text in {lang}: it wraps"
        words = [x for x in lines if x]
        assert " ".join(words) == label, (level, lines)
        assert all(gfx.text_size(x, TALL_SIZE, True)[0] <= probe.w - 16 for x in words), (level, lines)
        assert len(lines) <= 4, (level, lines)
        scene.close()


@pytest.mark.parametrize("lang", LANGS)
def test_issue15_menu_rows_in_play_show_whole_labels_on_every_level(make_app: Any, lang: str) -> None:
    from tests.scenes.skirmish.conftest import advance, frames, start

    app = make_app(lang, bot_pace=60.0)
    seen_tall = 0
    for level in _levels():
        scene = start(app, level, [SeatSpec("Ana"), SeatSpec("Dark", "bot", "easy")], seed=5)
        checked = 0
        for _ in range(12):
            frames(app, 2)
            if scene.can_act() and scene.sview.decision is not None:
                menu = scene.pane("menu")
                rows = menu.arrange(scene.sview, scene.legal)
                frames(app, 1)
                texts = [r.text for r in menu.drawn()]
                cut = [x for x in texts if x.endswith("…")]
                assert not cut, f"{level}: {cut}"
                centre = menu.geo.centre
                assert all(centre.contains(r.rect) for r in rows), f"{level}: the rows stay in the centre column"
                for r in rows:
                    if r.lines:
                        seen_tall += 1
                        assert " ".join(x for x in r.lines if x) == r.label
                checked += 1
            if scene.match.is_over():
                break
            advance(scene, _after_one_move(scene), limit=60)
        assert checked, f"{level}: the player was offered the menu"
        scene.close()
    assert seen_tall, "some row needed two lines at huge text (else this test checks nothing new)"


@pytest.mark.parametrize("lang", LANGS)
def test_issue15_chain_entries_take_two_lines_rather_than_cut(make_app: Any, lang: str) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.play import scene_for_match
    from tests.scenes.driving import texts_in
    from tests.scenes.skirmish.conftest import frames
    from tests.scenes.skirmish.test_text_fit import _busy_match

    app = make_app(lang, bot_pace=60.0)
    app.push(MenuScene(app))
    scene = scene_for_match(app, _busy_match())
    app.push(scene)
    frames(app, 3)
    chain = scene.pane("chain")
    sv = scene.sview
    assert sv.chain, "the busy board has the chain open"
    lines = chain.entry_lines(sv)
    rect = chain.box(sv)
    assert rect is not None and rect.h <= 176
    slots = chain.slot_rects(sv, rect)
    for i, (entry, r) in enumerate(zip(lines, slots)):
        assert r is not None, "every entry has its slot"
        shown = texts_in(scene, r)
        if len(entry) == 2:
            assert " ".join(shown) == " ".join(entry), shown
            assert not any(x.endswith("…") for x in shown), shown
        assert all(rect.contains(x) for x in [r]), "the slots stay in the chain box"
    assert any(len(x) == 2 for x in lines), "at huge text an entry of the busy board needed two lines"
