"""Checks of an expedition state: the validation after loading and the invariants after every action.

``validate`` refuses loaded data that types alone cannot (a hero off the map, an unknown item, a step
that needs a pending part without it) with a StateError naming the field; ``invariants`` returns
broken rules in words (tests and ``simulate`` call it after every action): health within 0..5 +
resistance, no card in two places, a battle step exactly while a battle is hosted.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.engine.protocol import StateError
from game.rulesets.expedition.kinds import MAX_QUESTS, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState


def problems(st: "ExpeditionState") -> list[str]:
    """Everything wrong with a state's own fields, each naming the field."""
    from game.rulesets.expedition.explore import walkable

    m = st.model
    out: list[str] = []
    n = len(st.heroes)
    if not 1 <= n <= 4 or len(st.seat_names) != n + 1:
        return [f"heroes: {n} heroes for {len(st.seat_names)} seats (one per seat, then the Dark Lord)"]
    if not 0 <= st.active < n:
        out.append(f"active: {st.active} is not a hero seat")
    grid = m.grid()
    site_ids = grid.memo.get("site_ids")
    if site_ids is None:
        site_ids = grid.remember("site_ids", frozenset(s.id for s in m.sites))
    for i, h in enumerate(st.heroes):
        w = f"heroes[{i}]"
        if h.seat != i:
            out.append(f"{w}.seat: expected {i}, got {h.seat}")
        if h.hero not in m.heroes:
            out.append(f"{w}.hero: unknown hero {h.hero!r}")
            continue
        if not walkable(st, h.x, h.y):
            out.append(f"{w}: square {[h.x, h.y]} is off the map or not walkable")
        for j, iid in enumerate(h.items):
            if iid not in m.items:
                out.append(f"{w}.items[{j}]: unknown item {iid!r}")
        for j, k in enumerate(h.known):
            if k.npc not in m.npcs or (k.site not in site_ids and k.site != ""):
                out.append(f"{w}.known[{j}]: unknown NPC or site")
            if k.teller is not None and not 0 <= k.teller < n:
                out.append(f"{w}.known[{j}].teller: not a hero seat")
        for j, q in enumerate(h.quests + h.done):
            if q not in m.npcs or m.npcs[q].quest is None:
                out.append(f"{w}.quests[{j}]: {q!r} is no NPC quest")
        if len(h.quests) > MAX_QUESTS:
            out.append(f"{w}.quests: more than {MAX_QUESTS} quest cards")
    items = m.items.keys()
    for name, cards in list(st.decks.items()) + [("market", st.market)]:
        if not items >= set(cards):  # the whole deck at once; the slow walk only to name the bad card
            out.extend(f"decks.{name}[{j}]: unknown item {iid!r}" for j, iid in enumerate(cards) if iid not in items)
    for j, c in enumerate(st.cards):
        if c.card not in m.events:
            out.append(f"cards[{j}].card: unknown event {c.card!r}")
    if not m.events.keys() >= set(st.event_deck):
        out.extend(f"event_deck[{j}]: unknown event {cid!r}" for j, cid in enumerate(st.event_deck)
                   if cid not in m.events)
    cands = m.goal_candidates()
    if cands and st.goal_site not in cands:
        out.append(f"goal_site: {st.goal_site!r} is not one of {cands}")
    out.extend(_step_problems(st))
    return out


def _step_problems(st: "ExpeditionState") -> list[str]:
    out: list[str] = []
    n = len(st.heroes)
    s = st.step
    if s == Step.FINAL:
        out.append("step: 'final' never waits in a saved state")
    if s in (Step.HELP, Step.ANSWER) and st.encounter is None:
        out.append(f"step: {s.value!r} without an encounter")
    if s == Step.ANSWER and (st.encounter is None or st.encounter.waiting is None):
        out.append("encounter.waiting: nobody was asked")
    enc = st.encounter
    if enc is not None:
        if enc.monster not in st.model.monsters:
            out.append(f"encounter.monster: unknown monster {enc.monster!r}")
        if any(not 0 <= x < n or x == st.active for x in enc.asked + enc.helpers):
            out.append("encounter: asked or helpers are not other heroes' seats")
    if s == Step.BATTLE and st.battle is None:
        out.append("step: 'battle' without a battle record")
    b = st.battle
    if b is not None:
        if b.hero != st.active or any(not 0 <= x < n or x == st.active for x in b.helpers):
            out.append("battle: the hero in need or a helper is not a right seat")
        if b.monster not in st.model.monsters:
            out.append(f"battle.monster: unknown monster {b.monster!r}")
    if s in (Step.OFFER, Step.REPLY):
        o = st.offer
        if o is None:
            out.append(f"step: {s.value!r} without an offer")
        elif not 0 <= o.to < n or o.to == st.active:
            out.append("offer.to: not another hero's seat")
        else:
            h, other = st.heroes[st.active], st.heroes[o.to]
            if any(not 0 <= i < len(h.items) for i in o.give) or any(not 0 <= i < len(other.items) for i in o.take):
                out.append("offer: an item slot is out of range")
            if o.info >= len(h.known) + len(st.model.rumours):
                out.append("offer.info: no such message")
    if s == Step.CLAIM and st.successes < 2:
        out.append("successes: a claim needs at least 2")
    if (s == Step.OVER) != (st.winners is not None):
        out.append("winners: set exactly when the game is over")
    if st.market and s != Step.CITY:
        out.append("market: browsed items outside the city")
    return out


def validate(st: "ExpeditionState") -> None:
    """Raise StateError naming the first problem of a loaded state."""
    found = problems(st)
    if found:
        raise StateError(found[0])


def _copy_limits(st: "ExpeditionState") -> dict[str, int]:
    """How many copies of each item may be in play: its copies plus the heroes' starting ones (quest items: 1)."""
    grid = st.model.grid()
    key = ("copy_limits", len(st.heroes))
    found = grid.memo.get(key)
    if found is None:
        starting = Counter(x for h in st.model.heroes.values() for x in h.items)
        found = grid.remember(key, {iid: 1 if it.rarity == "quest" else it.copies + starting[iid] * len(st.heroes)
                                    for iid, it in st.model.items.items()})
    return found


def invariants(st: "ExpeditionState") -> list[str]:
    """Broken invariants in words (empty when all hold)."""
    from game.rulesets.expedition.explore import max_health

    out = problems(st)
    if out:
        return out
    for h in st.heroes:
        top = max_health(st, h)
        if not 0 <= h.health <= top:
            out.append(f"heroes[{h.seat}].health: {h.health} outside 0..{top}")
        if h.gold < 0:
            out.append(f"heroes[{h.seat}].gold: negative")
    held: Counter[str] = Counter()
    for h in st.heroes:
        held.update(h.items)
    held.update(st.market)
    for cards in st.decks.values():
        held.update(cards)
    limits = _copy_limits(st)
    for iid, k in held.items():
        if k > limits[iid]:
            out.append(f"item {iid!r}: {k} copies in play, at most {limits[iid]}")
    if (st.step == Step.BATTLE) != (st.child is not None):
        out.append("step: 'battle' exactly while a battle is hosted")
    return out
