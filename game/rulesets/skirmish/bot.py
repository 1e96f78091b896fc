"""Bot heuristics for the skirmish: chances of checks and a policy for the shared search bot.

``bot_policy`` plays sensibly for heroes and for the Dark Lord alike: focus
fire on the most wounded enemy, heal or protect wounded allies, block and
dodge attacks aimed at oneself, cancel the enemy's blocks and big attacks,
and keep readiness (Prepare) when the AP level is low and reactions are at
hand. The search bot uses it for rollouts and priors; it never sees the RNG.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.dice import DiceExpr
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.skirmish.state import SkirmishState

_MAX_SUM = 90


@lru_cache(maxsize=1)
def _three_dice() -> list[float]:
    """Probability of each sum of 3 exploding d6 (a 6 counts 5 and rolls again), truncated."""
    one = [0.0] * (_MAX_SUM + 1)

    def spread(base: int, p: float, depth: int) -> None:
        for face in range(1, 7):
            q = p / 6
            if face == 6 and depth < 12:
                spread(base + 5, q, depth + 1)
            elif base + face <= _MAX_SUM:
                one[min(_MAX_SUM, base + (5 if face == 6 else face))] += q

    spread(0, 1.0, 0)
    dist = [1.0] + [0.0] * _MAX_SUM
    for _ in range(3):
        nxt = [0.0] * (_MAX_SUM + 1)
        for a, pa in enumerate(dist):
            if pa:
                for b, pb in enumerate(one):
                    if pb and a + b <= _MAX_SUM:
                        nxt[a + b] += pa * pb
        dist = nxt
    return dist


@lru_cache(maxsize=1)
def _tail() -> list[float]:
    """tail[n] = chance that 3 exploding dice show more than n (n from 0 to the cap)."""
    dist = _three_dice()
    out = [0.0] * (_MAX_SUM + 2)
    acc = 0.0
    for n in range(_MAX_SUM, -1, -1):
        out[n] = acc
        acc += dist[n]
    return out


def success_chance(bonus: int, difficulty: int) -> float:
    """Chance that 3d6 exploding + bonus is above the difficulty."""
    need = difficulty - bonus  # the dice must exceed this
    if need < 0:
        return 1.0
    if need > _MAX_SUM:
        return 0.0
    return _tail()[need]


@lru_cache(maxsize=256)
def mean_dice(expr: str) -> float:
    """Rough mean of a dice expression (an exploding d6 averages 4)."""
    d = DiceExpr.parse(expr)
    value = 4.0 * d.count + d.modifier
    if d.minimum is not None:
        value = max(value, float(d.minimum))
    return value


def _chance(st: "SkirmishState", actor: dict[str, Any], adef: Any, target: dict[str, Any], limb: Any) -> float:
    if adef.check is None:
        return 1.0
    ch = adef.check
    bonus = st.stat(actor, ch.offense) if ch.offense else 0
    diff = ch.difficulty + (2 if limb else 0) + (st.stat(target, ch.defense) if ch.defense else 0)
    return success_chance(bonus, diff)


def _wounded(st: "SkirmishState", c: dict[str, Any]) -> float:
    return st.total_damage(c) / max(1, c["stats"]["hp"])


def score_use(st: "SkirmishState", a: Action) -> float:
    """Expected worth per AP of an opportunity action (damage dealt, damage healed), aimed at the body."""
    return score_parts(st, a["who"], a["act"], a["target"], a.get("limb"))


def score_parts(st: "SkirmishState", who: str, act: str, target_id: str, limb: Any) -> float:
    """Expected worth per AP of an action by ``who`` on a target (body or limb)."""
    actor = st.c(who)
    adef = st.model.actions[act]
    target = st.c(target_id)
    p = _chance(st, actor, adef, target, limb)
    cost = max(1, adef.cost + (1 if limb else 0))
    value = 0.0
    for eff in adef.effects:
        if eff.effect == "damage":
            if not st.enemies(actor, target):
                return -10.0
            dmg = max(0.0, mean_dice(eff.dice) - st.stat(target, "dr"))
            left = target["stats"]["hp"] - st.total_damage(target)
            value += dmg * (1.0 + _wounded(st, target)) + (3.0 if dmg >= left else 0.0)
            if limb:
                held = st.holder(target).get(limb)
                value += 1.5 if held and st.item_def(held).equip_cost > 0 else -0.5
        elif eff.effect == "heal":
            if st.enemies(actor, target):
                return -10.0
            need = target["limb_damage"].get(limb, 0) if limb else target["damage"]
            value += min(mean_dice(eff.dice), need) * (0.5 + 2 * _wounded(st, target))
        elif eff.effect == "add_wait":
            value += (eff.points * 0.8) if st.enemies(actor, target) else -5.0
        elif eff.effect == "disarm":
            value += 1.0 if limb and st.holder(target).get(limb) else 0.0
    return p * value / cost


def score_reaction(st: "SkirmishState", a: Action) -> float:
    """How much a reaction is worth now (above 0.5: take it)."""
    r = st.c(a["who"])
    adef = st.model.actions[a["act"]]
    entry = st.chain[-1]
    answered_actor = st.c(entry["actor"])
    verbs = {e.effect for e in adef.effects}
    hurts = any(e.effect == "damage" for e in (st.model.actions[entry["act"]].effects if entry.get("act") else []))
    value = 0.0
    if "negate" in verbs or "harden" in verbs:
        value += (1.0 if hurts else 0.2) + _wounded(st, r)
    if "redirect" in verbs:
        ally = st.c(a["target"])
        value += (1.2 if hurts else 0.4) * max(0.0, _wounded(st, ally) - _wounded(st, r) + 0.3)
    if "cancel" in verbs:
        answered = st.model.actions[entry["act"]] if entry.get("act") else None
        if answered is not None and st.enemies(r, answered_actor):
            answer_verbs = {e.effect for e in answered.effects}
            value += 1.2 if (hurts or answer_verbs & {"negate", "redirect", "cancel"}) else 0.3
    if "damage" in verbs:
        target = st.c(a["target"])
        if st.enemies(r, target):
            value += _chance(st, r, adef, target, a.get("limb")) * 1.2
    if a.get("limb"):
        value -= 0.3
    # reacting spends AP now: less attractive when the AP level is low
    cost = adef.cost + (1 if a.get("limb") else 0)
    if r["ap_level"] + r["ready"] < cost:
        value -= 0.4
    return value


def _wants_readiness(state: "SkirmishState", who: str) -> bool:
    c = state.c(who)
    return (c["ready"] == 0 and c["ap_level"] <= 3 and c["wait"] == 0
            and bool(state.action_sources(c, reactions=True)))


def _hands_idle(state: "SkirmishState", who: str) -> bool:
    """True when the combatant holds no item that gives it an attack."""
    c = state.c(who)
    for iid in c["equipped"]:
        if any("attack" in state.model.actions[aid].tags for aid in state.item_def(iid).actions):
            return False
    return True


def action_value(state: "SkirmishState", action: Action) -> float:
    """A cheap 0..1 value of an action in an opportunity or a reaction window (the policy takes the best)."""
    k = action.kind
    if k == "use":
        return max(0.0, min(1.0, 0.3 + score_use(state, action) / 2.0))
    if k == "react":
        return max(0.0, min(1.0, 0.25 + score_reaction(state, action) / 2.0))
    if k == "aim":
        p = state.pending
        if p is None:
            return 0.2
        if p.get("reaction"):
            return 0.5 if action.get("limb") is None else 0.3
        return max(0.0, min(1.0, 0.3 + score_parts(state, p["actor"], p["act"], p["target"], action.get("limb")) / 2.0))
    if k == "pass":
        return 0.49
    if k == "prepare":
        return 0.45 if _wants_readiness(state, action["who"]) else 0.12
    if k in ("pickup", "equip"):
        return 0.28 if _hands_idle(state, action["who"]) else 0.08
    if k == "take":
        return 0.2 if _hands_idle(state, action["who"]) else 0.05
    if k == "wait":
        return 0.1
    if k in ("stow", "drop"):
        return 0.02
    if k == "yield":
        return 0.05
    return 0.2


def bot_policy(state: "SkirmishState", seat: int, legal: list[Action], rng: Rng) -> Action | None:
    """Pick a sensible action for ``seat`` (None: let the search bot decide)."""
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    d = state.decision()
    if d is None:
        return None
    kind = d["type"]
    if kind == "advantage":
        c = state.c(d["who"][0])
        prefs = (["mystic", "health", "evasion", "speed", "resistance"] if c["stats"]["mag"] >= 3
                 else ["strength", "health", "evasion", "multi_attack", "speed", "resistance"])
        options = {a["pick"]: a for a in legal if a.kind == "advantage"}
        ranked = sorted((c["adv"].get(p, 0), i, p) for i, p in enumerate(prefs) if p in options)
        return options[ranked[0][2]] if ranked else rng.choice(legal)
    if kind == "consent":
        p = state.pending
        giver = state.c(p["from"])
        want = Action.of("give") if p["item"] in giver["pack"] else Action.of("refuse")
        return want if want in legal else None
    if kind == "targets":
        adds = [a for a in legal if a.kind == "add_target" and a.get("limb") is None]
        if not adds:
            return Action.of("done") if Action.of("done") in legal else None
        return max(adds, key=lambda a: (_wounded(state, state.c(a["target"])), a.key))
    best, best_v = None, -1.0
    for a in legal:
        v = action_value(state, a) + rng.random() * 0.02
        if v > best_v:
            best, best_v = a, v
    return best


def bot_prior(state: "SkirmishState", seat: int, action: Action) -> float:
    """How promising an action looks, in [0, 1], for the search's expansion order and bias."""
    try:
        if action.kind == "advantage":
            return 0.5
        if action.kind in ("add_target", "done", "give", "refuse"):
            return 0.4 if action.kind in ("add_target", "give") else 0.3
        return action_value(state, action)
    except (KeyError, AttributeError, IndexError, TypeError):
        return 0.2
