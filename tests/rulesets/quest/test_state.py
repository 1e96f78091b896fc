"""Quest state JSON: exact round trips, and saved data that cannot be a state is refused naming the field."""

from __future__ import annotations

import json

import pytest

from game.engine.protocol import StateError, canonical_json
from game.engine.registry import get_ruleset
from tests.rulesets.quest.helpers import engage_with, game


def test_round_trip_mid_combat_is_exact() -> None:
    st = game(2)
    engage_with(st, 0, "ash_wolf")
    from game.rulesets.quest import combat

    combat.begin_enemy_attacks(st, [])
    st.flow.settle(st, [])
    data = json.loads(json.dumps(st.to_json()))
    again = get_ruleset("quest").from_json(data)
    assert canonical_json(again.to_json()) == canonical_json(st.to_json())
    assert again.legal_actions() == st.legal_actions() and again.to_act() == st.to_act()


@pytest.mark.parametrize(("change", "field"), [
    ({"step": "attackers", "strike": None}, "step"),
    ({"step": "defend", "attack": None}, "step"),
    ({"window": "", "step": "actions"}, "window"),
    ({"first_player": 3}, "first_player"),
    ({"order_left": [], "step": "commit", "window": ""}, "order_left"),
    ({"step": "staging", "window": ""}, "step"),
])
def test_impossible_saved_states_are_refused(change: dict, field: str) -> None:
    st = game(2)
    data = {**st.to_json(), **change}
    with pytest.raises(StateError) as info:
        get_ruleset("quest").from_json(data)
    assert str(info.value).startswith(field), str(info.value)


def test_a_lost_card_is_refused() -> None:
    st = game(1)
    data = st.to_json()
    data["players"][0]["deck"] = data["players"][0]["deck"][1:]
    with pytest.raises(StateError) as info:
        get_ruleset("quest").from_json(data)
    assert "cards lost" in str(info.value)
