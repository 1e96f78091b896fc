"""The quest turn flow, declared: the seven phases' steps, who decides in each, what is automatic.

``FLOW`` (a ``game.engine.flow.Flow`` keyed by ``Step``) answers ``to_act``, ``legal_actions`` and
``apply`` for ``QuestState`` and runs the one settle loop. Automatic work (events marked ``auto``):
1a resource and draw, 3b staging, 3d quest resolution, 5c engagement checks, 6a shadows, 7a-c refresh;
a seat with nothing to do in a per-seat step is done by itself; in an action window a seat that could
only pass passes by itself; an enemy attack with one possible choice goes on by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.flow import Flow
from game.engine.flow import Step as FlowStep
from game.rulesets.quest import combat, legal
from game.rulesets.quest.parts import P_OVER, P_REFRESH, Kind, Step, Window
from game.rulesets.quest.phases import encounter, questing, round as rnd, setup, windows
from game.rulesets.quest.plays import play_ally, play_attachment, play_event, use_ability

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


# --- after each window ------------------------------------------------------------------------------

def _to_resolve(st: QuestState, ev: list[Event]) -> None:
    st.step = Step.RESOLVE


def _to_checks(st: QuestState, ev: list[Event]) -> None:
    st.step = Step.CHECKS


def _to_refresh(st: QuestState, ev: list[Event]) -> None:
    rnd.set_phase(st, P_REFRESH, ev)
    st.step = Step.REFRESH


AFTER_WINDOW: dict[Window, Callable[[Any, list[Event]], None]] = {
    Window.W1B: rnd.begin_planning, Window.W2B: questing.begin_commit, Window.W3C: _to_resolve,
    Window.W3E: questing.begin_travel, Window.W4B: encounter.begin_engage, Window.W5B: _to_checks,
    Window.W5D: combat.begin_combat, Window.W6B: combat.begin_enemy_attacks, Window.W6E: _to_refresh,
    Window.W7D: rnd.begin_round}


# --- automatic steps ---------------------------------------------------------------------------------

def auto_window(st: QuestState, ev: list[Event]) -> bool:
    """Everybody passed: resolve the top, or close the window; a seat that can only pass passes."""
    holder = windows.holder(st)
    if holder is None:
        if st.stack.items:
            windows.resolve_top(st, ev)
            return True
        w = st.window
        st.window = Window.NONE
        st.stack.clear()
        ev.append(Event("WindowClosed", {"window": w.value}))
        AFTER_WINDOW[w](st, ev)
        return True
    st.stack.holder = holder
    if legal.has_window_play(st, holder):
        return False
    windows.pass_priority(st, holder, ev, auto=True)
    return True


def _per_seat(can: Callable[[Any, int], bool], then: Callable[[Any, list[Event]], None]) -> Callable[..., bool]:
    """An automatic part of a per-seat step: skip seats that can do nothing; after the last, ``then``."""
    def auto(st: QuestState, ev: list[Event]) -> bool:
        while st.order_left and not can(st, st.order_left[0]):
            rnd.end_seat(st, st.order_left[0], ev, auto=True)
        if st.order_left:
            return False
        then(st, ev)
        return True
    return auto


def _after_plan(st: QuestState, ev: list[Event]) -> None:
    windows.open_window(st, Window.W2B, ev)


def _after_commit(st: QuestState, ev: list[Event]) -> None:
    st.step = Step.STAGING


def _after_travel(st: QuestState, ev: list[Event]) -> None:
    windows.open_window(st, Window.W4B, ev)


def _after_engage(st: QuestState, ev: list[Event]) -> None:
    windows.open_window(st, Window.W5B, ev)


auto_plan = _per_seat(lambda st, s: bool(legal.plan_plays(st, s)), _after_plan)
auto_commit = _per_seat(lambda st, s: any(st.is_ready(c) for c in st.characters(s)), _after_commit)
auto_travel = _per_seat(lambda st, s: bool(questing.travel_options(st)), _after_travel)
auto_engage = _per_seat(lambda st, s: bool(encounter.engage_options(st)), _after_engage)


def auto_mulligan(st: QuestState, ev: list[Event]) -> bool:
    """After the last seat kept its hand, the first round begins."""
    if st.order_left:
        return False
    rnd.begin_round(st, ev)
    return True


def auto_undefended(st: QuestState, ev: list[Event]) -> bool:
    """6c5 with one hero left: it takes the attack."""
    a = st.attack
    if a is None:
        return False
    heroes = st.players[a.seat].heroes
    if len(heroes) <= 1:
        if heroes:
            combat.take_hit(st, heroes[0], ev)
        else:
            combat.end_attack(st, ev)
        return True
    return False


# --- handlers ----------------------------------------------------------------------------------------

def _seat(st: QuestState) -> int:
    seat = st.to_act()
    assert seat is not None
    return seat


def on_deck(st: QuestState, a: Action, ev: list[Event]) -> None:
    """deck deck=<id>."""
    setup.choose_deck(st, _seat(st), a["deck"], ev)


def on_keep(st: QuestState, a: Action, ev: list[Event]) -> None:
    """keep."""
    setup.keep(st, _seat(st), ev)


def on_mulligan(st: QuestState, a: Action, ev: list[Event]) -> None:
    """mulligan."""
    setup.mulligan(st, _seat(st), ev)


def on_pass(st: QuestState, a: Action, ev: list[Event]) -> None:
    """pass (in an action window)."""
    windows.pass_priority(st, _seat(st), ev)


def on_window_play(st: QuestState, a: Action, ev: list[Event]) -> None:
    """play card=X [target=Y] in a window: an action event."""
    play_event(st, _seat(st), a["card"], a.get("target"), ev)


def on_use(st: QuestState, a: Action, ev: list[Event]) -> None:
    """use card=X [target=Y]: a card's action."""
    use_ability(st, _seat(st), a["card"], a.get("target"), ev)


