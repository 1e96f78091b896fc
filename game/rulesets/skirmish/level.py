"""The level file model of the skirmish ruleset (pydantic), with cross-reference checks.

A skirmish level names its content (bodies, actions, equipment, hero
archetypes, minion kinds; usually from shared ``_*.toml`` includes) and the
encounter: the party of heroes (one per hero seat), the minions of the Dark
Lord and the combat level (advantages per hero). There is no round limit unless the level
declares one as a named variant (``round_limit`` and ``variant``). A level may
instead give an explicit ``roster`` of combatants: that is how another
ruleset (expedition) starts a skirmish with combatants it built itself.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, model_validator

from game.engine.levelchecks import raise_problems, suggest
from game.engine.limits import MODIFIER_MAX
from game.engine.schema import Ident, LevelBase, LocalizedName, LocalizedText, StrictModel
from game.rulesets.skirmish.effects import ANSWER_VERBS, EffectSpec

Stat = Literal["ap", "hp", "str", "def", "per", "mag", "dr"]
#: what a piece of equipment adds to one statistic (engine/limits.py: rules and saves stay bounded)
Modifier = Annotated[int, Field(ge=-MODIFIER_MAX, le=MODIFIER_MAX)]
ModStat = Literal["ap", "str", "def", "per", "mag", "dr"]
Advantage = Literal["speed", "health", "strength", "evasion", "attention", "mystic", "resistance",
                    "multi_attack"]
ADVANTAGES: tuple[Advantage, ...] = ("speed", "health", "strength", "evasion", "attention", "mystic",
                               "resistance", "multi_attack")
#: what each advantage adds (multi_attack adds an extra attack target per rank)
ADVANTAGE_STAT: dict[str, tuple[str, int]] = {
    "speed": ("ap", 1), "health": ("hp", 3), "strength": ("str", 1), "evasion": ("def", 1),
    "attention": ("per", 1), "mystic": ("mag", 1), "resistance": ("dr", 1),
}
TargetKind = Literal["enemy", "ally", "other_ally", "self", "any", "answered_actor", "answered_target"]


class Stats(StrictModel):
    """A combatant's characteristics (AP, HP, Str, Def, Per, Mag, DR)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    ap: int = Field(ge=1, le=15, description="action points per round")
    hp: int = Field(ge=1, le=99, description="damage it takes to become inactive")
    str_: int = Field(0, alias="str", ge=-5, le=20)
    def_: int = Field(0, alias="def", ge=-5, le=20)
    per: int = Field(0, ge=-5, le=20)
    mag: int = Field(0, ge=-5, le=20)
    dr: int = Field(0, ge=0, le=20, description="damage reduction")

    def as_dict(self) -> dict[str, int]:
        """Return the stats keyed by their short names."""
        return {"ap": self.ap, "hp": self.hp, "str": self.str_, "def": self.def_, "per": self.per,
                "mag": self.mag, "dr": self.dr}


class PartDef(StrictModel):
    """One body part; limbs (hands, feet, tentacles, wings...) are used by actions."""

    id: Ident
    kind: Ident = Field(description="what equipment and actions ask for: hand, feet, head, tentacle...")
    limb: bool = False
    name: LocalizedName | None = None


class BodyDef(StrictModel):
    """A body layout shared by combatants."""

    name: LocalizedName | None = None
    parts: list[PartDef] = Field(min_length=1, max_length=16)

    @model_validator(mode="after")
    def _unique(self) -> "BodyDef":
        dup = [k for k, n in Counter(p.id for p in self.parts).items() if n > 1]
        if dup:
            raise ValueError(f"parts: part id {dup[0]!r} is used twice")
        return self


class CheckDef(StrictModel):
    """``<offense>[difficulty]<defense>``: 3d6 exploding + offense must beat difficulty + defense."""

    offense: Stat | None = None
    difficulty: int = Field(ge=0, le=40)
    defense: Stat | None = None


class ReactionDef(StrictModel):
    """What a reaction may answer."""

    answers: list[Ident] = Field(min_length=1, max_length=8,
                                 description="tags of actions it answers ('any' for every action)")
    by: Literal["enemy", "ally", "any"] = Field("enemy", description="whose actions it answers")
    targeting: Literal["self", "ally", "any"] = Field(
        "any", description="the answered action must target: the reactor, another ally, or anyone")


