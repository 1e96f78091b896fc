"""The expedition search bot's own hooks (botsearch.py): battles inside a search settled by fitted odds,
the leaf evaluation (health and the race), the tuned budget; and the search still plays legal moves."""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.bots import BUDGETS, make_bot
from game.engine.levels import get_level
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition import botsearch
from game.rulesets.expedition.kinds import Act, Step
from game.rulesets.expedition.state import Encounter, ExpeditionState


def _game(level_id: str, heroes: int = 2, seed: int = 1) -> ExpeditionState:
    st = get_ruleset("expedition").new_game(get_level("expedition", level_id), [f"P{i}" for i in range(heroes + 1)],
                                            seed)
    assert isinstance(st, ExpeditionState)
    return st


def _at_battle(level_id: str = "lantern_road", monster: str = "thornback", count: int = 1) -> ExpeditionState:
    st = _game(level_id)
    st.step = Step.HELP
    st.encounter = Encounter(monster=monster, count=count)
    return st


def test_win_chance_follows_the_fitted_odds() -> None:
    chances = [botsearch.win_chance(r) for r in (0.65, 0.97, 1.38, 1.87, 4.2)]
    assert chances == sorted(chances)
    assert chances[0] < 0.1 and 0.1 < chances[1] < 0.3
    assert abs(chances[2] - 0.5) < 1e-9
    assert 0.7 < chances[3] < 0.9 and chances[4] > 0.95


def test_estimate_draws_wins_as_often_as_the_odds_and_a_winner_stays_standing() -> None:
    st = _at_battle()
    from game.rulesets.expedition.battle import set_up

    battle, _ = set_up(st)
    heroes = [f for f in battle.roster if f["side"] == "heroes"]
    monsters = [f for f in battle.roster if f["side"] != "heroes"]
    p = botsearch.win_chance(sum(map(botsearch.strength, heroes)) / sum(map(botsearch.strength, monsters)))
    rng = Rng(5)
    draws = [botsearch.estimate(battle.roster, rng) for _ in range(400)]
    wins = [d for d in draws if d["winning_side"] == "heroes"]
    assert abs(len(wins) / len(draws) - p) < 0.08
    for d in wins:
        assert all(f["active"] and 0 < f["hp_left"] <= f["hp"] for f in d["fighters"] if f["side"] == "heroes")
        assert not any(f["active"] for f in d["fighters"] if f["side"] == "minions")
    for d in draws:
        if d["winning_side"] != "heroes":
            assert not any(f["active"] for f in d["fighters"] if f["side"] == "heroes")


def test_a_battle_in_a_search_state_is_settled_without_playing_it() -> None:
    st = _at_battle()
    quick = Action.of(Act.QUICK)
    assert quick in st.legal_actions()
    assert botsearch.search_apply(st, quick, Rng(2)) is True
    assert st.step != Step.HELP and st.battle is None and st.encounter is None and st.child is None
    assert st.quick_battles == 1
    assert st.invariants() == []
    assert st.to_act() is None or st.legal_actions()


def test_only_battles_are_settled_by_the_estimate() -> None:
    st = _game("lantern_road")
    legal = st.legal_actions()
    before = st.to_json()
    assert not any(botsearch.search_apply(st, a, Rng(1)) for a in legal[:5])
    assert st.to_json() == before


def test_evaluation_counts_health_and_the_rival_in_a_race() -> None:
    st = _game("sunken_bell")
    v0, v1 = botsearch.evaluate(st, 0), botsearch.evaluate(st, 1)
    assert 0.0 <= v0 <= 1.0 and 0.0 <= v1 <= 1.0
    hurt = st.clone()
    hurt.heroes[0].health = 1
    assert botsearch.evaluate(hurt, 0) < v0
    assert botsearch.evaluate(hurt, 1) > v1  # the rival's loss is this hero's gain


def test_evaluation_counts_health_in_a_cooperative_level_and_the_dark_lord_sees_the_opposite() -> None:
    st = _game("marsh_lights")
    dark = len(st.heroes)
    hurt = st.clone()
    for h in hurt.heroes:
        h.health = 1
    assert botsearch.evaluate(hurt, 0) < botsearch.evaluate(st, 0)
    assert botsearch.evaluate(hurt, dark) > botsearch.evaluate(st, dark)


def test_prior_ranks_moves_toward_the_target_first() -> None:
    from game.rulesets.expedition import bot

    st = _game("lantern_road")
    h = st.heroes[0]
    tgt = bot.target(st, h)
    assert tgt is not None
    from game.rulesets.expedition.botmap import distance_field

    field = distance_field(st, tgt)
    moves = [a for a in st.legal_actions() if a.kind == Act.MOVE]
    assert len(moves) > 3
    ranked = sorted(moves, key=lambda a: botsearch.prior(st, 0, a), reverse=True)
    assert field[(ranked[0]["x"], ranked[0]["y"])] <= min(field.get((a["x"], a["y"]), 10_000) for a in moves) + 1
    assert botsearch.prior(st, 0, ranked[0]) > botsearch.prior(st, 0, ranked[-1])
    assert all(0.0 < botsearch.prior(st, 0, a) < 1.0 for a in moves)


def test_the_hooks_are_the_rulesets_and_the_budget_is_tuned() -> None:
    rs = get_ruleset("expedition")
    tuned = rs.bot_budget("normal", BUDGETS["normal"])  # type: ignore[attr-defined]
    assert tuned.depth == 10 and tuned.slip == 0.0 and BUDGETS["normal"].slip > 0
    assert rs.bot_budget("easy", BUDGETS["easy"]) == BUDGETS["easy"]  # type: ignore[attr-defined]
    st = _game("sunken_bell")
    assert rs.bot_evaluate(st, 0) == botsearch.evaluate(st, 0)  # type: ignore[attr-defined]


def test_the_search_bot_plays_a_legal_move_at_a_battle_from_the_view() -> None:
    st = _at_battle("sunken_bell")
    rs = get_ruleset("expedition")
    seat = st.to_act()
    assert seat is not None
    b = make_bot("normal", 4, budget=BUDGETS["normal"].replace(seconds=None, iterations=30, slip=0.0), strict=True)
    legal = st.legal_actions()
    assert b.choose(rs, st.view(seat), seat, legal) in legal
    assert b.last_stats["iterations"] == 30
