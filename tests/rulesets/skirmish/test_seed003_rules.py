"""One test per clause of seed 003 (skirmish), named after the clause.

Small fights are built from rosters over the shipped content (tests/rulesets/skirmish/helpers.py);
dice are scripted where an outcome matters.
"""

from __future__ import annotations

import pytest

from game.engine.actions import Action
from game.engine.levels import LevelError
from game.rulesets.skirmish.state import ceil_half
from tests.rulesets.skirmish.helpers import play, fighter, find, has, make, refresh, script, set_levels

EXTRA = {
    "actions": {
        "auto_hit": {"name": "Sure hit", "tags": ["attack"], "cost": 2, "effects": [{"effect": "damage", "dice": "1d"}]},
        "low_hit": {"name": "Low hit", "tags": ["attack"], "cost": 2,
                    "effects": [{"effect": "damage", "dice": "1d-2|1"}]},
        "margin_hit": {"name": "Margin hit", "tags": ["attack"], "cost": 2,
                       "check": {"offense": "str", "difficulty": 10, "defense": "def"},
                       "effects": [{"effect": "damage", "dice": "1d", "add_margin": True}]},
        "roar": {"name": "Roar", "tags": ["spell"], "cost": 2, "allow_limb": False,
                 "effects": [{"effect": "add_wait", "points": 1}]},
    },
    "equipment": {
        "test_blade": {"name": "Test blade", "parts": ["hand"], "equip_cost": 2, "actions": ["auto_hit"]},
        "heavy_blade": {"name": "Heavy blade", "parts": ["hand", "hand"], "equip_cost": 4, "actions": ["auto_hit"]},
        "sticky_gloves": {"name": "Sticky gloves", "kind": "natural", "parts": ["hand"], "modifiers": {"str": 2},
                          "actions": ["auto_hit"]},
    },
}


def duel(hero_kw=None, minion_kw=None, **kw):
    """A hero (seat 0) against one minion (seat 1)."""
    hero = fighter("hero", "heroes", 0, **(hero_kw or {}))
    foe = fighter("foe", "minions", 1, base=False, **(minion_kw or {}))
    return make([hero, foe], extra=EXTRA, **kw)


def c(st, cid):
    return st.c(cid)


# --------------------------------------------------------------------------- conventions
def test_seed003_divisions_round_up():
    assert [ceil_half(n) for n in (1, 2, 3, 7, 8)] == [1, 1, 2, 4, 4]
    st = duel({"hp": 7})
    assert st.limb_threshold(c(st, "hero")) == 4


def test_seed003_six_counts_five_and_rerolls_in_damage():
    st = duel({"equipment": [{"item": "test_blade", "parts": ["hand_r"]}], "ap": 12}, {"hp": 30})
    script(st, [6, 6, 2])
    events = play(st, "use", act="auto_hit", target="foe", limb=None)
    dmg = [e for e in events if e.kind == "DamageDealt"]
    assert dmg[0].data["amount"] == 12  # 5 + 5 + 2
    assert c(st, "foe")["damage"] == 12


def test_seed003_damage_notation_minus_and_minimum():
    st = duel({"actions": ["low_hit"], "ap": 12}, {"hp": 30})
    script(st, [2])
    play(st, "use", act="low_hit", target="foe", limb=None)
    assert c(st, "foe")["damage"] == 1  # 2 - 2 = 0, at least 1


# --------------------------------------------------------------------------- combatants
def test_seed003_combatant_characteristics():
    st = duel({"ap": 11, "hp": 13, "str": 2, "def": 1, "per": 3, "mag": 4, "dr": 1})
    h = c(st, "hero")
    assert {s: st.stat(h, s) for s in ("ap", "hp", "str", "def", "per", "mag", "dr")} == \
        {"ap": 11, "hp": 13, "str": 2, "def": 1, "per": 3, "mag": 4, "dr": 1}


def test_seed003_hero_body_parts_and_limbs():
    st = duel()
    h = c(st, "hero")
    kinds = sorted(p["kind"] for p in h["parts"])
    assert kinds == sorted(["head", "neck", "torso", "arm", "arm", "leg", "leg", "hand", "hand", "feet"])
    assert sorted(p["id"] for p in st.limbs(h)) == ["feet", "hand_l", "hand_r"]  # feet count as one limb


def test_seed003_action_needs_active_limb():
    st = duel({"ap": 12}, {"hp": 30})
    assert has(st, "use", act="punch") and has(st, "use", act="kick")
    h = c(st, "hero")
    h["limb_damage"] = {"hand_l": 6, "hand_r": 6, "feet": 6}  # hp 12: disabled at 6
    h["damage"] = 0
    refresh(st)
    assert not has(st, "use", act="punch")
    assert not has(st, "use", act="kick")


# --------------------------------------------------------------------------- equipment
def test_seed003_one_item_per_body_part():
    with pytest.raises(LevelError, match="already holds an item"):
        duel({"equipment": [{"item": "dagger", "parts": ["hand_r"]}, {"item": "mace", "parts": ["hand_r"]}]})
    st = duel({"equipment": [{"item": "longsword", "parts": ["hand_r"]}], "pack": ["dagger"], "ap": 12})
    equips = [a for a in st.legal_actions() if a.kind == "equip"]
    assert [a["parts"] for a in equips] == [("hand_l",)]


