"""Whole expeditions through the scene: a human seat plays the tutorial to its end by clicking the regions
that carry its actions (map squares, step buttons, the city and trade screens, the arena in battles)
beside bots; two hot-seat players trade by dragging items into the offer; an NPC's message is shown to its
hero's player only, behind the pass screen."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine.actions import Action
from game.engine.i18n import t
from game.scenes.dialogs import PassScene
from tests.scenes.driving import drag, drop_point, to_next_human
from tests.scenes.expedition.conftest import (advance, click, click_action, frames, human_step, regions_for, start,
                                              visible_point, wait_until)


def _pick(scene: Any, rng: random.Random) -> Action:
    """A legal action for the human seat, as a player might choose it (never the quick battle, rarely ending a
    turn early, walking toward the goal)."""
    legal = scene.legal
    m = scene.match
    moves = [a for a in legal if a.kind == "move"]
    goal = m.level.model.site(m.level.model.goal.site or "")
    if moves and goal is not None and rng.random() < 0.8:
        return min(moves, key=lambda a: abs(a.get("x") - goal.at[0]) + abs(a.get("y") - goal.at[1]))
    if m.state.child is not None:
        from game.engine.rng import Rng
        from game.rulesets.skirmish.ruleset import RULESET as SKIRMISH

        return SKIRMISH.bot_policy(m.state.child.state, m.state.child.state.to_act(), legal, Rng(rng.randrange(9999)))
    calm = [a for a in legal if a.kind not in ("end", "quick", "cancel", "sell")]
    return rng.choice(calm or legal)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_whole_tutorial_expedition_is_played_through_the_scene(app: Any, seed: int) -> None:
    scene = start(app, humans=1, seed=seed)
    m = scene.match
    rng = random.Random(seed)
    kinds: set[str] = set()
    for _ in range(1500):
        if m.is_over():
            break
        assert to_next_human(app, scene, 120), "the human never got the turn"  # a liveness wait: bots think in a worker thread
        if m.is_over():
            break
        before = len(m.history)
        action = _pick(scene, rng)
        click_action(app, scene, action)
        assert len(m.history) > before, f"the click on {action.key} played nothing"
        kinds.add(str(action.kind))
        assert app.errors == []
    assert m.is_over(), "the expedition ended"
    assert {"move", "search"} <= kinds
    assert app.errors == []


def test_seed000_4_2_hot_seat_trade_by_dragging_items_into_the_offer(app: Any) -> None:
    scene = start(app, humans=2, seed=3)
    m = scene.match
    assert advance(scene, lambda st: st.child is None and str(st.step) == "contact" and any(
        a.kind == "trade" for a in st.legal_actions()) and st.heroes[st.to_act()].items
        and st.heroes[1 - st.to_act()].items, avoid=("end", "quick"))
    seat = m.to_act()
    scene.driver.viewer = seat
    scene.driver.invalidate()
    frames(app, 2)
    trade = next(a for a in m.legal_actions() if a.kind == "trade")
    click_action(app, scene, trade)
    assert scene.mode() == "trade"
    frames(app, 2)
    mine = [r for r in scene.router.regions if r.key and r.key[0] == "tile" and r.key[1] == "give" and r.draggable]
    theirs = [r for r in scene.router.regions if r.key and r.key[0] == "tile" and r.key[1] == "take" and r.draggable]
    assert mine and theirs, "both heroes' items can be dragged"
    give_zone = next(r for r in scene.router.regions if r.key == ("zone", "give"))
    drag(app, visible_point(scene, mine[0]), drop_point(scene, give_zone))
    assert m.state.offer is not None and mine[0].key[2] in m.state.offer.give, "the dragged item is offered"
    frames(app, 1)
    take_zone = next(r for r in scene.router.regions if r.key == ("zone", "take"))
    theirs = [r for r in scene.router.regions if r.key and r.key[0] == "tile" and r.key[1] == "take" and r.draggable]
    drag(app, visible_point(scene, theirs[0]), drop_point(scene, take_zone))
    assert m.state.offer.take, "the other hero's item is asked for"
    send = next(a for a in m.legal_actions() if a.kind == "send")
    click_action(app, scene, send)
    other = m.to_act()
    assert other != seat and str(m.state.step) == "reply"
    assert wait_until(app, lambda: isinstance(app.top, PassScene) or scene.driver.ack is not None, 10), \
        "the offer waits behind the hot-seat pass screen"
    assert to_next_human(app, scene, 20)
    assert scene.viewer == other
    frames(app, 2)
    assert scene.mode() == "trade" and scene.reader.trade_card().reply
    accept = next(a for a in m.legal_actions() if a.kind == "accept")
    gave = m.state.heroes[seat].items[m.state.offer.give[0]]
    assert regions_for(scene, accept)
    click_action(app, scene, accept)
    assert gave in m.state.heroes[other].items, "the accepted item changed hands"


def test_seed000_4_1_npc_message_shown_to_its_hero_only(app: Any) -> None:
    scene = start(app, humans=2, seed=3)
    m = scene.match
    assert advance(scene, lambda st: st.child is None and str(st.step) == "contact" and any(
        a.kind == "talk" for a in st.legal_actions()), avoid=("end", "quick"))
    seat = m.to_act()
    scene.driver.viewer = seat
    scene.driver.invalidate()
    frames(app, 2)
    talk = next(a for a in m.legal_actions() if a.kind == "talk")
    click_action(app, scene, talk)
    frames(app, 2)
    heard = m.state.heroes[seat].known[-1]
    words = scene.reader.message(heard.npc, heard.site)
    shown = " ".join(r.text for r in scene.drawn_texts())
    assert words.split("«")[1][:20] in shown, "the message is on its player's screen"
    assert t("expedition_scene.message_title", name=scene.reader.npc_name(heard.npc)) in shown
    assert advance(scene, lambda st: st.child is None and st.to_act() == 1 - seat, avoid=("quick",))
    assert to_next_human(app, scene, 20)
    assert scene.viewer == 1 - seat, "the other player sat down (after the pass screen)"
    frames(app, 2)
    assert words.split("«")[1][:20] not in " ".join(r.text for r in scene.drawn_texts())
    assert all(words not in s.known for s in scene.reader.sheets()), "no other seat's sheet carries it"
    assert scene.reader.sheets()[seat].known == (), "the other hero's messages are only counted"
    assert scene.secret is None, "the message card left with its player"


def test_seed000_4_1_the_message_card_is_dismissed_by_its_player(app: Any) -> None:
    from game.ui.payload import Ref

    scene = start(app, humans=1, seed=3)
    m = scene.match
    assert advance(scene, lambda st: st.child is None and str(st.step) == "contact" and st.to_act() == 0 and any(
        a.kind == "talk" for a in st.legal_actions()), avoid=("end", "quick"))
    frames(app, 2)
    click_action(app, scene, next(a for a in m.legal_actions() if a.kind == "talk"))
    frames(app, 2)
    assert scene.secret is not None and scene.secret[0] == 0
    ok = next(r for r in scene.router.regions if r.payload == Ref.of("dismiss"))
    click(app, visible_point(scene, ok))
    frames(app, 1)
    assert scene.secret is None
    assert not any(r.payload == Ref.of("dismiss") for r in scene.router.regions)
