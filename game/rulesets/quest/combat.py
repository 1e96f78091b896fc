"""The combat phase (6a-6d5, with RULES.md's archery and the keywords ranged and sentinel).

Archery: the staging area's archery total is dealt 1 point at a time, the seats in turn order each
choosing one of their characters. 6a: one face-down shadow card per engaged enemy, from the highest
engagement cost. 6c: per player in turn order, each engaged enemy attacks (the player picks the order,
6c1): one defender or none (6c2, exhausted; 2a4: another seat's sentinel may defend an undefended
attack), the shadow is turned and resolved (6c3), damage = attack - defense to the defender (6c4) or
the whole attack to one hero (6c5). 6d: per player, attacks against engaged enemies (6d1, d4: one per
enemy; 2a2: ranged characters may attack enemies engaged with others) with the summed attack minus
the enemy's defense (6d2); survivors stay engaged (6d3); then the shadows are discarded (6d5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.rulesets.quest.parts import P_COMBAT, Attack, Step, Strike, Window
from game.rulesets.quest.phases.questing import draw_encounter
from game.rulesets.quest.phases.round import set_phase
from game.rulesets.quest.phases.windows import open_window
from game.rulesets.quest.verbs import run_list

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


def begin_combat(st: QuestState, ev: list[Event]) -> None:
    """Combat begins with the archery damage, then the shadow cards."""
    set_phase(st, P_COMBAT, ev)
    st.attacked = []
    st.shadows_up = []
    total = sum(st.defn(c).archery for c in st.encounter.staging if st.defn(c).kind == "enemy")
    st.archery_left = total
    st.archery_done = 0
    if total:
        ev.append(Event("Archery", {"amount": total}))
    st.step = Step.ARCHERY if total else Step.SHADOWS


def archery_seat(st: QuestState) -> int | None:
    """The seat assigning the next archery point (turn order, round robin), None when nobody can."""
    order = [s for s in st.turn_order() if st.characters(s)]
    return order[st.archery_done % len(order)] if order and st.archery_left > 0 else None


def archery_hit(st: QuestState, seat: int, card: str, ev: list[Event]) -> None:
    """One archery point on a character of the seat's."""
    st.archery_left -= 1
    st.archery_done += 1
    st.deal_damage(card, 1, ev, "archery")
    if st.result() is None and (st.archery_left <= 0 or archery_seat(st) is None):
        st.archery_left = 0
        st.step = Step.SHADOWS


def auto_archery(st: QuestState, ev: list[Event]) -> bool:
    """Archery with one possible character is dealt by itself; with nobody left it ends."""
    seat = archery_seat(st)
    if seat is None:
        st.archery_left = 0
        st.step = Step.SHADOWS
        return True
    chars = st.characters(seat)
    if len(chars) == 1:
        archery_hit(st, seat, chars[0], ev)
        return True
    return False


def auto_shadows(st: QuestState, ev: list[Event]) -> bool:
    """6a: one shadow card per engaged enemy, from the highest engagement cost; then window 6b."""
    order = st.turn_order()
    engaged = [(e, s) for s in order for e in st.players[s].engaged]
    engaged.sort(key=lambda es: -st.defn(es[0]).engagement)  # stable: ties in turn and engagement order
    for e, _s in engaged:
        c = draw_encounter(st, ev)
        if c is None:
            break
        st.encounter.shadows[e] = c
        ev.append(Event("ShadowDealt", {"enemy": e}))
    open_window(st, Window.W6B, ev)
    return True


def begin_enemy_attacks(st: QuestState, ev: list[Event]) -> None:
    """6c: per player in turn order, each engaged enemy attacks."""
    st.step = Step.ENEMY
    st.order_left = st.turn_order()


def waiting_enemies(st: QuestState, seat: int) -> list[str]:
    """The seat's engaged enemies that have not attacked in this combat."""
    return [e for e in st.players[seat].engaged if e not in st.attacked]


