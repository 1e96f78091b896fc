"""The search bot's optional ruleset hooks beyond the policy and the prior: ``bot_budget`` (a ruleset tunes
a difficulty's default budget), ``bot_search_apply`` (a cheap estimate of a costly action inside the
search) and ``bot_evaluate`` (the search's own leaf evaluation). Without them nothing changes."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from game.engine.actions import Action
from game.engine.bots import BUDGETS, MCTSBot, make_bot
from game.engine.rng import Rng
from tests.tinygame import TINY, new_tiny_game, registered

FIXED = BUDGETS["normal"].replace(iterations=40, seconds=None, slip=0.0, depth=4)


@pytest.fixture(autouse=True)
def _tiny() -> Iterator[None]:
    with registered():
        yield


class _Hooked:
    """The tiny ruleset with the optional hooks, counting their calls."""

    def __init__(self, *, budget: bool = False, shortcut: bool = False, evaluate: float | None = None) -> None:
        self.id = TINY.id
        self.calls: dict[str, int] = {"bot_budget": 0, "bot_search_apply": 0, "bot_evaluate": 0}
        self._budget, self._shortcut, self._evaluate = budget, shortcut, evaluate

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> Any:
        return TINY.determinize(view, seat, rng)

    def __getattr__(self, name: str) -> Any:
        if name == "bot_budget" and self._budget:
            def tune(difficulty: str, budget: Any) -> Any:
                self.calls["bot_budget"] += 1
                return budget.replace(iterations=7)
            return tune
        if name == "bot_search_apply" and self._shortcut:
            def shortcut(state: Any, action: Action, rng: Rng) -> bool:
                self.calls["bot_search_apply"] += 1
                return False  # let the rules apply it
            return shortcut
        if name == "bot_evaluate" and self._evaluate is not None:
            def judge(state: Any, seat: int) -> float:
                self.calls["bot_evaluate"] += 1
                return self._evaluate  # type: ignore[return-value]
            return judge
        raise AttributeError(name)


def _decision() -> tuple[Any, int, list[Action]]:
    st = new_tiny_game(3, "classic")
    seat = st.to_act()
    assert seat is not None
    return st.view(seat), seat, st.legal_actions()


def test_bot_budget_tunes_the_default_budget_only() -> None:
    view, seat, legal = _decision()
    rs = _Hooked(budget=True)
    bot = make_bot("normal", 1)
    assert isinstance(bot, MCTSBot)
    bot._base_budget = bot.budget = BUDGETS["normal"].replace(seconds=None)  # deterministic, still the default
    bot.choose(rs, view, seat, legal)  # type: ignore[arg-type]
    assert rs.calls["bot_budget"] == 1 and bot.last_stats["iterations"] == 7
    given = make_bot("normal", 1, budget=FIXED)
    given.choose(rs, view, seat, legal)  # type: ignore[arg-type]
    assert rs.calls["bot_budget"] == 1 and given.last_stats["iterations"] == 40


def test_bot_search_apply_is_asked_for_every_action_the_search_applies() -> None:
    view, seat, legal = _decision()
    rs = _Hooked(shortcut=True)
    bot = make_bot("normal", 2, budget=FIXED)
    bot.choose(rs, view, seat, legal)  # type: ignore[arg-type]
    assert rs.calls["bot_search_apply"] >= 40  # at least the expansion of each iteration


def test_bot_evaluate_replaces_the_heuristic_at_the_cut_off() -> None:
    view, seat, legal = _decision()
    rs = _Hooked(evaluate=0.25)
    bot = make_bot("normal", 3, budget=FIXED)
    bot.choose(rs, view, seat, legal)  # type: ignore[arg-type]
    assert rs.calls["bot_evaluate"] > 0
