"""Fights built by another ruleset: supplied content (no disk read), a forked Rng, a level named by
content hash that the parent can rebuild, and the summary handed back when the fight ends."""

from __future__ import annotations

import copy
import json

import pytest

from game.engine import levelrefs
from game.engine.protocol import StateError
from game.engine.rng import Rng
from game.rulesets.skirmish import RULESET, build_level, start_combat
from game.rulesets.skirmish.level import ActionDef, BodyDef, ItemDef

#: content a mod or another ruleset brings: none of these ids is in levels/skirmish/
CONTENT = {
    "bodies": {
        "naga": {"name": "Naga", "parts": [
            {"id": "head", "kind": "head"}, {"id": "coil", "kind": "coil", "limb": True},
            {"id": "claw_l", "kind": "claw", "limb": True}, {"id": "claw_r", "kind": "claw", "limb": True}]},
        "golem": {"name": "Golem", "parts": [
            {"id": "core", "kind": "core"}, {"id": "fist_l", "kind": "fist", "limb": True},
            {"id": "fist_r", "kind": "fist", "limb": True}]},
    },
    "actions": {
        "constrict": {"name": "Constrict", "tags": ["attack"], "cost": 5, "limbs": ["coil"],
                      "check": {"offense": "str", "difficulty": 10, "defense": "def"},
                      "effects": [{"effect": "damage", "dice": "1d"}]},
        "rake": {"name": "Rake", "tags": ["attack"], "cost": 4, "free": ["claw"],
                 "check": {"offense": "str", "difficulty": 9, "defense": "def"},
                 "effects": [{"effect": "damage", "dice": "1d-1|1"}]},
        "pound": {"name": "Pound", "tags": ["attack"], "cost": 6, "limbs": ["fist"],
                  "check": {"offense": "str", "difficulty": 10, "defense": "def"},
                  "effects": [{"effect": "damage", "dice": "1d+1"}]},
        "brace": {"name": "Brace", "tags": ["defense"], "cost": 3, "target": "answered_actor", "allow_limb": False,
                  "check": {"offense": "str", "difficulty": 9, "defense": "str"}, "effects": [{"effect": "negate"}],
                  "reaction": {"answers": ["attack"], "by": "enemy", "targeting": "self"}},
    },
    "equipment": {
        "bone_hook": {"name": "Bone hook", "parts": ["claw"], "equip_cost": 2, "modifiers": {"str": 1},
                      "actions": ["rake"]},
        "stone_plate": {"name": "Stone plate", "kind": "armour", "parts": ["core"], "modifiers": {"dr": 1},
                        "actions": ["brace"]},
    },
    "hero_base_actions": [],
}


def _fighters() -> list[dict]:
    return [
        {"id": "sessa", "name": "Sessa", "side": "heroes", "seat": 0, "body": "naga",
         "stats": {"ap": 11, "hp": 12, "str": 2, "def": 1}, "actions": ["constrict"],
         "equipment": [{"item": "bone_hook", "parts": ["claw_r"]}], "pack": ["bone_hook"]},
        {"id": "golem", "name": "Golem", "side": "minions", "seat": 1, "body": "golem",
         "stats": {"ap": 9, "hp": 14, "str": 3, "def": 0}, "actions": ["pound"],
         "equipment": [{"item": "stone_plate", "parts": ["core"]}]},
    ]


@pytest.fixture
def no_disk(monkeypatch):
    """Any read of the shipped skirmish content fails the test."""
    def boom(*_a, **_k):
        raise AssertionError("start_combat read the shipped content from disk")
    import game.engine.levels as levels
    import game.engine.paths as paths
    import game.rulesets.skirmish.combat as combat
    monkeypatch.setattr(combat, "default_content", boom)
    monkeypatch.setattr(levels, "load_merged", boom)
    monkeypatch.setattr(paths, "levels_dir", boom)


def _play(st, seed: int, limit: int = 3000) -> list[str]:
    rng = Rng(seed)
    lines = []
    for _ in range(limit):
        seat = st.to_act()
        if seat is None:
            break
        action = RULESET.bot_policy(st, seat, st.legal_actions(), rng)
        lines.append(action.key)
        lines += [f"{e.kind} {json.dumps(e.data, sort_keys=True)}" for e in st.apply(action)]
    return lines


def test_a_fight_from_supplied_content_reads_nothing_from_disk(no_disk):
    st = start_combat(_fighters(), content=CONTENT, rng=Rng(5), seats=["Ana", "Dark Lord"])
    assert {c["body"] for c in st.combatants} == {"naga", "golem"}
    assert st.c("sessa")["actions"] == ["constrict"]  # no base actions: the content gave none
    assert st.stat(st.c("golem"), "dr") == 1 and st.stat(st.c("sessa"), "str") == 3
    kinds = {a.kind for a in st.legal_actions()}
    assert "use" in kinds
    assert any(a.get("act") in ("constrict", "rake", "pound") for a in st.legal_actions())
    _play(st, 1)
    assert st.result() is not None


