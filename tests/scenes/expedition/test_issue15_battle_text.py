"""Issue 15 in an expedition's battle: the mounted arena shows items by their names, never by their ids
(a raw "hero0.dagger" was seen on the ground strip: the strip kept the chips of the battle before), and the
action menu's and the chain's long lines wrap at Spanish and Italian huge text rather than being cut."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from tests.scenes.driving import open_game, to_next_human
from tests.scenes.expedition.conftest import advance, frames


def _battle(app: Any, level: str = "lantern_road", seed: int = 3) -> Any:
    from game.engine.levels import get_level
    from game.engine.registry import get_ruleset

    lv = get_level("expedition", level)
    n = get_ruleset("expedition").seat_range(lv)[1]
    seats = [SeatSpec("Ana", "human")] + [SeatSpec(f"Bot{i}", "bot", "random") for i in range(1, n)]
    scene = open_game(app, "expedition", lv, seats, seed)
    assert advance(scene, lambda st: st.child is not None and st.to_act() == 0, prefer=("fight", "battle"),
                   avoid=("quick",))
    assert to_next_human(app, scene, 20)
    frames(app, 3)
    return scene


def test_issue15_battle_ground_never_shows_an_item_id(make_app: Any) -> None:
    """The ground strip draws the chips of the battle on screen: chips left from an earlier battle (ids this
    battle does not know) are never drawn as their raw ids."""
    app = make_app("en", "huge", bot_pace=60.0)
    scene = _battle(app)
    fight = scene.reader.fight()
    assert fight.view is not None
    ground = scene.battle.ground
    # the strip as the battle before left it: one of that battle's items lay on its ground
    ground.item_rects = {"hero0.dagger": pygame.Rect(ground.rect.x + 90, ground.rect.y + 5, 80, 24)}
    scene._layer = None  # the next position's first frame: the layer is painted before the regions are made
    frames(app, 2)
    texts = [r.text for r in ground.drawn()]
    assert not any("hero0." in x for x in texts), texts
    names = [fight.view.item_name(i, "en") for i in fight.view.ground]
    chips = [x for x in texts if x not in (t("skirmish_scene.ground", "en"), t("skirmish_scene.ground_empty", "en"))]
    assert len(chips) == len(names), (chips, names)
    assert all(any(n.startswith(x.rstrip("…")) for n in names) for x in chips), (chips, names)


def test_issue15_hero_tabs_never_cut_a_name(make_app: Any) -> None:
    """Four hero tabs at Spanish huge text read "B…": the chosen hero's tab is as wide as its name, a tab too
    narrow for its name shows the seat's badge alone, and every tab names its hero on hover."""
    from tests.scenes.expedition.conftest import start
    from tests.scenes.driving import regions_keyed

    app = make_app("es", "huge", bot_pace=60.0)
    scene = start(app, humans=1, level="lantern_road")
    frames(app, 3)
    sheets = scene.reader.sheets()
    assert len(sheets) >= 4
    drawn = scene.heroes.drawn()
    tabs = regions_keyed(scene, "tab")
    assert len(tabs) == len(sheets)
    names = {s.seat: s.name for s in sheets}
    for r in tabs:
        assert r.tooltip == names[r.key[1]]
        inside = [d.text for d in drawn if r.rect.contains(d.box)]
        assert all(not x.endswith("…") for x in inside), inside
        assert inside == [] or inside == [names[r.key[1]]], inside
    chosen = scene.heroes.shown
    assert chosen is not None and chosen.name in [d.text for d in drawn], "the chosen hero's tab names it whole"
