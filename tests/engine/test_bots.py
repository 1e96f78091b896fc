"""Tests of the bots: strength against random, information hygiene, determinism, hooks, budgets."""

from __future__ import annotations

import copy
import random
from typing import Any, Iterator

import pytest

from game.engine.actions import Action
from game.engine.bots import BUDGETS, DIFFICULTIES, Bot, MCTSBot, RandomBot, make_bot
from game.engine.bots import ismcts
from game.engine.protocol import GameState, Result, Ruleset
from game.engine.rng import Rng
from tests.tinygame import TINY, TinyRuleset, TinyState, new_tiny_game, registered

#: the normal bot's settings without the wall-clock cap, so results do not depend on machine load
#: the normal search made deterministic (no clock) and without its slips, for exact expectations
NORMAL_FIXED = BUDGETS["normal"].replace(iterations=150, seconds=None, slip=0.0)


@pytest.fixture(autouse=True)
def _tiny() -> Iterator[None]:
    with registered():
        yield


def _play(bots: list[Bot], seed: int, level_id: str = "classic", ruleset: Ruleset = TINY) -> TinyState:
    """Play a whole tiny game between two bots and return the final state."""
    state = new_tiny_game(seed, level_id)
    while (seat := state.to_act()) is not None:
        state.apply(bots[seat].choose(ruleset, state.view(seat), seat, state.legal_actions()))
    return state


def _win_rate(make_strong: Any, games: int, level_id: str = "classic") -> float:
    """Return the strong bot's share of wins against random, alternating seats."""
    wins = 0
    for g in range(games):
        strong, weak = make_strong(g), RandomBot(10_000 + g)
        seat = g % 2
        bots: list[Bot] = [strong, weak] if seat == 0 else [weak, strong]
        wins += _play(bots, 500 + g, level_id).result().winners == (seat,)
    return wins / games


class _ViewOnlyRuleset:
    """Stands in for the ruleset: only ``id`` and ``determinize`` are available to a bot."""

    def __init__(self, inner: Ruleset) -> None:
        self._inner = inner
        self.id = inner.id
        self.calls: list[str] = []

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> Any:
        self.calls.append("determinize")
        return self._inner.determinize(view, seat, rng)

    def __getattr__(self, name: str) -> Any:
        if name in ("bot_policy", "bot_prior", "bot_budget", "bot_search_apply", "bot_evaluate"):  # optional hooks
            raise AttributeError(name)
        raise AssertionError(f"a bot used ruleset.{name}")


# --- strength --------------------------------------------------------------------------------------

def test_normal_bot_beats_random_clearly_on_the_tiny_game() -> None:
    rate = _win_rate(lambda g: make_bot("normal", g, budget=NORMAL_FIXED, strict=True), 30)
    assert rate >= 0.7, f"normal bot won only {rate:.0%} against random"


def test_easy_bot_beats_random_but_makes_mistakes() -> None:
    easy = BUDGETS["easy"].replace(seconds=None)
    rate = _win_rate(lambda g: make_bot("easy", g, budget=easy, strict=True), 30)
    assert rate >= 0.6, f"easy bot won only {rate:.0%} against random"


def test_random_bot_is_even_with_random() -> None:
    rate = _win_rate(lambda g: RandomBot(g), 60)
    assert 0.3 <= rate <= 0.7


