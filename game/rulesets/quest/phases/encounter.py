"""The encounter phase: optional engagement (5a) and the engagement checks (5c1-5c3).

Each seat in turn order may engage 1 enemy of the staging area (not a guarded one). Then the checks,
per player in turn order: the enemy with the highest engagement cost not above the player's threat
engages that player (5c2; ties: the first in the staging area); rounds of checks repeat until no
enemy can engage anybody (5c3: every engageable enemy is engaged).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.rulesets.quest.parts import P_ENCOUNTER, Step, Window
from game.rulesets.quest.phases.round import set_phase
from game.rulesets.quest.phases.windows import open_window

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


def staging_enemies(st: QuestState) -> list[str]:
    """The enemies in the staging area, in order."""
    return [c for c in st.encounter.staging if st.defn(c).kind == "enemy"]


def engage_options(st: QuestState) -> list[str]:
    """5a: the enemies a seat may choose to engage (not guarded ones)."""
    return [c for c in staging_enemies(st) if c not in st.encounter.guards]


def begin_engage(st: QuestState, ev: list[Event]) -> None:
    """5a: each seat in turn order may engage one enemy."""
    set_phase(st, P_ENCOUNTER, ev)
    st.step = Step.ENGAGE
    st.order_left = st.turn_order()


def check_for(st: QuestState, seat: int) -> str | None:
    """5c1-5c2: the enemy that engages this player now (highest engagement cost <= threat), if any."""
    threat = st.players[seat].threat
    best: str | None = None
    for c in staging_enemies(st):
        cost = st.defn(c).engagement
        if cost <= threat and (best is None or cost > st.defn(best).engagement):
            best = c
    return best


def auto_checks(st: QuestState, ev: list[Event]) -> bool:
    """5c: engagement checks player by player until no enemy can engage (5c3); then window 5d."""
    moved = True
    while moved and st.result() is None:
        moved = False
        for s in st.turn_order():
            e = check_for(st, s)
            if e is not None:
                st.engage(s, e, ev)
                moved = True
    if st.result() is None:
        open_window(st, Window.W5D, ev)
    return True
