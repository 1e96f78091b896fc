"""The skirmish ruleset (seed 003): action-point combat with the needle and reaction chains.

``RULESET`` is discovered by the registry; ``start_combat`` is the entry point
other rulesets (expedition) use to fight with combatants and content they built,
and ``SkirmishState.hosted_summary()`` what such a parent is handed when the fight ends.
"""

from game.rulesets.skirmish.combat import build_level, default_content, start_combat
from game.rulesets.skirmish.level import RosterEntry as CombatantSpec
from game.rulesets.skirmish.ruleset import RULESET, SkirmishRuleset
from game.rulesets.skirmish.state import SkirmishState

__all__ = ["RULESET", "SkirmishRuleset", "SkirmishState", "CombatantSpec", "start_combat", "default_content",
           "build_level"]
