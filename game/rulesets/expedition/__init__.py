"""The expedition ruleset (seed 000): heroes on biome tiles; battles are skirmish games played inside.

``RULESET`` is discovered by the registry. The pieces: ``kinds`` (steps, action and event kinds),
``level`` (the level file model), ``tiled`` (Tiled .tmj maps), ``state`` (records), ``flow`` (the
declared turn flow), ``explore``/``battle``/``contact``/``city``/``turns`` (the rules of each step),
``secrets`` (views and determinization), ``views`` (typed view records for scenes), ``words``,
``checks``, ``bot``. docs/rules/expedition.md describes them.
"""

from game.rulesets.expedition.ruleset import RULESET, ExpeditionRuleset
from game.rulesets.expedition.state import ExpeditionState

__all__ = ["RULESET", "ExpeditionRuleset", "ExpeditionState"]
