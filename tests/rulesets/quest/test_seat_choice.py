"""Issue 15 item 4, quest: a seat that chose its deck on the set-up screen skips the in-game deck step."""

from __future__ import annotations

import pytest

from game.engine.levels import get_level
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

RS = get_ruleset("quest")


def test_issue15_4_quest_offers_the_allowed_decks_but_not_in_the_tutorial() -> None:
    level = get_level("quest", "01_mill_road")
    assert [c.id for c in RS.seat_choices(level, 0, 2) or []] == [d.id for d in level.model.decks]
    assert RS.seat_choices(get_level("quest", "tutorial"), 0, 1) is None
    with pytest.raises(ValueError, match="unknown deck"):
        RS.new_game(level, [SeatSpec("A", choice="nope")], 1)


def test_issue15_4_quest_a_chosen_deck_skips_the_in_game_choice_the_other_seat_keeps_it() -> None:
    level = get_level("quest", "01_mill_road")
    st = RS.new_game(level, [SeatSpec("A", choice="tide_root"), SeatSpec("B")], 3)
    assert st.players[0].deck_id == "tide_root" and st.players[1].deck_id == ""
    assert st.to_act() == 1 and all(a.kind == "deck" for a in st.legal_actions())
    plain = RS.new_game(level, ["A", "B"], 3)
    assert plain.to_act() == 0 and plain.players[0].deck_id == ""  # no choice: as today, both choose in game
    both = RS.new_game(level, [SeatSpec("A", choice="tide_root"), SeatSpec("B", choice="tide_root")], 3)
    assert [p.deck_id for p in both.players] == ["tide_root", "tide_root"]
    assert both.step.value == "mulligan" and len(both.players[0].heroes) == 3
    assert RS.from_json(both.to_json()).digest() == both.digest()
    d = RS.determinize(both.view(0), 0, Rng(1))
    assert [p.deck_id for p in d.players] == ["tide_root", "tide_root"]


def test_issue15_4_quest_the_same_as_choosing_in_the_game() -> None:
    level = get_level("quest", "01_mill_road")
    chosen = RS.new_game(level, [SeatSpec("A", choice="steel_tide")], 8)
    played = RS.new_game(level, ["A"], 8)
    played.apply(next(a for a in played.legal_actions() if str(a) == "deck deck=steel_tide"))
    assert chosen.players[0].heroes == played.players[0].heroes
    assert chosen.players[0].hand == played.players[0].hand