@pytest.mark.slow
def test_slow_normal_bot_with_its_real_time_budget(request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr", "") or ""):
        pytest.skip("long run: use -m slow")
    rate = _win_rate(lambda g: make_bot("normal", g), 60)
    assert rate >= 0.75, f"normal bot won only {rate:.0%} against random"


def _arrange(seed: int, played: list[int], hand: list[int]) -> TinyState:
    """Return a tiny game where the seat to act holds ``hand`` after ``played`` (cards conserved)."""
    state = new_tiny_game(seed)
    seat = state.to_act()
    pool = sorted(state.deck + state.hands[0] + state.hands[1])
    for card in played + hand:
        pool.remove(card)
    Rng(seed).shuffle(pool)
    state.played, state.total = list(played), sum(played)
    state.hands[seat] = sorted(hand)
    state.hands[1 - seat] = sorted(pool[:3])
    state.deck = pool[3:]
    assert state.invariants() == []
    return state


def test_search_bot_takes_an_immediate_win() -> None:
    state = _arrange(11, [5, 5, 3], [1, 2, 5])
    seat = state.to_act()
    action = make_bot("normal", 1, budget=NORMAL_FIXED, strict=True).choose(TINY, state.view(seat), seat, state.legal_actions())
    assert action == Action.of("play", card=2)


def test_search_bot_avoids_busting() -> None:
    state = _arrange(12, [5, 5, 2], [4, 5])
    seat = state.to_act()
    # both cards bust (16, 17): passing is the only move that does not lose at once
    action = make_bot("normal", 2, budget=NORMAL_FIXED, strict=True).choose(TINY, state.view(seat), seat, state.legal_actions())
    assert action == Action.of("pass")


# --- what a bot may see ----------------------------------------------------------------------------

def test_bot_uses_only_the_view_and_determinize() -> None:
    state = new_tiny_game(3)
    seat = state.to_act()
    view = state.view(seat)
    frozen = copy.deepcopy(view)
    spy = _ViewOnlyRuleset(TINY)
    action = make_bot("normal", 4, budget=NORMAL_FIXED, strict=True).choose(spy, view, seat, state.legal_actions())  # type: ignore[arg-type]
    assert action in state.legal_actions()
    assert spy.calls.count("determinize") == NORMAL_FIXED.iterations
    assert view == frozen, "the bot changed the view it was given"


def test_bot_choice_does_not_depend_on_hidden_information() -> None:
    a = new_tiny_game(21)
    seat = a.to_act()
    b = a.clone()
    # same view for `seat`, different hidden cards: swap the other hand with deck cards
    other = 1 - seat
    b.hands[other], b.deck[: len(b.hands[other])] = sorted(b.deck[: len(b.hands[other])]), list(b.hands[other])
    b.rng = Rng(12345)
    assert a.view(seat) == b.view(seat) and a.to_json() != b.to_json()
    for s in range(5):
        pa = make_bot("normal", s, budget=NORMAL_FIXED, strict=True).choose(TINY, a.view(seat), seat, a.legal_actions())
        pb = make_bot("normal", s, budget=NORMAL_FIXED, strict=True).choose(TINY, b.view(seat), seat, b.legal_actions())
        assert pa == pb


def test_bots_use_neither_the_state_rng_nor_module_random() -> None:
    state = new_tiny_game(5)
    seat = state.to_act()
    rng_before = state.rng.to_json()
    random.seed(77)
    before = random.getstate()
    for diff in DIFFICULTIES:
        make_bot(diff, 1, budget=None if diff == "random" else BUDGETS[diff].replace(iterations=30, seconds=None)) \
            .choose(TINY, state.view(seat), seat, state.legal_actions())
    assert random.getstate() == before
    assert state.rng.to_json() == rng_before


# --- determinism and basics ------------------------------------------------------------------------

@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_bots_are_deterministic_given_their_seed(difficulty: str) -> None:
    budget = None if difficulty == "random" else BUDGETS[difficulty].replace(iterations=60, seconds=None)

    def game(seed: int) -> list[str]:
        bots = [make_bot(difficulty, seed, budget=budget, strict=True),
                make_bot(difficulty, seed + 1, budget=budget, strict=True)]
        state = new_tiny_game(8)
        keys = []
        while (seat := state.to_act()) is not None:
            action = bots[seat].choose(TINY, state.view(seat), seat, state.legal_actions())
            keys.append(action.key)
            state.apply(action)
        return keys

    assert game(3) == game(3)
    assert any(game(3) != game(s) for s in range(4, 30))


def test_single_legal_action_is_returned_without_search() -> None:
    class Refuses(_ViewOnlyRuleset):
        def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> Any:
            raise AssertionError("searched with one legal action")

    only = [Action.of("pass")]
    for diff in DIFFICULTIES:
        assert make_bot(diff, 1).choose(Refuses(TINY), {}, 0, only) == only[0]  # type: ignore[arg-type]


def test_no_legal_action_is_an_error() -> None:
    with pytest.raises(ValueError):
        make_bot("normal", 1).choose(TINY, {}, 0, [])


def test_unknown_difficulty_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot difficulty"):
        make_bot("expert", 1)
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("hard", 1), MCTSBot)


