"""The sanctuary turn: set-up, Communion and Meditation, the priority window, phases, duel and combat.

Functions of the state that the declared flow (flow.py) calls from its handlers and automatic
steps. Seed 004's order: Communion (ready, Will removed, Technologies wear), Meditation (Will,
start-of-turn effects, draw), Will Harvest, Duel, Combat, Contemplation, end of turn.

Priority goes through the state's ``Stack`` (a ``PriorityStack``): the active seat gets priority
when a window opens; a pass hands it to the other seat; when both passed in a row the top
Manipulation resolves (last in, first out) and the active seat gets priority again, or, with an
empty stack, the phase moves on. Playing or using anything opens a fresh window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event, card_moved, game_over, phase_began, shuffled
from game.rulesets.sanctuary.effects import VERBS, EffectContext
from game.rulesets.sanctuary.parts import (
    P_COMBAT,
    P_CONTEMPLATION,
    P_DUEL,
    P_END,
    P_HARVEST,
    P_OVER,
    S_ATTACK,
    S_DECLARE,
    S_DISCARD,
    S_OVER,
    S_PRIORITY,
    Combat,
    Duel,
    Perm,
    Player,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import SanctuaryState


# --- end of the game -----------------------------------------------------------------------------------

def check_over(st: SanctuaryState, ev: list[Event]) -> bool:
    """End the game when a Sanctuary fell (both at once: a draw); True once the game is over."""
    p0, p1 = st.players
    if st.phase is P_OVER:
        return True
    if p0.structure > 0 and p1.structure > 0:
        return False
    fallen = [p for p, pl in enumerate((p0, p1)) if pl.structure <= 0]
    st.winners = [p for p in (0, 1) if p not in fallen]
    st.end_reason = "sanctuary_fell" if st.winners else "both_fell"
    st.phase, st.step = P_OVER, S_OVER
    ev.append(game_over(list(st.winners), reason=st.end_reason))
    return True


# --- set-up ----------------------------------------------------------------------------------------------

def setup(st: SanctuaryState) -> list[Event]:
    """Both Sanctuaries enter play, decks are shuffled (stacked cards on top) and 6 cards drawn."""
    ev: list[Event] = [phase_began("setup")]
    for p, _setup in enumerate(st.model.players):
        san = f"{p}.S"
        st.players.append(Player(sanctuary=san, structure=st.card(san).structure))
        st.perm[san] = Perm()
        ev.append(card_moved(san, "outside", "sanctuary", seat=p, card_id=st.owner_card[san]))
    for p, ps in enumerate(st.model.players):
        own = sorted(i for i in st.owner_card if st.owner(i) == p and not i.endswith(".S"))
        stacked: list[str] = []
        rest = list(own)
        chose_other = bool(st.decks) and st.decks[p] != ps.deck  # a stacked order belongs to the level's deck
        for cid in [] if chose_other else ps.stacked:
            pick = next(i for i in rest if st.owner_card[i] == cid)
            rest.remove(pick)
            stacked.append(pick)
        st.rng.shuffle(rest)
        st.players[p].deck = rest + list(reversed(stacked))  # the top is the end of the list
        ev.append(shuffled(f"deck{p}", seat=p))
    for p in (0, 1):
        draw_hand(st, p, st.model.opening_hand, ev)
    return ev


def next_hand_size(st: SanctuaryState, seat: int) -> int:
    """Return the size of the seat's next hand after a mulligan (6, 6, 5, 4 ...; -1: no more)."""
    drawn = st.players[seat].hands_drawn
    if len(drawn) <= 1:
        return st.model.opening_hand
    return drawn[-1] - 1


def draw_hand(st: SanctuaryState, seat: int, n: int, ev: list[Event]) -> None:
    """Draw a set-up hand (an empty deck costs nothing here)."""
    st.players[seat].hands_drawn.append(n)
    st.draw(seat, n, ev, penalty=False)


