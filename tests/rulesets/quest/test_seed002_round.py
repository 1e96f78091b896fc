"""Seed 002 clauses 1 (resource), 2 (planning: allies, attachments, ranged, restricted, sentinel) and
7 (refresh), with RULES.md's costs (paid from heroes of the matching sphere, neutral from any)."""

from __future__ import annotations

from game.engine.actions import Action
from game.rulesets.quest import combat
from game.rulesets.quest.parts import Step
from game.rulesets.quest.phases import round as rnd
from tests.rulesets.quest.helpers import act, done_until, engage_with, game, instance, new, to_hand


def test_seed002_1a_resource_and_draw() -> None:
    st = new(2)
    act(st, "deck", deck="hearth_steel")
    act(st, "deck", deck="root_tide")
    act(st, "keep")
    before = [len(p.hand) for p in st.players]
    events = act(st, "keep")  # the last keep starts round 1: the resource phase is automatic
    assert st.round == 1
    for s, p in enumerate(st.players):
        assert [st.table[h].resources for h in p.heroes] == [1, 1, 1]
        assert len(p.hand) == before[s] + 1
    gained = [e for e in events if e.kind == "ResourcesGained"]
    assert [e.data["seat"] for e in gained] == [0, 1] and all(e.auto for e in gained)


def test_seed002_1a1_empty_player_deck_is_not_reshuffled() -> None:
    st = new(1)
    act(st, "deck", deck="hearth_steel")
    p = st.players[0]
    p.discard += p.deck
    p.deck = []
    discard = list(p.discard)
    events = act(st, "keep")
    assert p.deck == [] and p.discard == discard and len(p.hand) == 6
    assert any(e.kind == "DeckEmpty" for e in events)


def test_seed002_2a_allies_and_attachments_are_played_in_planning() -> None:
    st = game(1)
    ally = to_hand(st, 0, "spear_recruit")
    blade = to_hand(st, 0, "keen_blade")
    corvan = instance(st, "corvan_ironbrow", "0.")
    st.table[corvan].resources = 4
    done_until(st, "plan")
    assert st.phase.value == "planning" and st.to_act() == 0
    act(st, "play", card=ally)
    assert ally in st.players[0].allies and st.table[ally].exhausted is False
    act(st, "play", card=blade, on=corvan)
    assert st.table[blade].attached_to == corvan
    assert st.stat(corvan, "attack") == st.defn(corvan).attack + 1


def test_costs_are_paid_only_from_heroes_of_the_matching_sphere() -> None:
    st = game(1)
    ally = to_hand(st, 0, "spear_recruit")  # steel, cost 3
    maelis = instance(st, "maelis_lanternkeeper", "0.")  # hearth
    corvan, brannoc = instance(st, "corvan_ironbrow", "0."), instance(st, "brannoc_the_wall", "0.")
    st.table[maelis].resources = 9
    st.table[corvan].resources = 1
    st.table[brannoc].resources = 1
    done_until(st, "plan")
    assert Action.of("play", card=ally) not in st.legal_actions()  # only 2 steel resources
    st.table[brannoc].resources = 2
    act(st, "play", card=ally)
    assert st.table[maelis].resources == 9
    assert st.table[corvan].resources + st.table[brannoc].resources == 0


def test_neutral_cards_are_paid_by_any_hero() -> None:
    st = game(1)
    smith = to_hand(st, 0, "wandering_smith")  # neutral, cost 2
    for h in st.players[0].heroes:
        st.table[h].resources = 0
    maelis = instance(st, "maelis_lanternkeeper", "0.")
    st.table[maelis].resources = 2
    done_until(st, "plan")
    act(st, "play", card=smith)
    assert smith in st.players[0].allies and st.table[maelis].resources == 0


def _strike_position() -> tuple[object, str]:
    """Seat 0 (Moss and Spray: Ilo is ranged), seat 1 (Lantern and Shield) engaged with an Ash Wolf."""
    st = game(2, decks=("root_tide", "hearth_steel"))
    enemy = engage_with(st, 1, "ash_wolf")
    st.step = Step.STRIKE
    st.order_left = [0, 1]
    return st, enemy


