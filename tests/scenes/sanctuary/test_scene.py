"""The sanctuary card table: it opens on every shipped level, plays by dragging and clicking its own
regions (hand to table, attackers onto the Sanctuary, challengers and blockers onto Characters),
explains refusals, zooms cards with their full text, animates damage on the Structure dial, and a
whole game runs to the result screen with the mouse against a bot."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.actions import Action
from game.engine.protocol import SeatSpec
from tests.scenes.driving import ack_region, to_next_human
from tests.scenes.sanctuary.conftest import (advance, click, drag, drop_point, frames, region, start,
                                             visible_point, wait_until)

SCENE_DIR = Path(__file__).resolve().parents[3] / "game" / "scenes" / "sanctuary"


def _levels() -> list[str]:
    from game.engine.levels import discover_levels

    return [e.id for e in discover_levels("sanctuary") if getattr(e, "error", None) is None]


def _face_viewer(app: Any, scene: Any) -> None:
    """Confirm hot-seat curtains until the player to act sits in front."""
    from game.scenes.dialogs import PassScene

    for _ in range(6):
        frames(app, 2)
        if isinstance(app.top, PassScene):
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], 1 / 30)
            frames(app, 2)
        ack = ack_region(scene) if app.top is scene else None
        if ack is not None:  # the pause after a hand-over or an ended turn
            click(app, ack.rect.center)
            frames(app, 2)
        if scene.viewer == scene.match.to_act() and app.top is scene:
            return
    raise AssertionError("the player to act never got the table")


def _keep_both(app: Any, scene: Any) -> None:
    """Both players keep their opening hands by clicking the Keep button."""
    for _ in range(2):
        _face_viewer(app, scene)
        keep = region(scene, ("mull", "keep"))
        assert keep is not None, "the mulligan choice is on the table"
        click(app, keep.rect.center)
    frames(app, 3)
    _face_viewer(app, scene)


def _two_humans(app: Any, level: str = "quick", seed: int = 3) -> Any:
    return start(app, level, [SeatSpec("Ana"), SeatSpec("Bo")], seed)


# ----------------------------------------------------------------------------------------- opening


def test_sanctuary_has_its_own_scene() -> None:
    from game.scenes import scene_class_for
    from game.scenes.sanctuary import SCENE, SanctuaryScene

    assert SCENE is SanctuaryScene
    assert scene_class_for("sanctuary") is SanctuaryScene


@pytest.mark.parametrize("level", _levels())
def test_scene_opens_and_renders_every_shipped_level(app: Any, level: str) -> None:
    scene = start(app, level)
    assert type(scene).__name__ == "SanctuaryScene"
    frames(app, 3)
    assert app.errors == []
    view = scene.view
    me = scene.L.me
    hand = view["players"][me]["hand"]
    assert hand and all(region(scene, ("hand", c)) is not None for c in hand), "every card of the hand is a target"
    for seat in (0, 1):
        assert region(scene, ("target", f"{seat}.S")) is not None, "both Sanctuaries are on the table"
    assert scene.invariants() == []


def test_seed004_phase_track_shows_the_six_phases_in_order_with_the_current_one_lit(app: Any) -> None:
    from game.engine.i18n import t

    scene = _two_humans(app, "tutorial")
    _keep_both(app, scene)
    names = [t(f"sanctuary.phase.{p}") for p in
             ("communion", "meditation", "harvest", "duel", "combat", "contemplation")]
    assert scene.tracker.phases == names
    assert scene.view["phase"] == "harvest"
    assert scene.tracker.current == names.index(t("sanctuary.phase.harvest"))
    assert scene.tracker.round_label == "Turn 1"


# ----------------------------------------------------------------------------------------- set-up


def test_seed004_mulligan_is_a_clear_choice_new_hands_shrink_after_the_first(app: Any) -> None:
    scene = _two_humans(app)
    _face_viewer(app, scene)
    seat = scene.match.to_act()
    mull = region(scene, ("mull", "mulligan"))
    assert mull is not None and mull.legal
    assert "6" in scene.describe(Action.of("mulligan"))
    click(app, mull.rect.center)
    assert scene.match.history[-1].action.kind == "mulligan"
    assert len(scene.match.state.players[seat].hand) == 6, "the first new hand has 6 cards"
    frames(app, 2)
    assert "5" in scene.describe(Action.of("mulligan")), "the next one would have a card fewer"
    click(app, region(scene, ("mull", "mulligan")).rect.center)
    assert len(scene.match.state.players[seat].hand) == 5
    frames(app, 2)
    click(app, region(scene, ("mull", "keep")).rect.center)
    assert scene.match.history[-1].action.kind == "keep"
    assert app.errors == []


# ----------------------------------------------------------------------------------------- playing


def _to_own_harvest_with(scene: Any, app: Any, kind: str) -> str | None:
    """Advance (both seats by the greedy policy) to a Will Harvest where the player to act can play an
    untargeted card of ``kind``; return that card's instance."""
    found: dict[str, str] = {}

    def ok(st: Any) -> bool:
        if st.phase != "harvest" or st.to_act() != st.active or st.stack:
            return False
        for a in st.legal_actions():
            if a.kind == "play" and a.get("target") is None and st.card(a["card"]).type == kind:
                found["c"] = a["card"]
                return True
        return False

    if not advance(scene, ok):
        return None
    _face_viewer(app, scene)
    return found.get("c")


