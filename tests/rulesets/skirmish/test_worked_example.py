"""Seed 003's worked example (Red Haggar, Goblin, Thrall, Jade Mistress; needle 11), step by step.

Every number of the seed's tables is checked: AP levels 12/9/8/7 under needle 11, the attack
costing 5 (12 -> 7), the Goblin's block costing 3 (9 -> 6), who may react at each step, Jade's
Paralysis costing 4 (7 -> 3), the resolution order, the Thrall's Protect costing 3 (8 -> 5)
with the Goblin eligible again, the attack landing on the Thrall, and the needle dropping to 10.
"""

from __future__ import annotations

from tests.rulesets.skirmish.helpers import play, fighter, find, make

EXTRA = {
    "actions": {
        "haggar_chop": {"name": "Chop", "tags": ["attack"], "cost": 5,
                        "check": {"offense": "str", "difficulty": 10, "defense": "def"},
                        "effects": [{"effect": "damage", "dice": "1d"}]},
        "goblin_block": {"name": "Shield block", "tags": ["defense"], "cost": 3, "target": "answered_actor",
                         "allow_limb": False, "check": {"offense": "def", "difficulty": 8, "defense": "str"},
                         "effects": [{"effect": "negate"}],
                         "reaction": {"answers": ["attack"], "by": "enemy", "targeting": "self"}},
        "jade_paralysis": {"name": "Paralysis", "tags": ["spell"], "cost": 4, "target": "answered_actor",
                           "allow_limb": False, "check": {"offense": "mag", "difficulty": 0},
                           "effects": [{"effect": "cancel"}],
                           "reaction": {"answers": ["any"], "by": "enemy", "targeting": "any"}},
    },
    "equipment": {
        "haggar_axe": {"name": "Axe", "parts": ["hand"], "equip_cost": 2, "actions": ["haggar_chop"]},
        "goblin_shield": {"name": "Goblin shield", "kind": "shield", "parts": ["hand"], "equip_cost": 2,
                          "actions": ["goblin_block"]},
        "thrall_shield": {"name": "Thrall shield", "kind": "shield", "parts": ["hand"], "equip_cost": 2,
                          "actions": ["protect"]},
        "jade_wand": {"name": "Jade wand", "kind": "wand", "parts": ["hand"], "equip_cost": 1,
                      "actions": ["jade_paralysis"]},
    },
}


def _example():
    roster = [
        fighter("red_haggar", "heroes", 0, ap=12, hp=14, base=False, str=2,
                equipment=[{"item": "haggar_axe", "parts": ["hand_r"]}]),
        fighter("jade_mistress", "heroes", 1, ap=7, hp=10, base=False, mag=3,
                equipment=[{"item": "jade_wand", "parts": ["hand_r"]}]),
        fighter("goblin", "minions", 2, ap=9, hp=8, base=False,
                equipment=[{"item": "goblin_shield", "parts": ["hand_l"]}]),
        fighter("thrall", "minions", 2, ap=8, hp=40, base=False,
                equipment=[{"item": "thrall_shield", "parts": ["hand_l"]}]),
    ]
    return make(roster, extra=EXTRA, seed=11)


def levels(st):
    return {c["id"]: c["ap_level"] for c in st.combatants}


def eligible(st):
    return sorted(c["id"] for c in st.eligible_reactors(st.chain[-1]))


