"""The named effect verbs (disarm, redirect, harden, cancel, add_wait, heal on limbs) and the
combat entry point other rulesets call (start_combat)."""

from __future__ import annotations

import pytest

from game.engine.rng import Rng
from game.rulesets.skirmish import RULESET, CombatantSpec, start_combat
from tests.rulesets.skirmish.helpers import play, fighter, find, make, script, set_levels
from tests.rulesets.skirmish.test_seed003_rules import EXTRA


def test_verb_disarm_drops_the_item_on_the_limb():
    a = fighter("ana", "heroes", 0, ap=12, equipment=[{"item": "dagger", "parts": ["hand_r"]}], per=10)
    foe = fighter("foe", "minions", 1, base=False, hp=30, equipment=[{"item": "hand_axe", "parts": ["hand_r"]}])
    st = make([a, foe], extra=EXTRA)
    script(st, [6, 6, 6, 1, 1, 1])
    play(st, "use", act="disarming_strike", target="foe", limb="hand_r")
    assert "foe.hand_axe" in st.ground and not st.c("foe")["equipped"]


def test_verb_redirect_with_several_targets_keeps_one_record():
    a = fighter("ana", "heroes", 0, ap=12, advantages={"multi_attack": 1}, actions=["auto_hit"])
    m1 = fighter("m1", "minions", 1, base=False, ap=11, hp=30, equipment=[{"item": "kite_shield", "parts": ["hand_l"]}])
    m2 = fighter("m2", "minions", 1, base=False, ap=5, hp=30)
    st = make([a, m1, m2], extra=EXTRA)
    set_levels(st, {"ana": 13, "m1": 12, "m2": 5}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)
    st.apply(find(st, "add_target", target="m2", limb=None))
    events = play(st, "react", who="m1", act="protect", target="m2")
    dmg = [e.data["target"] for e in events if e.kind == "DamageDealt"]
    assert dmg == ["m1"]  # m2 is no longer a target; m1 is hit once


def test_verb_harden_raises_the_difficulty_against_the_reactor():
    a = fighter("ana", "heroes", 0, ap=12, actions=["margin_hit"])
    foe = fighter("foe", "minions", 1, base=False, ap=11, hp=30, equipment=[{"item": "swift_boots", "parts": ["feet"]}])
    st = make([a, foe], extra=EXTRA)
    set_levels(st, {"ana": 13, "foe": 12}, needle=11)
    play(st, "use", act="margin_hit", target="foe", limb=None)
    events = play(st, "react", who="foe", act="dodge")
    chk = [e.data for e in events if e.kind == "DiceRolled" and e.data["purpose"] == "check"][0]
    assert chk["difficulty"] == 10 + 3


def test_verb_add_wait_on_every_limb_and_on_the_body():
    st = make([fighter("ana", "heroes", 0), fighter("foe", "minions", 1, base=False, hp=30)], extra=EXTRA)
    st.add_wait("ana", "all_limbs", None, 2, [])
    assert st.c("ana")["limb_wait"] == {"hand_l": 2, "hand_r": 2, "feet": 2}
    st.add_wait("ana", "limb", None, 1, [])  # no limb chosen: the body card
    assert st.c("ana")["wait"] == 1


def test_paralysis_cancels_the_answered_action_only_on_its_declared_target():
    # protecting the target of a paralysis takes its wait points but does not save the answered block
    a = fighter("ana", "heroes", 0, ap=12, equipment=[{"item": "test_blade", "parts": ["hand_r"]}])
    b = fighter("bo", "heroes", 1, ap=11, mag=5, equipment=[{"item": "binding_wand", "parts": ["hand_r"]}])
    m1 = fighter("m1", "minions", 2, base=False, ap=11, hp=30, equipment=[{"item": "buckler", "parts": ["hand_l"]}])
    m2 = fighter("m2", "minions", 2, base=False, ap=10, hp=30, equipment=[{"item": "kite_shield", "parts": ["hand_l"]}])
    st = make([a, b, m1, m2], extra=EXTRA)
    set_levels(st, {"ana": 12, "bo": 10, "m1": 11, "m2": 10}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)  # ana -> 10
    play(st, "react", who="m1", act="block")  # m1 -> 8
    play(st, "react", who="bo", act="paralysis", target="m1")  # bo -> 6; m2 (10) may protect m1
    events = play(st, "react", who="m2", act="protect", target="m1")
    assert not any(e.kind == "Cancelled" for e in events)
    assert any(e.kind == "WaitAdded" and e.data["who"] == "m2" for e in events)
    assert any(e.kind == "Negated" and e.data["who"] == "m1" for e in events) or \
        any(e.kind == "DiceRolled" and e.data.get("act") == "block" and not e.data["success"] for e in events)


def test_start_combat_with_combatants_built_elsewhere():
    specs = [
        {"id": "knight", "name": {"en": "Knight", "es": "Caballero", "it": "Cavaliere"}, "side": "heroes", "seat": 0,
         "body": "humanoid", "stats": {"ap": 10, "hp": 12, "str": 2, "def": 1},
         "equipment": [{"item": "longsword", "parts": ["hand_r"]}], "base_actions": True},
        CombatantSpec.model_validate({"id": "wolf", "name": "Wolf", "side": "minions", "seat": 1, "body": "arachnid",
                                      "stats": {"ap": 9, "hp": 8, "str": 1}, "actions": ["bite"]}),
    ]
    st = start_combat(specs, seed=4, seats=["Ana", "Dark Lord"])
    assert st.seat_names == ["Ana", "Dark Lord"] and st.phase == "combat"
    assert RULESET.from_json(st.to_json()).to_json() == st.to_json()
    rng = Rng(1)
    while st.to_act() is not None:
        st.apply(RULESET.bot_policy(st, st.to_act(), st.legal_actions(), rng) or rng.choice(st.legal_actions()))
        assert not st.invariants()
    assert st.result() is not None


def test_start_combat_rejects_bad_combatants_with_the_field():
    with pytest.raises(ValueError, match="roster"):
        start_combat([{"id": "x", "name": "X", "side": "heroes", "seat": 0, "body": "humanoid",
                       "stats": {"ap": 10, "hp": 5}}])
    with pytest.raises(ValueError, match="unknown body"):
        start_combat([{"id": "x", "name": "X", "side": "heroes", "seat": 0, "body": "blob", "stats": {"ap": 10, "hp": 5}},
                      {"id": "y", "name": "Y", "side": "minions", "seat": 1, "body": "humanoid",
                       "stats": {"ap": 10, "hp": 5}}])


def test_seed003_effects_of_an_aimed_action_go_to_the_limb():
    a = fighter("ana", "heroes", 0, ap=12, actions=["roar"])
    foe = fighter("foe", "minions", 1, base=False, hp=30, ap=5)
    st = make([a, foe], extra={**EXTRA, "actions": {**EXTRA["actions"], "roar": {
        "name": "Roar", "tags": ["spell"], "cost": 2, "effects": [{"effect": "add_wait", "points": 2}]}}})
    play(st, "use", act="roar", target="foe", limb="hand_l")
    assert st.c("foe")["limb_wait"] == {"hand_l": 2} and st.c("foe")["wait"] == 0
    play(st, "use", act="roar", target="foe", limb=None)
    assert st.c("foe")["wait"] == 2