def test_drag_a_character_from_the_hand_onto_the_battle_row_plays_it(app: Any) -> None:
    scene = _two_humans(app)
    card = _to_own_harvest_with(scene, app, "character")
    assert card is not None
    seat = scene.match.to_act()
    hand = region(scene, ("hand", card))
    assert hand.legal and hand.draggable
    zone = region(scene, ("zone", "chars"))
    # while dragging, the legal drop zone lights up (accepts the card), the stack zone does not
    assert zone.accepts(hand.payload) is None
    assert region(scene, ("zone", "stack")).accepts(hand.payload)
    drag(app, visible_point(scene, hand), drop_point(scene, zone))
    assert card in scene.match.state.players[seat].chars, "the drop played the card"
    assert app.errors == []


def test_dropping_a_card_where_it_cannot_go_is_refused_with_the_reason(app: Any) -> None:
    scene = _two_humans(app)
    card = _to_own_harvest_with(scene, app, "character")
    assert card is not None
    n = len(scene.match.history)
    hand = region(scene, ("hand", card))
    drag(app, visible_point(scene, hand), drop_point(scene, region(scene, ("zone", "stack"))))
    assert len(scene.match.history) == n, "nothing was played"
    assert any("cannot go there" in item.text for item in scene.toast.items)


def test_click_on_a_card_that_cannot_be_played_says_why(app: Any) -> None:
    scene = _two_humans(app, "ember_vs_gear", seed=8)

    def ok(st: Any) -> bool:
        if st.phase != "harvest" or st.to_act() != st.active or st.stack:
            return False
        pl = st.players[st.active]
        return any(st.card(c).cost > pl.will for c in pl.hand)

    assert advance(scene, ok)
    _face_viewer(app, scene)
    st = scene.match.state
    pl = st.players[st.active]
    card = next(c for c in pl.hand if st.card(c).cost > pl.will)
    reg = region(scene, ("hand", card))
    assert not reg.legal and "Will" in reg.reason
    n = len(scene.match.history)
    click(app, visible_point(scene, reg))
    assert len(scene.match.history) == n
    assert any("costs" in item.text for item in scene.toast.items), "the toast names the cost"


