"""A bot that plays the ruleset's ``bot_policy`` alone: the yardstick the search bot must not fall below.

Not a difficulty the app offers; benches and docs/BOTS.md compare the search
bot with it ("normal at least as strong as the policy alone"). It sees only
its seat's view: it samples one determinization and asks the policy.
"""

from __future__ import annotations

import time
from typing import Any

from game.engine.actions import Action
from game.engine.bots.base import Bot, check_legal
from game.engine.protocol import Ruleset


class PolicyBot(Bot):
    """Plays ``ruleset.bot_policy`` on one determinization (uniform when there is no policy or it abstains)."""

    difficulty = "policy"

    def choose(self, ruleset: Ruleset, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """Return the policy's pick for ``seat`` from one sampled state consistent with ``view``."""
        check_legal(legal)
        started = time.perf_counter()
        pick = None
        if len(legal) > 1:
            policy = getattr(ruleset, "bot_policy", None)
            if policy is not None:
                pick = policy(ruleset.determinize(view, seat, self.rng), seat, legal, self.rng)
        if pick not in legal:
            pick = legal[0] if len(legal) == 1 else self.rng.choice(legal)
        self.last_stats = {"iterations": 0, "seconds": time.perf_counter() - started, "legal": len(legal)}
        return pick  # type: ignore[return-value]
