"""The bot interface every opponent implements, and the random bot.

A bot only ever sees what its own seat may know: ``choose`` receives the
ruleset, ``state.view(seat)`` and the acting seat's legal actions (which are
public to that seat), never the real state. Bots draw randomness from their
own seeded ``Rng``, never the game's and never the ``random`` module, so a bot
with the same seed given the same views makes the same choices.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from game.engine.actions import Action
from game.engine.protocol import Ruleset
from game.engine.rng import Rng


class Bot(ABC):
    """A player that picks one of the legal actions from its seat's view."""

    #: the difficulty name this bot was made for ("random", "easy", "normal", "hard")
    difficulty: str = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)
        self.rng = Rng(self.seed)
        #: figures about the last decision (iterations, seconds...), for logs and ``bench``
        self.last_stats: dict[str, Any] = {}

    @abstractmethod
    def choose(self, ruleset: Ruleset, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """Return one action out of ``legal`` for ``seat`` given only that seat's ``view``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(difficulty={self.difficulty!r}, seed={self.seed})"


def check_legal(legal: list[Action]) -> None:
    """Raise ValueError when there is nothing to choose from."""
    if not legal:
        raise ValueError("a bot was asked to choose with no legal action")


class RandomBot(Bot):
    """Picks uniformly among the legal actions (the baseline, and the simulate default)."""

    difficulty = "random"

    def choose(self, ruleset: Ruleset, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """Return a uniformly random legal action."""
        check_legal(legal)
        self.last_stats = {"iterations": 0, "seconds": 0.0, "legal": len(legal)}
        return legal[0] if len(legal) == 1 else self.rng.choice(legal)
