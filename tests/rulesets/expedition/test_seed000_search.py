"""Seed 000 step 3: 2 + vision vision dice and a luck die; spending successes on normal and rare items."""

from __future__ import annotations

from game.rulesets.expedition.kinds import Ev, Step
from tests.rulesets.expedition.helpers import act, keys, new, scripted


def _searching(**over):
    st = new(**over)
    rng = scripted(st)
    act(st, "move", x=0, y=2)  # a road: no monsters, straight to step 3
    assert st.step == Step.SEARCH
    return st, rng


def test_seed000_3_two_plus_vision_dice_and_a_luck_die() -> None:
    st, rng = _searching()
    rng.ints = [1, 1, 1, 1]
    ev = act(st, "search")
    rolled = next(e for e in ev if e.kind == "DiceRolled")
    assert len(rolled.data["dice"]) == (2 + 1) + 1  # vision 1: 3 vision dice, and the luck die


def test_seed000_3_needs_two_successes_and_a_favourable_luck_die() -> None:
    for dice, found in (([4, 5, 1, 3], True), ([4, 5, 1, 2], False), ([4, 1, 1, 6], False), ([6, 6, 6, 1], False)):
        st, rng = _searching()
        rng.ints = list(dice)
        ev = act(st, "search")
        assert next(e for e in ev if e.kind == Ev.SEARCH).data["found"] is found, dice
        assert (st.step == Step.CLAIM) is found


def test_seed000_3_1_a_normal_item_costs_two_successes_and_3_2_a_rare_item_three() -> None:
    st, rng = _searching()
    rng.ints = [4, 4, 1, 6]            # 2 successes
    act(st, "search")
    assert keys(st) == ["claim normal=1 rare=0"]
    st, rng = _searching()
    rng.ints = [4, 4, 4, 6]            # 3 successes
    act(st, "search")
    assert set(keys(st)) == {"claim normal=1 rare=0", "claim normal=0 rare=1"}


def test_seed000_3_3_mix_of_normal_and_rare_items() -> None:
    st, rng = _searching()
    st.heroes[0].items.append("glass")  # vision 2: 4 vision dice
    rng.ints = [5, 5, 5, 5, 6]
    st.successes = 0
    act(st, "search")
    assert st.successes == 4
    assert set(keys(st)) == {"claim normal=1 rare=0", "claim normal=2 rare=0", "claim normal=0 rare=1"}
    # the seed's example: 5 successes buy 1 rare + 1 normal, or 2 normal
    st.successes = 5
    assert {"claim normal=1 rare=1", "claim normal=2 rare=0"} <= set(keys(st))
    assert "claim normal=2 rare=1" not in keys(st)
    normal, rare = len(st.decks["normal"]), len(st.decks["rare"])
    items = len(st.heroes[0].items)
    ev = act(st, "claim", normal=1, rare=1)
    assert len(st.decks["normal"]) == normal - 1 and len(st.decks["rare"]) == rare - 1
    got = next(e for e in ev if e.kind == Ev.ITEMS).data["items"]
    assert len(got) == 2 and len(st.heroes[0].items) == items + 2
    assert st.model.items[got[0]].rarity == "normal" and st.model.items[got[1]].rarity == "rare"


def test_seed000_3_items_are_drawn_at_random_from_the_decks() -> None:
    drawn = set()
    for seed in range(12):
        st, rng = _searching(seed=seed)
        rng.ints = [6, 6, 1, 6]
        act(st, "search")
        st.rng = type(st.rng)(seed)
        ev = act(st, "claim", normal=1, rare=0)
        drawn.add(next(e for e in ev if e.kind == Ev.ITEMS).data["items"][0])
    assert len(drawn) >= 2


def test_seed000_3_a_successful_search_on_a_site_that_holds_an_item_finds_it() -> None:
    st = new()
    rng = scripted(st)
    st.heroes[0].x, st.heroes[0].y = 6, 3
    act(st, "move", x=6, y=4)   # the mill (a ruin: dangerous)
    rng.ints = [4, 4, 4, 4]     # escape
    act(st, "escape")
    rng.ints = [6, 6, 1, 6]
    act(st, "search")
    assert "idol" in st.heroes[0].items
