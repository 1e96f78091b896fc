"""The dungeon state as a typed record and a declared flow: versions, enums, clones, automatic events."""

from __future__ import annotations

import copy

import pytest

from game.engine.levels import get_level
from game.engine.protocol import StateError
from game.engine.rng import Rng
from game.rulesets.dungeon.flow import FLOW, DStep
from game.rulesets.dungeon.state import (
    VERSION,
    DungeonState,
    MapRef,
    Phase,
    PlacedChip,
    Status,
)

from .helpers import RULESET, new, v1_fixture


def test_a_version_1_state_written_by_the_old_code_loads_and_plays_on_the_same() -> None:
    fx = v1_fixture()
    assert fx["state"]["version"] == 1 and "format" in fx["state"]["level"]
    st = RULESET.from_json(fx["state"])
    level = get_level("dungeon", "standard")
    assert st.version == VERSION == 2 and st.level.content_hash == level.content_hash
    assert st.to_json()["level"] == {"ruleset": "dungeon", "id": "standard", "hash": level.content_hash}
    assert [str(a) for a in st.legal_actions()] == fx["legal"]
    assert RULESET.from_json(st.to_json()).to_json() == st.to_json()
    trace = []
    while st.to_act() is not None:
        a = st.legal_actions()[-1]
        trace.append(str(a) + " -> " + ",".join(e.kind for e in st.apply(a)))
    r = st.result()
    assert r is not None
    assert trace == fx["continuation"]["trace"]
    assert list(r.winners) == fx["continuation"]["winners"] and list(r.scores) == fx["continuation"]["scores"]


def test_unknown_versions_and_transient_steps_are_refused_naming_the_field() -> None:
    st = new(get_level("dungeon", "standard"), seats=2, seed=5)
    data = st.to_json()
    for path, value, field in [(("version",), 3, "version"), (("phase",), "resolution", "phase"),
                               (("players", 0, "status"), "check", r"players\[0\].status"),
                               (("players", 1, "maps"), [{"card": "x", "side": 2, "offset": 0}],
                                r"players\[1\].maps\[0\].side"),
                               (("players", 0, "chips"), [{"chip": "s0.0", "face": "coin", "row": 0}],
                                r"players\[0\].chips\[0\]"),
                               (("level",), {"ruleset": "dungeon", "id": "standard", "hash": "0" * 16},
                                "level.hash")]:
        bad = copy.deepcopy(data)
        target = bad
        for k in path[:-1]:
            target = target[k]
        target[path[-1]] = value
        with pytest.raises(StateError, match=field):
            RULESET.from_json(bad)


def test_phases_and_statuses_are_enums_saved_by_their_old_names() -> None:
    st = new(get_level("dungeon", "standard"), seats=2, seed=5)
    assert st.phase is Phase.DUNGEON and st.players[0].status is Status.MAP
    assert st.phase == "dungeon" and st.players[1].status == "waiting"
    data = st.to_json()
    assert data["phase"] == "dungeon" and [p["status"] for p in data["players"]] == ["map", "waiting"]
    st.apply(st.legal_actions()[0])
    p = st.to_json()["players"][0]
    assert p["maps"] == [{"card": st.players[0].maps[0].card, "side": 0, "offset": 0}]
    assert isinstance(st.players[0].maps[0], MapRef)


def test_clone_is_independent_and_shares_the_derived_tables() -> None:
    st = new(get_level("dungeon", "standard"), seats=2, seed=5)
    rng = Rng(1)
    for _ in range(12):
        legal = st.legal_actions()
        st.apply(legal[rng.randbelow(len(legal))])
    twin = st.clone()
    assert twin.to_json() == st.to_json()
    assert twin.catalog is st.catalog and twin.content is st.content
    assert twin.players[0] is not st.players[0] and twin.players[0].chips is not st.players[0].chips
    before = st.to_json()
    while twin.to_act() is not None:
        twin.apply(twin.legal_actions()[0])
    assert st.to_json() == before
    assert all(isinstance(c, PlacedChip) for p in st.players for c in p.chips)


def test_automatic_work_is_marked_auto_and_decisions_are_not() -> None:
    st = new(get_level("dungeon", "standard"), seats=2, seed=9)
    decided = {"MapChosen", "HeroPlaced", "ChipDrawn", "ChipPlaced", "HeroDescended", "ChipBought", "MarketLeft"}
    automatic = {"FloorFinished", "PhaseBegan", "Resolved", "MarketSkipped", "Shuffled", "GameOver", "CardMoved"}
    seen_auto: set[str] = set()
    rng = Rng(4)
    while st.to_act() is not None:
        legal = st.legal_actions()
        for e in st.apply(legal[rng.randbelow(len(legal))]):
            if e.kind in decided:
                assert not e.auto, e
            if e.kind in automatic:
                assert e.auto, e
                seen_auto.add(e.kind)
            if e.kind == "Stopped":
                assert e.auto == (e.data["reason"] != "chose"), e
    assert {"FloorFinished", "PhaseBegan", "Resolved", "GameOver"} <= seen_auto


def test_flow_table_lists_every_step_with_its_actions() -> None:
    rows = {r["step"]: r for r in FLOW.table()}
    assert set(rows) == {s.value for s in DStep}
    assert rows["place"]["actions"] == ["place"] and rows["place"]["decided"]
    assert rows["floor_done"]["actions"] == ["continue", "stop"]
    assert rows["market"]["actions"] == ["buy", "done"]
    assert all(rows[k]["automatic"] and not rows[k]["decided"]
               for k in ("check", "next_seat", "resolution", "village"))
    assert DungeonState.flow is FLOW


def test_rules_doc_shows_the_declared_flow_table() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "dungeon.md").read_text(encoding="utf-8")
    for r in FLOW.table():
        assert f"| `{r['step']}` | {'the acting seat' if r['decided'] else 'automatic'} |" in doc, r["step"]
        assert r["doc"] in doc, r["step"]