def test_seed004_combat_drag_attacker_onto_the_opposing_sanctuary_then_blocker_onto_attacker(app: Any) -> None:
    scene = _two_humans(app, "quick", seed=5)

    def choose(st: Any, legal: list) -> Any:
        if st.step == "declare":
            return Action.of("no_duel")
        return None

    def at_attack(st: Any) -> bool:
        if st.step != "attack" or st.combat.attackers:
            return False
        cands = [a for a in st.legal_actions() if a.kind == "attack"]
        opp = st.players[1 - st.active]
        return bool(cands) and any(not st.perm[c].tapped for c in opp.chars)

    assert advance(scene, at_attack, choose)
    _face_viewer(app, scene)
    st = scene.match.state
    attacker = next(a["card"] for a in st.legal_actions() if a.kind == "attack")
    act = region(scene, ("act", attacker))
    assert act.draggable and act.legal
    opp_sanct = region(scene, ("target", f"{1 - st.active}.S"))
    assert opp_sanct.accepts(act.payload) is None, "the opposing Sanctuary lights up for an attacker"
    drag(app, visible_point(scene, act), drop_point(scene, opp_sanct))
    assert attacker in scene.match.state.combat.attackers, "dragging declared the attacker"
    assert scene.match.state.perm[attacker].tapped, "an attacker turns"
    frames(app, 10)
    assert abs(scene.angle.get(attacker, 0) - 90) < 1, "the tapped card is drawn turned sideways"
    # end the declaration with the bar button
    if scene.match.state.step == "attack":
        frames(app, 1)
        end = next(b for b in scene.action_bar.buttons if b.payload == Action.of("end_attack"))
        click(app, end.rect.center)
    assert scene.match.state.step == "block"
    _face_viewer(app, scene)
    st = scene.match.state
    blocker = next(a["blocker"] for a in st.legal_actions() if a.kind == "block" and a["attacker"] == attacker)
    act = region(scene, ("act", blocker))
    target = region(scene, ("target", attacker))
    assert target.accepts(act.payload) is None
    drag(app, visible_point(scene, act), drop_point(scene, target))
    block = Action.of("block", blocker=blocker, attacker=attacker)
    assert any(h.action == block for h in scene.match.history[-3:]), "dragging declared the block"
    assert app.errors == []


def test_seed004_duel_drag_challenger_onto_an_opposing_character(app: Any) -> None:
    scene = _two_humans(app, "quick", seed=5)

    def at_declare(st: Any) -> bool:
        return st.step == "declare" and any(a.kind == "duel" for a in st.legal_actions())

    assert advance(scene, at_declare)
    _face_viewer(app, scene)
    st = scene.match.state
    duel = next(a for a in st.legal_actions() if a.kind == "duel")
    act = region(scene, ("act", duel["challenger"]))
    target = region(scene, ("target", duel["target"]))
    drag(app, visible_point(scene, act), drop_point(scene, target))
    st = scene.match.state
    assert st.duel is not None or scene.match.history[-1].action.kind == "duel"
    assert scene.match.history[-1].action == duel or any(h.action == duel for h in scene.match.history[-6:])
    assert app.errors == []


# ----------------------------------------------------------------------------------------- looking


def test_hover_on_a_hand_card_shows_its_rules_and_how_to_play_it(app: Any) -> None:
    scene = _two_humans(app)
    _face_viewer(app, scene)
    me = scene.viewer
    card = scene.match.state.players[me].hand[0]
    reg = region(scene, ("hand", card))
    p = visible_point(scene, reg)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0), touch=False)], 1 / 30)
    frames(app, 20)
    tip = scene.router.tooltip_text or ""
    name = scene.cname(card)
    assert name in tip
    assert "Cost" in tip, "the tooltip gives the card's numbers"


def test_right_click_zooms_a_card_with_its_full_text(app: Any) -> None:
    scene = _two_humans(app)
    _face_viewer(app, scene)
    me = scene.viewer
    card = scene.match.state.players[me].hand[0]
    click(app, visible_point(scene, region(scene, ("hand", card))), button=3)
    insp = scene.inspector
    assert insp.visible
    cdef = scene.match.state.card(card)
    assert insp.title == scene.cname(card)
    assert "Cost" in insp.body
    assert scene.faction_name(cdef.faction) in insp.subtitle
    assert insp.art is not None, "the card itself is drawn large"
    frames(app, 3)
    click(app, (640, 360))
    assert not insp.visible, "a click closes the zoom"


def test_seed004_structure_dial_and_damage_numbers_animate(app: Any) -> None:
    from game.engine.events import damage_dealt

    scene = _two_humans(app)
    _face_viewer(app, scene)
    frames(app, 2)
    seat = 1 - scene.viewer
    before = scene.match.state.players[seat].structure
    assert scene.dial[seat] == before
    scene.on_events([damage_dealt(f"{seat}.S", 4, None, structure=before - 4)])
    seen, floats = [], []
    for _ in range(30):
        app.step([], 1 / 60)
        seen.append(scene.dial[seat])
        floats += [f["text"] for f in scene.floats]
    assert any(before - 4 < v < before for v in seen), "the dial turns through the values in between"
    assert "−4" in floats, "a damage number floats up"
    frames(app, 40)
    assert scene.dial[seat] == before, "with nothing animating, the dial shows the state again"


