"""The skirmish turn flow is declared data: every step, its kinds, and automatic events marked ``auto``."""

from __future__ import annotations

from game.engine.levels import get_level
from game.engine.rng import Rng
from game.rulesets.skirmish import RULESET
from game.rulesets.skirmish.flow import FLOW, locate
from game.rulesets.skirmish.kinds import DECIDED, Kind, Step


def test_every_step_is_declared_and_every_kind_has_a_handler():
    assert set(FLOW.steps) == set(Step)
    rows = {r["step"]: r for r in FLOW.table()}
    for step in Step:
        assert rows[step.value]["decided"] == (step in DECIDED)
        assert rows[step.value]["automatic"] == (step not in DECIDED)
    handled = {k for r in rows.values() for k in r["actions"]} | set(FLOW.common)
    assert handled == {k.value for k in Kind}


def test_automatic_steps_mark_their_events_and_players_actions_do_not():
    st = RULESET.new_game(get_level("skirmish", "tutorial"), ["a", "b", "c"], 3)
    rng = Rng(4)
    seen_auto, seen_own = set(), set()
    for _ in range(120):
        if st.to_act() is None:
            break
        d = st.decision()
        assert locate(st)[0].value == d["type"]  # the flow rests only in steps where someone decides
        action = rng.choice(st.legal_actions())
        for e in st.apply(action):
            (seen_auto if e.auto else seen_own).add(e.kind)
    assert {"NeedleMoved", "Resolving", "Resolved"} <= seen_auto
    assert "NeedleMoved" not in seen_own and "Resolved" not in seen_own
    assert "Declared" in seen_own or "Waited" in seen_own
