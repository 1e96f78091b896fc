"""Typed records of what a skirmish shows, built from ``state.view(seat)`` alone.

Why: the skirmish panes (arena, AP track, action menu, chain, advantages, detail card) draw a
fight without touching the rule state (``state.pending``, ``.chain``, ``.c()``, ``.stat()``), so the
same panes can show a fight that another game hosts (an expedition's child skirmish). Everything a
pane reads is here, as frozen records, computed from the view dict plus the level's static
catalogue of actions and equipment (definitions, not state).

The view dict carries the current decision (``view["decision"]``); ``from_view`` takes a
``decision`` argument only for views made before it did.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from game.engine.i18n import localize, t

STAT_KEYS = ("str", "def", "per", "mag", "dr")


def _ceil_half(n: int) -> int:
    return -(-n // 2)


@dataclass(frozen=True)
class ItemRecord:
    """One item instance: its id, its equipment definition's words and figures."""

    iid: str
    name: Any                      # a Translations / {lang: text} / text (``localize`` reads it)
    modifiers: tuple[tuple[str, int], ...] = ()
    actions: tuple[str, ...] = ()


@dataclass(frozen=True)
class PartRecord:
    """One body part: whether it is a limb, active (limbs disable at half HP), waiting, what it holds."""

    id: str
    name: Any
    limb: bool
    active: bool
    wait: int
    holds: str | None

    @property
    def waiting(self) -> bool:
        """True while a limb has wait points."""
        return self.wait > 0


@dataclass(frozen=True)
class CombatantRecord:
    """A combatant as drawn: identity, side, track position, health, effective stats, parts and pack."""

    id: str
    name: Any
    side: str
    seat: int
    kind: str
    body: str
    number: int                    # its number within its side (shown on the card and the track)
    ap_level: int
    ready: int
    wait: int
    hp: int
    damage: int                    # body plus limb damage
    stats: Mapping[str, int]       # with the passive modifiers of working equipment
    parts: tuple[PartRecord, ...]
    pack: tuple[str, ...]
    equipped: Mapping[str, tuple[str, ...]]

    @property
    def active(self) -> bool:
        """Standing while its HP is above the damage taken."""
        return self.damage < self.hp

    @property
    def hero(self) -> bool:
        """True on the heroes' side."""
        return self.side == "heroes"

    def stat(self, name: str) -> int:
        """A characteristic with equipment modifiers (``hp`` is the base value)."""
        return int(self.stats.get(name, 0))

    def holder(self) -> dict[str, str]:
        """Each occupied part mapped to the item on it."""
        return {p: iid for iid, parts in self.equipped.items() for p in parts}

    def part(self, pid: str | None) -> PartRecord | None:
        """One part by id."""
        return next((p for p in self.parts if p.id == pid), None)


@dataclass(frozen=True)
class ChainEntry:
    """One declared entry of the reaction chain."""

    kind: str
    actor: str | None
    act: str | None
    item: str | None
    targets: tuple[tuple[str | None, str | None], ...]   # (combatant id, limb)
    reaction: bool

    @classmethod
    def from_dict(cls, e: Mapping[str, Any]) -> "ChainEntry":
        """A chain entry from its view (or event) dict."""
        return _entry(e)


@dataclass(frozen=True)
class Pending:
    """A half-declared action waiting for a choice (aim a limb, add targets, consent to a take)."""

    type: str
    actor: str | None = None
    act: str | None = None
    target: str | None = None
    giver: str | None = None
    item: str | None = None


@dataclass(frozen=True)
class Decision:
    """Who decides now and what kind of decision it is."""

    type: str
    seat: int | None
    who: tuple[str, ...]
    can_yield: bool = False


@dataclass(frozen=True)
class ActionInfo:
    """The static words and figures of an action (cost, check) from the level's catalogue."""

    name: Any
    cost: int
    offense: str | None
    defense: str | None
    difficulty: int | None       # None: no check


