"""The skirmish game state: AP levels and the needle, opportunities, reaction chains, damage.

Everything the seed 003 describes happens here, as pure Python:

- a round gives every combatant an AP level (AP minus last round's body wait
  points, at most 15) and puts the needle at 15; while someone active is
  above the needle, the first by the four-step priority takes an opportunity,
  otherwise the needle drops by 1; the round ends when every AP level is 0;
- an action pays its AP (overspending becomes body wait points; each AP
  spent drains one wait point from the body card and from every limb), then
  a reaction window opens: combatants whose AP level + readiness is above the
  AP level of the acting combatant, not already in the chain and not already
  reacting to that action, are asked in priority order; a reaction pays,
  is clamped below the needle, and opens its own window; entries resolve last
  in first out, with a fresh window before each one resolves;
- checks are 3d6 exploding + offense against difficulty + defense, one per target;
- damage (DR first, limbs, disabling, auto-drop of equipment), healing,
  wait points, readiness, equipment moves.

The state is plain data (dicts and lists) so to_json, from_json and clone are exact.
"""

from __future__ import annotations

import itertools
import json
import logging
from collections import Counter
from typing import Any, Iterable

from game.engine.actions import Action
from game.engine.events import Event, damage_dealt, game_over, phase_began
from game.engine.dice import DiceExpr
from game.engine.i18n import language, localize, t
from game.engine.protocol import GameState, IllegalAction, Result
from game.engine.rng import Rng
from game.rulesets.skirmish.bot import success_chance
from game.rulesets.skirmish.effects import VERBS, EffectContext
from game.rulesets.skirmish.level import ADVANTAGE_STAT, SkirmishLevel

log = logging.getLogger(__name__)

AP_CAP = 15
MAX_TURNS = 19000  # decisions per fight before it is called a draw (real fights take a few hundred)
NEEDLE_START = 15
STATE_VERSION = 1
STATS = ("ap", "hp", "str", "def", "per", "mag", "dr")
_LEVEL_TEXT: dict[int, tuple[Any, str]] = {}  # id(level) -> (level, its data as JSON text)


def _act(kind: str, **args: Any) -> Action:
    """Build an Action quickly from scalar arguments (the hot path of legal_actions)."""
    return Action(kind, tuple(sorted(args.items())))