def test_seed002_2a2_ranged_attacks_enemies_engaged_with_another_player() -> None:
    st, enemy = _strike_position()
    ilo = instance(st, "ilo_saltwind", "0.")
    assert Action.of("strike", enemy=enemy) in st.legal_actions()
    act(st, "strike", enemy=enemy)
    assert [a["card"] for a in st.legal_actions() if a.kind == "attacker"] == [ilo]  # only the ranged one
    act(st, "attacker", card=ilo)
    act(st, "resolve")
    assert st.table[enemy].damage == 2 - 1  # Ilo's attack 2 minus the wolf's defense 1
    assert enemy in st.players[1].engaged  # 6d3: it survives and stays engaged with seat 1


def test_seed002_2a2_without_a_ready_ranged_character_others_enemies_are_out_of_reach() -> None:
    st, enemy = _strike_position()
    st.table[instance(st, "ilo_saltwind", "0.")].exhausted = True
    assert combat.strike_targets(st, 0) == []


def test_seed002_2a3_restricted_at_most_two_per_character() -> None:
    st = game(1)
    corvan = instance(st, "corvan_ironbrow", "0.")
    blades = [to_hand(st, 0, "keen_blade") for _ in range(2)]
    to_hand(st, 0, "warm_cloak")
    for h in st.players[0].heroes:
        st.table[h].resources = 5
    done_until(st, "plan")
    for b in blades:
        act(st, "play", card=b, on=corvan)
    ons = {a["on"] for a in st.legal_actions() if a.kind == "play" and st.cid[a["card"]] == "warm_cloak"}
    assert corvan not in ons and ons == set(st.players[0].heroes) - {corvan}
    assert st.stat(corvan, "attack") == st.defn(corvan).attack + 2


def _attack_on_seat0(sentinel_ready: bool) -> tuple[object, str, str]:
    st = game(2, decks=("root_tide", "hearth_steel"))
    enemy = engage_with(st, 0, "ash_wolf")
    brannoc = instance(st, "brannoc_the_wall", "1.")  # sentinel hero of seat 1
    st.table[brannoc].exhausted = not sentinel_ready
    st.step = Step.ENEMY
    st.order_left = [0, 1]
    st.encounter.shadows = {}
    st.flow.settle(st, [])
    assert st.step is Step.DEFEND and st.attack is not None and st.to_act() == 0
    return st, enemy, brannoc


def test_seed002_2a4_sentinel_defends_for_a_player_who_declared_no_defender() -> None:
    st, enemy, brannoc = _attack_on_seat0(True)
    act(st, "no_defender")
    assert st.step is Step.SENTINEL and st.to_act() == 1
    assert {a["card"] for a in st.legal_actions() if a.kind == "defend"} == {brannoc}
    act(st, "defend", card=brannoc)
    dmg = max(0, st.stat(enemy, "attack") - st.stat(brannoc, "defense"))
    assert st.table[brannoc].damage == dmg and st.table[brannoc].exhausted
    assert all(st.table[h].damage == 0 for h in st.players[0].heroes)


def test_seed002_2a4_no_sentinel_offer_when_the_player_defends() -> None:
    st, enemy, brannoc = _attack_on_seat0(True)
    sefa = instance(st, "sefa_thornwise", "0.")
    act(st, "defend", card=sefa)
    assert st.step is not Step.SENTINEL and st.table[brannoc].damage == 0


def _refreshed() -> tuple[object, list[int], list]:
    st = game(2)
    for s in (0, 1):
        for c in st.players[s].heroes:
            st.table[c].exhausted = True
    threats = [p.threat for p in st.players]
    ev: list = []
    rnd.auto_refresh(st, ev)
    return st, threats, ev


def test_seed002_7a_refresh_readies_every_card() -> None:
    st, _, _ = _refreshed()
    assert all(not st.table[h].exhausted for s in (0, 1) for h in st.players[s].heroes)


def test_seed002_7b_refresh_raises_each_threat_by_one() -> None:
    st, threats, _ = _refreshed()
    assert [p.threat for p in st.players] == [t + 1 for t in threats]


def test_seed002_7c_the_first_player_token_passes_left() -> None:
    st, _, ev = _refreshed()
    assert st.first_player == 1 and any(e.kind == "FirstPlayer" and e.data["seat"] == 1 for e in ev)
    assert st.step is Step.ACTIONS and st.window.value == "7d"  # then 7d, the last window


def test_seed002_7c_single_player_keeps_the_token() -> None:
    st = game(1)
    rnd.auto_refresh(st, [])
    assert st.first_player == 0
