"""Seed 002 clauses 5 (encounter: optional engagement, engagement checks) and 6 (combat: shadows,
enemy attacks, player attacks), with RULES.md's archery."""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.events import Event
from game.rulesets.quest import combat
from game.rulesets.quest.parts import Step
from game.rulesets.quest.phases import encounter
from tests.rulesets.quest.helpers import act, engage_with, game, instance, take_out, to_staging, to_top


def _clear_staging(st) -> None:
    for c in list(st.encounter.staging):
        take_out(st, c)
        st.encounter.discard.append(c)


def test_seed002_5a_optional_engagement_of_one_enemy() -> None:
    st = game(2)
    _clear_staging(st)
    wolf, crawler = to_staging(st, "ash_wolf"), to_staging(st, "bog_crawler")
    st.players[0].threat = 5  # far below both engagement costs: only a choice engages them
    encounter.begin_engage(st, [])
    st.flow.settle(st, [])
    assert st.to_act() == 0
    assert set(a.kind for a in st.legal_actions()) == {"engage", "done"}
    act(st, "engage", card=wolf)
    assert wolf in st.players[0].engaged and wolf not in st.encounter.staging
    assert st.to_act() == 1 and st.step is Step.ENGAGE  # one enemy per seat: seat 1 chooses next
    act(st, "done")
    assert crawler in st.encounter.staging or crawler in st.players[0].engaged + st.players[1].engaged


def test_seed002_5c1_5c2_highest_engagement_cost_not_above_threat_engages() -> None:
    st = game(1)
    _clear_staging(st)
    crawler, wolf, marauder = (to_staging(st, c) for c in ("bog_crawler", "ash_wolf", "hill_marauder"))
    st.players[0].threat = 30  # crawler 20, wolf 26, marauder 34
    assert encounter.check_for(st, 0) == wolf
    st.players[0].threat = 26
    assert encounter.check_for(st, 0) == wolf  # "inferiore o pari"
    st.players[0].threat = 19
    assert encounter.check_for(st, 0) is None
    assert crawler and marauder


def test_seed002_5c3_every_engageable_enemy_is_engaged() -> None:
    st = game(2)
    _clear_staging(st)
    crawler, wolf, marauder, lurker = (to_staging(st, c) for c in ("bog_crawler", "ash_wolf", "hill_marauder",
                                                                  "fen_lurker"))
    st.players[0].threat, st.players[1].threat = 27, 21
    ev: list[Event] = []
    encounter.auto_checks(st, ev)
    assert st.players[0].engaged == [wolf, lurker]  # first check: wolf (26); second round: lurker (15)
    assert st.players[1].engaged == [crawler]  # crawler (20) for threat 21
    assert st.encounter.staging == [marauder]  # 34 is above both threats
    assert st.step is Step.ACTIONS and st.window.value == "5d"


def test_seed002_6a_one_shadow_per_enemy_from_the_highest_engagement_cost() -> None:
    st = game(2)
    low = engage_with(st, 0, "bog_crawler")  # 20
    high = engage_with(st, 1, "hill_marauder")  # 34
    second, first = to_top(st, "misty_ford"), to_top(st, "chill_wind")  # chill wind on top
    ev: list[Event] = []
    combat.auto_shadows(st, ev)
    assert st.encounter.shadows == {high: first, low: second}
    assert st.view(0)["encounter"]["shadows"] == {high: "?", low: "?"}  # face down


def _attacked(n_enemies: int = 1) -> tuple[object, list[str]]:
    """Seat 0 alone, engaged with Ash Wolves (attack 3), no shadows; combat at 6c."""
    st = game(1)
    enemies = [engage_with(st, 0, "ash_wolf") for _ in range(n_enemies)]
    st.encounter.shadows = {}
    combat.begin_enemy_attacks(st, [])
    st.flow.settle(st, [])
    return st, enemies


def test_seed002_6c1_the_player_chooses_the_enemy_that_attacks_first() -> None:
    st, enemies = _attacked(2)
    assert st.step is Step.ENEMY
    assert [a["enemy"] for a in st.legal_actions()] == enemies
    act(st, "attacked_by", enemy=enemies[1])
    assert st.attack is not None and st.attack.enemy == enemies[1] and st.step is Step.DEFEND


def test_seed002_6c2_one_defender_exhausts_or_none() -> None:
    st, (wolf,) = _attacked()
    heroes = st.players[0].heroes
    assert {a.get("card") for a in st.legal_actions()} == set(heroes) | {None}
    brannoc = instance(st, "brannoc_the_wall", "0.")
    act(st, "defend", card=brannoc)
    assert st.table[brannoc].exhausted and st.attack is None  # resolved: no second defender


def test_seed002_6c3_the_shadow_card_is_turned_and_resolved() -> None:
    st, (wolf,) = _attacked()
    st.step = Step.ENEMY
    st.attack = None
    st.attacked = []
    shadow = to_top(st, "chill_wind")  # shadow: +2 attack
    st.encounter.deck.remove(shadow)
    st.encounter.shadows[wolf] = shadow
    st.flow.settle(st, [])
    brannoc = instance(st, "brannoc_the_wall", "0.")
    ev = act(st, "defend", card=brannoc)
    assert any(e.kind == "ShadowRevealed" and e.reveal and e.data["card"] == shadow for e in ev)
    assert st.table[brannoc].damage == 3 + 2 - 3  # wolf 3 + shadow 2 - Brannoc's defense 3
    assert wolf in st.shadows_up and st.view(0)["encounter"]["shadows"][wolf] == shadow