def test_seed003_two_similar_parts_hold_two_items():
    st = duel({"equipment": [{"item": "dagger", "parts": ["hand_r"]}, {"item": "dagger", "parts": ["hand_l"]}]})
    assert len(c(st, "hero")["equipped"]) == 2
    assert len([a for a in st.legal_actions() if a.kind == "use" and a["act"] == "stab"]) == 2


def test_seed003_passive_modifiers_only_while_parts_active():
    st = duel({"def": 1, "equipment": [{"item": "kite_shield", "parts": ["hand_l"]},
                                       {"item": "sticky_gloves", "parts": ["hand_r"]}]})
    h = c(st, "hero")
    assert st.stat(h, "def") == 2 and st.stat(h, "str") == 2
    h["limb_wait"] = {"hand_l": 2}  # waiting limbs keep their bonuses
    assert st.stat(h, "def") == 2
    h["limb_damage"] = {"hand_r": 6}  # disabled: the gloves (no equip cost) stay, their +2 Str is gone
    assert "hero.sticky_gloves" in h["equipped"]
    assert st.stat(h, "str") == 0


def test_seed003_item_actions_need_their_parts_active_and_not_waiting():
    st = duel({"equipment": [{"item": "sticky_gloves", "parts": ["hand_r"]}], "ap": 12})
    assert has(st, "use", act="auto_hit", item="hero.sticky_gloves")
    h = c(st, "hero")
    h["limb_wait"] = {"hand_r": 1}
    refresh(st)
    assert not has(st, "use", act="auto_hit")
    h["limb_wait"] = {}
    h["limb_damage"] = {"hand_r": 6}
    refresh(st)
    assert not has(st, "use", act="auto_hit")


def test_seed003_equip_costs_ap_and_needs_free_active_parts():
    st = duel({"pack": ["longsword"], "equipment": [{"item": "dagger", "parts": ["hand_r"]}], "ap": 12})
    acts = [a for a in st.legal_actions() if a.kind == "equip"]
    assert [a["parts"] for a in acts] == [("hand_l",)]
    st.apply(acts[0])
    h = c(st, "hero")
    assert h["ap_level"] == 10  # longsword: 2 AP
    assert h["equipped"]["hero.longsword"] == ["hand_l"] and h["pack"] == []
    st2 = duel({"pack": ["longsword"], "ap": 12})
    c(st2, "hero")["limb_damage"] = {"hand_l": 6}
    refresh(st2)
    assert [a["parts"] for a in st2.legal_actions() if a.kind == "equip"] == [("hand_r",)]


def test_seed003_stow_costs_half_rounded_up():
    st = duel({"equipment": [{"item": "kite_shield", "parts": ["hand_l"]}], "ap": 12})
    st.apply(find(st, "stow", item="hero.kite_shield"))
    h = c(st, "hero")
    assert h["ap_level"] == 10  # equip cost 3 -> stow 2
    assert h["pack"] == ["hero.kite_shield"] and not h["equipped"]


def test_seed003_drop_is_free():
    st = duel({"equipment": [{"item": "longsword", "parts": ["hand_r"]}], "ap": 12})
    st.apply(find(st, "drop", item="hero.longsword"))
    h = c(st, "hero")
    assert h["ap_level"] == 12 and st.ground == ["hero.longsword"] and not h["equipped"]
    assert st.decision()["who"] == ["hero"]


def test_seed003_pick_up_from_ground_pays_equip_cost():
    st = duel({"ap": 12}, ground=["spear"])
    act = find(st, "pickup", item="ground.spear")
    assert act["parts"] == ("hand_l", "hand_r")
    st.apply(act)
    assert c(st, "hero")["ap_level"] == 10 and st.ground == []
    assert c(st, "hero")["equipped"]["ground.spear"] == ["hand_l", "hand_r"]


def test_seed003_take_from_willing_ally_at_equip_cost():
    a = fighter("ana", "heroes", 0, ap=12)
    b = fighter("bo", "heroes", 1, ap=8, pack=["dagger"])
    foe = fighter("foe", "minions", 2, base=False, hp=30)
    st = make([a, b, foe], extra=EXTRA)
    st.apply(find(st, "take", who="ana", item="bo.dagger", parts=("hand_l",)))
    assert st.to_act() == 1 and {x.kind for x in st.legal_actions()} == {"give", "refuse"}
    st.apply(Action.of("give"))
    assert st.c("ana")["ap_level"] == 11 and st.c("bo")["ap_level"] == 8
    assert "bo.dagger" in st.c("ana")["equipped"] and st.c("bo")["pack"] == []
    # an unwilling ally keeps the item; no AP is spent and the same request is not repeated this round
    st = make([a, b, foe], extra=EXTRA)
    st.apply(find(st, "take", who="ana", item="bo.dagger", parts=("hand_l",)))
    st.apply(Action.of("refuse"))
    assert st.c("ana")["ap_level"] == 12 and st.c("bo")["pack"] == ["bo.dagger"]
    assert not has(st, "take", item="bo.dagger")


def test_seed003_no_cost_items_change_only_outside_combat():
    st = duel({"pack": ["mail_coat"], "equipment": [{"item": "leather_jerkin", "parts": ["torso"]},
                                                    {"item": "iron_helm", "parts": ["head"]}], "ap": 12})
    kinds = {(a.kind, a.get("item")) for a in st.legal_actions()}
    assert ("equip", "hero.mail_coat") not in kinds
    assert not {k for k in kinds if k[0] in ("stow", "drop")}