class ActionDef(StrictModel):
    """An action (or, with ``reaction``, a reaction) a combatant can take."""

    name: LocalizedName
    description: LocalizedText = ""
    tags: list[Ident] = Field(default_factory=list, max_length=8,
                              description="attack, spell... (what reactions answer)")
    cost: int = Field(ge=0, le=30, description="AP cost")
    limbs: list[Ident] = Field(default_factory=list, max_length=6,
                               description="limb kinds it uses (active, not waiting)")
    free: list[Ident] = Field(default_factory=list, max_length=6,
                              description="limb kinds it needs free of equipment")
    target: TargetKind = "enemy"
    allow_limb: bool = Field(True, description="may aim at a limb (+1 AP, +2 difficulty)")
    check: CheckDef | None = None
    effects: list[EffectSpec] = Field(default_factory=list, max_length=8)  # type: ignore[valid-type]
    reaction: ReactionDef | None = None

    @model_validator(mode="after")
    def _consistent(self) -> "ActionDef":
        answer_target = self.target in ("answered_actor", "answered_target")
        if self.reaction is None:
            if answer_target:
                raise ValueError(f"target: {self.target!r} needs a 'reaction' table")
            # EffectSpec is built at runtime (VERBS.union()), so mypy cannot see that every verb has ``effect``
            bad = [e.effect for e in self.effects if e.effect in ANSWER_VERBS]  # type: ignore[attr-defined]
            if bad:
                raise ValueError(f"effects: {bad[0]!r} only works in a reaction")
        elif self.target not in ("answered_actor", "answered_target", "self"):
            raise ValueError("target: a reaction targets 'answered_actor', 'answered_target' or 'self'")
        return self


class ItemDef(StrictModel):
    """A piece of equipment: the body parts it takes, passive modifiers and its actions."""

    name: LocalizedName
    description: LocalizedText = ""
    kind: Literal["weapon", "shield", "armour", "wand", "spell", "trinket", "natural"] = "weapon"
    parts: list[Ident] = Field(min_length=1, max_length=4, description="body part kinds it needs")
    equip_cost: int = Field(0, ge=0, le=20, description="AP to equip in combat; 0: only outside combat")
    modifiers: dict[ModStat, Modifier] = Field(default_factory=dict)
    actions: list[Ident] = Field(default_factory=list, max_length=6)


class Placement(StrictModel):
    """An item equipped on named body parts at the start."""

    item: Ident
    parts: list[Ident] = Field(min_length=1, max_length=4)


class CombatantDef(StrictModel):
    """A hero archetype or a minion kind."""

    name: LocalizedName
    description: LocalizedText = ""
    body: Ident
    stats: Stats
    equipment: list[Placement] = Field(default_factory=list, max_length=12)
    pack: list[Ident] = Field(default_factory=list, max_length=8, description="stowed items")
    actions: list[Ident] = Field(default_factory=list, max_length=8, description="innate actions")


class MinionGroup(StrictModel):
    """Some minions of one kind in the encounter."""

    kind: Ident
    count: int = Field(1, ge=1, le=8)
    min_heroes: int = Field(1, ge=1, le=4, description="only when at least this many heroes play")


class RosterEntry(CombatantDef):
    """An explicit combatant (used by start_combat and by levels that want full control)."""

    id: Ident
    side: Literal["heroes", "minions"]
    seat: int = Field(ge=0, le=7, description="index of the seat that controls it")
    base_actions: bool = Field(False, description="gets the heroes' base actions")
    advantages: dict[Advantage, Annotated[int, Field(ge=0, le=MODIFIER_MAX)]] = Field(default_factory=dict)


