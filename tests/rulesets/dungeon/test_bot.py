"""The dungeon bot hints: the greedy look-ahead policy and the heuristic."""

from __future__ import annotations

import pytest

from game.engine.actions import Action
from game.engine.levels import get_level
from game.engine.rng import Rng
from game.rulesets.dungeon import bot

from .helpers import PLAIN3, RULESET, act, card, make_level, new


def _duel(level_id, games, seed0=0):
    """Greedy policy against uniform random, two seats, alternating who sits first; return greedy wins."""
    level = get_level("dungeon", level_id)
    wins = 0
    for g in range(games):
        st = RULESET.new_game(level, ["A", "B"], seed0 + g)
        greedy = g % 2
        rnd, brng = Rng(1000 + g), Rng(2000 + g)
        while st.to_act() is not None:
            s = st.to_act()
            legal = st.legal_actions()
            a = RULESET.bot_policy(st, s, legal, brng) if s == greedy else rnd.choice(legal)
            assert a in legal
            st.apply(a)
        res = st.result()
        wins += res.winners == (greedy,)
    return wins


def test_greedy_policy_beats_random():
    assert _duel("standard", 3) >= 3


@pytest.mark.slow
def test_greedy_policy_beats_random_90_percent():
    assert _duel("standard", 40, seed0=100) >= 36


def test_policy_places_the_sword_to_defeat_an_adjacent_monster():
    floors = [". . ?slime . . .", PLAIN3[1], PLAIN3[2]]
    st = new(make_level([card("e1", floors), card("e2", PLAIN3)], bags=[["sword_potion"] * 4]))
    act(st, "choose_map", side=0)
    act(st, "draw")
    a = bot.policy(st, 0, st.legal_actions(), Rng(1))
    assert a.kind == "place" and a["face"] == "sword" and a["space"] in (2, 4)


def test_policy_looks_ahead_to_open_a_chest():
    # a weapon and a coin already sit by the chest; one free space is left beside it:
    # the potion face goes there (the bag still holds coins for the other spaces)
    floors = ["?sword !chest ?coin . . .", ". . . . . .", PLAIN3[2]]
    st = new(make_level([card("e1", floors), card("e2", PLAIN3)], bags=[["coin_potion"] * 6]))
    act(st, "choose_map", side=0)
    for _ in range(3):
        act(st, "draw")
        st.apply(bot.policy(st, 0, st.legal_actions(), Rng(2)))
    act(st, "continue")
    act(st, "draw")
    a = bot.policy(st, 0, st.legal_actions(), Rng(3))
    assert a == Action.of("place", face="potion", floor=2, space=2)


def test_policy_continues_with_chips_and_heuristic_is_bounded():
    st = new(get_level("dungeon", "standard"), seats=2, seed=8)
    rng = Rng(4)
    seen = set()
    while st.to_act() is not None and st.round == 1:
        s = st.to_act()
        legal = st.legal_actions()
        a = bot.policy(st, s, legal, rng)
        assert a in legal
        seen.add(st.players[s].status)
        if st.players[s].status == "floor_done" and len(st.players[s].bag) > 2:
            assert a.kind == "continue"
        st.apply(a)
        for seat in range(st.n):
            assert 0.0 <= st.heuristic(seat) <= 1.0
    assert {"map", "draw", "place", "floor_done"} <= seen


def test_market_policy_buys_valuable_chips():
    st = new(get_level("dungeon", "standard"), seats=1, seed=2)
    values = {c: bot.chip_value(st, c) for c in st.model.chips}
    assert values["wand_gem"] > values["coin_potion"]
    assert values["hammer_gem"] > values["shield_coin"]
