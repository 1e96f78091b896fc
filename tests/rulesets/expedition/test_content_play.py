"""Every shipped expedition level is playable by bots to the end, for its fewest and its most heroes:
the hero bots (the ruleset's policy on their own views) reach a result without a rule error or a broken
invariant, and the goal is met rather than the rounds running out in most of those games."""

from __future__ import annotations

import pytest

from game.engine.bots import PolicyBot
from game.engine.levels import discover_levels, get_level
from game.engine.registry import get_ruleset

LEVELS = sorted(e.id for e in discover_levels("expedition", include_mods=False) if e.ok)


def _play(level_id: str, heroes: int, seed: int) -> tuple[str, int]:
    rs = get_ruleset("expedition")
    st = rs.new_game(get_level("expedition", level_id), [f"S{i}" for i in range(heroes + 1)], seed)
    bots = [PolicyBot(seed * 101 + i) for i in range(heroes + 1)]
    for n in range(20000):
        if st.result() is not None:
            break
        seat = st.to_act()
        assert seat is not None
        legal = st.legal_actions()
        st.apply(bots[seat].choose(rs, st.view(seat), seat, legal))
        if n % 97 == 0:
            assert st.invariants() == [], (level_id, n)
    res = st.result()
    assert res is not None, (level_id, heroes, seed)
    assert st.invariants() == []
    return res.reason, st.round


@pytest.mark.parametrize("level_id", LEVELS)
def test_every_level_playable_by_bots_to_the_end(level_id: str) -> None:
    players = get_level("expedition", level_id).model.players
    reasons = []
    for heroes in sorted({players.min, players.max}):
        for seed in (1, 2):
            reason, _ = _play(level_id, heroes, seed)
            reasons.append(reason)
    assert reasons.count("goal") >= len(reasons) - 1, reasons
