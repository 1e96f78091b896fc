"""What a skirmish combatant may do now: limbs free and able, targets, equipment moves, reactions.

A mixin of ``SkirmishState`` (see ``state.py``): the legal-action builders of the flow
(``flow.py``) ask these, and the bot and the scene use them too. The reaction rules live
here: ``eligible_reactors`` is the AP rule (AP level + readiness above the acting combatant's,
not already in the chain, not already reacting to that entry, no body wait points) and
``askable`` is the chain's eligibility hook (eligible, able to react, not passed in the window).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import TYPE_CHECKING, Any, Iterable

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.skirmish.kinds import Kind, act

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.skirmish.state import SkirmishState


class Options:
    """Mixin: usability of actions and equipment, legal actions per combatant, the reaction rules.

    Each method's ``self`` is typed as ``SkirmishState`` so mypy checks the body against the full
    state; ``# type: ignore[misc]`` silences only "the self type is not a supertype of the mixin".
    """

    # ------------------------------------------------------------------ usability
    def _limb_pool(self: SkirmishState, c: dict[str, Any], free_only: bool) -> Counter:  # type: ignore[misc]
        held = self.holder(c)
        pool: Counter = Counter()
        for p in self.limbs(c):
            if not self.part_active(c, p["id"]) or self.limb_waiting(c, p["id"]):
                continue
            if free_only and p["id"] in held:
                continue
            pool[p["kind"]] += 1
        return pool

    def can_use(self: SkirmishState, c: dict[str, Any], aid: str, iid: str | None) -> bool:  # type: ignore[misc]
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

    def action_sources(self: SkirmishState, c: dict[str, Any],  # type: ignore[misc]
                       reactions: bool) -> list[tuple[str, str | None]]:
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

    def _healing(self: SkirmishState, adef: Any) -> bool:  # type: ignore[misc]
        kinds = {e.effect for e in adef.effects}
        return "heal" in kinds and "damage" not in kinds

    def target_options(self: SkirmishState, c: dict[str, Any], adef: Any,  # type: ignore[misc]
                       candidates: Iterable[dict[str, Any]]
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

    def _targets_for(self: SkirmishState, c: dict[str, Any], kind: str) -> list[dict[str, Any]]:  # type: ignore[misc]
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

    def part_choices(self: SkirmishState, c: dict[str, Any],  # type: ignore[misc]
                     item_id: str) -> list[tuple[str, ...]]:
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
            # the parts come from c["parts"]: part() is never None here
            if not any(self.part(c, p)["limb"] for p in parts) and self.any_limb_waiting(c):  # type: ignore[index]
                continue
            out.append(parts)
        return sorted(set(out))

    def can_handle(self: SkirmishState, c: dict[str, Any], iid: str) -> bool:  # type: ignore[misc]
        """True when the combatant may stow or drop an equipped item (no waiting limb involved)."""
        parts = c["equipped"].get(iid, [])
        # an equipped item sits on the combatant's own parts (checks.validate): part() is never None
        limb_parts = [p for p in parts if self.part(c, p)["limb"]]  # type: ignore[index]
        if any(self.limb_waiting(c, p) for p in limb_parts):
            return False
        if not limb_parts and self.any_limb_waiting(c):
            return False
        return True

    def opportunity_actions(self: SkirmishState, c: dict[str, Any]) -> list[Action]:  # type: ignore[misc]
        """Actions a combatant may take in its opportunity."""
        cid = c["id"]
        out = [act(Kind.WAIT, who=cid)]
        if c["wait"] > 0:
            return out
        out.append(act(Kind.PREPARE, who=cid))
        for aid, iid in self.action_sources(c, reactions=False):
            if not self.can_use(c, aid, iid):
                continue
            adef = self.model.actions[aid]
            for tid in self._distinct_targets(self.target_options(c, adef, self._targets_for(c, adef.target))):
                out.append(act(Kind.USE, who=cid, act=aid, item=iid, target=tid))
        # equipment: equip from the pack, pick up from the ground, take from a willing ally
        for iid in c["pack"]:
            if self.item_def(iid).equip_cost > 0:
                for parts in self.part_choices(c, self.items[iid]):
                    out.append(Action.of(Kind.EQUIP, who=cid, item=iid, parts=list(parts)))
        for iid in self.ground:
            if self.item_def(iid).equip_cost > 0:
                for parts in self.part_choices(c, self.items[iid]):
                    out.append(Action.of(Kind.PICKUP, who=cid, item=iid, parts=list(parts)))
        for ally in self.combatants:
            if ally is c or self.enemies(c, ally) or not self.active(ally):
                continue
            for iid in sorted(ally["equipped"]) + list(ally["pack"]):
                if self.item_def(iid).equip_cost <= 0 or [cid, iid] in self.refused:
                    continue
                for parts in self.part_choices(c, self.items[iid]):
                    out.append(Action.of(Kind.TAKE, who=cid, item=iid, source=ally["id"], parts=list(parts)))
        for iid in sorted(c["equipped"]):
            if self.item_def(iid).equip_cost > 0 and self.can_handle(c, iid):
                out.append(act(Kind.STOW, who=cid, item=iid))
                out.append(act(Kind.DROP, who=cid, item=iid))
        return out

    def eligible_reactors(self: SkirmishState, entry: dict[str, Any]) -> list[dict[str, Any]]:  # type: ignore[misc]
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

    def reaction_actions(self: SkirmishState, r: dict[str, Any]) -> list[Action]:  # type: ignore[misc]
        """The reactions a combatant may declare against the top chain entry now."""
        if not self.chain:
            return []
        hit = self._react_cache.get(r["id"])
        if hit is None:
            hit = self._react_cache[r["id"]] = self._reaction_actions(r)
        return list(hit)

    def _reaction_actions(self: SkirmishState, r: dict[str, Any]) -> list[Action]:  # type: ignore[misc]
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
                out.append(act(Kind.REACT, who=r["id"], act=aid, item=iid, target=tid))
        return out

    @staticmethod
    def _distinct_targets(options: list[tuple[str, str | None]]) -> list[str]:
        seen: list[str] = []
        for tid, _ in options:
            if tid not in seen:
                seen.append(tid)
        return seen

    def aim_options(self: SkirmishState, c: dict[str, Any], aid: str,  # type: ignore[misc]
                    tid: str) -> list[str | None]:
        """Where an action on a target may be aimed: the body (None) and/or its limbs."""
        adef = self.model.actions[aid]
        return [limb for _, limb in self.target_options(c, adef, [self.c(tid)])]

    def askable(self: SkirmishState) -> list[dict[str, Any]]:  # type: ignore[misc]
        """Combatants to ask in the current reaction window (eligible, able, not yet passed)."""
        stack = self.stack
        if not stack.items:
            return []
        out = []
        for r in self.eligible_reactors(stack.items[-1]):
            if stack.has_passed(r["id"]):
                continue
            if self.reaction_actions(r):
                out.append(r)
        return out

    def _target_actions(self: SkirmishState) -> list[Action]:  # type: ignore[misc]
        p = self.pending
        c = self.c(p["actor"])
        adef = self.model.actions[p["act"]]
        chosen = {x["id"] for x in p["targets"]}
        out = []
        if p["extra_left"] > 0:
            cands = [x for x in self._targets_for(c, adef.target) if x["id"] not in chosen]
            for tid, limb in self.target_options(c, adef, cands):
                out.append(act(Kind.ADD_TARGET, target=tid, limb=limb))
        out.append(Action.of(Kind.DONE))
        return out

    def explain_illegal(self: SkirmishState, action: Action) -> str:  # type: ignore[misc]
        """Say in words why an action is refused now."""
        d = self.decision()
        if d is None:
            return t("skirmish.illegal.over")
        who = action.get("who")
        if who is not None and who not in self._by_id:
            return t("skirmish.illegal.unknown", None, who=who)
        if who is not None and who not in d["who"]:
            return t("skirmish.illegal.not_now", None, who=self.name(who))
        if action.kind == Kind.USE:
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

