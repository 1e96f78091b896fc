"""Soak, quick version: ~20 random-bot games per ruleset over varied seeds, levels and seat counts,
invariants after every action (``tools/soak.py`` is the 10,000-game run)."""

from __future__ import annotations

import pytest

from game.bench.soak import soak
from game.engine.registry import all_rulesets

RULESETS = sorted(r.id for r in all_rulesets())


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_soak_quick_has_zero_errors_and_zero_invariant_violations(ruleset_id: str) -> None:
    d = soak(ruleset_id, 20, seed=20261121, max_seats=3)  # the long run draws every seat count
    assert d["games"] == 20
    assert d["errors"] == 0 and d["invariant_violations"] == 0, d["errors_detail"]
    assert d["actions"] >= 20 and d["roundtrips"] >= 40
    assert d["views_checked"] > 0
    assert len(d["per_level"]) == min(20, len(d["levels"])), "every shipped level is played"


def test_soak_counts_a_broken_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The soak is able to fail: a state whose invariants break is reported, not passed."""
    from game.bench.positions import busiest_level, seat_count
    from game.engine.protocol import SeatSpec
    from game.engine.registry import get_ruleset

    for rid in RULESETS:
        r = get_ruleset(rid)
        level = busiest_level(rid)  # its fewest seats may be more than two (an expedition race: 2 heroes + 1)
        specs = [SeatSpec(f"s{i}", "bot") for i in range(seat_count(r, level))]
        cls = type(r.new_game(level, specs, 1))
        monkeypatch.setattr(cls, "invariants", lambda self: ["made-up violation"])
        d = soak(rid, 2, seed=5)
        assert d["invariant_violations"] == 2, d
