"""One test per clause of seed 004 (sanctuary), named after the clause, plus RULES.md's decisions."""

from __future__ import annotations

import pytest

from game.engine.actions import Action
from game.engine.protocol import IllegalAction
from tests.rulesets.sanctuary.helpers import act, at, clear_hands, fetch, in_hand, new, pass_phase, started


# --- set-up -----------------------------------------------------------------------------------------

def test_seed004_setup_both_sanctuaries_enter_play():
    st = new()
    for p in (0, 1):
        san = st.players[p].sanctuary
        assert st.is_in_play(san) and st.card(san).type == "sanctuary"
        assert st.players[p].structure == st.card(san).structure


def test_seed004_setup_each_player_draws_six():
    st = new()
    assert [len(p.hand) for p in st.players] == [6, 6]
    assert [len(p.deck) for p in st.players] == [34, 34]


def test_seed004_setup_first_new_hand_is_six_cards():
    st = new()
    act(st, "mulligan")
    assert len(st.players[0].hand) == 6
    assert len(st.players[0].deck) == 34
    assert st.players[0].hands_drawn == [6, 6]
    assert st.to_act() == 0  # still deciding


def test_seed004_setup_each_later_new_hand_is_one_fewer():
    st = new()
    sizes = []
    while Action.of("mulligan") in st.legal_actions() and st.to_act() == 0:
        act(st, "mulligan")
        sizes.append(len(st.players[0].hand))
    assert sizes == [6, 5, 4, 3, 2, 1, 0]
    assert Action.of("mulligan") not in st.legal_actions()  # no hand smaller than none
    assert len(st.players[0].hand) + len(st.players[0].deck) == 40


def test_seed004_setup_returned_hand_goes_back_to_the_deck():
    st = new(5)
    evs = act(st, "mulligan")
    assert any(e.kind == "Shuffled" for e in evs)
    assert not st.invariants()


def test_seed004_setup_random_first_player():
    firsts = set()
    for seed in range(12):
        st = new(seed, first_player="random")
        act(st, "keep")
        assert st.to_act() == 1  # the second seat decides its hand before the first player is drawn
        act(st, "keep")
        firsts.add(st.first_player)
        assert st.active == st.first_player
    assert firsts == {0, 1}


# --- 1. Communion -----------------------------------------------------------------------------------

def _to_next_turn(st):
    """Pass until the turn changes (both players pass through every phase).

    Each player first gets a free Manipulation in hand, so the next turn stops in its Will Harvest
    instead of passing through automatically.
    """
    for seat in (0, 1):
        if not any(st.owner_card[c] == "zap" for c in st.players[seat].hand):
            fetch(st, seat, "zap")
    turn = st.turn
    for _ in range(50):
        if st.turn != turn or st.to_act() is None:
            return
        legal = st.legal_actions()
        for kind in ("pass", "no_duel", "end_attack", "end_block", "keep"):
            if Action.of(kind) in legal:
                st.apply(Action.of(kind))
                break
        else:
            st.apply(legal[0])
    raise AssertionError("the turn did not end")


def test_seed004_communion_readies_all_cards_of_the_active_player():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    a = fetch(st, 0, "squire", "chars")
    b = fetch(st, 0, "shrine", "attachments")
    st.perm[a].tapped = st.perm[b].tapped = st.perm["0.S"].tapped = True
    _to_next_turn(st)
    assert st.active == 0
    assert not st.perm[a].tapped and not st.perm[b].tapped and not st.perm["0.S"].tapped


def test_seed004_communion_removes_leftover_will():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    st.players[0].will = 7
    _to_next_turn(st)
    assert st.active == 0
    assert st.players[0].will == 2  # the 7 left over is gone; only Meditation's 2 from the Sanctuary


def test_seed004_communion_each_technology_loses_one_durability():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    c = fetch(st, 0, "squire", "chars")
    tc = fetch(st, 0, "blade", "techs", carrier=c)
    assert st.perm[tc].durability == 2
    _to_next_turn(st)
    assert st.perm[tc].durability == 1


def test_seed004_communion_technology_destroyed_at_zero_durability():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    c = fetch(st, 0, "squire", "chars")
    tc = fetch(st, 0, "blade", "techs", carrier=c)
    st.perm[tc].durability = 1
    _to_next_turn(st)
    assert tc not in st.perm and tc in st.players[0].discard
    assert st.strength(c) == 2  # the bonus left with it


