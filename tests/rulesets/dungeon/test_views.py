"""The typed dungeon view: every record agrees with the rule state over whole seeded games."""

from __future__ import annotations

import random

import pytest

from game.engine.levels import get_level
from game.engine.match import Match
from game.rulesets.dungeon.views import DungeonView


@pytest.mark.parametrize("level,seed", [("standard", 7), ("standard", 3)])
def test_records_match_the_rules(level: str, seed: int) -> None:
    m = Match.new("dungeon", get_level("dungeon", level), ["a", "b"], seed)
    rng = random.Random(seed)
    phases = set()
    for _ in range(400):
        st = m.state
        for seat in (0, 1):
            v = DungeonView.from_view(st.view(seat), st.model)
            assert (v.round, v.phase, v.active) == (st.round, str(st.phase), st.active)
            assert v.entrance_pile == len(st.entrance_pile) and v.depths_pile == len(st.depths_pile)
            assert v.winners == (tuple(st.winners) if st.winners is not None else None)
            for rec, p in zip(v.players, st.players, strict=True):
                assert (rec.hero, rec.health, rec.max_health, rec.gold, rec.valor, rec.xp) == \
                    (p.hero, p.health, p.max_health, p.gold, p.vp, p.xp)
                assert rec.bag_count == len(p.bag) and rec.chips_placed == len(p.chips)
                assert [(c.chip, c.face, c.row, c.col) for c in rec.chips] == [tuple(c) for c in p.chips]
                assert [(mp.card, mp.side, mp.offset) for mp in rec.maps] == [tuple(mp) for mp in p.maps]
                assert (rec.hero_row, rec.status, rec.pending_chip, rec.pending_map, rec.buys) == \
                    (p.hero_row, str(p.status), p.pending_chip, p.pending_map, p.buys)
            assert {o.ctype for o in v.market.offers} == {c for c in st.market if c in st.model.chips}
            for o in v.market.offers:
                assert o.price == st.price(o.ctype) and o.stock == len(st.market[o.ctype])
                assert o.open == st.tier_open(o.tier)
            if st.active is not None and str(st.phase) == "market":
                buyable = set(st.buyable(st.active))
                me = v.players[st.active]
                for o in v.market.offers:
                    if o.ctype in buyable:
                        assert o.open and o.stock > 0 and o.price <= me.gold and v.market.buys_left(me) > 0
        phases.add(str(st.phase))
        if m.is_over():
            break
        m.apply(rng.choice(m.legal_actions()))
    assert {"dungeon", "market"} <= phases
