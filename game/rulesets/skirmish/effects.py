"""Named effect verbs of the skirmish ruleset.

Equipment, natural weapons and spells in level files say what they do with
these verbs (``{ effect = "damage", dice = "1d-1|1" }``), so a modder combines
existing behaviour instead of writing code. Each verb runs once per target
whose check succeeded, with a context (``EffectContext``) that knows the
state, the chain entry being resolved, the target and the margin ``<S>``.

Verbs that act on the target combatant: ``damage``, ``heal``, ``add_wait``,
``disarm``. Verbs that act on the action a reaction answers (only valid in
reactions): ``negate`` (it fails against the reactor: a block), ``cancel`` (it
fails automatically: a paralysis), ``redirect`` (its target becomes the
reactor: protect), ``harden`` (its difficulty against the reactor rises: a
dodge).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, field_validator

from game.engine.dice import DiceExpr
from game.engine.effects import EffectRegistry, VerbParams
from game.engine.events import Event

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.skirmish.state import SkirmishState

VERBS = EffectRegistry("skirmish")

#: verbs that change the answered action; they only make sense in a reaction
ANSWER_VERBS = frozenset({"negate", "cancel", "redirect", "harden"})


@lru_cache(maxsize=256)
def parse_dice(text: str) -> DiceExpr:
    """Parse a dice expression once (expressions in level data repeat a lot)."""
    return DiceExpr.parse(text)


def _dice(value: str) -> str:
    DiceExpr.parse(value)  # raises ValueError with the expected form
    return value


class Damage(VerbParams):
    """The target (or its chosen limb) takes dice damage, less its DR; ``add_margin`` adds <S>."""

    effect: Literal["damage"]
    dice: str = Field("1d", max_length=20, description="like '1d', '1d-2|1', '2d+1'")
    add_margin: bool = Field(False, description="add the check's margin <S> to the damage")

    @field_validator("dice")
    @classmethod
    def _check_dice(cls, v: str) -> str:
        return _dice(v)


class Heal(VerbParams):
    """Remove dice damage from the target's body, or from the chosen limb."""

    effect: Literal["heal"]
    dice: str = Field("1d", max_length=20)
    add_margin: bool = False

    @field_validator("dice")
    @classmethod
    def _check_dice(cls, v: str) -> str:
        return _dice(v)


class AddWait(VerbParams):
    """Put wait points on the target's body card (on the aimed limb when there is one), or on every limb."""

    effect: Literal["add_wait"]
    points: int = Field(1, ge=1, le=15)
    where: Literal["body", "limb", "all_limbs"] = Field(
        "body", description="body or limb: the aimed limb if the action was aimed at one, else the body card")


class Disarm(VerbParams):
    """The item held on the chosen limb falls to the ground (nothing when no limb was chosen)."""

    effect: Literal["disarm"]


class Negate(VerbParams):
    """Reaction only: the answered action fails against the reacting combatant (a block)."""

    effect: Literal["negate"]


class Cancel(VerbParams):
    """Reaction only: the answered action fails automatically when it resolves (a paralysis)."""

    effect: Literal["cancel"]


class Redirect(VerbParams):
    """Reaction only: the protected ally stops being a target; the reacting combatant takes its place."""

    effect: Literal["redirect"]


class Harden(VerbParams):
    """Reaction only: the answered action's difficulty against the reacting combatant rises."""

    effect: Literal["harden"]
    amount: int = Field(2, ge=1, le=10)


@dataclass
class EffectContext:
    """What a verb handler needs: the state, the entry resolving, its target record and <S>."""

    state: "SkirmishState"
    entry: dict[str, Any]
    target: dict[str, Any]
    margin: int
    events: list[Event] = field(default_factory=list)
    #: False when a reaction's target was changed after it was declared (answer verbs then do nothing)
    on_declared_target: bool = True


@VERBS.verb(Damage)
def _damage(ctx: EffectContext, p: Damage) -> None:
    roll = parse_dice(p.dice).roll(ctx.state.rng)
    amount = roll.total + (max(0, ctx.margin) if p.add_margin else 0)
    ctx.events.append(Event("DiceRolled", {"who": ctx.entry["actor"], "purpose": "damage", "expr": p.dice,
                                           **roll.to_json()}, random=True))
    ctx.state.deal_damage(ctx.target["id"], ctx.target.get("limb"), amount, ctx.entry["actor"], ctx.events)


@VERBS.verb(Heal)
def _heal(ctx: EffectContext, p: Heal) -> None:
    roll = parse_dice(p.dice).roll(ctx.state.rng)
    amount = roll.total + (max(0, ctx.margin) if p.add_margin else 0)
    ctx.events.append(Event("DiceRolled", {"who": ctx.entry["actor"], "purpose": "heal", "expr": p.dice,
                                           **roll.to_json()}, random=True))
    ctx.state.heal(ctx.target["id"], ctx.target.get("limb"), amount, ctx.entry["actor"], ctx.events)


@VERBS.verb(AddWait)
def _add_wait(ctx: EffectContext, p: AddWait) -> None:
    ctx.state.add_wait(ctx.target["id"], p.where, ctx.target.get("limb"), p.points, ctx.events)


@VERBS.verb(Disarm)
def _disarm(ctx: EffectContext, p: Disarm) -> None:
    limb = ctx.target.get("limb")
    if limb:
        ctx.state.disarm(ctx.target["id"], limb, ctx.events)


def _answered(ctx: EffectContext) -> dict[str, Any] | None:
    idx = ctx.entry.get("answers")
    if idx is None or not ctx.on_declared_target:
        return None
    chain = ctx.state.chain
    return chain[idx] if 0 <= idx < len(chain) else None


@VERBS.verb(Negate)
def _negate(ctx: EffectContext, p: Negate) -> None:
    ans = _answered(ctx)
    if ans is None:
        return
    for t in ans["targets"]:
        if t["id"] == ctx.entry["actor"]:
            t["negated"] = True
    ctx.events.append(Event("Negated", {"who": ctx.entry["actor"], "entry": ctx.entry["answers"]}))


@VERBS.verb(Cancel)
def _cancel(ctx: EffectContext, p: Cancel) -> None:
    ans = _answered(ctx)
    if ans is None:
        return
    ans["cancelled"] = True
    ctx.events.append(Event("Cancelled", {"who": ctx.entry["actor"], "entry": ctx.entry["answers"],
                                          "victim": ans["actor"]}))


@VERBS.verb(Redirect)
def _redirect(ctx: EffectContext, p: Redirect) -> None:
    ans = _answered(ctx)
    if ans is None:
        return
    me = ctx.entry["actor"]
    protected = ctx.target["id"]
    new: list[dict[str, Any]] = []
    already = any(t["id"] == me for t in ans["targets"])
    for t in ans["targets"]:
        if t["id"] == protected:
            if not already:
                new.append({"id": me, "limb": None, "negated": False, "harden": 0})
                already = True
        else:
            new.append(t)
    ans["targets"] = new
    ctx.events.append(Event("Redirected", {"who": me, "from": protected, "entry": ctx.entry["answers"]}))


@VERBS.verb(Harden)
def _harden(ctx: EffectContext, p: Harden) -> None:
    ans = _answered(ctx)
    if ans is None:
        return
    for t in ans["targets"]:
        if t["id"] == ctx.entry["actor"]:
            t["harden"] = int(t.get("harden", 0)) + p.amount
    ctx.events.append(Event("Hardened", {"who": ctx.entry["actor"], "amount": p.amount,
                                         "entry": ctx.entry["answers"]}))


EffectSpec = VERBS.union()