def test_seed003_items_dropped_when_all_required_limbs_disabled():
    st = duel({"hp": 10, "equipment": [{"item": "heavy_blade", "parts": ["hand_l", "hand_r"]}]})
    events = []
    st.deal_damage("hero", "hand_l", 5, "foe", events)
    h = c(st, "hero")
    assert "hero.heavy_blade" in h["equipped"]  # one of two hands left: kept, but inert
    assert not st.item_working(h, "hero.heavy_blade")
    st.deal_damage("hero", "hand_r", 5, "foe", events)
    assert "hero.heavy_blade" not in h["equipped"] and st.ground == ["hero.heavy_blade"]
    assert any(e.kind == "ItemMoved" and e.data["reason"] == "limb_disabled" for e in events)


def test_seed003_no_cost_items_stay_inert_when_limbs_disabled():
    st = duel({"hp": 10, "equipment": [{"item": "swift_boots", "parts": ["feet"]}]})
    h = c(st, "hero")
    assert st.stat(h, "ap") == 11
    st.deal_damage("hero", "feet", 5, "foe", [])
    assert "hero.swift_boots" in h["equipped"]
    assert st.stat(h, "ap") == 10
    refresh(st)
    assert not any(a.get("act") == "dodge" for a in st.reaction_actions(h))


def test_seed003_free_limb_actions_need_an_unequipped_limb():
    st = duel({"equipment": [{"item": "longsword", "parts": ["hand_r"]}, {"item": "kite_shield", "parts": ["hand_l"]}],
               "ap": 12, "mag": 3})
    c(st, "foe")["damage"] = 1
    refresh(st)
    assert not has(st, "use", act="punch") and not has(st, "use", act="heal")
    st.apply(find(st, "drop", item="hero.kite_shield"))
    assert has(st, "use", act="punch") and has(st, "use", act="heal")


# --------------------------------------------------------------------------- damage
def test_seed003_damage_reduced_by_dr_first():
    st = duel({}, {"dr": 2, "hp": 30})
    events = []
    st.deal_damage("foe", None, 5, "hero", events)
    assert c(st, "foe")["damage"] == 3
    st.deal_damage("foe", None, 2, "hero", events)
    assert c(st, "foe")["damage"] == 3 and events[-1].data["amount"] == 0


def test_seed003_inactive_when_damage_reaches_hp():
    a = fighter("ana", "heroes", 0, ap=12)
    foes = [fighter("f1", "minions", 1, base=False, hp=5), fighter("f2", "minions", 1, base=False, hp=5)]
    st = make([a] + foes, extra=EXTRA)
    st.deal_damage("f1", None, 4, "ana", [])
    assert st.active(st.c("f1"))
    st.deal_damage("f1", None, 1, "ana", [])
    assert not st.active(st.c("f1")) and st.c("f1")["ap_level"] == 0
    refresh(st)
    assert not has(st, "use", target="f1")


def test_seed003_limb_target_costs_one_more_ap_and_two_difficulty():
    st = duel({"ap": 12, "str": 1}, {"hp": 40, "def": 2})
    script(st, [1, 1, 1])
    events = play(st, "use", act="punch", target="foe", limb="hand_l")
    assert c(st, "hero")["ap_level"] == 12 - 6
    check = [e for e in events if e.kind == "DiceRolled" and e.data["purpose"] == "check"][0]
    assert check.data["difficulty"] == 11 + 2 + 2  # base, foe's Def, aimed at a limb


def test_seed003_limb_damage_counts_toward_total():
    st = duel({}, {"hp": 10})
    st.deal_damage("foe", "hand_r", 4, "hero", [])
    st.deal_damage("foe", None, 5, "hero", [])
    assert st.total_damage(c(st, "foe")) == 9 and st.active(c(st, "foe"))
    st.deal_damage("foe", "feet", 1, "hero", [])
    assert not st.active(c(st, "foe"))


def test_seed003_limb_disabled_at_half_hp_and_still_targetable():
    st = duel({"ap": 12}, {"hp": 7})
    f = c(st, "foe")
    st.deal_damage("foe", "hand_r", 3, "hero", [])
    assert st.part_active(f, "hand_r")
    events = []
    st.deal_damage("foe", "hand_r", 1, "hero", events)
    assert not st.part_active(f, "hand_r") and any(e.kind == "LimbDisabled" for e in events)
    refresh(st)
    assert "hand_r" in st.aim_options(st.c("hero"), "kick", "foe")


def test_seed003_healing_never_beyond_damage():
    st = duel({}, {"hp": 20})
    c(st, "foe")["damage"] = 2
    events = []
    st.heal("foe", None, 6, "hero", events)
    assert c(st, "foe")["damage"] == 0 and events[-1].data["amount"] == 2


def test_seed003_no_healing_on_inactive_combatants():
    a = fighter("ana", "heroes", 0, ap=12, mag=5)
    b = fighter("bo", "heroes", 1, ap=5, hp=6)
    foe = fighter("foe", "minions", 2, base=False, hp=30)
    st = make([a, b, foe], extra=EXTRA)
    st.deal_damage("bo", None, 6, "foe", [])
    assert not st.active(st.c("bo"))
    refresh(st)
    assert not has(st, "use", act="heal", target="bo")
    st.heal("bo", None, 3, "ana", [])
    assert st.c("bo")["damage"] == 6