def auto_enemy(st: QuestState, ev: list[Event]) -> bool:
    """6c1/6c6: the next seat when this one has no enemy left; one enemy left attacks by itself."""
    while st.order_left and not waiting_enemies(st, st.order_left[0]):
        st.order_left.pop(0)
    if not st.order_left:
        begin_strikes(st, ev)
        return True
    seat = st.order_left[0]
    left = waiting_enemies(st, seat)
    if len(left) == 1:
        start_attack(st, seat, left[0], ev)
        return True
    return False


def start_attack(st: QuestState, seat: int, enemy: str, ev: list[Event]) -> None:
    """6c1: this enemy attacks the seat; 6c2 comes next."""
    st.attacked.append(enemy)
    st.attack = Attack(enemy=enemy, seat=seat)
    st.step = Step.DEFEND
    ev.append(Event("EnemyAttacks", {"enemy": enemy, "seat": seat}))


def defenders(st: QuestState, seat: int) -> list[str]:
    """6c2: the seat's ready characters."""
    return [c for c in st.characters(seat) if st.is_ready(c)]


def sentinels(st: QuestState, seat: int) -> list[str]:
    """2a4: the seat's ready characters with sentinel."""
    return [c for c in st.characters(seat) if st.is_ready(c) and st.has_kw(c, "sentinel")]


def defend(st: QuestState, seat: int, card: str, ev: list[Event]) -> None:
    """6c2: a defender is declared and exhausts; the attack resolves."""
    assert st.attack is not None
    st.exhaust(card, ev)
    st.attack.defender = card
    st.attack.declared = True
    ev.append(Event("DefenderDeclared", {"seat": seat, "card": card, "enemy": st.attack.enemy}))
    resolve_attack(st, ev)


def no_defender(st: QuestState, seat: int, ev: list[Event]) -> None:
    """No defender: other seats with a ready sentinel may still defend (2a4), else the attack resolves."""
    a = st.attack
    assert a is not None
    if st.step is Step.DEFEND:
        a.declared = True
        a.sentinels = [s for s in st.turn_order() if s != a.seat and sentinels(st, s)]
        ev.append(Event("NoDefender", {"seat": seat, "enemy": a.enemy}))
    elif a.sentinels and a.sentinels[0] == seat:
        a.sentinels.pop(0)
        ev.append(Event("NoSentinel", {"seat": seat, "enemy": a.enemy}))
    a.sentinels = [s for s in a.sentinels if sentinels(st, s)]
    if a.sentinels:
        st.step = Step.SENTINEL
    else:
        resolve_attack(st, ev)


def auto_defend(st: QuestState, ev: list[Event]) -> bool:
    """With no ready character the attack is undefended by itself."""
    a = st.attack
    if a is None:
        return False
    if st.step is Step.DEFEND and not defenders(st, a.seat):
        no_defender(st, a.seat, ev)
        return True
    return False


def resolve_attack(st: QuestState, ev: list[Event]) -> None:
    """6c3: the shadow is turned and resolved; 6c4/6c5: the damage."""
    a = st.attack
    assert a is not None
    shadow = st.encounter.shadows.get(a.enemy)
    if shadow is not None and a.enemy not in st.shadows_up:
        st.shadows_up.append(a.enemy)
        ev.append(Event("ShadowRevealed", {"enemy": a.enemy, "card": shadow}, reveal=True))
        run_list(st, st.defn(shadow).shadow, shadow, None, None, ev)
    if st.result() is not None:
        return
    if a.enemy not in st.table or st.players[a.seat].eliminated:
        end_attack(st, ev)
        return
    power = st.stat(a.enemy, "attack") + a.bonus
    if a.defender is not None:
        if a.defender in st.table:
            dmg = max(0, power - st.stat(a.defender, "defense"))
            ev.append(Event("AttackDamage", {"enemy": a.enemy, "card": a.defender, "amount": dmg}))
            st.deal_damage(a.defender, dmg, ev, a.enemy)
        end_attack(st, ev)
        return
    heroes = st.players[a.seat].heroes
    if len(heroes) == 1 or power == 0:
        if heroes:
            take_hit(st, heroes[0], ev)
        else:
            end_attack(st, ev)
        return
    st.step = Step.UNDEFENDED