class SkirmishLevel(LevelBase):
    """A skirmish level: content tables plus the encounter."""

    ruleset: Literal["skirmish"] = "skirmish"
    bodies: dict[Ident, BodyDef] = Field(default_factory=dict)
    actions: dict[Ident, ActionDef] = Field(default_factory=dict)
    equipment: dict[Ident, ItemDef] = Field(default_factory=dict)
    heroes: dict[Ident, CombatantDef] = Field(default_factory=dict, description="hero archetypes")
    minions: dict[Ident, CombatantDef] = Field(default_factory=dict, description="minion kinds")
    hero_base_actions: list[Ident] = Field(default_factory=lambda: ["punch", "kick", "heal"])
    party: list[Ident] = Field(default_factory=list, max_length=4,
                               description="hero archetypes, one per hero seat, in seat order")
    encounter: list[MinionGroup] = Field(default_factory=list, max_length=12)
    roster: list[RosterEntry] = Field(default_factory=list, max_length=16,
                                      description="explicit combatants instead of party + encounter")
    combat_level: int = Field(0, ge=0, le=10, description="advantages each hero picks before the fight")
    advantages: list[Advantage] = Field(default_factory=lambda: list(ADVANTAGES),
                                        description="advantages offered")
    round_limit: int | None = Field(None, ge=1, le=100,
                                    description="a variant: the fight is a draw after this many rounds "
                                                "(none by default: it ends only when one side is out)")
    variant: LocalizedText | None = Field(None, description="the name of the variant a round limit makes, "
                                                            "shown in the level list")
    ground: list[Ident] = Field(default_factory=list, max_length=12, description="items lying on the ground")

    @model_validator(mode="after")
    def _cross_check(self) -> "SkirmishLevel":
        problems: list[str] = []
        for aid in self.hero_base_actions:
            if aid not in self.actions:
                problems.append(f"hero_base_actions: unknown action {aid!r}{_near(aid, self.actions)}")
        for iid, item in self.equipment.items():
            for j, aid in enumerate(item.actions):
                if aid not in self.actions:
                    problems.append(f"equipment.{iid}.actions[{j}]: unknown action {aid!r}{_near(aid, self.actions)}")
        for table, defs in (("heroes", self.heroes), ("minions", self.minions)):
            for cid, cdef in defs.items():
                self._check_combatant(f"{table}.{cid}", cdef, problems)
        for i, rid in enumerate(self.party):
            if rid not in self.heroes:
                problems.append(f"party[{i}]: unknown hero {rid!r}{_near(rid, self.heroes)}")
        for i, grp in enumerate(self.encounter):
            if grp.kind not in self.minions:
                problems.append(f"encounter[{i}].kind: unknown minion {grp.kind!r}{_near(grp.kind, self.minions)}")
        for i, iid in enumerate(self.ground):
            if iid not in self.equipment:
                problems.append(f"ground[{i}]: unknown item {iid!r}{_near(iid, self.equipment)}")
        if self.roster:
            ids = Counter(r.id for r in self.roster)
            for rid, n in ids.items():
                if n > 1:
                    problems.append(f"roster: id {rid!r} is used twice")
            for i, r in enumerate(self.roster):
                self._check_combatant(f"roster[{i}]", r, problems)
            sides = {r.side for r in self.roster}
            if sides != {"heroes", "minions"}:
                problems.append("roster: needs at least one hero and one minion")
            seats = {r.seat for r in self.roster}
            if seats != set(range(len(seats))):
                problems.append("roster: seats must be numbered 0, 1, 2... without gaps")
            for s in seats:
                if len({r.side for r in self.roster if r.seat == s}) > 1:
                    problems.append(f"roster: seat {s} controls both heroes and minions")
        else:
            if not self.party:
                problems.append("party: at least one hero (or give a roster)")
            if not self.encounter:
                problems.append("encounter: at least one group of minions (or give a roster)")
            else:
                need = min(g.min_heroes for g in self.encounter)
                most = len(self.party) if self.seats is None else min(len(self.party), self.seats.max - 1)
                if self.party and need > most:
                    problems.append(f"encounter: every group of minions needs at least {need} heroes, but at most "
                                    f"{most} can play this level (party, seats.max): the fight would have no enemies")
        raise_problems(type(self).__name__, problems)  # one located line per problem
        return self

    def _check_combatant(self, where: str, cdef: CombatantDef, problems: list[str]) -> None:
        body = self.bodies.get(cdef.body)
        if body is None:
            problems.append(f"{where}.body: unknown body {cdef.body!r}{_near(cdef.body, self.bodies)}")
            return
        kinds = {p.id: p.kind for p in body.parts}
        used: set[str] = set()
        for j, pl in enumerate(cdef.equipment):
            item = self.equipment.get(pl.item)
            if item is None:
                problems.append(f"{where}.equipment[{j}].item: unknown item {pl.item!r}{_near(pl.item, self.equipment)}")
                continue
            bad = [p for p in pl.parts if p not in kinds]
            if bad:
                problems.append(f"{where}.equipment[{j}].parts: no part {bad[0]!r} on body {cdef.body!r}{_near(bad[0], kinds)}")
                continue
            if Counter(kinds[p] for p in pl.parts) != Counter(item.parts):
                problems.append(f"{where}.equipment[{j}].parts: {pl.item!r} needs parts of kinds {item.parts}")
                continue
            clash = used.intersection(pl.parts)
            if clash:
                problems.append(f"{where}.equipment[{j}].parts: part {sorted(clash)[0]!r} already holds an item")
            used.update(pl.parts)
        for j, iid in enumerate(cdef.pack):
            if iid not in self.equipment:
                problems.append(f"{where}.pack[{j}]: unknown item {iid!r}{_near(iid, self.equipment)}")
        for j, aid in enumerate(cdef.actions):
            if aid not in self.actions:
                problems.append(f"{where}.actions[{j}]: unknown action {aid!r}{_near(aid, self.actions)}")

    def seat_count_range(self) -> tuple[int, int]:
        """Return the (min, max) seats: one per hero plus the Dark Lord, or the roster's seats."""
        if self.roster:
            n = len({r.seat for r in self.roster})
            return n, n
        lo, hi = 2, len(self.party) + 1
        if self.encounter:  # fewer heroes than every group needs would fight no enemies (issue 16, item 12)
            lo = max(lo, 1 + min(g.min_heroes for g in self.encounter))
        if self.seats is not None:
            lo, hi = max(lo, self.seats.min), min(hi, self.seats.max)
        return lo, max(lo, hi)


def _near(word: str, options: Any) -> str:
    return suggest(word, options)  # bounded work (engine/levelchecks.py)