def test_seed002_6c4_damage_is_attack_minus_defense() -> None:
    st, (wolf,) = _attacked()
    maelis = instance(st, "maelis_lanternkeeper", "0.")  # defense 1
    act(st, "defend", card=maelis)
    assert st.table[maelis].damage == 3 - 1


def test_seed002_6c5_undefended_attack_hits_one_hero_ignoring_defense() -> None:
    st, (wolf,) = _attacked()
    act(st, "no_defender")
    assert st.step is Step.UNDEFENDED
    assert {a["card"] for a in st.legal_actions()} == set(st.players[0].heroes)  # heroes only
    brannoc = instance(st, "brannoc_the_wall", "0.")  # defense 3, ignored
    act(st, "take", card=brannoc)
    assert st.table[brannoc].damage == 3


def test_seed002_6c6_every_engaged_enemy_attacks_once() -> None:
    st, enemies = _attacked(2)
    act(st, "attacked_by", enemy=enemies[0])
    act(st, "defend", card=instance(st, "brannoc_the_wall", "0."))
    assert st.step is Step.DEFEND and st.attack is not None and st.attack.enemy == enemies[1]  # the last one by itself
    act(st, "defend", card=instance(st, "corvan_ironbrow", "0."))
    assert st.attacked == enemies and st.step in (Step.STRIKE, Step.ATTACKERS, Step.ACTIONS)


def _striking() -> tuple[object, str]:
    st = game(1)
    wolf = engage_with(st, 0, "ash_wolf")  # defense 1, hp 3
    combat.begin_strikes(st, [])
    return st, wolf


def test_seed002_6d1_attackers_are_declared_and_exhausted() -> None:
    st, wolf = _striking()
    act(st, "strike", enemy=wolf)
    corvan = instance(st, "corvan_ironbrow", "0.")
    assert Action.of("resolve") not in st.legal_actions()  # at least one attacker
    act(st, "attacker", card=corvan)
    assert st.table[corvan].exhausted and st.strike is not None and st.strike.attackers == [corvan]


def test_seed002_6d1_without_ready_characters_no_attack_and_the_enemy_stays() -> None:
    st, wolf = _striking()
    for c in st.characters(0):
        st.table[c].exhausted = True
    ev: list[Event] = []
    st.flow.settle(st, ev)
    assert wolf in st.players[0].engaged and not any(e.kind == "AttackDeclared" for e in ev)
    assert st.step is Step.ACTIONS and st.window.value == "6e"


def test_seed002_6d2_summed_attack_minus_defense() -> None:
    st, wolf = _striking()
    act(st, "strike", enemy=wolf)
    maelis, brannoc = instance(st, "maelis_lanternkeeper", "0."), instance(st, "brannoc_the_wall", "0.")
    act(st, "attacker", card=maelis)  # 1
    act(st, "attacker", card=brannoc)  # 2
    ev = act(st, "resolve")
    assert next(e for e in ev if e.kind == "StrikeDamage").data["amount"] == 1 + 2 - 1
    assert st.table[wolf].damage == 2


def test_seed002_6d2_an_enemy_at_its_hit_points_is_defeated() -> None:
    st, wolf = _striking()
    act(st, "strike", enemy=wolf)
    for c in ("corvan_ironbrow", "brannoc_the_wall"):
        act(st, "attacker", card=instance(st, c, "0."))
    ev = act(st, "resolve")  # 3 + 2 - 1 = 4 >= 3 hp
    assert wolf not in st.table and wolf in st.encounter.discard and wolf not in st.players[0].engaged
    assert any(e.kind == "EnemyDefeated" for e in ev)


def test_seed002_6d3_a_survivor_stays_engaged_and_adds_no_threat() -> None:
    st, wolf = _striking()
    threat = st.staging_threat()
    act(st, "strike", enemy=wolf)
    act(st, "attacker", card=instance(st, "maelis_lanternkeeper", "0."))
    act(st, "resolve")
    assert wolf in st.players[0].engaged and st.table[wolf].damage == 0
    assert st.staging_threat() == threat  # engaged enemies never count


def test_seed002_6d4_one_attack_per_engaged_enemy() -> None:
    st, wolf = _striking()
    other = engage_with(st, 0, "bog_crawler")
    act(st, "strike", enemy=wolf)
    act(st, "attacker", card=instance(st, "maelis_lanternkeeper", "0."))
    act(st, "resolve")
    targets = [a["enemy"] for a in st.legal_actions() if a.kind == "strike"]
    assert targets == [other]


def test_seed002_6d5_shadow_cards_are_discarded_after_the_attacks() -> None:
    st, wolf = _striking()
    shadow = to_top(st, "misty_ford")
    st.encounter.deck.remove(shadow)
    st.encounter.shadows[wolf] = shadow
    act(st, "end_attacks")
    assert st.encounter.shadows == {} and shadow in st.encounter.discard
    assert st.step is Step.ACTIONS and st.window.value == "6e"


def test_archery_is_dealt_point_by_point_by_the_players() -> None:
    st = game(2)
    _clear_staging(st)
    to_staging(st, "hill_marauder")  # archery 1
    to_staging(st, "hill_marauder")
    combat.begin_combat(st, [])
    assert st.step is Step.ARCHERY and st.archery_left == 2
    assert st.to_act() == 0
    target = st.players[0].heroes[0]
    act(st, "archery", card=target)
    assert st.table[target].damage == 1 and st.to_act() == 1  # the next point: the next seat
    act(st, "archery", card=st.players[1].heroes[0])
    assert st.archery_left == 0 and st.step is not Step.ARCHERY
