"""Turns, rounds, event cards, quests, knock-outs and the level's goal (seed step 5 and RULES.md).

Step 5 is automatic (``auto_final``): back to step 1 while the hero has moves, else the next hero's
turn; after the last hero a new round begins, the event cards in play tick down and a new card may be
drawn (``events_every``). The game ends when the goal is met (``check_goal`` after every action and
battle) or after the level's last round (the Dark Lord wins).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.engine.events import Event
from game.engine.limits import clamp_gold
from game.rulesets.expedition.kinds import Ev, GoalKind, Step, ceil_half

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState, Hero


#: a tile's ``event`` that draws a card from the event deck instead of naming one
DRAW = "draw"


def start(st: "ExpeditionState", events: list[Event]) -> None:
    """The first round: the goal's secret site, the first event card, the first hero's moves."""
    cands = st.model.goal_candidates()
    st.goal_site = st.rng.choice(cands) if len(cands) > 1 else (cands[0] if cands else None)
    begin_round(st, events, first=True)


def auto_final(st: "ExpeditionState", events: list[Event]) -> bool:
    """Step 5: back to step 1 while moves remain, else the next hero's turn (and maybe a new round)."""
    from game.rulesets.expedition.explore import moves_per_turn

    st.encounter, st.offer, st.talked, st.traded, st.successes = None, None, [], [], 0
    if st.moves_left > 0:
        st.step = Step.MOVE
        return True
    events.append(Event(Ev.TURN_ENDED, {"seat": st.active}))
    st.turns += 1
    if st.active + 1 < len(st.heroes):
        st.active += 1
    else:
        st.active = 0
        st.round += 1
        if st.round > st.model.rounds:
            finish(st, [st.dark_lord], "rounds", events)
            return True
        begin_round(st, events)
    st.moves_left = moves_per_turn(st)
    events.append(Event(Ev.TURN, {"seat": st.active, "moves": st.moves_left}))
    st.step = Step.MOVE
    return True


def begin_round(st: "ExpeditionState", events: list[Event], first: bool = False) -> None:
    """A new round: cards in play tick down, a new event card may come; the first hero's moves."""
    from game.rulesets.expedition.explore import moves_per_turn
    from game.rulesets.expedition.state import ActiveCard

    events.append(Event(Ev.ROUND, {"round": st.round}))
    if not first:
        for c in list(st.cards):
            c.left -= 1
            if c.left <= 0:
                st.cards.remove(c)
                events.append(Event(Ev.CARD_ENDS, {"card": c.card}))
    every = st.model.events_every
    if every and st.model.events and st.round % every == 0:
        cid = draw_card(st)
        card = st.model.events[cid]
        st.cards.append(ActiveCard(card=cid, step=card.step, amount=card.amount, left=card.duration))
        events.append(Event(Ev.CARD, {"card": cid, "step": card.step.value, "amount": card.amount,
                                      "rounds": card.duration}, random=True))
    if first:
        st.moves_left = moves_per_turn(st)
        events.append(Event(Ev.TURN, {"seat": st.active, "moves": st.moves_left}))


def draw_card(st: "ExpeditionState") -> str:
    """The next event card, drawn at random from the event deck (shuffled anew when empty)."""
    if not st.event_deck:
        st.event_deck = sorted(cid for cid, e in st.model.events.items() for _ in range(e.copies))
    return st.event_deck.pop(st.rng.randbelow(len(st.event_deck)))


def tile_card(st: "ExpeditionState", x: int, y: int, events: list[Event]) -> None:
    """Seed "o cuando una loseta lo diga": a move ending on a tile that names an event card brings it into play.

    The tile names a card of the level's events table, or ``"draw"``: a card drawn from the event deck.
    The card changes its step at once (this move's steps 2-4 already see it) and lasts its duration, like
    a card of the round; a named card already in play is not played twice.
    """
    from game.rulesets.expedition.state import ActiveCard

    cid = st.model.tile_event(x, y)
    if cid is None or not st.model.events or any(c.card == cid for c in st.cards):
        return
    drawn = cid == DRAW
    if drawn:
        cid = draw_card(st)
    card = st.model.events[cid]
    st.cards.append(ActiveCard(card=cid, step=card.step, amount=card.amount, left=card.duration))
    events.append(Event(Ev.CARD, {"card": cid, "step": card.step.value, "amount": card.amount,
                                  "rounds": card.duration, "at": [x, y], "seat": st.active}, random=drawn))


def finish(st: "ExpeditionState", winners: list[int], reason: str, events: list[Event]) -> None:
    """End the game (a market still on the table goes back into the deck: the city closes)."""
    if st.market:
        from game.rulesets.expedition.explore import put_back

        put_back(st, st.market)
        st.market = []
    st.winners = sorted(winners)
    st.reason = reason
    st.step = Step.OVER
    events.append(Event(Ev.GAME_OVER, {"winners": st.winners, "reason": reason}))


