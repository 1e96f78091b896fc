"""Issue 15 item 4, expedition: a hero seat may explore with any hero archetype of the level."""

from __future__ import annotations

import pytest

from game.engine.levels import get_level
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

RS = get_ruleset("expedition")


def test_issue15_4_expedition_a_chosen_hero_explores_with_its_gold_and_items() -> None:
    level = get_level("expedition", "lantern_road")
    assert [c.id for c in RS.seat_choices(level, 0, 3) or []] == ["pathfinder", "warden", "seer", "drover"]
    assert RS.seat_choices(level, 2, 3) is None and RS.seat_choices(get_level("expedition", "tutorial"), 0, 2) is None
    st = RS.new_game(level, [SeatSpec("Ana", choice="drover"), SeatSpec("Bo"), SeatSpec("Dark", "bot")], 5)
    seer = level.model.heroes["drover"]
    assert [h.hero for h in st.heroes] == ["drover", "warden"]
    assert st.heroes[0].gold == seer.gold and st.heroes[0].items == list(seer.items)
    assert RS.from_json(st.to_json()).digest() == st.digest()
    d = RS.determinize(st.view(1), 1, Rng(2))
    assert [h.hero for h in d.heroes] == ["drover", "warden"]


def test_issue15_4_expedition_without_a_choice_the_game_is_unchanged_and_a_clash_is_refused() -> None:
    level = get_level("expedition", "lantern_road")
    plain = RS.new_game(level, ["Ana", "Bo", "Dark"], 5)
    own = RS.new_game(level, [SeatSpec("Ana", choice="pathfinder"), SeatSpec("Bo"), SeatSpec("Dark")], 5)
    assert own.digest() == plain.digest()
    with pytest.raises(ValueError, match="already taken by seat 1"):
        RS.new_game(level, [SeatSpec("A", choice="seer"), SeatSpec("B", choice="seer"), SeatSpec("D")], 5)
