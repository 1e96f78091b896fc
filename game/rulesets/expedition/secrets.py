"""What each seat may know (``view``) and a full state consistent with it (``determinize``).

Secrets of seed 000 and RULES.md: the messages a hero knows (an NPC's message is secret to the hero's
player; a message passed on is the receiver's), the market's face-down items (only the browsing hero
sees them), the goal's site when the level draws it among candidates, and which message an offer
carries (the receiver learns it by accepting). Another seat's view keeps only how many messages a
hero knows; ``determinize`` fills them with plausible messages, deals a market from the unseen cards
and draws a goal site consistent with what the deciding seat was told by NPCs themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.rng import Rng
from game.rulesets.expedition.kinds import Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState

HIDDEN = "?"
#: keys the view adds to the state's fields (determinize drops them)
VIEW_KEYS = ("decision", "known_counts", "you", "goal_secret", "numbers", "reach")


def market_owner(st: "ExpeditionState") -> int | None:
    """The seat that browsed the market now on the table (None: none is)."""
    return st.active if st.market else None


def view_of(st: "ExpeditionState", seat: int | None) -> dict[str, Any]:
    """The state less the RNG and the other seats' secrets, plus the decision of the seat to act."""
    data = st.to_json()
    data["rng"] = None
    heroes = data["heroes"]
    data["known_counts"] = [len(h["known"]) for h in heroes]
    for h in heroes:
        if h["seat"] != seat:
            h["known"] = []
    if st.market and market_owner(st) != seat:
        data["market"] = [HIDDEN] * len(st.market)
        data["decks"] = dict(data["decks"])
        data["decks"]["normal"] = sorted(list(st.decks.get("normal", [])) + list(st.market))
    secret_goal = len(st.model.goal_candidates()) > 1
    data["goal_secret"] = secret_goal
    if secret_goal:
        data["goal_site"] = None
    offer = data.get("offer")
    if offer is not None and seat != st.active and offer["info"] >= 0:
        offer["info"] = 0
    data["you"] = seat
    data["decision"] = decision(st, seat)
    data["numbers"] = numbers(st)
    data["reach"] = reach(st) if st.step == Step.MOVE else []
    return data


def numbers(st: "ExpeditionState") -> dict[str, Any]:
    """The rules' numbers a screen shows: stats with items, limits, dice and the chances before a roll."""
    from game.rulesets.expedition.explore import (
        chance_at_least,
        escape_dice,
        hit_chance,
        max_health,
        move_budget,
        stat,
        vision_dice,
    )
    from game.rulesets.expedition.kinds import ESCAPE_HITS, SEARCH_MIN

    dice = st.model.dice
    h = st.hero
    n_esc, n_vis = escape_dice(st, h), vision_dice(st, h)
    return {
        "stats": [{k: stat(st, o, k) for k in ("resistance", "agility", "vision")} for o in st.heroes],
        "max_health": [max_health(st, o) for o in st.heroes],
        "move_budget": move_budget(st, h),
        "escape_dice": n_esc,
        "escape_chance": round(chance_at_least(n_esc, ESCAPE_HITS, hit_chance(dice.escape)), 4),
        "vision_dice": n_vis,
        "search_chance": round(chance_at_least(n_vis, SEARCH_MIN, hit_chance(dice.vision))
                               * hit_chance(dice.luck), 4),
    }


def reach(st: "ExpeditionState") -> list[list[int]]:
    """[x, y, cost] of every square the active hero's next move can reach (the start left out)."""
    from game.rulesets.expedition.explore import reachable

    h = st.hero
    return [[x, y, c] for (x, y), c in sorted(reachable(st, h).items(), key=lambda kv: (kv[0][1], kv[0][0]))
            if (x, y) != (h.x, h.y)]


def decision(st: "ExpeditionState", seat: int | None) -> dict[str, Any]:
    """Who decides now, in which step, and (for that seat only) the legal actions: keys and kind + arguments."""
    if st.step == Step.OVER:
        return {"step": st.step.value, "seat": None, "actions": [], "choices": []}
    who = st.flow.to_act(st)
    mine = who is not None and who == seat and st.child is None
    legal = st.flow.legal_actions(st) if mine else []
    return {"step": st.step.value, "seat": who, "actions": [str(a.key) for a in legal],
            "choices": [{"kind": str(a.kind), "args": dict(a.args)} for a in legal]}


def determinize(view: dict[str, Any], seat: int, rng: Rng) -> "ExpeditionState":
    """A full state consistent with ``seat``'s view: hidden parts sampled with ``rng``."""
    from game.engine import levelrefs
    from game.rulesets.expedition.ruleset import state_from_json
    from game.rulesets.expedition.state import ExpeditionState

    keys = {key for _, key, _, _ in ExpeditionState._compile()}
    data = {k: v for k, v in view.items() if k in keys}
    level = levelrefs.resolve(view.get("level"), "expedition")
    model = level.model
    data["rng"] = Rng(rng.next_u64()).to_json()
    counts = list(view.get("known_counts") or [])
    heroes = [dict(h) for h in data.get("heroes", [])]
    npcs = [p.npc for p in model.placed] or sorted(model.npcs)
    sites = model.goal_candidates() or [s.id for s in model.sites]
    for i, h in enumerate(heroes):
        if h.get("seat") != seat and i < len(counts) and npcs and sites:
            h["known"] = [{"npc": rng.choice(npcs), "site": rng.choice(sites), "teller": None}
                          for _ in range(int(counts[i]))]
    data["heroes"] = heroes
    market = list(view.get("market") or [])
    if market and any(m == HIDDEN for m in market):
        decks = {k: list(v) for k, v in (view.get("decks") or {}).items()}
        pool = decks.get("normal", [])
        dealt = []
        for _ in market:
            if pool:
                dealt.append(pool.pop(rng.randbelow(len(pool))))
        decks["normal"] = sorted(pool)
        data["decks"] = decks
        data["market"] = sorted(dealt)
    if view.get("goal_secret"):
        data["goal_site"] = _goal_guess(view, seat, model, rng)
    return state_from_json(data)


def _goal_guess(view: dict[str, Any], seat: int, model: Any, rng: Rng) -> str | None:
    """The goal's site as ``seat`` would best guess it: told by an NPC itself, else a random candidate."""
    cands = model.goal_candidates()
    heroes = view.get("heroes") or []
    mine = next((h for h in heroes if h.get("seat") == seat), None)
    for k in (mine or {}).get("known", []):
        npc = model.npcs.get(k.get("npc"))
        if k.get("teller") is None and npc is not None and npc.tells == "goal" and k.get("site") in cands:
            return str(k["site"])
    return rng.choice(cands) if cands else None
