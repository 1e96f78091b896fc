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


@pytest.mark.parametrize("seed", [7, 11])
def test_table_content_and_replayed_records_agree_with_the_rules(seed: int) -> None:
    """The level's public content (catalogue, faces, boards) and the records the table changes event by
    event before the view catches up (a chip laid, the hero descending, a Depths map) match the rules."""
    from game.rulesets.dungeon.views import (TableContent, descended, placed, village_summary, with_map,
                                             with_numbers)

    m = Match.new("dungeon", get_level("dungeon", "standard"), ["a", "b"], seed)
    tables = TableContent.of(m.level, 2)
    assert dict(tables.catalog) == dict(m.state.catalog)
    for cid in m.state.catalog:
        assert tables.chip_faces(cid) == m.state.chip_faces(cid)
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(600):
        if m.is_over():
            break
        before = DungeonView.from_view(m.state.view(0), m.state.model)
        events = m.apply(rng.choice(m.legal_actions()))
        after = DungeonView.from_view(m.state.view(0), m.state.model)
        # when Resolution begins the rules clear the dungeons at once: the table replays them from ``before``
        cleared = any(e.kind == "PhaseBegan" and e.data.get("phase") == "resolution" for e in events)
        for e in events:
            s = e.data.get("seat")
            if cleared and e.kind in ("ChipPlaced", "HeroDescended", "MapChosen"):
                continue
            if e.kind == "ChipPlaced":
                p = before.players[s]
                row, col = tables.grid_of(p, int(e.data["floor"]), int(e.data["space"]))
                assert placed(p, e.data["chip"], e.data["face"], row, col).chips == after.players[s].chips
                assert (row, col) in tables.board(after.players[s]).cells
                seen.add(e.kind)
            elif e.kind == "HeroDescended":
                assert descended(before.players[s], int(e.data["floor"]) - 1).hero_row == after.players[s].hero_row
                seen.add(e.kind)
            elif e.kind == "MapChosen" and e.data.get("deck") == "depths":
                laid = with_map(before.players[s], e.data["card"], int(e.data["side"]), int(e.data["offset"]))
                assert laid.maps == after.players[s].maps and laid.status == "floor_done"
                seen.add(e.kind)
            elif e.kind == "PhaseBegan" and e.data.get("phase") == "village":
                for line in village_summary(events, after):
                    st = m.state.players[line.seat]
                    assert (line.health, line.max_health) == (st.health, st.max_health)
                    assert line.healed == sum(int(x.data.get("amount", 0)) for x in events if x.kind == "Healed"
                                              and x.data.get("where") == "village" and x.data.get("seat") == line.seat)
                seen.add("village")
    assert {"ChipPlaced", "HeroDescended", "village"} <= seen, seen
    p = after.players[0]
    assert with_numbers(before.players[0], p).health == p.health and with_numbers(before.players[0], p).gold == p.gold
