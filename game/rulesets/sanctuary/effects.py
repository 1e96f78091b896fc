"""Named effect verbs of the sanctuary ruleset: what cards do, as data.

A card in a level file lists effects such as
``{ effect = "damage", to = "target", amount = 2 }``. Each verb has a
parameter model (checked when the level loads) and a handler that acts on the
state through a small ``EffectContext``. A modder combines these verbs; no
card needs Python code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field

from game.engine.effects import EffectRegistry, VerbParams
from game.engine.events import Event

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import SanctuaryState

VERBS = EffectRegistry("sanctuary")

#: what a card's ``target`` may be; chosen by the player when the card is played or used
TargetKind = Literal["none", "enemy_character", "own_character", "any_character",
                     "enemy_technology", "own_technology", "any_technology", "enemy_attachment"]
CHARACTER_TARGETS = ("enemy_character", "own_character", "any_character")
TECH_TARGETS = ("enemy_technology", "own_technology", "any_technology")

CharSelector = Literal["target", "self", "carrier", "all_enemy_characters", "all_own_characters",
                       "all_characters"]


@dataclass
class EffectContext:
    """Who is acting: the state, the controller seat, the source card and the chosen target."""

    state: SanctuaryState
    controller: int
    source: str | None
    target: str | None
    events: list[Event] = field(default_factory=list)


# --- parameter models ---------------------------------------------------------------------------

class Damage(VerbParams):
    """Deal damage to characters or to the opposing Sanctuary."""

    effect: Literal["damage"]
    to: Literal["target", "self", "carrier", "all_enemy_characters", "all_own_characters",
                "all_characters", "opponent_sanctuary"] = "target"
    amount: int = Field(1, ge=1, le=20)


class Destroy(VerbParams):
    """Destroy the target card (a character, technology or attachment)."""

    effect: Literal["destroy"]
    to: Literal["target"] = "target"


class Strengthen(VerbParams):
    """Change Strength (negative weakens) until the end of the turn or for good."""

    effect: Literal["strengthen"]
    to: CharSelector = "target"
    amount: int = Field(1, ge=-10, le=10)
    duration: Literal["turn", "permanent"] = "turn"


class GainWill(VerbParams):
    """A player gains Will."""

    effect: Literal["gain_will"]
    who: Literal["controller", "opponent"] = "controller"
    amount: int = Field(1, ge=1, le=10)


class DrainWill(VerbParams):
    """The opponent loses Will (never below 0)."""

    effect: Literal["drain_will"]
    amount: int = Field(1, ge=1, le=10)


class Draw(VerbParams):
    """A player draws cards (an empty deck costs 1 Structure per missing card)."""

    effect: Literal["draw"]
    who: Literal["controller", "opponent"] = "controller"
    amount: int = Field(1, ge=1, le=5)


class Fortify(VerbParams):
    """The controller's Sanctuary gains Structure."""

    effect: Literal["fortify"]
    amount: int = Field(1, ge=1, le=10)


class Tap(VerbParams):
    """Turn characters (tapped characters cannot duel, attack or block)."""

    effect: Literal["tap"]
    to: CharSelector = "target"


class Ready(VerbParams):
    """Ready (untap) characters."""

    effect: Literal["ready"]
    to: CharSelector = "target"


class Repair(VerbParams):
    """Technologies gain Durability."""

    effect: Literal["repair"]
    to: Literal["target", "self", "all_own_technologies"] = "target"
    amount: int = Field(1, ge=1, le=10)


class Corrode(VerbParams):
    """Technologies lose Durability (destroyed at 0)."""

    effect: Literal["corrode"]
    to: Literal["target", "all_enemy_technologies"] = "target"
    amount: int = Field(1, ge=1, le=10)


class DiscardRandom(VerbParams):
    """A player discards cards at random from hand."""

    effect: Literal["discard_random"]
    who: Literal["controller", "opponent"] = "opponent"
    amount: int = Field(1, ge=1, le=3)


#: which verbs use the chosen target, and what kind of target each needs
TARGET_NEEDS = {
    "damage": "character", "strengthen": "character", "tap": "character", "ready": "character",
    "repair": "technology", "corrode": "technology", "destroy": "any",
}


# --- handlers -----------------------------------------------------------------------------------

