"""The sanctuary turn flow, declared: who decides in each step, what they may do, what is automatic.

``FLOW`` (a ``game.engine.flow.Flow`` keyed by ``Step``) answers ``to_act``, ``legal_actions`` and
``apply`` for ``SanctuaryState`` and runs the one settle loop. The automatic work, whose events
come out marked ``auto`` so the log can fold them:

* priority: a seat whose only legal action would be ``pass`` passes by itself (``AutoPass``);
* declare: with no possible challenge the Duel is skipped (``DuelSkipped``, data ``auto``);
* attack: with no possible attacker the Combat is skipped (``CombatSkipped``, data ``auto``); once
  every possible attacker is declared the blocks begin;
* block: with no possible block the priority window opens.

Before every action the bot's memo of the position is dropped; after it, and before and after each
automatic step, a fallen Sanctuary ends the game (as the old settle loop checked on every turn of it).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.flow import Flow
from game.engine.flow import Step as FlowStep
from game.rulesets.sanctuary import turn
from game.rulesets.sanctuary.legal import (
    attack_actions,
    attack_candidates,
    block_actions,
    block_pairs,
    can_do_more_than_pass,
    declare_actions,
    discard_actions,
    duel_pairs,
    mulligan_actions,
    priority_actions,
)
from game.rulesets.sanctuary.parts import P_OVER, S_BLOCK, S_PRIORITY, Kind, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import SanctuaryState


# --- automatic steps -------------------------------------------------------------------------------------

def auto_pass(st: SanctuaryState, ev: list[Event]) -> bool:
    """The seat with priority passes by itself when passing is all it could do."""
    if turn.check_over(st, ev):
        return True
    seat = st.stack.holder
    if can_do_more_than_pass(st, seat):
        return False
    ev.append(Event("AutoPass", {"seat": seat}))
    turn.pass_priority(st, seat, ev)
    turn.check_over(st, ev)
    return True


def auto_declare(st: SanctuaryState, ev: list[Event]) -> bool:
    """No possible challenge: the Duel is skipped."""
    if turn.check_over(st, ev):
        return True
    if duel_pairs(st):
        return False
    ev.append(Event("DuelSkipped", {"seat": st.active, "auto": True}))
    turn.enter_combat(st, ev)
    turn.check_over(st, ev)
    return True


def auto_attack(st: SanctuaryState, ev: list[Event]) -> bool:
    """Nobody can attack: Combat is skipped; every possible attacker declared: the blocks begin."""
    if turn.check_over(st, ev):
        return True
    attackers = st.combat.attackers if st.combat else []
    if not attackers and not attack_candidates(st):
        turn.skip_combat(st, st.active, ev, auto=True)
        turn.check_over(st, ev)
        return True
    if attackers and not [c for c in attack_candidates(st) if c not in attackers]:
        st.step = S_BLOCK
        return True
    return False


def auto_block(st: SanctuaryState, ev: list[Event]) -> bool:
    """No possible block: the priority window of the Combat opens."""
    if turn.check_over(st, ev):
        return True
    if block_pairs(st):
        return False
    turn.open_priority(st, ev)
    return True


# --- handlers by action kind -----------------------------------------------------------------------------

def on_keep(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """keep: the deciding seat keeps its hand."""
    turn.keep(st, st.setup_seat, ev)


def on_mulligan(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """mulligan: a new, smaller hand."""
    turn.mulligan(st, st.setup_seat, ev)


def on_pass(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """pass: priority to the other seat, or resolve / move on after two passes in a row."""
    turn.pass_priority(st, st.stack.holder, ev)


def on_play(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """play card=X [target=Y]."""
    turn.play_card(st, st.stack.holder, a["card"], a.get("target"), ev)


def on_use(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """use card=X ability=i [target=Y]."""
    turn.use_ability(st, st.stack.holder, a["card"], a["ability"], a.get("target"), ev)


def on_duel(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """duel challenger=X target=Y."""
    turn.declare_duel(st, a["challenger"], a["target"], ev)


def on_no_duel(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """no_duel: on to Combat."""
    ev.append(Event("DuelSkipped", {"seat": st.active}))
    turn.enter_combat(st, ev)


def on_attack(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """attack card=X: one more attacker, turned."""
    c = a["card"]
    st.combat.attackers.append(c)  # type: ignore[union-attr]
    st.set_tapped(c, True, ev)
    ev.append(Event("AttackerDeclared", {"card": c, "seat": st.active}))


def on_end_attack(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """end_attack: the blocks begin, or without attackers Combat is skipped."""
    if st.combat and st.combat.attackers:
        st.step = S_BLOCK
    else:
        turn.skip_combat(st, st.active, ev, auto=False)


def on_block(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """block blocker=B attacker=A."""
    st.combat.blocks[a["attacker"]] = a["blocker"]  # type: ignore[union-attr]
    ev.append(Event("BlockerDeclared", {"blocker": a["blocker"], "attacker": a["attacker"], "seat": 1 - st.active}))


def on_end_block(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """end_block: the priority window of the Combat opens."""
    turn.open_priority(st, ev)


def on_discard(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    """discard card=X: down to the hand limit, then the turn ends."""
    st.move(a["card"], "hand", "discard", ev)
    if len(st.players[st.active].hand) <= st.model.hand_limit:
        turn.end_turn(st, ev)


def _before(st: SanctuaryState, a: Action, ev: list[Event]) -> None:
    st.bot_cache = None  # a bot's memo of this position (see ruleset.bot_prior) is now stale


def _after(st: SanctuaryState, ev: list[Event]) -> None:
    turn.check_over(st, ev)


def _set_step(st: SanctuaryState, key: Step) -> None:
    st.step = key


# who decides, read straight from the state (attribute getters: the flow asks this very often)
_active = attrgetter("active")
_holder = attrgetter("stack.holder")
_setup_seat = attrgetter("setup_seat")


def _passive(st: SanctuaryState) -> int:
    return 1 - st.active


FLOW: Flow[Step] = Flow("sanctuary", {
    Step.MULLIGAN: FlowStep(
        decides=_setup_seat, actions=mulligan_actions,
        handlers={Kind.KEEP: on_keep, Kind.MULLIGAN: on_mulligan}, next=S_PRIORITY,
        doc="set-up: seat 1 then seat 2 keeps or takes a smaller hand; then the first turn's Will Harvest"),
    Step.PRIORITY: FlowStep(
        decides=_holder, actions=priority_actions, auto=auto_pass,
        handlers={Kind.PASS: on_pass, Kind.PLAY: on_play, Kind.USE: on_use},
        doc="the seat with priority plays or passes (auto-pass when it can only pass); two passes in a row "
            "resolve the stack's top or end the phase (harvest -> declare, duel -> attack, combat and "
            "contemplation -> discard or the next turn)"),
    Step.DECLARE: FlowStep(
        decides=_active, actions=declare_actions, auto=auto_declare,
        handlers={Kind.DUEL: on_duel, Kind.NO_DUEL: on_no_duel}, next=S_PRIORITY,
        doc="the active seat challenges or not (skipped when no challenge is possible); a duel opens priority"),
    Step.ATTACK: FlowStep(
        decides=_active, actions=attack_actions, auto=auto_attack,
        handlers={Kind.ATTACK: on_attack, Kind.END_ATTACK: on_end_attack}, next=S_BLOCK,
        doc="the active seat declares attackers one by one (skipped when none can attack)"),
    Step.BLOCK: FlowStep(
        decides=_passive, actions=block_actions, auto=auto_block,
        handlers={Kind.BLOCK: on_block, Kind.END_BLOCK: on_end_block}, next=S_PRIORITY,
        doc="the other seat blocks one to one (skipped when no block is possible)"),
    Step.DISCARD: FlowStep(
        decides=_active, actions=discard_actions, handlers={Kind.DISCARD: on_discard}, next=S_PRIORITY,
        doc="end of turn: the active seat discards down to the hand limit, then the next turn begins"),
}, current=attrgetter("step"), set_current=_set_step, is_over=lambda st: st.phase is P_OVER,
    before=_before, after=_after, unique=True)  # each builder offers every action once