def keep(st: SanctuaryState, seat: int, ev: list[Event]) -> None:
    """The seat keeps its hand; after seat 1 the first player is chosen and the first turn begins."""
    st.players[seat].kept = True
    ev.append(Event("HandKept", {"seat": seat, "size": len(st.players[seat].hand)}))
    if seat == 0:
        st.setup_seat = 1
        return
    if st.model.first_player == "random":
        st.first_player = st.rng.randbelow(2)
    else:
        st.first_player = 0 if st.model.first_player == "first" else 1
    ev.append(Event("FirstPlayer", {"seat": st.first_player}, random=st.model.first_player == "random"))
    st.active = st.first_player
    begin_turn(st, ev)


def mulligan(st: SanctuaryState, seat: int, ev: list[Event]) -> None:
    """The hand goes back, the deck is shuffled and a hand one card smaller is drawn."""
    pl = st.players[seat]
    n = next_hand_size(st, seat)
    for c in list(pl.hand):
        pl.hand.remove(c)
        pl.deck.append(c)
        ev.append(card_moved(c, "hand", "deck", seat=seat, hidden=True))
    st.rng.shuffle(pl.deck)
    ev.append(shuffled(f"deck{seat}", seat=seat))
    ev.append(Event("Mulligan", {"seat": seat, "size": n}))
    draw_hand(st, seat, n, ev)


# --- turn structure --------------------------------------------------------------------------------------

def begin_turn(st: SanctuaryState, ev: list[Event]) -> None:
    """Communion and Meditation of the new active seat, then Will Harvest opens with priority."""
    st.turn += 1
    a = st.active
    pl = st.players[a]
    ev.append(phase_began("turn", a, turn=st.turn))
    # 1. Communion: ready everything, leftover Will removed, Technologies lose 1 Durability.
    ev.append(phase_began("communion", a))
    for c in [pl.sanctuary, *pl.attachments, *pl.chars, *pl.techs]:
        if st.perm[c].tapped:
            st.set_tapped(c, False, ev)
    if pl.will:
        ev.append(Event("WillChanged", {"seat": a, "amount": -pl.will, "will": 0, "why": "communion"}))
    pl.will = 0
    pl.attachments_this_turn = 0
    for tc in list(pl.techs):
        st.change_durability(tc, -1, ev)
    # 2. Meditation: Attachments and Sanctuary generate Will, start-of-turn effects, draw.
    ev.append(phase_began("meditation", a))
    generate_will(st, a, ev)
    if st.turn == 1:
        generate_will(st, 1 - a, ev)
    for c in [pl.sanctuary, *pl.attachments, *pl.chars, *pl.techs]:
        if c in st.perm:
            for eff in st.card(c).on_turn_start:
                VERBS.run(EffectContext(st, a, c, None, ev), eff)
                ev.append(Event("Triggered", {"card": c, "seat": a}))
    if st.turn != 1:
        st.draw(a, 1, ev)
    else:
        ev.append(Event("DrawSkipped", {"seat": a}))
    st.check_deaths(ev)
    # 3. Will Harvest (announced in the log like every other phase).
    st.phase = P_HARVEST
    ev.append(phase_began("harvest", a))
    open_priority(st, ev)


def generate_will(st: SanctuaryState, seat: int, ev: list[Event]) -> None:
    """The seat's Sanctuary and Attachments generate their Will."""
    pl = st.players[seat]
    total = sum(st.card(c).will for c in [pl.sanctuary, *pl.attachments])
    st.gain_will(seat, total, ev, "meditation")


def open_priority(st: SanctuaryState, ev: list[Event]) -> None:
    """Open the phase's priority window: the active seat has priority first."""
    st.step = S_PRIORITY
    st.stack.open_window(st.active)
    ev.append(Event("Priority", {"phase": st.phase.value, "seat": st.active}))


def pass_priority(st: SanctuaryState, seat: int, ev: list[Event]) -> None:
    """The seat passes: the other is asked; both passed in a row: resolve the top or end the phase."""
    stack = st.stack
    stack.pass_(seat)
    nxt = stack.next_responder((seat, 1 - seat))
    if nxt is not None:
        stack.holder = nxt
        return
    if stack.items:
        resolve_top(st, ev)
        return
    phase_done(st, ev)