def test_hot_seat_shows_only_the_viewers_hand(app: Any) -> None:
    scene = _two_humans(app)
    _face_viewer(app, scene)
    me = scene.viewer
    view = scene.view
    assert all(c == "?" for c in view["players"][1 - me]["hand"])
    shown = [iid for iid, _ in scene.L.hand]
    assert shown == scene.match.state.players[me].hand
    assert not any(region(scene, ("hand", c)) for c in scene.match.state.players[1 - me].hand)


def test_tutorial_opponent_plays_its_script(app: Any) -> None:
    scene = start(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Tide", "bot", "normal")])
    from game.scenes.base import ScriptedBot

    bot = scene.driver.bot_for(1)
    assert isinstance(bot, ScriptedBot) and bot.script == scene.ruleset.script_choice
    # the scripted seat's move is the script's own whenever it has one
    state = scene.match.state
    checked = False
    for _ in range(400):
        if state.to_act() is None:
            break
        seat = state.to_act()
        legal = state.legal_actions()
        scripted = scene.ruleset.script_choice(state.view(seat), seat, legal)
        if seat == 1 and scripted is not None:
            assert bot.choose(scene.ruleset, state.view(seat), seat, legal) == scripted
            checked = True
            break
        state.apply(legal[0] if seat == 0 else bot.choose(scene.ruleset, state.view(seat), seat, legal))
    assert checked, "the scripted seat never had a scripted move"


def test_a_busy_board_repaints_nothing_twice(app: Any) -> None:
    """A busy board (eight characters and attachments, harvest): a steady frame draws the sides from the cache.

    Not timed (the sanctuary busy board's time is the bench's ``sanctuary`` figure, ``python -m game
    bench``): the work a frame does is counted instead (``frame_work``), the same on any machine.
    """
    from tests.scenes.framework import assert_steady_frame_work

    scene = _two_humans(app, "tide_vs_gear", seed=7)

    def busy(st: Any) -> bool:
        return sum(len(p.chars) + len(p.attachments) for p in st.players) >= 8 and st.phase == "harvest"

    assert advance(scene, busy, limit=1500)
    _face_viewer(app, scene)
    frames(app, 40)
    assert not scene.is_animating(), "nothing moves"

    # today about 1,260 calls and 17 blits (a table layer repainted every frame: 2,100 and 77)
    assert_steady_frame_work(app, scene, 2500, 40,
                             lambda painted: {"PhaseTracker._paint", "LogPanel._paint"} <= set(painted),
                             "the tracker and the log")


# ----------------------------------------------------------------------------------------- a whole game


def _moves(scene: Any) -> list[tuple[str, Any, Any]]:
    """Every legal thing the player in front can do with the mouse: ("click", region) or ("drag", region, target)."""
    out: list[tuple[str, Any, Any]] = []
    targets = [r for r in scene.router.regions if r.drop_target]
    for r in scene.router.regions:
        if not r.legal:
            continue
        acts = r.payload if isinstance(r.payload, list) else [r.payload] if isinstance(r.payload, Action) else []
        acts = [a for a in acts if a in set(scene.legal)]
        if not acts:
            continue
        if r.draggable:
            for tgt in targets:
                if tgt.accepts is not None and tgt.accepts(r.payload) is None:
                    out.append(("drag", r, tgt))
        if len(acts) == 1:
            out.append(("click", r, None))
    for b in scene.action_bar.buttons:
        if isinstance(b.payload, Action) and b.payload in set(scene.legal):
            reg = region(scene, b.key)
            assert reg is not None, "the bar's buttons are registered"
            out.append(("click", reg, None))
    return out


def _play_by_mouse(app: Any, scene: Any, max_moves: int) -> int:
    from game.engine.rng import Rng

    rng = Rng(4)
    moves = 0
    while not scene.match.is_over() and moves < max_moves:
        assert to_next_human(app, scene, 30), "the bot never moved"
        if scene.match.is_over():
            break
        frames(app, 1)
        options = _moves(scene)
        assert options, f"no mouse move for {[a.key for a in scene.legal]}"
        kinds = {o[0] for o in options}
        busy = [o for o in options if not (o[0] == "click" and isinstance(o[1].payload, Action)
                                           and o[1].payload.kind in ("pass", "no_duel", "end_attack", "end_block"))]
        pool = busy if busy and rng.random() < 0.85 else options
        kind, reg, tgt = pool[rng.randbelow(len(pool))]
        before = len(scene.match.history)
        if kind == "drag":
            drag(app, visible_point(scene, reg), drop_point(scene, tgt))
        else:
            click(app, visible_point(scene, reg))
        if len(scene.match.history) == before and scene.chrome.bar_override:  # several actions: pick on the bar
            frames(app, 1)
            choice = next(b for b in scene.action_bar.buttons if isinstance(b.payload, Action))
            click(app, choice.rect.center)
        assert len(scene.match.history) > before, f"the {kind} on {reg.key} played nothing ({kinds})"
        moves += 1
    return moves


def test_a_game_plays_by_mouse_against_a_bot(app: Any) -> None:
    scene = start(app, "quick", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed=2)
    moves = _play_by_mouse(app, scene, 30)
    assert moves == 30 or scene.match.is_over()
    assert app.errors == []
    assert scene.invariants() == []


@pytest.mark.slow
def test_a_whole_game_plays_to_the_result_screen_by_mouse(app: Any) -> None:
    from game.scenes.dialogs import ResultScene

    scene = start(app, "ember_vs_tide", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed=9)
    _play_by_mouse(app, scene, 2000)
    assert scene.match.is_over()
    assert wait_until(app, lambda: isinstance(app.top, ResultScene), 30)
    assert app.errors == []


# ----------------------------------------------------------------------------------------- strings


def test_every_scene_string_exists_in_three_languages() -> None:
    data = tomllib.loads((SCENE_DIR / "strings.toml").read_text(encoding="utf-8"))

    def flat(d: dict, prefix: str = "") -> dict[str, dict]:
        out: dict[str, dict] = {}
        for k, v in d.items():
            if isinstance(v, dict) and {"en", "es", "it"} & set(v):
                out[prefix + k] = v
            elif isinstance(v, dict):
                out.update(flat(v, prefix + k + "."))
        return out

    entries = flat(data)
    assert entries
    for key, langs in entries.items():
        assert {"en", "es", "it"} <= set(langs), key
        assert all(str(langs[lg]).strip() for lg in ("en", "es", "it")), key
    used = set()
    for py in SCENE_DIR.glob("*.py"):
        used |= set(re.findall(r"""\b_t\(\s*["']([a-z_][a-z0-9_.]*)["']""", py.read_text(encoding="utf-8")))
    assert used, "the scene uses its catalogue"
    missing = sorted(k for k in used if f"sanctuary_scene.{k}" not in entries
                     and f"sanctuary_scene.{k}.other" not in entries)  # one text, or plural forms
    assert missing == []


# ----------------------------------------------------------------------------------------- every kind of drag

def _kind_of(st: Any, a: Action) -> str | None:
    if a.kind == "use":
        return "ability_on_target" if a.get("target") else None
    if a.kind != "play":
        return None
    card = st.card(a["card"])
    if card.type == "technology":
        return "technology_on_carrier"
    if card.type == "manipulation":
        return "manipulation_on_target" if a.get("target") else "manipulation_to_stack"
    if card.type == "attachment":
        return "attachment_to_column"
    return None


@pytest.mark.parametrize("kind,level,seed", [
    ("technology_on_carrier", "ember_vs_gear", 4),
    ("manipulation_on_target", "ember_vs_tide", 6),
    ("attachment_to_column", "tide_vs_grove", 2),
    ("ability_on_target", "ember_vs_grove", 3),
])
def test_every_kind_of_play_is_a_drag_onto_its_place(app: Any, kind: str, level: str, seed: int) -> None:
    scene = _two_humans(app, level, seed)

    def ok(st: Any) -> bool:
        return st.phase not in ("setup", "over") and any(_kind_of(st, a) == kind for a in st.legal_actions())

    def choose(st: Any, legal: list) -> Any:  # keep the game going without playing the wanted kind
        return None

    assert advance(scene, ok, choose, limit=4000), f"no position with a {kind}"
    _face_viewer(app, scene)
    st = scene.match.state
    want = next(a for a in st.legal_actions() if _kind_of(st, a) == kind)
    actor = want["card"]
    src = region(scene, ("hand", actor)) or region(scene, ("act", actor))
    assert src is not None and src.draggable, f"{actor} can be dragged"
    drops = [r for r in scene.router.regions if r.drop_target and scene.table_regions.match(src.payload, r.payload) == want]
    assert drops, "a drop target stands for the wanted action"
    drag(app, visible_point(scene, src), drop_point(scene, drops[-1]))
    assert any(h.action == want for h in scene.match.history[-3:]), f"the drag played {want.key}"
    assert app.errors == []


def test_seed004_priority_prompt_names_the_card_waiting_on_the_stack(app: Any) -> None:
    scene = _two_humans(app, "ember_vs_tide", 6)

    def ok(st: Any) -> bool:
        return st.phase not in ("setup", "over") and bool(st.stack) and st.step == "priority"

    def choose(st: Any, legal: list) -> Any:  # play Manipulations whenever possible, to get a stack
        plays = [a for a in legal if a.kind == "play" and st.card(a["card"]).type == "manipulation"]
        return plays[0] if plays else None

    assert advance(scene, ok, choose, limit=4000)
    _face_viewer(app, scene)
    top = scene.match.state.stack[-1]
    text = scene.prompt_text(scene.view)
    assert scene.cname(top["card"]) in text
    assert "pass" in text.lower()
    assert region(scene, ("stackitem", top["card"])) is not None, "the stack shows the card"
    bar = [b.payload.kind for b in scene.action_bar.buttons if isinstance(b.payload, Action)]
    assert "pass" in bar, "passing is one click away"


def test_undo_of_an_attack_turns_the_card_back_and_a_refused_undo_says_why(app: Any) -> None:
    from game.engine.i18n import t

    scene = _two_humans(app, "quick", seed=5)

    def at_attack(st: Any) -> bool:
        return st.step == "attack" and not st.combat.attackers and any(
            a.kind == "attack" for a in st.legal_actions())

    assert advance(scene, at_attack, lambda st, legal: Action.of("no_duel") if st.step == "declare" else None)
    _face_viewer(app, scene)
    seat = scene.match.to_act()
    attacker = next(a["card"] for a in scene.match.state.legal_actions() if a.kind == "attack")
    click(app, visible_point(scene, region(scene, ("act", attacker))))
    assert any(h.action == Action.of("attack", card=attacker) for h in scene.match.history[-2:]), "clicked: attacks"
    frames(app, 20)
    if not scene.match.is_over() and scene.match.to_act() != seat:
        _face_viewer(app, scene)  # the turn moved on: the other player sits in front
    seat = scene.viewer
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    ok, reason = scene.match.can_undo(seat)
    app.step([ctrl_z], 1 / 30)
    frames(app, 20)
    if ok:
        assert not scene.match.state.perm[attacker].tapped, "undone: the attacker stands up again"
        assert abs(scene.angle.get(attacker, 0.0)) < 1, "and is drawn upright"
    else:
        assert any(t(reason) in item.text for item in scene.toast.items), "the refusal is explained"
    assert app.errors == []


def test_language_change_rewords_the_table(app: Any) -> None:
    from game.engine import i18n

    scene = _two_humans(app)
    _face_viewer(app, scene)
    before = scene.prompt_text(scene.view)
    old = app.settings
    app.settings = type(old)(**{**old.__dict__, "language": "es"}) if hasattr(old, "__dict__") else old
    i18n.set_language("es")
    scene.on_settings_changed()
    frames(app, 3)
    try:
        after = scene.prompt_text(scene.view)
        assert after != before and "mano" in after.lower()
        assert scene.tracker.phases[0] == "Comunión"
        assert app.errors == []
    finally:
        i18n.set_language("en")


def test_spectating_bots_shows_no_choice_and_no_hand(app: Any) -> None:
    scene = start(app, "quick", [SeatSpec("Bot A", "bot", "random"), SeatSpec("Bot B", "bot", "random")])
    frames(app, 2)
    assert scene.viewer is None
    assert not scene.L.mulligan, "nobody in front decides: no mulligan buttons"
    assert all(iid == "?" for iid, _ in scene.L.hand), "a spectator sees no hand"
    assert wait_until(app, lambda: scene.match.state.phase != "setup", 20)
    assert app.errors == []
