"""Hero bots of the expedition: where to go, when to run, what to take, whom to tell what.

``policy(state, seat, legal, rng)`` is the ruleset's ``bot_policy``: the search bot
(game/engine/bots) asks it for its pick at the root and plays it in rollouts, so it is a cheap,
greedy one-ply rule. It reads only what the seat's hero knows: its own square, items, gold and the
messages it was told (``hero.known``), the public map and sites. It never reads the state's
``goal_site`` when the goal is drawn secretly among candidates (a determinized state holds a guess
there anyway) nor another hero's messages. Battles are the skirmish bots' (the host routes the
policy to the child game while a battle is live).

The map knowledge (walkable and dangerous squares, distance fields, hunting grounds) is in
``botmap.py``, computed once per level. What it does, step by step:

- **move**: walk toward a target along the shortest walkable path (breadth-first distance fields,
  cached per level and target): the goal's site when known; otherwise the nearest NPC whose message
  names the goal and who was not heard yet; a town to heal when hurt; quest targets; for a gold goal,
  the wild land (monsters pay) and a town to sell. Among squares equally close, a safe one.
- **danger**: escape (a failed escape is a fight anyway) unless a fight is wanted (a slay quest, a
  gold goal) and the hero is healthy.
- **help**: ask a hero in reach; then the quick auto-resolve (a hosted battle played by bots).
- **answer**: help a partner in a cooperative level when healthy; in a race only for gold.
- **claim**: the mix of items worth most (a rare counts 1.6 normals).
- **contact**: hear every NPC once; in a cooperative level pass on a true clue and give a partner the
  items their quests ask for; in a competitive one, every other round, tell a rival a rumour naming
  another site than the one it believes (a lie).
- **reply**: accept what costs nothing (information, gifts); refuse to give items to a rival.
- **city**: heal, take useful quests, sell what the goal wants sold, leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.rng import Rng
from game.rulesets.expedition.botmap import (
    Square,
    dangerous,
    distance_field,
    grid,
    hunting_ground,
    monster_squares,
    stand_by,
    steps,
)
from game.rulesets.expedition.kinds import Act, GoalKind, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState, Hero

#: a rare item's worth against a normal one when spending search successes
RARE_WORTH = 1.6
# ------------------------------------------------------------------ what the hero knows
def heard(h: "Hero", npc: str) -> bool:
    """True when the hero heard this NPC in person."""
    return any(k.npc == npc and k.teller is None for k in h.known)


def believed_goal(st: "ExpeditionState", h: "Hero") -> str | None:
    """The goal's site as far as this hero knows: fixed by the level, heard from an NPC, or told.

    In a competitive level a rival's word counts only when nothing better is known.
    """
    cands = st.model.goal_candidates()
    if len(cands) == 1:
        return cands[0]
    if not cands:
        return None
    npcs = st.model.npcs
    told: list[str] = []
    for k in h.known:
        n = npcs.get(k.npc)
        if n is None or n.tells != "goal" or k.site not in cands:
            continue
        if k.teller is None:
            return k.site
        told.append(k.site)
    if told and st.model.mode == "cooperative":
        return told[-1]
    return None


def rival_hint(st: "ExpeditionState", h: "Hero") -> str | None:
    """A goal site a rival told (maybe a lie): a fallback when no NPC is left to ask."""
    cands = st.model.goal_candidates()
    for k in reversed(h.known):
        n = st.model.npcs.get(k.npc)
        if k.teller is not None and n is not None and n.tells == "goal" and k.site in cands:
            return k.site
    return None


def _clue_npcs(st: "ExpeditionState", h: "Hero") -> list[Square]:
    """Squares next to placed NPCs whose message names the goal and whom the hero has not heard."""
    out = []
    for p in st.model.placed:
        n = st.model.npcs.get(p.npc)
        if n is not None and n.tells == "goal" and not heard(h, p.npc):
            out.append(stand_by(st, tuple(p.at)))
    return out


def _site_at(st: "ExpeditionState", sid: str) -> Square | None:
    s = st.model.site(sid)
    return tuple(s.at) if s is not None else None  # type: ignore[return-value]


def _towns(st: "ExpeditionState") -> list[Square]:
    return grid(st).towns


def _nearest(st: "ExpeditionState", here: Square, squares: list[Square]) -> Square | None:
    best = min(squares, key=lambda s: (steps(st, here, s), s), default=None)
    return best


def hurt(st: "ExpeditionState", h: "Hero") -> bool:
    """True when the hero should heal before going on (2 health or less, or under half)."""
    from game.rulesets.expedition.explore import max_health

    return h.health <= 2 or h.health * 2 < max_health(st, h)


def target(st: "ExpeditionState", h: "Hero") -> Square | None:
    """Where the hero heads now."""
    here = (h.x, h.y)
    g = st.model.goal
    towns = _towns(st)
    if hurt(st, h) and towns:
        town = _nearest(st, here, towns)
        goal = believed_goal(st, h) if g.kind == GoalKind.REACH else None
        gsq = _site_at(st, goal) if goal else None
        # a hero that can almost touch the goal goes on
        if gsq is None or steps(st, here, gsq) > 6:
            return town
    if g.kind in (GoalKind.REACH, GoalKind.BRING):
        if g.kind == GoalKind.BRING and g.item not in h.items:
            holders = [tuple(s.at) for s in st.model.sites if s.holds == g.item]
            if holders:
                return _nearest(st, here, holders)  # type: ignore[arg-type]
        goal = believed_goal(st, h)
        if goal:
            return _site_at(st, goal)
        npcs = _clue_npcs(st, h)
        if npcs:
            return _nearest(st, here, npcs)
        hint = rival_hint(st, h)
        if hint:
            return _site_at(st, hint)
        cands = [sq for sq in (_site_at(st, s) for s in st.model.goal_candidates()) if sq is not None]
        return _nearest(st, here, cands)
    if g.kind == GoalKind.QUESTS:
        return _quest_target(st, h, towns)
    # gold: sell in town when carrying a lot; quests first; else the best hunting ground near
    if len(h.items) >= 3 and towns:
        return _nearest(st, here, towns)
    if h.quests:
        return _quest_target(st, h, towns)
    prey = hunting_ground(st, here)
    return prey if prey is not None else _nearest(st, here, towns)


def _quest_target(st: "ExpeditionState", h: "Hero", towns: list[Square]) -> Square | None:
    here = (h.x, h.y)
    best: Square | None = None
    for nid in h.quests:
        q = st.model.npcs[nid].quest
        if q is None:
            continue
        sq: Square | None = None
        if q.kind == "reach" and q.site:
            sq = _site_at(st, q.site)
        elif q.kind == "bring" and q.item in h.items:
            sq = _nearest(st, here, towns)
        elif q.kind == "slay":
            near = monster_squares(st, here, q.monster)
            sq = near[0] if near else None
        if sq is not None and (best is None or steps(st, here, sq) < steps(st, here, best)):
            best = sq
    if best is not None:
        return best
    if len(h.quests) < 3:
        return _nearest(st, here, towns)
    prey = monster_squares(st, here, None)
    return prey[0] if prey else None


# ------------------------------------------------------------------ the steps
def _by_kind(legal: list[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(str(a.kind), []).append(a)
    return out


def _first(kinds: dict[str, list[Action]], *wanted: str) -> Action | None:
    """The first legal action of the first wanted kind that has one."""
    for kind in wanted:
        if kinds.get(kind):
            return kinds[kind][0]
    return None


def _move(st: "ExpeditionState", h: "Hero", kinds: dict[str, list[Action]], rng: Rng) -> Action | None:
    moves = kinds.get(Act.MOVE, [])
    tgt = target(st, h)
    if tgt is None or not moves:
        return _first(kinds, Act.STAY, Act.END)
    field = distance_field(st, tgt)
    here = field.get((h.x, h.y), 10_000)
    careful = hurt(st, h)

    def score(a: Action) -> tuple[float, float]:
        sq = (a["x"], a["y"])
        d = field.get(sq, 10_000)
        danger = 1.0 if dangerous(st, *sq) else 0.0
        return (d + (2.5 if careful else 0.4) * danger, rng.random())

    best = min(moves, key=score)
    if field.get((best["x"], best["y"]), 10_000) >= here:
        # nothing closer: stand still on the target (or where we are) rather than wander
        for kind in (Act.STAY, Act.END):
            if kinds.get(kind):
                return kinds[kind][0]
    return best


def _wants_fight(st: "ExpeditionState", h: "Hero") -> bool:
    from game.rulesets.expedition.explore import max_health

    if h.health * 3 < max_health(st, h) * 2:
        return False
    g = st.model.goal
    m = st.model
    here = grid(st).biome[h.y][h.x]
    if g.kind == GoalKind.GOLD and grid(st).hunt.get(here, 0.0) >= 1.5:
        return True
    biome = m.biomes[here]
    for nid in h.quests:
        q = m.npcs[nid].quest
        if q is not None and q.kind == "slay" and q.monster in biome.monster_die:
            return True
    return False


def _claim(kinds: dict[str, list[Action]]) -> Action | None:
    claims = kinds.get(Act.CLAIM, [])
    return max(claims, key=lambda a: (a["normal"] + RARE_WORTH * a["rare"], a["rare"]), default=None)


def _contact(st: "ExpeditionState", h: "Hero", kinds: dict[str, list[Action]], rng: Rng) -> Action | None:
    for a in kinds.get(Act.TALK, []):
        if not heard(h, a["npc"]):
            return a
    for a in kinds.get(Act.TRADE, []):
        if _tell_index(st, h) is not None or _gifts(st, h, st.heroes[a["hero"]]):
            return a
    return _first(kinds, Act.DONE)


def _needs(st: "ExpeditionState", h: "Hero") -> set[str]:
    """Items a hero's bring quests (and a bring goal) ask for."""
    out = set()
    for nid in h.quests:
        q = st.model.npcs[nid].quest
        if q is not None and q.kind == "bring" and q.item:
            out.add(q.item)
    if st.model.goal.kind == GoalKind.BRING and st.model.goal.item:
        out.add(st.model.goal.item)
    return out