def phase_done(st: SanctuaryState, ev: list[Event]) -> None:
    """Both passed with an empty stack: the phase's own ending, then the next phase."""
    if st.phase is P_HARVEST:
        st.phase, st.step = P_DUEL, S_DECLARE
        ev.append(phase_began("duel", st.active))
    elif st.phase is P_DUEL:
        resolve_duel(st, ev)
        enter_combat(st, ev)
    elif st.phase is P_COMBAT:
        resolve_combat(st, ev)
        enter_contemplation(st, ev)
    elif st.phase is P_CONTEMPLATION:
        if len(st.players[st.active].hand) > st.model.hand_limit:
            st.phase, st.step = P_END, S_DISCARD
            ev.append(Event("HandLimit", {"seat": st.active, "limit": st.model.hand_limit}))
        else:
            end_turn(st, ev)


def enter_combat(st: SanctuaryState, ev: list[Event]) -> None:
    """The Combat phase begins: the active seat may declare attackers."""
    st.duel = None
    st.phase, st.step = P_COMBAT, S_ATTACK
    st.combat = Combat()
    ev.append(phase_began("combat", st.active))


def skip_combat(st: SanctuaryState, seat: int, ev: list[Event], auto: bool) -> None:
    """No attackers: the Combat phase is skipped (``auto``: nobody could attack)."""
    ev.append(Event("CombatSkipped", {"seat": seat, "auto": True} if auto else {"seat": seat}))
    st.combat = None
    enter_contemplation(st, ev)


def enter_contemplation(st: SanctuaryState, ev: list[Event]) -> None:
    """Contemplation begins with a priority window."""
    st.phase = P_CONTEMPLATION
    ev.append(phase_began("contemplation", st.active))
    open_priority(st, ev)


def end_turn(st: SanctuaryState, ev: list[Event]) -> None:
    """Damage wears off, 'this turn' changes end, and the other player's turn begins."""
    st.combat = None
    st.duel = None
    for p in st.perm.values():
        p.damage = 0
        p.mod_turn = 0
    st.check_deaths(ev)  # a Strength boost that ends can leave nothing: only modifiers below 0 matter
    ev.append(Event("TurnEnded", {"seat": st.active, "turn": st.turn}))
    if st.turn >= st.model.turn_limit:
        s0, s1 = st.players[0].structure, st.players[1].structure
        st.winners = [0] if s0 > s1 else [1] if s1 > s0 else []
        st.end_reason = "turn_limit"
        st.phase, st.step = P_OVER, S_OVER
        ev.append(game_over(list(st.winners), reason="turn_limit"))
        return
    st.active = 1 - st.active
    begin_turn(st, ev)


# --- duel and combat -------------------------------------------------------------------------------------

def declare_duel(st: SanctuaryState, challenger: str, target: str, ev: list[Event]) -> None:
    """The challenger turns, the challenged seat gains 2 Will, and a priority window opens."""
    st.set_tapped(challenger, True, ev)
    st.duel = Duel(challenger=challenger, target=target)
    ev.append(Event("DuelDeclared", {"challenger": challenger, "target": target, "seat": st.active}))
    st.gain_will(st.owner(target), 2, ev, "challenged")
    open_priority(st, ev)


def resolve_duel(st: SanctuaryState, ev: list[Event]) -> None:
    """Both deal their Strength to each other; a sole survivor wins and the loser's owner draws."""
    d = st.duel
    if not d:
        return
    a, b = d.challenger, d.target
    if st.is_character_in_play(a) and st.is_character_in_play(b):
        sa, sb = st.strength(a), st.strength(b)
        st.damage_character(b, sa, a, ev, kind="duel")
        st.damage_character(a, sb, b, ev, kind="duel")
        st.check_deaths(ev)
    a_in, b_in = st.is_character_in_play(a), st.is_character_in_play(b)
    winner = a if a_in and not b_in else b if b_in and not a_in else None
    loser = (b if winner == a else a) if winner else None
    ev.append(Event("DuelEnded", {"winner": winner, "loser": loser}))
    if loser is not None:
        st.draw(st.owner(loser), 1, ev)


