"""Tests of games inside games (engine/host.py, engine/hosting.py) on the Relay test race (tests/hostgame.py).

Seat mapping (to_act, events, views), the child's RNG forked from the parent's, the result handed
back, the child's level named by hash and rebuilt by the parent when unknown, errors naming the nested
field path, invariants, and games nested two deep. Undo, saves, replay, logs and bots across the
boundary are in test_host_play.py.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Iterator

import pytest

from game.engine import levelrefs
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.host import CHILD_ENDED, CHILD_STARTED, MAX_NESTING, ChildGame, split_kind
from game.engine.match import Match
from game.engine.protocol import GameState, IllegalAction, StateError, canonical_json
from game.engine.rng import Rng
from tests import hostgame, tinygame
from tests.engine import _coin_game as cg
from tests.hostgame import HOST, PAIRS, HostState, new_host_game
from tests.engine._hosthelp import _inner, _registered, _text  # noqa: F401 - _registered: an autouse fixture

STEP, DASH = Action.of("step"), Action.of("dash")




def _reload(state: GameState) -> HostState:
    again = HOST.from_json(_text(state.to_json()))
    assert canonical_json(again.to_json()) == canonical_json(state.to_json())
    return again


def _play_child_out(state: HostState, rng: Rng) -> list[Event]:
    """Play the live child to its end; return the events of its last action."""
    assert state.child is not None
    while True:
        events = state.apply(rng.choice(state.legal_actions()))
        if state.child is None or state.child.state.to_act() is None:
            return events


# --- seat mapping --------------------------------------------------------------------------------

def test_opening_duel_maps_child_seats_to_parent_seats() -> None:
    state = new_host_game(3, "gauntlet")
    c = state.child
    assert c is not None and c.ruleset == "tiny" and c.seats == PAIRS[0] == (2, 0)
    inner = c.state.to_act()
    assert inner is not None and state.to_act() == PAIRS[0][inner]
    assert state.legal_actions() == c.state.legal_actions()
    assert c.state.seat_names == [state.seat_names[2], state.seat_names[0]]
    assert c.child_seat(1) is None and c.child_seat(2) == 0 and c.parent_seat(1) == 0


def test_child_events_come_out_in_parent_seats_and_map_back() -> None:
    state = new_host_game(5, "gauntlet")
    c = state.child
    assert c is not None
    actor = state.to_act()
    events = state.apply(state.legal_actions()[0])
    tiny_events = [e for e in events if split_kind(e.kind)[0] == "tiny"]
    assert tiny_events, [e.kind for e in events]
    for e in tiny_events:
        seat = e.data.get("seat")
        assert seat is None or seat == actor, e  # the acting parent seat, not its child seat
        if e.private_to is not None:
            assert e.private_to == actor
        back = c.event_in(e)
        assert back.kind == split_kind(e.kind)[1]
        assert back.data.get("seat") in (None, c.child_seat(actor))
    # a parent seat outside the child never appears in its events
    outsider = ({0, 1, 2} - set(c.seats)).pop()
    assert all(e.private_to != outsider and e.data.get("seat") != outsider for e in tiny_events)


def test_views_nest_the_childs_view_of_the_mapped_seat() -> None:
    state = new_host_game(4, "gauntlet")
    c = state.child
    assert c is not None
    for parent_seat in range(3):
        view = state.view(parent_seat)
        assert view["rng"] is None
        record = view["child"]
        inner = c.child_seat(parent_seat)
        assert record["seats"] == [2, 0]
        hands = record["state"]["hands"]
        if inner is None:  # a spectator of the duel sees no hand
            assert hands == [None, None]
        else:
            assert hands[inner] == _inner(c).hands[inner] and hands[1 - inner] is None
        text = canonical_json(view)
        assert c.state.rng.to_json()["state"] not in text and state.rng.to_json()["state"] not in text
        assert record["state"]["deck"] is None


def test_to_act_is_never_a_seat_outside_the_child_while_it_is_live() -> None:
    state = new_host_game(8, "sprint")
    rng = Rng(2)
    seen_children = 0
    while state.to_act() is not None:
        if state.child is not None:
            seen_children += 1
            assert state.to_act() in state.child.seats
        state.apply(rng.choice(state.legal_actions()))
    assert seen_children > 0


# --- RNG fork ----------------------------------------------------------------------------------

def test_fork_seed_is_deterministic_and_advances_the_parent() -> None:
    a, b = Rng(7), Rng(7)
    assert a.fork_seed() == b.fork_seed()
    assert a == b and a.draws == 1
    assert a.fork_seed() != Rng(7).fork_seed()  # the parent moved on: the next fork differs
    child = Rng(7).fork()
    assert child.next_u64() != Rng(7).next_u64()


def test_child_rng_is_forked_from_the_parents() -> None:
    one, two = new_host_game(11, "gauntlet"), new_host_game(11, "gauntlet")
    assert one.child is not None and two.child is not None
    assert one.child.state.to_json() == two.child.state.to_json()
    assert one.rng.draws == 1  # the fork is the parent's only draw so far
    other = new_host_game(12, "gauntlet")
    assert other.child is not None and other.child.state.rng != one.child.state.rng
    assert one.child.state.rng != one.rng


# --- result hand-back -----------------------------------------------------------------------------

def test_result_is_handed_back_in_parent_seats_with_the_childs_summary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tinygame.TinyState, "hosted_summary", lambda self: {"tally": self.total}, raising=False)
    state = new_host_game(6, "gauntlet")
    c = state.child
    assert c is not None
    handed: list[Any] = []
    original = HostState.on_child_end

    def spy(self: HostState, result: Any) -> list[Event]:
        handed.append(result)
        return original(self, result)

    monkeypatch.setattr(HostState, "on_child_end", spy)
    positions = list(state.positions)
    events = _play_child_out(state, Rng(1))
    assert state.child is None and len(handed) == 1
    res = handed[0]
    inner = c.state.result()
    assert inner is not None
    assert res.winners == tuple(c.seats[w] for w in inner.winners) and res.seats == (2, 0)
    assert res.reason == inner.reason and res.summary == {"tally": _inner(c).total}
    ended = [e for e in events if e.kind == CHILD_ENDED]
    assert len(ended) == 1 and ended[0].data["winners"] == list(res.winners)
    (w,) = res.winners
    assert state.positions[w] == min(positions[w] + 1, 6)
    assert (state.last_duel or {})["summary"] == {"tally": _inner(c).total}
    assert state.duels == 1 and state.to_act() is not None  # the race goes on


def test_a_child_that_starts_mid_game_says_so_with_an_event() -> None:
    state = new_host_game(2, "sprint")
    state.apply(STEP)
    events = state.apply(STEP)  # duel_every = 2: the second turn starts the duel
    started = [e for e in events if e.kind == CHILD_STARTED]
    assert len(started) == 1 and started[0].data["seats"] == [2, 0] and started[0].random
    assert state.child is not None and state.child.tag == "duel 0"
    with pytest.raises(RuntimeError, match="already live"):
        state.start_child("tiny", state.child.level, (0, 1))


def test_start_child_checks_the_seat_map() -> None:
    state = new_host_game(2, "sprint")
    level = tinygame.tiny_level("short")
    for bad in ((0, 0), (0, 3), (1,), ()):
        with pytest.raises(ValueError, match="seats"):
            state.start_child("tiny", level, bad)
    with pytest.raises(KeyError, match="unknown ruleset"):
        state.start_child("nope", level, (0, 1))
    with pytest.raises(ValueError, match="no content hash"):
        state.start_child("tiny", dataclasses.replace(level, content_hash=""), (0, 1))
    with pytest.raises(ValueError, match="belongs to 'tiny', not 'coingame'"):
        state.start_child("coingame", level, (0, 1))
    assert state.child is None and state.rng.draws == 0


# --- levels by hash --------------------------------------------------------------------------------

def test_child_json_names_its_level_by_hash_not_data() -> None:
    state = new_host_game(3, "gauntlet")
    c = state.child
    assert c is not None
    record = state.to_json()["child"]
    assert record["level"] == {"ruleset": "tiny", "id": "duel-0", "hash": c.level.content_hash}
    assert record["embeds_level"] is True and record["state"]["level"] == record["level"]
    assert "hand_size" not in canonical_json(record)  # the tiny level's data is not embedded
    again = _reload(state)
    assert again.child is not None and again.child.level is c.level


def test_unknown_child_level_is_rebuilt_by_the_parent(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_host_game(3, "gauntlet")
    data = _text(state.to_json())
    calls: list[dict[str, str]] = []
    original = HostState.child_level

    def spy(self: HostState, ref: dict[str, str]) -> Any:
        calls.append(ref)
        return original(self, ref)

    monkeypatch.setattr(HostState, "child_level", spy)
    parent_level = state.level
    levelrefs.clear()
    levelrefs.remember(parent_level)  # the save carries the parent's level; the duel's is synthesized
    again = HOST.from_json(data)
    assert calls == [data["child"]["level"]]
    assert canonical_json(again.to_json()) == canonical_json(data)
    assert again.legal_actions() == state.legal_actions()


def test_a_child_level_nobody_can_rebuild_is_refused_naming_the_field() -> None:
    state = new_host_game(3, "gauntlet")
    data = _text(state.to_json())
    levelrefs.clear()
    levelrefs.remember(state.level)
    data["duels"] = 1  # the race would now rebuild duel-1, not duel-0
    with pytest.raises(StateError, match=r"^child\.level\.hash: no loaded level has content hash"):
        HOST.from_json(data)
    data["duels"] = 0
    data["child"]["level"]["hash"] = "0" * 16  # rebuilt, but not the level the game was saved with
    with pytest.raises(StateError, match=r"^child\.level\.hash: the level rebuilt for 'duel-0' has hash"):
        HOST.from_json(data)


# --- nested errors ------------------------------------------------------------------------------

@pytest.mark.parametrize(("damage", "message"), [
    (lambda c: c["state"]["hands"].__setitem__(0, ["x"]), r"^child\.state\.hands\[0\]: expected a list of card"),
    (lambda c: c["state"].__setitem__("turn", 7), r"^child\.state\.turn: expected an integer from 0 to 1"),
    (lambda c: c["state"].pop("rng"), r"^child\.state\.rng: expected"),
    (lambda c: c.__setitem__("state", []), r"^child\.state: expected the child's state as a table"),
    (lambda c: c.__setitem__("seats", [2, 2]), r"^child\.seats: expected 2 to 2 distinct parent seats"),
    (lambda c: c.__setitem__("seats", [2, 5]), r"^child\.seats: expected"),
    (lambda c: c.__setitem__("ruleset", "nope"), r"^child\.ruleset: unknown ruleset 'nope'"),
    (lambda c: c.__setitem__("level", {"k": "v"}), r"^child\.level: expected a level reference"),
    (lambda c: c.__setitem__("embeds_level", "yes"), r"^child\.embeds_level: expected true or false"),
    (lambda c: c.__setitem__("extra", 1), r"^child\.extra: unknown key"),
    (lambda c: c["state"].__setitem__("winner", 0), r"^child\.state: the child game is over but still hosted"),
])
def test_bad_nested_child_json_names_the_field_path(damage: Any, message: str) -> None:
    state = new_host_game(3, "gauntlet")
    data = _text(state.to_json())
    damage(data["child"])
    with pytest.raises(StateError, match=message):
        HOST.from_json(data)


def test_a_save_with_a_bad_child_names_the_snapshot_path() -> None:
    from game.engine.saves import SaveError

    m = Match.new("host", hostgame.host_level("gauntlet"), ["Ana", "Bo", "Cy"], 3)
    data = _text(m.to_save())
    data["snapshot"]["child"]["state"]["hands"][1] = "junk"
    with pytest.raises(SaveError, match=r"snapshot\.child\.state\.hands\[1\]: expected a list"):
        Match.from_save(data)


def test_nesting_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import host

    state = new_host_game(3, "gauntlet")
    data = _text(state.to_json())
    monkeypatch.setattr(host, "MAX_NESTING", 0)
    with pytest.raises(StateError, match=r"^child: games nested more than 0 deep"):
        HOST.from_json(data)
    assert MAX_NESTING >= 2


def test_illegal_action_in_a_child_gives_the_childs_reason() -> None:
    state = new_host_game(3, "gauntlet")
    before = canonical_json(state.to_json())
    with pytest.raises(IllegalAction, match="you hold no card of value 99"):
        state.apply(Action.of("play", card=99))
    with pytest.raises(IllegalAction):
        state.apply(STEP)  # a race move is not legal during a duel
    assert canonical_json(state.to_json()) == before


def test_child_invariants_are_reported_by_the_parent() -> None:
    state = new_host_game(3, "gauntlet")
    assert state.child is not None and not state.invariants()
    _inner(state.child).total = 99
    broken = state.invariants()
    assert any(b.startswith("child tiny: tally 99") for b in broken), broken


def test_child_game_record_round_trips_on_its_own() -> None:
    state = new_host_game(3, "gauntlet")
    assert state.child is not None
    again = ChildGame.from_json(_text(state.child.to_json()), state)
    assert again.seats == state.child.seats and again.tag == state.child.tag
    assert canonical_json(again.state.to_json()) == canonical_json(state.child.state.to_json())


def test_games_nest_two_deep_with_seats_mapped_through_both_maps() -> None:
    state = new_host_game(7, "sprint")
    state.start_child("host", hostgame.host_level("gauntlet"), (1, 2, 0), tag="race in a race")
    middle = state.child
    assert middle is not None and isinstance(middle.state, HostState)
    duel = middle.state.child
    assert duel is not None and duel.seats == (2, 0)  # middle-race seats 2 and 0 = outer seats 0 and 1
    inner = duel.state.to_act()
    assert inner is not None and state.to_act() == middle.seats[duel.seats[inner]]
    rng = Rng(3)
    kinds: set[str] = set()
    while state.child is not None:
        actor = state.to_act()
        events = state.apply(rng.choice(state.legal_actions()))
        for e in events:
            kinds.add(e.kind)
            if e.private_to is not None:
                assert e.private_to == actor
            src = state.child_of_event(e)
            if e.kind.startswith("host/tiny/"):
                assert src is middle
                assert state.describe_event(e, "en") == src.state.describe_event(src.event_in(e), "en")
        assert not state.invariants(), state.invariants()
        again = _reload(state)
        assert again.legal_actions() == state.legal_actions()
    assert "host/tiny/CardMoved" in kinds and "host/ChildEnded" in kinds and "ChildEnded" in kinds