def test_seed003_limbs_healed_separately_and_reenabled():
    st = duel({}, {"hp": 8})
    f = c(st, "foe")
    st.deal_damage("foe", "hand_l", 5, "hero", [])
    st.deal_damage("foe", None, 2, "hero", [])
    assert not st.part_active(f, "hand_l")
    events = []
    st.heal("foe", "hand_l", 2, "hero", events)
    assert f["limb_damage"]["hand_l"] == 3 and st.part_active(f, "hand_l") and f["damage"] == 2
    assert any(e.kind == "LimbRestored" for e in events)
    st.heal("foe", "hand_l", 10, "hero", events)  # more than the limb has: only the limb's damage goes
    assert "hand_l" not in f["limb_damage"] and f["damage"] == 2


# --------------------------------------------------------------------------- wait points
def test_seed003_body_wait_points_allow_only_wait():
    st = duel({"ap": 12, "equipment": [{"item": "kite_shield", "parts": ["hand_l"]}]})
    c(st, "hero")["wait"] = 2
    refresh(st)
    assert [a.kind for a in st.legal_actions()] == ["wait"]


def test_seed003_limb_wait_points_restrict_actions():
    st = duel({"ap": 12, "actions": ["roar"], "equipment": [{"item": "sticky_gloves", "parts": ["hand_r"]}],
               "pack": ["dagger"]})
    c(st, "hero")["limb_wait"] = {"hand_r": 2}
    refresh(st)
    kinds = {(a.kind, a.get("act")) for a in st.legal_actions()}
    assert ("use", "kick") in kinds  # feet are not waiting
    assert ("use", "punch") in kinds  # the free left hand is not waiting
    assert ("use", "auto_hit") not in kinds  # the gloves' hand waits
    assert ("use", "roar") not in kinds  # an action using no limb is barred while any limb waits
    assert ("wait", None) in kinds and ("prepare", None) in kinds
    assert all(a["parts"] != ("hand_r",) for a in st.legal_actions() if a.kind == "equip")


def test_seed003_wait_points_drain_as_ap_spent():
    st = duel({"ap": 12})
    h = c(st, "hero")
    h["wait"], h["limb_wait"] = 3, {"hand_r": 1, "feet": 5}
    refresh(st)
    st.apply(find(st, "wait", who="hero"))
    assert h["wait"] == 2 and h["limb_wait"] == {"feet": 4} and h["ap_level"] == 11
    h["wait"] = 0
    refresh(st)
    play(st, "use", act="punch", target="foe", limb=None)  # 5 AP
    assert h["limb_wait"] == {} and h["ap_level"] == 6


def test_seed003_prepare_does_not_drain_wait_points():
    st = duel({"ap": 12})
    h = c(st, "hero")
    h["limb_wait"] = {"feet": 2}
    refresh(st)
    st.apply(find(st, "prepare", who="hero"))
    assert h["limb_wait"] == {"feet": 2} and h["ap_level"] == 11 and h["ready"] == 1


def test_seed003_round_start_ap_level_minus_body_wait_capped_at_15():
    a = fighter("ana", "heroes", 0, ap=12)
    b = fighter("bo", "heroes", 1, ap=15, advantages={"speed": 2})
    foe = fighter("foe", "minions", 2, base=False, ap=8, hp=30)
    st = make([a, b, foe], extra=EXTRA)
    assert st.c("bo")["ap_level"] == 15  # 17, capped
    st.c("ana")["wait"] = 3
    st.c("bo")["ready"] = 2
    set_levels(st, {"ana": 0, "bo": 0, "foe": 0}, needle=0)
    assert st.round == 2
    assert st.c("ana")["ap_level"] == 9 and st.c("ana")["wait"] == 0
    assert st.c("bo")["ready"] == 0  # unspent readiness is lost at the end of the round


# --------------------------------------------------------------------------- rounds, needle, priority
def test_seed003_needle_highest_ap_level_acts_first():
    a = fighter("ana", "heroes", 0, ap=9)
    foe = fighter("foe", "minions", 1, base=False, ap=11, hp=30)
    st = make([a, foe], extra=EXTRA)
    assert st.needle == 10 and st.decision()["who"] == ["foe"] and st.to_act() == 1


def test_seed003_priority_readiness_then_ap_attribute_then_hero():
    a = fighter("ana", "heroes", 0, ap=10)
    foe = fighter("foe", "minions", 1, base=False, ap=12, hp=30)
    st = make([a, foe], extra=EXTRA)
    set_levels(st, {"ana": 8, "foe": 8}, needle=7)
    assert st.decision()["who"] == ["foe"]  # same level, no readiness: the higher AP attribute
    st.c("ana")["ready"] = 1
    set_levels(st, {}, needle=7)
    assert st.decision()["who"] == ["ana"]  # more readiness first
    st2 = make([fighter("ana", "heroes", 0, ap=10), fighter("foe", "minions", 1, base=False, ap=10, hp=30)],
               extra=EXTRA)
    assert st2.decision()["who"] == ["ana"]  # all equal: a hero before a minion


