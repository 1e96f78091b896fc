"""Seed step 2.5, the battle: a skirmish game hosted inside the expedition game (engine/hosting.py).

The combatants are built from the expedition level: each hero (the one in need and the helpers who
accepted) becomes a skirmish hero with the level's ``battle`` mapping (base stats, +1 of a skirmish
stat per point of an exploration stat, HP = health x ``hp_per_health``) and their items as skirmish
equipment; the monsters come from the monster table and are the Dark Lord's (the last seat). The
skirmish level is synthesized from that roster and the skirmish content the level includes, reached
only through the registry (``Level.from_data`` with ``ruleset = "skirmish"``, ``start_child``); the
roster is saved in ``ExpeditionState.battle`` so ``child_level`` rebuilds the same level on load.

When the battle ends (``on_child_end``), or at once for a quick auto-resolve (the skirmish bot plays
every side of a child played out here, from a forked RNG, with an action cap), ``battle_ended``
brings back wounds (health follows skirmish damage), lost and won items, rewards for a victory, and
knock-outs (RULES.md: nearest town, 1 health, half the gold rounded up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import json

from pydantic import BaseModel

from game.engine.actions import Action
from game.engine.limits import NAME_CHARS, clamp_gold, clip
from game.engine import levelrefs
from game.engine.events import Event
from game.engine.levels import Level
from game.engine.registry import get_ruleset
from game.rulesets.expedition.battlelevel import battle_level
from game.rulesets.expedition.kinds import AUTO_RESOLVE_CAP, Ev, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import Battle, ExpeditionState, Hero

BATTLE_LEVEL_ID = "expedition-battle"


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", exclude_none=True)
    return value


def place_items(st: "ExpeditionState", body: str, equipment_ids: list[str]) -> tuple[list[Any], list[str]]:
    """Put equipment on free body parts of the right kinds (greedy); what does not fit goes in the pack."""
    parts = [(p["id"], p["kind"]) for p in (st.model.bodies.get(body) or {}).get("parts", [])]
    free = list(parts)
    placed: list[Any] = []
    pack: list[str] = []
    for eq in equipment_ids:
        kinds = list((st.model.equipment.get(eq) or {}).get("parts", []))
        chosen: list[str] = []
        pool = list(free)
        for kind in kinds:
            hit = next((p for p in pool if p[1] == kind), None)
            if hit is None:
                break
            chosen.append(hit[0])
            pool.remove(hit)
        if kinds and len(chosen) == len(kinds):
            placed.append({"item": eq, "parts": chosen})
            free = pool
        elif len(pack) < 8:
            pack.append(eq)
    return placed, pack


def hero_entry(st: "ExpeditionState", h: "Hero", child_seat: int) -> dict[str, Any]:
    """A hero as a skirmish combatant (the level's ``battle`` mapping)."""
    from game.rulesets.expedition.explore import stat

    b = st.model.battle
    stats = {"ap": 9, "str": 0, "def": 0, "per": 0, "mag": 0, "dr": 0}
    stats.update(b.base)
    for exp_stat, sk_stat in b.per_stat.items():
        stats[sk_stat] = stats.get(sk_stat, 0) + stat(st, h, exp_stat)
    stats["hp"] = max(1, min(99, h.health * b.hp_per_health))
    for k in ("str", "def", "per", "mag"):
        stats[k] = max(-5, min(20, stats[k]))
    stats["dr"] = max(0, min(20, stats["dr"]))
    stats["ap"] = max(1, min(15, stats["ap"]))
    gear = [st.model.items[i].equipment for i in h.items if i in st.model.items and st.model.items[i].equipment]
    placed, pack = place_items(st, b.body, [g for g in gear if g])
    return {"id": f"hero{h.seat}", "name": _plain(st.model.heroes[h.hero].name), "side": "heroes",
            "seat": child_seat, "body": b.body, "stats": stats, "equipment": placed, "pack": pack,
            "base_actions": True}


def fighter_of(cid: str) -> tuple[str, Any] | None:
    """What a battle combatant id stands for: ("hero", seat) or ("monster", monster id); None for neither.

    The ids are ``hero_entry``'s ``hero<seat>`` and ``monster_entry``'s ``<monster>-<n>`` (a scene draws
    each fighter with the expedition's own figure of it).
    """
    if cid.startswith("hero") and cid[4:].isdigit():
        return "hero", int(cid[4:])
    head, _, n = cid.rpartition("-")
    return ("monster", head) if head and n.isdigit() else None


def _numbered(name: Any, n: int) -> Any:
    """``name`` with `` n`` after it, in every language of a text table."""
    def numbered(text: str) -> str:  # still a name the skirmish level accepts (engine/limits.py)
        suffix = f" {n}"
        return clip(text, NAME_CHARS - len(suffix)) + suffix

    if isinstance(name, dict):
        return {lang: numbered(text) for lang, text in name.items()}
    return numbered(name)


def monster_entry(st: "ExpeditionState", monster: str, n: int, child_seat: int, count: int = 1) -> dict[str, Any]:
    """A monster as a skirmish combatant of the Dark Lord (numbered when several of its kind fight)."""
    m = st.model.monsters[monster]
    name = _plain(m.name)
    return {"id": f"{monster}-{n + 1}", "name": _numbered(name, n + 1) if count > 1 else name,
            "side": "minions", "seat": child_seat,
            "body": m.body, "stats": dict(m.stats), "equipment": [_plain(p) for p in m.equipment],
            "actions": list(m.actions)}


def level_data(st: "ExpeditionState", roster: list[Any]) -> dict[str, Any]:
    """The skirmish level of a battle (deterministic: the same roster gives the same level and hash)."""
    m = st.model
    return {"format": 1, "ruleset": "skirmish", "id": BATTLE_LEVEL_ID, "title": _plain(m.title),
            "difficulty": "normal", "combat_level": 0, "round_limit": m.battle.round_limit,
            "roster": roster, "ground": [], "bodies": dict(m.bodies), "actions": dict(m.actions),
            "equipment": dict(m.equipment), "hero_base_actions": list(m.battle.base_actions)}


_LEVELS: dict[str, Level] = {}


def combat_level(st: "ExpeditionState", battle: "Battle") -> Level:
    """Validate the battle's skirmish level (the skirmish rules check it, through the registry).

    Equal rosters on one level give the same skirmish level: validated once, then kept (a bounded cache);
    other rosters reuse the level's validated content (battlelevel.py).
    """
    key = st.level.content_hash + json.dumps(battle.roster, sort_keys=True)
    found = _LEVELS.get(key)
    if found is None:
        found = battle_level(st.level.content_hash, level_data(st, list(battle.roster)),
                             where="expedition battle", default_id=BATTLE_LEVEL_ID)
        if len(_LEVELS) > 512:
            _LEVELS.clear()
        _LEVELS[key] = found
    levelrefs.remember(found)
    return found


def set_up(st: "ExpeditionState") -> tuple["Battle", list[int]]:
    """The battle record (heroes, monsters, roster) and its seat map (child seat i = parent seat)."""
    from game.rulesets.expedition.state import Battle

    enc = st.encounter
    assert enc is not None
    fighters = [st.active] + [s for s in enc.helpers if s != st.active]
    seats = fighters + [st.dark_lord]
    roster = [hero_entry(st, st.heroes[s], i) for i, s in enumerate(fighters)]
    roster += [monster_entry(st, enc.monster, n, len(fighters), enc.count) for n in range(enc.count)]
    return Battle(hero=st.active, helpers=fighters[1:], monster=enc.monster, count=enc.count, roster=roster), seats


def on_battle(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Play the battle: a skirmish game starts inside this one (its players decide in it)."""
    battle, seats = set_up(st)
    st.battle = battle
    st.battles += 1
    level = combat_level(st, battle)
    st.step = Step.BATTLE
    events.append(st.start_child("skirmish", level, seats, tag="battle"))


def on_quick(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Auto-resolve: the skirmish bot plays every side of the battle here, from a forked RNG."""
    battle, seats = set_up(st)
    st.battle = battle
    st.quick_battles += 1
    level = combat_level(st, battle)
    rs = get_ruleset("skirmish")
    rng = st.rng.fork()
    child = rs.new_game(level, [st.seat_names[s] for s in seats], rng.fork_seed())
    policy = getattr(rs, "bot_policy", None)
    for _ in range(AUTO_RESOLVE_CAP):
        seat = child.to_act()
        if seat is None:
            break
        legal = child.legal_actions()
        choice = policy(child, seat, legal, rng) if policy is not None else None
        child.apply(choice if choice in legal else legal[0])
    summary_fn = getattr(child, "hosted_summary", None)
    summary = summary_fn() if callable(summary_fn) else {}
    res = child.result()
    reason = res.reason if res is not None else "auto_resolve_cap"
    events.extend(battle_ended(st, summary, reason, quick=True))


def _item_for(st: "ExpeditionState", eq: str, pool: list[str]) -> str | None:
    """The first item of ``pool`` that becomes skirmish equipment ``eq``."""
    return next((i for i in pool if i in st.model.items and st.model.items[i].equipment == eq), None)


def battle_ended(st: "ExpeditionState", summary: dict[str, Any], reason: str, quick: bool = False) -> list[Event]:
    """Wounds, items, rewards and knock-outs come back; the turn goes on (step 3, or 5 if knocked out)."""
    from game.rulesets.expedition.explore import draw, max_health
    from game.rulesets.expedition.turns import check_goal, check_quests, knock_out

    events: list[Event] = []
    battle = st.battle
    assert battle is not None
    per = st.model.battle.hp_per_health
    fighters = {f.get("id"): f for f in summary.get("fighters", []) if isinstance(f, dict)}
    won = summary.get("winning_side") == "heroes"
    fallen_monsters = [f for f in fighters.values() if f.get("side") == "minions" and not f.get("active", True)]
    hero_lines: list[dict[str, Any]] = []
    out: dict[str, Any] = {"seat": battle.hero, "helpers": list(battle.helpers), "monster": battle.monster, "count": battle.count,
           "won": won, "reason": reason, "quick": quick, "defeated": len(fallen_monsters), "heroes": hero_lines}
    for seat in [battle.hero] + list(battle.helpers):
        h = st.heroes[seat]
        f = fighters.get(f"hero{seat}")
        if f is None:
            continue
        for eq in (f.get("lost") or {}).values():
            iid = _item_for(st, eq, h.items)
            if iid is not None:
                h.items.remove(iid)
        hp_left = int(f.get("hp_left", 0))
        h.health = max(0, min(max_health(st, h), -(-hp_left // per)))
        down = not f.get("active", True) or h.health <= 0
        hero_lines.append({"seat": seat, "health": h.health, "knocked_out": down})
        if down:
            knock_out(st, h, events)
        elif won:
            h.battles_won += 1
            check_quests(st, h, events, slain=battle.monster)
    if won:
        h = st.heroes[battle.hero]
        gold = sum(st.model.monsters[battle.monster].reward.gold for _ in fallen_monsters)
        r = st.model.monsters[battle.monster].reward
        got = draw(st, "normal", r.normal * len(fallen_monsters)) + draw(st, "rare", r.rare * len(fallen_monsters))
        h.gold = clamp_gold(h.gold + gold)
        h.items.extend(got)
        if gold or got:
            events.append(Event(Ev.REWARD, {"seat": h.seat, "gold": gold, "items": got}, random=bool(got)))
    st.last_battle = out
    events.insert(0, Event(Ev.BATTLE_ENDED, out))
    st.battle = None
    st.encounter = None
    if st.hero.health <= 0 or any(x["seat"] == st.active and x["knocked_out"] for x in hero_lines):
        st.moves_left = 0
        st.step = Step.FINAL
    else:
        st.step = Step.SEARCH
    check_goal(st, events)
    if not quick:
        st.flow.settle(st, events)
    return events
