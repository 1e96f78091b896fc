"""RULES.md's fill-ins for quest: starting threat, opening hand and mulligan, quest stages, elimination at
threat 50 or with every hero dead, victory on the last stage, the keywords doomed, guarded, archery (in
test_seed002_combat) and victory, 1 to 4 players with every phase played from the first player."""

from __future__ import annotations

import pytest

from game.engine.events import Event
from game.engine.registry import get_ruleset
from game.rulesets.quest.parts import Step
from game.rulesets.quest.phases import questing
from game.rulesets.quest.phases import round as rnd
from tests.rulesets.quest.helpers import (
    act,
    engage_with,
    game,
    instance,
    kinds,
    level_from,
    new,
    take_out,
    to_staging,
    to_top,
    tutorial,
)


def _clear_staging(st) -> None:
    for c in list(st.encounter.staging):
        take_out(st, c)
        st.encounter.discard.append(c)


def test_starting_threat_is_the_heroes_threat_costs() -> None:
    st = game(2, decks=("hearth_steel", "root_tide"))
    assert st.players[0].threat == 9 + 10 + 10
    assert st.players[1].threat == 8 + 8 + 9


def test_six_card_hand_and_one_mulligan() -> None:
    st = new(1)
    act(st, "deck", deck="hearth_steel")
    p = st.players[0]
    assert len(p.hand) == 6 and kinds(st) == {"keep", "mulligan"}
    first = list(p.hand)
    ev = act(st, "mulligan")
    assert any(e.kind == "Mulligan" and e.random for e in ev)
    assert p.mulliganed and st.round == 1  # the mulligan hand is kept: the round began
    assert len(p.hand) == 7 and len(p.deck) == 30 - 7 and sorted(p.hand + p.deck) != sorted(first)


def test_quest_stages_follow_one_another_with_their_effects() -> None:
    st = game(1)
    ev: list[Event] = []
    st.add_progress(6, ev, to_quest_only=True)
    assert st.encounter.stage == 1 and st.encounter.progress == 0
    assert [e.kind for e in ev if e.kind.startswith("Stage")] == ["StageCompleted", "StageBegan"]
    assert any(st.cid[c] == "hill_marauder" for c in st.encounter.staging)  # the second stage's effect


def test_victory_when_the_last_stage_is_complete() -> None:
    st = game(2)
    st.encounter.stage = 2
    ev: list[Event] = []
    st.add_progress(st.stage_points(2) - 1, ev, to_quest_only=True)
    assert st.result() is None  # one short of the last stage's points (with two seats)
    st.add_progress(1, ev, to_quest_only=True)
    res = st.result()
    assert res is not None and res.winners == (0, 1) and res.reason == "victory"
    assert st.to_act() is None and st.legal_actions() == []


def test_threat_50_eliminates_a_player_and_its_enemies_return_to_staging() -> None:
    st = game(2)
    wolf = engage_with(st, 1, "ash_wolf")
    ev: list[Event] = []
    st.raise_threat(1, 50 - st.players[1].threat, ev)
    p = st.players[1]
    assert p.eliminated and p.heroes == [] and p.engaged == [] and wolf in st.encounter.staging
    assert any(e.kind == "PlayerEliminated" and e.data["reason"] == "threat" for e in ev)
    assert 1 not in st.turn_order() and st.result() is None and not st.invariants()


def test_all_heroes_dead_eliminates_a_player_and_the_last_one_out_loses() -> None:
    st = game(1)
    ev: list[Event] = []
    for h in list(st.players[0].heroes):
        st.deal_damage(h, st.defn(h).hp, ev)
    res = st.result()
    assert st.players[0].eliminated and res is not None and res.winners == () and res.reason == "defeat"


def test_round_limit_loses() -> None:
    st = game(1, level=level_from({"round_limit": 5}))
    st.round = 5
    ev: list[Event] = []
    rnd.begin_round(st, ev)
    assert st.result() is not None and st.result().reason == "round_limit"


def test_keyword_doomed_raises_each_players_threat_when_revealed() -> None:
    st = game(2)
    questing.travel(st, 0, to_staging(st, "misty_ford"), [])  # an active location: no surge from the trail
    to_top(st, "misty_ford")
    to_top(st, "lost_trail")  # doomed 1
    threats = [p.threat for p in st.players]
    ev: list[Event] = []
    questing.reveal(st, ev)
    assert [p.threat for p in st.players] == [t + 1 for t in threats]
    assert sum(1 for e in ev if e.kind == "Revealed") == 1  # surge_if no_active_location did not fire
    assert [e.data["amount"] for e in ev if e.kind == "Doomed"] == [1]