def take_hit(st: QuestState, hero: str, ev: list[Event]) -> None:
    """6c5: an undefended attack's whole strength on one hero, ignoring its defense."""
    a = st.attack
    assert a is not None
    power = st.stat(a.enemy, "attack") + a.bonus
    ev.append(Event("AttackDamage", {"enemy": a.enemy, "card": hero, "amount": power, "undefended": True}))
    st.deal_damage(hero, power, ev, a.enemy)
    end_attack(st, ev)


def end_attack(st: QuestState, ev: list[Event]) -> None:
    """The attack is over: 6c6, the next enemy (step ENEMY works out whose)."""
    st.attack = None
    if st.result() is None:
        st.step = Step.ENEMY


def begin_strikes(st: QuestState, ev: list[Event]) -> None:
    """6d: per player in turn order, attacks against enemies."""
    st.step = Step.STRIKE
    st.order_left = st.turn_order()


def strike_targets(st: QuestState, seat: int) -> list[str]:
    """6d1/d4: enemies the seat may attack now: its own engaged ones, and others' with a ready ranged character."""
    p = st.players[seat]
    ready = [c for c in st.characters(seat) if st.is_ready(c)]
    if not ready:
        return []
    out = [e for e in p.engaged if e not in p.attacked]
    if any(st.has_kw(c, "ranged") for c in ready):
        out += [e for s in st.turn_order() if s != seat for e in st.players[s].engaged if e not in p.attacked]
    return out


def attacker_options(st: QuestState) -> list[str]:
    """The seat's ready characters that may join the declared attack (ranged only against others' enemies)."""
    k = st.strike
    assert k is not None
    own = k.enemy in st.players[k.seat].engaged
    return [c for c in st.characters(k.seat) if st.is_ready(c) and c not in k.attackers
            and (own or st.has_kw(c, "ranged"))]


def declare_strike(st: QuestState, seat: int, enemy: str, ev: list[Event]) -> None:
    """6d1: the seat declares an attack against an enemy."""
    st.players[seat].attacked.append(enemy)
    st.strike = Strike(seat=seat, enemy=enemy)
    st.step = Step.ATTACKERS
    ev.append(Event("AttackDeclared", {"seat": seat, "enemy": enemy}))


def add_attacker(st: QuestState, seat: int, card: str, ev: list[Event]) -> None:
    """6d1: one more attacker, exhausted."""
    assert st.strike is not None
    st.strike.attackers.append(card)
    st.exhaust(card, ev)
    ev.append(Event("AttackerDeclared", {"seat": seat, "card": card}))


def resolve_strike(st: QuestState, ev: list[Event]) -> None:
    """6d2: the attackers' summed attack minus the enemy's defense; 6d3: a survivor stays engaged."""
    k = st.strike
    assert k is not None
    st.strike = None
    st.step = Step.STRIKE
    if k.enemy not in st.table:
        return
    total = sum(st.stat(c, "attack") for c in k.attackers if c in st.table)
    dmg = max(0, total - st.stat(k.enemy, "defense"))
    ev.append(Event("StrikeDamage", {"seat": k.seat, "enemy": k.enemy, "amount": dmg}))
    st.deal_damage(k.enemy, dmg, ev, None)


def auto_strike(st: QuestState, ev: list[Event]) -> bool:
    """A seat with nothing to attack is done; after the last seat the shadows are discarded (6d5), window 6e."""
    while st.order_left and not strike_targets(st, st.order_left[0]):
        st.order_left.pop(0)
    if st.order_left:
        return False
    enc = st.encounter
    for e in list(enc.shadows):
        enc.discard.append(enc.shadows.pop(e))
    if st.shadows_up:
        ev.append(Event("ShadowsDiscarded", {}))
    st.shadows_up = []
    open_window(st, Window.W6E, ev)
    return True


def auto_attackers(st: QuestState, ev: list[Event]) -> bool:
    """An attack whose enemy is gone ends by itself."""
    k = st.strike
    if k is None or k.enemy in st.table:
        return False
    st.strike = None
    st.step = Step.STRIKE
    return True
