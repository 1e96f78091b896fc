"""The pure kernel shared by every ruleset: protocol, RNG, dice, zones, events,
level files, saves, matches and bots. Nothing in this package imports pygame."""
