"""The handlers of the quest effect verbs (the models are in effects.py) and the target selectors.

``run_effects(state, card, when, controller, target, events)`` runs a card's effects of one kind
(``when``); ``run_list`` runs any list of effects (a quest stage's, a shadow's). Selectors resolve to
card instances here: ``chosen_*`` is the action's ``target``; "each" and random selectors cover the
controller's cards, or every player's on encounter cards (controller None).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from game.engine.events import Event
from game.rulesets.quest.effects import (
    VERBS,
    AddResource,
    AddToStaging,
    AttackBonus,
    Boost,
    CancelShadow,
    DamageCharacter,
    DamageEach,
    DamageEnemy,
    DiscardRandomHand,
    Draw,
    EffectContext,
    EngagePlayer,
    Exhaust,
    Heal,
    PlaceProgress,
    RaiseThreat,
    Ready,
    ReduceThreat,
    ReturnToHand,
    SurgeIf,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


def run_list(st: QuestState, effects: Iterable[Any], source: str | None, controller: int | None,
             target: str | None, ev: list[Event]) -> None:
    """Run a list of effects in order (stopping when the game ends)."""
    for e in effects:
        if st.result() is not None:
            return
        VERBS.run(EffectContext(st, controller, source, target, ev), e)


def run_effects(st: QuestState, iid: str, when: str | tuple[str, ...], controller: int | None,
                target: str | None, ev: list[Event]) -> None:
    """Run a card's effects whose ``when`` matches."""
    whens = (when,) if isinstance(when, str) else when
    run_list(st, [e for e in st.defn(iid).effects if e.when in whens], iid, controller, target, ev)


# --- selectors -------------------------------------------------------------------------------------

def seats_of(ctx: EffectContext, who: str) -> list[int]:
    """The seats a ``who`` selector names."""
    st = ctx.state
    order = st.turn_order()
    if who == "controller":
        return [ctx.controller] if ctx.controller is not None else order
    if who == "first_player":
        return order[:1]
    if who == "engaged_player":
        seat = st.engaged_with(ctx.source) if ctx.source else None
        if seat is None and st.attack is not None:
            seat = st.attack.seat
        return [seat] if seat is not None and seat in order else order[:1]
    return order


def _scope(ctx: EffectContext) -> list[int]:
    st = ctx.state
    return [ctx.controller] if ctx.controller is not None else st.turn_order()


def _pick(ctx: EffectContext, options: list[str]) -> list[str]:
    if not options:
        return []
    if len(options) == 1:
        return options
    c = ctx.state.rng.choice(options)
    ctx.events.append(Event("RandomPick", {"card": c}, random=True))
    return [c]


def characters(ctx: EffectContext, target: str) -> list[str]:
    """The characters (or heroes) a selector names, still in play."""
    st = ctx.state
    table = st.table
    if target == "self":
        return [ctx.source] if ctx.source in table else []
    if target == "attached":
        carrier = table[ctx.source].attached_to if ctx.source in table else None
        return [carrier] if carrier in table else []
    if target.startswith("chosen_"):
        return [ctx.target] if ctx.target in table else []
    if target == "defender":
        d = st.attack.defender if st.attack is not None else None
        return [d] if d in table else []
    out: list[str] = []
    for s in _scope(ctx):
        p = st.players[s]
        chars = p.heroes + p.allies
        if target == "each_hero":
            out += p.heroes
        elif target == "each_character":
            out += chars
        elif target == "each_ally":
            out += p.allies
        elif target == "committed":
            out += [c for c in chars if table[c].committed]
        elif target == "each_exhausted":
            out += [c for c in chars if table[c].exhausted]
        elif target == "random_hero":
            out += _pick(ctx, p.heroes)
        elif target == "random_character":
            out += _pick(ctx, chars)
        elif target == "highest_willpower" and chars:
            out.append(max(chars, key=lambda c: st.stat(c, "willpower")))
    return out


