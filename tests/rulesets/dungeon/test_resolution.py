"""Resolution as RULES.md settles it: weapons, monsters, shields and armour, chests, loot, knock-out."""

from __future__ import annotations

from .helpers import PLAIN3, act, board_state, card, make_level, new

R2, R3 = PLAIN3[1], PLAIN3[2]


def _events(st, kind):
    return [e for e in st.preview(0, record=True).events if e["kind"] == kind]


def test_rules_sword_hits_each_orthogonally_adjacent_monster():
    st = board_state(["?rat ?sword ?rat . . .", "?goblin ?rat . . . .", R3], {}, hero_floor=2)
    hits = _events(st, "Hit")
    assert sorted(tuple(h["target"]) for h in hits) == [(1, 1), (1, 3), (2, 2)]  # not the diagonal goblin
    out = st.preview(0)
    assert out.defeated == 3 and out.monsters == 4


def test_rules_bow_hits_nearest_monster_in_line_not_adjacent():
    # the adjacent rat is skipped; the nearest non-adjacent monster (two away) is hit; only one
    st = board_state(["?bow ?rat ?goblin ?slime . .", R2, R3], {}, hero_floor=1)
    hits = _events(st, "Hit")
    assert [tuple(h["target"]) for h in hits] == [(1, 3)]
    # along its column too
    col = board_state(["?bow . . . . .", ". . . . . .", "?goblin . . . . ."], {}, hero_floor=3)
    assert [tuple(h["target"]) for h in _events(col, "Hit")] == [(3, 1)]


def test_rules_wand_hits_every_monster_in_floor_and_column_up_to_an_obstacle():
    st = board_state(["?rat . ?wand ?goblin # ?slime", ". . ?rat . . .", ". . ?rat . . ."], {}, hero_floor=3)
    targets = sorted(tuple(h["target"]) for h in _events(st, "Hit"))
    assert targets == [(1, 1), (1, 4), (2, 3), (3, 3)]  # the slime is behind rubble


def test_rules_monster_defeated_when_damage_reaches_hp_gives_xp_and_vp():
    one = board_state(["?sword ?bonewalker . . . .", R2, R3], {}, hero_floor=1)
    out = one.preview(0)
    assert out.defeated == 0 and out.health == 10 - 1  # 1 damage on 2 hp: it survives and attacks
    two = board_state(["?sword ?bonewalker ?sword . . .", R2, R3], {}, hero_floor=1)
    out = two.preview(0)
    assert out.defeated == 1 and out.vp == 2 and out.xp == 2 and out.health == 10


def test_rules_surviving_monster_attacks_shield_cancels_one():
    bare = board_state(["?slime . . . . .", R2, R3], {}, hero_floor=1)
    assert bare.preview(0).health == 8
    shielded = board_state(["?slime ?shield . . . .", R2, R3], {}, hero_floor=1)
    assert shielded.preview(0).health == 9
    two = board_state(["?slime ?shield . . . .", "?shield . . . . .", R3], {}, hero_floor=2)
    assert two.preview(0).health == 10


def test_rules_armour_cancels_one_from_each_monster_in_line_of_sight():
    st = board_state(["?slime . ?armour . . ?rat", ". . . . . .", ". . ?goblin . . ."], {}, hero_floor=3)
    # slime 2-1, rat 1-1, goblin 1-1 (same column)
    assert st.preview(0).health == 10 - 1
    far = board_state(["?slime . ?armour . . .", ". # . . . .", ". ?goblin . . . ."], {}, hero_floor=3)
    assert far.preview(0).health == 10 - 1 - 1  # the goblin is not in its line


def test_rules_chest_opens_with_weapon_coin_and_potion_adjacent():
    st = board_state(["?sword ?chest ?coin . . .", ". ?potion . . . .", R3], {}, hero_floor=2)
    out = st.preview(0, record=True)
    opened = [e for e in out.events if e["kind"] == "ChestOpened"]
    assert opened and opened[0]["gold"] == 3 and opened[0]["vp"] == 2
    assert out.vp == 2 and out.gold == 3 + 1  # chest gold plus the coin
    assert out.health == 10  # the potion that opened it does not heal (and no trap)


