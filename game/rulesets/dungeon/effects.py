"""The dungeon's effect verbs: what a chip face or a map feature does in Resolution.

A token (a chip face or a feature printed on a map) lists effects from this
registry in level data, e.g. ``{ effect = "hit", pattern = "adjacent" }``.
Each verb has a fixed ``step`` of the Resolution order settled in RULES.md:

    10 hit       weapons damage monsters
    15 guard     shields and armour mark the monsters they hold back
    20 monster   defeated monsters pay out; survivors attack the hero
    25 trap      traps hurt the hero unless disarmed
    30 chest     chests open (weapon + coin + potion adjacent) or spring
    40 loot      coins, gems, potions, rewards, recoil

``unlock`` is passive: chests consult it. Handlers work on a
``resolve.ResolveContext`` (duck-typed here to keep imports one-way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal

from pydantic import Field

from game.engine.effects import EffectRegistry, VerbParams
from game.engine.schema import Ident

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.dungeon.resolve import ResolveContext

VERBS = EffectRegistry("dungeon")
#: parameter model -> handler, for the resolver's hot loop (the same handlers VERBS dispatches to)
HANDLERS: dict[type, Callable[..., Any]] = {}


def verb(model: type[VerbParams]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register a handler with VERBS and in HANDLERS."""
    register = VERBS.verb(model)

    def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
        """Keep the handler for the hot loop and register it."""
        HANDLERS[model] = fn
        return register(fn)

    return deco

STEP_HIT = 10
STEP_GUARD = 15
STEP_MONSTER = 20
STEP_TRAP = 25
STEP_CHEST = 30
STEP_LOOT = 40
STEPS = (STEP_HIT, STEP_GUARD, STEP_MONSTER, STEP_TRAP, STEP_CHEST, STEP_LOOT)
PASSIVE = 0


class Hit(VerbParams):
    """A weapon: damages monsters in a pattern (ranged patterns stop at obstacles)."""

    effect: Literal["hit"]
    pattern: Literal["adjacent", "nearest_in_line", "lines", "floor", "column"] = Field(
        "adjacent", description="adjacent: the 4 orthogonal neighbours; nearest_in_line: the nearest "
        "non-adjacent monster along its floor or column (a bow); lines: every monster along its floor "
        "and column (a wand); floor / column: every monster along one axis")
    amount: int = Field(1, ge=1, le=9)
    step: ClassVar[int] = STEP_HIT


class Guard(VerbParams):
    """A shield or armour: cancels attack from monsters in a pattern."""

    effect: Literal["guard"]
    pattern: Literal["adjacent", "line_of_sight"] = "adjacent"
    amount: int = Field(1, ge=1, le=9)
    step: ClassVar[int] = STEP_GUARD


class Monster(VerbParams):
    """A monster: defeated when its damage reaches hp, otherwise it attacks the hero."""

    effect: Literal["monster"]
    hp: int = Field(1, ge=1, le=20)
    attack: int = Field(1, ge=0, le=20)
    xp: int = Field(1, ge=0, le=20)
    vp: int = Field(1, ge=0, le=20)
    gold: int = Field(0, ge=0, le=20)
    step: ClassVar[int] = STEP_MONSTER


class Trap(VerbParams):
    """A trap: deals damage to the hero unless a token with a disarming tag is adjacent."""

    effect: Literal["trap"]
    damage: int = Field(1, ge=0, le=20)
    disarmed_by: list[Ident] = Field(default_factory=list, max_length=8)
    step: ClassVar[int] = STEP_TRAP


class Chest(VerbParams):
    """A chest: opens when every needed tag is adjacent; some but not all springs its trap."""

    effect: Literal["chest"]
    needs: list[Ident] = Field(default_factory=lambda: ["weapon", "coin", "potion"], min_length=1, max_length=6)
    gold: int = Field(2, ge=0, le=30)
    vp: int = Field(1, ge=0, le=30)
    xp: int = Field(0, ge=0, le=30)
    trap: int = Field(1, ge=0, le=20)
    step: ClassVar[int] = STEP_CHEST


class Unlock(VerbParams):
    """A lockpick: counts as ``amount`` missing needs of each adjacent chest."""

    effect: Literal["unlock"]
    amount: int = Field(1, ge=1, le=6)
    step: ClassVar[int] = PASSIVE


class Gold(VerbParams):
    """Gold for the hero (coins, gems)."""

    effect: Literal["gold"]
    amount: int = Field(1, ge=1, le=30)
    step: ClassVar[int] = STEP_LOOT


class Heal(VerbParams):
    """Health for the hero (a potion); by default not if the potion helped open a chest."""

    effect: Literal["heal"]
    amount: int = Field(1, ge=1, le=20)
    spent_by_chest: bool = True
    step: ClassVar[int] = STEP_LOOT


class Reward(VerbParams):
    """Valor points and experience for reaching the token (relics, tomes, altars)."""

    effect: Literal["reward"]
    vp: int = Field(0, ge=0, le=20)
    xp: int = Field(0, ge=0, le=20)
    step: ClassVar[int] = STEP_LOOT


class HurtHero(VerbParams):
    """Damage to the hero (a bomb's recoil, a cursed idol)."""

    effect: Literal["hurt_hero"]
    amount: int = Field(1, ge=1, le=20)
    step: ClassVar[int] = STEP_LOOT


# --- handlers -------------------------------------------------------------------------------------

