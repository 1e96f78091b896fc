"""Seed 000 events (each changes only its step) and the level goals (reach, bring, quests, gold; modes)."""

from __future__ import annotations

import pytest

from game.rulesets.expedition import explore
from game.rulesets.expedition.kinds import EventStep, Step
from game.rulesets.expedition.state import ActiveCard
from game.rulesets.expedition.turns import check_goal, check_quests
from tests.rulesets.expedition.helpers import act, new, place, scripted


def _numbers(st) -> dict:
    h = st.hero
    return {"moves": explore.moves_per_turn(st), "move": explore.move_budget(st, h),
            "escape": explore.escape_dice(st, h), "search": explore.vision_dice(st, h),
            "danger": explore.is_dangerous(st, 2, 2), "safe": explore.is_dangerous(st, 0, 2)}


@pytest.mark.parametrize("step", list(EventStep))
def test_seed000_events_change_only_their_step(step: EventStep) -> None:
    st = new()
    before = _numbers(st)
    st.cards.append(ActiveCard(card="x", step=step, amount=1, left=1))
    after = _numbers(st)
    changed = {k for k in before if before[k] != after[k]}
    expected = {EventStep.MOVES: {"moves"}, EventStep.MOVE: {"move"}, EventStep.ESCAPE: {"escape"},
                EventStep.SEARCH: {"search"}, EventStep.CONTACT: set(), EventStep.DANGER: {"safe"}}[step]
    assert changed == expected


def test_seed000_events_a_contact_card_closes_step_4_only() -> None:
    st = new()
    st.cards.append(ActiveCard(card="x", step=EventStep.CONTACT, amount=-1, left=1))
    rng = scripted(st)
    act(st, "stay")  # next to the hermit and hero 1
    rng.ints = [6, 6, 6, 6]
    act(st, "escape")
    rng.ints = [1, 1, 1, 1]
    act(st, "search")
    assert st.step == Step.MOVE and st.moves_left == 1


def test_seed000_events_are_drawn_each_round_and_expire() -> None:
    cards = {"calm": {"name": "Calm", "step": "danger", "amount": -1, "duration": 1}}
    st = new(events=cards, events_every=1)
    assert [c.card for c in st.cards] == ["calm"]
    act(st, "end")
    act(st, "end")
    assert st.round == 2 and [c.left for c in st.cards] == [1]  # the old card expired, a new one came


def test_seed000_goal_reach_cooperative_all_heroes_win() -> None:
    st = new()
    place(st, 0, 7, 1)
    act(st, "move", x=7, y=0)
    assert st.step == Step.OVER and st.result().winners == (0, 1)


def test_seed000_goal_reach_competitive_first_hero_wins_alone() -> None:
    st = new(mode="competitive")
    place(st, 0, 7, 1)
    act(st, "move", x=7, y=0)
    assert st.result().winners == (0,)


def test_seed000_goal_bring_an_item_to_a_site() -> None:
    st = new(goal={"kind": "bring", "item": "idol", "site": "town"})
    place(st, 0, 1, 0)
    act(st, "move", x=0, y=0)
    assert st.winners is None
    st = new(goal={"kind": "bring", "item": "idol", "site": "town"})
    st.heroes[0].items.append("idol")
    place(st, 0, 1, 0)
    act(st, "move", x=0, y=0)
    assert st.result().winners == (0, 1)


def test_seed000_goal_quests_and_gold() -> None:
    st = new(goal={"kind": "quests", "count": 1})
    st.heroes[1].quests = ["miller"]
    place(st, 1, 6, 4)
    events: list = []
    check_quests(st, st.heroes[1], events)
    check_goal(st, events)
    assert st.heroes[1].done == ["miller"] and st.result().winners == (0, 1)
    st = new(goal={"kind": "gold", "count": 40}, mode="competitive")
    st.heroes[1].gold = 40
    check_goal(st, [])
    assert st.result().winners == (1,)
    st = new(goal={"kind": "gold", "count": 40})
    st.heroes[1].gold = 18
    check_goal(st, [])
    assert st.winners is None
    st.heroes[1].gold = 19
    check_goal(st, [])  # cooperative: the party's gold (21 + 19)
    assert st.result().winners == (0, 1)


def test_seed000_after_the_last_round_the_dark_lord_wins() -> None:
    st = new(rounds=1)
    act(st, "end")
    act(st, "end")
    assert st.result().winners == (2,) and st.result().reason == "rounds"


def test_seed000_quests_bring_an_item_and_reach_a_site() -> None:
    npcs = {"hermit": {"name": "Hermit", "message": "Seek {site}.",
                       "quest": {"kind": "bring", "item": "glass", "gold": 4}},
            "miller": {"name": "Miller", "message": "At {site}.", "tells": "mill",
                       "quest": {"kind": "bring", "item": "idol", "site": "mill", "gold": 6}}}
    st = new(npcs=npcs)
    h = st.heroes[0]
    h.quests = ["hermit", "miller"]
    h.items = ["glass", "idol"]
    place(st, 0, 1, 0)
    act(st, "move", x=0, y=0)   # a town: the glass is handed over, the idol is for the mill
    assert h.done == ["hermit"] and h.items == ["idol"] and h.gold == 21 + 4
    place(st, 0, 6, 4)
    check_quests(st, h, [])
    assert h.done == ["hermit", "miller"] and h.items == [] and h.gold == 21 + 10


def test_seed000_quests_a_bring_quest_taking_a_resistance_item_caps_health() -> None:
    npcs = {"hermit": {"name": "Hermit", "message": "Seek {site}.", "quest": {"kind": "bring", "item": "boots"}},
            "miller": {"name": "Miller", "message": "At {site}."}}
    st = new(npcs=npcs)
    h = st.heroes[0]
    h.items.append("boots")
    h.health = 7  # 5 + resistance 2 with the boots
    h.quests = ["hermit"]
    place(st, 0, 1, 0)
    act(st, "move", x=0, y=0)
    assert h.done == ["hermit"] and h.health == 6 and not st.invariants()
