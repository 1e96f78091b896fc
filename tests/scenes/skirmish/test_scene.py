"""The skirmish arena: it opens on every shipped level, a whole fight plays by clicking the scene's own
regions from either side (heroes against the Dark Lord bot and the reverse), equipment moves by drag
and drop, refusals are explained, cards inspect large, the menu's chances are the exact 3d6-exploding
odds, the chain unwinds last in first out, damage numbers float, and a busy frame stays cheap."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pygame
import pytest

from game.engine.actions import Action
from game.engine.events import Event, damage_dealt
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from tests.scenes.driving import regions_keyed, texts_in
from tests.scenes.skirmish.conftest import click, drag, drop_point, frames, start, visible_point, wait_until


def _levels() -> list[str]:
    from game.engine.levels import discover_levels

    return [e.id for e in discover_levels("skirmish") if getattr(e, "error", None) is None]


def _regions_for(scene: Any, action: Action) -> list[Any]:
    return [r for r in scene.router.regions if r.legal and (r.payload == action or (
        isinstance(r.payload, (list, tuple)) and action in r.payload))]


def _click_action(app: Any, scene: Any, action: Action) -> None:
    """Play ``action`` like a player: its own region, or the group/item that opens it, then the choice."""
    frames(app, 1)
    for _ in range(3):
        exact = [r for r in _regions_for(scene, action) if r.payload == action]
        if exact:
            click(app, visible_point(scene, exact[-1]))
            return
        groups = _regions_for(scene, action)
        assert groups, f"no region stands for {action.key}"
        click(app, visible_point(scene, groups[-1]))
    raise AssertionError(f"clicking never reached {action.key}")


def _play_out(app: Any, scene: Any, limit: int = 900) -> int:
    """Click through the whole fight for the human seats with the policy's choices; return clicks made."""
    from game.rulesets.skirmish.ruleset import RULESET

    rng = Rng(5)
    m = scene.match
    clicks = 0
    for _ in range(limit):
        if m.is_over():
            break
        assert wait_until(app, lambda: scene.can_act() or m.is_over(), 20), "the human never got the turn"
        if m.is_over():
            break
        before = len(m.history)
        action = RULESET.bot_policy(m.state, m.to_act(), m.legal_actions(), rng)
        _click_action(app, scene, action)
        clicks += 1
        assert len(m.history) > before, f"the click on {action.key} played nothing"
        assert app.errors == []
    return clicks


# ----------------------------------------------------------------------------------------- opening


def test_skirmish_has_its_own_scene() -> None:
    from game.scenes import scene_class_for
    from game.scenes.skirmish import SCENE, SkirmishScene

    assert SCENE is SkirmishScene
    assert scene_class_for("skirmish") is SkirmishScene


@pytest.mark.parametrize("level", _levels())
def test_scene_opens_and_renders_every_shipped_level(app: Any, level: str) -> None:
    from game.rulesets.skirmish.ruleset import RULESET
    from game.engine.levels import get_level

    hi = RULESET.seat_range(get_level("skirmish", level))[1]
    seats = [SeatSpec(f"H{i}") for i in range(hi - 1)] + [SeatSpec("Dark", "bot", "random")]
    scene = start(app, level, seats)
    frames(app, 3)
    assert app.errors == []
    assert type(scene).__name__ == "SkirmishScene"
    # every combatant has a body card inside the board, none overlapping another
    rects = list(scene.pane("arena").rects.values())
    assert len(rects) == len(scene.view["combatants"])
    for i, a in enumerate(rects):
        assert scene.board_rect.contains(a)
        assert all(not a.colliderect(b) for b in rects[i + 1:])
    assert scene.invariants() == []