def test_content_given_as_models_makes_the_same_level(no_disk):
    models = {
        "bodies": {k: BodyDef.model_validate(v) for k, v in CONTENT["bodies"].items()},
        "actions": {k: ActionDef.model_validate(v) for k, v in CONTENT["actions"].items()},
        "equipment": {k: ItemDef.model_validate(v) for k, v in CONTENT["equipment"].items()},
        "hero_base_actions": [],
    }
    a = build_level(_fighters(), content=CONTENT)
    b = build_level(_fighters(), content=models)
    assert a.model.bodies.keys() == b.model.bodies.keys()
    assert a.model.actions["brace"].reaction == b.model.actions["brace"].reaction
    assert a.model.equipment["stone_plate"].modifiers == b.model.equipment["stone_plate"].modifiers


def test_a_forked_rng_drives_the_fight_and_equal_forks_play_equal_fights(no_disk):
    parent_a, parent_b = Rng(77), Rng(77)
    one = start_combat(_fighters(), content=CONTENT, rng=parent_a.fork())
    two = start_combat(_fighters(), content=CONTENT, rng=parent_b.fork())
    assert one.rng.to_json() == two.rng.to_json() and parent_a.to_json() == parent_b.to_json()
    assert _play(one, 3) == _play(two, 3)
    other = start_combat(_fighters(), content=CONTENT, rng=Rng(78).fork())
    assert _play(other, 3) != _play(start_combat(_fighters(), content=CONTENT, rng=Rng(77).fork()), 3)


def test_the_level_is_named_by_hash_and_the_parent_can_rebuild_it(no_disk):
    st = start_combat(_fighters(), content=CONTENT, rng=Rng(9))
    for _ in range(12):
        st.apply(st.legal_actions()[0])
    data = st.to_json()
    assert data["level"] == {"ruleset": "skirmish", "id": "combat", "hash": st.level.content_hash}
    assert levelrefs.lookup(st.level.content_hash) is st.level
    assert len(json.dumps(data)) < 6000  # the content is not embedded
    levelrefs.clear()
    with pytest.raises(StateError, match="level.hash"):
        RULESET.from_json(copy.deepcopy(data))
    rebuilt = build_level(_fighters(), content=CONTENT)  # the parent rebuilds it from the same inputs
    assert rebuilt.content_hash == st.level.content_hash
    again = RULESET.from_json(copy.deepcopy(data))
    assert again.to_json() == data
    assert again.legal_actions() == st.legal_actions()


def test_the_summary_for_the_parent_when_the_fight_ends(no_disk):
    st = start_combat(_fighters(), content=CONTENT, rng=Rng(11))
    assert st.hosted_summary()["over"] is False
    _play(st, 4)
    res = st.result()
    assert res is not None
    s = st.hosted_summary()
    assert s == st.child_summary() and json.loads(json.dumps(s)) == s
    assert s["over"] and s["winners"] == list(res.winners) and s["reason"] == res.reason
    assert s["survivors"] == [c["id"] for c in st.combatants if st.active(c)]
    assert set(s["survivors"]) | set(s["fallen"]) == {"sessa", "golem"}
    for f in s["fighters"]:
        c = st.c(f["id"])
        assert f["hp_left"] == max(0, c["stats"]["hp"] - st.total_damage(c))
        assert f["limb_damage"] == c["limb_damage"] and f["damage"] == c["damage"]
        assert f["disabled_limbs"] == [p["id"] for p in st.limbs(c) if not st.part_active(c, p["id"])]
    held = [iid for f in s["fighters"] for iid in list(f["equipped"]) + list(f["pack"])]
    assert sorted(held + list(s["ground"])) == sorted(st.items)  # every item is somewhere, once
    for f in s["fighters"]:
        mine = set(f["equipped"]) | set(f["pack"])
        assert not set(f["lost"]) & mine and set(f["won"]) <= mine
        assert all(iid.startswith(f["id"] + ".") for iid in f["lost"])
        assert not any(iid.startswith(f["id"] + ".") for iid in f["won"])


def test_the_summary_counts_items_lost_to_the_ground_and_won():
    st = start_combat(_fighters(), content=CONTENT, rng=Rng(2))
    sessa = st.c("sessa")
    hook = next(iid for iid in sessa["equipped"])
    events: list = []
    st._to_ground(sessa, hook, events, reason="disarm")
    st.ground.remove(hook)
    st.c("golem")["pack"].append(hook)
    st._index()
    s = st.hosted_summary()
    by_id = {f["id"]: f for f in s["fighters"]}
    assert by_id["sessa"]["lost"] == {hook: "bone_hook"}
    assert by_id["golem"]["won"] == {hook: "bone_hook"}