def resolve_combat(st: SanctuaryState, ev: list[Event]) -> None:
    """Blocked pairs fight; unblocked attackers, and those whose blocker is gone, hit the Sanctuary."""
    cb = st.combat
    if not cb:
        return
    opp = 1 - st.active
    pairs = [(a, b) for a, b in cb.blocks.items() if st.is_character_in_play(a) and st.is_character_in_play(b)]
    hits = [(a, b, st.strength(a), st.strength(b)) for a, b in pairs]
    for a, b, sa, sb in hits:
        st.damage_character(b, sa, a, ev, kind="combat")
        st.damage_character(a, sb, b, ev, kind="combat")
    st.check_deaths(ev)
    for a in cb.attackers:
        if not st.is_character_in_play(a):
            continue
        blocker = cb.blocks.get(a)
        if blocker is None:
            st.damage_sanctuary(opp, st.strength(a), a, ev)
        elif not st.is_character_in_play(blocker):
            excess = st.strength(a) - cb.gone.get(blocker, 0)
            if excess > 0:
                st.damage_sanctuary(opp, excess, a, ev, excess=True)


# --- playing cards ---------------------------------------------------------------------------------------

def play_card(st: SanctuaryState, seat: int, c: str, target: str | None, ev: list[Event]) -> None:
    """Pay and play a card: a Manipulation goes on the stack (the other seat gets priority), others enter play."""
    pl = st.players[seat]
    card = st.card(c)
    if card.cost:
        st.gain_will(seat, -card.cost, ev, "cost")
    if card.type == "manipulation":
        pl.hand.remove(c)
        st.stack.push({"card": c, "seat": seat, "target": target}, holder=1 - seat)
        ev.append(card_moved(c, "hand", "stack", seat=seat, revealed=True, card_id=st.owner_card[c], target=target))
        return
    st.stack.open_window(seat)
    if card.type == "character":
        st.move(c, "hand", "chars", ev)
    elif card.type == "attachment":
        st.move(c, "hand", "attachments", ev)
        pl.attachments_this_turn += 1
        if card.structure:
            st.change_structure(seat, card.structure, c, ev)
    elif card.type == "technology":
        st.move(c, "hand", "techs", ev, carrier=target)
        st.perm[c].carrier = target
    for eff in card.effects:
        VERBS.run(EffectContext(st, seat, c, target, ev), eff)
    st.check_deaths(ev)


def use_ability(st: SanctuaryState, seat: int, src: str, idx: int, target: str | None, ev: list[Event]) -> None:
    """Pay (Will, maybe turning the card) and carry out an ability at once (no stack)."""
    ab = st.card(src).abilities[idx]
    st.stack.open_window(seat)
    if ab.cost:
        st.gain_will(seat, -ab.cost, ev, "cost")
    if ab.tap:
        st.set_tapped(src, True, ev)
    ev.append(Event("AbilityUsed", {"card": src, "ability": idx, "target": target, "seat": seat}))
    for eff in ab.effects:
        VERBS.run(EffectContext(st, seat, src, target, ev), eff)
    st.check_deaths(ev)


def resolve_top(st: SanctuaryState, ev: list[Event]) -> None:
    """The top Manipulation resolves (or fizzles when its target left play) and goes to the discard pile."""
    top = st.stack.pop(holder=st.active)
    c, seat, target = top["card"], top["seat"], top["target"]
    card = st.card(c)
    ev.append(Event("Resolved", {"card": c, "seat": seat, "target": target}))
    if target is None or st.is_in_play(target):
        for eff in card.effects:
            VERBS.run(EffectContext(st, seat, c, target, ev), eff)
    else:
        ev.append(Event("Fizzled", {"card": c, "target": target}))
    st.players[st.owner(c)].discard.append(c)
    ev.append(card_moved(c, "stack", "discard", seat=st.owner(c)))
    st.check_deaths(ev)
