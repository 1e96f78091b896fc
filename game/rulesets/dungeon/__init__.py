"""The dungeon ruleset (seed 001): bag-building dungeon crawls of chips on double-sided maps."""

from game.rulesets.dungeon.ruleset import RULESET, DungeonRuleset

__all__ = ["RULESET", "DungeonRuleset"]
