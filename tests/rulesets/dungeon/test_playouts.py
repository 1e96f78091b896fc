"""Random playouts of every shipped dungeon level: invariants after every action, saves on the way."""

from __future__ import annotations

import pytest

from game.engine.levels import discover_levels
from game.engine.rng import Rng

from .helpers import RULESET

LEVELS = [e.level for e in discover_levels("dungeon", include_mods=False) if e.level is not None]


def _playout(level, seats, seed, describe=False):
    st = RULESET.new_game(level, [f"S{i}" for i in range(seats)], seed)
    rng = Rng(seed * 31 + seats)
    steps = 0
    while st.to_act() is not None:
        legal = st.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = rng.choice(legal)
        if describe:
            for lang in ("en", "es", "it"):
                assert st.describe(action, lang)
        events = st.apply(action)
        if describe:
            for ev in events:
                st.describe_event(ev, "es")
        assert st.invariants() == [], (seed, steps, action.key)
        steps += 1
        assert steps <= RULESET.max_game_length
        if steps % 23 == 0:
            data = st.to_json()
            st = RULESET.from_json(data)
            assert st.to_json() == data
    res = st.result()
    assert res is not None and len(res.scores) == seats
    return st, steps


@pytest.mark.parametrize("level", LEVELS, ids=[lv.id for lv in LEVELS])
def test_random_playouts_keep_invariants(level):
    lo, hi = RULESET.seat_range(level)
    for seats in sorted({lo, hi}):
        st, steps = _playout(level, seats, seed=seats + 3, describe=True)
        assert steps > 10
        assert st.round == level.model.rounds


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS, ids=[lv.id for lv in LEVELS])
def test_many_random_playouts(level):
    lo, hi = RULESET.seat_range(level)
    for seed in range(60):
        _playout(level, lo + seed % (hi - lo + 1), seed)