def test_seed003_tied_heroes_controllers_decide():
    a = fighter("ana", "heroes", 0, ap=10)
    b = fighter("bo", "heroes", 1, ap=10)
    foe = fighter("foe", "minions", 2, base=False, ap=8, hp=30)
    st = make([a, b, foe], extra=EXTRA)
    assert st.to_act() == 0 and has(st, "yield")
    st.apply(Action.of("yield"))
    assert st.to_act() == 1 and not has(st, "yield") and st.decision()["who"] == ["bo"]
    st.apply(find(st, "wait", who="bo"))
    assert st.to_act() == 0  # after bo acted, ana is first again


def test_seed003_tied_minions_dark_lord_decides():
    a = fighter("ana", "heroes", 0, ap=8)
    m1 = fighter("m1", "minions", 1, base=False, ap=10, hp=30)
    m2 = fighter("m2", "minions", 1, base=False, ap=10, hp=30)
    st = make([a, m1, m2], extra=EXTRA)
    assert st.to_act() == 1 and st.decision()["who"] == ["m1", "m2"]
    assert has(st, "wait", who="m1") and has(st, "wait", who="m2")


def test_seed003_overspending_becomes_body_wait_points():
    st = duel({"ap": 12})
    set_levels(st, {"hero": 3, "foe": 1}, needle=2)
    play(st, "use", act="kick", target="foe", limb=None)
    h = c(st, "hero")
    assert h["ap_level"] == 0 and h["wait"] == 3 and st.round == 1
    st.apply(find(st, "wait", who="foe"))  # the round ends: 12 AP minus 3 body wait points
    assert st.round == 2 and h["ap_level"] == 9 and h["wait"] == 0


def test_seed003_ap_level_zero_cannot_act_but_may_react_with_readiness():
    a = fighter("ana", "heroes", 0, ap=12)
    foe = fighter("foe", "minions", 1, base=False, ap=8, hp=30, equipment=[{"item": "buckler", "parts": ["hand_l"]}])
    st = make([a, foe], extra=EXTRA)
    st.c("foe")["ready"] = 3
    set_levels(st, {"ana": 6, "foe": 0}, needle=5)
    play(st, "use", act="punch", target="foe", limb=None)  # ana 6 -> 1
    d = st.decision()
    assert d["type"] == "reaction" and d["who"] == ["foe"]  # 0 + 3 > 1
    play(st, "react", who="foe", act="block")
    assert st.c("foe")["ap_level"] == 0 and st.c("foe")["ready"] == 0 and st.c("foe")["wait"] == 0
    # a combatant at AP level 0 never gets an opportunity
    assert all(x["ap_level"] > 0 for x in (st.c(w) for w in (st.decision() or {"who": []})["who"]))


def test_seed003_round_ends_when_every_ap_level_is_zero():
    st = duel({"ap": 2}, {"ap": 1, "hp": 30})
    assert st.round == 1
    st.apply(find(st, "wait", who="hero"))
    assert st.round == 1 and st.decision()["who"] == ["hero"]
    st.apply(find(st, "wait", who="hero"))
    assert st.round == 1 and st.decision()["who"] == ["foe"]
    st.apply(find(st, "wait", who="foe"))
    assert st.round == 2 and c(st, "hero")["ap_level"] == 2


def test_seed003_combat_ends_when_no_two_active_enemies():
    st = duel({"ap": 12, "equipment": [{"item": "test_blade", "parts": ["hand_r"]}]}, {"hp": 3})
    script(st, [4])
    events = play(st, "use", act="auto_hit", target="foe", limb=None)
    assert st.to_act() is None and st.result().winners == (0,)
    assert any(e.kind == "GameOver" for e in events)
    assert st.legal_actions() == []


def test_seed003_wait_and_prepare_cost_one_ap():
    st = duel({"ap": 12})
    st.apply(find(st, "wait", who="hero"))
    assert c(st, "hero")["ap_level"] == 11
    st.apply(find(st, "prepare", who="hero"))
    assert c(st, "hero")["ap_level"] == 10 and c(st, "hero")["ready"] == 1
    c(st, "hero")["wait"] = 1
    refresh(st)
    assert not has(st, "prepare")


def test_seed003_readiness_lost_after_any_other_action():
    st = duel({"ap": 14}, {"hp": 40})
    st.apply(find(st, "prepare", who="hero"))
    st.apply(find(st, "prepare", who="hero"))
    assert c(st, "hero")["ready"] == 2
    play(st, "use", act="kick", target="foe", limb=None)
    assert c(st, "hero")["ready"] == 0


# --------------------------------------------------------------------------- reactions
def _three(hero_ap=12, foe_eq=None, ally_eq=None, foe2=True):
    a = fighter("ana", "heroes", 0, ap=hero_ap, equipment=[{"item": "test_blade", "parts": ["hand_r"]}])
    m1 = fighter("m1", "minions", 1, base=False, ap=9, hp=30, equipment=foe_eq or [])
    roster = [a, m1]
    if foe2:
        roster.append(fighter("m2", "minions", 1, base=False, ap=8, hp=30, equipment=ally_eq or []))
    return make(roster, extra=EXTRA)


def test_seed003_reaction_eligibility_needs_more_ap_level_plus_readiness():
    st = _three(foe_eq=[{"item": "buckler", "parts": ["hand_l"]}])
    set_levels(st, {"ana": 9, "m1": 7, "m2": 0}, needle=8)
    events = play(st, "use", act="auto_hit", target="m1", limb=None)  # ana 9 -> 7
    declared = [e for e in events if e.kind == "Declared"][0]
    assert declared.data["eligible"] == []  # 7 is not above 7
    st = _three(foe_eq=[{"item": "buckler", "parts": ["hand_l"]}])
    st.c("m1")["ready"] = 1
    set_levels(st, {"ana": 9, "m1": 7, "m2": 0}, needle=8)
    play(st, "use", act="auto_hit", target="m1", limb=None)
    assert [r["id"] for r in st.eligible_reactors(st.chain[-1])] == ["m1"]  # 7 + 1 > 7
    assert st.decision()["who"] == ["m1"]