def test_surge_if_condition_reveals_another_card() -> None:
    st = game(1)
    to_top(st, "misty_ford")
    to_top(st, "lost_trail")  # no active location: surge
    ev: list[Event] = []
    questing.reveal(st, ev)
    assert [st.cid[e.data["card"]] for e in ev if e.kind == "Revealed"] == ["lost_trail", "misty_ford"]


def test_keyword_guarded_the_next_card_guards_it() -> None:
    st = game(1)
    _clear_staging(st)
    wolf = to_top(st, "ash_wolf")
    tower = to_top(st, "old_watchtower")  # guarded
    ev: list[Event] = []
    questing.reveal(st, ev)
    assert st.encounter.guards == {tower: wolf}
    assert questing.travel_options(st) == []  # a guarded location cannot be travelled to
    st.deal_damage(wolf, 3, ev)  # the guard is defeated
    assert st.encounter.guards == {} and questing.travel_options(st) == [tower]


def test_keyword_victory_goes_to_the_victory_display_and_scores() -> None:
    st = game(1)
    marauder = engage_with(st, 0, "hill_marauder")  # victory 2
    ev: list[Event] = []
    st.deal_damage(marauder, 4, ev)
    assert marauder in st.encounter.victory and marauder not in st.encounter.discard
    st.encounter.stage = 2
    st.add_progress(10, ev, to_quest_only=True)
    assert st.result().scores == (2.0,)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_one_to_four_players(n: int) -> None:
    st = game(n)
    assert len(st.players) == n and all(len(p.heroes) == 3 for p in st.players)


def test_five_players_are_refused() -> None:
    with pytest.raises(ValueError):
        get_ruleset("quest").new_game(tutorial(), ["a", "b", "c", "d", "e"], 1)


def test_every_phase_is_played_by_all_players_from_the_first_player() -> None:
    st = game(3)
    st.first_player = 1
    rnd.begin_planning(st, [])
    assert st.order_left == [1, 2, 0]
    questing.begin_commit(st, [])
    assert st.order_left == [1, 2, 0]
    st.flow.settle(st, [])
    assert st.to_act() == 1  # the seat's own decision: seat 1 commits first


def test_automatic_steps_mark_their_events_auto() -> None:
    st = new(1)
    act(st, "deck", deck="hearth_steel")
    ev = act(st, "keep")
    assert next(e for e in ev if e.kind == "HandKept").auto is False
    assert all(e.auto for e in ev if e.kind in ("ResourcesGained", "RoundBegan", "WindowOpened"))


def test_decisions_belong_to_the_seat_whose_choice_it_is() -> None:
    st = game(2)
    wolf = engage_with(st, 1, "ash_wolf")
    st.encounter.shadows = {}
    from game.rulesets.quest import combat

    combat.begin_enemy_attacks(st, [])
    st.flow.settle(st, [])
    assert st.step is Step.DEFEND and st.to_act() == 1 and st.attack.enemy == wolf
    assert instance(st, "corvan_ironbrow", "1.") in {a.get("card") for a in st.legal_actions()}


def _stages_per_player(per: int) -> list[dict]:
    stages = [dict(s) for s in tutorial().data["stages"]]
    for s in stages:
        s["quest_points_per_player"] = per
    return stages


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_stage_quest_points_per_player_grow_with_the_seats(seats: int) -> None:
    level = level_from({"stages": _stages_per_player(3)})
    base = [s["quest_points"] for s in tutorial().data["stages"]]
    st = game(seats, level=level)
    need = base[0] + 3 * (seats - 1)
    assert st.stage_points(0) == need and st.view(0)["stage_points"][0] == need
    ev: list[Event] = []
    st.add_progress(need - 1, ev, to_quest_only=True)
    assert st.encounter.stage == 0 and st.encounter.progress == need - 1  # one short: the stage holds
    st.add_progress(1, ev, to_quest_only=True)
    assert st.encounter.stage == 1 and st.encounter.progress == 0
    assert [e.kind for e in ev if e.kind.startswith("Stage")] == ["StageCompleted", "StageBegan"]


def test_stage_quest_points_per_player_refuses_bad_values() -> None:
    from game.engine.levels import LevelError

    with pytest.raises(LevelError, match="quest_points_per_player"):
        level_from({"stages": _stages_per_player(-1)})
