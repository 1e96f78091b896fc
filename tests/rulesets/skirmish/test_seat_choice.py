"""Issue 15 item 4, skirmish: a hero seat may fight with any hero archetype of the level."""

from __future__ import annotations

import pytest

from game.engine.levels import get_level
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

RS = get_ruleset("skirmish")


def _heroes(st: object) -> list[tuple[int, str]]:
    return [(c["seat"], c["kind"]) for c in st.combatants if c["side"] == "heroes"]  # type: ignore[attr-defined]


def test_issue15_4_skirmish_hero_seats_choose_the_dark_lord_does_not() -> None:
    level = get_level("skirmish", "01_toll_bridge")
    assert [c.id for c in RS.seat_choices(level, 0, 3) or []] == ["vanguard", "duelist", "embermage", "warden"]
    assert RS.seat_choices(level, 2, 3) is None  # the Dark Lord's seat
    assert RS.seat_choices(get_level("skirmish", "tutorial"), 0, 2) is None
    with pytest.raises(ValueError, match=r"seats\[1\]\.choice: seat 2 has no hero"):
        RS.new_game(level, [SeatSpec("Ana"), SeatSpec("Dark", "bot", choice="vanguard")], 1)


def test_issue15_4_skirmish_a_chosen_hero_fights() -> None:
    level = get_level("skirmish", "01_toll_bridge")
    st = RS.new_game(level, [SeatSpec("Ana", choice="embermage"), SeatSpec("Bo", choice="vanguard"),
                             SeatSpec("Dark", "bot")], 3)
    assert _heroes(st) == [(0, "embermage"), (1, "vanguard")]
    assert RS.from_json(st.to_json()).digest() == st.digest()
    plain = RS.new_game(level, ["Ana", "Bo", "Dark"], 3)
    assert _heroes(plain) == [(0, "vanguard"), (1, "duelist")]
    same = RS.new_game(level, [SeatSpec("Ana", choice="vanguard"), SeatSpec("Bo"), SeatSpec("Dark")], 3)
    assert same.digest() == plain.digest()
    d = RS.determinize(st.view(2), 2, Rng(1))
    assert _heroes(d) == _heroes(st)


def test_issue15_4_skirmish_two_seats_cannot_take_the_same_hero() -> None:
    level = get_level("skirmish", "01_toll_bridge")
    with pytest.raises(ValueError, match="already taken by seat 1"):
        RS.new_game(level, [SeatSpec("A", choice="warden"), SeatSpec("B", choice="warden"), SeatSpec("D")], 1)
