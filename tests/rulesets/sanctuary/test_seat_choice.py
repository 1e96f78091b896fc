"""Issue 15 item 4, sanctuary: a seat may play any deck of the level (a mirror match too)."""

from __future__ import annotations

import pytest

from game.engine.levels import get_level
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

RS = get_ruleset("sanctuary")


def test_issue15_4_sanctuary_offers_the_levels_decks_but_not_in_the_tutorial() -> None:
    level = get_level("sanctuary", "ember_vs_gear")
    assert [c.id for c in RS.seat_choices(level, 1, 2) or []] == ["ember", "gear"]
    assert RS.seat_choices(get_level("sanctuary", "tutorial"), 0, 2) is None
    with pytest.raises(ValueError, match=r"seats\[0\]\.choice: unknown deck 'tide'"):
        RS.new_game(level, [SeatSpec("A", choice="tide"), SeatSpec("B")], 1)


def test_issue15_4_sanctuary_swapped_decks_change_the_cards_and_are_saved() -> None:
    level = get_level("sanctuary", "ember_vs_gear")
    st = RS.new_game(level, [SeatSpec("A", choice="gear"), SeatSpec("B", choice="ember")], 6)
    assert st.decks == ["gear", "ember"]
    assert st.owner_card["0.S"] == level.model.decks["gear"].sanctuary
    assert st.owner_card["1.S"] == level.model.decks["ember"].sanctuary
    data = st.to_json()
    assert data["decks"] == ["gear", "ember"]
    assert RS.from_json(data).digest() == st.digest()
    bad = dict(data, decks=["gear", "nope"])
    with pytest.raises(Exception, match="decks"):
        RS.from_json(bad)


def test_issue15_4_sanctuary_without_a_choice_the_save_is_unchanged() -> None:
    level = get_level("sanctuary", "ember_vs_gear")
    plain = RS.new_game(level, ["A", "B"], 6)
    assert "decks" not in plain.to_json()
    own = RS.new_game(level, [SeatSpec("A", choice="ember"), SeatSpec("B")], 6)
    assert own.owner_card == plain.owner_card and own.players[0].hand == plain.players[0].hand


def test_issue15_4_sanctuary_mirror_match_and_determinize_uses_the_public_decks() -> None:
    level = get_level("sanctuary", "ember_vs_gear")
    st = RS.new_game(level, [SeatSpec("A", choice="gear"), SeatSpec("B", "bot")], 2)
    assert st.decks == ["gear", "gear"]
    ids = st.owner_card
    for k in range(4):
        d = RS.determinize(st.view(1), 1, Rng(k))
        assert d.decks == ["gear", "gear"] and d.owner_card == ids
        assert d.players[1].hand == st.players[1].hand  # its own hand, known
        assert sorted(d.players[0].hand + d.players[0].deck) == sorted(st.players[0].hand + st.players[0].deck)


def test_issue15_4_sanctuary_determinize_without_a_choice_reads_the_levels_decks() -> None:
    level = get_level("sanctuary", "ember_vs_gear")
    st = RS.new_game(level, ["A", "B"], 2)
    d = RS.determinize(st.view(0), 0, Rng(1))
    assert d.decks == [] and d.owner_card == st.owner_card and d.players[0].hand == st.players[0].hand
