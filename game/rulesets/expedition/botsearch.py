"""Cheap battles for the search bot: inside a search a battle is settled by an estimate of its odds.

A battle (``battle``: played in the arena, ``quick``: auto-resolved) is a whole skirmish game played
out by bots, about 100-150 ms: inside a search, where every iteration may meet one, the normal bot
got one to five iterations per decision and played its policy's move nearly always. The ruleset's
``bot_search_apply`` hook (game/engine/bots/ismcts.py) lets the search apply such an action to its
own (determinized) state cheaply: this module draws the outcome from the odds of the two sides'
fighting strength and hands it to the rules' own ``battle_ended`` (wounds, rewards, knock-outs, the
goal check), exactly as a real battle's summary would be.

The odds were fitted to 288 real auto-resolved battles met in policy games of every shipped level
(three per encounter): with ``r`` the heroes' strength over the monsters' (``strength`` below, the
measure botmap.threat uses), the heroes won 6 % at r = 0.65, 19 % at 0.97, 47 % at 1.36, 81 % at
1.87 and 97 % at 4.2, which ``win_chance`` follows (1 / (1 + (1.38 / r) ** 4)); a winning side lost
about 0.55 / r ** 1.3 of its hit points (half at r = 1, a fifth at r = 2), a losing one nearly all.
It reads only the state it is handed (a determinization of the seat's view), never the real game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.rulesets.expedition.kinds import Act, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState

#: the strength ratio at which a battle is even, and how steeply the odds turn (fitted, see above)
EVEN, STEEP = 1.38, 4.0
#: hit points a winning side loses: LOSS / r ** LOSS_POWER of what it had (at most all)
LOSS, LOSS_POWER = 0.55, 1.3


def strength(f: dict[str, Any]) -> float:
    """A combatant's fighting strength: hit points, attack and defence, armour, magic and gear."""
    s = f.get("stats", {})
    return max(1.0, float(s.get("hp", 1) + 2 * (s.get("str", 0) + s.get("def", 0)) + 3 * s.get("dr", 0)
                          + s.get("mag", 0) + len(f.get("equipment") or [])))


def win_chance(ratio: float) -> float:
    """The heroes' chance to win at this strength ratio (heroes over monsters)."""
    return 1.0 / (1.0 + (EVEN / max(ratio, 1e-6)) ** STEEP)