@verb(Hit)
def _hit(ctx: "ResolveContext", p: Hit) -> None:
    """Add damage to every monster the pattern reaches."""
    for target in ctx.hit_targets(ctx.pos, p.pattern):
        ctx.damage[target] = ctx.damage.get(target, 0) + p.amount
        if ctx.record:
            ctx.emit("Hit", source=ctx.pos, target=target, amount=p.amount,
                     weapon=ctx.kind(ctx.pos), monster=ctx.kind(target))


@verb(Guard)
def _guard(ctx: "ResolveContext", p: Guard) -> None:
    """Mark the monsters this guard holds back."""
    for target in ctx.guard_targets(ctx.pos, p.pattern):
        ctx.guards[target] = ctx.guards.get(target, 0) + p.amount
        ctx.guarded_by.setdefault(target, []).append(ctx.pos)


@verb(Monster)
def _monster(ctx: "ResolveContext", p: Monster) -> None:
    """Pay out a defeated monster, or let a surviving one attack the hero."""
    hp = max(1, p.hp + ctx.hp_bonus)
    dealt = ctx.damage.get(ctx.pos, 0)
    if dealt >= hp:
        ctx.defeated.add(ctx.pos)
        ctx.vp += p.vp
        ctx.xp += p.xp
        ctx.gold += p.gold
        ctx.emit("MonsterDefeated", pos=ctx.pos, monster=ctx.kind(ctx.pos), vp=p.vp, xp=p.xp, gold=p.gold)
        return
    attack = max(0, p.attack + ctx.attack_bonus)
    blocked = min(attack, ctx.guards.get(ctx.pos, 0))
    taken = attack - blocked
    ctx.health -= taken
    ctx.emit("MonsterAttacked", pos=ctx.pos, monster=ctx.kind(ctx.pos), attack=attack, blocked=blocked,
             damage=taken, guards=list(ctx.guarded_by.get(ctx.pos, [])))


@verb(Trap)
def _trap(ctx: "ResolveContext", p: Trap) -> None:
    """Hurt the hero unless a disarming token is adjacent."""
    wanted = set(p.disarmed_by)
    for n in ctx.neighbours(ctx.pos):
        if wanted & ctx.tags(n):
            ctx.emit("TrapDisarmed", pos=ctx.pos, trap=ctx.kind(ctx.pos), by=n)
            return
    ctx.health -= p.damage
    ctx.emit("TrapSprung", pos=ctx.pos, trap=ctx.kind(ctx.pos), damage=p.damage)


@verb(Chest)
def _chest(ctx: "ResolveContext", p: Chest) -> None:
    """Open the chest when every need is adjacent (lockpicks fill gaps); spring its trap otherwise.

    A lockpick also disarms adjacent traps, the chest's own included: a chest it cannot open stays
    shut without hurting the hero (issue 15: the lockpick's text and the rule agree).
    """
    needs = list(dict.fromkeys(p.needs))
    have: set[str] = set()
    helpers: dict[str, list[Any]] = {}
    picks = 0
    pick_at: Any = None
    for n in ctx.neighbours(ctx.pos):
        tags = ctx.tags(n)
        for need in needs:
            if need in tags:
                have.add(need)
                helpers.setdefault(need, []).append(n)
        amount = ctx.unlock_amount(n)
        if amount and pick_at is None:
            pick_at = n
        picks += amount
    missing = [n for n in needs if n not in have]
    if len(missing) <= picks:
        ctx.vp += p.vp
        ctx.xp += p.xp
        ctx.gold += p.gold
        for cells in helpers.values():
            ctx.chest_helpers.update(cells)
        ctx.emit("ChestOpened", pos=ctx.pos, chest=ctx.kind(ctx.pos), gold=p.gold, vp=p.vp, xp=p.xp,
                 lockpicked=len(missing))
    elif picks:
        ctx.emit("TrapDisarmed", pos=ctx.pos, trap=ctx.kind(ctx.pos), by=pick_at)
    elif have:
        ctx.health -= p.trap
        ctx.emit("ChestTrapped", pos=ctx.pos, chest=ctx.kind(ctx.pos), damage=p.trap, missing=missing)


@verb(Unlock)
def _unlock(ctx: "ResolveContext", p: Unlock) -> None:
    """Passive: chests read it through ``ctx.unlock_amount``."""


@verb(Gold)
def _gold(ctx: "ResolveContext", p: Gold) -> None:
    """Add gold."""
    ctx.gold += p.amount
    if ctx.record:
        ctx.emit("GoldFound", pos=ctx.pos, token=ctx.kind(ctx.pos), gold=p.amount)


@verb(Heal)
def _heal(ctx: "ResolveContext", p: Heal) -> None:
    """Heal, unless this potion helped open a chest."""
    if p.spent_by_chest and ctx.pos in ctx.chest_helpers:
        ctx.emit("PotionSpent", pos=ctx.pos, token=ctx.kind(ctx.pos))
        return
    ctx.health += p.amount
    ctx.emit("Healed", pos=ctx.pos, token=ctx.kind(ctx.pos), amount=p.amount)


@verb(Reward)
def _reward(ctx: "ResolveContext", p: Reward) -> None:
    """Add valor points and experience."""
    ctx.vp += p.vp
    ctx.xp += p.xp
    ctx.emit("Rewarded", pos=ctx.pos, token=ctx.kind(ctx.pos), vp=p.vp, xp=p.xp)


@verb(HurtHero)
def _hurt(ctx: "ResolveContext", p: HurtHero) -> None:
    """Damage the hero."""
    ctx.health -= p.amount
    ctx.emit("HeroHurt", pos=ctx.pos, token=ctx.kind(ctx.pos), damage=p.amount)


EffectUnion = VERBS.union()