def test_rules_chest_with_some_but_not_all_springs_its_trap():
    st = board_state(["?sword ?chest ?coin . . .", R2, R3], {}, hero_floor=2)
    out = st.preview(0, record=True)
    assert [e["missing"] for e in out.events if e["kind"] == "ChestTrapped"] == [["potion"]]
    assert out.health == 9 and out.vp == 0


def test_rules_chest_with_nothing_adjacent_does_nothing():
    st = board_state([". ?chest . . . .", R2, R3], {}, hero_floor=2)
    out = st.preview(0, record=True)
    assert out.health == 10 and not [e for e in out.events if e["kind"].startswith("Chest")]


def test_rules_coin_gem_and_potion():
    st = board_state(["?coin ?gem ?potion . . .", R2, R3], {}, hero_floor=1, health=10)
    st.players[0].health = 6
    out = st.preview(0)
    assert out.gold == 4 and out.health == 7


def test_rules_lockpick_stands_in_for_a_missing_chest_item_and_disarms_traps():
    st = board_state(["?sword ?chest ?lockpick . . .", ". ?coin . . . .", R3], {}, hero_floor=2)
    out = st.preview(0, record=True)
    assert any(e["kind"] == "ChestOpened" and e["lockpicked"] == 1 for e in out.events)
    trap = board_state(["?pit ?lockpick . . . .", R2, R3], {}, hero_floor=1)
    assert trap.preview(0).health == 10
    sprung = board_state(["?pit . ?lockpick . . .", R2, R3], {}, hero_floor=1)
    assert sprung.preview(0).health == 8


def test_rules_chip_faces_follow_their_verbs_firepot_and_banner():
    st = board_state(["?firepot ?bonewalker . ?banner . .", R2, R3], {}, hero_floor=1)
    out = st.preview(0)
    assert out.defeated == 1 and out.health == 9 and out.vp == 2 + 2


def test_rules_knocked_out_hero_loses_round_gold_keeps_vp():
    # the sword kills the slime and the rat (3 VP) but the troll's 2 damage knocks the 2-health hero out
    level = make_level([card("e1", ["?troll ?slime . ?rat ?gem .", R2, R3]), card("e2", PLAIN3)],
                       bags=[["sword_coin"], ["sword_coin"]], health=2)
    st = new(level, seats=2)
    st.players[0].gold = st.players[0].round_gold = 4
    act(st, "choose_map", side=0)
    act(st, "draw")
    act(st, "place", face="sword", floor=1, space=3)
    act(st, "choose_map", side=0)
    act(st, "draw")
    events = act(st, "place", face="coin", floor=1, space=6)
    assert [e.data["seat"] for e in events if e.kind == "KnockedOut"] == [0]
    p = st.players[0]
    assert p.vp == 3  # keeps the Valor of this round
    assert p.gold == 4  # the gem's 3 gold of this round are lost
    assert p.knockouts == 1
    resolved = [e.data for e in events if e.kind == "Resolved" and e.data["seat"] == 0][0]
    assert resolved["knocked_out"] and resolved["gold"] == 0 and resolved["vp"] == 3
    assert 0 < p.health <= p.max_health  # the Village heals a knocked-out hero


def test_rules_resolution_order_weapons_before_monsters_before_chests_before_loot():
    st = board_state(["?sword ?rat ?chest ?coin . .", ". ?potion ?potion . . .", R3], {}, hero_floor=2)
    kinds = [e["kind"] for e in st.preview(0, record=True).events]
    order = ["Hit", "MonsterDefeated", "ChestTrapped", "GoldFound", "Healed"]
    positions = [kinds.index(k) for k in order if k in kinds]
    assert positions == sorted(positions) and len(positions) >= 4