def test_budgets_grow_with_difficulty_and_normal_fits_250_ms() -> None:
    e, n, h = BUDGETS["easy"], BUDGETS["normal"], BUDGETS["hard"]
    assert e.iterations < n.iterations < h.iterations
    assert e.seconds < n.seconds < h.seconds
    assert n.seconds <= 0.2 and 0.8 <= h.seconds <= 1.2
    assert e.noise > 0 and n.noise == 0 == h.noise
    # normal sometimes plays its second choice; hard never does
    assert 0 < n.slip < 0.25 and h.slip == 0


def test_wall_clock_cap_stops_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]

    def fake_clock() -> float:
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(ismcts.time, "perf_counter", fake_clock)
    state = new_tiny_game(6)
    seat = state.to_act()
    bot = make_bot("normal", 1)
    bot.choose(TINY, state.view(seat), seat, state.legal_actions())
    assert 0 < bot.last_stats["iterations"] < BUDGETS["normal"].iterations
    assert bot.last_stats["seconds"] <= BUDGETS["normal"].seconds + 0.05


# --- robustness and hooks --------------------------------------------------------------------------

def test_broken_determinize_falls_back_to_a_legal_action_unless_strict() -> None:
    class Broken(_ViewOnlyRuleset):
        def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> Any:
            raise RuntimeError("bug in the ruleset")

    state = new_tiny_game(7)
    seat = state.to_act()
    legal = state.legal_actions()
    assert make_bot("normal", 1).choose(Broken(TINY), state.view(seat), seat, legal) in legal  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="bug in the ruleset"):
        make_bot("normal", 1, strict=True).choose(Broken(TINY), state.view(seat), seat, legal)  # type: ignore[arg-type]


