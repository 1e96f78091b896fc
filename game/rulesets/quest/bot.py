"""Bot knowledge of the quest ruleset: a plain legal-move picker and a position estimate.

Skeleton for quest-content to grow (cooperative heuristics, information-set search). ``policy`` picks
a sensible legal action without reading any hidden card; ``evaluate`` scores a position for the team.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState

#: action kinds a plain bot prefers, first to last (ending a step comes after doing something)
_ORDER = ("deck", "keep", "play", "commit", "travel", "attacked_by", "defend", "take", "strike", "attacker",
          "resolve", "archery", "use", "engage", "no_defender", "done", "end_attacks", "pass", "mulligan")


def policy(st: QuestState, seat: int, legal: list[Action], rng: Rng | None) -> Action:
    """A plain choice: the first preferred kind, a random one of its actions (the first without rng)."""
    for kind in _ORDER:
        options = [a for a in legal if a.kind == kind]
        if options:
            if kind == "commit":
                # keep one character back for defence when enemies are engaged
                ready = [a for a in options]
                if st.players[seat].engaged and len(ready) <= 1:
                    continue
            return options[0] if rng is None else rng.choice(options)
    return legal[0]


def evaluate(st: QuestState, seat: int) -> float:
    """How good the position looks for the team in [0, 1]: quest progress against threat and losses."""
    stages = st.model.stages
    enc = st.encounter
    done = sum(s.quest_points for s in stages[:enc.stage]) + enc.progress
    total = sum(s.quest_points for s in stages) or 1
    alive = [p for p in st.players if not p.eliminated]
    if not alive:
        return 0.0
    threat = sum(p.threat for p in alive) / (50.0 * len(alive))
    out = 0.25 + 0.6 * done / total - 0.25 * threat + 0.1 * len(alive) / len(st.players)
    return min(1.0, max(0.0, out))
