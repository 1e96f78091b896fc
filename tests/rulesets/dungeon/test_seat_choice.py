"""Issue 15 item 4, dungeon: a seat may play any hero of the level instead of its ``seat_heroes`` one."""

from __future__ import annotations

import pytest

from game.engine.levels import get_level
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

RS = get_ruleset("dungeon")


def test_issue15_4_dungeon_offers_every_hero_but_not_in_the_tutorial() -> None:
    level = get_level("dungeon", "standard")
    ids = [c.id for c in RS.seat_choices(level, 0, 2, "en") or []]
    assert ids == ["kestrel", "brannoc", "ilsabet", "tobin"]
    first = (RS.seat_choices(level, 0, 2, "es") or [])[0]
    assert first.label == "Kestrel" and first.description.startswith("La Pícara · Salud 7 · 10 fichas")
    assert RS.seat_choices(get_level("dungeon", "tutorial"), 0, 2) is None


def test_issue15_4_dungeon_a_chosen_hero_brings_its_health_and_bag() -> None:
    level = get_level("dungeon", "standard")
    st = RS.new_game(level, [SeatSpec("Ana", choice="tobin"), SeatSpec("Bo", "bot")], 9)
    assert [p.hero for p in st.players] == ["tobin", "brannoc"]
    tobin = level.model.heroes["tobin"]
    assert st.players[0].max_health == tobin.health + level.model.health_bonus
    assert sorted(st.catalog[c] for c in st.catalog if c.startswith("s0.")) == sorted(tobin.bag)
    again = RS.from_json(st.to_json())
    assert again.digest() == st.digest() and again.catalog == st.catalog
    assert st.invariants() == []


def test_issue15_4_dungeon_without_a_choice_the_game_is_unchanged() -> None:
    level = get_level("dungeon", "standard")
    plain = RS.new_game(level, ["Ana", "Bo"], 9)
    own = RS.new_game(level, [SeatSpec("Ana", choice="kestrel"), SeatSpec("Bo")], 9)
    assert own.digest() == plain.digest()  # choosing one's own hero is the level's game


def test_issue15_4_dungeon_two_seats_cannot_play_the_same_hero() -> None:
    level = get_level("dungeon", "standard")
    with pytest.raises(ValueError, match=r"seats\[1\]\.choice: hero 'ilsabet' is already taken by seat 1"):
        RS.new_game(level, [SeatSpec("Ana", choice="ilsabet"), SeatSpec("Bo", choice="ilsabet")], 1)
    # a seat that took another seat's own hero moves that seat on to the next free one
    st = RS.new_game(level, [SeatSpec("Ana"), SeatSpec("Bo", choice="kestrel")], 1)
    assert [p.hero for p in st.players] == ["brannoc", "kestrel"]
    with pytest.raises(ValueError, match="unknown hero 'wren'"):
        RS.new_game(level, [SeatSpec("Ana", choice="wren"), SeatSpec("Bo")], 1)


def test_issue15_4_dungeon_determinize_keeps_the_chosen_heroes() -> None:
    level = get_level("dungeon", "standard")
    st = RS.new_game(level, [SeatSpec("Ana", choice="ilsabet"), SeatSpec("Bo", "bot", choice="tobin")], 4)
    for k in range(3):
        d = RS.determinize(st.view(1), 1, Rng(k))
        assert [p.hero for p in d.players] == ["ilsabet", "tobin"]
        assert d.catalog == st.catalog