def on_plan_play(st: QuestState, a: Action, ev: list[Event]) -> None:
    """play card=X [target=Y] (an ally) or play card=X on=C (an attachment)."""
    seat = _seat(st)
    if a.get("on") is not None:
        play_attachment(st, seat, a["card"], a["on"], ev)
    else:
        play_ally(st, seat, a["card"], a.get("target"), ev)


def on_done(st: QuestState, a: Action, ev: list[Event]) -> None:
    """done: this seat's planning, commits, travel or engagement choice is over."""
    rnd.end_seat(st, _seat(st), ev)


def on_commit(st: QuestState, a: Action, ev: list[Event]) -> None:
    """commit card=X."""
    questing.commit(st, _seat(st), a["card"], ev)


def on_travel(st: QuestState, a: Action, ev: list[Event]) -> None:
    """travel card=L: the location becomes active; the seat is done."""
    seat = _seat(st)
    questing.travel(st, seat, a["card"], ev)
    rnd.end_seat(st, seat, ev)


def on_engage(st: QuestState, a: Action, ev: list[Event]) -> None:
    """engage card=E (5a: one enemy per seat)."""
    seat = _seat(st)
    st.engage(seat, a["card"], ev)
    rnd.end_seat(st, seat, ev)


def on_archery(st: QuestState, a: Action, ev: list[Event]) -> None:
    """archery card=X."""
    combat.archery_hit(st, _seat(st), a["card"], ev)


def on_attacked_by(st: QuestState, a: Action, ev: list[Event]) -> None:
    """attacked_by enemy=E (6c1)."""
    combat.start_attack(st, _seat(st), a["enemy"], ev)


def on_defend(st: QuestState, a: Action, ev: list[Event]) -> None:
    """defend card=X (6c2 or a sentinel)."""
    combat.defend(st, _seat(st), a["card"], ev)


def on_no_defender(st: QuestState, a: Action, ev: list[Event]) -> None:
    """no_defender."""
    combat.no_defender(st, _seat(st), ev)


def on_take(st: QuestState, a: Action, ev: list[Event]) -> None:
    """take card=H (6c5)."""
    combat.take_hit(st, a["card"], ev)


def on_strike(st: QuestState, a: Action, ev: list[Event]) -> None:
    """strike enemy=E (6d1)."""
    combat.declare_strike(st, _seat(st), a["enemy"], ev)


def on_attacker(st: QuestState, a: Action, ev: list[Event]) -> None:
    """attacker card=X."""
    combat.add_attacker(st, _seat(st), a["card"], ev)


def on_resolve(st: QuestState, a: Action, ev: list[Event]) -> None:
    """resolve: the declared attack (6d2)."""
    combat.resolve_strike(st, ev)


def on_end_attacks(st: QuestState, a: Action, ev: list[Event]) -> None:
    """end_attacks: this seat attacks no more."""
    seat = _seat(st)
    st.order_left.remove(seat)
    ev.append(Event("SeatDone", {"seat": seat, "step": "strike", "auto": False}))


def _before(st: QuestState, a: Action, ev: list[Event]) -> None:
    st.bot_cache = None


def _set_step(st: QuestState, key: Step) -> None:
    st.step = key


def _first_left(st: QuestState) -> int | None:
    return st.order_left[0] if st.order_left else None


def _attack_seat(st: QuestState) -> int | None:
    return st.attack.seat if st.attack is not None else None


def _sentinel_seat(st: QuestState) -> int | None:
    return st.attack.sentinels[0] if st.attack is not None and st.attack.sentinels else None


def _strike_seat(st: QuestState) -> int | None:
    return st.strike.seat if st.strike is not None else None


def _holder(st: QuestState) -> int | None:
    h = st.stack.holder
    return h if isinstance(h, int) else None


