"""Helpers for the quest rules tests: the tutorial level, fresh games, and hand-built positions.

``game(n)`` starts a tutorial game for n seats past set-up (every seat keeps); ``at_step`` plays a
plain policy until a step comes up; ``put`` helpers move named cards into place, so a clause test sets
up exactly the position it needs instead of hoping a random game reaches it.
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.levels import Level, discover_levels
from game.engine.registry import get_ruleset
from game.rulesets.quest.state import QuestState


def tutorial() -> Level:
    """The shipped tutorial scenario."""
    for e in discover_levels("quest", include_mods=False):
        if e.id == "tutorial":
            assert e.level is not None, e.error
            return e.level
    raise AssertionError("no quest tutorial")


def level_from(data: dict[str, Any]) -> Level:
    """A level built from the tutorial's merged data with some fields replaced."""
    base = dict(tutorial().data)
    base.update(data)
    return Level.from_data(base, where="test")


def new(n: int = 1, seed: int = 1, level: Level | None = None) -> QuestState:
    """A new game (still in set-up)."""
    st = get_ruleset("quest").new_game(level or tutorial(), [f"P{i}" for i in range(n)], seed)
    assert isinstance(st, QuestState)
    return st


def act(st: QuestState, kind: str, **args: Any) -> list[Any]:
    """Apply one action (it must be legal)."""
    return st.apply(Action.of(kind, **args))


def kinds(st: QuestState) -> set[str]:
    """The legal action kinds now."""
    return {a.kind for a in st.legal_actions()}


def keep_all(st: QuestState, decks: tuple[str, ...] = ()) -> None:
    """Every seat takes its deck (``decks[seat]``, else the first offered) and keeps its opening hand."""
    while st.step.value == "deck":
        seat = st.to_act()
        assert seat is not None
        act(st, "deck", deck=decks[seat] if seat < len(decks) else st.legal_actions()[0]["deck"])
    while st.step.value == "mulligan":
        act(st, "keep")


def game(n: int = 1, seed: int = 1, level: Level | None = None, decks: tuple[str, ...] = ()) -> QuestState:
    """A game past set-up: round 1, in the resource phase's action window (1b) or later."""
    st = new(n, seed, level)
    keep_all(st, decks)
    return st


def done_until(st: QuestState, step: str, window: str | None = None, limit: int = 500) -> None:
    """Pass, be done or refuse everything until the step (and window) comes up."""
    for _ in range(limit):
        if st.step.value == step and (window is None or st.window.value == window):
            return
        legal = st.legal_actions()
        assert legal, f"no legal action at {st.step}"
        pick = next((a for a in legal if a.kind in ("pass", "done", "no_defender", "end_attacks")), None)
        if pick is None:
            pick = next((a for a in legal if a.kind in ("take", "archery", "attacked_by", "keep", "resolve")),
                        legal[0])
        st.apply(pick)
    raise AssertionError(f"step {step} {window or ''} never came (at {st.step} {st.window})")


def card_of(st: QuestState, card_id: str, zone: list[str]) -> str:
    """The first instance of a card id in a zone."""
    for c in zone:
        if st.cid[c] == card_id:
            return c
    raise AssertionError(f"{card_id} not in zone")


def instance(st: QuestState, card_id: str, prefix: str) -> str:
    """The first instance of a card id whose instance id starts with the prefix (``0.``, ``e.``)."""
    for c in sorted(st.cid):
        if c.startswith(prefix) and st.cid[c] == card_id:
            return c
    raise AssertionError(f"no {card_id} instance with prefix {prefix}")


def take_out(st: QuestState, iid: str) -> None:
    """Remove a card from whatever zone holds it (a test then puts it somewhere)."""
    for p in st.players:
        for z in (p.deck, p.hand, p.discard, p.heroes, p.allies, p.attachments, p.engaged):
            if iid in z:
                z.remove(iid)
    enc = st.encounter
    for z in (enc.deck, enc.discard, enc.staging, enc.victory):
        if iid in z:
            z.remove(iid)
    if enc.active == iid:
        enc.active = None
    for e, s in list(enc.shadows.items()):
        if s == iid:
            del enc.shadows[e]
    st.table.pop(iid, None)


def to_hand(st: QuestState, seat: int, card_id: str) -> str:
    """Move an instance of the card from the seat's deck (or discard) into its hand."""
    p = st.players[seat]
    iid = next(c for c in p.deck + p.discard if st.cid[c] == card_id)
    take_out(st, iid)
    p.hand.append(iid)
    return iid


def to_staging(st: QuestState, card_id: str) -> str:
    """Move an encounter instance of the card into the staging area (in play)."""
    iid = next(c for c in st.encounter.deck + st.encounter.discard if st.cid[c] == card_id)
    take_out(st, iid)
    st.encounter.staging.append(iid)
    st.enter_play(iid)
    return iid


def to_top(st: QuestState, card_id: str) -> str:
    """Move an encounter instance of the card on top of the encounter deck."""
    iid = next(c for c in st.encounter.deck + st.encounter.discard if st.cid[c] == card_id)
    take_out(st, iid)
    st.encounter.deck.append(iid)
    return iid


def engage_with(st: QuestState, seat: int, card_id: str) -> str:
    """Put an enemy engaged with the seat."""
    iid = to_staging(st, card_id)
    st.encounter.staging.remove(iid)
    st.players[seat].engaged.append(iid)
    return iid
