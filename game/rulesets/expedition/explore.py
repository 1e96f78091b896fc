"""Exploration steps 1-3 and 5 of seed 000: moves, monsters (escape or fight), search, the end of a move.

Each function is a flow builder (``*_actions(state, seat)``), a handler (``on_*(state, action,
events)``) or an automatic step (``auto_*(state, events) -> bool``) that ``flow.py`` declares. The
numbers (3 + resistance squares, 3 + agility escape dice needing 3 hits, 2 + vision vision dice and a
luck die, normal 2 / rare 3 successes) are in ``kinds.py``; event cards change one step each
(``card_amount``). Goals, rounds and turns are in ``turns.py``.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.events import Event, dice_rolled
from game.rulesets.expedition.kinds import (
    BASE_ESCAPE_DICE,
    BASE_HEALTH,
    BASE_MOVE,
    BASE_VISION_DICE,
    ESCAPE_HITS,
    HELP_RANGE,
    NORMAL_COST,
    RARE_COST,
    SEARCH_MIN,
    Act,
    EventStep,
    Ev,
    GoalKind,
    Step,
)
from game.rulesets.expedition.level import NONE_FACE

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState, Hero

MOVE = Act.MOVE.value
STAY_END = (Action.of(Act.STAY.value), Action.of(Act.END.value))
#: the squares around a hero where monsters stand, in placing order
AROUND = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))


# ------------------------------------------------------------------ numbers
def card_amount(st: "ExpeditionState", step: EventStep) -> int:
    """The sum of the event cards in play that change ``step``."""
    return sum(c.amount for c in st.cards if c.step == step)


def stat(st: "ExpeditionState", h: "Hero", name: str) -> int:
    """A hero's exploration stat: the archetype's plus the carried items' bonuses (at least 0)."""
    base = getattr(st.model.heroes[h.hero], name)
    items = st.model.items
    bonus = sum(items[i].bonus.amount for i in h.items if i in items and items[i].bonus is not None
                and items[i].bonus.stat == name)
    return max(0, base + bonus)


def max_health(st: "ExpeditionState", h: "Hero") -> int:
    """5 + resistance."""
    return BASE_HEALTH + stat(st, h, "resistance")


def cap_health(st: "ExpeditionState", h: "Hero") -> None:
    """Health never exceeds 5 + resistance (a hero who gives away a resistance item loses the excess)."""
    h.health = min(h.health, max_health(st, h))


def move_budget(st: "ExpeditionState", h: "Hero") -> int:
    """Squares one hero move may cover: 3 + resistance (+ a move card)."""
    return max(0, BASE_MOVE + stat(st, h, "resistance") + card_amount(st, EventStep.MOVE))


def escape_dice(st: "ExpeditionState", h: "Hero") -> int:
    """3 + agility escape dice (+ an escape card; at least 1)."""
    return max(1, BASE_ESCAPE_DICE + stat(st, h, "agility") + card_amount(st, EventStep.ESCAPE))


def vision_dice(st: "ExpeditionState", h: "Hero") -> int:
    """2 + vision vision dice (+ a search card; at least 1)."""
    return max(1, BASE_VISION_DICE + stat(st, h, "vision") + card_amount(st, EventStep.SEARCH))


def moves_per_turn(st: "ExpeditionState") -> int:
    """Hero moves per turn: 2 (+ a moves card; 1 to 4)."""
    from game.rulesets.expedition.kinds import MOVES_PER_TURN

    return min(4, max(1, MOVES_PER_TURN + card_amount(st, EventStep.MOVES)))


def chance_at_least(n: int, need: int, p: float) -> float:
    """The chance of at least ``need`` hits on ``n`` dice that each hit with chance ``p``."""
    from math import comb

    return sum(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(max(0, need), n + 1))


def hit_chance(face: int) -> float:
    """The chance a six-sided die shows ``face`` or more."""
    return max(0.0, min(1.0, (7 - face) / 6))


# ------------------------------------------------------------------ the map
def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Orthogonal steps between two squares, whatever the terrain."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def walkable(st: "ExpeditionState", x: int, y: int) -> bool:
    """True for a square on the map that heroes may enter."""
    walk = st.model.grid().walkable
    return 0 <= y < len(walk) and 0 <= x < len(walk[0]) and walk[y][x]


