"""The typed skirmish view: every record agrees with the rules' own answers over whole seeded games."""

from __future__ import annotations

import random

import pytest

from game.engine.levels import get_level
from game.engine.match import Match
from game.rulesets.skirmish.bot import success_chance
from game.rulesets.skirmish.views import SkirmishView


def _states(level: str, seed: int, limit: int = 160):
    m = Match.new("skirmish", get_level("skirmish", level), ["a", "b"], seed)
    rng = random.Random(seed)
    for _ in range(limit):
        yield m.state
        if m.is_over():
            return
        m.apply(rng.choice(m.legal_actions()))


@pytest.mark.parametrize("level,seed", [("tutorial", 1), ("tutorial", 7)])
def test_records_match_the_rules(level: str, seed: int) -> None:
    seen_pending = seen_chain = seen_out = 0
    for st in _states(level, seed):
        v = SkirmishView.from_view(st.view(0), st.model, st.decision())
        assert v.round == st.round and v.needle == st.needle
        assert len(v.chain) == len(st.chain)
        for rec, e in zip(v.chain, st.chain):
            assert (rec.actor, rec.act, rec.kind) == (e.get("actor"), e.get("act"), e.get("kind"))
            assert v.entry_name(rec, "en") == st.entry_name(e, "en")
        seen_chain += bool(st.chain)
        d = st.decision()
        assert (v.decision is None) == (d is None)
        if d is not None:
            assert (v.decision.type, v.decision.seat, list(v.decision.who)) == (d["type"], d["seat"], d["who"])
        if st.pending:
            seen_pending += 1
            assert (v.pending.type, v.pending.actor, v.pending.target) == (
                st.pending.get("type"), st.pending.get("actor"), st.pending.get("target"))
        assert list(v.ground) == list(st.ground)
        for c in st.combatants:
            r = v.get(c["id"])
            assert r is not None and r.active == st.active(c) and r.damage == st.total_damage(c)
            seen_out += not r.active
            for k in ("ap", "str", "def", "per", "mag", "dr"):
                assert r.stat(k) == st.stat(c, k), (c["id"], k)
            assert r.holder() == st.holder(c)
            for p in r.parts:
                assert p.active == st.part_active(c, p.id) and p.waiting == st.limb_waiting(c, p.id)
                assert v.part_name(c["id"], p.id, "en") == st.part_name(c, p.id, "en")
            assert v.item_name(next(iter(r.pack), None), "en") in (
                [st.item_def(r.pack[0]).name.en] if r.pack else ["None"])
            for other in st.combatants:  # the menu's odds, as the rules' bot computes them
                for aid, adef in st.model.actions.items():
                    if adef.check is None:
                        assert v.chance(c["id"], aid, other["id"]) == (None, 1.0)
                        continue
                    diff = adef.check.difficulty + (st.stat(other, adef.check.defense) if adef.check.defense else 0)
                    bonus = st.stat(c, adef.check.offense) if adef.check.offense else 0
                    assert v.chance(c["id"], aid, other["id"]) == (diff, success_chance(bonus, diff))
    assert seen_chain and seen_pending, "the games reached chains and pending choices"


def test_names_shared_by_two_get_their_number() -> None:
    st = next(_states("tutorial", 1))
    v = SkirmishView.from_view(st.view(0), st.model, st.decision())
    names = [v.name(c.id, "en") for c in v.combatants]
    assert len(set(names)) == len(names)
    assert [c.number for c in v.side("minions")] == list(range(1, len(v.side("minions")) + 1))