def test_seed003_worked_example_step_by_step():
    st = _example()
    # the round began with the needle at 15; it fell until Red Haggar (12) is above it: 11
    assert st.needle == 11
    assert levels(st) == {"red_haggar": 12, "jade_mistress": 7, "goblin": 9, "thrall": 8}
    d = st.decision()
    assert d["type"] == "opportunity" and d["who"] == ["red_haggar"] and st.to_act() == 0

    # Red Haggar attacks the Goblin: cost 5, AP level 12 -> 7
    play(st, "use", who="red_haggar", act="haggar_chop", target="goblin", limb=None)
    assert levels(st)["red_haggar"] == 7
    # eligible to react: the Goblin (9) and the Thrall (8); Jade (7) is not above 7
    assert eligible(st) == ["goblin", "thrall"]
    d = st.decision()
    assert d["type"] == "reaction" and d["who"] == ["goblin"] and st.to_act() == 2  # the higher priority first

    # the Goblin blocks: cost 3, 9 -> 6
    play(st, "react", who="goblin", act="goblin_block")
    assert levels(st)["goblin"] == 6
    # eligible to react to the block: the Thrall (8) and Jade (7); Red Haggar (7) is already in the chain
    assert eligible(st) == ["jade_mistress", "thrall"]
    assert "red_haggar" in st.in_chain()
    # the Thrall has nothing that answers an ally's block, so he does not react; Jade is asked
    assert st.reaction_actions(st.c("thrall")) == []
    assert st.decision()["who"] == ["jade_mistress"] and st.to_act() == 1

    # Jade reacts to the block with Paralysis: cost 4, 7 -> 3
    play(st, "react", who="jade_mistress", act="jade_paralysis", target="goblin")
    assert levels(st)["jade_mistress"] == 3
    # only the Thrall (8 > 3), not in the chain, may react to the spell; he could, and declines
    assert eligible(st) == ["thrall"]
    assert st.decision()["who"] == ["thrall"]
    assert [c["actor"] for c in st.chain] == ["red_haggar", "goblin", "jade_mistress"]
    # the seed's second table
    assert levels(st) == {"red_haggar": 7, "goblin": 6, "thrall": 8, "jade_mistress": 3}
    events = st.apply(find(st, "pass", who="thrall"))
    resolving = [e.data for e in events if e.kind == "Resolving"]
    # before the (annulled) block resolves the Thrall could react to it again, and does not
    assert [(r["who"], r["eligible"]) for r in resolving] == [("jade_mistress", ["thrall"]), ("goblin", ["thrall"])]

    # Paralysis resolves first (success), the Goblin's block then fails automatically
    kinds = [e.kind for e in events]
    checks = [e for e in events if e.kind == "DiceRolled" and e.data.get("purpose") == "check"]
    assert checks[0].data["who"] == "jade_mistress" and checks[0].data["success"]
    assert "Cancelled" in kinds
    failed = [e for e in events if e.kind == "FailedAutomatically"]
    assert failed and failed[0].data["who"] == "goblin"
    assert kinds.index("Cancelled") < kinds.index("FailedAutomatically")
    # now the Thrall reacts to the attack with Protect
    assert [c["actor"] for c in st.chain] == ["red_haggar"]
    d = st.decision()
    assert d["type"] == "reaction" and d["who"] == ["thrall"]
    assert eligible(st) == ["thrall"]  # the Goblin already reacted to this attack; Jade (3) is too low
    events = play(st, "react", who="thrall", act="protect", target="goblin")
    assert levels(st)["thrall"] == 5
    # Red Haggar is in the chain, Jade (3) is too low; the Goblin (6 > 5) may react again: its block resolved
    declared = [e for e in events if e.kind == "Declared"]
    assert declared[0].data["actor"] == "thrall" and declared[0].data["eligible"] == ["goblin"]
    # ...and it declines (it has nothing that answers an ally's Protect): the Protect resolves at once
    resolving = [e.data for e in events if e.kind == "Resolving"]
    assert [(r["who"], r["eligible"]) for r in resolving] == [("thrall", ["goblin"]), ("red_haggar", [])]


def test_seed003_worked_example_resolution_and_needle():
    st = _example()
    play(st, "use", who="red_haggar", act="haggar_chop", target="goblin", limb=None)
    play(st, "react", who="goblin", act="goblin_block")
    play(st, "react", who="jade_mistress", act="jade_paralysis", target="goblin")
    st.apply(find(st, "pass", who="thrall"))
    events = play(st, "react", who="thrall", act="protect", target="goblin")
    kinds = [e.kind for e in events]
    redirected = [e for e in events if e.kind == "Redirected"]
    assert redirected and redirected[0].data == {"who": "thrall", "from": "goblin", "entry": 0}
    # the attack resolves against the Thrall, not the Goblin
    checks = [e for e in events if e.kind == "DiceRolled" and e.data.get("purpose") == "check"]
    assert [c.data["target"] for c in checks] == ["thrall"]
    assert checks[0].data["who"] == "red_haggar"
    assert kinds.index("Redirected") < kinds.index("DiceRolled")
    # no one is above 11 any more: the needle drops by 1 to 10 first
    needle_moves = [e.data["needle"] for e in events if e.kind == "NeedleMoved"]
    assert needle_moves[0] == 10
    assert levels(st) == {"red_haggar": 7, "goblin": 6, "thrall": 5, "jade_mistress": 3}
    # ...and keeps falling until Red Haggar (7) is above it again
    assert st.needle == 6 and st.decision()["who"] == ["red_haggar"]
    assert st.chain == []
    assert not st.invariants()
