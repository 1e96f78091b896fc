"""Mesa de Héroes: a desktop board-game table with five rulesets."""

__version__ = "0.1.0"
