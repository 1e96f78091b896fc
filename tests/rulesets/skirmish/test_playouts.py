"""Random playouts of every shipped skirmish level: invariants after every action, save/load round trips,
determinization, unique legal actions, readable descriptions in three languages."""

from __future__ import annotations

import pytest

from game.engine.levels import discover_levels
from game.engine.protocol import IllegalAction
from game.engine.actions import Action
from game.engine.rng import Rng
from game.rulesets.skirmish import RULESET

LEVELS = [e for e in discover_levels("skirmish", include_mods=False)]


def test_every_shipped_level_loads():
    assert len(LEVELS) >= 5
    broken = [e.error for e in LEVELS if not e.ok]
    assert broken == []


def _play(level, seats: int, seed: int, policy: bool = False, check_every: int = 17) -> tuple[int, object]:
    st = RULESET.new_game(level, ["bot"] * seats, seed)
    rng = Rng(seed * 31 + 7)
    n = 0
    while st.to_act() is not None:
        legal = st.legal_actions()
        assert legal, "a seat to act needs legal actions"
        assert len(set(legal)) == len(legal)
        action = RULESET.bot_policy(st, st.to_act(), legal, rng) if policy else None
        action = action or rng.choice(legal)
        st.apply(action)
        n += 1
        assert st.invariants() == [], (seed, n, action.key)
        if n % check_every == 0:
            data = st.to_json()
            again = RULESET.from_json(data)
            assert again.to_json() == data
            assert again.legal_actions() == st.legal_actions()
            seat = st.to_act()
            if seat is not None:
                det = RULESET.determinize(st.view(seat), seat, Rng(n))
                assert det.legal_actions() == st.legal_actions()
                assert "rng" not in st.view(seat) or st.view(seat)["rng"] is None
        assert n < RULESET.max_game_length
    return n, st.result()


@pytest.mark.parametrize("entry", LEVELS, ids=[e.id for e in LEVELS])
def test_random_playouts_keep_invariants(entry):
    lo, hi = RULESET.seat_range(entry.level)
    for seed, seats in ((1, lo), (2, hi)):
        n, res = _play(entry.level, seats, seed)
        assert res is not None and n > 0


@pytest.mark.parametrize("entry", LEVELS[:2], ids=[e.id for e in LEVELS[:2]])
def test_policy_playouts_keep_invariants(entry):
    lo, hi = RULESET.seat_range(entry.level)
    n, res = _play(entry.level, hi, 5, policy=True)
    assert res is not None


@pytest.mark.slow
@pytest.mark.parametrize("entry", LEVELS, ids=[e.id for e in LEVELS])
def test_many_random_playouts(entry):
    lo, hi = RULESET.seat_range(entry.level)
    for seed in range(40):
        _play(entry.level, lo + seed % (hi - lo + 1), 100 + seed, policy=seed % 2 == 1)


def test_same_seed_same_game():
    level = LEVELS[1].level
    a = RULESET.new_game(level, ["bot"] * 3, 9)
    b = RULESET.new_game(level, ["bot"] * 3, 9)
    rng_a, rng_b = Rng(4), Rng(4)
    for _ in range(60):
        if a.to_act() is None:
            break
        a.apply(rng_a.choice(a.legal_actions()))
        b.apply(rng_b.choice(b.legal_actions()))
    assert a.digest() == b.digest()


def test_illegal_action_is_refused_with_a_reason():
    st = RULESET.new_game(LEVELS[0].level, ["bot"] * 2, 3)
    with pytest.raises(IllegalAction) as exc:
        st.apply(Action.of("use", who="m1", act="chop", item=None, target="h1", limb=None))
    assert "cannot act now" in str(exc.value)
    with pytest.raises(IllegalAction) as exc:
        st.apply(Action.of("use", who="h1", act="nonsense", item=None, target="m1", limb=None))
    assert "no action" in str(exc.value)


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_actions_and_events_read_in_every_language(lang):
    st = RULESET.new_game(LEVELS[1].level, ["bot"] * 5, 2)
    rng = Rng(5)
    seen = 0
    for _ in range(150):
        if st.to_act() is None:
            break
        legal = st.legal_actions()
        for a in legal[:40]:
            text = st.describe(a, lang)
            assert text and "skirmish." not in text, text
        events = st.apply(rng.choice(legal))
        for e in events:
            line = st.describe_event(e, lang)
            if line is not None:
                assert "skirmish." not in line, line
                seen += 1
    assert seen > 10
