"""The quest phase (3a-3d4) and the travel phase (4a-4a2).

Commit (3a, 3a1: committed characters exhaust) seat by seat; the encounter deck reveals 1 card per
player (3b: when revealed 3b1, surge 3b2, treacheries resolved then discarded 3b3, the discard shuffled
back when the deck is empty 3b4; RULES.md keywords doomed and guarded); then the willpower of every
committed character against the staging area's threat (3d1-3d4: progress, threat raise or nothing).
Travel: a seat may make a location active when none is (4a, 4a1: it no longer adds threat; 4a2: it
takes progress first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.rulesets.quest.parts import P_QUEST, P_TRAVEL, Step, Window
from game.rulesets.quest.phases.round import set_phase
from game.rulesets.quest.phases.windows import open_window
from game.rulesets.quest.verbs import run_effects

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState

#: a reveal that keeps surging is cut off here (a safety net for odd decks)
MAX_REVEALS = 40


def begin_commit(st: QuestState, ev: list[Event]) -> None:
    """3a: each seat in turn order commits characters."""
    set_phase(st, P_QUEST, ev)
    st.step = Step.COMMIT
    st.order_left = st.turn_order()


def commit(st: QuestState, seat: int, card: str, ev: list[Event]) -> None:
    """3a, 3a1: a ready character is committed to the quest and exhausts."""
    cs = st.table[card]
    cs.committed = True
    cs.exhausted = True
    ev.append(Event("Committed", {"seat": seat, "card": card}))


def willpower(st: QuestState) -> int:
    """3d1: the committed characters' willpower."""
    return sum(st.stat(c, "willpower") for p in st.players for c in p.heroes + p.allies if st.table[c].committed)


def draw_encounter(st: QuestState, ev: list[Event]) -> str | None:
    """The top encounter card; 3b4: an empty deck is reshuffled from the discard first (None: no card at all)."""
    enc = st.encounter
    if not enc.deck and enc.discard:
        enc.deck = list(enc.discard)
        enc.discard = []
        st.rng.shuffle(enc.deck)
        ev.append(Event("EncounterReshuffled", {"cards": len(enc.deck)}, random=True))
    if not enc.deck:
        return None
    return enc.deck.pop()


def reveal(st: QuestState, ev: list[Event], guard_for: str | None = None) -> None:
    """Reveal one encounter card with everything it brings (3b1-3b4, doomed, guarded, surges)."""
    owed = 1
    done = 0
    while owed > 0 and done < MAX_REVEALS and st.result() is None:
        owed -= 1
        done += 1
        c = draw_encounter(st, ev)
        if c is None:
            ev.append(Event("EncounterEmpty", {}))
            return
        d = st.defn(c)
        ev.append(Event("Revealed", {"card": c}, reveal=True))
        if d.kind == "treachery":
            st.surges = 0
            run_effects(st, c, "revealed", None, None, ev)
            st.encounter.discard.append(c)
            ev.append(Event("TreacheryDiscarded", {"card": c}))
        else:
            st.encounter.staging.append(c)
            st.enter_play(c)
            if guard_for is not None and guard_for in st.table:
                st.encounter.guards[guard_for] = c
            st.surges = 0
            run_effects(st, c, "revealed", None, None, ev)
        guard_for = None
        if d.doomed:
            ev.append(Event("Doomed", {"card": c, "amount": d.doomed}))
            for s in st.turn_order():
                st.raise_threat(s, d.doomed, ev)
        owed += st.surges
        st.surges = 0
        if "surge" in d.keywords:
            ev.append(Event("Surge", {"card": c}))
            owed += 1
        if "guarded" in d.keywords and d.kind != "treachery" and c in st.table:
            ev.append(Event("Guarded", {"card": c}))
            guard_for = c
            owed += 1


def auto_staging(st: QuestState, ev: list[Event]) -> bool:
    """3b: the encounter deck reveals 1 card per player; then window 3c."""
    for _ in st.turn_order():
        if st.result() is not None:
            return True
        reveal(st, ev)
    if st.result() is None:
        open_window(st, Window.W3C, ev)
    return True


def auto_resolve(st: QuestState, ev: list[Event]) -> bool:
    """3d: willpower against threat: progress (3d2), threat raised for each player (3d3) or nothing (3d4)."""
    will = willpower(st)
    threat = st.staging_threat()
    ev.append(Event("QuestResolved", {"willpower": will, "threat": threat}))
    if will > threat:
        st.add_progress(will - threat, ev)
    elif will < threat:
        for s in st.turn_order():
            st.raise_threat(s, threat - will, ev)
    for cs in st.table.values():
        cs.committed = False
    if st.result() is None:
        open_window(st, Window.W3E, ev)
    return True


def travel_options(st: QuestState) -> list[str]:
    """4a: the staging area's locations a seat may travel to (none while a location is active; not guarded)."""
    enc = st.encounter
    if enc.active is not None:
        return []
    return [c for c in enc.staging if st.defn(c).kind == "location" and c not in enc.guards]


def begin_travel(st: QuestState, ev: list[Event]) -> None:
    """4a: each seat in turn order may travel while no location is active."""
    set_phase(st, P_TRAVEL, ev)
    st.step = Step.TRAVEL
    st.order_left = st.turn_order()


def travel(st: QuestState, seat: int, loc: str, ev: list[Event]) -> None:
    """4a1: the location becomes active (out of the staging area: it no longer adds threat)."""
    st.encounter.staging.remove(loc)
    st.encounter.active = loc
    ev.append(Event("Travelled", {"seat": seat, "card": loc}))
    run_effects(st, loc, "travel", None, None, ev)
