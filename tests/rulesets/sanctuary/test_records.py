"""The sanctuary state as typed records (issue 11): version-1 JSON migrates, the flow is declared,
the priority stack keeps today's order, records round-trip and name bad fields.

The fixtures were written by the code before the port (version 1: level embedded, ``stack``,
``priority`` and ``passes`` apart): a mid-combat state on the test level with a Manipulation on the
stack, its view and legal actions then, and a whole save of a game on the shipped ``quick`` level.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from game.engine import levelrefs
from game.engine.actions import Action
from game.engine.protocol import StateError
from game.engine.saves import match_from_save, replay
from game.rulesets.sanctuary.flow import FLOW
from game.rulesets.sanctuary.ruleset import migrate_v1
from game.rulesets.sanctuary.state import (
    VERSION,
    Combat,
    Kind,
    Perm,
    Phase,
    Player,
    SanctuaryState,
    Step,
)
from tests.rulesets.sanctuary.helpers import (
    RS,
    act,
    at,
    clear_hands,
    fetch,
    in_hand,
    new,
)

FIXTURES = Path(__file__).with_name("fixtures")


def _load(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


def _no_level(view: dict) -> dict:
    view = dict(view)
    view.pop("level")
    view.pop("version")
    return view


def test_version_1_state_json_loads_into_the_same_position() -> None:
    old = _load("state_v1.json")
    expected = _load("state_v1_expected.json")
    assert old["version"] == 1 and isinstance(old["level"], dict) and "cards" in old["level"]
    st = RS.from_json(copy.deepcopy(old))
    assert st.version == VERSION == 2
    assert st.phase is Phase.COMBAT and st.step is Step.PRIORITY
    assert st.stack.items == old["stack"] and st.stack.holder == old["priority"] == 1 and st.stack.passed == []
    assert st.combat is not None and st.combat.blocks == old["combat"]["blocks"]
    assert json.loads(json.dumps(_no_level(st.view(None)))) == expected["view"]
    assert [a.key for a in st.legal_actions()] == expected["legal"]
    data = st.to_json()
    assert data["level"] == {"ruleset": "sanctuary", "id": "test", "hash": st.level.content_hash}
    assert RS.from_json(data).to_json() == data


def test_migrate_v1_turns_the_passes_count_into_who_passed() -> None:
    old = _load("state_v1.json")
    for passes, passed in ((0, []), (1, [0]), (2, [0, 1])):
        data = dict(old, passes=passes)
        assert migrate_v1(data)["stack"] == {"items": old["stack"], "passed": passed, "holder": 1}
    with pytest.raises(StateError, match="passes"):
        migrate_v1(dict(old, passes="x"))
    with pytest.raises(StateError, match="level"):
        migrate_v1(dict(old, level={"ruleset": "sanctuary"}))


def test_a_save_written_before_the_port_loads_and_replays() -> None:
    save = _load("save_v1_quick.json")
    expected = _load("save_v1_quick_expected.json")
    assert save["snapshot"]["version"] == 1
    match = match_from_save(copy.deepcopy(save))
    st = match.state
    assert st.turn == expected["turn"] and st.phase == expected["phase"]
    assert json.loads(json.dumps(_no_level(st.view(0)))) == expected["view0"]
    assert [a.key for a in st.legal_actions()] == expected["legal"]
    # the same seed and actions, played by today's rules, reach the saved (migrated) snapshot
    _state, _digest, problems = replay(copy.deepcopy(save))
    assert problems == []


def test_records_round_trip_and_copy_independently() -> None:
    st = at(new(3), "combat", "block")
    clear_hands(st)
    a = fetch(st, 0, "knight", "chars")
    b = fetch(st, 1, "squire", "chars")
    fetch(st, 0, "blade", "techs", carrier=a)
    st.combat = Combat(attackers=[a], blocks={a: b})
    data = st.to_json()
    assert [k for k in data][:3] == ["ruleset", "version", "level"]
    assert data["stack"] == {"items": [], "passed": [], "holder": 0}
    assert data["players"][0]["chars"] == [a] and data["perm"][a]["entered"] == 0
    again = SanctuaryState.from_json(json.loads(json.dumps(data)))
    assert again.to_json() == data and isinstance(again.players[0], Player) and isinstance(again.perm[a], Perm)
    twin = st.clone()
    twin.combat.blocks.clear()
    twin.perm[a].tapped = True
    twin.players[1].hand.append("x")
    assert st.combat.blocks == {a: b} and not st.perm[a].tapped and "x" not in st.players[1].hand
    assert twin.owner_card is st.owner_card and twin.bot_cache is None


@pytest.mark.parametrize("mutate, path", [
    (lambda d: d["players"][1].update(will=-1), "players[1].will"),
    (lambda d: d["perm"]["0.S"].update(tapped="yes"), "perm.0.S.tapped"),
    (lambda d: d.update(step="nap"), "step: expected one of"),
    (lambda d: d.update(active=2), "active: expected a number in 0..1"),
    (lambda d: d["stack"].update(holder=5), "stack.holder"),
    (lambda d: d["stack"].update(passed=[0, 0]), "stack.passed"),
    (lambda d: d["stack"]["items"].append({"card": "0.00", "seat": 0, "oops": 1}), r"stack.items\[0\]"),
    (lambda d: d["perm"].update({"7.77": d["perm"]["0.S"]}), "perm.7.77: unknown card"),
    (lambda d: d["players"][0].update(sanctuary="1.S"), "players[0].sanctuary"),
    (lambda d: d.update(level={"ruleset": "sanctuary", "id": "test", "hash": "0" * 16}), "level.hash"),
])
def test_bad_fields_are_named(mutate, path) -> None:
    data = new(2).to_json()
    mutate(data)
    with pytest.raises(StateError, match=path.replace("[1]", r"\[1\]").replace("[0]", r"\[0\]")):
        RS.from_json(data)


def test_a_level_of_another_ruleset_is_refused() -> None:
    from game.engine.levels import get_level

    data = new(2).to_json()
    data["level"] = levelrefs.ref_of(get_level("dungeon"))
    with pytest.raises(StateError, match="not a sanctuary level"):
        RS.from_json(data)


def test_the_flow_is_declared_for_every_step_with_its_action_kinds() -> None:
    rows = {r["step"]: r for r in FLOW.table()}
    assert set(rows) == {s.value for s in Step} - {"over"}
    assert rows["priority"]["actions"] == ["pass", "play", "use"] and rows["priority"]["automatic"]
    assert rows["mulligan"]["actions"] == ["keep", "mulligan"] and not rows["mulligan"]["automatic"]
    kinds = {k for r in rows.values() for k in r["actions"]}
    assert kinds == {k.value for k in Kind}


def test_automatic_events_are_marked_auto_and_the_chosen_ones_are_not() -> None:
    st = at(new(), "harvest")
    clear_hands(st, anchor=False)
    zap = fetch(st, 0, "zap")
    evs = act(st, "play", card=zap)  # seat 1 can only pass: it passes by itself, and so on
    first_auto = next(i for i, e in enumerate(evs) if e.auto)
    assert first_auto > 0 and evs[first_auto].kind == "AutoPass"
    assert [e.kind for e in evs[:first_auto]] == ["CardMoved"] and not any(e.auto for e in evs[:first_auto])
    assert all(e.auto for e in evs[first_auto:])
    assert any(e.kind == "Resolved" for e in evs[first_auto:])


def test_priority_alternates_and_resolves_last_in_first_out_with_the_stack() -> None:
    st = at(new(), "harvest")
    clear_hands(st)
    k = fetch(st, 0, "knight", "chars")
    st.players[0].will = 1
    st.players[1].will = 1
    bolt = fetch(st, 1, "bolt")
    assert st.to_act() == 0 and st.priority == 0 and st.passes == 0
    act(st, "pass")
    assert st.to_act() == 1 and st.stack.passed == [0]
    act(st, "play", card=bolt, target=k)  # a response: the other seat is asked first, fresh window
    assert st.stack.holder == 0 and st.stack.passed == [] and len(st.stack) == 1
    zap = in_hand(st, 0, "zap")
    act(st, "play", card=zap)
    assert st.stack.holder == 1 and [s["card"] for s in st.stack] == [bolt, zap]
    evs = act(st, "pass")  # seat 1 passes; seat 0, with nothing left, passes by itself: the zap resolves
    assert [(e.kind, e.data.get("seat")) for e in evs][:2] == [("AutoPass", 0), ("Resolved", 0)]
    assert [e.data["card"] for e in evs if e.kind == "Resolved"] == [zap]
    # after a resolution the active seat is asked first: with nothing left it passes by itself
    after = evs[[e.kind for e in evs].index("Resolved"):]
    assert [e.data for e in after if e.kind == "AutoPass"][:1] == [{"seat": 0}]
    assert st.to_act() == 1 and [s["card"] for s in st.stack] == [bolt] and st.stack.passed == [0]
    assert st.legal_actions()[-1] == Action("pass")


def test_a_save_written_now_carries_the_level_once_and_loads_with_no_level_known() -> None:
    from game.engine.match import Match

    match = Match.new("sanctuary", "quick", ["Ana", "Bo"], 4)
    for _ in range(12):
        match.apply(match.state.legal_actions()[0])
    save = json.loads(json.dumps(match.to_save()))
    assert save["snapshot"]["level"] == levelrefs.ref_of(match.level)  # a reference, not the level again
    levelrefs.clear()  # as in a fresh program: only the save's own copy of the level can be found
    try:
        loaded = match_from_save(save)
        assert loaded.state.to_json() == match.state.to_json()
        assert loaded.state.legal_actions() == match.state.legal_actions()
    finally:
        levelrefs.remember(match.level)