def _gifts(st: "ExpeditionState", h: "Hero", other: "Hero") -> list[int]:
    """Slots of my items a partner's quests need and mine do not (cooperative levels only)."""
    if st.model.mode != "cooperative":
        return []
    want, mine = _needs(st, other), _needs(st, h)
    return [i for i, iid in enumerate(h.items) if iid in want and iid not in mine]


def _tell_index(st: "ExpeditionState", h: "Hero") -> int | None:
    """What to tell an adjacent hero: a true clue to a partner, now and then a rumour to a rival."""
    goal = believed_goal(st, h)
    coop = st.model.mode == "cooperative"
    if coop:
        for i, k in enumerate(h.known):
            if k.teller is None and k.site == goal:
                return i
        return None
    rumours = st.model.rumours
    lies = [len(h.known) + j for j, r in enumerate(rumours) if r.site != goal]
    # a liar every other round (the same answer while one contact step lasts)
    if lies and (st.round + h.seat) % 2 == 0:
        return lies[(st.round // 2 + h.seat) % len(lies)]
    return None


def _offer(st: "ExpeditionState", h: "Hero", kinds: dict[str, list[Action]], rng: Rng) -> Action | None:
    o = st.offer
    if o is None:
        return _first(kinds, Act.CANCEL)
    for slot in _gifts(st, h, st.heroes[o.to]):
        if slot not in o.give:
            for a in kinds.get(Act.GIVE, []):
                if a["slot"] == slot:
                    return a
    if o.info < 0:
        idx = _tell_index(st, h)
        for a in kinds.get(Act.TELL, []):
            if a["info"] == idx:
                return a
    if (o.info >= 0 or o.give) and kinds.get(Act.SEND):
        return kinds[Act.SEND][0]
    return _first(kinds, Act.CANCEL)


def _reply(st: "ExpeditionState", seat: int, kinds: dict[str, list[Action]]) -> Action | None:
    o = st.offer
    coop = st.model.mode == "cooperative"
    costs = bool(o is not None and o.take)
    yes = coop or not costs or (o is not None and len(o.give) >= len(o.take))
    return _first(kinds, Act.ACCEPT if yes else Act.REFUSE)


def _answer(st: "ExpeditionState", seat: int, kinds: dict[str, list[Action]]) -> Action | None:
    from game.rulesets.expedition.explore import max_health

    me = st.heroes[seat]
    healthy = me.health * 3 >= max_health(st, me) * 2
    coop = st.model.mode == "cooperative"
    yes = healthy and (coop or st.model.goal.kind == GoalKind.GOLD)
    return _first(kinds, Act.ACCEPT if yes else Act.REFUSE)


def _city(st: "ExpeditionState", h: "Hero", kinds: dict[str, list[Action]]) -> Action | None:
    from game.rulesets.expedition.explore import max_health

    g = st.model.goal
    if kinds.get(Act.HEAL) and h.health < max_health(st, h):
        free = st.heals < 2
        if free or (g.kind != GoalKind.GOLD and h.gold >= 10 and hurt(st, h)):
            return kinds[Act.HEAL][0]
    quests = kinds.get(Act.QUEST, [])
    if quests and (g.kind in (GoalKind.QUESTS, GoalKind.GOLD) or len(h.quests) < 1):
        best = max(quests, key=lambda a: _quest_worth(st, h, a["npc"]))
        if g.kind == GoalKind.QUESTS or _quest_worth(st, h, best["npc"]) >= 2:
            return best
    needed = {st.model.npcs[n].quest.item for n in h.quests  # type: ignore[union-attr]
              if st.model.npcs[n].quest is not None and st.model.npcs[n].quest.kind == "bring"}  # type: ignore[union-attr]
    if g.kind == GoalKind.BRING:
        needed.add(g.item)
    sells = [a for a in kinds.get(Act.SELL, []) if h.items[a["slot"]] not in needed]
    if sells and (g.kind == GoalKind.GOLD or len(h.items) > 4):
        return sells[0]
    return _first(kinds, Act.LEAVE)


def _quest_worth(st: "ExpeditionState", h: "Hero", npc: str) -> float:
    """How easy a quest card looks: bring an item carried (3), slay (2), reach (1) minus distance."""
    q = st.model.npcs[npc].quest
    if q is None:
        return -1.0
    if q.kind == "bring":
        return 3.0 if q.item in h.items else 0.5
    if q.kind == "slay":
        return 2.0
    sq = _site_at(st, q.site or "")
    return 1.0 - (steps(st, (h.x, h.y), sq) / 100 if sq else 1.0)


def policy(st: "ExpeditionState", seat: int, legal: list[Action], rng: Rng) -> Action | None:
    """Pick a sensible legal action for ``seat`` (None: let the caller pick)."""
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    if seat >= len(st.heroes):
        return None
    kinds = _by_kind(legal)
    h = st.heroes[seat]
    step = st.step
    pick: Action | None = None
    if step == Step.MOVE:
        pick = _move(st, h, kinds, rng)
    elif step == Step.DANGER:
        pick = _first(kinds, Act.FIGHT if _wants_fight(st, h) else Act.ESCAPE)
    elif step == Step.HELP:
        pick = _first(kinds, Act.ASK, Act.QUICK, Act.BATTLE)
    elif step == Step.ANSWER:
        pick = _answer(st, seat, kinds)
    elif step == Step.SEARCH:
        pick = _first(kinds, Act.SEARCH)
    elif step == Step.CLAIM:
        pick = _claim(kinds)
    elif step == Step.CONTACT:
        pick = _contact(st, h, kinds, rng)
    elif step == Step.OFFER:
        pick = _offer(st, h, kinds, rng)
    elif step == Step.REPLY:
        pick = _reply(st, seat, kinds)
    elif step == Step.CITY:
        pick = _city(st, h, kinds)
    return pick if pick is not None and pick in legal else None


__all__ = ["policy", "distance_field", "target", "believed_goal"]
