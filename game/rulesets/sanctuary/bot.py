"""Bot knowledge for the sanctuary ruleset: a position evaluation, a greedy policy
for search rollouts (``bot_policy``) and the scripted opponent of the tutorial.

The search bot (game/engine/bots) determinizes hidden cards and plays rollouts;
these functions only look at the state they are given, so with a determinized
state they never use real hidden information.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import Player, SanctuaryState


def evaluate(st: SanctuaryState, seat: int) -> float:
    """Return a value in (0, 1): Structure, board Strength, Will income and cards in hand."""
    me, opp = st.players[seat], st.players[1 - seat]

    def board(pl: Player) -> int:
        return sum(st.strength(c) for c in pl.chars)

    def income(pl: Player) -> int:
        return sum(st.card(c).will for c in [pl.sanctuary, *pl.attachments])

    ms, os_ = max(me.structure, 0), max(opp.structure, 0)
    score = 0.12 * (ms - os_) + 0.10 * (board(me) - board(opp)) + 0.15 * (income(me) - income(opp))
    score += 0.05 * (len(me.hand) - len(opp.hand)) + 0.05 * (len(me.chars) - len(opp.chars))
    score += 3.0 * (1.0 / (1 + os_) - 1.0 / (1 + ms))
    return 1.0 / (1.0 + math.exp(-score))


def _tapped(st: SanctuaryState, iid: str) -> bool:
    """True for a card in play that is turned."""
    p = st.perm.get(iid)
    return p is not None and p.tapped


def _value_of_play(st: SanctuaryState, seat: int, a: Action, responding: bool) -> float:
    """Score one 'play' or 'use' action for the greedy policy (<= 0: not worth it now)."""
    src = a["card"]
    card = st.card(src)
    tgt = a.get("target")
    effects = card.effects if a.kind == "play" else card.abilities[a["ability"]].effects
    if a.kind == "play" and not responding:
        if card.type == "attachment":
            return 20 + card.will * 3 + card.structure
        if card.type == "character":
            return 8 + card.strength * 2 + card.cost + _effects_value(st, seat, effects, tgt)
        if card.type == "technology":
            return 5 + card.strength + card.durability + (st.strength(tgt) if tgt else 0) * 0.2
    v = _effects_value(st, seat, effects, tgt)
    cost = card.cost if a.kind == "play" else card.abilities[a["ability"]].cost
    if responding:
        return v - 1
    return v - 0.3 * cost


def _effects_value(st: SanctuaryState, seat: int, effects: list[Any], tgt: str | None) -> float:
    opp = 1 - seat
    v = 0.0
    for e in effects:
        name = e.effect
        to = getattr(e, "to", None)
        enemy_t = tgt is not None and st.owner(tgt) == opp
        if name == "damage":
            if to == "opponent_sanctuary":
                v += 1.5 * e.amount
            elif to == "target" and tgt and st.is_character_in_play(tgt):
                left = st.strength(tgt) - st.perm[tgt].damage
                kills = e.amount >= left
                v += (st.strength(tgt) * 2 + 3 if kills else 0.5) * (1 if enemy_t else -1)
            elif to == "all_enemy_characters":
                v += sum(st.strength(c) for c in st.players[opp].chars
                         if st.strength(c) - st.perm[c].damage <= e.amount) * 2
            elif to in ("all_characters", "all_own_characters"):
                v += sum((1 if st.owner(c) == opp else -1) * st.strength(c) for c in st.players[opp].chars +
                         st.players[seat].chars if st.strength(c) - st.perm[c].damage <= e.amount) * 2
        elif name == "destroy" and tgt:
            worth = st.strength(tgt) * 2 + 3 if st.is_character_in_play(tgt) else 4
            v += worth if enemy_t else -worth
        elif name == "strengthen":
            sign = 1 if e.amount > 0 else -1
            if to == "target" and tgt:
                v += (1.0 if (st.owner(tgt) == seat) == (sign > 0) else -1.0) * abs(e.amount)
            elif to in ("self", "carrier", "all_own_characters"):
                v += e.amount * (1 if e.duration == "permanent" else 0.4)
            elif to == "all_enemy_characters":
                v -= e.amount * len(st.players[opp].chars)
        elif name in ("gain_will",):
            v += e.amount * (0.5 if e.who == "controller" else -0.5)
        elif name == "drain_will":
            v += 0.4 * min(e.amount, st.players[opp].will)
        elif name == "draw":
            v += 1.5 * e.amount * (1 if e.who == "controller" else -1)
        elif name == "fortify":
            v += 1.2 * e.amount
        elif name == "tap" and tgt:
            v += (1.5 if enemy_t and not _tapped(st, tgt) else -1)
        elif name == "ready" and tgt:
            v += (1.0 if not enemy_t and _tapped(st, tgt) else -1)
        elif name in ("repair", "corrode"):
            good = (name == "corrode") == enemy_t
            v += e.amount if good else -e.amount
        elif name == "discard_random":
            v += 1.2 * e.amount * (1 if e.who == "opponent" else -1)
    return v


def policy(st: SanctuaryState, seat: int, legal: list[Action], rng: Rng | None,
           script: Any = None) -> Action:
    """Return a sensible action for ``seat`` (greedy rules; ``script`` narrows them for the tutorial)."""
    if rng is not None and script is None and rng.random() < 0.04:
        return rng.choice(legal)
    kinds = {a.kind for a in legal}
    if "keep" in kinds:
        hand = st.players[seat].hand
        chars = sum(1 for c in hand if st.card(c).type == "character")
        cheap = sum(1 for c in hand if st.card(c).cost <= 2)
        if script is None and len(st.players[seat].hands_drawn) == 1 and (chars == 0 or cheap == 0) \
                and "mulligan" in kinds:
            return Action.of("mulligan")
        return Action.of("keep")
    if "discard" in kinds:
        return max(legal, key=lambda a: (st.card(a["card"]).cost, a.key))
    if "no_duel" in kinds:
        return _duel_choice(st, legal, script)
    if "end_attack" in kinds:
        return _attack_choice(st, seat, legal, script)
    if "end_block" in kinds:
        return _block_choice(st, seat, legal, script)
    return _priority_choice(st, seat, legal, script)


def _priority_choice(st: SanctuaryState, seat: int, legal: list[Action], script: Any) -> Action:
    responding = not (st.phase == "harvest" and seat == st.active and not st.stack.items)
    best, best_v = Action.of("pass"), 0.0
    order = list(script.play_order) if script is not None else None
    if script is not None and responding and not script.respond:
        return best
    for a in legal:
        if a.kind not in ("play", "use"):
            continue
        card = st.card(a["card"])
        if order is not None and a.kind == "play" and card.type not in order:
            continue
        if responding and not _worth_responding(st, seat, a):
            continue
        v = _value_of_play(st, seat, a, responding)
        if order is not None and a.kind == "play":
            v += 100 * (len(order) - order.index(card.type))
        if v > best_v:
            best, best_v = a, v
    return best


def _worth_responding(st: SanctuaryState, seat: int, a: Action) -> bool:
    """Spend a Manipulation on the other turn only in a fight, or in Contemplation with spare Will."""
    if st.phase in ("duel", "combat"):
        return True
    return st.phase == "contemplation" and seat != st.active


def _duel_choice(st: SanctuaryState, legal: list[Action], script: Any) -> Action:
    if script is not None and script.duel == "never":
        return Action.of("no_duel")
    best, best_v = Action.of("no_duel"), 0
    for a in legal:
        if a.kind != "duel":
            continue
        sa, sb = st.strength(a["challenger"]), st.strength(a["target"])
        if sa >= sb and sb < sa:  # kills it and survives
            v = sb * 2 + 1
            if v > best_v:
                best, best_v = a, v
    return best


def _attack_choice(st: SanctuaryState, seat: int, legal: list[Action], script: Any) -> Action:
    attacks = [a for a in legal if a.kind == "attack"]
    if not attacks or (script is not None and script.attack == "never"):
        return Action.of("end_attack")
    if script is not None and script.attack == "always":
        return attacks[0]
    opp = 1 - seat
    blockers = [st.strength(c) for c in st.players[opp].chars if not st.perm[c].tapped]
    total = sum(st.strength(a["card"]) for a in attacks)
    declared = sum(st.strength(c) for c in (st.combat.attackers if st.combat else []))
    if script is None and total + declared - sum(sorted(blockers)[-len(attacks):] or [0]) >= st.players[opp].structure:
        return attacks[0]
    for a in sorted(attacks, key=lambda a: -st.strength(a["card"])):
        s = st.strength(a["card"])
        if not blockers or all(b < s for b in blockers):
            return a
    return Action.of("end_attack")


def _block_choice(st: SanctuaryState, seat: int, legal: list[Action], script: Any) -> Action:
    blocks = [a for a in legal if a.kind == "block"]
    if not blocks or (script is not None and script.block == "never"):
        return Action.of("end_block")
    cb = st.combat
    unblocked = sum(st.strength(a) for a in cb.attackers if a not in cb.blocks and st.is_character_in_play(a)) if cb else 0
    lethal = unblocked >= st.players[seat].structure
    best, best_v = None, 0.0
    for a in blocks:
        v: float
        sb, sa = st.strength(a["blocker"]), st.strength(a["attacker"])
        if sb > sa:
            v = 10 + sa
        elif sb == sa:
            v = 5 + sa - 0.5 * sb
        elif lethal or (script is not None and script.block == "always"):
            v = 1 + sa - sb * 0.1
        else:
            v = 0
        if v > best_v:
            best, best_v = a, v
    return best or Action.of("end_block")


def script_choice(st: SanctuaryState, seat: int, legal: list[Action]) -> Action | None:
    """Return the scripted seat's action (None when the level gives this seat no script)."""
    script = st.model.players[seat].script
    if script is None:
        return None
    act = policy(st, seat, legal, None, script)
    return act if act in legal else legal[-1]