# --- 2. Meditation ----------------------------------------------------------------------------------

def test_seed004_meditation_attachments_and_sanctuary_generate_will():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    fetch(st, 0, "shrine", "attachments")
    fetch(st, 0, "shrine", "attachments")
    _to_next_turn(st)
    assert st.players[0].will == 2 + 1 + 1


def test_seed004_meditation_start_of_turn_effects_trigger():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    fetch(st, 0, "drummer", "chars")
    before = st.players[0].structure
    _to_next_turn(st)
    assert st.players[0].structure == before + 1


def test_seed004_meditation_ends_drawing_a_card():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    deck = len(st.players[0].deck)
    _to_next_turn(st)
    assert len(st.players[0].hand) == 2 and len(st.players[0].deck) == deck - 1  # the zap and the draw


def test_seed004_meditation_first_turn_passive_generates_will_and_active_skips_draw():
    st = started(3)
    a, p = st.first_player, 1 - st.first_player
    assert st.turn == 1
    assert len(st.players[a].hand) == 6  # no draw on the very first turn
    assert st.players[p].will == 2  # the passive player also generated its Sanctuary's Will
    # from the second turn on, only the active player generates Will and draws
    st2 = at(new(), "contemplation", active=0, turn=1)
    clear_hands(st2)
    _to_next_turn(st2)
    assert st2.turn == 2 and len(st2.players[1].hand) == 2 and st2.players[0].will == 0


# --- 3. Will Harvest --------------------------------------------------------------------------------

def test_seed004_harvest_pay_will_to_play_cards():
    st = at(new(), "harvest")
    clear_hands(st)
    k = fetch(st, 0, "knight")
    st.players[0].will = 2
    assert Action.of("play", card=k) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="costs 3 Will"):
        act(st, "play", card=k)
    st.players[0].will = 3
    act(st, "play", card=k)
    assert k in st.players[0].chars and st.players[0].will == 0


def test_seed004_harvest_pay_will_to_use_abilities():
    st = at(new(), "harvest")
    clear_hands(st)
    arc = fetch(st, 0, "archer", "chars")
    foe = fetch(st, 1, "squire", "chars")
    fetch(st, 0, "squire")  # something else to do, so no automatic pass
    st.players[0].will = 1
    act(st, "use", card=arc, ability=0, target=foe)
    assert st.players[0].will == 0 and st.perm[arc].tapped and st.perm[foe].damage == 1
    assert not [a for a in st.legal_actions() if a.kind == "use"]  # tapped and no Will left


def test_seed004_harvest_at_most_one_attachment_per_turn():
    st = at(new(), "harvest")
    clear_hands(st)
    s1, s2 = fetch(st, 0, "shrine"), fetch(st, 0, "shrine")
    st.players[0].will = 5
    act(st, "play", card=s1)
    assert Action.of("play", card=s2) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="one Attachment"):
        act(st, "play", card=s2)


def test_seed004_harvest_never_above_the_sanctuary_attachment_limit():
    st = at(new(), "harvest")
    clear_hands(st)
    fetch(st, 0, "shrine", "attachments")
    fetch(st, 0, "shrine", "attachments")  # the test temple allows 2
    s3 = fetch(st, 0, "shrine")
    fetch(st, 0, "squire")
    st.players[0].will = 5
    assert Action.of("play", card=s3) not in st.legal_actions()
    with pytest.raises(IllegalAction, match="at most 2"):
        act(st, "play", card=s3)


def test_seed004_harvest_only_active_player_plays_non_manipulations():
    st = at(new(), "harvest")
    clear_hands(st)
    fetch(st, 0, "squire")
    st.players[0].will = 1
    k1 = fetch(st, 1, "squire")
    z = in_hand(st, 1, "zap")
    act(st, "pass")
    assert st.to_act() == 1
    legal = st.legal_actions()
    assert Action.of("play", card=z) in legal and Action.of("play", card=k1) not in legal


# --- 4. Duel ----------------------------------------------------------------------------------------

def _duel_ready(seed=1):
    st = at(new(seed), "duel", "declare")
    clear_hands(st)
    a = fetch(st, 0, "knight", "chars")
    b = fetch(st, 1, "squire", "chars")
    return st, a, b


def test_seed004_duel_is_optional():
    st, a, b = _duel_ready()
    assert Action.of("no_duel") in st.legal_actions()
    act(st, "no_duel")
    assert st.phase == "combat" and st.players[1].will == 0 and st.perm[a].damage == 0


