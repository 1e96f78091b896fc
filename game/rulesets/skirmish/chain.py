"""Paying AP, the reaction chain, resolving entries, damage and healing, rounds and the end.

A mixin of ``SkirmishState`` (see ``state.py``). The chain is the state's ``PriorityStack``
(``stack``): declaring an action pushes an entry and opens a fresh window over it; when nobody
eligible wants to react (``Options.askable``) the flow resolves the top entry, last in first out,
and a fresh window opens over the next one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.dice import DiceExpr
from game.engine.events import Event, damage_dealt, game_over, phase_began
from game.engine.records import Json, dup_json
from game.rulesets.skirmish.effects import VERBS, EffectContext
from game.rulesets.skirmish.kinds import AP_CAP, NEEDLE_START, EntryKind, Kind, Phase

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.skirmish.state import SkirmishState


class ChainRules:
    """Mixin: rounds, paying, declaring onto the chain, resolving, and the effects on combatants.

    Each method's ``self`` is typed as ``SkirmishState`` so mypy checks the body against the full
    state; ``# type: ignore[misc]`` silences only "the self type is not a supertype of the mixin".
    """

    # ------------------------------------------------------------------ rounds
    def _begin_combat(self: SkirmishState, events: list[Event]) -> None:  # type: ignore[misc]
        self.phase = Phase.COMBAT
        self.setup: list[Json] = []
        self._start_round(events)

    def _start_round(self: SkirmishState, events: list[Event]) -> None:  # type: ignore[misc]
        limit = self.model.round_limit
        if limit is not None and self.round >= limit:
            self._finish(events, reason="round_limit")
            return
        self.round += 1
        self.needle = NEEDLE_START
        self.refused: list[list[str]] = []
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

    def _finish(self: SkirmishState, events: list[Event], reason: str,  # type: ignore[misc]
                conceding: str | None = None) -> None:
        heroes = any(self.active(c) for c in self.combatants if c["side"] == "heroes")
        minions = any(self.active(c) for c in self.combatants if c["side"] == "minions")
        if reason == "round_limit":
            winners: list[int] = []
        elif conceding is not None:  # a player gave up: the other side wins
            winners = self.seats_of("minions" if conceding == "heroes" else "heroes")
        elif heroes:
            winners = self.seats_of("heroes")
        else:
            winners = self.seats_of("minions")
        self.phase = Phase.OVER
        self.stack.clear()
        self.yielded: list[int] = []
        self.pending = None
        self.outcome = {"winners": winners, "reason": reason, "heroes_standing": heroes,
                        "minions_standing": minions}
        events.append(game_over(winners, reason=reason))

    def _check_end(self: SkirmishState, events: list[Event]) -> bool:  # type: ignore[misc]
        if self.phase == Phase.OVER:
            return True
        heroes = any(self.active(c) for c in self.combatants if c["side"] == "heroes")
        minions = any(self.active(c) for c in self.combatants if c["side"] == "minions")
        if heroes and minions:
            return False
        self._finish(events, reason="heroes_win" if heroes else "dark_lord_wins")
        return True

    # ------------------------------------------------------------------ paying
    def drain(self: SkirmishState, c: dict[str, Any], amount: int) -> None:  # type: ignore[misc]
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

    def pay(self: SkirmishState, c: dict[str, Any], cost: int, reaction: bool,  # type: ignore[misc]
            events: list[Event]) -> dict[str, int]:
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

    def _aim_or_declare(self: SkirmishState, kind: str, action: Action,  # type: ignore[misc]
                        events: list[Event]) -> None:
        c = self.c(action["who"])
        opts = self.aim_options(c, action["act"], action["target"])
        decl = {"who": c["id"], "act": action["act"], "item": action.get("item"), "target": action["target"],
                "limb": opts[0] if opts else None}
        if len(opts) > 1:
            self.pending = {"type": "aim", "actor": c["id"], "act": action["act"], "item": action.get("item"),
                            "target": action["target"], "reaction": kind == Kind.REACT}
            events.append(Event("AimOpen", {"who": c["id"], "act": action["act"], "target": action["target"]}))
        elif kind == Kind.REACT:
            self._declare_reaction(decl, events)
        else:
            self._declare_use(decl, events)

    def _declare_use(self: SkirmishState, action: Any, events: list[Event]) -> None:  # type: ignore[misc]
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

    def use_cost(self: SkirmishState, aid: str, targets: list[dict[str, Any]]) -> int:  # type: ignore[misc]
        """AP cost of an action: its cost plus 1 per target aimed at a limb."""
        return self.model.actions[aid].cost + sum(1 for x in targets if x.get("limb"))

    def _commit_use(self: SkirmishState, events: list[Event]) -> None:  # type: ignore[misc]
        p = self.pending
        self.pending = None
        c = self.c(p["actor"])
        adef = self.model.actions[p["act"]]
        self.pay(c, self.use_cost(p["act"], p["targets"]), False, events)
        self._push({"kind": "use", "actor": c["id"], "act": p["act"], "item": p["item"], "tags": list(adef.tags),
                    "targets": p["targets"]}, events)

    def _declare_reaction(self: SkirmishState, action: Any, events: list[Event]) -> None:  # type: ignore[misc]
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

    def _declare_equip(self: SkirmishState, c: dict[str, Any], iid: str, parts: list[str],  # type: ignore[misc]
                       source: str,
                       events: list[Event]) -> None:
        self.pay(c, self.item_def(iid).equip_cost, False, events)
        self._push({"kind": "equip", "actor": c["id"], "act": None, "item": iid, "tags": ["equip"],
                    "targets": [], "parts": list(parts), "source": source}, events)

    def _push(self: SkirmishState, entry: dict[str, Any], events: list[Event]) -> None:  # type: ignore[misc]
        entry.setdefault("answers", None)
        entry.setdefault("declared_target", None)
        entry["cancelled"] = False
        entry["reacted"] = []
        self.stack.push(entry)
        self.yielded = []
        events.append(Event("Declared", {"index": len(self.stack.items) - 1, **dup_json(entry),
                                         "ap_level": self.c(entry["actor"])["ap_level"],
                                         "eligible": sorted(r["id"] for r in self.eligible_reactors(entry))}))

    # ------------------------------------------------------------------ resolving
    def _resolve_top(self: SkirmishState, events: list[Event]) -> None:  # type: ignore[misc]
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
        elif entry["kind"] == EntryKind.USE:
            self._resolve_use(entry, idx, events)
        elif entry["kind"] == EntryKind.EQUIP:
            self._resolve_equip(entry, actor, events)
        elif entry["kind"] == EntryKind.STOW:
            if entry["item"] in actor["equipped"]:
                del actor["equipped"][entry["item"]]
                actor["pack"].append(entry["item"])
                events.append(Event("ItemMoved", {"item": entry["item"], "from": actor["id"],
                                                  "to": f"{actor['id']}:pack", "reason": "stow"}))
        if self.phase == Phase.OVER:
            return
        self.stack.pop()
        self.yielded = []
        events.append(Event("Resolved", {"index": idx}))
        self._check_end(events)

    def _resolve_use(self: SkirmishState, entry: dict[str, Any], idx: int,  # type: ignore[misc]
                     events: list[Event]) -> None:
        adef = self.model.actions[entry["act"]]
        actor = self.c(entry["actor"])
        for tgt in list(entry["targets"]):
            if self.phase == Phase.OVER:
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
                if self.phase == Phase.OVER:
                    break
            events.extend(ctx.events)
            if self.phase == Phase.OVER:
                return
            self._check_end(events)

    def _resolve_equip(self: SkirmishState, entry: dict[str, Any], actor: dict[str, Any],  # type: ignore[misc]
                       events: list[Event]) -> None:
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
    def deal_damage(self: SkirmishState, tid: str, limb: str | None, amount: int,  # type: ignore[misc]
                    source: str | None,
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
                # an equipped item sits on the combatant's own parts (checks.validate): part() is never None
                lparts = [p for p in c["equipped"][iid] if self.part(c, p)["limb"]]  # type: ignore[index]
                if idef.equip_cost > 0 and lparts and not any(self.part_active(c, p) for p in lparts):
                    self._to_ground(c, iid, events, reason="limb_disabled")
        if not self.active(c):
            c["ap_level"] = 0
            c["ready"] = 0
            events.append(Event("Inactive", {"who": tid}))
            self._check_end(events)

    def heal(self: SkirmishState, tid: str, limb: str | None, amount: int, source: str | None,  # type: ignore[misc]
             events: list[Event]) -> None:
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

    def add_wait(self: SkirmishState, tid: str, where: str, limb: str | None, points: int,  # type: ignore[misc]
                 events: list[Event]) -> None:
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

    def disarm(self: SkirmishState, tid: str, limb: str, events: list[Event]) -> None:  # type: ignore[misc]
        """The item held on a limb falls to the ground (items with no equip cost stay)."""
        c = self.c(tid)
        iid = self.holder(c).get(limb)
        if iid is not None and self.item_def(iid).equip_cost > 0:
            self._to_ground(c, iid, events, reason="disarm")

    def _to_ground(self: SkirmishState, c: dict[str, Any], iid: str, events: list[Event],  # type: ignore[misc]
                   reason: str) -> None:
        if iid in c["equipped"]:
            del c["equipped"][iid]
            self.ground.append(iid)
            events.append(Event("ItemMoved", {"item": iid, "from": c["id"], "to": "ground", "reason": reason}))

