"""The expedition table: it has its own scene; a hero walks by clicking a lit square; hovering shows the path
and its cost; the map pans by drag, keys and the edge and zooms with the wheel; the overview centres the
map; escape and search show the rules' chance before the click; a battle is played in the mounted arena
and the map comes back with its outcome; the city's face-down market is browsed and bought from."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.scenes.expedition.cards import at_least, face_chance, percent
from game.scenes.expedition.panes.marks import path_to
from tests.scenes.driving import drag, mouse, regions_keyed, texts_in
from tests.scenes.expedition.conftest import (advance, click, click_action, frames, human_step, key, start,
                                              visible_point, wait_until, wheel)


def test_expedition_has_its_own_scene() -> None:
    from game.scenes import scene_class_for
    from game.scenes.expedition import SCENE, ExpeditionScene

    assert SCENE is ExpeditionScene
    assert scene_class_for("expedition") is ExpeditionScene


def test_clicking_a_lit_square_walks_the_hero_there(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    squares = regions_keyed(scene, "sq")
    ev = scene.reader.ev
    assert {r.payload for r in squares} == {a for a in scene.legal if a.kind == "move"}
    assert {r.key[1] for r in squares} == {(x, y) for x, y, _c in ev.reach}
    target = max(squares, key=lambda r: r.key[1][0] + r.key[1][1])
    before = len(scene.match.history)
    click(app, visible_point(scene, target))
    assert len(scene.match.history) == before + 1
    assert scene.match.history[-1].action == target.payload
    hero = scene.match.state.heroes[0]
    assert (hero.x, hero.y) == target.key[1]


def test_hovering_a_square_shows_the_path_and_its_cost(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    ev = scene.reader.ev
    x, y, cost = max(ev.reach, key=lambda r: r[2])
    assert cost >= 2
    centre = scene.cam.cell_rect(x, y).center
    app.step([mouse(pygame.MOUSEMOTION, centre)], 1 / 30)
    frames(app, 1)
    assert len(scene.map.path) == cost, "one dot per square walked"
    assert scene.map.path[-1] == (x, y)
    assert t("expedition_scene.path_cost", n=cost) in texts_in(scene, scene.map.rect)
    assert scene.text_problems() == []


def test_a_click_on_water_or_too_far_explains_itself(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    terrain = scene.reader.board().terrain
    lit = {(x, y) for x, y, _c in scene.reader.ev.reach}
    water = next((x, y) for y in range(terrain.rows) for x in range(terrain.cols) if not terrain.walkable(x, y)
                 and scene.cam.shows(x, y))
    click(app, scene.cam.cell_rect(*water).center)
    biome = terrain.look(*water).name
    assert any(i.text == t("expedition_scene.impassable_biome", biome=biome) for i in scene.toast.items)
    far = next((x, y) for y in range(terrain.rows) for x in range(terrain.cols) if terrain.walkable(x, y)
               and (x, y) not in lit and scene.cam.shows(x, y) and (x, y) != scene.reader.ev.heroes[0].at)
    before = len(scene.match.history)
    click(app, scene.cam.cell_rect(*far).center)
    assert len(scene.match.history) == before, "nothing is played"
    board = scene.reader.board()
    steps = len(path_to(board, board.hero(0).at, far, limit=99))
    assert steps > scene.reader.ev.move_budget
    assert any(i.text == t("expedition_scene.too_far_n", far=steps, n=scene.reader.ev.move_budget)
               for i in scene.toast.items)


def test_wheel_zooms_drag_keys_and_edge_pan_without_playing(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    cam = scene.cam
    centre = cam.view.center
    tile = cam.tile
    wheel(app, centre, 1)
    assert cam.tile > tile, "the wheel zooms in"
    wheel(app, centre, 1)
    assert cam.world[0] > cam.view.w, "zoomed in, the map is wider than the screen"
    before = len(scene.match.history)
    cam.center_on(0, 0)
    ox = cam.ox
    drag(app, (centre[0] + 100, centre[1]), (centre[0] - 60, centre[1]))
    assert cam.ox > ox, "dragging left shows what lies to the right"
    assert len(scene.match.history) == before, "a drag plays nothing"
    ox = cam.ox
    key(app, pygame.K_LEFT)
    assert cam.ox < ox, "the left arrow pans left"
    ox = cam.ox
    edge = (cam.view.right - 3, cam.view.centery)
    app.step([mouse(pygame.MOUSEMOTION, edge)], 1 / 30)
    assert scene.is_animating(), "the screen edge keeps panning"
    frames(app, 5)
    assert cam.ox > ox, "the mouse at the right edge pans right"
    wheel(app, centre, -6)
    assert cam.tile == min(cam.tile, 16) or cam.world[0] <= cam.view.w, "the wheel zooms back out"


def test_the_overview_centres_the_map_where_it_is_clicked(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    wheel(app, scene.cam.view.center, 2)
    mm = scene.minimap
    click(app, mm.point((scene.cam.cols - 1, scene.cam.rows // 2)))
    right = scene.cam.ox
    click(app, mm.point((0, scene.cam.rows // 2)))
    assert scene.cam.ox < right
    assert scene.cam.ox == 0


def _choice_region(scene: Any, kind: str) -> Any:
    found = [r for r in scene.router.regions if isinstance(r.payload, Action) and r.payload.kind == kind
             and r.key and r.key[0] == "choice"]
    assert found, f"no {kind} button on the step panel"
    return found[0]


def test_seed000_2_escape_button_shows_the_chance_before_committing(app: Any) -> None:
    scene = start(app)
    assert advance(scene, human_step("danger"))
    frames(app, 2)
    ev = scene.reader.ev
    model = scene.match.level.model
    exact = at_least(ev.escape_dice, 3, face_chance(model.dice.escape))
    assert abs(ev.escape_chance - exact) < 5e-4, "the rules' chance (4 decimals) is the 3-hits binomial"
    card = scene.reader.step_card()
    escape = next(c for c in card.choices if c.payload.kind == "escape")
    assert escape.detail == percent(exact)
    assert percent(exact) in texts_in(scene, scene.step.rect)
    region = _choice_region(scene, "escape")
    click(app, visible_point(scene, region))
    assert scene.match.history[-1].action.kind == "escape"
    assert scene.dice_tray is not None and scene.dice_tray.dice, "the escape dice are thrown in the tray"


def test_seed000_3_search_button_shows_the_chance_before_committing(app: Any) -> None:
    scene = start(app)
    assert advance(scene, human_step("search"))
    frames(app, 2)
    ev = scene.reader.ev
    dice = scene.match.level.model.dice
    exact = at_least(ev.vision_dice, 2, face_chance(dice.vision)) * face_chance(dice.luck)
    assert abs(ev.search_chance - exact) < 5e-4, "the rules' chance (4 decimals)"
    assert percent(exact) in texts_in(scene, scene.step.rect)
    before = len(scene.match.history)
    click(app, visible_point(scene, _choice_region(scene, "search")))
    assert len(scene.match.history) == before + 1


def test_seed000_2_5_battle_in_the_arena_and_back_to_the_map(app: Any) -> None:
    from game.rulesets.skirmish.ruleset import RULESET as SKIRMISH
    from game.engine.rng import Rng

    scene = start(app)
    assert advance(scene, human_step("help"), prefer=("fight",), avoid=("quick",))
    frames(app, 2)
    click(app, visible_point(scene, _choice_region(scene, "battle")))
    assert wait_until(app, lambda: scene.mode() == "battle" or scene.match.state.child is None, 10)
    assert scene.mode() == "battle"
    m = scene.match
    frames(app, 2)
    arena = scene.battle.arena
    assert arena.rects, "the body cards are laid out in the mounted arena"
    names = " ".join(texts_in(scene, scene.battle.rect))
    assert "AP" in names
    rng = Rng(3)
    for _ in range(400):
        if m.state.child is None or m.is_over():
            break
        assert wait_until(app, lambda: scene.can_act() or m.state.child is None or m.is_over(), 20)
        if m.state.child is None or m.is_over():
            break
        before = len(m.history)
        action = SKIRMISH.bot_policy(m.state.child.state, m.state.child.state.to_act(), m.legal_actions(), rng)
        click_action(app, scene, action)
        assert len(m.history) > before, f"the click on {action.key} played nothing"
    assert m.state.child is None, "the battle ended"
    frames(app, 3)
    # the arena stays until the last blow's dice and numbers have played (test_window_play), then the map
    assert wait_until(app, lambda: scene.mode() != "battle", 10), "back to the map"
    last = m.state.last_battle
    assert isinstance(last, dict) and "won" in last
    assert app.errors == []


def test_seed000_city_market_is_browsed_face_down_then_bought(app: Any) -> None:
    scene = start(app)
    town = next(s.at for s in scene.match.level.model.sites if s.kind == "town")
    assert advance(scene, lambda st: st.child is None and str(st.step) == "city" and st.to_act() == 0,
                   prefer=("leave",), avoid=("end", "stay"), toward=tuple(town))
    frames(app, 2)
    assert scene.mode() == "city"
    backs = [r for r in scene.router.regions if r.key and r.key[0] == "market"]
    assert backs and all(r.payload.kind == "browse" for r in backs), "face-down cards: a click browses"
    before = len(scene.match.history)
    click(app, visible_point(scene, backs[0]))
    assert len(scene.match.history) == before + 1
    frames(app, 2)
    market = [r for r in scene.router.regions if r.key and r.key[0] == "market"]
    shown = scene.reader.city_card().market
    assert shown and not any(o.item.hidden for o in shown), "the browsing seat sees the items"
    buys = [r for r in market if isinstance(r.payload, Action) and r.payload.kind == "buy" and r.legal]
    if buys:
        gold = scene.match.state.heroes[0].gold
        click(app, visible_point(scene, buys[0]))
        assert scene.match.state.heroes[0].gold < gold
    assert scene.text_problems() == []


def test_right_click_tells_what_a_square_holds_and_marks_name_themselves(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    board = scene.reader.board()
    site = next(s for s in board.sites if scene.cam.shows(*s.at))
    marks = [r for r in scene.router.regions if r.key and r.key[0] == "mark" and r.key[1] == "site"]
    assert any(site.name in (r.tooltip or "") for r in marks), "a site names itself on hover"
    click(app, scene.cam.cell_rect(*site.at).center, button=3)
    frames(app, 2)
    assert scene.inspector.title == board.terrain.look(*site.at).name
    assert site.name in scene.inspector.body


def test_right_click_on_a_city_action_inspects_without_crashing(app: Any) -> None:
    """A right-click on a "sell" or "quest" region hands the pane an Action whose kind matches a card
    reference's: only references are inspected (the monkey found `0 <= ('slot', 0)` here)."""
    scene = start(app)
    town = next(s.at for s in scene.match.level.model.sites if s.kind == "town")
    assert advance(scene, lambda st: st.child is None and str(st.step) == "city" and st.to_act() == 0,
                   prefer=("leave",), avoid=("end", "stay"), toward=tuple(town))
    frames(app, 2)
    city = scene.pane("city")
    for kind in ("sell", "quest", "market"):
        assert city.inspect(Action.of(kind, slot=0)) is None
    sells = [r for r in scene.router.regions if r.key and r.key[0] == "sell" and isinstance(r.payload, Action)]
    for r in sells:
        click(app, visible_point(scene, r), button=3)
        frames(app, 2)
    assert app.errors == [] and scene.text_problems() == []
