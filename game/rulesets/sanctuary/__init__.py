"""The sanctuary ruleset (seed 004): a two-player card duel of Sanctuaries.

Exposes ``RULESET``; the rules live in state.py, the level and card model in
level.py, the effect verbs in effects.py and the bot knowledge in bot.py.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.i18n import load_catalog
from game.rulesets.sanctuary.ruleset import SanctuaryRuleset

load_catalog(Path(__file__).with_name("strings.toml"))

RULESET = SanctuaryRuleset()

__all__ = ["RULESET", "SanctuaryRuleset"]
