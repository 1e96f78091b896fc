"""The quest ruleset (seed 002): the cooperative card-game round for 1 to 4 players.

Exposes ``RULESET``. The state's records are declared in state.py and parts.py, the turn flow in
flow.py (steps, automatic work, handlers by action kind) with phases/*.py, combat.py and plays.py,
the level and card model in level.py, the effect verbs in effects.py (handlers in verbs.py), the
view in view.py (typed records for scenes in views.py), the bot knowledge in bot.py.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.i18n import load_catalog
from game.rulesets.quest.ruleset import QuestRuleset

load_catalog(Path(__file__).with_name("strings.toml"))

RULESET = QuestRuleset()

__all__ = ["RULESET", "QuestRuleset"]