def enemies(ctx: EffectContext, target: str) -> list[str]:
    """The enemies an enemy selector names, still in play."""
    st = ctx.state
    if target in ("chosen_enemy", "self"):
        c = ctx.target if target == "chosen_enemy" else ctx.source
        return [c] if c in st.table and st.defn(c).kind == "enemy" else []
    if target == "attacking_enemy":
        return [st.attack.enemy] if st.attack is not None and st.attack.enemy in st.table else []
    if target == "each_staging_enemy":
        return [c for c in st.encounter.staging if st.defn(c).kind == "enemy"]
    return [e for s in _scope(ctx) for e in st.players[s].engaged]


# --- player side -----------------------------------------------------------------------------------

@VERBS.verb(Draw)
def _draw(ctx: EffectContext, p: Draw) -> None:
    for s in seats_of(ctx, p.who):
        ctx.state.draw(s, p.amount, ctx.events)


@VERBS.verb(AddResource)
def _add_resource(ctx: EffectContext, p: AddResource) -> None:
    st = ctx.state
    for h in characters(ctx, p.target):
        if st.defn(h).kind == "hero":
            st.table[h].resources += p.amount
            ctx.events.append(Event("ResourceAdded", {"card": h, "amount": p.amount}))


@VERBS.verb(Heal)
def _heal(ctx: EffectContext, p: Heal) -> None:
    for c in characters(ctx, p.target):
        ctx.state.heal(c, p.amount, ctx.events)


@VERBS.verb(Ready)
def _ready(ctx: EffectContext, p: Ready) -> None:
    for c in characters(ctx, p.target):
        ctx.state.ready(c, ctx.events)


@VERBS.verb(DamageEnemy)
def _damage_enemy(ctx: EffectContext, p: DamageEnemy) -> None:
    for e in enemies(ctx, p.target):
        if e in ctx.state.table:
            ctx.state.deal_damage(e, p.amount, ctx.events, ctx.source)


@VERBS.verb(PlaceProgress)
def _place_progress(ctx: EffectContext, p: PlaceProgress) -> None:
    st = ctx.state
    if p.target == "chosen_location":
        loc = ctx.target
        if loc in st.table and st.defn(loc).kind == "location":
            st.table[loc].progress += p.amount
            ctx.events.append(Event("Progress", {"card": loc, "amount": p.amount}))
            if st.table[loc].progress >= st.defn(loc).quest_points:
                st.explore(loc, ctx.events)
        return
    if p.target == "active_location":
        if st.encounter.active is not None:
            st.add_progress(p.amount, ctx.events)
        return
    st.add_progress(p.amount, ctx.events, to_quest_only=True)


@VERBS.verb(ReduceThreat)
def _reduce_threat(ctx: EffectContext, p: ReduceThreat) -> None:
    for s in seats_of(ctx, p.who):
        ctx.state.raise_threat(s, -min(p.amount, ctx.state.players[s].threat), ctx.events)


@VERBS.verb(Boost)
def _boost(ctx: EffectContext, p: Boost) -> None:
    if p.when == "attached":
        return  # a lasting boost of the attachment's carrier: Table.stat adds it while attached
    for c in characters(ctx, p.target):
        ctx.state.add_boost(c, p.stat, p.amount, p.until)
        ctx.events.append(Event("Boosted", {"card": c, "stat": p.stat, "amount": p.amount}))


@VERBS.verb(CancelShadow)
def _cancel_shadow(ctx: EffectContext, p: CancelShadow) -> None:
    st = ctx.state
    for e in enemies(ctx, p.target):
        shadow = st.encounter.shadows.get(e)
        if shadow is not None and e not in st.shadows_up:
            del st.encounter.shadows[e]
            st.encounter.discard.append(shadow)
            ctx.events.append(Event("ShadowCancelled", {"enemy": e, "card": shadow}))


