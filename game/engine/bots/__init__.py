"""Bots for any ruleset, built on the rules protocol alone (see docs/BOTS.md).

The app and ``simulate`` use one call::

    bot = make_bot("normal", seed=7)
    action = bot.choose(ruleset, state.view(seat), seat, state.legal_actions())

Difficulties: ``random`` (uniform), ``easy`` (a small search plus noise),
``normal`` (decision 95th percentile under 250 ms) and ``hard`` (about 1 s).
"""

from __future__ import annotations

from game.engine.bots.base import Bot, RandomBot
from game.engine.bots.ismcts import BUDGETS, Budget, MCTSBot
from game.engine.bots.policy import PolicyBot

DIFFICULTIES = ("random", "easy", "normal", "hard")


def make_bot(difficulty: str, seed: int, *, budget: Budget | None = None, strict: bool = False) -> Bot:
    """Return a bot of a difficulty; ``budget`` overrides the search budget, ``strict`` re-raises rule errors."""
    if difficulty == "random":
        return RandomBot(seed)
    if difficulty not in BUDGETS:
        raise ValueError(f"unknown bot difficulty {difficulty!r}; expected one of: {', '.join(DIFFICULTIES)}")
    return MCTSBot(seed, difficulty, budget, strict=strict)


__all__ = ["Bot", "RandomBot", "MCTSBot", "PolicyBot", "Budget", "BUDGETS", "DIFFICULTIES", "make_bot"]
