"""Playing cards and using card actions: allies and attachments in planning (2a), action events and
card abilities in the action windows, their costs (paid from heroes of the matching sphere, neutral
from any), their chosen targets and the restricted limit (2a3: at most two restricted attachments).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.events import Event
from game.rulesets.quest.cards import owner_of
from game.rulesets.quest.effects import CHOSEN
from game.rulesets.quest.verbs import run_effects

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState

PLAY_WHENS = ("play", "action")
ENTER_WHENS = ("play", "enter")
#: most restricted attachments on one character (2a3)
RESTRICTED_MAX = 2


def chosen_effect(d: Any, whens: tuple[str, ...]) -> Any:
    """The first of the card's effects of these kinds that needs a chosen target (None: no choice)."""
    for e in d.effects:
        if e.when in whens and getattr(e, "target", None) in CHOSEN:
            return e
    return None


def chosen_kind(d: Any, whens: tuple[str, ...]) -> str | None:
    """The chosen-target selector the card's effects of these kinds need (None: no choice)."""
    e = chosen_effect(d, whens)
    return None if e is None else str(e.target)


def useful(st: QuestState, effect: Any, card: str) -> bool:
    """A chosen target the effect can act on: heal a damaged card, ready an exhausted one, cancel a
    face-down shadow (other verbs take any candidate)."""
    verb = effect.effect
    cs = st.table.get(card)
    if verb == "heal":
        return cs is not None and cs.damage > 0
    if verb == "ready":
        return cs is not None and cs.exhausted
    if verb == "cancel_shadow":
        return card in st.encounter.shadows and card not in st.shadows_up
    return True


def candidates(st: QuestState, kind: str) -> list[str]:
    """Every card a chosen selector may name now, in table order."""
    chars = [c for p in st.players for c in p.heroes + p.allies]
    if kind == "chosen_hero":
        return [c for p in st.players for c in p.heroes]
    if kind == "chosen_character":
        return chars
    if kind == "chosen_ally":
        return [c for p in st.players for c in p.allies]
    if kind == "chosen_enemy":
        engaged = [e for p in st.players for e in p.engaged]
        return engaged + [c for c in st.encounter.staging if st.defn(c).kind == "enemy"]
    if kind == "chosen_location":
        locs = [c for c in st.encounter.staging if st.defn(c).kind == "location"]
        return ([st.encounter.active] if st.encounter.active else []) + locs
    return []


def targets_for(st: QuestState, d: Any, whens: tuple[str, ...]) -> list[str | None]:
    """The target arguments a play offers: [None] without a choice, else each candidate (maybe none)."""
    e = chosen_effect(d, whens)
    if e is None:
        return [None]
    return [c for c in candidates(st, str(e.target)) if useful(st, e, c)]


def restricted_count(st: QuestState, carrier: str) -> int:
    """How many restricted attachments a character carries."""
    return sum(1 for a in st.attachments_on(carrier) if st.has_kw(a, "restricted"))


def attach_spots(st: QuestState, seat: int, card: str) -> list[str]:
    """The seat's characters an attachment may go on (2a3: restricted ones at most two per character)."""
    chars = st.characters(seat)
    if st.has_kw(card, "restricted"):
        chars = [c for c in chars if restricted_count(st, c) < RESTRICTED_MAX]
    return chars


def affordable(st: QuestState, seat: int, card: str) -> bool:
    """True when the seat can pay the card's cost."""
    d = st.defn(card)
    return st.can_pay(seat, d.sphere, d.cost)


def play_ally(st: QuestState, seat: int, card: str, target: str | None, ev: list[Event]) -> None:
    """2a: an ally enters play (its play/enter effects happen)."""
    p = st.players[seat]
    d = st.defn(card)
    st.pay(seat, d.sphere, d.cost, ev)
    p.hand.remove(card)
    p.allies.append(card)
    st.enter_play(card)
    ev.append(Event("CardPlayed", {"seat": seat, "card": card, "target": target}))
    run_effects(st, card, ENTER_WHENS, seat, target, ev)


def play_attachment(st: QuestState, seat: int, card: str, on: str, ev: list[Event]) -> None:
    """2a: an attachment goes on one of the seat's characters."""
    p = st.players[seat]
    d = st.defn(card)
    st.pay(seat, d.sphere, d.cost, ev)
    p.hand.remove(card)
    p.attachments.append(card)
    st.enter_play(card).attached_to = on
    ev.append(Event("CardPlayed", {"seat": seat, "card": card, "target": on}))
    run_effects(st, card, ENTER_WHENS, seat, None, ev)


_HAS_ACTION: dict[int, tuple[Any, bool]] = {}


def has_action(d: Any) -> bool:
    """True when the card definition has an effect used as an action (memo per definition)."""
    hit = _HAS_ACTION.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    if len(_HAS_ACTION) > 4096:
        _HAS_ACTION.clear()
    yes = any(e.when == "action" for e in d.effects)
    _HAS_ACTION[id(d)] = (d, yes)
    return yes


def ability_ready(st: QuestState, seat: int, card: str) -> bool:
    """True when a card in play of the seat has an action it may use now (once per round)."""
    d = st.defn(card)
    cs = st.table.get(card)
    if cs is None or cs.used or owner_of(card) != seat:
        return False
    if not has_action(d):
        return False
    if d.action_exhaust and cs.exhausted:
        return False
    return st.can_pay(seat, d.sphere, d.action_cost)


def play_event(st: QuestState, seat: int, card: str, target: str | None, ev: list[Event]) -> None:
    """An action event is paid and put on the stack (it resolves when everybody passes)."""
    from game.rulesets.quest.phases.windows import push

    d = st.defn(card)
    st.pay(seat, d.sphere, d.cost, ev)
    st.players[seat].hand.remove(card)
    ev.append(Event("CardPlayed", {"seat": seat, "card": card, "target": target}))
    push(st, {"kind": "play", "card": card, "seat": seat, "target": target})


def use_ability(st: QuestState, seat: int, card: str, target: str | None, ev: list[Event]) -> None:
    """A card's action is paid (resources and/or exhausting it) and put on the stack."""
    from game.rulesets.quest.phases.windows import push

    d = st.defn(card)
    cs = st.table[card]
    cs.used = True
    if d.action_cost:
        st.pay(seat, d.sphere, d.action_cost, ev)
    if d.action_exhaust:
        st.exhaust(card, ev)
    ev.append(Event("AbilityUsed", {"seat": seat, "card": card, "target": target}))
    push(st, {"kind": "use", "card": card, "seat": seat, "target": target})


def resolve_item(st: QuestState, item: dict[str, Any], ev: list[Event]) -> None:
    """The top of the stack resolves: an event's effects (then it is discarded) or a card's action."""
    card, seat, target = item["card"], item["seat"], item.get("target")
    ev.append(Event("Resolved", {"card": card, "seat": seat}))
    if item["kind"] == "play":
        run_effects(st, card, PLAY_WHENS, seat, target, ev)
        st.players[seat].discard.append(card)
    else:
        run_effects(st, card, "action", seat, target, ev)