def test_seed003_readiness_pays_reaction_cost_and_is_lost():
    st = _three(foe_eq=[{"item": "kite_shield", "parts": ["hand_l"]}])
    st.c("m1")["ready"] = 2
    set_levels(st, {"ana": 12, "m1": 9, "m2": 0}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)
    play(st, "react", who="m1", act="block")  # cost 3: 2 from readiness, 1 AP
    assert st.c("m1")["ap_level"] == 8 and st.c("m1")["ready"] == 0


def test_seed003_not_twice_in_the_same_chain():
    # m1 blocks ana's attack; ana's ally cannot... but m1 itself may not answer a reaction to its block
    a = fighter("ana", "heroes", 0, ap=12, equipment=[{"item": "test_blade", "parts": ["hand_r"]}])
    b = fighter("bo", "heroes", 1, ap=11, equipment=[{"item": "binding_wand", "parts": ["hand_r"]}])
    m1 = fighter("m1", "minions", 2, base=False, ap=10, hp=30,
                 equipment=[{"item": "buckler", "parts": ["hand_l"]}, {"item": "binding_wand", "parts": ["hand_r"]}])
    st = make([a, b, m1], extra=EXTRA)
    set_levels(st, {"ana": 12, "bo": 10, "m1": 11}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)  # ana -> 10
    play(st, "react", who="m1", act="block")  # m1 -> 8
    assert st.decision()["who"] == ["bo"]
    events = play(st, "react", who="bo", act="paralysis", target="m1")  # bo -> 6
    # m1 (8 > 6) has Paralysis too, but is already in the chain; so is ana (10)
    declared = [e for e in events if e.kind == "Declared"][0]
    assert declared.data["actor"] == "bo" and declared.data["eligible"] == []
    assert not any(e.kind == "Declared" and e.data["actor"] == "m1" for e in events)


def test_seed003_not_twice_to_the_same_action():
    st = _three(foe_eq=[{"item": "buckler", "parts": ["hand_l"]}, {"item": "sticky_gloves", "parts": ["hand_r"]}],
                foe2=False)
    set_levels(st, {"ana": 12, "m1": 11}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)  # ana -> 10
    events = play(st, "react", who="m1", act="block")  # m1 -> 8
    # the block resolved: m1 is out of the chain, has AP level... but already answered this attack
    resolving = [e.data for e in events if e.kind == "Resolving"]
    assert resolving[0]["who"] == "m1" and resolving[1]["who"] == "ana"
    assert st.chain == []
    st = _three(foe_eq=[{"item": "buckler", "parts": ["hand_l"]}, {"item": "sticky_gloves", "parts": ["hand_r"]}],
                foe2=False)
    st.c("m1")["ready"] = 5
    set_levels(st, {"ana": 12, "m1": 11}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)
    events = play(st, "react", who="m1", act="block")  # paid by readiness: clamped to 10
    resolving = [e.data for e in events if e.kind == "Resolving"]
    assert resolving[1] == {"index": 0, "who": "ana", "eligible": []}  # 10 + 0 > 10 fails anyway
    st = _three(foe_eq=[{"item": "buckler", "parts": ["hand_l"]}], foe2=False)
    set_levels(st, {"ana": 12, "m1": 11}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)
    entry = st.chain[0]
    play(st, "react", who="m1", act="block")
    assert "m1" in entry["reacted"]


def test_seed003_chain_resolves_last_in_first_out():
    a = fighter("ana", "heroes", 0, ap=12, equipment=[{"item": "test_blade", "parts": ["hand_r"]}])
    b = fighter("bo", "heroes", 1, ap=11, equipment=[{"item": "binding_wand", "parts": ["hand_r"]}])
    m1 = fighter("m1", "minions", 2, base=False, ap=10, hp=30, equipment=[{"item": "buckler", "parts": ["hand_l"]}])
    st = make([a, b, m1], extra=EXTRA)
    set_levels(st, {"ana": 12, "bo": 10, "m1": 11}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)
    play(st, "react", who="m1", act="block")
    events = play(st, "react", who="bo", act="paralysis", target="m1")
    order = [e.data["who"] for e in events if e.kind == "Resolving"]
    assert order == ["bo", "m1", "ana"]


def test_seed003_reaction_clamped_below_needle():
    st = _three(foe_eq=[{"item": "buckler", "parts": ["hand_l"]}], foe2=False)
    set_levels(st, {"ana": 13, "m1": 12}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)  # ana 13 -> 11
    play(st, "react", who="m1", act="block")  # buckler block costs 3: 12 -> 9 < 11: no clamp
    assert st.c("m1")["ap_level"] == 9
    st = _three(foe_eq=[{"item": "buckler", "parts": ["hand_l"]}], foe2=False)
    st.c("m1")["ready"] = 3
    set_levels(st, {"ana": 13, "m1": 12}, needle=11)
    events = play(st, "use", act="auto_hit", target="m1", limb=None)
    events = play(st, "react", who="m1", act="block")  # paid by readiness: still 12 >= 11 -> 10
    assert st.c("m1")["ap_level"] == 10
    spent = [e for e in events if e.kind == "APSpent"][0]
    assert spent.data["clamped"]


