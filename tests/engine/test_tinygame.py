"""Tests of the tiny kernel test game itself, so other kernel tests can trust it."""

from __future__ import annotations

import pytest

from game.engine.actions import Action
from game.engine.levels import LevelError
from game.engine.protocol import IllegalAction, StateError
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from tests.tinygame import FULL_DECK, TINY, new_tiny_game, registered, tiny_level


@pytest.fixture(autouse=True)
def _tiny():
    with registered():
        yield


def test_registered_only_inside_the_block() -> None:
    assert get_ruleset("tiny") is TINY


def test_registry_restored_after_context() -> None:
    # nested use keeps the outer registration
    with registered():
        pass
    assert get_ruleset("tiny") is TINY


def test_setup_deals_hands_and_die_picks_first() -> None:
    firsts = set()
    for seed in range(20):
        s = new_tiny_game(seed)
        assert [len(h) for h in s.hands] == [3, 3]
        assert len(s.deck) == len(FULL_DECK) - 6
        assert 1 <= s.die <= 6 and s.first == (0 if s.die <= 3 else 1) == s.to_act()
        firsts.add(s.first)
        assert s.invariants() == []
    assert firsts == {0, 1}


def test_same_seed_same_game() -> None:
    assert new_tiny_game(5).to_json() == new_tiny_game(5).to_json()
    assert new_tiny_game(5).to_json() != new_tiny_game(6).to_json()


def test_exact_target_wins() -> None:
    s = new_tiny_game(1)
    seat = s.to_act()
    s.total = s.target - 2
    s.played = [s.target - 2]  # keep the tally consistent for the check below
    s.hands[seat] = [2]
    s.apply(Action.of("play", card=2))
    assert s.result() is not None and s.result().winners == (seat,)
    assert s.to_act() is None and s.legal_actions() == []


def test_bust_gives_the_win_to_the_opponent() -> None:
    s = new_tiny_game(1)
    seat = s.to_act()
    s.total = s.target - 1
    s.hands[seat] = [3]
    s.apply(Action.of("play", card=3))
    assert s.result().winners == (1 - seat,) and s.result().reason == "bust"


def test_pass_draws_once_then_is_refused() -> None:
    s = new_tiny_game(2)
    seat = s.to_act()
    assert Action.of("pass") in s.legal_actions()
    s.apply(Action.of("pass"))
    assert len(s.hands[seat]) == 4 and s.to_act() == 1 - seat
    s.apply(s.legal_actions()[0])
    assert Action.of("pass") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="already used your pass"):
        s.apply(Action.of("pass"))


def test_playing_an_absent_card_says_why() -> None:
    s = new_tiny_game(3)
    missing = next(v for v in range(1, 6) if v not in s.hands[s.to_act()])
    with pytest.raises(IllegalAction, match=f"no card of value {missing}"):
        s.apply(Action.of("play", card=missing))


def test_view_hides_other_hand_deck_and_rng() -> None:
    s = new_tiny_game(4)
    v = s.view(0)
    assert v["rng"] is None and v["deck"] is None and v["hands"][1] is None
    assert v["hands"][0] == s.hands[0] and v["hand_counts"] == [3, 3]


def test_determinize_keeps_what_the_seat_knows() -> None:
    s = new_tiny_game(4)
    seat = s.to_act()
    d = TINY.determinize(s.view(seat), seat, Rng(9))
    assert d.hands[seat] == s.hands[seat]
    assert len(d.hands[1 - seat]) == len(s.hands[1 - seat]) and len(d.deck) == len(s.deck)
    assert d.legal_actions() == s.legal_actions()
    assert d.invariants() == []
    samples = {tuple(TINY.determinize(s.view(seat), seat, Rng(k)).hands[1 - seat]) for k in range(20)}
    assert len(samples) > 1


def test_round_trip_and_bad_data() -> None:
    s = new_tiny_game(8)
    s.apply(s.legal_actions()[0])
    assert TINY.from_json(s.to_json()).to_json() == s.to_json()
    bad = s.to_json()
    bad["hands"] = [[1], "x"]
    with pytest.raises(StateError, match=r"hands\[1\]"):
        TINY.from_json(bad)
    bad = s.to_json()
    del bad["turn"]
    with pytest.raises(StateError, match="turn"):
        TINY.from_json(bad)


def test_invariants_catch_a_lost_card() -> None:
    s = new_tiny_game(8)
    s.deck.pop()
    assert any("not conserved" in p for p in s.invariants())


def test_level_parameters_are_validated() -> None:
    assert tiny_level("short").model.target == 9
    with pytest.raises(LevelError, match="target"):
        tiny_level("classic", target=99)
    with pytest.raises(LevelError, match="unknown key"):
        tiny_level("classic", targte=10)


def test_random_games_end_within_max_length() -> None:
    rng = Rng(1)
    for seed in range(50):
        s = new_tiny_game(seed, "short" if seed % 2 else "classic")
        n = 0
        while s.to_act() is not None:
            s.apply(rng.choice(s.legal_actions()))
            n += 1
            assert s.invariants() == []
        assert n <= TINY.max_game_length and s.result() is not None


def test_registered_restores_previous_state() -> None:
    from game.engine.registry import _REGISTRY

    saved = _REGISTRY.pop("tiny")
    try:
        with registered():
            assert get_ruleset("tiny") is TINY
        assert "tiny" not in _REGISTRY
    finally:
        _REGISTRY["tiny"] = saved