def goal_met(st: "ExpeditionState", h: "Hero") -> bool:
    """True when this hero (alone) meets the goal."""
    g = st.model.goal
    if g.kind == GoalKind.REACH:
        site = st.model.site(st.goal_site or "")
        return site is not None and (h.x, h.y) == tuple(site.at)
    if g.kind == GoalKind.BRING:
        site = st.model.site(st.goal_site or "")
        return site is not None and (h.x, h.y) == tuple(site.at) and g.item in h.items
    if g.kind == GoalKind.QUESTS:
        return len(h.done) >= g.count
    return h.gold >= g.count


def check_goal(st: "ExpeditionState", events: list[Event]) -> None:
    """After every action: the goal met ends the game (cooperative: all heroes win; else the first)."""
    if st.winners is not None:
        return
    g = st.model.goal
    coop = st.model.mode == "cooperative"
    seats = list(range(len(st.heroes)))
    if coop and g.kind == GoalKind.QUESTS and sum(len(h.done) for h in st.heroes) >= g.count:
        finish(st, seats, "goal", events)
    elif coop and g.kind == GoalKind.GOLD and sum(h.gold for h in st.heroes) >= g.count:
        finish(st, seats, "goal", events)
    else:
        for h in [st.hero] + [o for o in st.heroes if o is not st.hero]:
            if goal_met(st, h):
                finish(st, seats if coop else [h.seat], "goal", events)
                return


def check_quests(st: "ExpeditionState", h: "Hero", events: list[Event], slain: str | None = None) -> None:
    """Complete the hero's quest cards whose condition holds (reach a site, bring an item to a town, slay)."""
    from game.rulesets.expedition.explore import in_town

    for nid in list(h.quests):
        q = st.model.npcs[nid].quest
        if q is None:
            continue
        site = st.model.site(q.site) if q.site else None
        ok = ((q.kind == "reach" and site is not None and (h.x, h.y) == tuple(site.at))
              or (q.kind == "bring" and q.item in h.items
                  and ((h.x, h.y) == tuple(site.at) if site is not None else in_town(st, h)))
              or (q.kind == "slay" and slain is not None and slain == q.monster))
        if ok:
            if q.kind == "bring":
                from game.rulesets.expedition.explore import cap_health

                h.items.remove(q.item)
                cap_health(st, h)  # a resistance item handed over takes its extra health with it
            h.quests.remove(nid)
            h.done.append(nid)
            h.gold = clamp_gold(h.gold + q.gold)
            events.append(Event(Ev.QUEST_DONE, {"seat": h.seat, "npc": nid, "gold": q.gold}))


def nearest_town(st: "ExpeditionState", h: "Hero") -> tuple[int, int]:
    """The town the fewest walkable steps away (ties: the level's site order).

    The steps from each town are kept on the map's grid (a walk is the same both ways), so a knock-out
    no longer walks the whole map from the hero.
    """
    from game.rulesets.expedition.explore import distance, walkable

    towns = [(s.at[0], s.at[1]) for s in st.model.sites if s.kind == "town"]
    start = (h.x, h.y)
    if not walkable(st, *start):
        return _nearest_town_walk(st, towns, start)
    grid = st.model.grid()
    dist = {t: 0 if t == start else grid.steps_from(t).get(start) if walkable(st, *t) else None for t in towns}
    reach = [t for t in towns if dist[t] is not None]
    if reach:
        return min(reach, key=lambda t: (dist[t], towns.index(t)))
    return min(towns, key=lambda t: (distance(start, t), towns.index(t)))


def _nearest_town_walk(st: "ExpeditionState", towns: list[tuple[int, int]], start: tuple[int, int]) -> tuple[int, int]:
    """``nearest_town`` walked from the hero's square (a square no walk from a town may enter)."""
    from game.rulesets.expedition.explore import distance, walkable

    left = set(towns)
    dist = {start: 0}
    todo = deque([start])
    while todo and left:
        sq = todo.popleft()
        left.discard(sq)
        x, y = sq
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in dist and walkable(st, *n):
                dist[n] = dist[sq] + 1
                todo.append(n)
    reach = [t for t in towns if t in dist]
    if reach:
        return min(reach, key=lambda t: (dist[t], towns.index(t)))
    return min(towns, key=lambda t: (distance(start, t), towns.index(t)))


def knock_out(st: "ExpeditionState", h: "Hero", events: list[Event]) -> None:
    """Carried to the nearest town with 1 health; loses half the gold, rounded up."""
    x, y = nearest_town(st, h)
    lost = ceil_half(h.gold)
    h.gold -= lost
    h.x, h.y = x, y
    h.health = 1
    h.knockouts += 1
    events.append(Event(Ev.KNOCKED_OUT, {"seat": h.seat, "to": [x, y], "gold_lost": lost}))