def test_seed003_reactions_restrict_what_they_answer():
    # block answers attacks on oneself only; protect answers attacks on an ally only
    st = _three(foe_eq=[{"item": "buckler", "parts": ["hand_l"]}],
                ally_eq=[{"item": "kite_shield", "parts": ["hand_l"]}])
    set_levels(st, {"ana": 12, "m1": 11, "m2": 11}, needle=11)
    play(st, "use", act="auto_hit", target="m2", limb=None)
    acts = {(a.get("who"), a.get("act")) for a in st.legal_actions() if a.kind == "react"}
    assert ("m1", "block") not in acts  # m1 is not the target
    assert ("m2", "block") in acts and ("m2", "protect") not in acts  # m2 cannot protect itself
    st = _three(foe_eq=[{"item": "kite_shield", "parts": ["hand_l"]}],
                ally_eq=[{"item": "kite_shield", "parts": ["hand_l"]}])
    set_levels(st, {"ana": 12, "m1": 11, "m2": 11}, needle=11)
    play(st, "use", act="auto_hit", target="m2", limb=None)
    acts = {(a.get("who"), a.get("act"), a.get("target")) for a in st.legal_actions() if a.kind == "react"}
    assert ("m1", "protect", "m2") in acts


def test_seed003_reactions_to_reactions():
    a = fighter("ana", "heroes", 0, ap=12, equipment=[{"item": "test_blade", "parts": ["hand_r"]}])
    b = fighter("bo", "heroes", 1, ap=11, equipment=[{"item": "binding_wand", "parts": ["hand_r"]}])
    m1 = fighter("m1", "minions", 2, base=False, ap=10, hp=30, equipment=[{"item": "buckler", "parts": ["hand_l"]}])
    st = make([a, b, m1], extra=EXTRA)
    set_levels(st, {"ana": 12, "bo": 10, "m1": 11}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)
    play(st, "react", who="m1", act="block")
    assert has(st, "react", who="bo", act="paralysis", target="m1")  # answering the block, not the attack
    events = play(st, "react", who="bo", act="paralysis", target="m1")
    declared = [e for e in events if e.kind == "Declared"][0]
    assert declared.data["answers"] == 1  # the block (index 1), which answers the attack (index 0)
    assert any(e.kind == "Cancelled" and e.data["victim"] == "m1" for e in events)


# --------------------------------------------------------------------------- checks
def test_seed003_check_succeeds_only_above_difficulty():
    st = duel({"ap": 12, "actions": ["margin_hit"], "str": 1}, {"hp": 40, "def": 1})
    script(st, [4, 4, 3])  # 11 + 1 = 12 against 10 + 1 = 11: success, S = 1
    events = play(st, "use", act="margin_hit", target="foe", limb=None)
    chk = [e for e in events if e.kind == "DiceRolled" and e.data["purpose"] == "check"][0]
    assert chk.data["success"] and chk.data["margin"] == 1
    st = duel({"ap": 12, "actions": ["margin_hit"], "str": 1}, {"hp": 40, "def": 1})
    script(st, [4, 3, 3])  # 11 against 11: not above
    events = play(st, "use", act="margin_hit", target="foe", limb=None)
    chk = [e for e in events if e.kind == "DiceRolled" and e.data["purpose"] == "check"][0]
    assert not chk.data["success"] and c(st, "foe")["damage"] == 0


def test_seed003_margin_s_feeds_effects():
    st = duel({"ap": 12, "actions": ["margin_hit"], "str": 1}, {"hp": 40, "def": 1})
    script(st, [5, 5, 5, 2])  # 15 + 1 = 16 against 11: S = 5; damage 1d (2) + S
    play(st, "use", act="margin_hit", target="foe", limb=None)
    assert c(st, "foe")["damage"] == 7


def test_seed003_one_check_per_target_with_its_own_defense():
    a = fighter("ana", "heroes", 0, ap=12, advantages={"multi_attack": 1}, actions=["margin_hit"])
    m1 = fighter("m1", "minions", 1, base=False, ap=5, hp=30, **{"def": 1})
    m2 = fighter("m2", "minions", 1, base=False, ap=5, hp=30, **{"def": 3})
    st = make([a, m1, m2], extra=EXTRA)
    play(st, "use", act="margin_hit", target="m1", limb=None)
    assert st.decision()["type"] == "targets"
    events = st.apply(find(st, "add_target", target="m2", limb=None))
    checks = [e.data for e in events if e.kind == "DiceRolled" and e.data["purpose"] == "check"]
    assert [(x["target"], x["difficulty"]) for x in checks] == [("m1", 11), ("m2", 13)]
    assert st.c("ana")["ap_level"] == 10  # one action, one cost


