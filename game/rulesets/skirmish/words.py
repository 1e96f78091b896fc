"""Skirmish in words: actions and events described, the fight's digest, the view, the bots' heuristic.

A mixin of ``SkirmishState`` (see ``state.py``); every player-facing text goes through
``t()`` with the keys of ``strings.toml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.dicetext import roll_text
from game.engine.events import Event
from game.engine.i18n import language, localize, t
from game.rulesets.skirmish.bot import success_chance
from game.rulesets.skirmish.kinds import STATS, ceil_half

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.skirmish.state import SkirmishState


class Words:
    """Mixin: summary and view, action and event descriptions, the heuristic for bots.

    Each method's ``self`` is typed as ``SkirmishState`` so mypy checks the body against the full
    state; ``# type: ignore[misc]`` silences only "the self type is not a supertype of the mixin".
    """

    def summary(self: SkirmishState, lang: str = "en") -> dict[str, Any]:  # type: ignore[misc]
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

    def view(self: SkirmishState, seat: int | None) -> dict[str, Any]:  # type: ignore[misc]
        """Everything is public in a skirmish: a readable digest first, then the full state without the RNG."""
        data = self.to_json()
        data["rng"] = None
        # the chain keeps the view's old shape: a list of entries and the open window (None without one)
        stack = data.pop("chain")
        yielded = data.pop("yielded")
        out: dict[str, Any] = {k: data.pop(k) for k in ("ruleset", "version", "level", "seats", "rng")}
        out.update(self.summary(language()))
        for k, v in data.items():
            if k == "pending":
                out.setdefault("chain", stack["items"])
                out.setdefault("window", {"passed": stack["passed"], "yielded": yielded} if stack["items"] else None)
            out.setdefault(k, v)
        # who decides now and how (public in a skirmish): panes draw it without asking the rules
        d = self.decision()
        out["decision"] = None if d is None else {"type": d["type"], "seat": d["seat"], "who": list(d["who"]),
                                                  "can_yield": bool(d.get("can_yield"))}
        return out

    # ------------------------------------------------------------------ words
    def part_name(self: SkirmishState, c: dict[str, Any], pid: str | None,  # type: ignore[misc]
                  lang: str = "en") -> str:
        """Return a body part's display name."""
        if pid is None:
            return ""
        p = self.part(c, pid)
        if p is not None and p.get("name"):
            return localize(p["name"], lang)
        key = f"skirmish.part.{pid}"
        text = t(key, lang)
        return pid if text == key else text

    def entry_name(self: SkirmishState, e: dict[str, Any], lang: str = "en") -> str:  # type: ignore[misc]
        """Return the display name of a chain entry's action."""
        if e.get("act"):
            return localize(self.model.actions[e["act"]].name, lang)
        return t(f"skirmish.entry.{e['kind']}", lang)

    def _target_text(self: SkirmishState, tid: str | None, limb: str | None, lang: str) -> str:  # type: ignore[misc]
        if tid is None:
            return ""
        text = self.name(tid, lang)
        if limb and tid in self._by_id:
            text += f" ({self.part_name(self.c(tid), limb, lang)})"
        return text

    def describe(self: SkirmishState, action: Action, lang: str = "en") -> str:  # type: ignore[misc]
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
        if k == "concede":
            return t("skirmish.action.concede", lang, who=self.actor_name(action.get("seat")))
        return t(f"skirmish.action.{k}", lang, who=who)

    def event_seat(self: SkirmishState, event: Event, actor: int) -> int | None:  # type: ignore[misc]
        """A log line is about the combatant the event names (``who``): its seat's colour, else the base's."""
        who = event.data.get("who") if isinstance(event.data, dict) else None
        if isinstance(who, str) and who in self._by_id:
            return int(self._by_id[who]["seat"])
        return super().event_seat(event, actor)

    def check_bonus_name(self: SkirmishState, act: Any, lang: str = "en") -> str | None:  # type: ignore[misc]
        """The short name of the stat a check adds to its dice ("Str"), or None (no such action or stat)."""
        adef = self.model.actions.get(act) if isinstance(act, str) else None
        stat = adef.check.offense if adef is not None and adef.check is not None else None
        return t(f"skirmish.stat_short.{stat}", lang) if stat else None

    def describe_event(self: SkirmishState, event: Event, lang: str = "en") -> str | None:  # type: ignore[misc]
        """Return a log line for an event (None when the action's own line says it all)."""
        d = event.data
        k = event.kind
        if k == "PhaseBegan" and d.get("phase") == "round":
            return t("skirmish.event.round", lang, round=d.get("round"))
        if k == "NeedleMoved":
            return t("skirmish.event.needle", lang, needle=d.get("needle"))
        if k == "DiceRolled" and d.get("purpose") == "check":
            roll = roll_text(d, self.check_bonus_name(d.get("act"), lang), lang) or str(d.get("total"))
            return t("skirmish.event.check", lang, who=self.name(d.get("who"), lang), total=d.get("total"),
                     roll=roll, difficulty=d.get("difficulty"),
                     outcome=t("skirmish.event.success" if d.get("success") else "skirmish.event.failure", lang))
        if k == "DamageDealt":
            return t("skirmish.event.damage", lang, who=self._target_text(d.get("target"), d.get("limb"), lang),
                     amount=d.get("amount"), count=d.get("amount") or 0)
        if k == "Healed":
            return t("skirmish.event.healed", lang, who=self._target_text(d.get("who"), d.get("limb"), lang),
                     amount=d.get("amount"), count=d.get("amount") or 0)
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
            if d.get("to") not in self._by_id:  # to the ground or the pack: a sentence of its own ("al suelo")
                where = "ground" if d.get("to") == "ground" else "pack"
                return t(f"skirmish.event.item_{where}", lang, item=item)
            return t("skirmish.event.item", lang, item=item, to=self.name(d.get("to"), lang))
        if k == "GameOver":
            return t(f"skirmish.event.over.{d.get('reason')}", lang)
        return None

    # ------------------------------------------------------------------ bots
    def heuristic(self: SkirmishState, seat: int) -> float:  # type: ignore[misc]
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

