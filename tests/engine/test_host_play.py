"""Tests of games inside games across Match, undo, saves, replay and bots, on the Relay test race (tests/hostgame.py).

The coin game (tests/engine/_coin_game.py) plays some duels here: unlike the tiny game its moves
can be undone and its hidden draws have a public log line, so undo inside and across a child and
the log's private lines can be checked through the seat map.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from game.engine import levelrefs
from game.engine.actions import Action
from game.engine.bots import MCTSBot, make_bot
from game.engine.bots.ismcts import BUDGETS
from game.engine.host import CHILD_ENDED, ChildGame
from game.engine.hosting import HostingState
from game.engine.match import Match
from game.engine.protocol import StateError, canonical_json
from game.engine.rng import Rng
from game.engine.saves import replay
from tests import hostgame, tinygame
from tests.engine import _coin_game as cg
from tests.hostgame import HOST, HostState, new_host_game
from tests.engine._hosthelp import _inner, _registered, _text  # noqa: F401 - _registered: an autouse fixture

STEP, DASH = Action.of("step"), Action.of("dash")




# --- clone, undo, saves, replay ---------------------------------------------------------------------

def test_clone_copies_the_child() -> None:
    state = new_host_game(3, "gauntlet")
    twin = state.clone()
    assert isinstance(twin, HostingState) and twin.child is not None and twin.child is not state.child
    before = canonical_json(state.to_json())
    twin.apply(twin.legal_actions()[0])
    assert canonical_json(state.to_json()) == before


def _coin_match(seed: int = 3) -> Match:
    level = hostgame.host_level("gauntlet", duel_ruleset="coingame", duel_target=7)
    return Match.new("host", level, ["Ana", "Bo", "Cy"], seed)


def test_undo_inside_a_child_and_back_across_its_start() -> None:
    m = _coin_match()
    state = m.state
    assert isinstance(state, HostState) and state.child is not None and state.child.ruleset == "coingame"
    start = (m.state.digest(), m.legal_actions(), m.to_act())
    first = m.to_act()
    assert first == 2  # coin seat 0 is parent seat 2
    m.apply(Action.of("step", n=1))
    mid = (m.state.digest(), m.legal_actions(), m.to_act())
    assert m.to_act() == 0
    m.apply(Action.of("step", n=2))
    assert m.can_undo(0) == (True, "")
    assert m.undo(0) == 1
    assert (m.state.digest(), m.legal_actions(), m.to_act()) == mid
    assert m.undo(2) == 1
    assert (m.state.digest(), m.legal_actions(), m.to_act()) == start


def test_undo_back_across_a_childs_end() -> None:
    m = _coin_match(5)
    # play steps until the coin duel ends (target 7): every move is undoable
    while isinstance(m.state, HostState) and m.state.child is not None:
        m.apply(Action.of("step", n=2))
    state = m.state
    assert isinstance(state, HostState) and state.duels == 1
    # the duel ended: a parent move (undoable), then back into the ended duel
    after_end = canonical_json(state.to_json())
    actor = m.to_act()
    assert actor is not None
    last_child_seat = m.history[-1].seat
    m.apply(STEP)
    assert m.undo(actor) == 1 and canonical_json(m.state.to_json()) == after_end
    # and further back, into the ended duel (its last move is undoable: the seats are all human)
    assert m.undo(last_child_seat) >= 1
    back = m.state
    assert isinstance(back, HostState) and back.child is not None and back.duels == 0


def test_private_child_events_are_logged_for_the_right_parent_seat() -> None:
    m = _coin_match()
    assert m.to_act() == 2
    m.apply(Action.of("draw"))  # coin seat 0 = parent seat 2 draws a hidden card
    line = [ln for ln in m.log if ln.kind == "event"][-1]
    assert line.private_to == 2 and line.seat == 2
    card = _inner(getattr(m.state, "child", None)).hands[0][0]
    assert m.log_for(2)[-1] == f"you draw {card}"
    for other in (0, 1):
        assert m.log_for(other)[-1] == "Cy takes a card"  # the parent's name of seat 2, not coin seat 0's
    assert m.log_for(0)[0] == "Cy draws" and m.log[0].seat == 2


def test_save_mid_child_loads_and_replays() -> None:
    m = Match.new("host", hostgame.host_level("sprint"), ["Ana", "bot", "Cy"], 9)
    rng = Rng(4)
    while not (isinstance(m.state, HostState) and m.state.child is not None and len(m.history) > 4):
        m.apply(rng.choice(m.legal_actions()))
    m.apply(rng.choice(m.legal_actions()))  # one move inside the duel
    data = _text(m.to_save())
    assert data["snapshot"]["child"]["ruleset"] == "tiny"
    levelrefs.clear()  # a fresh program: only the save's own level is known
    loaded = Match.from_save(data)
    assert loaded.state.digest() == m.state.digest() and loaded.legal_actions() == m.legal_actions()
    _state, digest, problems = replay(data)
    assert problems == [] and digest == m.state.digest()
    # play on from the loaded match exactly as from the live one
    for _ in range(30):
        if m.is_over():
            break
        a = rng.choice(m.legal_actions())
        m.apply(a)
        loaded.apply(a)
        assert loaded.state.digest() == m.state.digest()


# --- bots -----------------------------------------------------------------------------------------

def test_determinize_samples_the_childs_hidden_cards_for_the_acting_seat() -> None:
    state = new_host_game(3, "gauntlet")
    seat = state.to_act()
    assert seat is not None and state.child is not None
    view = state.view(seat)
    others = set()
    for k in range(6):
        d = HOST.determinize(view, seat, Rng(k))
        assert isinstance(d, HostState) and d.child is not None and d.to_act() == seat
        assert d.legal_actions() == state.legal_actions() and not d.invariants()
        inner = state.child.child_seat(seat)
        assert inner is not None and _inner(d.child).hands[inner] == _inner(state.child).hands[inner]
        others.add(tuple(_inner(d.child).hands[1 - inner]))
    assert len(others) > 1  # the opponent's hand is sampled, not copied


def test_determinize_for_a_seat_outside_the_child_is_refused_clearly() -> None:
    state = new_host_game(3, "gauntlet")
    assert state.child is not None
    outsider = ({0, 1, 2} - set(state.child.seats)).pop()
    with pytest.raises(StateError, match=r"^child\.state: seat 1 does not play in the child"):
        HOST.determinize(state.view(outsider), outsider, Rng(1))


def test_bot_policy_of_the_child_ruleset_is_asked_with_the_child_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[Any, int]] = []

    def policy(state: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        asked.append((state, seat))
        return legal[-1]

    monkeypatch.setattr(tinygame.TINY, "bot_policy", policy, raising=False)
    state = new_host_game(3, "gauntlet")
    assert state.child is not None
    seat = state.to_act()
    assert seat is not None
    pick = HOST.bot_policy(state, seat, state.legal_actions(), Rng(1))
    assert pick == state.legal_actions()[-1]
    assert asked == [(state.child.state, state.child.child_seat(seat))]
    assert HOST.bot_policy(new_host_game(3, "sprint"), 0, [STEP, DASH], Rng(1)) is None


def test_search_bots_play_a_race_with_duels_to_the_end() -> None:
    budget = BUDGETS["normal"].replace(seconds=None, iterations=30, depth=8)
    state = new_host_game(21, "gauntlet")
    bots = [MCTSBot(s, "normal", budget, strict=True) for s in range(3)]
    moves = duels = 0
    while (seat := state.to_act()) is not None:
        assert moves < HOST.max_game_length
        legal = state.legal_actions()
        action = bots[seat].choose(HOST, state.view(seat), seat, legal)
        assert action in legal
        duels += any(e.kind == CHILD_ENDED for e in state.apply(action))
        moves += 1
    assert state.result() is not None and duels >= 1


def test_random_bot_and_match_play_to_the_end_and_log_the_duels() -> None:
    m = Match.new("host", hostgame.host_level("sprint"), ["bot", "bot", "bot"], 17)
    bots = [make_bot("random", s) for s in range(3)]
    while (seat := m.to_act()) is not None:
        m.apply(bots[seat].choose(HOST, m.state.view(seat), seat, m.legal_actions()))
    text = "\n".join(m.log_for(None))
    assert "Duel: " in text and "wins the duel" in text and "plays a" in text