# --------------------------------------------------------------------------- heroes
def test_seed003_hero_base_actions_punch_kick_heal():
    st = duel({"ap": 12})
    m = st.model
    assert m.hero_base_actions == ["punch", "kick", "heal"]
    punch, kick, heal = m.actions["punch"], m.actions["kick"], m.actions["heal"]
    assert (punch.cost, punch.free, punch.check.offense, punch.check.difficulty, punch.check.defense,
            punch.effects[0].dice) == (5, ["hand"], "str", 11, "def", "1d-2|1")
    assert (kick.cost, kick.limbs, kick.check.difficulty, kick.effects[0].dice) == (6, ["feet"], 11, "1d-1|1")
    assert (heal.cost, heal.free, heal.check.offense, heal.check.difficulty, heal.check.defense,
            heal.effects[0].effect, heal.effects[0].dice) == (4, ["hand"], "mag", 12, None, "heal", "1d")
    assert set(c(st, "hero")["actions"]) >= {"punch", "kick", "heal"}
    assert not set(c(st, "foe")["actions"]) & {"punch", "kick", "heal"}


def test_seed003_advantages_chosen_per_combat_level():
    a = fighter("ana", "heroes", 0, ap=10, hp=10)
    b = fighter("bo", "heroes", 1, ap=10, hp=10)
    foe = fighter("foe", "minions", 2, base=False, hp=30)
    st = make([a, b, foe], extra=EXTRA, combat_level=2)
    assert st.phase == "setup" and st.to_act() == 0
    picks = {x["pick"] for x in st.legal_actions()}
    assert picks == {"speed", "health", "strength", "evasion", "attention", "mystic", "resistance", "multi_attack"}
    st.apply(Action.of("advantage", who="ana", pick="speed"))
    st.apply(Action.of("advantage", who="ana", pick="speed"))
    assert st.to_act() == 1
    st.apply(Action.of("advantage", who="bo", pick="health"))
    st.apply(Action.of("advantage", who="bo", pick="resistance"))
    assert st.phase == "combat"
    assert st.stat(st.c("ana"), "ap") == 12 and st.c("ana")["ap_level"] == 12
    assert st.c("bo")["stats"]["hp"] == 13 and st.stat(st.c("bo"), "dr") == 1


def test_seed003_advantage_values():
    from game.rulesets.skirmish.level import ADVANTAGE_STAT

    assert ADVANTAGE_STAT == {"speed": ("ap", 1), "health": ("hp", 3), "strength": ("str", 1),
                              "evasion": ("def", 1), "attention": ("per", 1), "mystic": ("mag", 1),
                              "resistance": ("dr", 1)}


def test_seed003_multi_attack_one_extra_target_per_rank():
    a = fighter("ana", "heroes", 0, ap=12, advantages={"multi_attack": 2}, actions=["margin_hit"])
    foes = [fighter(f"m{i}", "minions", 1, base=False, ap=5, hp=30) for i in range(1, 5)]
    st = make([a] + foes, extra=EXTRA)
    play(st, "use", act="margin_hit", target="m1", limb=None)
    st.apply(find(st, "add_target", target="m2", limb=None))
    assert st.decision()["type"] == "targets"
    events = st.apply(find(st, "add_target", target="m3", limb="hand_l"))  # a limb costs 1 more AP
    assert st.c("ana")["ap_level"] == 12 - 2 - 1
    assert len([e for e in events if e.kind == "DiceRolled" and e.data["purpose"] == "check"]) == 3
    # without the advantage there is no second target
    st = make([fighter("ana", "heroes", 0, ap=12, actions=["margin_hit"])] + foes, extra=EXTRA)
    play(st, "use", act="margin_hit", target="m1", limb=None)
    assert st.decision()["type"] != "targets"


def test_seed003_tied_heroes_decide_in_reaction_windows_too():
    a = fighter("ana", "heroes", 0, ap=9, equipment=[{"item": "kite_shield", "parts": ["hand_l"]}])
    b = fighter("bo", "heroes", 1, ap=9, equipment=[{"item": "kite_shield", "parts": ["hand_l"]}])
    m1 = fighter("m1", "minions", 2, base=False, ap=12, hp=30, actions=["auto_hit"])
    st = make([a, b, m1], extra=EXTRA)
    play(st, "use", act="auto_hit", target="ana")  # m1 12 -> 10: the heroes (9) cannot react
    assert st.decision()["type"] == "opportunity"
    st = make([a, b, m1], extra=EXTRA)
    set_levels(st, {"ana": 11, "bo": 11, "m1": 12}, needle=11)
    play(st, "use", act="auto_hit", target="ana")  # m1 -> 10; ana and bo (11) tie
    d = st.decision()
    assert d["type"] == "reaction" and d["seat"] == 0 and has(st, "yield")
    st.apply(Action.of("yield"))
    assert st.decision()["seat"] == 1 and has(st, "react", who="bo", act="protect", target="ana")


def test_seed003_ally_of_the_same_player_gives_at_once():
    a = fighter("ana", "heroes", 0, ap=5, hp=30)
    m1 = fighter("m1", "minions", 1, base=False, ap=12, hp=30)
    m2 = fighter("m2", "minions", 1, base=False, ap=6, hp=30, pack=["dagger"])
    st = make([a, m1, m2], extra=EXTRA)
    st.apply(find(st, "take", who="m1", item="m2.dagger", parts=("hand_l",)))
    assert st.pending is None and "m2.dagger" in st.c("m1")["equipped"] and st.c("m1")["ap_level"] == 11


def test_round_limit_ends_in_a_draw():
    st = duel({"ap": 1}, {"ap": 1, "hp": 30}, round_limit=2)
    while st.to_act() is not None:
        st.apply(st.legal_actions()[0])  # wait, wait...
    assert st.result().winners == () and st.result().reason == "round_limit" and st.round == 2
