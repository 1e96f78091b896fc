"""Saves: exact round trips, and damaged data refused with a StateError naming the field."""

from __future__ import annotations

import copy

import pytest

from game.engine.levels import get_level
from game.engine.protocol import StateError
from game.engine.rng import Rng
from game.rulesets.skirmish import RULESET


def _midgame():
    st = RULESET.new_game(get_level("skirmish", "02_grasping_mire"), ["bot"] * 5, 8)
    rng = Rng(2)
    for _ in range(70):
        st.apply(rng.choice(st.legal_actions()))
    return st


def test_round_trip_is_exact_and_clone_is_independent():
    st = _midgame()
    data = st.to_json()
    assert data["ruleset"] == "skirmish" and data["version"] == 2
    assert {"level", "seats", "rng"} <= set(data)
    assert set(data["level"]) == {"ruleset", "id", "hash"}  # the level is named by content hash, not embedded
    again = RULESET.from_json(copy.deepcopy(data))
    assert again.to_json() == data
    twin = st.clone()
    twin.apply(twin.legal_actions()[0])
    assert st.to_json() == data


@pytest.mark.parametrize("path, value, field", [
    (("version",), 99, "version"),
    (("ruleset",), "dungeon", "ruleset"),
    (("needle",), 40, "needle"),
    (("phase",), "lunch", "phase"),
    (("combatants",), "nobody", "combatants"),
    (("combatants", 0, "stats"), {"ap": 1}, "combatants[0].stats"),
    (("combatants", 0, "ap_level"), -3, "combatants[0].ap_level"),
    (("combatants", 0, "limb_damage"), {"torso": 3}, "combatants[0].limb_damage"),
    (("combatants", 0, "equipped"), {"ghost": ["hand_r"]}, "combatants[0].equipped"),
    (("items",), {"x": "no_such_item"}, "items"),
    (("rng",), "oops", "rng"),
    (("level", "party"), ["nobody"], "level"),
    (("seats",), [], "seats"),
])
def test_damaged_data_raises_state_error_naming_the_field(path, value, field):
    data = _midgame().to_json()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(StateError) as exc:
        RULESET.from_json(data)
    assert field in str(exc.value)


def test_damaged_chain_is_refused():
    st = RULESET.new_game(get_level("skirmish", "tutorial"), ["bot"] * 3, 1)
    data = st.to_json()
    data["chain"] = [{"actor": "ghost", "kind": "use", "act": "punch", "targets": [], "reacted": [], "tags": [],
                      "cancelled": False}]
    with pytest.raises(StateError, match="chain"):
        RULESET.from_json(data)
    data["chain"] = "x"
    with pytest.raises(StateError):
        RULESET.from_json(data)
    with pytest.raises(StateError):
        RULESET.from_json("not a dict")  # type: ignore[arg-type]


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            if prefix == () and k == "level":
                continue
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from _paths(v, prefix + (i,))


def test_mutated_saves_never_crash_with_anything_but_state_error():
    base = _midgame().to_json()
    paths = [p for p in _paths(base) if p]
    rng = Rng(77)
    junk = [None, -1, 10**9, "x", [], {}, [1, "a"], {"a": 1}, True, 3.5]
    for i in range(int(__import__("os").environ.get("SK_FUZZ", "400"))):
        data = copy.deepcopy(base)
        path = paths[rng.randbelow(len(paths))]
        target = data
        for key in path[:-1]:
            target = target[key]
        if rng.randbelow(4) == 0 and isinstance(target, dict):
            target.pop(path[-1], None)
        else:
            target[path[-1]] = junk[rng.randbelow(len(junk))]
        try:
            st = RULESET.from_json(data)
        except StateError:
            continue
        # accepted: it must be a usable state
        st.invariants()
        for _ in range(5):
            if st.to_act() is None:
                break
            st.apply(rng.choice(st.legal_actions()))
