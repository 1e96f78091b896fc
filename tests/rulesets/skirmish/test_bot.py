"""Bot heuristics: check chances, focus fire, protect the wounded, block, keep readiness; both sides
played by bots to the end; the policy beats random play."""

from __future__ import annotations

import pytest

from game.engine.levels import get_level
from game.engine.rng import Rng
from game.rulesets.skirmish import RULESET
from game.rulesets.skirmish.bot import bot_prior, success_chance
from tests.rulesets.skirmish.helpers import play, fighter, find, make, set_levels
from tests.rulesets.skirmish.test_seed003_rules import EXTRA


def test_success_chance_of_exploding_3d6():
    assert success_chance(0, 2) == pytest.approx(1.0)
    assert success_chance(0, 3) == pytest.approx(1 - 1 / 216)
    assert success_chance(0, 100) == 0.0
    assert success_chance(2, 11) > success_chance(0, 11) > success_chance(0, 13)
    # an exploding six makes high totals possible: 3d6 can beat 18
    assert success_chance(0, 18) > 0.0


def test_policy_focuses_fire_on_the_most_wounded_enemy():
    a = fighter("ana", "heroes", 0, ap=12, str=3, equipment=[{"item": "longsword", "parts": ["hand_r"]}])
    m1 = fighter("m1", "minions", 1, base=False, ap=5, hp=10)
    m2 = fighter("m2", "minions", 1, base=False, ap=5, hp=10)
    st = make([a, m1, m2], extra=EXTRA)
    st.c("m2")["damage"] = 7
    st._index()
    pick = RULESET.bot_policy(st, 0, st.legal_actions(), Rng(1))
    assert pick.kind == "use" and pick["target"] == "m2"


def test_policy_blocks_an_attack_on_itself():
    a = fighter("ana", "heroes", 0, ap=12, equipment=[{"item": "test_blade", "parts": ["hand_r"]}])
    m1 = fighter("m1", "minions", 1, base=False, ap=11, hp=10, equipment=[{"item": "kite_shield", "parts": ["hand_l"]}])
    st = make([a, m1], extra=EXTRA)
    set_levels(st, {"ana": 13, "m1": 12}, needle=11)
    play(st, "use", act="auto_hit", target="m1", limb=None)
    pick = RULESET.bot_policy(st, 1, st.legal_actions(), Rng(1))
    assert pick.kind == "react" and pick["act"] == "block"


def test_policy_protects_a_wounded_ally():
    a = fighter("ana", "heroes", 0, ap=12, equipment=[{"item": "test_blade", "parts": ["hand_r"]}])
    m1 = fighter("m1", "minions", 1, base=False, ap=11, hp=20, equipment=[{"item": "kite_shield", "parts": ["hand_l"]}])
    m2 = fighter("m2", "minions", 1, base=False, ap=5, hp=10)
    st = make([a, m1, m2], extra=EXTRA)
    st.c("m2")["damage"] = 8
    set_levels(st, {"ana": 13, "m1": 12, "m2": 5}, needle=11)
    play(st, "use", act="auto_hit", target="m2", limb=None)
    pick = RULESET.bot_policy(st, 1, st.legal_actions(), Rng(1))
    assert pick.kind == "react" and pick["act"] == "protect" and pick["target"] == "m2"


def test_policy_keeps_readiness_when_ap_is_low():
    a = fighter("ana", "heroes", 0, ap=12, equipment=[{"item": "kite_shield", "parts": ["hand_l"]}])
    m1 = fighter("m1", "minions", 1, base=False, ap=5, hp=40, dr=5)
    st = make([a, m1], extra=EXTRA)
    set_levels(st, {"ana": 3, "m1": 1}, needle=2)
    pick = RULESET.bot_policy(st, 0, st.legal_actions(), Rng(1))
    assert pick.kind == "prepare"


def test_bot_prior_ranks_in_zero_one():
    st = RULESET.new_game(get_level("skirmish", "01_toll_bridge"), ["bot"] * 5, 1)
    for a in st.legal_actions():
        assert 0.0 <= bot_prior(st, st.to_act(), a) <= 1.0


def _policy_vs_random(level_id: str, seats: int, smart_side: str, games: int) -> int:
    level = get_level("skirmish", level_id)
    wins = 0
    for g in range(games):
        st = RULESET.new_game(level, ["bot"] * seats, 1000 + g)
        rng = Rng(g)
        while st.to_act() is not None:
            seat = st.to_act()
            legal = st.legal_actions()
            smart = (seat < seats - 1) == (smart_side == "heroes")
            action = RULESET.bot_policy(st, seat, legal, rng) if smart else None
            st.apply(action or rng.choice(legal))
        res = st.result()
        if smart_side == "heroes" and res.reason == "heroes_win":
            wins += 1
        if smart_side == "dark_lord" and res.reason == "dark_lord_wins":
            wins += 1
    return wins


#: the first real fight: the tutorial's young gnarls are made to lose (issue 15), so the Dark Lord's
#: policy is measured where the two sides are even
FAIR = "01_toll_bridge"


def test_policy_beats_random_on_both_sides():
    assert _policy_vs_random(FAIR, 2, "heroes", 6) >= 5
    assert _policy_vs_random(FAIR, 2, "dark_lord", 6) >= 4


@pytest.mark.slow
def test_policy_beats_random_on_both_sides_many_games():
    assert _policy_vs_random(FAIR, 3, "heroes", 30) >= 24
    assert _policy_vs_random(FAIR, 2, "dark_lord", 30) >= 20


def test_search_bot_plays_both_sides_to_the_end():
    from game.engine.bots import make_bot
    from game.engine.bots.ismcts import BUDGETS

    level = get_level("skirmish", "tutorial")
    for smart in (0, 1):
        st = RULESET.new_game(level, ["bot"] * 2, 5 + smart)
        budget = BUDGETS["easy"].replace(seconds=None, iterations=3, depth=8)
        bot = make_bot("easy", seed=3, budget=budget, strict=True)
        rng = Rng(9)
        steps = 0
        while st.to_act() is not None and steps < 400:
            seat = st.to_act()
            legal = st.legal_actions()
            action = bot.choose(RULESET, st.view(seat), seat, legal) if seat == smart else rng.choice(legal)
            assert action in legal
            st.apply(action)
            steps += 1
        assert st.to_act() is None
