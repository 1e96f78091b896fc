"""The cooperative quest bots: they see only their own seat's view (never another seat's hand), their
heuristics hold at every decision of whole games (defenders that survive, attacks that hurt, archery and
undefended hits on the sturdiest), the search bot plays legal moves from a view, and the heuristic policy
plays far better than random moves on the same deals."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.bots import BUDGETS, make_bot
from game.engine.levels import get_level
from game.engine.rng import Rng
from game.rulesets.quest import RULESET, bot

MILL = "01_mill_road"


def _game(level: str, seats: int, seed: int) -> Any:
    return RULESET.new_game(get_level("quest", level), ["bot"] * seats, seed)


def _advance(st: Any, rng: Rng, until: Any) -> Any:
    """Play the policy until ``until(state)`` holds at a decision (or the game ends)."""
    while st.to_act() is not None and not until(st):
        st.apply(RULESET.bot_policy(st, st.to_act(), st.legal_actions(), rng))
    return st


def _rich_decision(st: Any) -> bool:
    return st.to_act() == 0 and st.round >= 2 and len(st.legal_actions()) >= 3 and st.players[1].hand


def _swap_hidden_hand(st: Any, seat: int) -> Any:
    """A copy of the game where ``seat`` holds other cards of its deck (what the others cannot see)."""
    other = st.clone()
    p = other.players[seat]
    n = min(len(p.hand), len(p.deck))
    assert n > 0
    p.hand[:n], p.deck[:n] = p.deck[:n], p.hand[:n]
    return other


def test_the_view_of_a_seat_hides_the_other_hands_and_every_deck():
    st = _advance(_game(MILL, 2, 3), Rng(1), _rich_decision)
    view = st.view(0)
    assert view["players"][1]["hand"] == ["?"] * len(st.players[1].hand)
    assert view["players"][0]["hand"] == st.players[0].hand
    assert all(c == "?" for p in view["players"] for c in p["deck"])
    assert all(c == "?" for c in view["encounter"]["deck"])
    assert view["rng"] is None


def test_bot_never_reads_another_seats_hand():
    """Two games that differ only in seat 1's hand look the same to seat 0, whose bot decides the same."""
    st = _advance(_game(MILL, 2, 3), Rng(1), _rich_decision)
    other = _swap_hidden_hand(st, 1)
    assert sorted(other.players[1].hand) != sorted(st.players[1].hand)
    assert other.view(0) == st.view(0)
    assert other.legal_actions() == st.legal_actions()
    budget = BUDGETS["normal"].replace(seconds=None, iterations=40)
    picks = [make_bot("normal", seed=5, budget=budget, strict=True).choose(RULESET, g.view(0), 0, g.legal_actions())
             for g in (st, other)]
    assert picks[0] == picks[1] and picks[0] in st.legal_actions()


def test_the_search_samples_the_hidden_hands_instead_of_knowing_them():
    st = _advance(_game(MILL, 2, 4), Rng(2), _rich_decision)
    real = sorted(st.players[1].hand)
    rng = Rng(9)
    hands = [sorted(RULESET.determinize(st.view(0), 0, rng).players[1].hand) for _ in range(12)]
    assert all(len(h) == len(real) for h in hands)
    assert any(h != real for h in hands)
    assert all(sorted(RULESET.determinize(st.view(0), 0, rng).players[0].hand) == sorted(st.players[0].hand)
               for _ in range(3))


def test_the_policy_and_the_evaluation_are_the_rulesets_hooks():
    st = _advance(_game(MILL, 2, 5), Rng(3), _rich_decision)
    legal = st.legal_actions()
    assert RULESET.bot_policy(st, 0, legal, Rng(1)) in legal
    assert 0.0 < st.heuristic(0) < 1.0
    assert st.heuristic(0) == st.heuristic(1)  # a cooperative game: one value for the whole team
    pick = bot.policy(st, 0, legal, None)
    assert RULESET.bot_prior(st, 0, pick) == 1.0  # the ruleset's hook is bot.prior
    assert all(0.0 < RULESET.bot_prior(st, 0, a) < 1.0 for a in legal if a != pick)


def _left(st: Any, iid: str) -> int:
    return st.hp(iid) - st.table[iid].damage


