"""Finished and unfinished bot games of every ruleset, as save data, for the replay and theatre tests."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from game.engine.levels import get_level
from game.engine.match import Match
from game.engine.registry import all_rulesets

RULESETS = sorted(rs.id for rs in all_rulesets())
#: a random bot ends every shipped first level well before this many actions
MAX_ACTIONS = 4000


def play(ruleset_id: str, seed: int = 11, stop_at: int | None = None, humans: int = 0) -> Match:
    """A random-bot game of ``ruleset_id``'s first level, to the end (or ``stop_at`` actions)."""
    level = get_level(ruleset_id, None)
    lo, _hi = get_ruleset_range(ruleset_id, level)
    seats = ["human"] * humans + ["bot"] * (max(2, lo) - humans)
    m = Match.new(ruleset_id, level, seats, seed)
    rnd = random.Random(seed)
    limit = MAX_ACTIONS if stop_at is None else stop_at
    while not m.is_over() and len(m.history) < limit:
        m.apply(rnd.choice(m.legal_actions()))
    return m


def get_ruleset_range(ruleset_id: str, level: Any) -> tuple[int, int]:
    """The seat range of the ruleset for ``level``."""
    from game.engine.registry import get_ruleset

    return get_ruleset(ruleset_id).seat_range(level)


@lru_cache(maxsize=None)
def finished_save(ruleset_id: str) -> dict[str, Any]:
    """Save data of a finished random-bot game (cached: treat as read only)."""
    m = play(ruleset_id)
    assert m.is_over(), f"{ruleset_id}: the random game did not end in {MAX_ACTIONS} actions"
    return m.to_save()


@lru_cache(maxsize=None)
def unfinished_save(ruleset_id: str) -> dict[str, Any]:
    """Save data of a game stopped half way, one human seat (cached: treat as read only)."""
    full = len(finished_save(ruleset_id)["actions"])
    m = play(ruleset_id, stop_at=max(1, full // 2), humans=1)
    assert not m.is_over()
    return m.to_save()