def _chars(ctx: EffectContext, sel: str) -> list[str]:
    """Resolve a character selector to the characters in play it names now."""
    st = ctx.state
    me, opp = ctx.controller, 1 - ctx.controller
    if sel == "target":
        return [ctx.target] if ctx.target and st.is_character_in_play(ctx.target) else []
    if sel == "self":
        return [ctx.source] if ctx.source and st.is_character_in_play(ctx.source) else []
    if sel == "carrier":
        c = st.carrier_of(ctx.source) if ctx.source else None
        if c is None and ctx.target and st.is_character_in_play(ctx.target):
            c = ctx.target  # a technology's own effects as it enters: the target is its carrier
        return [c] if c and st.is_character_in_play(c) else []
    if sel == "all_enemy_characters":
        return list(st.players[opp].chars)
    if sel == "all_own_characters":
        return list(st.players[me].chars)
    if sel == "all_characters":
        return list(st.players[st.active].chars) + list(st.players[1 - st.active].chars)
    return []


@VERBS.verb(Damage)
def _damage(ctx: EffectContext, p: Damage) -> None:
    if p.to == "opponent_sanctuary":
        ctx.state.damage_sanctuary(1 - ctx.controller, p.amount, ctx.source, ctx.events)
        return
    for c in _chars(ctx, p.to):
        ctx.state.damage_character(c, p.amount, ctx.source, ctx.events)
    ctx.state.check_deaths(ctx.events)


@VERBS.verb(Destroy)
def _destroy(ctx: EffectContext, p: Destroy) -> None:
    if ctx.target and ctx.state.is_in_play(ctx.target):
        ctx.state.destroy(ctx.target, ctx.events, "effect")


@VERBS.verb(Strengthen)
def _strengthen(ctx: EffectContext, p: Strengthen) -> None:
    for c in _chars(ctx, p.to):
        ctx.state.modify_strength(c, p.amount, p.duration == "permanent", ctx.events)
    ctx.state.check_deaths(ctx.events)


@VERBS.verb(GainWill)
def _gain_will(ctx: EffectContext, p: GainWill) -> None:
    who = ctx.controller if p.who == "controller" else 1 - ctx.controller
    ctx.state.gain_will(who, p.amount, ctx.events, "effect")


@VERBS.verb(DrainWill)
def _drain_will(ctx: EffectContext, p: DrainWill) -> None:
    ctx.state.gain_will(1 - ctx.controller, -p.amount, ctx.events, "effect")


@VERBS.verb(Draw)
def _draw(ctx: EffectContext, p: Draw) -> None:
    who = ctx.controller if p.who == "controller" else 1 - ctx.controller
    ctx.state.draw(who, p.amount, ctx.events)


@VERBS.verb(Fortify)
def _fortify(ctx: EffectContext, p: Fortify) -> None:
    ctx.state.change_structure(ctx.controller, p.amount, ctx.source, ctx.events)


@VERBS.verb(Tap)
def _tap(ctx: EffectContext, p: Tap) -> None:
    for c in _chars(ctx, p.to):
        ctx.state.set_tapped(c, True, ctx.events)


@VERBS.verb(Ready)
def _ready(ctx: EffectContext, p: Ready) -> None:
    for c in _chars(ctx, p.to):
        ctx.state.set_tapped(c, False, ctx.events)


def _techs(ctx: EffectContext, sel: str) -> list[str]:
    st = ctx.state
    if sel in ("target", "self"):
        t = ctx.target if sel == "target" else ctx.source
        return [t] if t and st.is_technology_in_play(t) else []
    if sel == "all_own_technologies":
        return list(st.players[ctx.controller].techs)
    if sel == "all_enemy_technologies":
        return list(st.players[1 - ctx.controller].techs)
    return []


@VERBS.verb(Repair)
def _repair(ctx: EffectContext, p: Repair) -> None:
    for t in _techs(ctx, p.to):
        ctx.state.change_durability(t, p.amount, ctx.events)


@VERBS.verb(Corrode)
def _corrode(ctx: EffectContext, p: Corrode) -> None:
    for t in _techs(ctx, p.to):
        ctx.state.change_durability(t, -p.amount, ctx.events)


@VERBS.verb(DiscardRandom)
def _discard_random(ctx: EffectContext, p: DiscardRandom) -> None:
    who = ctx.controller if p.who == "controller" else 1 - ctx.controller
    ctx.state.discard_random(who, p.amount, ctx.events)


def effect_uses_target(effect: Any) -> bool:
    """True when an effect acts on the chosen target."""
    return getattr(effect, "to", None) == "target"