def ceil_half(n: int) -> int:
    """Half of n rounded up (every division in the seed rounds up)."""
    return -(-n // 2)


def _dup(value: Any) -> Any:
    """Copy plain JSON-like data quickly."""
    if isinstance(value, dict):
        return {k: _dup(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_dup(v) for v in value]
    return value


class SkirmishState(GameState):
    """One skirmish: combatants, the needle, the chain of actions and reactions."""

    ruleset_id = "skirmish"

    def __init__(self, level: Any, seat_names: list[str], rng: Rng) -> None:
        self.level = level
        self.model: SkirmishLevel = level.model
        self.seat_names = list(seat_names)
        self.rng = rng
        self.phase = "setup"          # setup, combat, over
        self.round = 0
        self.needle = NEEDLE_START
        self.combatants: list[dict[str, Any]] = []
        self.items: dict[str, str] = {}  # item instance -> equipment id
        self.ground: list[str] = []
        self.chain: list[dict[str, Any]] = []
        self.window: dict[str, Any] | None = None
        self.pending: dict[str, Any] | None = None
        self.opp_yielded: list[int] = []
        self.refused: list[list[str]] = []
        self.setup: list[list[Any]] = []  # [hero id, picks left]
        self.outcome: dict[str, Any] | None = None
        self.turns = 0
        self._by_id: dict[str, dict[str, Any]] = {}
        self._parts: dict[str, dict[str, dict[str, Any]]] = {}
        self._decision_cache: dict[str, Any] | None = None
        self._legal_cache: list[Action] | None = None
        self._react_cache: dict[str, list[Action]] = {}

    # ------------------------------------------------------------------ basics
    def _index(self) -> None:
        self._by_id = {c["id"]: c for c in self.combatants}
        self._parts = {c["id"]: {p["id"]: p for p in c["parts"]} for c in self.combatants}
        self._decision_cache = None
        self._legal_cache = None
        self._react_cache = {}

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
        return {e["actor"] for e in self.chain}

    def priority_key(self, c: dict[str, Any]) -> tuple[int, int, int, int]:
        """The seed's four steps: AP level, readiness, AP attribute, hero before minion."""
        return (c["ap_level"], c["ready"], self.stat(c, "ap"), 1 if self.is_hero(c) else 0)

    def seats_of(self, side: str) -> list[int]:
        """Return the seats controlling a side."""
        return sorted({c["seat"] for c in self.combatants if c["side"] == side})

    # ------------------------------------------------------------------ building
    @classmethod
    def new(cls, level: Any, seat_names: list[str], seed: int) -> "SkirmishState":
        """Create the combatants from the level for this many seats and begin."""
        st = cls(level, seat_names, Rng(seed))
        m: SkirmishLevel = level.model
        n = len(seat_names)
        if m.roster:
            for r in m.roster:
                st._add_combatant(r.id, r, r.side, r.seat, r.base_actions, dict(r.advantages), kind="")
        else:
            heroes = m.party[: n - 1]
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
        for iid in m.ground:
            st.ground.append(st._new_item(iid, "ground"))
        st._index()
        if m.combat_level > 0 and m.advantages:
            st.setup = [[c["id"], m.combat_level] for c in st.combatants if c["side"] == "heroes"]
        events: list[Event] = []
        if not st.setup:
            st._begin_combat(events)
        st._advance(events)
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
                       advantages: dict[str, int], kind: str, number: int | None = None) -> None:
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

    # ------------------------------------------------------------------ rounds
    def _begin_combat(self, events: list[Event]) -> None:
        self.phase = "combat"
        self.setup = []
        self._start_round(events)

    def _start_round(self, events: list[Event]) -> None:
        if self.round >= self.model.round_limit:
            self._finish(events, reason="round_limit")
            return
        self.round += 1
        self.needle = NEEDLE_START
        self.refused = []
        for c in self.combatants:
            c["ready"] = 0
            if not self.active(c):
                c["ap_level"] = 0
                continue
            ap = self.stat(c, "ap")
            carried = c["wait"]
            c["ap_level"] = min(AP_CAP, max(0, ap - carried))
            c["wait"] = max(0, carried - ap)
        events.append(phase_began("round", None, round=self.round, needle=self.needle,
                                  levels={c["id"]: c["ap_level"] for c in self.combatants}))

    def _finish(self, events: list[Event], reason: str) -> None:
        heroes = any(self.active(c) for c in self.combatants if c["side"] == "heroes")
        minions = any(self.active(c) for c in self.combatants if c["side"] == "minions")
        if reason == "round_limit":
            winners: list[int] = []
        elif heroes:
            winners = self.seats_of("heroes")
        else:
            winners = self.seats_of("minions")
        self.phase = "over"
        self.chain = []
        self.window = None
        self.pending = None
        self.outcome = {"winners": winners, "reason": reason, "heroes_standing": heroes,
                        "minions_standing": minions}
        events.append(game_over(winners, reason=reason))

    def _check_end(self, events: list[Event]) -> bool:
        if self.phase == "over":
            return True
        heroes = any(self.active(c) for c in self.combatants if c["side"] == "heroes")
        minions = any(self.active(c) for c in self.combatants if c["side"] == "minions")
        if heroes and minions:
            return False
        self._finish(events, reason="heroes_win" if heroes else "dark_lord_wins")
        return True

    # ------------------------------------------------------------------ decisions
    def _group_decision(self, group: list[dict[str, Any]], yielded: list[int]) -> dict[str, Any]:
        best = max(self.priority_key(c) for c in group)
        top = [c for c in group if self.priority_key(c) == best]
        seats = sorted({c["seat"] for c in top})
        remaining = [s for s in seats if s not in yielded] or seats
        seat = remaining[0]
        return {"seat": seat, "who": [c["id"] for c in top if c["seat"] == seat],
                "can_yield": len(remaining) > 1}

    def decision(self) -> dict[str, Any] | None:
        """Return who decides now and what kind of decision it is (None: game over)."""
        if self.phase == "over":
            return None
        if self._decision_cache is not None:
            return self._decision_cache
        d: dict[str, Any] | None = None
        if self.pending is not None:
            if self.pending["type"] == "aim":
                d = {"type": "aim", "seat": self.c(self.pending["actor"])["seat"],
                     "who": [self.pending["actor"]], "can_yield": False}
            elif self.pending["type"] == "targets":
                d = {"type": "targets", "seat": self.c(self.pending["actor"])["seat"],
                     "who": [self.pending["actor"]], "can_yield": False}
            else:
                d = {"type": "consent", "seat": self.c(self.pending["from"])["seat"],
                     "who": [self.pending["from"]], "can_yield": False}
        elif self.phase == "setup":
            if self.setup:
                hero = self.c(self.setup[0][0])
                d = {"type": "advantage", "seat": hero["seat"], "who": [hero["id"]], "can_yield": False}
        elif self.chain:
            askable = self.askable()
            if askable:
                d = {"type": "reaction", **self._group_decision(askable, self.window["yielded"] if self.window else [])}
        else:
            cands = [c for c in self.combatants if self.active(c) and c["ap_level"] > self.needle]
            if cands:
                d = {"type": "opportunity", **self._group_decision(cands, self.opp_yielded)}
        self._decision_cache = d
        return d

    def _advance(self, events: list[Event]) -> None:
        """Run every automatic step (needle, resolutions, rounds) until someone must decide."""
        guard = 0
        while self.phase != "over":
            guard += 1
            if guard > 100000:  # pragma: no cover - a bug, never a hang
                raise RuntimeError("skirmish: automatic steps do not converge")
            self._decision_cache = None
            self._legal_cache = None
            self._react_cache = {}
            if self.decision() is not None:
                return
            if self.phase == "setup":
                self._begin_combat(events)
                continue
            if self.chain:
                self._resolve_top(events)
                continue
            if any(self.active(c) and c["ap_level"] > 0 for c in self.combatants) and self.needle > 0:
                self.needle -= 1
                events.append(Event("NeedleMoved", {"needle": self.needle}))
                continue
            if any(self.active(c) and c["ap_level"] > 0 for c in self.combatants):  # pragma: no cover
                raise RuntimeError("skirmish: needle at 0 with AP left")
            events.append(Event("RoundEnded", {"round": self.round}))
            self._start_round(events)
        self._decision_cache = None
        self._legal_cache = None
        self._react_cache = {}

    # ------------------------------------------------------------------ usability
    def _limb_pool(self, c: dict[str, Any], free_only: bool) -> Counter:
        held = self.holder(c)
        pool: Counter = Counter()
        for p in self.limbs(c):
            if not self.part_active(c, p["id"]) or self.limb_waiting(c, p["id"]):
                continue
            if free_only and p["id"] in held:
                continue
            pool[p["kind"]] += 1
        return pool

    def can_use(self, c: dict[str, Any], aid: str, iid: str | None) -> bool:
        """True when the combatant's limbs allow this action now (active, not waiting, free)."""
        adef = self.model.actions[aid]
        uses_limb = bool(adef.limbs or adef.free)
        item_kinds: Counter = Counter()
        if iid is not None:
            for pid in c["equipped"].get(iid, ()):
                p = self.part(c, pid)
                if p is None or not self.part_active(c, pid):
                    return False
                if p["limb"]:
                    uses_limb = True
                    if self.limb_waiting(c, pid):
                        return False
                    item_kinds[p["kind"]] += 1
        if not uses_limb and self.any_limb_waiting(c):
            return False
        need = Counter(adef.limbs)
        free_need = Counter(adef.free)
        pool = self._limb_pool(c, False)
        free_pool = self._limb_pool(c, True)
        for kind, n in free_need.items():
            if free_pool[kind] < n:
                return False
        for kind, n in need.items():
            # the item's own limbs count for its action's limb needs; free limbs are set aside
            if pool[kind] - free_need.get(kind, 0) < n:
                return False
        return True

    def action_sources(self, c: dict[str, Any], reactions: bool) -> list[tuple[str, str | None]]:
        """Return (action id, item instance or None) pairs a combatant has, in a stable order."""
        out: list[tuple[str, str | None]] = []
        acts = self.model.actions
        for aid in c["actions"]:
            if (acts[aid].reaction is not None) == reactions:
                out.append((aid, None))
        for iid in sorted(c["equipped"]):
            for aid in self.item_def(iid).actions:
                if (acts[aid].reaction is not None) == reactions:
                    out.append((aid, iid))
        return out

    def _healing(self, adef: Any) -> bool:
        kinds = {e.effect for e in adef.effects}
        return "heal" in kinds and "damage" not in kinds

    def target_options(self, c: dict[str, Any], adef: Any, candidates: Iterable[dict[str, Any]]
                       ) -> list[tuple[str, str | None]]:
        """(target id, limb or None) pairs for an action over candidate targets."""
        out: list[tuple[str, str | None]] = []
        healing = self._healing(adef)
        for tgt in candidates:
            if not self.active(tgt):
                continue
            if not healing or tgt["damage"] > 0:
                out.append((tgt["id"], None))
            if adef.allow_limb:
                for p in self.limbs(tgt):
                    if healing and tgt["limb_damage"].get(p["id"], 0) <= 0:
                        continue
                    out.append((tgt["id"], p["id"]))
        return out

    def _targets_for(self, c: dict[str, Any], kind: str) -> list[dict[str, Any]]:
        alive = [x for x in self.combatants if self.active(x)]
        if kind == "enemy":
            return [x for x in alive if self.enemies(c, x)]
        if kind == "ally":
            return [x for x in alive if not self.enemies(c, x)]
        if kind == "other_ally":
            return [x for x in alive if not self.enemies(c, x) and x["id"] != c["id"]]
        if kind == "self":
            return [c]
        return alive

    def part_choices(self, c: dict[str, Any], item_id: str) -> list[tuple[str, ...]]:
        """Ways to put an item on free, active, not-waiting parts of the kinds it needs."""
        idef = self.model.equipment[item_id]
        held = self.holder(c)
        need = Counter(idef.parts)
        per_kind = []
        for kind in sorted(need):
            cands = [p["id"] for p in c["parts"] if p["kind"] == kind and p["id"] not in held
                     and self.part_active(c, p["id"]) and not (p["limb"] and self.limb_waiting(c, p["id"]))]
            per_kind.append(list(itertools.combinations(cands, need[kind])))
        out = []
        for combo in itertools.product(*per_kind):
            parts = tuple(sorted(p for grp in combo for p in grp))
            if not any(self.part(c, p)["limb"] for p in parts) and self.any_limb_waiting(c):
                continue
            out.append(parts)
        return sorted(set(out))

    def can_handle(self, c: dict[str, Any], iid: str) -> bool:
        """True when the combatant may stow or drop an equipped item (no waiting limb involved)."""
        parts = c["equipped"].get(iid, [])
        limb_parts = [p for p in parts if self.part(c, p)["limb"]]
        if any(self.limb_waiting(c, p) for p in limb_parts):
            return False
        if not limb_parts and self.any_limb_waiting(c):
            return False
        return True

    # ------------------------------------------------------------------ legal actions
    def to_act(self) -> int | None:
        """Return the seat that decides now, or None once the fight is over."""
        d = self.decision()
        return None if d is None else d["seat"]

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act, unique and in a stable order."""
        if self._legal_cache is not None:
            return list(self._legal_cache)
        d = self.decision()
        out: list[Action] = []
        if d is not None:
            kind = d["type"]
            if kind == "advantage":
                who = d["who"][0]
                out = [Action.of("advantage", who=who, pick=a) for a in self.model.advantages]
            elif kind == "targets":
                out = self._target_actions()
            elif kind == "aim":
                p = self.pending
                out = [_act("aim", limb=limb) for limb in self.aim_options(self.c(p["actor"]), p["act"], p["target"])]
            elif kind == "consent":
                out = [Action.of("give"), Action.of("refuse")]
            elif kind == "reaction":
                for cid in d["who"]:
                    out += self.reaction_actions(self.c(cid))
                    out.append(_act("pass", who=cid))
            elif kind == "opportunity":
                for cid in d["who"]:
                    out += self.opportunity_actions(self.c(cid))
            if d.get("can_yield"):
                out.append(Action.of("yield"))
        seen: set[Action] = set()
        unique = [a for a in out if not (a in seen or seen.add(a))]
        self._legal_cache = unique
        return list(unique)

    def opportunity_actions(self, c: dict[str, Any]) -> list[Action]:
        """Actions a combatant may take in its opportunity."""
        cid = c["id"]
        out = [_act("wait", who=cid)]
        if c["wait"] > 0:
            return out
        out.append(_act("prepare", who=cid))
        for aid, iid in self.action_sources(c, reactions=False):
            if not self.can_use(c, aid, iid):
                continue
            adef = self.model.actions[aid]
            for tid in self._distinct_targets(self.target_options(c, adef, self._targets_for(c, adef.target))):
                out.append(_act("use", who=cid, act=aid, item=iid, target=tid))
        # equipment: equip from the pack, pick up from the ground, take from a willing ally
        for iid in c["pack"]:
            if self.item_def(iid).equip_cost > 0:
                for parts in self.part_choices(c, self.items[iid]):
                    out.append(Action.of("equip", who=cid, item=iid, parts=list(parts)))
        for iid in self.ground:
            if self.item_def(iid).equip_cost > 0:
                for parts in self.part_choices(c, self.items[iid]):
                    out.append(Action.of("pickup", who=cid, item=iid, parts=list(parts)))
        for ally in self.combatants:
            if ally is c or self.enemies(c, ally) or not self.active(ally):
                continue
            for iid in sorted(ally["equipped"]) + list(ally["pack"]):
                if self.item_def(iid).equip_cost <= 0 or [cid, iid] in self.refused:
                    continue
                for parts in self.part_choices(c, self.items[iid]):
                    out.append(Action.of("take", who=cid, item=iid, source=ally["id"], parts=list(parts)))
        for iid in sorted(c["equipped"]):
            if self.item_def(iid).equip_cost > 0 and self.can_handle(c, iid):
                out.append(_act("stow", who=cid, item=iid))
                out.append(_act("drop", who=cid, item=iid))
        return out

    def eligible_reactors(self, entry: dict[str, Any]) -> list[dict[str, Any]]:
        """Combatants allowed to react to a chain entry by AP level, chain and earlier reactions."""
        actor = self.c(entry["actor"])
        busy = self.in_chain()
        out = []
        for r in self.combatants:
            if not self.active(r) or r["id"] in busy or r["id"] in entry["reacted"] or r["wait"] > 0:
                continue
            if r["ap_level"] + r["ready"] > actor["ap_level"]:
                out.append(r)
        return out

    def reaction_actions(self, r: dict[str, Any]) -> list[Action]:
        """The reactions a combatant may declare against the top chain entry now."""
        if not self.chain:
            return []
        hit = self._react_cache.get(r["id"])
        if hit is None:
            hit = self._react_cache[r["id"]] = self._reaction_actions(r)
        return list(hit)

    def _reaction_actions(self, r: dict[str, Any]) -> list[Action]:
        entry = self.chain[-1]
        if r not in self.eligible_reactors(entry):
            return []
        actor = self.c(entry["actor"])
        tids = [t["id"] for t in entry["targets"] if not t.get("negated")]
        out: list[Action] = []
        for aid, iid in self.action_sources(r, reactions=True):
            adef = self.model.actions[aid]
            rdef = adef.reaction
            if "any" not in rdef.answers and not set(rdef.answers) & set(entry["tags"]):
                continue
            if rdef.by == "enemy" and not self.enemies(r, actor):
                continue
            if rdef.by == "ally" and self.enemies(r, actor):
                continue
            if rdef.targeting == "self" and r["id"] not in tids:
                continue
            ally_tids = [x for x in tids if x != r["id"] and not self.enemies(r, self.c(x))]
            if rdef.targeting == "ally" and not ally_tids:
                continue
            if not self.can_use(r, aid, iid):
                continue
            if adef.target == "answered_actor":
                cands = [actor]
            elif adef.target == "self":
                cands = [r]
            else:  # answered_target
                ids = ally_tids if rdef.targeting == "ally" else ([r["id"]] if rdef.targeting == "self" else tids)
                cands = [self.c(x) for x in ids]
            for tid in self._distinct_targets(self.target_options(r, adef, cands)):
                out.append(_act("react", who=r["id"], act=aid, item=iid, target=tid))
        return out

    @staticmethod
    def _distinct_targets(options: list[tuple[str, str | None]]) -> list[str]:
        seen: list[str] = []
        for tid, _ in options:
            if tid not in seen:
                seen.append(tid)
        return seen

    def aim_options(self, c: dict[str, Any], aid: str, tid: str) -> list[str | None]:
        """Where an action on a target may be aimed: the body (None) and/or its limbs."""
        adef = self.model.actions[aid]
        return [limb for _, limb in self.target_options(c, adef, [self.c(tid)])]

    def askable(self) -> list[dict[str, Any]]:
        """Combatants to ask in the current reaction window (eligible, able, not yet passed)."""
        if not self.chain:
            return []
        passed = set(self.window["passed"]) if self.window else set()
        out = []
        for r in self.eligible_reactors(self.chain[-1]):
            if r["id"] in passed:
                continue
            if self.reaction_actions(r):
                out.append(r)
        return out

    def _target_actions(self) -> list[Action]:
        p = self.pending
        c = self.c(p["actor"])
        adef = self.model.actions[p["act"]]
        chosen = {x["id"] for x in p["targets"]}
        out = []
        if p["extra_left"] > 0:
            cands = [x for x in self._targets_for(c, adef.target) if x["id"] not in chosen]
            for tid, limb in self.target_options(c, adef, cands):
                out.append(_act("add_target", target=tid, limb=limb))
        out.append(Action.of("done"))
        return out

    def explain_illegal(self, action: Action) -> str:
        """Say in words why an action is refused now."""
        d = self.decision()
        if d is None:
            return t("skirmish.illegal.over")
        who = action.get("who")
        if who is not None and who not in self._by_id:
            return t("skirmish.illegal.unknown", None, who=who)
        if who is not None and who not in d["who"]:
            return t("skirmish.illegal.not_now", None, who=self.name(who))
        if action.kind == "use":
            c = self.c(who)
            aid = action.get("act")
            if aid not in self.model.actions:
                return t("skirmish.illegal.no_action", None, act=aid)
            if c["wait"] > 0:
                return t("skirmish.illegal.waiting", None, who=self.name(who))
            if not self.can_use(c, aid, action.get("item")):
                return t("skirmish.illegal.limbs", None, who=self.name(who))
            return t("skirmish.illegal.target", None)
        return t("skirmish.illegal.generic", None, action=action.key)

    # ------------------------------------------------------------------ paying
    def drain(self, c: dict[str, Any], amount: int) -> None:
        """Each AP spent removes one wait point from the body card and from every limb."""
        if amount <= 0:
            return
        c["wait"] = max(0, c["wait"] - amount)
        for pid in list(c["limb_wait"]):
            left = c["limb_wait"][pid] - amount
            if left > 0:
                c["limb_wait"][pid] = left
            else:
                del c["limb_wait"][pid]

    def pay(self, c: dict[str, Any], cost: int, reaction: bool, events: list[Event]) -> dict[str, int]:
        """Pay an AP cost: readiness first for reactions, overspending to body wait, needle clamp."""
        used = min(c["ready"], cost) if reaction else 0
        cost -= used
        c["ready"] = 0
        before = c["ap_level"]
        reduce = min(c["ap_level"], cost)
        c["ap_level"] -= reduce
        over = cost - reduce
        self.drain(c, reduce)
        c["wait"] += over
        clamped = False
        if reaction and c["ap_level"] >= self.needle:
            new = max(0, self.needle - 1)
            if new < c["ap_level"]:
                self.drain(c, c["ap_level"] - new)
                c["ap_level"] = new
                clamped = True
        info = {"before": before, "after": c["ap_level"], "readiness_used": used, "overspent": over}
        events.append(Event("APSpent", {"who": c["id"], **info, "clamped": clamped}))
        return info

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action.kind
        self.turns += 1
        if kind != "yield":
            self.opp_yielded = []
            if self.window is not None:
                self.window["yielded"] = []
        if kind == "yield":
            seat = self.decision()["seat"]
            if self.chain and self.window is not None:
                self.window["yielded"].append(seat)
            else:
                self.opp_yielded.append(seat)
            events.append(Event("Yielded", {"seat": seat}))
        elif kind == "advantage":
            c = self.c(action["who"])
            self._take_advantage(c, action["pick"])
            self.setup[0][1] -= 1
            if self.setup[0][1] <= 0:
                self.setup.pop(0)
            events.append(Event("AdvantageTaken", {"who": c["id"], "pick": action["pick"]}))
        elif kind == "wait":
            c = self.c(action["who"])
            self.pay(c, 1, False, events)
            events.append(Event("Waited", {"who": c["id"]}))
        elif kind == "prepare":
            c = self.c(action["who"])
            c["ap_level"] -= 1  # Prepare's AP does not drain wait points
            c["ready"] += 1
            events.append(Event("Prepared", {"who": c["id"], "ready": c["ready"], "ap_level": c["ap_level"]}))
        elif kind in ("use", "react"):
            self._aim_or_declare(kind, action, events)
        elif kind == "aim":
            p = self.pending
            self.pending = None
            decl = {"who": p["actor"], "act": p["act"], "item": p["item"], "target": p["target"],
                    "limb": action.get("limb")}
            events.append(Event("Aimed", {"who": p["actor"], "target": p["target"], "limb": action.get("limb")}))
            if p["reaction"]:
                self._declare_reaction(decl, events)
            else:
                self._declare_use(decl, events)
        elif kind == "add_target":
            p = self.pending
            p["targets"].append({"id": action["target"], "limb": action.get("limb"), "negated": False, "harden": 0})
            p["extra_left"] -= 1
            events.append(Event("TargetAdded", {"who": p["actor"], "target": action["target"],
                                                "limb": action.get("limb")}))
            if p["extra_left"] <= 0 or not [a for a in self._target_actions() if a.kind == "add_target"]:
                self._commit_use(events)
        elif kind == "done":
            self._commit_use(events)
        elif kind == "pass":
            self.window["passed"].append(action["who"])
            events.append(Event("Passed", {"who": action["who"]}))
        elif kind in ("equip", "pickup"):
            c = self.c(action["who"])
            source = "pack" if kind == "equip" else "ground"
            self._declare_equip(c, action["item"], list(action["parts"]), source, events)
        elif kind == "take":
            c = self.c(action["who"])
            ally = self.c(action["source"])
            if ally["seat"] == c["seat"]:
                self._declare_equip(c, action["item"], list(action["parts"]), ally["id"], events)
            else:
                self.pending = {"type": "consent", "actor": c["id"], "from": ally["id"], "item": action["item"],
                                "parts": list(action["parts"])}
                events.append(Event("TakeAsked", {"who": c["id"], "from": ally["id"], "item": action["item"]}))
        elif kind == "give":
            p = self.pending
            self.pending = None
            events.append(Event("TakeAgreed", {"who": p["actor"], "from": p["from"], "item": p["item"]}))
            self._declare_equip(self.c(p["actor"]), p["item"], p["parts"], p["from"], events)
        elif kind == "refuse":
            p = self.pending
            self.pending = None
            self.refused.append([p["actor"], p["item"]])
            events.append(Event("TakeRefused", {"who": p["actor"], "from": p["from"], "item": p["item"]}))
        elif kind == "stow":
            c = self.c(action["who"])
            iid = action["item"]
            self.pay(c, ceil_half(self.item_def(iid).equip_cost), False, events)
            self._push({"kind": "stow", "actor": c["id"], "act": None, "item": iid, "tags": ["equip"],
                        "targets": []}, events)
        elif kind == "drop":
            c = self.c(action["who"])
            c["ready"] = 0
            self._to_ground(c, action["item"], events, reason="drop")
        else:  # pragma: no cover - legal_actions never offers anything else
            raise IllegalAction(f"unknown action {kind!r}", action)
        self._check_end(events)
        if self.phase != "over" and self.turns >= MAX_TURNS:
            self._finish(events, reason="round_limit")  # a safety net far beyond real fights
        self._advance(events)
        return events

    def _aim_or_declare(self, kind: str, action: Action, events: list[Event]) -> None:
        c = self.c(action["who"])
        opts = self.aim_options(c, action["act"], action["target"])
        decl = {"who": c["id"], "act": action["act"], "item": action.get("item"), "target": action["target"],
                "limb": opts[0] if opts else None}
        if len(opts) > 1:
            self.pending = {"type": "aim", "actor": c["id"], "act": action["act"], "item": action.get("item"),
                            "target": action["target"], "reaction": kind == "react"}
            events.append(Event("AimOpen", {"who": c["id"], "act": action["act"], "target": action["target"]}))
        elif kind == "react":
            self._declare_reaction(decl, events)
        else:
            self._declare_use(decl, events)

    def _declare_use(self, action: Any, events: list[Event]) -> None:
        c = self.c(action["who"])
        aid = action["act"]
        adef = self.model.actions[aid]
        draft = {"type": "targets", "actor": c["id"], "act": aid, "item": action.get("item"),
                 "targets": [{"id": action["target"], "limb": action.get("limb"), "negated": False, "harden": 0}],
                 "extra_left": c["adv"].get("multi_attack", 0) if "attack" in adef.tags and adef.target == "enemy" else 0}
        self.pending = draft
        if draft["extra_left"] > 0 and [a for a in self._target_actions() if a.kind == "add_target"]:
            events.append(Event("TargetsOpen", {"who": c["id"], "act": aid, "extra": draft["extra_left"]}))
            return
        self._commit_use(events)

    def use_cost(self, aid: str, targets: list[dict[str, Any]]) -> int:
        """AP cost of an action: its cost plus 1 per target aimed at a limb."""
        return self.model.actions[aid].cost + sum(1 for x in targets if x.get("limb"))

    def _commit_use(self, events: list[Event]) -> None:
        p = self.pending
        self.pending = None
        c = self.c(p["actor"])
        adef = self.model.actions[p["act"]]
        self.pay(c, self.use_cost(p["act"], p["targets"]), False, events)
        self._push({"kind": "use", "actor": c["id"], "act": p["act"], "item": p["item"], "tags": list(adef.tags),
                    "targets": p["targets"]}, events)

    def _declare_reaction(self, action: Any, events: list[Event]) -> None:
        r = self.c(action["who"])
        aid = action["act"]
        adef = self.model.actions[aid]
        top = len(self.chain) - 1
        self.chain[top]["reacted"].append(r["id"])
        targets = [{"id": action["target"], "limb": action.get("limb"), "negated": False, "harden": 0}]
        self.pay(r, self.use_cost(aid, targets), True, events)
        self._push({"kind": "use", "actor": r["id"], "act": aid, "item": action.get("item"),
                    "tags": list(adef.tags) + ["reaction"], "targets": targets, "answers": top,
                    "declared_target": action["target"]}, events)

    def _declare_equip(self, c: dict[str, Any], iid: str, parts: list[str], source: str,
                       events: list[Event]) -> None:
        self.pay(c, self.item_def(iid).equip_cost, False, events)
        self._push({"kind": "equip", "actor": c["id"], "act": None, "item": iid, "tags": ["equip"],
                    "targets": [], "parts": list(parts), "source": source}, events)

    def _push(self, entry: dict[str, Any], events: list[Event]) -> None:
        entry.setdefault("answers", None)
        entry.setdefault("declared_target", None)
        entry["cancelled"] = False
        entry["reacted"] = []
        self.chain.append(entry)
        self.window = {"passed": [], "yielded": []}
        events.append(Event("Declared", {"index": len(self.chain) - 1, **_dup(entry),
                                         "ap_level": self.c(entry["actor"])["ap_level"],
                                         "eligible": sorted(r["id"] for r in self.eligible_reactors(entry))}))

    # ------------------------------------------------------------------ resolving
    def _resolve_top(self, events: list[Event]) -> None:
        entry = self.chain[-1]
        idx = len(self.chain) - 1
        actor = self.c(entry["actor"])
        # the last window before this step resolves: who could still have reacted (nobody wanted to)
        events.append(Event("Resolving", {"index": idx, "who": actor["id"],
                                          "eligible": sorted(r["id"] for r in self.eligible_reactors(entry))}))
        if not self.active(actor):
            events.append(Event("Fizzled", {"index": idx, "who": actor["id"]}))
        elif entry["cancelled"]:
            events.append(Event("FailedAutomatically", {"index": idx, "who": actor["id"], "act": entry["act"]}))
        elif entry["kind"] == "use":
            self._resolve_use(entry, idx, events)
        elif entry["kind"] == "equip":
            self._resolve_equip(entry, actor, events)
        elif entry["kind"] == "stow":
            if entry["item"] in actor["equipped"]:
                del actor["equipped"][entry["item"]]
                actor["pack"].append(entry["item"])
                events.append(Event("ItemMoved", {"item": entry["item"], "from": actor["id"],
                                                  "to": f"{actor['id']}:pack", "reason": "stow"}))
        if self.phase == "over":
            return
        self.chain.pop()
        events.append(Event("Resolved", {"index": idx}))
        self.window = {"passed": [], "yielded": []} if self.chain else None
        self._check_end(events)

    def _resolve_use(self, entry: dict[str, Any], idx: int, events: list[Event]) -> None:
        adef = self.model.actions[entry["act"]]
        actor = self.c(entry["actor"])
        for tgt in list(entry["targets"]):
            if self.phase == "over":
                return
            if tgt.get("negated"):
                events.append(Event("Blocked", {"index": idx, "target": tgt["id"]}))
                continue
            victim = self._by_id.get(tgt["id"])
            if victim is None or not self.active(victim):
                events.append(Event("NoTarget", {"index": idx, "target": tgt["id"]}))
                continue
            margin, ok = 0, True
            if adef.check is not None:
                ch = adef.check
                bonus = self.stat(actor, ch.offense) if ch.offense else 0
                difficulty = ch.difficulty + (2 if tgt.get("limb") else 0) + int(tgt.get("harden", 0))
                if ch.defense:
                    difficulty += self.stat(victim, ch.defense)
                roll = DiceExpr(3, bonus).roll(self.rng)
                ok = roll.total > difficulty
                margin = roll.total - difficulty
                events.append(Event("DiceRolled", {"who": actor["id"], "purpose": "check", "act": entry["act"],
                                                   "target": tgt["id"], "limb": tgt.get("limb"),
                                                   "difficulty": difficulty, "success": ok, "margin": margin,
                                                   **roll.to_json()}, random=True))
            if not ok:
                continue
            ctx = EffectContext(self, entry, tgt, margin,
                                on_declared_target=entry.get("declared_target") in (None, tgt["id"]))
            for eff in adef.effects:
                VERBS.run(ctx, eff)
                if self.phase == "over":
                    break
            events.extend(ctx.events)
            if self.phase == "over":
                return
            self._check_end(events)

    def _resolve_equip(self, entry: dict[str, Any], actor: dict[str, Any], events: list[Event]) -> None:
        iid, parts, source = entry["item"], entry["parts"], entry["source"]
        held = self.holder(actor)
        ok = all(self.part(actor, p) is not None and p not in held and self.part_active(actor, p) for p in parts)
        where: list[str] | None = None
        owner = None
        if source == "pack":
            where = actor["pack"] if iid in actor["pack"] else None
        elif source == "ground":
            where = self.ground if iid in self.ground else None
        else:
            owner = self._by_id.get(source)
            if owner is not None and iid in owner["pack"]:
                where = owner["pack"]
            elif owner is not None and iid in owner["equipped"]:
                where = []
        if not ok or where is None:
            events.append(Event("EquipFailed", {"who": actor["id"], "item": iid}))
            return
        if owner is not None and iid in owner["equipped"]:
            del owner["equipped"][iid]
        else:
            where.remove(iid)
        actor["equipped"][iid] = list(parts)
        events.append(Event("ItemMoved", {"item": iid, "from": source, "to": actor["id"], "parts": list(parts),
                                          "reason": "equip"}))

    # ------------------------------------------------------------------ effects
    def deal_damage(self, tid: str, limb: str | None, amount: int, source: str | None,
                    events: list[Event]) -> None:
        """Assign damage less DR to the body or a limb; disable limbs, drop items, deactivate."""
        c = self.c(tid)
        if not self.active(c):
            return
        dr = self.stat(c, "dr")
        dmg = amount - dr
        if dmg <= 0:
            events.append(damage_dealt(tid, 0, source, limb=limb, raw=amount, dr=dr))
            return
        before = {p["id"]: self.part_active(c, p["id"]) for p in self.limbs(c)}
        if limb:
            c["limb_damage"][limb] = c["limb_damage"].get(limb, 0) + dmg
        else:
            c["damage"] += dmg
        events.append(damage_dealt(tid, dmg, source, limb=limb, raw=amount, dr=dr))
        disabled = [pid for pid, was in before.items() if was and not self.part_active(c, pid)]
        for pid in disabled:
            events.append(Event("LimbDisabled", {"who": tid, "limb": pid}))
        if disabled:
            for iid in sorted(c["equipped"]):
                idef = self.item_def(iid)
                lparts = [p for p in c["equipped"][iid] if self.part(c, p)["limb"]]
                if idef.equip_cost > 0 and lparts and not any(self.part_active(c, p) for p in lparts):
                    self._to_ground(c, iid, events, reason="limb_disabled")
        if not self.active(c):
            c["ap_level"] = 0
            c["ready"] = 0
            events.append(Event("Inactive", {"who": tid}))
            self._check_end(events)

    def heal(self, tid: str, limb: str | None, amount: int, source: str | None, events: list[Event]) -> None:
        """Remove damage from the body (never more than it has) or from one limb (re-enabling it)."""
        c = self.c(tid)
        if not self.active(c):
            return
        if limb:
            was = self.part_active(c, limb)
            have = c["limb_damage"].get(limb, 0)
            removed = min(amount, have)
            if have - removed > 0:
                c["limb_damage"][limb] = have - removed
            else:
                c["limb_damage"].pop(limb, None)
            events.append(Event("Healed", {"who": tid, "limb": limb, "amount": removed, "source": source}))
            if not was and self.part_active(c, limb):
                events.append(Event("LimbRestored", {"who": tid, "limb": limb}))
        else:
            removed = min(amount, c["damage"])
            c["damage"] -= removed
            events.append(Event("Healed", {"who": tid, "limb": None, "amount": removed, "source": source}))

    def add_wait(self, tid: str, where: str, limb: str | None, points: int, events: list[Event]) -> None:
        """Put wait points on the body card, the chosen limb or every limb."""
        c = self.c(tid)
        if not self.active(c):
            return
        if where == "all_limbs":
            for p in self.limbs(c):
                c["limb_wait"][p["id"]] = c["limb_wait"].get(p["id"], 0) + points
        elif limb:  # an action aimed at a limb puts its effects on that limb (seed 003)
            c["limb_wait"][limb] = c["limb_wait"].get(limb, 0) + points
        else:
            c["wait"] += points
            where = "body"
        events.append(Event("WaitAdded", {"who": tid, "where": where, "limb": limb, "points": points}))

    def disarm(self, tid: str, limb: str, events: list[Event]) -> None:
        """The item held on a limb falls to the ground (items with no equip cost stay)."""
        c = self.c(tid)
        iid = self.holder(c).get(limb)
        if iid is not None and self.item_def(iid).equip_cost > 0:
            self._to_ground(c, iid, events, reason="disarm")

    def _to_ground(self, c: dict[str, Any], iid: str, events: list[Event], reason: str) -> None:
        if iid in c["equipped"]:
            del c["equipped"][iid]
            self.ground.append(iid)
            events.append(Event("ItemMoved", {"item": iid, "from": c["id"], "to": "ground", "reason": reason}))

    # ------------------------------------------------------------------ result, views
    def result(self) -> Result | None:
        """Heroes win while one of them stands; the Dark Lord otherwise; a draw at the round limit."""
        if self.outcome is None:
            return None
        return Result(tuple(self.outcome["winners"]), (), self.outcome["reason"])

    def summary(self, lang: str = "en") -> dict[str, Any]:
        """A readable digest of the fight (texts in ``lang``) for the generic table view and logs."""
        rows = []
        for c in self.combatants:
            limbs = []
            for p in self.limbs(c):
                if not self.part_active(c, p["id"]):
                    limbs.append(f"{self.part_name(c, p['id'], lang)}: {t('skirmish.view.disabled', lang)}")
                elif self.limb_waiting(c, p["id"]):
                    limbs.append(f"{self.part_name(c, p['id'], lang)}: "
                                 f"{t('skirmish.view.waiting', lang, n=c['limb_wait'][p['id']])}")
            equipped = [f"{localize(self.item_def(i).name, lang)} ({', '.join(self.part_name(c, p, lang) for p in ps)})"
                        for i, ps in c["equipped"].items()]
            active = self.active(c)
            rows.append({
                "name": self.name(c["id"], lang),
                "ap_level": c["ap_level"] if active else t("skirmish.view.out", lang),
                "ready": c["ready"], "wait": c["wait"],
                "damage": f"{self.total_damage(c)}/{c['stats']['hp']}",
                "limbs": "; ".join(limbs) or t("skirmish.view.all_active", lang),
                "equipment": "; ".join(equipped) or "-",
                "stats": " · ".join(f"{s.upper() if s in ('ap', 'hp', 'dr') else s.capitalize()} {self.stat(c, s)}"
                                    for s in STATS),
                "pack": ", ".join(localize(self.item_def(i).name, lang) for i in c["pack"]) or "-",
                "side": t(f"skirmish.role.{'hero' if c['side'] == 'heroes' else 'dark_lord'}", lang),
            })
        chain = []
        for e in self.chain:
            targets = ", ".join(self._target_text(x["id"], x.get("limb"), lang) for x in e["targets"])
            line = f"{self.name(e['actor'], lang)}: {self.entry_name(e, lang)}" + (f" → {targets}" if targets else "")
            if e["cancelled"]:
                line += f" ({t('skirmish.view.cancelled', lang)})"
            chain.append(line)
        d = self.decision()
        deciding = "-"
        if d is not None:
            deciding = t(f"skirmish.decide.{d['type']}", lang,
                         who=", ".join(self.name(x, lang) for x in d["who"]), seat=self.actor_name(d["seat"]))
        return {"round": self.round, "needle": self.needle, "deciding": deciding, "fighters": rows,
                "reaction_chain": chain,
                "on_the_ground": [localize(self.item_def(i).name, lang) for i in self.ground]}

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything is public in a skirmish: a readable digest first, then the full state without the RNG."""
        data = self.to_json()
        data["rng"] = None
        out: dict[str, Any] = {k: data.pop(k) for k in ("ruleset", "version", "level", "seats", "rng")}
        out.update(self.summary(language()))
        for k, v in data.items():
            out.setdefault(k, v)
        return out

    # ------------------------------------------------------------------ words
    def part_name(self, c: dict[str, Any], pid: str | None, lang: str = "en") -> str:
        """Return a body part's display name."""
        if pid is None:
            return ""
        p = self.part(c, pid)
        if p is not None and p.get("name"):
            return localize(p["name"], lang)
        key = f"skirmish.part.{pid}"
        text = t(key, lang)
        return pid if text == key else text

    def entry_name(self, e: dict[str, Any], lang: str = "en") -> str:
        """Return the display name of a chain entry's action."""
        if e.get("act"):
            return localize(self.model.actions[e["act"]].name, lang)
        return t(f"skirmish.entry.{e['kind']}", lang)

    def _target_text(self, tid: str | None, limb: str | None, lang: str) -> str:
        if tid is None:
            return ""
        text = self.name(tid, lang)
        if limb and tid in self._by_id:
            text += f" ({self.part_name(self.c(tid), limb, lang)})"
        return text

    def describe(self, action: Action, lang: str = "en") -> str:
        """Return an action in words, with AP cost and difficulty where it has them."""
        k = action.kind
        who = self.name(action.get("who"), lang)
        if k in ("use", "react", "aim"):
            if k == "aim":
                if self.pending is None or self.pending.get("type") != "aim":
                    return action.key
                p = self.pending
                aid, who_id, tid, limb = p["act"], p["actor"], p["target"], action.get("limb")
            else:
                aid, who_id, tid, limb = action.get("act"), action.get("who"), action.get("target"), None
            adef = self.model.actions.get(aid)
            if adef is None or who_id not in self._by_id or tid not in self._by_id:
                return action.key
            cost = adef.cost + (1 if limb else 0)
            extra = ""
            if adef.check is not None:
                ch = adef.check
                diff = ch.difficulty + (2 if limb else 0)
                if ch.defense:
                    diff += self.stat(self.c(tid), ch.defense)
                bonus = self.stat(self.c(who_id), ch.offense) if ch.offense else 0
                extra = t("skirmish.describe.check", lang, diff=diff,
                          chance=round(100 * success_chance(bonus, diff)))
            if k == "aim":
                where = self.part_name(self.c(tid), limb, lang) if limb else t("skirmish.view.body", lang)
                return t("skirmish.action.aim", lang, where=where, cost=cost) + extra
            key = "skirmish.action.use" if k == "use" else "skirmish.action.react"
            return t(key, lang, who=who, act=localize(adef.name, lang), target=self.name(tid, lang), cost=cost) + extra
        if k in ("equip", "pickup", "take", "stow", "drop"):
            iid = action.get("item")
            item = localize(self.item_def(iid).name, lang) if iid in self.items else str(iid)
            c = self._by_id.get(action.get("who"))
            parts = ", ".join(self.part_name(c, p, lang) for p in (action.get("parts") or ())) if c else ""
            cost = self.item_def(iid).equip_cost if iid in self.items else 0
            if k == "stow":
                cost = ceil_half(cost)
            if k == "drop":
                cost = 0
            return t(f"skirmish.action.{k}", lang, who=who, item=item, parts=parts, cost=cost,
                     source=self.name(action.get("source"), lang))
        if k == "advantage":
            return t("skirmish.action.advantage", lang, who=who,
                     pick=t(f"skirmish.advantage.{action.get('pick')}", lang))
        if k == "add_target":
            return t("skirmish.action.add_target", lang, target=self._target_text(action.get("target"),
                                                                                 action.get("limb"), lang))
        if k in ("give", "refuse") and self.pending is not None:
            p = self.pending
            return t(f"skirmish.action.{k}", lang, who=self.name(p["from"], lang), taker=self.name(p["actor"], lang),
                     item=localize(self.item_def(p["item"]).name, lang))
        if k == "yield":
            return t("skirmish.action.yield", lang, who=self.actor_name(self.to_act()))
        return t(f"skirmish.action.{k}", lang, who=who)

    def event_seat(self, event: Event, actor: int) -> int | None:
        """A log line is about the combatant the event names (``who``): its seat's colour, else the base's."""
        who = event.data.get("who") if isinstance(event.data, dict) else None
        if isinstance(who, str) and who in self._by_id:
            return int(self._by_id[who]["seat"])
        return super().event_seat(event, actor)

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        """Return a log line for an event (None when the action's own line says it all)."""
        d = event.data
        k = event.kind
        if k == "PhaseBegan" and d.get("phase") == "round":
            return t("skirmish.event.round", lang, round=d.get("round"))
        if k == "NeedleMoved":
            return t("skirmish.event.needle", lang, needle=d.get("needle"))
        if k == "DiceRolled" and d.get("purpose") == "check":
            return t("skirmish.event.check", lang, who=self.name(d.get("who"), lang), total=d.get("total"),
                     difficulty=d.get("difficulty"),
                     outcome=t("skirmish.event.success" if d.get("success") else "skirmish.event.failure", lang))
        if k == "DamageDealt":
            return t("skirmish.event.damage", lang, who=self._target_text(d.get("target"), d.get("limb"), lang),
                     amount=d.get("amount"))
        if k == "Healed":
            return t("skirmish.event.healed", lang, who=self._target_text(d.get("who"), d.get("limb"), lang),
                     amount=d.get("amount"))
        if k in ("LimbDisabled", "LimbRestored"):
            return t(f"skirmish.event.{k}", lang, who=self._target_text(d.get("who"), d.get("limb"), lang))
        if k in ("Inactive", "Fizzled", "FailedAutomatically"):
            return t(f"skirmish.event.{k}", lang, who=self.name(d.get("who"), lang))
        if k == "WaitAdded":
            return t("skirmish.event.wait", lang, who=self._target_text(d.get("who"), d.get("limb"), lang),
                     points=d.get("points"))
        if k == "Redirected":
            return t("skirmish.event.redirected", lang, who=self.name(d.get("who"), lang),
                     other=self.name(d.get("from"), lang))
        if k == "ItemMoved":
            iid = d.get("item")
            item = localize(self.item_def(iid).name, lang) if iid in self.items else str(iid)
            return t("skirmish.event.item", lang, item=item, to=self.name(d.get("to"), lang)
                     if d.get("to") in self._by_id else t("skirmish.where." + ("ground" if d.get("to") == "ground"
                                                                               else "pack"), lang))
        if k == "GameOver":
            return t(f"skirmish.event.over.{d.get('reason')}", lang)
        return None

    # ------------------------------------------------------------------ bots
    def heuristic(self, seat: int) -> float:
        """Share of the enemies' remaining strength lost minus our own, in [0, 1]."""
        res = self.result()
        if res is not None:
            if not res.winners:
                return 0.4
            return res.value(seat) if seat in res.winners else 0.0
        mine = {c["side"] for c in self.combatants if c["seat"] == seat}
        side = "heroes" if "heroes" in mine else "minions"

        def health(s: str) -> float:
            tot = 0.0
            members = [c for c in self.combatants if c["side"] == s]
            for c in members:
                if self.active(c):
                    tot += 0.5 + 0.5 * (1 - self.total_damage(c) / c["stats"]["hp"])
            return tot / max(1, len(members))

        ours = health(side)
        theirs = health("minions" if side == "heroes" else "heroes")
        return max(0.0, min(1.0, 0.5 + 0.5 * (ours - theirs)))

    # ------------------------------------------------------------------ checks
    def invariants(self) -> list[str]:
        """Return broken invariants in words (empty when all hold)."""
        bad: list[str] = []
        where: Counter = Counter()
        for c in self.combatants:
            cid = c["id"]
            hp = c["stats"]["hp"]
            if c["damage"] < 0 or any(v <= 0 for v in c["limb_damage"].values()):
                bad.append(f"{cid}: negative or zero damage entries")
            if c["wait"] < 0 or any(v <= 0 for v in c["limb_wait"].values()):
                bad.append(f"{cid}: bad wait points")
            if not 0 <= c["ap_level"] <= AP_CAP:
                bad.append(f"{cid}: AP level {c['ap_level']} outside 0..{AP_CAP}")
            if c["ready"] < 0:
                bad.append(f"{cid}: negative readiness")
            if not self.active(c) and (c["ap_level"] or c["ready"]):
                bad.append(f"{cid}: inactive but has AP level or readiness")
            if self.total_damage(c) > hp + 200:
                bad.append(f"{cid}: runaway damage")
            pids = {p["id"] for p in c["parts"]}
            limbs = {p["id"] for p in self.limbs(c)}
            if not set(c["limb_damage"]) <= limbs or not set(c["limb_wait"]) <= limbs:
                bad.append(f"{cid}: damage or wait on something that is not a limb")
            used: Counter = Counter()
            for iid, parts in c["equipped"].items():
                where[iid] += 1
                if Counter(self.part(c, p)["kind"] if p in pids else "?" for p in parts) != Counter(self.item_def(iid).parts):
                    bad.append(f"{cid}: {iid} on parts {parts} of the wrong kinds")
                used.update(parts)
            if any(n > 1 for n in used.values()):
                bad.append(f"{cid}: two items on one part")
            for iid in c["pack"]:
                where[iid] += 1
        for iid in self.ground:
            where[iid] += 1
        if set(where) != set(self.items) or any(n != 1 for n in where.values()):
            bad.append("items: an item vanished, appeared or is in two places")
        if not 0 <= self.needle <= NEEDLE_START:
            bad.append(f"needle {self.needle} outside 0..{NEEDLE_START}")
        if self.phase == "over":
            if self.outcome is None or self.chain:
                bad.append("over: needs an outcome and an empty chain")
        else:
            if self.outcome is not None:
                bad.append("an outcome while still playing")
            if self.phase == "combat":
                h = any(self.active(c) for c in self.combatants if c["side"] == "heroes")
                m = any(self.active(c) for c in self.combatants if c["side"] == "minions")
                if not (h and m):
                    bad.append("combat goes on without two active enemies")
                if not self.chain and self.pending is None:
                    above = [c for c in self.combatants if self.active(c) and c["ap_level"] > self.needle]
                    if not above:
                        bad.append("no one above the needle and no decision")
            actors = [e["actor"] for e in self.chain]
            if len(set(actors)) != len(actors):
                bad.append("chain: a combatant appears twice in the chain")
            if self.to_act() is not None and not self.legal_actions():
                bad.append("a seat to act without legal actions")
        return bad

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> dict[str, Any]:
        """The full state as JSON-safe data (level included, so a save stands alone)."""
        return {
            "ruleset": self.ruleset_id, "version": STATE_VERSION, "level": self._level_copy(),
            "seats": list(self.seat_names), "rng": self.rng.to_json(), "phase": self.phase,
            "round": self.round, "needle": self.needle, "combatants": _dup(self.combatants),
            "items": dict(self.items), "ground": list(self.ground), "chain": _dup(self.chain),
            "window": _dup(self.window), "pending": _dup(self.pending), "opp_yielded": list(self.opp_yielded),
            "refused": _dup(self.refused), "setup": _dup(self.setup), "outcome": _dup(self.outcome),
            "turns": self.turns,
        }

    def _level_copy(self) -> dict[str, Any]:
        text = _LEVEL_TEXT.get(id(self.level))
        if text is None or text[0] is not self.level:
            text = (self.level, json.dumps(self.level.data))
            _LEVEL_TEXT[id(self.level)] = text
            while len(_LEVEL_TEXT) > 32:
                _LEVEL_TEXT.pop(next(iter(_LEVEL_TEXT)))
        return json.loads(text[1])

    def clone(self) -> "SkirmishState":
        """Return an independent copy (fast: the level is shared, the data copied)."""
        st = SkirmishState(self.level, self.seat_names, Rng.from_json(self.rng.to_json()))
        st.rng.draws = self.rng.draws
        for key in ("phase", "round", "needle", "turns"):
            setattr(st, key, getattr(self, key))
        for key in ("combatants", "items", "ground", "chain", "window", "pending", "opp_yielded", "refused",
                    "setup", "outcome"):
            setattr(st, key, _dup(getattr(self, key)))
        st._index()
        return st