@dataclass(frozen=True)
class SkirmishView:
    """Everything the skirmish panes draw (see the module docstring)."""

    round: int
    needle: int
    phase: str
    combatants: tuple[CombatantRecord, ...]
    chain: tuple[ChainEntry, ...]
    pending: Pending | None
    decision: Decision | None
    ground: tuple[str, ...]
    setup: tuple[tuple[str, int], ...]
    items: Mapping[str, ItemRecord]
    actions: Mapping[str, ActionInfo] = field(default_factory=dict)

    # ------------------------------------------------------------------ lookups
    def by_id(self) -> dict[str, CombatantRecord]:
        """Combatants by id."""
        return {c.id: c for c in self.combatants}

    def get(self, cid: str | None) -> CombatantRecord | None:
        """One combatant (None when unknown)."""
        return next((c for c in self.combatants if c.id == cid), None)

    def side(self, side: str) -> list[CombatantRecord]:
        """The combatants of one side, in order."""
        return [c for c in self.combatants if c.side == side]

    @property
    def acting(self) -> set[str]:
        """The combatants deciding now."""
        return set(self.decision.who) if self.decision else set()

    def picks_left(self, hid: str | None) -> int:
        """How many advantages a hero still picks in set-up (1 when not listed)."""
        left = 1
        for h, n in self.setup:
            if h == hid:
                left = n
        return left

    # ------------------------------------------------------------------ words
    def name(self, cid: str | None, lang: str) -> str:
        """A combatant's name; a name shared by several gets its number (#2)."""
        if cid is None:
            return "-"
        c = self.get(cid)
        if c is None:
            return str(cid)
        name = localize(c.name, lang)
        if sum(1 for x in self.combatants if localize(x.name, lang) == name) > 1:
            name += f" #{c.number}"
        return name

    def item_name(self, iid: str | None, lang: str) -> str:
        """An item's name (its id when unknown)."""
        rec = self.items.get(iid or "")
        return localize(rec.name, lang) if rec is not None else str(iid)

    def act_name(self, aid: str | None, lang: str) -> str:
        """An action's name (its id when unknown)."""
        info = self.actions.get(aid or "")
        return localize(info.name, lang) if info is not None else str(aid)

    def part_name(self, cid: str | None, pid: str | None, lang: str) -> str:
        """A body part's name ("body" for the whole body)."""
        if pid is None:
            return t("skirmish_scene.body")
        c = self.get(cid)
        p = c.part(pid) if c is not None else None
        if p is not None and p.name:
            return localize(p.name, lang)
        key = f"skirmish.part.{pid}"
        text = t(key, lang)
        return pid if text == key else text

    def entry_name(self, e: ChainEntry, lang: str) -> str:
        """A chain entry's action in words."""
        if e.act:
            return self.act_name(e.act, lang)
        return t(f"skirmish.entry.{e.kind}", lang)

    def chance(self, who: str | None, aid: str | None, tid: str | None, limb: str | None = None
               ) -> tuple[int | None, float]:
        """Difficulty and chance of success of an action on a target (exact 3d6-exploding table)."""
        from game.rulesets.skirmish.bot import success_chance

        info = self.actions.get(aid or "")
        if info is None or info.difficulty is None:
            return None, 1.0
        diff = info.difficulty + (2 if limb else 0)
        target, actor = self.get(tid), self.get(who)
        if info.defense and target is not None:
            diff += target.stat(info.defense)
        bonus = actor.stat(info.offense) if info.offense and actor is not None else 0
        return diff, success_chance(bonus, diff)

    # ------------------------------------------------------------------ building
    @classmethod
    def from_view(cls, view: Mapping[str, Any], catalogue: Any = None,
                  decision: Mapping[str, Any] | None = None) -> "SkirmishView":
        """Build the records from ``state.view(seat)``; ``catalogue`` is the level model (actions, equipment)."""
        equipment = getattr(catalogue, "equipment", {}) or {}
        items: dict[str, ItemRecord] = {}
        for iid, etype in (view.get("items") or {}).items():
            d = equipment.get(etype)
            if d is None:
                items[iid] = ItemRecord(iid, str(iid))
            else:
                items[iid] = ItemRecord(iid, d.name, tuple((k, int(v)) for k, v in d.modifiers.items()),
                                        tuple(d.actions))
        actions: dict[str, ActionInfo] = {}
        for aid, a in (getattr(catalogue, "actions", {}) or {}).items():
            ch = a.check
            actions[aid] = ActionInfo(a.name, int(a.cost), ch.offense if ch else None, ch.defense if ch else None,
                                      ch.difficulty if ch else None)
        counts: dict[str, int] = {}
        fighters = []
        for c in view.get("combatants") or []:
            if not isinstance(c, dict) or "id" not in c:
                continue
            side = c.get("side", "minions")
            counts[side] = counts.get(side, 0) + 1
            fighters.append(_combatant(c, counts[side], items))
        chain = tuple(_entry(e) for e in view.get("chain") or [])
        p = view.get("pending")
        pending = None if not p else Pending(p.get("type", ""), p.get("actor"), p.get("act"), p.get("target"),
                                              p.get("from"), p.get("item"))
        d = view.get("decision", decision)
        dec = None if not d else Decision(d["type"], d.get("seat"), tuple(d.get("who") or ()),
                                          bool(d.get("can_yield")))
        return cls(round=int(view.get("round") or 0), needle=int(view.get("needle", 15)),
                   phase=str(view.get("phase", "")), combatants=tuple(fighters), chain=chain, pending=pending,
                   decision=dec, ground=tuple(view.get("ground") or ()),
                   setup=tuple((str(h), int(n)) for h, n in view.get("setup") or ()), items=items, actions=actions)


