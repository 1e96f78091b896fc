"""The robustness runs' figures (monkey, save kill, bit flips) become JSON one way (game/bench/common.py
``RunFigures``): every field, the first 10 failures, how many there were, seconds rounded."""

from __future__ import annotations

import json

import pytest

from game.bench.monkey import MonkeyStats
from game.bench.saveflip import FlipStats
from game.bench.savekill import KillStats


@pytest.mark.parametrize("stats", [MonkeyStats("menu", events=5, restarts=1), KillStats("dungeon", kills=3),
                                   FlipStats("quest", flips=9, refused=9)])
def test_run_figures_as_json(stats: object) -> None:
    stats.failures = [f"problem {i}" for i in range(14)]  # type: ignore[attr-defined]
    stats.seconds = 1.23456  # type: ignore[attr-defined]
    out = stats.to_json()  # type: ignore[attr-defined]
    assert out["failures"] == [f"problem {i}" for i in range(10)] and out["failure_count"] == 14
    assert out["seconds"] == 1.23
    fields = set(stats.__dataclass_fields__)  # type: ignore[attr-defined]
    assert set(out) == fields | {"failure_count"}
    assert json.loads(json.dumps(out)) == out
    assert stats.failures and len(stats.failures) == 14, "the figures themselves are not cut"  # type: ignore[attr-defined]


def test_the_monkey_figures_keep_their_names() -> None:
    out = MonkeyStats("menu", events=5, frames=6, actions=7, invariant_checks=8, restarts=1).to_json()
    assert {k: out[k] for k in ("scene", "events", "frames", "actions", "invariant_checks", "restarts")} == \
        {"scene": "menu", "events": 5, "frames": 6, "actions": 7, "invariant_checks": 8, "restarts": 1}
