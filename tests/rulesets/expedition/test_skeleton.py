"""The expedition skeleton: the shipped tutorial loads and plays; views and records are well formed."""

from __future__ import annotations

import json

from game.engine.levels import get_level
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition.flow import FLOW
from game.rulesets.expedition.kinds import Step
from game.rulesets.expedition.views import ExpeditionView
from tests.rulesets.expedition.helpers import new


def test_tutorial_loads_and_plays_to_the_end() -> None:
    rs = get_ruleset("expedition")
    level = get_level("expedition", "tutorial")
    assert rs.seat_range(level) == (2, 3)
    assert rs.seat_roles(level, 3) == ["hero", "hero", "dark_lord"]
    st = rs.new_game(level, ["Ana", "Bo", "Dark"], 4)
    rng = Rng(4)
    for _ in range(rs.max_game_length):
        if st.to_act() is None:
            break
        st.apply(rng.choice(st.legal_actions()))
        assert not st.invariants()
    assert st.result() is not None


def test_flow_declares_every_step_but_over() -> None:
    declared = {row["step"] for row in FLOW.table()}
    assert declared == {s.value for s in Step} - {"over"}


def test_view_records_build_for_every_seat() -> None:
    st = new(heroes=2)
    for seat in (0, 1, 2, None):
        view = st.view(seat)
        json.dumps(view)
        rec = ExpeditionView.of(view, st.level)
        assert rec.map.width == 8 and rec.map.height == 6
        assert rec.map.biome(0, 0) == "road"
        assert len(rec.heroes) == 2 and rec.dark_lord == 2
        assert rec.decision.seat == 0
        assert bool(rec.decision.actions) == (seat == 0)
        assert len(rec.decision.choices) == len(rec.decision.actions)
        if seat == 0:
            assert {"x": 0, "y": 1} in rec.decision.of_kind("move")
        assert rec.step == "move" and rec.reach
        assert rec.goal.site == "tower" and not rec.goal.secret