def test_seed004_duel_challenger_must_be_untapped_and_turns():
    st, a, b = _duel_ready()
    st.perm[a].tapped = True
    assert st.legal_actions() == [Action.of("no_duel")] or st.phase == "combat"
    st, a, b = _duel_ready()
    fetch(st, 1, "zap")  # so the duel's priority round does not pass by itself
    act(st, "duel", challenger=a, target=b)
    assert st.perm[a].tapped


def test_seed004_duel_challenged_player_gains_two_will():
    st, a, b = _duel_ready()
    fetch(st, 1, "zap")
    act(st, "duel", challenger=a, target=b)
    assert st.players[1].will == 2


def test_seed004_duel_both_deal_their_strength_to_each_other():
    st, a, _ = _duel_ready()
    big = fetch(st, 1, "giant", "chars")
    act(st, "duel", challenger=a, target=big)
    pass_phase(st)
    assert a not in st.perm  # 6 damage on Strength 4
    # the giant took 4 (it survives; damage stays until the end of the turn)
    assert st.perm[big].damage == 4


def test_seed004_duel_survivor_wins_and_loser_controller_draws():
    st, a, b = _duel_ready()
    hand1 = len(st.players[1].hand)
    evs = act(st, "duel", challenger=a, target=b)
    while st.phase == "duel":
        evs += act(st, "pass")
    ended = [e for e in evs if e.kind == "DuelEnded"][0]
    assert ended.data["winner"] == a and ended.data["loser"] == b
    assert b in st.players[1].discard
    assert len(st.players[1].hand) == hand1 + 1  # the loser's controller draws
    # both destroyed: no winner, nobody draws
    st, a, _ = _duel_ready()
    twin = fetch(st, 1, "knight", "chars")
    h0, h1 = len(st.players[0].hand), len(st.players[1].hand)
    evs = act(st, "duel", challenger=a, target=twin)
    while st.phase == "duel":
        evs += act(st, "pass")
    assert [e for e in evs if e.kind == "DuelEnded"][0].data["winner"] is None
    assert (len(st.players[0].hand), len(st.players[1].hand)) == (h0, h1)


def test_seed004_duel_manipulations_may_be_played():
    st, a, b = _duel_ready()
    r = fetch(st, 1, "rally")
    act(st, "duel", challenger=a, target=b)
    assert st.step == "priority" and st.to_act() == 0
    act(st, "pass")
    act(st, "play", card=r, target=b)  # the squire becomes Strength 4: both fall
    while st.phase == "duel":
        act(st, "pass")
    assert a not in st.perm and b not in st.perm


def test_seed004_duel_not_with_a_character_that_entered_this_turn():
    st, a, b = _duel_ready()
    st.perm[a].entered = st.turn
    older = fetch(st, 0, "squire", "chars")
    legal = st.legal_actions()
    assert Action.of("duel", challenger=a, target=b) not in legal
    assert Action.of("duel", challenger=older, target=b) in legal
    with pytest.raises(IllegalAction, match="entered play this turn"):
        act(st, "duel", challenger=a, target=b)


# --- 5. Combat --------------------------------------------------------------------------------------

def _combat_ready():
    st = at(new(), "combat", "attack")
    clear_hands(st)
    return st


def test_seed004_combat_is_optional():
    st = _combat_ready()
    fetch(st, 0, "knight", "chars")
    s = st.players[1].structure
    act(st, "end_attack")
    assert st.phase == "contemplation" or st.turn == 4
    assert st.players[1].structure == s


def test_seed004_combat_declared_attackers_turn():
    st = _combat_ready()
    a = fetch(st, 0, "knight", "chars")
    fetch(st, 0, "squire", "chars")
    act(st, "attack", card=a)
    assert st.perm[a].tapped and st.combat.attackers == [a]


def test_seed004_combat_passive_blocks_one_to_one_with_untapped_characters():
    st = _combat_ready()
    a1, a2 = fetch(st, 0, "squire", "chars"), fetch(st, 0, "squire", "chars")
    b1 = fetch(st, 1, "knight", "chars")
    b2 = fetch(st, 1, "knight", "chars")
    st.perm[b2].tapped = True
    act(st, "attack", card=a1)
    act(st, "attack", card=a2)
    assert st.step == "block" and st.to_act() == 1
    legal = st.legal_actions()
    assert Action.of("block", blocker=b2, attacker=a1) not in legal  # tapped
    act(st, "block", blocker=b1, attacker=a1)
    # b1 already blocks and a1 is already blocked: nothing else to block with, blocks end by themselves
    assert st.combat.blocks == {a1: b1}
    assert st.step != "block"