def reachable(st: "ExpeditionState", h: "Hero", budget: int | None = None) -> dict[tuple[int, int], int]:
    """Squares a hero move can reach (orthogonal steps over walkable squares) with their cost."""
    limit = move_budget(st, h) if budget is None else budget
    return dict(st.model.grid().reach((h.x, h.y), limit))


def path_to(st: "ExpeditionState", h: "Hero", goal: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares of a shortest walk from the hero to ``goal`` (the start left out; [] if unreachable)."""
    start = (h.x, h.y)
    walk = st.model.grid().walkable
    hgt, wid = len(walk), len(walk[0])
    prev: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    todo = deque([start])
    while todo:
        sq = todo.popleft()
        if sq == goal:
            break
        x, y = sq
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if 0 <= n[0] < wid and 0 <= n[1] < hgt and walk[n[1]][n[0]] and n not in prev:
                prev[n] = sq
                todo.append(n)
    if goal not in prev:
        return []
    out = []
    cur: tuple[int, int] | None = goal
    while cur is not None and cur != start:
        out.append(cur)
        cur = prev[cur]
    return out[::-1]


def is_dangerous(st: "ExpeditionState", x: int, y: int) -> bool:
    """True when a move ending here starts step 2: wild land, unless a danger card says otherwise."""
    m = st.model
    site = m.site_at(x, y)
    if site is not None and site.kind == "town":
        return False
    danger = card_amount(st, EventStep.DANGER)
    if danger > 0:
        return True
    if danger < 0:
        return False
    if site is not None:
        return not site.is_safe
    return m.biomes[m.biome_at(x, y)].is_dangerous


def in_town(st: "ExpeditionState", h: "Hero") -> bool:
    """True when the hero stands on a town."""
    site = st.model.site_at(h.x, h.y)
    return site is not None and site.kind == "town"


# ------------------------------------------------------------------ step 1: moves
def move_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Every reachable square (one hero move), stay, end the turn."""
    h = st.heroes[seat]
    grid = st.model.grid()
    key = ("moves", h.x, h.y, move_budget(st, h))
    moves = grid.memo.get(key)
    if moves is None:
        squares = sorted((y, x) for x, y in grid.reach((h.x, h.y), key[3]) if (x, y) != (h.x, h.y))
        # built directly (the arguments already sorted by name): this list is the hottest in the bots' search;
        # kept per square and budget on the map's grid (actions are frozen)
        moves = grid.remember(key, tuple(Action(MOVE, (("x", x), ("y", y))) for y, x in squares))
    return [*moves, STAY_END[0], STAY_END[1]]


def on_move(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Walk to the square; then the city, or steps 2-4."""
    h = st.hero
    path = path_to(st, h, (action["x"], action["y"]))
    h.x, h.y = action["x"], action["y"]
    st.moves_left -= 1
    events.append(Event(Ev.MOVED, {"seat": h.seat, "to": [h.x, h.y], "path": [list(p) for p in path],
                                   "moves_left": st.moves_left}))
    if st.model.has_tile_events:
        from game.rulesets.expedition.turns import tile_card

        tile_card(st, h.x, h.y, events)
    after_move(st, events)


def on_stay(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Spend a hero move without moving; steps 2-5 follow as after any move."""
    h = st.hero
    st.moves_left -= 1
    events.append(Event(Ev.STAYED, {"seat": h.seat, "at": [h.x, h.y], "moves_left": st.moves_left}))
    after_move(st, events)


def on_end(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """End the turn: the remaining moves are lost."""
    st.moves_left = 0
    st.step = Step.FINAL


def after_move(st: "ExpeditionState", events: list[Event]) -> None:
    """A move ended: a town opens the city; else a dangerous square step 2, else step 3."""
    from game.rulesets.expedition.turns import check_quests

    h = st.hero
    check_quests(st, h, events)
    if in_town(st, h):
        st.heals, st.market, st.browsed = 0, [], False
        st.step = Step.CITY
    elif is_dangerous(st, h.x, h.y):
        st.step = Step.DANGER
    else:
        st.step = Step.SEARCH


# ------------------------------------------------------------------ step 2: monsters
def danger_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Try to escape, or fight."""
    return [Action.of(Act.ESCAPE), Action.of(Act.FIGHT)]


def on_escape(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Roll 3 + agility escape dice: 3 hits escape (step 3), else the fight begins (2.2)."""
    h = st.hero
    face = st.model.dice.escape
    dice = [st.rng.randint(1, 6) for _ in range(escape_dice(st, h))]
    hits = sum(1 for d in dice if d >= face)
    ok = hits >= ESCAPE_HITS
    events.append(dice_rolled(h.seat, "escape", dice, hits, seat=h.seat, need=ESCAPE_HITS, hit_from=face))
    events.append(Event(Ev.ESCAPE, {"seat": h.seat, "hits": hits, "escaped": ok}))
    if ok:
        st.step = Step.SEARCH
    else:
        roll_monsters(st, events)


def on_fight(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Fight without trying to escape (2.2)."""
    roll_monsters(st, events)


def roll_monsters(st: "ExpeditionState", events: list[Event]) -> None:
    """The biome's monster die and quantity die; the monsters stand around the hero (2.2, 2.3)."""
    from game.rulesets.expedition.state import Encounter

    h = st.hero
    m = st.model
    biome = m.biomes[m.biome_at(h.x, h.y)]
    face = st.rng.choice(biome.monster_die)
    count = st.rng.choice(biome.quantity_die)
    events.append(dice_rolled(h.seat, "monsters", [face, count], count, seat=h.seat))
    if face == NONE_FACE:
        events.append(Event(Ev.NO_MONSTERS, {"seat": h.seat}))
        st.step = Step.SEARCH
        return
    # the squares around the hero, walkable ones first (a monster does not stand in deep water if it can help it)
    around = sorted(((h.x + dx, h.y + dy) for dx, dy in AROUND if 0 <= h.x + dx < m.width and 0 <= h.y + dy < m.height),
                    key=lambda sq: not walkable(st, *sq))
    st.encounter = Encounter(monster=face, count=count, at=around[:count])
    events.append(Event(Ev.MONSTERS, {"seat": h.seat, "monster": face, "count": count,
                                      "at": [list(p) for p in around[:count]]}))
    st.step = Step.HELP


def helpers_in_reach(st: "ExpeditionState") -> list[int]:
    """Seats of the other heroes within two squares (2.4) not asked yet."""
    h = st.hero
    enc = st.encounter
    asked = set(enc.asked) if enc is not None else set()
    return [o.seat for o in st.heroes
            if o.seat != h.seat and o.seat not in asked and distance((h.x, h.y), (o.x, o.y)) <= HELP_RANGE]


def help_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Ask a hero within two squares for help, play the battle, or auto-resolve it."""
    asks = [Action.of(Act.ASK, hero=s) for s in helpers_in_reach(st)]
    return asks + [Action.of(Act.BATTLE), Action.of(Act.QUICK)]


def on_ask(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Ask a hero for help: their player decides (step ANSWER)."""
    enc = st.encounter
    assert enc is not None
    enc.asked.append(action["hero"])
    enc.waiting = action["hero"]
    events.append(Event(Ev.ASKED, {"seat": st.active, "asked": action["hero"]}))
    st.step = Step.ANSWER


def asked_seat(st: "ExpeditionState") -> int | None:
    """The seat whose hero was asked for help (it decides in step ANSWER)."""
    return st.encounter.waiting if st.encounter is not None else None


def answer_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Accept or refuse to help."""
    return [Action.of(Act.ACCEPT), Action.of(Act.REFUSE)]


def on_answer(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """The asked hero joins the battle (accept) or not (refuse); back to the hero in need."""
    enc = st.encounter
    assert enc is not None and enc.waiting is not None
    who = enc.waiting
    yes = action.kind == Act.ACCEPT
    if yes:
        enc.helpers.append(who)
    enc.waiting = None
    events.append(Event(Ev.ANSWERED, {"seat": who, "for": st.active, "accepted": yes}))
    st.step = Step.HELP


# ------------------------------------------------------------------ step 3: search
def search_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Roll the vision dice and the luck die."""
    return [Action.of(Act.SEARCH)]


def on_search(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """2 + vision vision dice and a luck die; at least 2 successes and luck: claim items (3.1-3.3)."""
    h = st.hero
    dice_cfg = st.model.dice
    dice = [st.rng.randint(1, 6) for _ in range(vision_dice(st, h))]
    luck = st.rng.randint(1, 6)
    hits = sum(1 for d in dice if d >= dice_cfg.vision)
    lucky = luck >= dice_cfg.luck
    found = hits >= SEARCH_MIN and lucky
    events.append(dice_rolled(h.seat, "search", dice + [luck], hits, seat=h.seat, luck=luck, lucky=lucky))
    events.append(Event(Ev.SEARCH, {"seat": h.seat, "successes": hits, "lucky": lucky, "found": found}))
    st.successes = hits if found else 0
    if found:
        site = st.model.site_at(h.x, h.y)
        if site is not None and site.holds and not any(site.holds in o.items for o in st.heroes):
            h.items.append(site.holds)
            events.append(Event(Ev.ITEMS, {"seat": h.seat, "items": [site.holds], "site": site.id}))
    st.step = Step.CLAIM if found and claim_options(st) else Step.CONTACT


def claim_options(st: "ExpeditionState") -> list[tuple[int, int]]:
    """(normal, rare) pairs the successes pay for (normal 2, rare 3), as far as the decks allow."""
    s = st.successes
    n_left, r_left = len(st.decks.get("normal", [])), len(st.decks.get("rare", []))
    out = []
    for rare in range(0, s // RARE_COST + 1):
        for normal in range(0, (s - rare * RARE_COST) // NORMAL_COST + 1):
            if normal + rare >= 1 and normal <= n_left and rare <= r_left:
                out.append((normal, rare))
    return out


def claim_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Every way to spend the successes."""
    return [Action.of(Act.CLAIM, normal=n, rare=r) for n, r in claim_options(st)]


def on_claim(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Draw the items at random from the shuffled decks."""
    h = st.hero
    got = draw(st, "normal", action["normal"]) + draw(st, "rare", action["rare"])
    h.items.extend(got)
    st.successes = 0
    events.append(Event(Ev.ITEMS, {"seat": h.seat, "items": got, "normal": action["normal"],
                                   "rare": action["rare"]}, random=True))
    st.step = Step.CONTACT


def draw(st: "ExpeditionState", deck: str, n: int) -> list[str]:
    """Draw ``n`` cards at random from a deck (the deck is a sorted multiset: draws are blind)."""
    cards = st.decks.setdefault(deck, [])
    out = []
    for _ in range(min(n, len(cards))):
        out.append(cards.pop(st.rng.randbelow(len(cards))))
    return out


def put_back(st: "ExpeditionState", items: list[str]) -> None:
    """Return items to their decks (kept sorted)."""
    for iid in items:
        it = st.model.items.get(iid)
        if it is not None and it.rarity in ("normal", "rare"):
            st.decks.setdefault(it.rarity, []).append(iid)
    for cards in st.decks.values():
        cards.sort()


# ------------------------------------------------------------------ the bots' cut-off
def heuristic(st: "ExpeditionState", seat: int) -> float:
    """Goal progress of a seat's hero (or of all heroes) in [0, 1]; the Dark Lord gets the opposite."""
    res = st.result()
    if res is not None:
        return res.value(seat)
    heroes = st.heroes if st.model.mode == "cooperative" or seat >= len(st.heroes) else [st.heroes[seat]]
    best = max(_progress(st, h) for h in heroes)
    left = 1 - st.round / (st.model.rounds + 1)
    value = 0.2 + 0.6 * best * (0.5 + 0.5 * left)
    return 1 - value if seat >= len(st.heroes) else value


def _progress(st: "ExpeditionState", h: "Hero") -> float:
    g = st.model.goal
    if g.kind in (GoalKind.REACH, GoalKind.BRING):
        targets = [st.model.site(s) for s in st.model.goal_candidates()]
        far = min((distance((h.x, h.y), tuple(t.at)) for t in targets if t is not None), default=0)
        span = st.model.width + st.model.height
        near = 1 - far / max(1, span)
        if g.kind == GoalKind.BRING and g.item not in h.items:
            near *= 0.5
        return near
    if g.kind == GoalKind.QUESTS:
        return min(1.0, len(h.done) / g.count)
    return min(1.0, h.gold / g.count)


def summary_of(st: "ExpeditionState") -> dict[str, Any]:
    """A compact summary (simulate and tests)."""
    return {"round": st.round, "battles": st.battles, "quick_battles": st.quick_battles,
            "winners": st.winners, "reason": st.reason}
