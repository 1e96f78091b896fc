"""The search bot: single-observer information-set Monte Carlo tree search.

Works for any ruleset through the protocol alone. Each iteration samples a
full state consistent with what the bot's seat knows
(``ruleset.determinize(view, seat, rng)``), walks one shared tree selecting
with UCB among the actions available in *that* determinization (availability
counts replace the parent's visit count), adds one node, plays on with a
rollout policy up to a depth cut-off and scores the end position with
``result().value(seat)`` or ``state.heuristic(seat)``. Every node keeps its
reward from the point of view of the seat that chose the action leading to it
(the seat to act at its parent), so multi-seat and cooperative games work.

Rulesets may add two optional hooks (see docs/BOTS.md):

- ``bot_policy(state, seat, legal, rng) -> Action | None``: the rollout
  policy (None or an action outside ``legal`` falls back to a random one); it
  also picks which untried action to expand first.
- ``bot_prior(state, seat, action) -> float``: how promising an action looks
  (0..1); orders expansion and adds a progressive bias to UCB.
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
    """How hard a search bot thinks: iterations AND a wall-clock cap, rollout depth, noise."""

    iterations: int
    seconds: float | None
    depth: int = 40
    exploration: float = 0.7
    #: probability of playing a uniformly random legal action instead of searching (easy bots)
    noise: float = 0.0
    #: 0: play the most visited action; > 0: sample actions by visits ** (1 / temperature)
    temperature: float = 0.0
    #: weight of the ruleset's ``bot_prior`` in UCB (progressive bias, fades with visits)
    prior_weight: float = 0.5

    def replace(self, **changes: Any) -> "Budget":
        """Return a copy with some fields changed (tests use ``seconds=None`` for determinism)."""
        return replace(self, **changes)


#: budgets per difficulty; "normal" keeps a decision's 95th percentile under 250 ms
BUDGETS: dict[str, Budget] = {
    "easy": Budget(iterations=60, seconds=0.05, depth=12, noise=0.25, temperature=1.0),
    "normal": Budget(iterations=5000, seconds=0.18, depth=20),
    "hard": Budget(iterations=60000, seconds=1.0, depth=40),
}

#: a search gives up after this many failed iterations without a single good one
_MAX_FAILURES = 20


class _Node:
    """One node of the shared tree; ``reward`` is from the view of ``actor``."""

    __slots__ = ("action", "actor", "children", "visits", "reward", "avail", "prior")

    def __init__(self, action: Action | None, actor: int | None, prior: float = 0.0) -> None:
        self.action = action
        self.actor = actor
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.prior = prior

    def mean(self) -> float:
        """Return the average reward (0.5 when never visited)."""
        return self.reward / self.visits if self.visits else 0.5


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
        #: re-raise errors from the ruleset instead of logging them (simulate and tests)
        self.strict = strict
        #: the slowest fixed part of an iteration and the slowest bot_policy call in this decision
        self._head_cost = 0.0
        self._policy_cost = 0.0
        self._deadline = math.inf

    # --- the decision ----------------------------------------------------------------------
    def choose(self, ruleset: Ruleset, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """Return the action the search prefers for ``seat``, seeing only ``view``."""
        check_legal(legal)
        started = time.perf_counter()
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "seconds": 0.0, "legal": 1}
            return legal[0]
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
        self._head_cost = self._policy_cost = 0.0
        self._deadline = deadline
        while done < b.iterations:
            now = time.perf_counter()
            # do not start an iteration whose fixed part (determinize, walk, expand) would overrun
            if now + (self._head_cost if done else 0.0) >= deadline:
                break
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
        action = self._final_choice(root, legal)
        self.last_stats = {"iterations": done, "failures": failures, "legal": len(legal),
                           "seconds": time.perf_counter() - started,
                           "visits": {a.key: root.children[a].visits for a in legal if a in root.children}}
        return action

    def _final_choice(self, root: _Node, legal: list[Action]) -> Action:
        """Most visited root action (ties: better mean, then legal order), or sampled by visits."""
        kids = [root.children[a] for a in legal if a in root.children and root.children[a].visits > 0]
        if not kids:
            return self.rng.choice(legal)
        t = self.budget.temperature
        if t > 0:
            weights = [k.visits ** (1.0 / t) for k in kids]
            pick = self.rng.random() * sum(weights)
            for k, w in zip(kids, weights):
                pick -= w
                if pick < 0:
                    return k.action  # type: ignore[return-value]
            return kids[-1].action  # type: ignore[return-value]
        best = max(kids, key=lambda k: (k.visits, k.mean()))
        return best.action  # type: ignore[return-value]

    # --- one iteration -----------------------------------------------------------------------
    def _iterate(self, ruleset: Ruleset, view: dict[str, Any], seat: int, root: _Node,
                 allowed: frozenset[Action], deadline: float,
                 policy: Callable[..., Any] | None, prior: Callable[..., Any] | None) -> None:
        started = time.perf_counter()
        state = ruleset.determinize(view, seat, self.rng)
        node = root
        path: list[_Node] = []
        c = self.budget.exploration
        pw = self.budget.prior_weight if prior is not None else 0.0
        while True:
            actor = state.to_act()
            if actor is None:
                break
            legal = state.legal_actions()
            if node is root:
                legal = [a for a in legal if a in allowed]
            if not legal:
                break
            untried: list[Action] = []
            available: list[_Node] = []
            for a in legal:
                child = node.children.get(a)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
                    available.append(child)
            if untried:
                action, p = self._expansion_choice(state, actor, untried, policy, prior)
                child = _Node(action, actor, p)
                child.avail = 1
                node.children[action] = child
                state.apply(action)
                path.append(child)
                break
            best: _Node | None = None
            best_score = -math.inf
            for child in available:
                if child.visits == 0:
                    score = math.inf
                else:
                    score = (child.reward / child.visits
                             + c * math.sqrt(math.log(child.avail) / child.visits)
                             + pw * child.prior / (child.visits + 1))
                if score > best_score:
                    best, best_score = child, score
            assert best is not None and best.action is not None
            state.apply(best.action)
            path.append(best)
            node = best
        self._head_cost = max(self._head_cost, time.perf_counter() - started)
        value = self._rollout(state, deadline, policy)
        for n in path:
            n.visits += 1
            n.reward += value(n.actor)  # type: ignore[arg-type]

    def _expansion_choice(self, state: GameState, actor: int, untried: list[Action],
                          policy: Callable[..., Any] | None,
                          prior: Callable[..., Any] | None) -> tuple[Action, float]:
        """Pick the untried action to add: highest prior, else the policy's pick, else random."""
        if prior is not None:
            scored = [(_clamp(prior(state, actor, a)), a) for a in untried]
            top = max(s for s, _ in scored)
            best = [a for s, a in scored if s == top]
            return (best[0] if len(best) == 1 else self.rng.choice(best)), top
        if policy is not None and len(untried) > 1 and self._policy_affordable():
            pick = self._call_policy(policy, state, actor, untried)
            if pick is not None and pick in untried:
                return pick, 0.0
        return (untried[0] if len(untried) == 1 else self.rng.choice(untried)), 0.0

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

    def _rollout(self, state: GameState, deadline: float,
                 policy: Callable[..., Any] | None) -> Callable[[int], float]:
        """Play on to the depth cut-off; return a function seat -> value in [0, 1]."""
        rng = self.rng
        for _ in range(self.budget.depth):
            if time.perf_counter() >= deadline:
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
            state.apply(action)
        res = state.result()
        if res is not None:
            return lambda s: _clamp(res.value(s))
        cache: dict[int, float] = {}

        def value(s: int) -> float:
            if s not in cache:
                cache[s] = _clamp(state.heuristic(s))
            return cache[s]

        return value