def test_seed004_combat_blocked_pairs_deal_strength_to_each_other():
    st = _combat_ready()
    a = fetch(st, 0, "knight", "chars")
    b = fetch(st, 1, "giant", "chars")
    s = st.players[1].structure
    act(st, "attack", card=a)
    act(st, "block", blocker=b, attacker=a)
    pass_phase(st)
    assert a not in st.perm and st.perm[b].damage == 4
    assert st.players[1].structure == s


def test_seed004_combat_unblocked_attackers_damage_the_sanctuary():
    st = _combat_ready()
    a = fetch(st, 0, "knight", "chars")
    fetch(st, 1, "squire", "chars")
    s = st.players[1].structure
    act(st, "attack", card=a)
    act(st, "end_block")
    pass_phase(st)
    assert st.players[1].structure == s - 4


def test_seed004_combat_attacker_whose_blocker_left_deals_strength_above_blockers():
    # the blocker is destroyed in the combat damage: the giant (6) deals 6 - 2 = 4 to the Sanctuary
    st = _combat_ready()
    a = fetch(st, 0, "giant", "chars")
    b = fetch(st, 1, "squire", "chars")
    s = st.players[1].structure
    act(st, "attack", card=a)
    act(st, "block", blocker=b, attacker=a)
    pass_phase(st)
    assert b not in st.perm and st.players[1].structure == s - 4
    # the blocker removed by a Manipulation before damage: the knight (4) over a squire (2) deals 2
    st = _combat_ready()
    a = fetch(st, 0, "knight", "chars")
    b = fetch(st, 1, "squire", "chars")
    bolt = fetch(st, 0, "bolt")
    st.players[0].will = 1
    s = st.players[1].structure
    act(st, "attack", card=a)
    act(st, "block", blocker=b, attacker=a)
    assert st.step == "priority" and st.to_act() == 0
    act(st, "play", card=bolt, target=b)
    pass_phase(st)  # the bolt resolves, then both pass again and combat damage is dealt
    assert b not in st.perm
    assert st.players[1].structure == s - 2
    assert st.perm[a].damage == 0  # the blocker was gone: no combat damage to the attacker
    # an attacker of Strength not above its blocker's deals nothing
    st = _combat_ready()
    a = fetch(st, 0, "squire", "chars")
    b = fetch(st, 1, "knight", "chars")
    st.perm[b].mod_turn = -2  # Strength 2
    bolt = fetch(st, 0, "bolt")
    st.players[0].will = 1
    s = st.players[1].structure
    act(st, "attack", card=a)
    act(st, "block", blocker=b, attacker=a)
    act(st, "play", card=bolt, target=b)
    pass_phase(st)
    assert b not in st.perm and st.players[1].structure == s


def test_seed004_combat_only_manipulations_may_be_played():
    st = _combat_ready()
    a = fetch(st, 0, "knight", "chars")
    k = fetch(st, 0, "squire")
    z = in_hand(st, 0, "zap")
    fetch(st, 1, "squire", "chars")
    st.players[0].will = 5
    act(st, "attack", card=a)
    act(st, "end_block")  if st.step == "block" else None
    legal = st.legal_actions()
    assert Action.of("play", card=z) in legal and Action.of("play", card=k) not in legal
    with pytest.raises(IllegalAction, match="only Manipulations"):
        act(st, "play", card=k)


def test_seed004_combat_no_attack_with_a_character_that_entered_this_turn():
    st = _combat_ready()
    fresh = fetch(st, 0, "giant", "chars", entered=3)
    old = fetch(st, 0, "squire", "chars")
    legal = st.legal_actions()
    assert Action.of("attack", card=fresh) not in legal and Action.of("attack", card=old) in legal
    with pytest.raises(IllegalAction, match="entered play this turn"):
        act(st, "attack", card=fresh)


# --- 6. Contemplation -------------------------------------------------------------------------------

def test_seed004_contemplation_both_players_may_play_manipulations():
    st = at(new(), "contemplation")
    clear_hands(st)
    z0, z1 = in_hand(st, 0, "zap"), in_hand(st, 1, "zap")
    assert Action.of("play", card=z0) in st.legal_actions()
    act(st, "pass")
    assert st.to_act() == 1 and Action.of("play", card=z1) in st.legal_actions()
    s = st.players[0].structure
    act(st, "play", card=z1)
    while st.stack:
        act(st, "pass")
    assert st.players[0].structure == s - 1