class _Hinted(TinyRuleset):
    """The tiny ruleset with both bot hooks, counting their calls."""

    def __init__(self) -> None:
        self.policy_calls = 0
        self.prior_calls = 0

    def bot_policy(self, state: TinyState, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        self.policy_calls += 1
        plays = [a for a in legal if a.kind == "play" and state.total + a["card"] <= state.target]
        return max(plays, key=lambda a: a["card"]) if plays else None

    def bot_prior(self, state: TinyState, seat: int, action: Action) -> float:
        self.prior_calls += 1
        if action.kind == "play" and state.total + action["card"] == state.target:
            return 1.0
        return 0.2


def test_bot_policy_and_bot_prior_hooks_are_used() -> None:
    hinted = _Hinted()
    state = new_tiny_game(9)
    seat = state.to_act()
    bot = make_bot("normal", 1, budget=NORMAL_FIXED.replace(iterations=50), strict=True)
    action = bot.choose(hinted, state.view(seat), seat, state.legal_actions())
    assert action in state.legal_actions()
    assert hinted.policy_calls > 0 and hinted.prior_calls > 0


def test_bot_policy_returning_an_illegal_action_is_ignored() -> None:
    class Bad(TinyRuleset):
        def bot_policy(self, state: TinyState, seat: int, legal: list[Action], rng: Rng) -> Action | None:
            return Action.of("play", card=99)

    state = new_tiny_game(10)
    seat = state.to_act()
    action = make_bot("normal", 1, budget=NORMAL_FIXED.replace(iterations=50), strict=True) \
        .choose(Bad(), state.view(seat), seat, state.legal_actions())
    assert action in state.legal_actions()


def test_hinted_bot_beats_random() -> None:
    hinted = _Hinted()
    wins = 0
    for g in range(20):
        seat = g % 2
        strong = make_bot("normal", g, budget=NORMAL_FIXED.replace(iterations=80), strict=True)
        weak = RandomBot(g)
        bots: list[Bot] = [strong, weak] if seat == 0 else [weak, strong]
        wins += _play(bots, 900 + g, ruleset=hinted).result().winners == (seat,)
    assert wins / 20 >= 0.7, f"hinted bot won {wins} of 20"


# --- multi-seat: every node is scored for the seat that chose it -----------------------------------

class _TrapState(GameState):
    """Three seats. Seat 0 picks A (then seat 1 may take the win or gift it to seat 0) or B (all share)."""

    ruleset_id = "trap3"

    def __init__(self, moves: list[str]) -> None:
        self.moves = list(moves)
        self.rng = Rng(0)
        self.seat_names = ["a", "b", "c"]

    def to_act(self) -> int | None:
        if not self.moves:
            return 0
        if len(self.moves) == 1:
            return 1 if self.moves[0] == "A" else 2
        return None

    def legal_actions(self) -> list[Action]:
        seat = self.to_act()
        if seat is None:
            return []
        kinds = {0: ["A", "B"], 1: ["gift0", "win1"], 2: ["share"]}[seat]
        return [Action.of(k) for k in kinds]

    def _apply(self, action: Action) -> list:
        self.moves.append(action.kind)
        return []

    def result(self) -> Result | None:
        if self.to_act() is not None:
            return None
        return Result({"gift0": (0,), "win1": (1,), "share": (0, 1, 2)}[self.moves[1]])

    def to_json(self) -> dict[str, Any]:
        return {"ruleset": "trap3", "version": 1, "moves": list(self.moves), "rng": self.rng.to_json()}


class _TrapRuleset(Ruleset):
    id = "trap3"
    min_seats = max_seats = 3

    def new_game(self, level: Any, seats: Any, seed: int) -> _TrapState:
        return _TrapState([])

    def from_json(self, data: dict[str, Any]) -> _TrapState:
        return _TrapState(data["moves"])


def test_each_seat_is_assumed_to_play_for_itself() -> None:
    rs, state = _TrapRuleset(), _TrapState([])
    action = make_bot("normal", 3, budget=NORMAL_FIXED, strict=True).choose(rs, state.view(0), 0, state.legal_actions())
    # after A, seat 1 takes the win itself: sharing (1/3) beats a win that never comes
    assert action == Action.of("B")
    after_a = _TrapState(["A"])
    assert make_bot("normal", 3, budget=NORMAL_FIXED, strict=True).choose(
        rs, after_a.view(1), 1, after_a.legal_actions()) == Action.of("win1")


# --- guidance by the ruleset's hints: policy trust, widening, PUCT, adaptive depth ------------------

class _Stubborn(TinyRuleset):
    """The tiny ruleset whose policy always plays its highest card (even when that busts)."""

    def bot_policy(self, state: TinyState, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        plays = [a for a in legal if a.kind == "play"]
        return max(plays, key=lambda a: a["card"]) if plays else None


def test_tiny_budget_keeps_the_policy_pick() -> None:
    # three iterations over four root actions tell the search nothing: it plays the policy's move
    state = _arrange(13, [3, 2], [1, 3, 4])
    seat = state.to_act()
    bot = make_bot("normal", 5, budget=NORMAL_FIXED.replace(iterations=3), strict=True)
    action = bot.choose(_Stubborn(), state.view(seat), seat, state.legal_actions())
    assert action == Action.of("play", card=4)
    assert bot.last_stats["kept_policy_pick"] is True


def test_search_overrides_a_policy_pick_that_clearly_loses() -> None:
    # the policy plays the 5 into a tally of 12 (bust, an immediate loss); passing is clearly better
    state = _arrange(12, [5, 5, 2], [4, 5])
    seat = state.to_act()
    bot = make_bot("normal", 2, budget=NORMAL_FIXED, strict=True)
    action = bot.choose(_Stubborn(), state.view(seat), seat, state.legal_actions())
    assert bot.last_stats["policy_pick"] == "play card=5"
    assert action == Action.of("pass")
    assert bot.last_stats["kept_policy_pick"] is False


def test_a_slip_plays_the_runner_up_and_says_so() -> None:
    # same position as above: without a slip the search passes; a certain slip plays its second choice
    state = _arrange(12, [5, 5, 2], [4, 5])
    seat = state.to_act()
    legal = state.legal_actions()
    steady = make_bot("normal", 2, budget=NORMAL_FIXED, strict=True)
    best = steady.choose(_Stubborn(), state.view(seat), seat, legal)
    slipping = make_bot("normal", 2, budget=NORMAL_FIXED.replace(slip=1.0), strict=True)
    action = slipping.choose(_Stubborn(), state.view(seat), seat, legal)
    assert slipping.last_stats["slip"] is True and steady.last_stats["slip"] is False
    assert action != best and action in legal
    visits = slipping.last_stats["visits"]
    assert visits[action.key] == max(v for k, v in visits.items() if k != best.key)


def test_a_slip_never_plays_an_unsearched_action() -> None:
    # one iteration searches one root action: there is no runner-up, so the bot plays its choice
    state = _arrange(12, [5, 5, 2], [4, 5])
    seat = state.to_act()
    bot = make_bot("normal", 2, budget=NORMAL_FIXED.replace(iterations=1, slip=1.0), strict=True)
    action = bot.choose(_Stubborn(), state.view(seat), seat, state.legal_actions())
    assert bot.last_stats["slip"] is False
    assert bot.last_stats["visits"].get(action.key, 0) >= 1 or bot.last_stats["kept_policy_pick"]


def test_progressive_widening_tries_the_best_ranked_actions_first() -> None:
    hinted = _Hinted()
    state = _arrange(11, [5, 5], [1, 2, 3, 5])
    seat = state.to_act()
    # tally 10: the 5 reaches 15 exactly (prior 1.0 and the policy's largest safe card)
    bot = make_bot("normal", 3, budget=NORMAL_FIXED.replace(iterations=2), strict=True)
    bot.choose(hinted, state.view(seat), seat, state.legal_actions())
    assert set(bot.last_stats["visits"]) <= {"play card=5", "play card=1", "play card=2", "play card=3", "pass"}
    assert len(bot.last_stats["visits"]) == 2 and bot.last_stats["visits"]["play card=5"] == 1
    wide = make_bot("normal", 3, budget=NORMAL_FIXED.replace(iterations=60), strict=True)
    assert wide.choose(hinted, state.view(seat), seat, state.legal_actions()) == Action.of("play", card=5)
    assert len(wide.last_stats["visits"]) == len(state.legal_actions()), "widening never reached every action"


def test_rollouts_shorten_when_steps_are_slow() -> None:
    bot = MCTSBot(1, "normal")
    b = bot.budget
    bot._done, bot._head_cost, bot._steps = 0, 0.0, 10
    bot._step_cost = 1e-6  # cheap steps: the full depth fits
    assert bot._depth(ismcts.time.perf_counter() + b.seconds) == b.depth
    bot._step_cost = 0.007  # 7 ms per step: about 40 iterations only fit with short rollouts
    short = bot._depth(ismcts.time.perf_counter() + b.seconds)
    assert b.min_depth <= short < b.depth
    assert bot._depth(ismcts.math.inf) == b.depth, "without a clock the depth is the budget's"


def test_policy_bot_plays_the_policy_from_its_view_only() -> None:
    from game.engine.bots import PolicyBot

    state = _arrange(13, [3, 2], [1, 3, 4])
    seat = state.to_act()
    assert PolicyBot(1).choose(_Stubborn(), state.view(seat), seat, state.legal_actions()) == Action.of("play", card=4)
    spy = _ViewOnlyRuleset(TINY)  # no policy: a uniform legal action, still only through determinize
    assert PolicyBot(1).choose(spy, state.view(seat), seat, state.legal_actions()) in state.legal_actions()  # type: ignore[arg-type]