def test_seed003_advantage_picks_are_a_clear_screen(app: Any) -> None:
    scene = start(app, "01_toll_bridge", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")])
    d = scene.state.decision()
    assert d["type"] == "advantage"
    picks = [r for r in scene.router.regions if isinstance(r.payload, Action) and r.payload.kind == "advantage"]
    assert len(picks) == len([a for a in scene.legal if a.kind == "advantage"]) > 1
    assert all("\n" in r.tooltip for r in picks), "each pick says what it does"
    choice = picks[1].payload
    click(app, visible_point(scene, picks[1]))
    assert scene.match.history[-1].action == choice
    hero = scene.state.c(choice.get("who"))
    assert hero["adv"].get(choice.get("pick"), 0) >= 1


# ----------------------------------------------------------------------------------------- playing


def test_whole_fight_heroes_human_against_dark_lord_bot(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    clicks = _play_out(app, scene)
    assert scene.match.is_over()
    assert clicks > 5
    assert wait_until(app, lambda: app.top is not scene, 10), "the result screen follows the end"
    assert app.errors == []


def test_whole_fight_dark_lord_human_against_hero_bots(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Hero", "bot", "random"), SeatSpec("Dark")], seed=6)
    assert scene.viewer == 1
    clicks = _play_out(app, scene)
    assert scene.match.is_over()
    assert clicks > 5
    assert app.errors == []


def _to_human_opportunity(app: Any, scene: Any) -> dict[str, Any]:
    from game.rulesets.skirmish.ruleset import RULESET

    rng = Rng(2)
    m = scene.match
    for _ in range(200):
        wait_until(app, lambda: scene.can_act() or m.is_over(), 20)
        d = m.state.decision()
        if d["type"] == "opportunity" and scene.can_act():
            return d
        m.apply(RULESET.bot_policy(m.state, m.to_act(), m.legal_actions(), rng), m.to_act())
        scene.driver.invalidate()
        frames(app, 1)
    raise AssertionError("no human opportunity")


def test_menu_group_opens_and_targets_light_up_on_cards(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    _to_human_opportunity(app, scene)
    frames(app, 2)
    groups = [r for r in scene.router.regions if r.key and r.key[0] == "menu" and isinstance(r.payload, list)]
    assert groups, "an action with several targets is one menu row"
    click(app, visible_point(scene, groups[0]))
    targets = [r for r in scene.router.regions if r.key and r.key[0] == "tgt"]
    assert {r.payload.get("target") for r in targets} == {a.get("target") for a in groups[0].payload}
    for r in targets:
        card = next(c for c in regions_keyed(scene, "card") if c.key == ("card", r.payload.get("target")))
        assert r.rect == card.rect, "the target is its body card"
        assert r.legal and r.tooltip
    before = len(scene.match.history)
    click(app, visible_point(scene, targets[0]))
    assert len(scene.match.history) == before + 1


def test_seed003_chance_is_exact_3d6_exploding_above_difficulty() -> None:
    from game.rulesets.skirmish.bot import success_chance

    # exact distribution of one exploding d6 (a 6 counts 5 and rolls again), truncated far beyond need
    def die(depth: int = 8) -> dict[int, Fraction]:
        if depth == 0:
            return {5: Fraction(1)}
        out: dict[int, Fraction] = {f: Fraction(1, 6) for f in range(1, 6)}
        for v, p in die(depth - 1).items():
            out[5 + v] = out.get(5 + v, Fraction(0)) + p / 6
        return out

    one = die()
    three: dict[int, Fraction] = {0: Fraction(1)}
    for _ in range(3):
        nxt: dict[int, Fraction] = {}
        for a, pa in three.items():
            for b, pb in one.items():
                nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
        three = nxt
    for bonus, diff in ((0, 9), (3, 11), (2, 14), (0, 20), (5, 4)):
        exact = float(sum(p for v, p in three.items() if v + bonus > diff))
        assert success_chance(bonus, diff) == pytest.approx(exact, abs=1e-6)


def test_menu_detail_shows_cost_and_the_exact_chance(app: Any) -> None:
    from game.rulesets.skirmish.bot import success_chance

    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    _to_human_opportunity(app, scene)
    frames(app, 1)
    st = scene.state
    checked = 0
    rows = regions_keyed(scene, "menu")
    assert rows
    for row in rows:
        acts = row.payload if isinstance(row.payload, list) else [row.payload]
        words = texts_in(scene, row.rect)
        assert len(words) == 2, "a row draws its label and its figures"
        detail = next(w for w in words if " AP" in w)
        a = acts[0]
        adef = st.model.actions[a.get("act")]
        assert f"{adef.cost} AP" in detail
        if adef.check is not None and len(acts) == 1:
            ch = adef.check
            diff = ch.difficulty + (st.stat(st.c(a.get("target")), ch.defense) if ch.defense else 0)
            bonus = st.stat(st.c(a.get("who")), ch.offense) if ch.offense else 0
            assert f"{diff}:" in detail and f"{round(100 * success_chance(bonus, diff))}%" in detail
            checked += 1
    group = next((r for r in rows if isinstance(r.payload, list)), None)
    subs = []
    if group is not None:  # the group opens: one row per target under it
        click(app, visible_point(scene, group))
        frames(app, 1)
        subs = [r for r in regions_keyed(scene, "menu") if isinstance(r.payload, Action) and r.payload in group.payload]
    assert checked or subs, "some row shows a difficulty and its chance"
    for r in subs:
        adef = st.model.actions[r.payload.get("act")]
        words = texts_in(scene, r.rect)
        assert any(w.lstrip().startswith("»") for w in words), "a target row names its target"
        if adef.check is not None:
            assert any("%" in w for w in words)


# ----------------------------------------------------------------------------------------- equipment


def test_equipment_dragged_from_a_hand_to_the_ground_drops_it(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    d = _to_human_opportunity(app, scene)
    frames(app, 2)
    drops = [a for a in scene.legal if a.kind == "drop"]
    assert drops, "the hero may drop an item"
    item = drops[0].get("item")
    who = drops[0].get("who")
    source = next(r for r in scene.router.regions if r.draggable and isinstance(r.payload, list)
                  and drops[0] in r.payload)
    ground = next(r for r in scene.router.regions if r.drop_target and r.key == ("zone_ground",))
    drag(app, visible_point(scene, source), drop_point(scene, ground))
    assert item in scene.state.ground
    assert item not in scene.state.c(who)["equipped"]
    assert d["who"]


def test_dragging_onto_a_part_that_cannot_take_it_is_refused_in_words(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    _to_human_opportunity(app, scene)
    frames(app, 2)
    zone = next((r for r in scene.router.regions if r.drop_target and r.key and r.key[0] == "zone_pack"), None)
    ground_items = [r for r in scene.router.regions if r.draggable and r.key and r.key[0] == "ground"]
    drops = [r for r in scene.router.regions if r.draggable and r.key and r.key[0] == "chip"]
    if zone is not None and ground_items:
        payload = ground_items[0].payload
    elif drops:
        payload = [a for a in drops[0].payload if a.kind == "drop"]
        zone = next(r for r in scene.router.regions if r.drop_target and r.key == ("zone_ground",))
        payload = [Action.of("pickup", who="nobody", item="x", parts=["hand_l"])]
    else:
        pytest.skip("no equipment move in this position")
    assert zone.accepts(payload), "a refusal has a reason"
    assert scene.match_drop(payload, zone.payload) is None


# ----------------------------------------------------------------------------------------- input paths


def test_hover_gives_tooltip_and_illegal_click_toasts_the_reason(app: Any) -> None:
    app.settings.bot_pace = 60.0  # the bot's move waits: its menu is shown but is not ours to click
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    m = scene.match
    from game.rulesets.skirmish.ruleset import RULESET

    rng = Rng(1)
    for _ in range(100):  # the human plays until the Dark Lord's minions must decide
        if m.to_act() == 1:
            break
        m.apply(RULESET.bot_policy(m.state, m.to_act(), m.legal_actions(), rng), m.to_act())
    scene.driver.invalidate()
    assert m.to_act() == 1
    frames(app, 3)
    card = next(r for r in scene.router.regions if r.key and r.key[0] == "card")
    pos = visible_point(scene, card)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)], 1 / 30)
    frames(app, 30)
    assert scene.router.tooltip_text, "hovering a body card shows a tooltip"
    rows = [r for r in scene.router.regions if r.key and r.key[0] == "menu"]
    assert rows, "the Dark Lord's menu is on the table"
    assert not rows[0].legal and rows[0].reason
    scene.toast.items.clear()
    click(app, visible_point(scene, rows[0]))
    assert [it.text for it in scene.toast.items] == [rows[0].reason]
    assert m.to_act() == 1, "nothing was played"


def test_right_click_shows_the_full_body_card(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    frames(app, 2)
    card = next(r for r in scene.router.regions if r.key and r.key[0] == "card")
    click(app, visible_point(scene, card), button=3)
    assert scene.inspector.visible
    cid = card.payload.cid
    c = scene.state.c(cid)
    for p in c["parts"]:
        assert scene.state.part_name(c, p["id"], "en") in scene.inspector.body
    assert "HP" in scene.inspector.body


# ----------------------------------------------------------------------------------------- chain and numbers


def test_seed003_chain_drawn_as_a_stack_newest_on_top() -> None:
    from game.scenes.skirmish.panes import ChainPane

    rect = pygame.Rect(0, 0, 380, 150)
    slots = [ChainPane.slot(rect, i, 3) for i in range(3)]
    assert all(s is not None for s in slots)
    assert slots[0].y > slots[1].y > slots[2].y, "the last declared sits on top and resolves first"


def test_resolved_chain_entries_unwind_and_damage_floats(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    frames(app, 2)
    target = regions_keyed(scene, "card")[0].payload.cid
    scene.pane("chain").texts = ["first", "second"]  # the words remembered as the two entries were declared
    scene.on_events([Event("Resolved", {"index": 1}), damage_dealt(target, 4, None, limb=None)])
    seen_ghost = seen_number = False
    for _ in range(60):
        frames(app, 1)
        seen_ghost = seen_ghost or any(g.text == "second" for g in scene.ghosts)
        seen_number = seen_number or any(f.text == "-4" for f in scene.floaters)
    assert seen_ghost, "the resolved top entry slides off the stack"
    assert seen_number, "the damage number floats over the card"
    assert not scene.ghosts


def test_ap_track_marks_every_active_combatant(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    _to_human_opportunity(app, scene)
    frames(app, 2)
    assert scene.view["round"] >= 1
    xs = [scene.pane("ap_track").x(n) for n in range(16)]
    assert xs == sorted(xs) and scene.track_rect.left < xs[0] and xs[-1] < scene.track_rect.right
    assert scene.needle_shown == pytest.approx(scene.view["needle"], abs=1)


@pytest.mark.parametrize("lang", ["es", "it"])
def test_scene_strings_exist_in_every_language(lang: str) -> None:
    import tomllib
    from pathlib import Path

    data = tomllib.loads((Path(__file__).resolve().parents[3] / "game/scenes/skirmish/strings.toml").read_text())

    def leaves(d: dict, path: str = "") -> list[tuple[str, dict]]:
        out = []
        for k, v in d.items():
            if isinstance(v, dict) and "en" in v:
                out.append((path + k, v))
            elif isinstance(v, dict):
                out += leaves(v, path + k + ".")
        return out

    entries = leaves(data)
    assert len(entries) > 50
    for key, v in entries:
        assert v.get(lang) and v.get("en"), f"{key} lacks {lang}"


def test_a_busy_frame_repaints_nothing_twice(app: Any) -> None:
    """Five seats on the forge level: a steady frame draws its layers (AP track, arena) from the caches.

    Not timed (the skirmish busy board's time is the bench's ``skirmish`` figure, ``python -m game
    bench``): the work a frame does is counted instead (``frame_work``), the same on any machine.
    """
    from tests.scenes.framework import assert_steady_frame_work

    seats = [SeatSpec(f"H{i}") for i in range(4)] + [SeatSpec("Dark", "bot", "random")]
    scene = start(app, "04_forge_below", seats)
    _to_human_opportunity(app, scene)
    frames(app, 30)
    assert not scene.is_animating(), "nothing moves"

    # today about 1,050 calls and 23 blits: a frame doing twice that lost a cache (the old timed test's budget)
    assert_steady_frame_work(app, scene, 2100, 50,
                             lambda painted: "PhaseTracker._paint" in painted
                             and any(n.startswith("TrackPane.") for n in painted),
                             "the tracker and the AP track")


def test_equipment_dragged_onto_the_pack_stows_it(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    _to_human_opportunity(app, scene)
    frames(app, 2)
    stows = [a for a in scene.legal if a.kind == "stow"]
    assert stows, "the hero may stow an item"
    stow = stows[0]
    source = next(r for r in scene.router.regions if r.draggable and isinstance(r.payload, list) and stow in r.payload)
    pack = next(r for r in scene.router.regions if r.drop_target and r.key == ("zone_pack", stow.get("who")))
    before = len(scene.match.history)
    drag(app, visible_point(scene, source), drop_point(scene, pack))
    assert scene.match.history[before].action == stow
    frames(app, 2)
    st = scene.state
    assert stow.get("item") in st.c(stow.get("who"))["pack"] or any(e.get("item") == stow.get("item")
                                                                    for e in st.chain)


def test_undo_brings_back_the_menu_of_the_earlier_position(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    _to_human_opportunity(app, scene)
    frames(app, 2)
    rows_before = [(r.payload, texts_in(scene, r.rect)) for r in regions_keyed(scene, "menu")]
    assert rows_before and all(len(words) == 2 for _, words in rows_before)
    wait = next(a for a in scene.legal if a.kind == "wait")
    _click_action(app, scene, wait)
    frames(app, 2)
    ok, _ = scene.match.can_undo(scene.viewer)
    if not ok:
        pytest.skip("a random step (a roll) followed: undo is refused there by design")
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="z", scancode=0)],
             1 / 30)
    frames(app, 2)
    assert [(r.payload, texts_in(scene, r.rect)) for r in regions_keyed(scene, "menu")] == rows_before


def test_long_names_are_cut_to_fit(app: Any) -> None:
    from game.scenes.skirmish.panes.common import fit as _fit

    text, size = _fit("Brother Hollin, Warden of the Long Road", 120, 15, 10)
    assert size == 10 and text.endswith("…")
    from game.ui import gfx

    assert gfx.text_size(text, size, True)[0] <= 120
    assert _fit("Wren", 120, 15, 10) == ("Wren", 15)


def test_limb_chips_say_their_state_on_hover(app: Any) -> None:
    scene = start(app, "02_grasping_mire", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], seed=4)
    _to_human_opportunity(app, scene)
    frames(app, 2)
    st = scene.state
    lurker = next(c for c in st.combatants if c["body"] == "tentacled" and st.active(c)
                  and not any(c["limb_wait"].values()) and not c["limb_damage"])
    tips = [r.tooltip for r in scene.router.regions if r.key and r.key[0] in ("part", "chip", "zone")
            and r.key[1] == lurker["id"]]
    limbs = [p for p in lurker["parts"] if p["limb"]]
    assert len(tips) >= len(limbs) == 4, "every tentacle has its chip"
    for p in limbs:
        name = st.part_name(lurker, p["id"], "en")
        assert any(tip.startswith(f"{name}: active") for tip in tips)
