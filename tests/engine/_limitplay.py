"""Helpers of the limits tests: shipped level data, mutated, played by random bots, saved and loaded.

``play_save_load`` is the invariant of issue 16 item 1: whatever a valid level says, a game
of it can be saved and loaded again (``tests/engine/test_limits.py``,
``tests/robustness/test_limit_mutations.py`` and ``tools/fuzz_levels.py --play``).
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any, Callable, Iterator

from game.engine.levels import Level, get_level
from game.engine.match import Match
from game.engine.registry import get_ruleset
from game.engine.saves import load_match, save_match

RULESETS = ("dungeon", "skirmish", "sanctuary", "expedition", "quest")
#: the first level each ruleset ships (what the per-ruleset cases start from)
FIRST = {"dungeon": "standard", "skirmish": "01_toll_bridge", "sanctuary": "quick",
         "expedition": "lantern_road", "quest": "01_mill_road"}


def shipped_data(ruleset: str, level_id: str | None = None) -> dict[str, Any]:
    """A deep copy of a shipped level's merged data (what ``Level.from_data`` takes)."""
    return copy.deepcopy(get_level(ruleset, level_id or FIRST[ruleset]).data)


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of the scalars under ``value``."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, path + (i,))
    else:
        yield path, value


def set_at(data: Any, path: tuple[Any, ...], value: Any) -> None:
    """Set the leaf at ``path``."""
    for p in path[:-1]:
        data = data[p]
    data[path[-1]] = value


def names(data: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Paths of the text a level gives as a name (``name`` keys, or their language entries)."""
    return [p for p, v in leaves(data) if isinstance(v, str)
            and ("name" in p[-2:] and (p[-1] == "name" or p[-1] in ("en", "es", "it")))]


def seats_for(level: Level) -> list[str]:
    """As many seat names as the level needs (its smallest table)."""
    low, _high = get_ruleset(level.ruleset).seat_range(level)
    return [f"P{i}" for i in range(max(1, low))]


def play(level: Level, actions: int, seed: int,
         pick: Callable[[random.Random, list[Any]], Any] | None = None) -> Match:
    """A match of ``level`` played by a random bot for up to ``actions`` actions."""
    m = Match.new(level.ruleset, level, seats_for(level), seed)
    rnd = random.Random(seed)
    for _ in range(actions):
        if m.is_over():
            break
        legal = m.legal_actions()
        if not legal:
            break
        m.apply(pick(rnd, legal) if pick else rnd.choice(legal))
    return m


def play_save_load(level: Level, tmp: Path, actions: int = 60, seed: int = 7) -> Match:
    """Play ``level``, save the match, load it back; the loaded match (a SaveError fails the caller)."""
    m = play(level, actions, seed)
    path = tmp / f"{level.ruleset}-{seed}.json"
    save_match(m, path)
    loaded = load_match(path)
    assert len(loaded.history) == len(m.history)
    return loaded
