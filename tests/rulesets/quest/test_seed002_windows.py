"""Seed 002's "Azioni del giocatore" windows (1b 2b 3c 3e 4b 5b 5d 6b 6e 7d) through the priority stack:
players in turn order from the first player, closed when all pass in a row, last in first out."""

from __future__ import annotations

import pytest

from game.engine.events import Event
from game.rulesets.quest.parts import Step, Window
from game.rulesets.quest.phases import windows
from tests.rulesets.quest.helpers import act, engage_with, game, instance, to_hand

ORDER = ["1b", "2b", "3c", "3e", "4b", "5b", "5d", "6b", "6e", "7d"]
PHASE = {"1b": "resource", "2b": "planning", "3c": "quest", "3e": "quest", "4b": "travel", "5b": "encounter",
         "5d": "encounter", "6b": "combat", "6e": "combat", "7d": "refresh"}


def _one_round(seed: int) -> list[tuple[str, str]]:
    """Play round 1 passing and declining everything; return (window, phase) as each window opens."""
    st = game(1, seed=seed)
    seen = [("1b", st.phase.value)]
    while st.round == 1 and st.to_act() is not None:
        legal = st.legal_actions()
        pick = next((a for a in legal if a.kind in ("pass", "done", "end_attacks")), None)
        if pick is None:
            pick = next((a for a in legal if a.kind != "no_defender"), legal[0])
        before = st.phase.value
        for e in st.apply(pick):
            if e.kind == "WindowOpened":
                seen.append((e.data["window"], st.phase.value if e.data["window"] != "7d" else "refresh"))
        assert before
    return seen


@pytest.mark.parametrize("window", ORDER)
def test_seed002_action_window_opens_in_its_phase(window: str) -> None:
    seen = _one_round(3)
    windows_seen = [w for w, _ in seen]
    assert windows_seen[:10] == ORDER, windows_seen
    assert Window(window) in windows.WINDOW_PHASE and windows.WINDOW_PHASE[Window(window)].value == PHASE[window]


def _window_with_events(first: int = 0) -> object:
    """Two seats in window 1b, each with only two Quick Rests (cost 1, neutral) in hand."""
    st = game(2)
    for s in (0, 1):
        p = st.players[s]
        p.discard += p.hand
        p.hand = []
        to_hand(st, s, "quick_rest")
        to_hand(st, s, "quick_rest")
    st.first_player = first
    windows.open_window(st, Window.W1B, [])
    st.flow.settle(st, [])
    return st


def test_seed002_window_priority_goes_in_turn_order_from_the_first_player() -> None:
    st = _window_with_events(first=1)
    assert st.to_act() == 1
    act(st, "pass")
    assert st.to_act() == 0
    ev = act(st, "pass")
    assert any(e.kind == "WindowClosed" and e.data["window"] == "1b" for e in ev)


def test_seed002_window_closes_only_when_all_pass_in_a_row() -> None:
    st = _window_with_events()
    act(st, "pass")  # seat 0
    card = next(a for a in st.legal_actions() if a.kind == "play")
    act(st, "play", card=card["card"])  # seat 1 plays: a fresh window over it
    assert st.window is Window.W1B and st.to_act() == 0 and st.stack.passed == []
    act(st, "pass")
    assert st.to_act() == 1
    ev = act(st, "pass")  # both passed in a row: the event resolves, a fresh window opens over nothing
    assert any(e.kind == "Resolved" for e in ev)
    assert st.window is Window.W1B and st.to_act() == 0  # not closed yet: everybody may act again


def test_seed002_window_resolves_last_in_first_out() -> None:
    st = _window_with_events()
    first = next(a for a in st.legal_actions() if a.kind == "play")["card"]
    act(st, "play", card=first)  # seat 0
    act(st, "pass")  # seat 0 passes over its own event
    second = next(a for a in st.legal_actions() if a.kind == "play")["card"]
    act(st, "play", card=second)  # seat 1 answers
    assert [i["card"] for i in st.stack.items] == [first, second]
    ev: list[Event] = []
    while st.stack.items:
        ev += act(st, "pass")
    assert [e.data["card"] for e in ev if e.kind == "Resolved"] == [second, first]
    assert first in st.players[0].discard and second in st.players[1].discard


def test_seed002_window_a_seat_that_can_only_pass_passes_by_itself() -> None:
    st = game(2)
    for s in (0, 1):
        p = st.players[s]
        p.discard += p.hand
        p.hand = []
    ev: list[Event] = []
    windows.open_window(st, Window.W1B, ev)
    st.flow.settle(st, ev)
    autos = [e for e in ev if e.kind == "AutoPass" and e.data["window"] == "1b"]
    assert [e.data["seat"] for e in autos] == [0, 1] and all(e.auto for e in autos)
    assert st.window is not Window.W1B


def test_card_actions_once_per_round_in_a_window() -> None:
    st = game(1, decks=("root_tide",))
    warden = to_hand(st, 0, "herb_warden")
    st.players[0].hand.remove(warden)
    st.players[0].allies.append(warden)
    st.enter_play(warden)
    sefa = instance(st, "sefa_thornwise", "0.")
    st.table[sefa].damage = 2
    windows.open_window(st, Window.W1B, [])
    st.flow.settle(st, [])
    act(st, "use", card=warden, target=sefa)
    assert st.table[warden].exhausted and st.table[warden].used
    while st.stack.items:
        act(st, "pass")
    assert st.table[sefa].damage == 1
    assert not any(a.kind == "use" for a in st.legal_actions())


def test_chosen_targets_are_cards_the_effect_can_act_on() -> None:
    st = game(1, decks=("root_tide",))
    p = st.players[0]
    p.discard += p.hand
    p.hand = []
    mend = to_hand(st, 0, "mend")  # heal 2, chosen character
    veil = to_hand(st, 0, "veil_the_path")  # cancel a chosen enemy's shadow
    sefa = instance(st, "sefa_thornwise", "0.")
    st.table[sefa].damage = 1
    wolf = engage_with(st, 0, "ash_wolf")
    windows.open_window(st, Window.W6B, [])
    st.flow.settle(st, [])
    plays = {(a["card"], a.get("target")) for a in st.legal_actions() if a.kind == "play"}
    assert plays == {(mend, sefa)}  # no shadow yet: Veil the Path has no target
    shadow = st.encounter.deck.pop()
    st.encounter.shadows[wolf] = shadow
    plays = {(a["card"], a.get("target")) for a in st.legal_actions() if a.kind == "play"}
    assert plays == {(mend, sefa), (veil, wolf)}