def estimate(roster: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
    """A battle summary drawn from the odds (the keys ``battle_ended`` reads: who won, hit points left)."""
    heroes = [f for f in roster if f.get("side") == "heroes"]
    monsters = [f for f in roster if f.get("side") != "heroes"]
    ratio = sum(strength(f) for f in heroes) / max(1.0, sum(strength(f) for f in monsters))
    won = rng.random() < win_chance(ratio)
    share = min(1.0, LOSS / ratio ** LOSS_POWER) if won else 1.0
    fighters = []
    for f in heroes:
        hp = int(f.get("stats", {}).get("hp", 1))
        left = max(0, hp - round(hp * share)) if won else 0
        if won and left == 0:
            left = 1  # the side won: its heroes are hurt, not all down
        fighters.append({"id": f["id"], "side": "heroes", "hp": hp, "hp_left": left, "active": left > 0,
                         "lost": {}})
    for f in monsters:
        hp = int(f.get("stats", {}).get("hp", 1))
        fighters.append({"id": f["id"], "side": "minions", "hp": hp, "hp_left": 0 if won else hp,
                         "active": not won, "lost": {}})
    return {"over": True, "winning_side": "heroes" if won else "minions", "fighters": fighters}


def search_apply(st: "ExpeditionState", action: Action, rng: Rng) -> bool:
    """Settle a battle in a search state by the odds (True); leave any other action to the rules."""
    if action.kind not in (Act.QUICK, Act.BATTLE) or st.step != Step.HELP or st.child is not None:
        return False
    from game.rulesets.expedition.battle import battle_ended, set_up

    battle, _seats = set_up(st)
    st.battle = battle
    st.quick_battles += 1
    summary = estimate(battle.roster, rng)
    events = battle_ended(st, summary, "heroes_win" if summary["winning_side"] == "heroes" else "dark_lord_wins",
                          quick=True)
    flow = st.flow
    if flow.after is not None:
        flow.after(st, events)
    flow.settle(st, events)
    return True


# ------------------------------------------------------------------ the search's leaf evaluation
def evaluate(st: "ExpeditionState", seat: int) -> float:
    """The ruleset's ``bot_evaluate``: how good a position looks for ``seat`` where a rollout stops.

    The rules' ``heuristic`` scores goal progress alone. The search also needs what a fight costs (the
    hero's health) and, in a race, where the rivals stand: a race hero's value is 0.5 plus half the
    lead of its own standing over the best rival's (goal progress toward the site it believes, health,
    whether it knows the secret goal). Cooperative heroes and the Dark Lord keep the rules' heuristic,
    moved by the heroes' health.
    """
    from game.rulesets.expedition.explore import heuristic

    res = st.result()
    if res is not None:
        return float(res.value(seat))
    heroes = st.heroes
    if st.model.mode == "cooperative" or seat >= len(heroes):
        health = sum(_health(st, h) for h in heroes) / max(1, len(heroes))
        base = heuristic(st, seat)
        shift = 0.1 * (health - 0.5)
        return min(1.0, max(0.0, base - shift if seat >= len(heroes) else base + shift))
    mine = _standing(st, heroes[seat])
    rival = max((_standing(st, h) for h in heroes if h.seat != seat), default=0.0)
    return min(1.0, max(0.0, 0.5 + 0.5 * (mine - rival)))


def _health(st: "ExpeditionState", h: Any) -> float:
    from game.rulesets.expedition.explore import max_health

    return min(1.0, h.health / max(1, max_health(st, h)))


def _standing(st: "ExpeditionState", h: Any) -> float:
    """A race hero's standing in [0, 1]: goal progress (toward the believed site), health, knowledge."""
    from game.rulesets.expedition.bot import believed_goal
    from game.rulesets.expedition.explore import _progress, distance
    from game.rulesets.expedition.kinds import GoalKind

    g = st.model.goal
    cands = st.model.goal_candidates()
    knows = 1.0
    progress = _progress(st, h)
    if g.kind in (GoalKind.REACH, GoalKind.BRING) and len(cands) > 1:
        goal = believed_goal(st, h)
        site = st.model.site(goal) if goal is not None else None
        if site is None:
            knows, progress = 0.0, 0.5 * progress
        else:
            near = 1 - distance((h.x, h.y), tuple(site.at)) / max(1, st.model.width + st.model.height)
            progress = near * (0.5 if g.kind == GoalKind.BRING and g.item not in h.items else 1.0)
    return 0.7 * progress + 0.15 * _health(st, h) + 0.15 * knows


def budget(difficulty: str, base: Any) -> Any:
    """The ruleset's ``bot_budget``: shorter rollouts, more of them in the same time, and no slips.

    An expedition step is slow (a move has 60-110 squares and the policy scores them), so a normal
    decision gets about ten iterations; rollouts of at most 10 actions (a hero's turn or so, judged by
    ``evaluate``) instead of 20 leave more of them. A normal bot's slip (one real choice in ten, the
    search's runner-up) was most of what set it below its policy: in a caravan race the runner-up of
    a ten-iteration search is leaving town at 1 health unhealed or fighting at 3 (docs/BOTS.md).
    """
    if difficulty in ("normal", "hard"):
        return base.replace(depth=min(base.depth, 10), slip=0.0)
    return base


def prior(st: "ExpeditionState", seat: int, action: Action) -> float:
    """The ruleset's ``bot_prior``: a move by how much closer it brings the hero to its target.

    A move has 60-110 squares: without a prior the search's widening and a normal bot's slip (its
    runner-up) met squares at random. Moves are ranked by the policy's own distance field (the
    square nearest the target first, a dangerous one a little lower, more so when hurt); every other
    action gets an even 0.5 (the policy's pick is ranked first anyway).
    """
    if action.kind != Act.MOVE or seat >= len(st.heroes):
        return 0.5
    from game.rulesets.expedition.bot import hurt, target
    from game.rulesets.expedition.botmap import dangerous, distance_field

    h = st.heroes[seat]
    # the search ranks a node's moves one after the other on the same state: find the target once
    key = (id(st), seat, h.x, h.y, h.health, len(h.known), len(h.items), len(h.quests), len(h.done),
           st.round, st.moves_left)
    if _AIM[0] != key:
        tgt = target(st, h)
        _AIM[0], _AIM[1] = key, (distance_field(st, tgt), 2.5 if hurt(st, h) else 0.4) if tgt is not None else None
    aim = _AIM[1]
    if aim is None:
        return 0.3
    field, care = aim
    here = field.get((h.x, h.y), 10_000)
    sq = (action["x"], action["y"])
    gain = here - field.get(sq, 10_000) - care * dangerous(st, *sq)
    return min(0.95, max(0.02, 0.5 + 0.08 * gain))


#: the last (state, hero position, ...) key ``prior`` found a target for, and its distance field and caution
_AIM: list[Any] = [None, None]
