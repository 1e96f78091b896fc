"""The round's bookkeeping phases: resource (1a), planning (2a), refresh (7a-c) and the round's start.

Also ``set_phase``: entering a phase ends the last one's "until the end of the phase" boosts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.rulesets.quest.parts import P_PLANNING, P_RESOURCE, Phase, Step, Window
from game.rulesets.quest.phases.windows import open_window
from game.rulesets.quest.verbs import run_effects

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


def set_phase(st: QuestState, phase: Phase, ev: list[Event]) -> None:
    """Enter a phase (see ``Table.set_phase``)."""
    st.set_phase(phase, ev)


def begin_round(st: QuestState, ev: list[Event]) -> None:
    """A new round begins with the resource phase (or the players lose past the round limit)."""
    st.round += 1
    if st.round > st.model.round_limit:
        st.end_game([], "round_limit", ev)
        return
    ev.append(Event("RoundBegan", {"round": st.round, "seat": st.first_player}))
    set_phase(st, P_RESOURCE, ev)
    st.step = Step.GAIN


def auto_gain(st: QuestState, ev: list[Event]) -> bool:
    """1a: each player adds 1 resource to each hero and draws 1 card (1a1: no reshuffle); then window 1b."""
    for s in st.turn_order():
        p = st.players[s]
        for h in p.heroes:
            st.table[h].resources += 1
        ev.append(Event("ResourcesGained", {"seat": s, "amount": len(p.heroes)}))
        st.draw(s, 1, ev)
        for c in list(p.heroes + p.allies + p.attachments):
            if c in st.table:
                run_effects(st, c, "resource", s, None, ev)
    if st.result() is None:
        open_window(st, Window.W1B, ev)
    return True


def begin_planning(st: QuestState, ev: list[Event]) -> None:
    """2a: each seat in turn order plays allies and attachments."""
    set_phase(st, P_PLANNING, ev)
    st.step = Step.PLAN
    st.order_left = st.turn_order()


def end_seat(st: QuestState, seat: int, ev: list[Event], auto: bool = False) -> None:
    """A seat is done with a per-seat step (planning, commits, travel, optional engagement)."""
    if seat in st.order_left:
        st.order_left.remove(seat)
    ev.append(Event("SeatDone", {"seat": seat, "step": st.step.value, "auto": auto}))


def auto_refresh(st: QuestState, ev: list[Event]) -> bool:
    """7a-c: every card readies, each threat +1, the first-player token passes; then window 7d."""
    for s in st.turn_order():
        p = st.players[s]
        for c in p.heroes + p.allies + p.attachments:
            cs = st.table[c]
            cs.exhausted = False
            cs.committed = False
            cs.used = False
        ev.append(Event("Readied", {"seat": s, "all": True}))
        for c in list(p.heroes + p.allies + p.attachments):
            if c in st.table:
                run_effects(st, c, "refresh", s, None, ev)
    for cs in st.table.values():
        if cs.boosts:
            cs.boosts = []
    for s in st.turn_order():
        st.raise_threat(s, 1, ev)
        st.players[s].attacked = []
    if st.result() is not None:
        return True
    order = st.turn_order()
    if len(st.players) > 1 and len(order) > 1:
        n = len(st.players)
        nxt = next(x for x in ((st.first_player + i) % n for i in range(1, n + 1)) if not st.players[x].eliminated)
        st.first_player = nxt
        ev.append(Event("FirstPlayer", {"seat": nxt}))
    open_window(st, Window.W7D, ev)
    return True
