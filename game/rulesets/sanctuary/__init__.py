"""The sanctuary ruleset (seed 004): a two-player card duel of Sanctuaries.

Exposes ``RULESET``. The state's records are declared in state.py and parts.py, the turn flow
in flow.py (steps, automatic work, handlers by action kind) with turn.py, legal.py and table.py,
the level and card model in level.py, the effect verbs in effects.py, the bot knowledge in bot.py.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.i18n import load_catalog
from game.rulesets.sanctuary.ruleset import SanctuaryRuleset

load_catalog(Path(__file__).with_name("strings.toml"))

RULESET = SanctuaryRuleset()

__all__ = ["RULESET", "SanctuaryRuleset"]
