"""The skirmish game state as a typed record: its fields, building a fight, and the basic queries.

What the seed 003 describes is split by job (each a mixin of ``SkirmishState``):

- ``flow.py``     the declared turn flow: who decides, automatic steps (needle, rounds, resolving),
                  the handlers of every action kind;
- ``options.py``  what a combatant may do now (limbs, targets, equipment, reactions);
- ``chain.py``    paying AP, the reaction chain (a ``PriorityStack``), resolving, damage and rounds;
- ``words.py``    describing actions and events, the summary and the view;
- ``checks.py``   invariants, the validation after loading, the migration of older saves.

Combatants, chain entries and pending decisions stay plain JSON tables (``Json`` fields) because
the scene, the bot and the effect verbs read them as dicts on many lines; their shape is declared
as records in ``checks.py`` and checked on every load. ``to_json``, ``from_json`` and ``clone``
come from the field declaration below (``game/engine/records.py``); the level is saved as its
content-hash reference.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.flow import FlowGame
from game.engine.i18n import localize
from game.engine.levels import Level
from game.engine.i18n import t
from game.engine.protocol import GameState, IllegalAction, Result
from game.engine.records import DERIVED, Between, Json, Record
from game.engine.rng import Rng
from game.engine.stack import PriorityStack
from game.rulesets.skirmish.chain import ChainRules
from game.rulesets.skirmish.checks import Checks, CombatantData
from game.rulesets.skirmish.flow import FLOW, locate
from game.rulesets.skirmish.kinds import (  # noqa: F401
    AP_CAP, CONCEDE, MAX_TURNS, NEEDLE_START, STATE_VERSION, STATS, Phase, ceil_half,
)
from game.rulesets.skirmish.level import ADVANTAGE_STAT, Advantage, SkirmishLevel
from game.rulesets.skirmish.options import Options
from game.rulesets.skirmish.words import Words

__all__ = ["SkirmishState", "AP_CAP", "MAX_TURNS", "NEEDLE_START", "STATE_VERSION", "STATS", "ceil_half"]


@dataclass(eq=False, kw_only=True)
class SkirmishState(FlowGame, Options, ChainRules, Words, Checks, Record, GameState):
    """One skirmish: combatants, the needle, the chain of actions and reactions."""

    ruleset_id = "skirmish"
    flow = FLOW

    ruleset: Literal["skirmish"] = "skirmish"
    version: Literal[2] = STATE_VERSION
    level: Level
    seat_names: list[str] = field(metadata={"json": "seats"})
    rng: Rng
    phase: Phase = Phase.SETUP
    round: Annotated[int, Between(0, 10**6)] = 0
    needle: Annotated[int, Between(0, NEEDLE_START)] = NEEDLE_START
    #: one table per combatant (shape: ``checks.Combatant``, checked on loading)
    combatants: list[CombatantData] = field(default_factory=list)
    #: item instance -> equipment id
    items: dict[str, str] = field(default_factory=dict)
    ground: list[str] = field(default_factory=list)
    #: the reaction chain: entries (tables, shape ``checks.Entry``) and who passed in the open window
    stack: PriorityStack = field(default_factory=PriorityStack, metadata={"json": "chain"})
    #: seats that yielded the open reaction window's decision to a tied seat
    yielded: list[int] = field(default_factory=list)
    #: an open sub-decision: aim, targets or consent (a table)
    pending: Json = None
    #: seats that yielded the current opportunity to a tied seat
    opp_yielded: list[int] = field(default_factory=list)
    #: [combatant, item] pairs whose "take" the owner refused this round
    refused: list[list[str]] = field(default_factory=list)
    #: [hero id, picks left] while heroes pick advantages
    setup: list[Json] = field(default_factory=list)
    outcome: Json = None
    turns: Annotated[int, Between(0, 10**7)] = 0

    model: Any = field(default=None, metadata=DERIVED)
    _by_id: dict[str, Any] = field(default_factory=dict, metadata=DERIVED)
    _parts: dict[str, Any] = field(default_factory=dict, metadata=DERIVED)
    _where: Any = field(default=None, metadata=DERIVED)
    _legal_cache: Any = field(default=None, metadata=DERIVED)
    _react_cache: dict[str, Any] = field(default_factory=dict, metadata=DERIVED)

    def __post_init__(self) -> None:
        self.after_load()

    # ------------------------------------------------------------------ caches
    def after_load(self) -> None:
        """Rebuild the model link, the indexes and empty caches (after loading or cloning)."""
        self.model = self.level.model
        try:
            self._index()
        except (KeyError, TypeError, AttributeError):  # damaged data: checks.validate names the field
            self._by_id, self._parts = {}, {}
            self._invalidate()

    def _index(self) -> None:
        self._by_id = {c["id"]: c for c in self.combatants}
        self._parts = {c["id"]: {p["id"]: p for p in c["parts"]} for c in self.combatants}
        self._invalidate()

    def _invalidate(self) -> None:
        """Forget the cached decision, legal actions and reactions (the state changed)."""
        self._where = None
        self._legal_cache = None
        self._react_cache = {}

    @property
    def chain(self) -> list[dict[str, Any]]:
        """The chain entries, oldest first (the stack's items)."""
        return self.stack.items

    @chain.setter
    def chain(self, entries: list[dict[str, Any]]) -> None:
        self.stack.items = entries

    # ------------------------------------------------------------------ the protocol
    def decision(self) -> dict[str, Any] | None:
        """Return who decides now and what kind of decision it is (None: game over)."""
        if self.phase == Phase.OVER:
            return None
        return locate(self)[1]

    def to_act(self) -> int | None:
        """Return the seat that decides now, or None once the fight is over."""
        return self.flow.to_act(self)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, unique and in a stable order (cached until a change)."""
        if self._legal_cache is None:
            self._legal_cache = self.flow.legal_actions(self)
        return list(self._legal_cache)

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action, or a concession (``concede seat=N``) from the seat to act."""
        if action.kind == CONCEDE:
            return self.concede(action)
        return super().apply(action)

    def concede(self, action: Action) -> list[Event]:
        """The seat to act gives up (RULES.md): its side loses and the other side wins."""
        seat = self.to_act()
        if seat is None:
            raise IllegalAction(t("illegal.game_over", "en"), action)
        asked = action.get("seat")
        if set(action.params) != {"seat"} or type(asked) is not int or asked != seat:
            raise IllegalAction(t("skirmish.illegal.concede", "en", who=self.actor_name(seat)), action)
        side = next(c["side"] for c in self.combatants if c["seat"] == seat)
        events: list[Event] = []
        self.turns += 1
        self._finish(events, reason="conceded", conceding=side)
        self._invalidate()
        return events

    def settle(self, events: list[Event]) -> None:
        """Run the automatic steps (needle, resolutions, rounds) until someone must decide."""
        self._invalidate()
        self.flow.settle(self, events)

    def result(self) -> Result | None:
        """Heroes win while one of them stands; the Dark Lord otherwise; a draw at the round limit."""
        if self.outcome is None:
            return None
        return Result(tuple(self.outcome["winners"]), (), self.outcome["reason"])

    def hosted_summary(self) -> dict[str, Any]:
        """What a hosting game is handed when the fight ends (see ``combat.fight_summary``)."""
        from game.rulesets.skirmish.combat import fight_summary

        return fight_summary(self)

    child_summary = hosted_summary

    # ------------------------------------------------------------------ basics
    def c(self, cid: str) -> dict[str, Any]:
        """Return the combatant with this id."""
        return self._by_id[cid]

    def name(self, cid: str | None, lang: str = "en") -> str:
        """Return a combatant's display name."""
        if cid is None or cid not in self._by_id:
            return "-"
        return localize(self._by_id[cid]["name"], lang)

    def is_hero(self, c: dict[str, Any]) -> bool:
        """True for combatants on the heroes' side."""
        return c["side"] == "heroes"

    def enemies(self, a: dict[str, Any], b: dict[str, Any]) -> bool:
        """True when two combatants are on opposite sides."""
        return a["side"] != b["side"]

    def part(self, c: dict[str, Any], pid: str) -> dict[str, Any] | None:
        """Return one body part of a combatant."""
        return self._parts[c["id"]].get(pid)

    def limbs(self, c: dict[str, Any]) -> list[dict[str, Any]]:
        """Return a combatant's limbs."""
        return [p for p in c["parts"] if p["limb"]]

    def limb_threshold(self, c: dict[str, Any]) -> int:
        """Limb damage that disables a limb: half the HP, rounded up."""
        return ceil_half(c["stats"]["hp"])

    def part_active(self, c: dict[str, Any], pid: str) -> bool:
        """Non-limb parts are always active; a limb is disabled at half HP of damage or more."""
        p = self.part(c, pid)
        if p is None:
            return False
        if not p["limb"]:
            return True
        return c["limb_damage"].get(pid, 0) < self.limb_threshold(c)

    def limb_waiting(self, c: dict[str, Any], pid: str) -> bool:
        """True while a limb has wait points."""
        return c["limb_wait"].get(pid, 0) > 0

    def any_limb_waiting(self, c: dict[str, Any]) -> bool:
        """True when some limb has wait points."""
        return any(v > 0 for v in c["limb_wait"].values())

    def total_damage(self, c: dict[str, Any]) -> int:
        """Body damage plus every limb's damage."""
        ld = c["limb_damage"]
        return c["damage"] + (sum(ld.values()) if ld else 0)

    def active(self, c: dict[str, Any]) -> bool:
        """A combatant is active while its HP is above the damage it took."""
        ld = c["limb_damage"]
        return c["damage"] + (sum(ld.values()) if ld else 0) < c["stats"]["hp"]

    def holder(self, c: dict[str, Any]) -> dict[str, str]:
        """Map each occupied part to the item instance on it."""
        out: dict[str, str] = {}
        for iid, parts in c["equipped"].items():
            for p in parts:
                out[p] = iid
        return out

    def item_def(self, iid: str) -> Any:
        """Return the equipment definition of an item instance."""
        return self.model.equipment[self.items[iid]]

    def item_working(self, c: dict[str, Any], iid: str) -> bool:
        """An equipped item works while every part it needs is active."""
        return all(self.part_active(c, p) for p in c["equipped"].get(iid, ()))

    def stat(self, c: dict[str, Any], name: str) -> int:
        """Return a characteristic with the passive modifiers of working equipment."""
        value = c["stats"][name]
        if name == "hp":
            return value
        for iid in c["equipped"]:
            mods = self.item_def(iid).modifiers
            if name in mods and self.item_working(c, iid):
                value += mods[name]
        return value

    def in_chain(self) -> set[str]:
        """Combatants with an unresolved entry in the chain."""
        return {e["actor"] for e in self.stack.items}

    def priority_key(self, c: dict[str, Any]) -> tuple[int, int, int, int]:
        """The seed's four steps: AP level, readiness, AP attribute, hero before minion."""
        return (c["ap_level"], c["ready"], self.stat(c, "ap"), 1 if self.is_hero(c) else 0)

    def seats_of(self, side: str) -> list[int]:
        """Return the seats controlling a side."""
        return sorted({c["seat"] for c in self.combatants if c["side"] == side})

    # ------------------------------------------------------------------ building
    @classmethod
    def new(cls, level: Level, seat_names: list[str], seed: int | Rng,
            party: list[str] | None = None) -> "SkirmishState":
        """Create the combatants from the level for this many seats and begin (``seed``: a number or an Rng).

        ``party``: the hero of each hero seat (chosen on the set-up screen); None: the level's party.
        """
        st = cls(level=level, seat_names=list(seat_names), rng=seed if isinstance(seed, Rng) else Rng(seed))
        m: SkirmishLevel = level.model
        n = len(seat_names)
        if m.roster:
            for r in m.roster:
                st._add_combatant(r.id, r, r.side, r.seat, r.base_actions, dict(r.advantages), kind="")
        else:
            heroes = list(party) if party is not None else m.party[: n - 1]
            for i, hid in enumerate(heroes):
                st._add_combatant(f"h{i + 1}", m.heroes[hid], "heroes", i, True, {}, kind=hid)
            dl = len(heroes)
            count = 0
            for grp in m.encounter:
                if len(heroes) < grp.min_heroes:
                    continue
                kind = m.minions[grp.kind]
                for k in range(grp.count):
                    count += 1
                    st._add_combatant(f"m{count}", kind, "minions", dl, False, {}, kind=grp.kind,
                                      number=k + 1 if grp.count > 1 else None)
            if not count:  # the level's seat range prevents this; a fight with no enemies is never started
                need = min((g.min_heroes for g in m.encounter), default=1)
                raise ValueError(f"{level.id}: no minions fight {len(heroes)} heroes (the encounter needs "
                                 f"at least {need}); choose more seats")
        for iid in m.ground:
            st.ground.append(st._new_item(iid, "ground"))
        st._index()
        if m.combat_level > 0 and m.advantages:
            st.setup = [[c["id"], m.combat_level] for c in st.combatants if c["side"] == "heroes"]
        st.settle([])
        return st

    def _new_item(self, item_id: str, owner: str) -> str:
        base = f"{owner}.{item_id}"
        iid, k = base, 1
        while iid in self.items:
            k += 1
            iid = f"{base}{k}"
        self.items[iid] = item_id
        return iid

    def _add_combatant(self, cid: str, cdef: Any, side: str, seat: int, base_actions: bool,
                       advantages: dict[Advantage, int], kind: str, number: int | None = None) -> None:
        m = self.model
        name = cdef.name if isinstance(cdef.name, str) else cdef.name.model_dump(exclude_none=True)
        if number is not None:
            name = f"{name} {number}" if isinstance(name, str) else {k: f"{v} {number}" for k, v in name.items()}
        body = m.bodies[cdef.body]
        parts = []
        for p in body.parts:
            pname = None if p.name is None else (p.name if isinstance(p.name, str)
                                                   else p.name.model_dump(exclude_none=True))
            parts.append({"id": p.id, "kind": p.kind, "limb": p.limb, "name": pname})
        actions = list(m.hero_base_actions) if base_actions else []
        actions += [a for a in cdef.actions if a not in actions]
        c: dict[str, Any] = {
            "id": cid, "name": name, "side": side, "seat": seat, "kind": kind, "body": cdef.body,
            "base_actions": base_actions, "stats": cdef.stats.as_dict(), "adv": {}, "parts": parts,
            "actions": actions, "damage": 0, "limb_damage": {}, "wait": 0, "limb_wait": {},
            "ap_level": 0, "ready": 0, "equipped": {}, "pack": [],
        }
        for pl in cdef.equipment:
            c["equipped"][self._new_item(pl.item, cid)] = list(pl.parts)
        for iid in cdef.pack:
            c["pack"].append(self._new_item(iid, cid))
        for adv, rank in advantages.items():
            for _ in range(rank):
                self._take_advantage(c, adv)
        self.combatants.append(c)

    def _take_advantage(self, c: dict[str, Any], adv: str) -> None:
        c["adv"][adv] = c["adv"].get(adv, 0) + 1
        if adv in ADVANTAGE_STAT:
            stat, amount = ADVANTAGE_STAT[adv]
            c["stats"][stat] += amount