FLOW: Flow[Step] = Flow("quest", {
    Step.DECK: FlowStep(decides=_first_left, actions=legal.deck_actions, handlers={Kind.DECK: on_deck},
                        doc="set-up: each seat without a fixed deck chooses one"),
    Step.MULLIGAN: FlowStep(decides=_first_left, actions=legal.mulligan_actions, auto=auto_mulligan,
                            handlers={Kind.KEEP: on_keep, Kind.MULLIGAN: on_mulligan},
                            doc="set-up: each seat keeps its 6 cards or takes its one mulligan"),
    Step.GAIN: FlowStep(auto=rnd.auto_gain, doc="1a: 1 resource on each hero, draw 1 (1a1: no reshuffle)"),
    Step.ACTIONS: FlowStep(decides=_holder, actions=legal.window_actions, auto=auto_window,
                           handlers={Kind.PASS: on_pass, Kind.PLAY: on_window_play, Kind.USE: on_use},
                           doc="an action window (1b 2b 3c 3e 4b 5b 5d 6b 6e 7d): turn order from the first "
                               "player, closes when all pass in a row"),
    Step.PLAN: FlowStep(decides=_first_left, actions=legal.plan_actions, auto=auto_plan,
                        handlers={Kind.PLAY: on_plan_play, Kind.DONE: on_done},
                        doc="2a: each seat plays allies and attachments"),
    Step.COMMIT: FlowStep(decides=_first_left, actions=legal.commit_actions, auto=auto_commit,
                          handlers={Kind.COMMIT: on_commit, Kind.DONE: on_done},
                          doc="3a: each seat commits characters (3a1: they exhaust)"),
    Step.STAGING: FlowStep(auto=questing.auto_staging, doc="3b: 1 encounter card per player"),
    Step.RESOLVE: FlowStep(auto=questing.auto_resolve, doc="3d: willpower against the staging threat"),
    Step.TRAVEL: FlowStep(decides=_first_left, actions=legal.travel_actions, auto=auto_travel,
                          handlers={Kind.TRAVEL: on_travel, Kind.DONE: on_done},
                          doc="4a: a seat may travel while no location is active"),
    Step.ENGAGE: FlowStep(decides=_first_left, actions=legal.engage_actions, auto=auto_engage,
                          handlers={Kind.ENGAGE: on_engage, Kind.DONE: on_done},
                          doc="5a: each seat may engage one enemy"),
    Step.CHECKS: FlowStep(auto=encounter.auto_checks, doc="5c: engagement checks"),
    Step.ARCHERY: FlowStep(decides=combat.archery_seat, actions=legal.archery_actions, auto=combat.auto_archery,
                           handlers={Kind.ARCHERY: on_archery}, doc="archery damage, point by point"),
    Step.SHADOWS: FlowStep(auto=combat.auto_shadows, doc="6a: one shadow card per engaged enemy"),
    Step.ENEMY: FlowStep(decides=_first_left, actions=legal.enemy_actions, auto=combat.auto_enemy,
                         handlers={Kind.ATTACKED_BY: on_attacked_by},
                         doc="6c1: the defending seat picks the enemy that attacks next"),
    Step.DEFEND: FlowStep(decides=_attack_seat, actions=legal.defend_actions, auto=combat.auto_defend,
                          handlers={Kind.DEFEND: on_defend, Kind.NO_DEFENDER: on_no_defender},
                          doc="6c2: one defender (exhausted) or none"),
    Step.SENTINEL: FlowStep(decides=_sentinel_seat, actions=legal.defend_actions,
                            handlers={Kind.DEFEND: on_defend, Kind.NO_DEFENDER: on_no_defender},
                            doc="2a4: another seat's sentinel may defend an undefended attack"),
    Step.UNDEFENDED: FlowStep(decides=_attack_seat, actions=legal.take_actions, auto=auto_undefended,
                              handlers={Kind.TAKE: on_take}, doc="6c5: the hero that takes the attack"),
    Step.STRIKE: FlowStep(decides=_first_left, actions=legal.strike_actions, auto=combat.auto_strike,
                          handlers={Kind.STRIKE: on_strike, Kind.END_ATTACKS: on_end_attacks},
                          doc="6d1: declare an attack against an enemy (d4: one per enemy) or end"),
    Step.ATTACKERS: FlowStep(decides=_strike_seat, actions=legal.attacker_actions, auto=combat.auto_attackers,
                             handlers={Kind.ATTACKER: on_attacker, Kind.RESOLVE: on_resolve},
                             doc="6d1-d2: attackers exhaust; summed attack minus defense"),
    Step.REFRESH: FlowStep(auto=rnd.auto_refresh, doc="7a-c: ready, threat +1, first player passes"),
}, current=lambda st: st.step, set_current=_set_step, is_over=lambda st: st.phase is P_OVER,
    before=_before)