def test_seed004_contemplation_ends_the_turn():
    st = at(new(), "contemplation")
    clear_hands(st)
    act(st, "pass")
    assert st.turn == 3 and st.to_act() == 1
    act(st, "pass")
    assert st.turn == 4 and st.active == 1 and st.phase == "harvest"


# --- RULES.md decisions -----------------------------------------------------------------------------

def test_rules_win_at_structure_zero_or_below():
    st = at(new(), "combat", "attack")
    clear_hands(st)
    a = fetch(st, 0, "giant", "chars")
    st.players[1].structure = 6
    act(st, "attack", card=a)
    pass_phase(st)
    assert st.to_act() is None and st.result().winners == (0,)
    assert st.players[1].structure <= 0


def test_rules_attachment_adds_structure_permanently():
    st = at(new(), "harvest")
    clear_hands(st)
    sh = fetch(st, 0, "shrine")
    fetch(st, 0, "squire")
    st.players[0].will = 1
    s = st.players[0].structure
    act(st, "play", card=sh)
    assert st.players[0].structure == s + 3
    st.destroy(sh, [], "test")
    assert st.players[0].structure == s + 3


def test_rules_damage_on_characters_wears_off_at_end_of_turn():
    st = at(new(), "contemplation")
    clear_hands(st)
    g = fetch(st, 1, "giant", "chars")
    st.perm[g].damage = 5
    st.perm[g].mod_turn = 1
    pass_phase(st)
    assert st.turn == 4 and st.perm[g].damage == 0 and st.perm[g].mod_turn == 0


def test_rules_hand_limit_eight_discard_is_a_decision():
    st = at(new(), "contemplation")
    clear_hands(st)
    for i in range(10):
        fetch(st, 0, ("giant", "knight", "squire")[i % 3])
    st.players[0].will = 0
    assert len(st.players[0].hand) == 11  # ten and the free zap
    pass_phase(st)
    assert st.phase == "end" and st.to_act() == 0
    legal = st.legal_actions()
    assert {a.kind for a in legal} == {"discard"} and len(legal) == 4  # one per distinct card
    for _ in range(3):
        assert st.phase == "end"
        act(st, "discard", card=st.players[0].hand[0])
    assert len(st.players[0].hand) == 8 and st.turn == 4


def test_rules_empty_deck_costs_one_structure_per_missing_card():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    pl = st.players[0]
    pl.discard.extend(pl.deck)
    pl.deck.clear()
    s = pl.structure
    _to_next_turn(st)
    assert pl.structure == s - 1
    st.draw(0, 3, [])
    assert pl.structure == s - 4


def test_rules_priority_both_players_pass_before_the_phase_moves_on():
    st = at(new(), "harvest")
    clear_hands(st)
    fetch(st, 0, "zap")
    fetch(st, 1, "zap")
    act(st, "pass")
    assert st.phase == "harvest" and st.to_act() == 1
    act(st, "pass")
    assert st.phase != "harvest"


def test_rules_responses_resolve_last_in_first_out():
    st = at(new(), "contemplation")
    clear_hands(st)
    k = fetch(st, 1, "squire", "chars")
    bolt = fetch(st, 0, "bolt")
    rally = fetch(st, 1, "rally")
    st.players[0].will = 1
    act(st, "play", card=bolt, target=k)  # 2 damage on a Strength-2 squire
    assert st.to_act() == 1
    act(st, "play", card=rally, target=k)  # response: +2 Strength, resolves first
    assert [s["card"] for s in st.stack] == [bolt, rally]
    evs = []
    while st.stack:
        evs += act(st, "pass")
    order = [e.data["card"] for e in evs if e.kind == "Resolved"]
    assert order == [rally, bolt]
    assert k in st.perm and st.perm[k].damage == 2  # Strength 4 survives the bolt


def test_rules_both_sanctuaries_fallen_is_a_draw():
    st = at(new(), "contemplation")
    clear_hands(st)
    st.players[0].structure = 1
    st.players[1].structure = 1
    evs = []
    st.damage_sanctuary(0, 1, None, evs)
    st.damage_sanctuary(1, 1, None, evs)
    st.flow.settle(st, evs)  # (was st._settle: the declared flow's settle loop now)
    assert st.result() is not None and st.result().winners == ()