@VERBS.verb(ReturnToHand)
def _return_to_hand(ctx: EffectContext, p: ReturnToHand) -> None:
    st = ctx.state
    c = ctx.source if p.target == "self" else ctx.target
    if c not in st.table or st.defn(c).kind != "ally":
        return
    seat = int(c[0])
    pl = st.players[seat]
    for a in st.attachments_on(c):
        st.discard_attachment(a, ctx.events)
    pl.allies.remove(c)
    del st.table[c]
    pl.hand.append(c)
    ctx.events.append(Event("ReturnedToHand", {"card": c, "seat": seat}))


# --- encounter side --------------------------------------------------------------------------------

@VERBS.verb(RaiseThreat)
def _raise_threat(ctx: EffectContext, p: RaiseThreat) -> None:
    for s in seats_of(ctx, p.who):
        ctx.state.raise_threat(s, p.amount, ctx.events)


@VERBS.verb(DamageCharacter)
def _damage_character(ctx: EffectContext, p: DamageCharacter) -> None:
    for c in characters(ctx, p.target):
        if c in ctx.state.table:
            ctx.state.deal_damage(c, p.amount, ctx.events, ctx.source)


@VERBS.verb(DamageEach)
def _damage_each(ctx: EffectContext, p: DamageEach) -> None:
    for c in characters(ctx, p.target):
        if c in ctx.state.table:
            ctx.state.deal_damage(c, p.amount, ctx.events, ctx.source)


@VERBS.verb(Exhaust)
def _exhaust(ctx: EffectContext, p: Exhaust) -> None:
    for c in characters(ctx, p.target):
        ctx.state.exhaust(c, ctx.events)


@VERBS.verb(AttackBonus)
def _attack_bonus(ctx: EffectContext, p: AttackBonus) -> None:
    st = ctx.state
    if p.when == "shadow" or (p.when == "play" and ctx.source in st.encounter.shadows.values()):
        if st.attack is not None:
            st.attack.bonus += p.amount
            ctx.events.append(Event("AttackBonus", {"enemy": st.attack.enemy, "amount": p.amount}))
        return
    if ctx.source in st.table and st.defn(ctx.source).kind == "enemy":
        st.add_boost(ctx.source, "attack", p.amount, "end_of_round")
        ctx.events.append(Event("AttackBonus", {"enemy": ctx.source, "amount": p.amount}))


@VERBS.verb(DiscardRandomHand)
def _discard_random_hand(ctx: EffectContext, p: DiscardRandomHand) -> None:
    st = ctx.state
    for s in seats_of(ctx, p.who):
        hand = st.players[s].hand
        for _ in range(p.amount):
            if not hand:
                break
            c = st.rng.choice(hand)
            hand.remove(c)
            st.players[s].discard.append(c)
            ctx.events.append(Event("DiscardedFromHand", {"seat": s, "card": c}, random=True))


@VERBS.verb(SurgeIf)
def _surge_if(ctx: EffectContext, p: SurgeIf) -> None:
    st = ctx.state
    ok = (p.condition == "always"
          or (p.condition == "no_active_location" and st.encounter.active is None)
          or (p.condition == "staging_threat_at_least" and st.staging_threat() >= p.value)
          or (p.condition == "threat_at_least" and any(st.players[s].threat >= p.value for s in st.turn_order())))
    if ok:
        st.surges += 1
        ctx.events.append(Event("Surge", {"card": ctx.source}))


@VERBS.verb(AddToStaging)
def _add_to_staging(ctx: EffectContext, p: AddToStaging) -> None:
    st = ctx.state
    enc = st.encounter
    for pile in (enc.deck, enc.discard):
        for c in reversed(pile):
            if st.cid[c] == p.card:
                pile.remove(c)
                enc.staging.append(c)
                st.enter_play(c)
                ctx.events.append(Event("AddedToStaging", {"card": c}))
                return


@VERBS.verb(EngagePlayer)
def _engage_player(ctx: EffectContext, p: EngagePlayer) -> None:
    st = ctx.state
    e = ctx.source
    if e not in st.encounter.staging or st.defn(e).kind != "enemy":
        return
    order = st.turn_order()
    if not order:
        return
    seat = order[0] if p.who == "first_player" else max(order, key=lambda s: st.players[s].threat)
    st.engage(seat, e, ctx.events)