def _combatant(c: Mapping[str, Any], number: int, items: Mapping[str, ItemRecord]) -> CombatantRecord:
    base = dict(c.get("stats") or {})
    hp = int(base.get("hp", 0))
    limb_damage = c.get("limb_damage") or {}
    limb_wait = c.get("limb_wait") or {}
    threshold = _ceil_half(hp)
    equipped = {iid: tuple(parts) for iid, parts in (c.get("equipped") or {}).items()}
    holder = {p: iid for iid, parts in equipped.items() for p in parts}
    parts = tuple(PartRecord(p["id"], p.get("name"), bool(p.get("limb")),
                             (not p.get("limb")) or limb_damage.get(p["id"], 0) < threshold,
                             int(limb_wait.get(p["id"], 0)), holder.get(p["id"]))
                  for p in c.get("parts") or [])
    active_part = {p.id: p.active for p in parts}
    stats = dict(base)
    for iid, on in equipped.items():  # passive modifiers of working equipment (every part it needs active)
        rec = items.get(iid)
        if rec is None or not all(active_part.get(p, False) for p in on):
            continue
        for k, v in rec.modifiers:
            if k != "hp" and k in stats:
                stats[k] += v
    damage = int(c.get("damage", 0)) + sum(int(v) for v in limb_damage.values())
    return CombatantRecord(id=c["id"], name=c.get("name", c["id"]), side=c.get("side", "minions"),
                           seat=int(c.get("seat", 0)), kind=str(c.get("kind", "")), body=str(c.get("body", "humanoid")),
                           number=number, ap_level=int(c.get("ap_level", 0)), ready=int(c.get("ready", 0)),
                           wait=int(c.get("wait", 0)), hp=hp, damage=damage, stats=stats, parts=parts,
                           pack=tuple(c.get("pack") or ()), equipped=equipped)


def _entry(e: Mapping[str, Any]) -> ChainEntry:
    return ChainEntry(kind=str(e.get("kind", "")), actor=e.get("actor"), act=e.get("act"), item=e.get("item"),
                      targets=tuple((x.get("id"), x.get("limb")) for x in e.get("targets") or []),
                      reaction="reaction" in (e.get("tags") or []))
