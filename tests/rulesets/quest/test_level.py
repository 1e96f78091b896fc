"""The quest level schema and card contract: unknown keys are errors, cross references are checked,
messages name the field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from game.engine.levels import Level, LevelError
from game.rulesets.quest.effects import VERBS
from tests.rulesets.quest.helpers import tutorial


def _data() -> dict[str, Any]:
    return copy.deepcopy(tutorial().data)


def _card(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["id"] == cid)


def _error(data: dict[str, Any]) -> str:
    with pytest.raises(LevelError) as info:
        Level.from_data(data, where="test.toml")
    return str(info.value)


def test_the_tutorial_data_round_trips() -> None:
    assert Level.from_data(_data(), where="test.toml").model.stages


def test_unknown_keys_are_errors_in_cards_effects_and_the_scenario() -> None:
    d = _data()
    _card(d, "mend")["colour"] = "red"
    assert "colour" in _error(d)
    d = _data()
    _card(d, "mend")["effects"][0]["amonut"] = 2
    assert "amonut" in _error(d)
    d = _data()
    d["stagez"] = []
    assert "stagez" in _error(d)


def test_unknown_verbs_are_errors() -> None:
    d = _data()
    _card(d, "mend")["effects"][0]["effect"] = "heel"
    assert "heel" in _error(d)


def test_a_deck_naming_an_unknown_card_names_the_field() -> None:
    d = _data()
    d["decks"][0]["cards"]["mendd"] = 1
    msg = _error(d)
    assert "decks[0].cards.mendd" in msg and "mend" in msg


def test_deck_sizes_and_copies_are_checked() -> None:
    d = _data()
    d["decks"][0]["cards"]["mend"] = 4
    assert "copies" in _error(d)
    d = _data()
    del d["decks"][0]["cards"]["quick_rest"]
    assert "27 cards" in _error(d)


def test_heroes_must_be_heroes_and_spheres_declared() -> None:
    d = _data()
    d["decks"][0]["heroes"][0] = "mend"
    assert "not a hero" in _error(d)
    d = _data()
    _card(d, "mend")["sphere"] = "moon"
    assert "unknown sphere" in _error(d)


def test_keywords_belong_on_their_kinds() -> None:
    d = _data()
    _card(d, "mend")["keywords"] = ["restricted"]
    assert "restricted" in _error(d)
    d = _data()
    _card(d, "lantern_bearer")["keywords"] = ["surge"]
    assert "surge" in _error(d)


def test_chosen_targets_only_when_a_player_chooses() -> None:
    d = _data()
    _card(d, "chill_wind")["effects"] = [{"when": "revealed", "effect": "heal", "target": "chosen_character"}]
    assert "chosen target" in _error(d)


def test_the_encounter_deck_needs_30_cards() -> None:
    d = _data()
    d["encounter"]["bog_crawler"] = 1
    assert "encounter" in _error(d) and "at least 30" in _error(d)


def test_player_cards_are_not_encounter_cards_and_the_reverse() -> None:
    d = _data()
    d["encounter"]["mend"] = 3
    assert "not an encounter card" in _error(d)
    d = _data()
    d["decks"][0]["cards"]["quick_rest"] = 2
    d["decks"][0]["cards"]["bog_crawler"] = 1
    assert "not a player deck card" in _error(d)


def test_seats_at_most_four() -> None:
    d = _data()
    d["seats"] = {"min": 1, "max": 5}
    assert "1 to 4" in _error(d)


def test_the_effect_registry_has_the_suggested_verbs() -> None:
    assert set(VERBS.names()) >= {
        "draw", "add_resource", "heal", "ready", "damage_enemy", "place_progress", "reduce_threat", "boost",
        "cancel_shadow", "return_to_hand", "raise_threat", "damage_character", "damage_each", "exhaust",
        "attack_bonus", "discard_random_hand", "surge_if", "add_to_staging", "engage_player"}
