"""The "Azioni del giocatore" windows: one PriorityStack, players in turn order from the first player.

A window opens with nothing on the stack. The first seat in turn order that has not passed holds
priority: it plays an action event or uses a card's action (pushed on the stack: a fresh window opens
over it) or passes. When every seat still in the game has passed in a row, the top of the stack
resolves (last in, first out) and a fresh window opens over the rest; with an empty stack the window
closes and the phase goes on. A seat whose only possible action is to pass passes by itself (``auto``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.events import Event
from game.rulesets.quest.parts import WINDOW_PHASE, Step, Window

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


def open_window(st: QuestState, w: Window, ev: list[Event]) -> None:
    """Open an action window."""
    st.step = Step.ACTIONS
    st.window = w
    st.set_phase(WINDOW_PHASE[w], ev)
    st.stack.clear()
    order = st.turn_order()
    st.stack.open_window(order[0] if order else None)
    ev.append(Event("WindowOpened", {"window": w.value}))


def holder(st: QuestState) -> Any:
    """The seat with priority now (None when everybody passed)."""
    return st.stack.next_responder(st.turn_order())


def pass_priority(st: QuestState, seat: int, ev: list[Event], auto: bool = False) -> None:
    """A seat passes; the next seat in turn order gets priority."""
    st.stack.pass_(seat)
    ev.append(Event("AutoPass" if auto else "Passed", {"seat": seat, "window": st.window.value}))
    st.stack.holder = holder(st)


def push(st: QuestState, item: dict[str, Any]) -> None:
    """Something is played in the window: a fresh window opens over it, priority to the first player."""
    st.stack.push(item)
    st.stack.holder = holder(st)


def resolve_top(st: QuestState, ev: list[Event]) -> None:
    """Everybody passed over the top item: it resolves, and a fresh window opens over the rest."""
    from game.rulesets.quest.plays import resolve_item

    item = st.stack.pop()
    resolve_item(st, item, ev)
    if st.result() is None:
        st.stack.holder = holder(st)
