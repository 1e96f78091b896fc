"""Named effect verbs of the quest ruleset: what cards, shadows and quest stages do, as data.

A card lists effects such as ``{ when = "revealed", effect = "raise_threat", amount = 2, who = "each_player" }``.
Each verb has a parameter model (checked when the level loads) and a handler acting on the state
through an ``EffectContext``. ``when`` says when the effect happens (play, action, revealed, enter,
leave, attached, resource, refresh, travel, explored, defeated, stage, shadow). Targets are named selectors:
``chosen_*`` ones are picked by the player in the action (``target=<iid>``), the others are fixed
(``self``, ``attached``, ``each_hero``...). On player cards "each" means the controller's cards;
on encounter cards (no controller) it means every player's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from game.engine.effects import EffectRegistry, VerbParams
from game.engine.events import Event

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState

VERBS = EffectRegistry("quest")

When = Literal["play", "action", "revealed", "enter", "leave", "attached", "resource", "refresh", "travel",
               "explored", "defeated", "stage", "shadow"]
#: selectors the player picks in the action (``target=<iid>``)
CHOSEN = ("chosen_hero", "chosen_character", "chosen_ally", "chosen_enemy", "chosen_location")
CharTarget = Literal["self", "attached", "chosen_hero", "chosen_character", "chosen_ally", "each_hero",
                     "each_character", "each_ally", "committed", "defender", "random_hero",
                     "random_character", "highest_willpower", "each_exhausted"]
EnemyTarget = Literal["chosen_enemy", "each_engaged_enemy", "each_staging_enemy", "attacking_enemy", "self"]
Who = Literal["controller", "each_player", "first_player", "engaged_player"]
Stat = Literal["willpower", "attack", "defense", "threat"]


@dataclass
class EffectContext:
    """Who is acting: the state, the controlling seat (None: the encounter), source card and chosen target."""

    state: QuestState
    controller: int | None
    source: str | None
    target: str | None = None
    events: list[Event] = field(default_factory=list)


class QuestVerb(VerbParams):
    """Base of the quest verbs: ``when`` the effect happens (default: when played)."""

    when: When = "play"


# --- player side ------------------------------------------------------------------------------------

class Draw(QuestVerb):
    """Players draw cards (an empty deck is not reshuffled: nothing more is drawn)."""

    effect: Literal["draw"]
    amount: int = Field(1, ge=1, le=5)
    who: Who = "controller"


class AddResource(QuestVerb):
    """Heroes gain resources."""

    effect: Literal["add_resource"]
    amount: int = Field(1, ge=1, le=5)
    target: CharTarget = "self"


class Heal(QuestVerb):
    """Characters heal damage."""

    effect: Literal["heal"]
    amount: int = Field(1, ge=1, le=20)
    target: CharTarget = "chosen_character"


class Ready(QuestVerb):
    """Exhausted characters ready."""

    effect: Literal["ready"]
    target: CharTarget = "chosen_character"


class DamageEnemy(QuestVerb):
    """Enemies take damage (defeated at their hit points)."""

    effect: Literal["damage_enemy"]
    amount: int = Field(1, ge=1, le=20)
    target: EnemyTarget = "chosen_enemy"


class PlaceProgress(QuestVerb):
    """Progress on the quest stage, on the active location (the rest on the quest) or on a chosen location."""

    effect: Literal["place_progress"]
    amount: int = Field(1, ge=1, le=20)
    target: Literal["quest", "active_location", "chosen_location"] = "quest"


class ReduceThreat(QuestVerb):
    """Players lower their threat (never below 0)."""

    effect: Literal["reduce_threat"]
    amount: int = Field(1, ge=1, le=20)
    who: Who = "controller"


class Boost(QuestVerb):
    """A stat changes until the end of the phase or round (with when = 'attached': while attached)."""

    effect: Literal["boost"]
    stat: Stat
    amount: int = Field(1, ge=-10, le=10)
    target: CharTarget = "self"
    until: Literal["end_of_phase", "end_of_round"] = "end_of_phase"


class CancelShadow(QuestVerb):
    """An enemy's face-down shadow card is discarded without effect."""

    effect: Literal["cancel_shadow"]
    target: EnemyTarget = "chosen_enemy"


class ReturnToHand(QuestVerb):
    """An ally goes back to its owner's hand (its attachments to the discard)."""

    effect: Literal["return_to_hand"]
    target: Literal["self", "chosen_ally"] = "self"


# --- encounter side ---------------------------------------------------------------------------------

class RaiseThreat(QuestVerb):
    """Players raise their threat."""

    effect: Literal["raise_threat"]
    amount: int = Field(1, ge=1, le=20)
    who: Who = "each_player"


class DamageCharacter(QuestVerb):
    """One character per player (by the selector) takes damage."""

    effect: Literal["damage_character"]
    amount: int = Field(1, ge=1, le=20)
    target: CharTarget = "random_character"


class DamageEach(QuestVerb):
    """Every character the selector names takes damage."""

    effect: Literal["damage_each"]
    amount: int = Field(1, ge=1, le=20)
    target: CharTarget = "committed"


class Exhaust(QuestVerb):
    """Characters exhaust."""

    effect: Literal["exhaust"]
    target: CharTarget = "random_character"


class AttackBonus(QuestVerb):
    """The attacking enemy (a shadow) or this enemy (revealed: for the round) attacks harder."""

    effect: Literal["attack_bonus"]
    amount: int = Field(1, ge=1, le=10)


class DiscardRandomHand(QuestVerb):
    """Players discard cards from their hands at random."""

    effect: Literal["discard_random_hand"]
    amount: int = Field(1, ge=1, le=5)
    who: Who = "each_player"


class SurgeIf(QuestVerb):
    """Another encounter card is revealed when the condition holds."""

    effect: Literal["surge_if"]
    condition: Literal["always", "no_active_location", "staging_threat_at_least", "threat_at_least"] = "always"
    value: int = Field(0, ge=0, le=60)


class AddToStaging(QuestVerb):
    """A card named by id is searched in the encounter deck, then its discard, and put in the staging area."""

    effect: Literal["add_to_staging"]
    card: str = Field(min_length=1, max_length=48)


class EngagePlayer(QuestVerb):
    """This enemy engages a player at once (the one with the highest threat, or the first player)."""

    effect: Literal["engage_player"]
    who: Literal["highest_threat", "first_player"] = "highest_threat"


from game.rulesets.quest import verbs as _verbs  # noqa: E402  the handlers register themselves

__all__ = ["VERBS", "CHOSEN", "EffectContext", "QuestVerb", "Any", "_verbs"]
