"""Skirmish names as enums (phases, flow steps, action kinds) and the rules' constants.

The enums are ``StrEnum`` with the strings the rules always used, so saves, action text
forms (``use who=... act=...``), events and views are unchanged; one module holds them so
every other skirmish module can import them without import cycles.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final

from game.engine.actions import Action

AP_CAP = 15
#: decisions per fight before it is called a draw (real fights take a few hundred)
MAX_TURNS = 19000
NEEDLE_START = 15
#: state JSON version: 2 names the level by content hash and keeps the chain as a PriorityStack
STATE_VERSION: Final = 2
STATS = ("ap", "hp", "str", "def", "per", "mag", "dr")


class Phase(StrEnum):
    """Where the fight is: advantages being picked, fighting, or over."""

    SETUP = "setup"
    COMBAT = "combat"
    OVER = "over"


class Step(StrEnum):
    """The flow's steps: six where someone decides, four that run by themselves."""

    ADVANTAGE = "advantage"      # a hero picks an advantage (setup)
    AIM = "aim"                  # the actor picks body or limb for a declared action
    TARGETS = "targets"          # the actor adds extra targets (Multi-Attack)
    CONSENT = "consent"          # an ally agrees to hand an item over, or refuses
    REACTION = "reaction"        # a reaction window over the top chain entry
    OPPORTUNITY = "opportunity"  # the combatant(s) above the needle act
    BEGIN = "begin"              # automatic: setup done, the first round starts
    RESOLVE = "resolve"          # automatic: nobody reacts, the top chain entry resolves
    NEEDLE = "needle"            # automatic: nobody above the needle, it drops by one
    ROUND = "round"              # automatic: every AP level is 0, the next round starts


#: the steps someone decides in (their values are the ``decision()["type"]`` words)
DECIDED = (Step.ADVANTAGE, Step.AIM, Step.TARGETS, Step.CONSENT, Step.REACTION, Step.OPPORTUNITY)


class Kind(StrEnum):
    """Action kinds (their values are the action text forms' first word)."""

    YIELD = "yield"
    ADVANTAGE = "advantage"
    WAIT = "wait"
    PREPARE = "prepare"
    USE = "use"
    REACT = "react"
    AIM = "aim"
    ADD_TARGET = "add_target"
    DONE = "done"
    PASS = "pass"
    EQUIP = "equip"
    PICKUP = "pickup"
    TAKE = "take"
    GIVE = "give"
    REFUSE = "refuse"
    STOW = "stow"
    DROP = "drop"


#: a concession: accepted by ``SkirmishState.apply`` from the seat to act, outside the flow, and never
#: listed among the legal actions (bots and playouts never give up)
CONCEDE = "concede"


class EntryKind(StrEnum):
    """What a chain entry is: an action used, an item being equipped, an item being stowed."""

    USE = "use"
    EQUIP = "equip"
    STOW = "stow"


def act(kind: str, **args: Any) -> Action:
    """Build an Action quickly from scalar arguments (the hot path of legal_actions)."""
    return Action(kind, tuple(sorted(args.items())))


def ceil_half(n: int) -> int:
    """Half of n rounded up (every division in the seed rounds up)."""
    return -(-n // 2)
