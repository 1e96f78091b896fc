"""Issue 16 item 1, the property: every valid level plays games the program can save and load.

Shipped levels are mutated at random (numbers pushed to their extremes and beyond, names
and titles made as long as allowed, with combining marks and right-to-left text); each
mutation the level loader accepts is played by a random bot for a number of actions,
saved, and loaded again, and the loaded state must pass its ruleset's invariants. A
mutation the loader refuses must be refused with a LevelError (never another exception).

Quick by default (a few mutations per ruleset); ``MESA_FUZZ_EXAMPLES=N`` runs more, and
``tools/fuzz_levels.py --play`` is the long run.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from game.engine import limits
from game.engine.levels import Level, LevelError
from tests.engine._limitplay import RULESETS, leaves, play_save_load, set_at, shipped_data

EXAMPLES = int(os.environ.get("MESA_FUZZ_EXAMPLES", "0")) or 6
ACTIONS = 60

EXTREMES = (0, 1, -1, 2, -2, 3, limits.MODIFIER_MAX, -limits.MODIFIER_MAX, limits.PRICE_MAX, limits.STAT_MAX,
            limits.STOCK_MAX, limits.GOLD_MAX, -limits.GOLD_MAX, 10**18, -(10**18))
TEXT_UNITS = ("a", "é\u0301", "\u05d0", "\u202e", " ", "W", "字")


def _text(rnd: random.Random, limit: int) -> str:
    n = rnd.choice((limit, limit, limit - 1, rnd.randint(1, limit)))
    return "".join(rnd.choice(TEXT_UNITS) for _ in range(n))[:n].strip() or "x"


def mutate(data: dict[str, Any], rnd: random.Random, count: int) -> list[str]:
    """Push ``count`` random leaves of ``data`` to extremes; return what was done (for the failure message)."""
    found = [(p, v) for p, v in leaves(data) if isinstance(v, (int, str)) and not isinstance(v, bool)]
    ints = [(p, v) for p, v in found if isinstance(v, int)]
    texts = [(p, v) for p, v in found if isinstance(v, str) and any(k in p[-2:] for k in ("name", "title"))
             and (p[-1] in ("name", "title", "en", "es", "it"))]
    done = []
    for _ in range(count):
        if texts and (not ints or rnd.random() < 0.3):
            path, _v = rnd.choice(texts)
            limit = limits.TITLE_CHARS if path == ("title",) or path[:1] == ("title",) else limits.NAME_CHARS
            value: Any = _text(rnd, limit)
        elif ints:
            path, v = rnd.choice(ints)
            value = rnd.choice(EXTREMES + (v * 2, v + 1, v - 1))
        else:
            break
        set_at(data, path, value)
        done.append(f"{'.'.join(map(str, path))} = {value!r:.60}")
    return done


@pytest.mark.parametrize("ruleset", RULESETS)
def test_issue16_1_valid_mutations_of_shipped_levels_save_and_load(ruleset: str, tmp_path: Path) -> None:
    rnd = random.Random(f"limits-{ruleset}")
    played = 0
    tries = 0
    while played < EXAMPLES and tries < EXAMPLES * 12:
        tries += 1
        data = shipped_data(ruleset)
        done = mutate(data, rnd, rnd.randint(1, 6))
        try:
            level = Level.from_data(data, where="mutant.toml", source="mod")
        except LevelError:
            continue  # refused with a located message: fine
        seed = rnd.randrange(10**6)
        try:
            loaded = play_save_load(level, tmp_path, actions=ACTIONS, seed=seed)
        except Exception as exc:  # pragma: no cover - the failure report
            pytest.fail(f"{ruleset} seed {seed} after {done}: {type(exc).__name__}: {exc}")
        problems = loaded.state.invariants()
        assert not problems, (ruleset, seed, done, problems)
        played += 1
    assert played == EXAMPLES, f"only {played} valid mutations in {tries} tries"