def _check_decision(st: Any, seat: int, legal: list[Action], act: Action) -> list[str]:
    """The heuristics the policy promises, checked on one of its decisions."""
    bad: list[str] = []
    kinds = {a.kind for a in legal}
    if act.kind == "defend" and st.attack is not None:
        power = st.stat(st.attack.enemy, "attack") + st.attack.bonus
        survivors = [a["card"] for a in legal if a.kind == "defend"
                     if max(0, power - st.stat(a["card"], "defense")) < _left(st, a["card"])]
        dies = max(0, power - st.stat(act["card"], "defense")) >= _left(st, act["card"])
        if dies and survivors:
            bad.append(f"defended with {act['card']} who dies while {survivors} would survive")
    if act.kind == "strike":
        power = sum(st.stat(c, "attack") for c in st.characters(seat) if st.is_ready(c))
        if power <= st.stat(act["enemy"], "defense"):
            bad.append(f"attacked {act['enemy']} without being able to hurt it")
    if act.kind == "take":
        best = max(_left(st, a["card"]) for a in legal)
        if _left(st, act["card"]) != best:
            bad.append("an undefended hit went to a hero that is not the sturdiest")
    if act.kind == "archery":
        if _left(st, act["card"]) == 1 and any(_left(st, a["card"]) > 1 for a in legal):
            bad.append("archery killed a character while another could take it")
    if act.kind == "mulligan" and "keep" in kinds:
        hand = st.players[seat].hand
        if any(st.defn(c).kind == "ally" and st.defn(c).cost <= 3 for c in hand):
            bad.append("took a mulligan with a cheap ally in hand")
    return bad


def test_policy_heuristics_hold_at_every_decision_of_whole_games():
    seen: dict[str, int] = {}
    for level, seats, seed in ((MILL, 1, 1), ("02_lantern_mire", 2, 2), ("03_ashen_pass", 4, 3), (MILL, 2, 4)):
        st = _game(level, seats, seed)
        while st.to_act() is not None:
            seat = st.to_act()
            legal = st.legal_actions()
            act = bot.policy(st, seat, legal, None)
            assert act in legal
            assert _check_decision(st, seat, legal, act) == [], (level, seed, st.round, act.key)
            seen[act.kind] = seen.get(act.kind, 0) + 1
            st.apply(act)
    assert {"commit", "defend", "strike", "attacker", "play", "travel"} <= set(seen), seen


def _outcome(level: str, seats: int, seed: int, policy: bool) -> bool:
    st = _game(level, seats, seed)
    rng = Rng(seed)
    while st.to_act() is not None:
        legal = st.legal_actions()
        st.apply(bot.policy(st, st.to_act(), legal, None) if policy else rng.choice(legal))
    return bool(st.result().winners)


def test_the_heuristic_policy_wins_far_more_often_than_random_moves_on_the_same_deals():
    deals = [(level, seats, seed) for level in (MILL, "02_lantern_mire") for seats, seed in ((1, 1), (2, 2), (2, 3))]
    policy = sum(_outcome(*d, policy=True) for d in deals)
    random = sum(_outcome(*d, policy=False) for d in deals)
    assert policy >= random + 2, (policy, random)


def test_normal_bots_do_not_slip_in_the_cooperative_quest():
    """A slip (the runner-up, one real choice in ten) costs the whole table in quest: normal has none there."""
    from game.engine.bots import MCTSBot

    assert RULESET.bot_budget("normal", BUDGETS["normal"]).slip == 0.0
    assert BUDGETS["normal"].slip > 0  # the other rulesets keep theirs
    assert RULESET.bot_budget("easy", BUDGETS["easy"]) == BUDGETS["easy"]
    assert RULESET.bot_budget("hard", BUDGETS["hard"]) == BUDGETS["hard"]
    st = _advance(_game(MILL, 2, 5), Rng(3), _rich_decision)
    seat = st.to_act()
    default = make_bot("normal", 3)
    assert isinstance(default, MCTSBot)
    default.budget = default.budget.replace(iterations=8, seconds=None)  # fewer iterations, still tuned
    default._base_budget = default.budget
    default.choose(RULESET, st.view(seat), seat, st.legal_actions())
    assert default.budget.slip == 0.0 and default.last_stats["slip"] is False
    given = make_bot("normal", 3, budget=BUDGETS["normal"].replace(iterations=8, seconds=None))
    given.choose(RULESET, st.view(seat), seat, st.legal_actions())
    assert given.budget.slip == BUDGETS["normal"].slip  # a budget passed explicitly is used as is
