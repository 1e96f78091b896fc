"""The search bot: single-observer information-set Monte Carlo tree search, guided by the ruleset's hints.

Works for any ruleset through the protocol alone. Each iteration samples a
full state consistent with what the bot's seat knows
(``ruleset.determinize(view, seat, rng)``), walks one shared tree, adds one
node, plays on with a rollout policy up to a depth cut-off and scores the end
position with ``result().value(seat)`` or ``state.heuristic(seat)``. Every
node keeps its reward from the point of view of the seat that chose the
action leading to it (the seat to act at its parent), so multi-seat and
cooperative games work.

Real rulesets are slow (several ms per action), so a decision often gets only
tens of iterations for dozens of root actions. The search therefore leans on
the ruleset's optional hooks (see docs/BOTS.md):

- ``bot_policy(state, seat, legal, rng) -> Action | None``: the rollout
  policy; its pick at the root (and at new nodes when there is no prior) is
  ranked first.
- ``bot_prior(state, seat, action) -> float``: how promising an action looks
  (0..1); it ranks the actions of a node.
- ``bot_search_apply(state, action, rng) -> bool``: apply a cheap estimate of
  a costly action (a whole battle played out by bots) to a search state and
  return True, or return False to let the search apply it for real.
- ``bot_evaluate(state, seat) -> float``: the search's judgement of a position
  where a rollout stops early (in [0, 1]), instead of ``state.heuristic``.
- ``bot_budget(difficulty, budget) -> Budget``: the ruleset's tuning of a
  difficulty's default budget (no slips in a cooperative game, say); a budget
  passed to the bot explicitly is used as is.

With either hook a node only considers its best-ranked actions, more as it
gets visits (progressive widening), and selects among them with PUCT (the
prior, normalised, scales the exploration term). Rollouts get shorter when the
clock would otherwise allow only a few iterations. Finally the bot plays the
policy's own root pick unless the search found another action clearly better
with enough visits (a confidence test on the means), so a tiny budget never
plays worse than the policy alone. Without hooks it is plain ISMCTS with UCB
and availability counts.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass, replace
from typing import Any, Callable

from game.engine.actions import Action
from game.engine.bots.base import Bot, check_legal
from game.engine.protocol import GameState, Ruleset

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Budget:
    """How hard a search bot thinks: iterations AND a wall-clock cap, rollout depth, noise, guidance."""

    iterations: int
    seconds: float | None
    depth: int = 40
    #: UCB exploration constant (nodes without prior information)
    exploration: float = 0.7
    #: probability of playing a uniformly random legal action instead of searching (easy bots)
    noise: float = 0.0
    #: 0: play the most visited action; > 0: sample actions by visits ** (1 / temperature)
    temperature: float = 0.0
    #: PUCT exploration constant (nodes ranked by the ruleset's hints)
    puct: float = 1.0
    #: progressive widening: a ranked node considers max(2, ceil(widen * visits ** widen_power)) actions
    widen: float = 1.5
    widen_power: float = 0.5
    #: keep the policy's root pick unless another action beats its mean by trust_z standard errors
    #: (0 disables: play the most visited action)
    trust_z: float = 2.0
    #: ...and by at least this much (a value in [0, 1])
    trust_margin: float = 0.02
    #: ...and has at least this many visits
    trust_visits: int = 4
    #: rollouts shorten (down to min_depth) so that about this many iterations fit in the time cap
    target_iterations: int = 40
    min_depth: int = 2
    #: probability of a slip: playing the search's runner-up (second most visited root action) instead of
    #: its choice, when the runner-up was searched too; a plausible mistake, not a random move (normal bots)
    slip: float = 0.0

    def replace(self, **changes: Any) -> "Budget":
        """Return a copy with some fields changed (tests use ``seconds=None`` for determinism)."""
        return replace(self, **changes)


#: budgets per difficulty; "normal" keeps a decision's 95th percentile under 250 ms
BUDGETS: dict[str, Budget] = {
    # small and noisy: a quarter of the moves random, the rest sampled by visits, never the policy's word
    "easy": Budget(iterations=60, seconds=0.05, depth=12, noise=0.25, temperature=1.0, trust_z=0.0,
                   target_iterations=20),
    # the guided search; one real choice in ten it plays its second-best move (hard never slips)
    "normal": Budget(iterations=5000, seconds=0.18, depth=20, slip=0.1),
    # five times the time, rollouts as short as normal's (40 played worse in sanctuary), no slips
    "hard": Budget(iterations=60000, seconds=1.0, depth=20, trust_z=1.5, target_iterations=160),
}

#: a search gives up after this many failed iterations without a single good one
_MAX_FAILURES = 20
#: smallest variance assumed for a node's reward in the trust test
_VAR_FLOOR = 0.01


class _Node:
    """One node of the shared tree; ``reward`` is from the view of ``actor``."""

    __slots__ = ("action", "actor", "children", "visits", "reward", "sq", "avail", "prior",
                 "ranks", "pick", "hinted")

    def __init__(self, action: Action | None, actor: int | None, prior: float = 0.0) -> None:
        self.action = action
        self.actor = actor
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.sq = 0.0
        self.avail = 0
        self.prior = prior
        #: sort key per action seen at this node (policy pick first, then prior, then a random tie-break)
        self.ranks: dict[Action, tuple[float, float, float]] | None = None
        self.pick: Action | None = None
        self.hinted = False

    def mean(self) -> float:
        """Return the average reward (0.5 when never visited)."""
        return self.reward / self.visits if self.visits else 0.5

    def variance(self) -> float:
        """Return the sample variance of the rewards (at least a small floor)."""
        if self.visits < 2:
            return 0.25
        m = self.reward / self.visits
        return max(_VAR_FLOOR, (self.sq - self.visits * m * m) / (self.visits - 1))


def _clamp(value: Any) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.5
    if math.isnan(v):
        return 0.5
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


class MCTSBot(Bot):
    """Information-set MCTS over determinizations of the bot's own view."""

    def __init__(self, seed: int = 0, difficulty: str = "normal", budget: Budget | None = None,
                 *, strict: bool = False) -> None:
        super().__init__(seed)
        self.difficulty = difficulty
        self.budget = budget if budget is not None else BUDGETS[difficulty]
        #: a budget given by the caller is used as is; the difficulty's default may be tuned by the
        #: ruleset's optional ``bot_budget(difficulty, budget)`` hook
        self._own_budget = budget is not None
        self._base_budget = self.budget
        #: re-raise errors from the ruleset instead of logging them (simulate and tests)
        self.strict = strict
        #: the slowest fixed part of an iteration and the slowest bot_policy call in this decision
        self._head_cost = 0.0
        self._policy_cost = 0.0
        #: running mean of one rollout step's cost (seconds) in this decision
        self._step_cost = 0.0
        self._steps = 0
        self._deadline = math.inf
        self._started = 0.0
        self._done = 0
        #: the ruleset's bot_search_apply hook (cheap estimates of costly actions), if any
        self._shortcut: Callable[..., Any] | None = None
        #: the ruleset's bot_evaluate hook (the search's own leaf evaluation), if any
        self._evaluate: Callable[..., Any] | None = None

    # --- the decision ----------------------------------------------------------------------
    def choose(self, ruleset: Ruleset, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """Return the action the search prefers for ``seat``, seeing only ``view``."""
        check_legal(legal)
        started = time.perf_counter()
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "seconds": 0.0, "legal": 1}
            return legal[0]
        tune = getattr(ruleset, "bot_budget", None)
        if not self._own_budget:
            self.budget = tune(self.difficulty, self._base_budget) if tune is not None else self._base_budget
        b = self.budget
        if b.noise > 0 and self.rng.random() < b.noise:
            self.last_stats = {"iterations": 0, "seconds": time.perf_counter() - started,
                               "legal": len(legal), "noise": True}
            return self.rng.choice(legal)
        deadline = started + b.seconds if b.seconds is not None else math.inf
        root = _Node(None, None)
        allowed = frozenset(legal)
        done = failures = 0
        policy = getattr(ruleset, "bot_policy", None)
        prior = getattr(ruleset, "bot_prior", None)
        self._shortcut = getattr(ruleset, "bot_search_apply", None)
        self._evaluate = getattr(ruleset, "bot_evaluate", None)
        self._head_cost = self._policy_cost = self._step_cost = 0.0
        self._steps = 0
        self._deadline = deadline
        self._started = started
        while done < b.iterations:
            now = time.perf_counter()
            # do not start an iteration whose fixed part (determinize, walk, expand) would overrun
            if now + (self._head_cost if done else 0.0) >= deadline:
                break
            self._done = done
            try:
                self._iterate(ruleset, view, seat, root, allowed, deadline, policy, prior)
                done += 1
            except Exception:  # noqa: BLE001 - a ruleset bug must not freeze the table
                if self.strict:
                    raise
                failures += 1
                if failures == 1:
                    log.exception("bot search iteration failed in %s (seat %s)", ruleset.id, seat)
                if failures >= _MAX_FAILURES and done == 0:
                    break
        action, trusted = self._final_choice(root, legal)
        slipped = False
        if b.slip > 0 and self.rng.random() < b.slip:
            runner_up = self._runner_up(root, legal, action)
            if runner_up is not None:
                action, trusted, slipped = runner_up, False, True
        self.last_stats = {"iterations": done, "failures": failures, "legal": len(legal),
                           "seconds": time.perf_counter() - started,
                           "policy_pick": root.pick.key if root.pick is not None else None,
                           "kept_policy_pick": trusted, "slip": slipped,
                           "visits": {a.key: root.children[a].visits for a in legal if a in root.children},
                           "values": {a.key: root.children[a].mean() for a in legal
                                      if a in root.children and root.children[a].visits > 0}}
        return action

    def _final_choice(self, root: _Node, legal: list[Action]) -> tuple[Action, bool]:
        """Most visited root action, unless the policy's pick is not clearly beaten (or sampled by visits)."""
        kids = [root.children[a] for a in legal if a in root.children and root.children[a].visits > 0]
        pick = root.pick if root.pick in legal else None
        if not kids:
            return (pick if pick is not None else self.rng.choice(legal)), pick is not None
        b = self.budget
        if b.temperature > 0:
            weights = [k.visits ** (1.0 / b.temperature) for k in kids]
            chosen = self.rng.random() * sum(weights)
            for k, w in zip(kids, weights):
                chosen -= w
                if chosen < 0:
                    return k.action, False  # type: ignore[return-value]
            return kids[-1].action, False  # type: ignore[return-value]
        best = max(kids, key=lambda k: (k.visits, k.mean()))
        if pick is None or b.trust_z <= 0 or best.action == pick:
            return best.action, best.action == pick  # type: ignore[return-value]
        mine = root.children.get(pick)
        if mine is None or mine.visits == 0:
            # the search never looked at the policy's move (no hint ranked it): trust what it saw
            return (best.action, False) if best.visits >= b.trust_visits else (pick, True)  # type: ignore[return-value]
        if best.visits < b.trust_visits:
            return pick, True
        se = math.sqrt(best.variance() / best.visits + mine.variance() / mine.visits)
        if best.mean() - mine.mean() > max(b.trust_margin, b.trust_z * se):
            return best.action, False  # type: ignore[return-value]
        return pick, True

    @staticmethod
    def _runner_up(root: _Node, legal: list[Action], chosen: Action) -> Action | None:
        """Return the most visited searched root action other than ``chosen`` (None if there is none)."""
        others = [root.children[a] for a in legal
                  if a != chosen and a in root.children and root.children[a].visits > 0]
        if not others:
            return None
        return max(others, key=lambda k: (k.visits, k.mean())).action

    # --- ranking and widening ----------------------------------------------------------------
    def _rank(self, node: _Node, state: GameState, actor: int, legal: list[Action], is_root: bool,
              policy: Callable[..., Any] | None, prior: Callable[..., Any] | None) -> list[Action]:
        """Return ``legal`` best first by the hints (caching each action's rank on the node)."""
        if node.ranks is None:
            node.ranks = {}
            if policy is not None and (is_root or prior is None) and self._policy_affordable():
                pick = self._call_policy(policy, state, actor, legal)
                if pick is not None and pick in legal:
                    node.pick = pick
            node.hinted = node.pick is not None or prior is not None
        ranks = node.ranks
        rng = self.rng
        for a in legal:
            if a not in ranks:
                p = _clamp(prior(state, actor, a)) if prior is not None else 0.5
                ranks[a] = (1.0 if a == node.pick else 0.0, p, rng.random())
        if not node.hinted:
            return legal
        return sorted(legal, key=ranks.__getitem__, reverse=True)

    def _width(self, node: _Node) -> int:
        """How many of a ranked node's best actions it considers at its visit count."""
        b = self.budget
        return max(2, math.ceil(b.widen * max(1, node.visits) ** b.widen_power))

    # --- one iteration -----------------------------------------------------------------------
    def _iterate(self, ruleset: Ruleset, view: dict[str, Any], seat: int, root: _Node,
                 allowed: frozenset[Action], deadline: float,
                 policy: Callable[..., Any] | None, prior: Callable[..., Any] | None) -> None:
        started = time.perf_counter()
        state = ruleset.determinize(view, seat, self.rng)
        node = root
        path: list[_Node] = []
        b = self.budget
        c = b.exploration
        while True:
            actor = state.to_act()
            if actor is None:
                break
            legal = state.legal_actions()
            is_root = node is root
            if is_root:
                legal = [a for a in legal if a in allowed]
            if not legal:
                break
            legal = self._rank(node, state, actor, legal, is_root, policy, prior)
            if node.hinted and len(legal) > 2:
                legal = legal[:self._width(node)]
            untried: Action | None = None
            available: list[_Node] = []
            for a in legal:
                child = node.children.get(a)
                if child is None:
                    if untried is None:
                        untried = a
                else:
                    child.avail += 1
                    available.append(child)
            if untried is not None:
                if not node.hinted and len(legal) > 1:
                    fresh = [a for a in legal if a not in node.children]
                    untried = fresh[0] if len(fresh) == 1 else self.rng.choice(fresh)
                assert node.ranks is not None
                child = _Node(untried, actor, node.ranks[untried][1])
                child.avail = 1
                node.children[untried] = child
                self._apply(state, untried)
                path.append(child)
                break
            best = self._select(node, available, c) if node.hinted else self._select_ucb(available, c)
            assert best.action is not None
            self._apply(state, best.action)
            path.append(best)
            node = best
        root.visits += 1
        self._head_cost = max(self._head_cost, time.perf_counter() - started)
        value = self._rollout(state, deadline, policy, self._depth(deadline))
        for n in path:
            v = value(n.actor)  # type: ignore[arg-type]
            n.visits += 1
            n.reward += v
            n.sq += v * v

    def _apply(self, state: GameState, action: Action) -> None:
        """Apply an action to a search state (the ruleset's cheap estimate when it offers one)."""
        if self._shortcut is None or not self._shortcut(state, action, self.rng):
            state.apply(action)

    def _select_ucb(self, available: list[_Node], c: float) -> _Node:
        """UCB1 with availability counts (nodes without hints)."""
        best, best_score = available[0], -math.inf
        for child in available:
            if child.visits == 0:
                return child
            score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _select(self, node: _Node, available: list[_Node], c: float) -> _Node:
        """PUCT among the considered children: mean + puct * P * sqrt(avail) / (1 + visits)."""
        total = sum(ch.prior for ch in available) or 1.0
        k = self.budget.puct
        n = len(available)
        best, best_score = available[0], -math.inf
        for child in available:
            p = child.prior / total if total > 0 else 1.0 / n
            if child.action == node.pick:
                p = max(p, 1.0 / n)
            q = child.reward / child.visits if child.visits else 0.5
            score = q + k * p * math.sqrt(child.avail) / (1 + child.visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _depth(self, deadline: float) -> int:
        """Rollout depth: the budget's, shortened when the clock would allow too few iterations."""
        b = self.budget
        if deadline == math.inf or self._steps == 0:
            return b.depth
        wanted = b.target_iterations - self._done
        if wanted <= 0:
            return b.depth
        per_iteration = (deadline - time.perf_counter()) / wanted - self._head_cost
        fits = int(per_iteration / self._step_cost) if self._step_cost > 0 else b.depth
        return max(min(b.min_depth, b.depth), min(b.depth, fits))

    def _policy_affordable(self) -> bool:
        """True when the slowest policy call seen so far still fits before the deadline."""
        return time.perf_counter() + self._policy_cost < self._deadline

    def _call_policy(self, policy: Callable[..., Any], state: GameState, actor: int,
                     legal: list[Action]) -> Action | None:
        """Call the ruleset's bot_policy, remembering its slowest call."""
        t0 = time.perf_counter()
        pick = policy(state, actor, legal, self.rng)
        self._policy_cost = max(self._policy_cost, time.perf_counter() - t0)
        return pick

    def _rollout(self, state: GameState, deadline: float, policy: Callable[..., Any] | None,
                 depth: int) -> Callable[[int], float]:
        """Play on to the depth cut-off; return a function seat -> value in [0, 1]."""
        rng = self.rng
        for _ in range(depth):
            t0 = time.perf_counter()
            if t0 >= deadline:
                break
            actor = state.to_act()
            if actor is None:
                break
            legal = state.legal_actions()
            if not legal:
                break
            action = None
            if policy is not None:
                if not self._policy_affordable():
                    break  # a slow policy would overrun the clock: score the position now
                action = self._call_policy(policy, state, actor, legal)
                if action is not None and action not in legal:
                    action = None
            if action is None:
                action = legal[0] if len(legal) == 1 else rng.choice(legal)
            self._apply(state, action)
            self._steps += 1
            self._step_cost += (time.perf_counter() - t0 - self._step_cost) / self._steps
        res = state.result()
        if res is not None:
            return lambda s: _clamp(res.value(s))
        cache: dict[int, float] = {}
        judge = self._evaluate

        def value(s: int) -> float:
            if s not in cache:
                cache[s] = _clamp(judge(state, s) if judge is not None else state.heuristic(s))
            return cache[s]

        return value
