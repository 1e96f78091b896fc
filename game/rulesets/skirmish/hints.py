"""Why the hint's move is good, in one sentence, for the skirmish (issue 15: the hint says why).

Everything in a skirmish is public, so the seat's view holds the whole fight: ``explain_hint`` rebuilds
the state from it with ``determinize`` (the dice are never read) and says, with the numbers the rules
already compute (``bot.success_chance`` for the 3d6-exploding check, ``bot.mean_dice`` for damage), what
the move does: how likely an attack lands and how many hits take the target out, what a heal mends, what
a reaction stops, why waiting keeps the action points. None when nothing specific applies.
"""

from __future__ import annotations

import math
from typing import Any

from game.engine.actions import Action
from game.engine.i18n import localize, t
from game.engine.rng import Rng
from game.rulesets.skirmish.bot import mean_dice, success_chance
from game.rulesets.skirmish.state import SkirmishState


def explain_hint(ruleset: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
    """One short sentence saying why ``action`` is good for the seat to act, from its view only."""
    st: SkirmishState = ruleset.determinize(view, 0, Rng(0))
    k = str(action.kind)
    if k in ("use", "react"):
        return _act(st, str(action.get("who")), str(action.get("act")), action.get("target"), None, k, lang)
    if k == "aim":
        p = st.pending or {}
        if p.get("type") != "aim":
            return None
        limb = action.get("limb")
        limb = limb if isinstance(limb, str) and limb != "-" else None
        if limb is not None:
            return _aim(st, str(p["target"]), limb, lang)
        return _act(st, str(p["actor"]), str(p["act"]), p.get("target"), None, "use", lang)
    if k == "add_target":
        p = st.pending or {}
        tid = action.get("target")
        if not isinstance(tid, str) or tid not in st._by_id or not p.get("act"):
            return None
        pct = _pct(st, str(p.get("actor")), str(p["act"]), tid, None)
        return t("skirmish.hint.add_target", lang, target=st.name(tid, lang), pct=pct)
    if k == "wait":
        attacks = [a for a in st.legal_actions() if a.kind == "use" and _hurts(st, a)]
        return t("skirmish.hint.wait_react" if attacks else "skirmish.hint.wait", lang)
    if k == "prepare":
        return t("skirmish.hint.prepare", lang)
    if k == "pass":
        return t("skirmish.hint.pass", lang)
    if k in ("equip", "pickup", "take"):
        return _item(st, str(action.get("item")), lang)
    return None


def _hurts(st: SkirmishState, a: Action) -> bool:
    """True for an action that deals damage to an enemy."""
    adef = st.model.actions.get(str(a.get("act")))
    tid, who = a.get("target"), a.get("who")
    if adef is None or tid not in st._by_id or who not in st._by_id:
        return False
    return any(getattr(e, "effect", "") == "damage" for e in adef.effects) and \
        st.enemies(st.c(str(who)), st.c(str(tid)))


def _pct(st: SkirmishState, who: str, aid: str, tid: str | None, limb: str | None) -> int:
    """The chance in percent that the action's check succeeds (100 without a check)."""
    adef = st.model.actions[aid]
    if adef.check is None or who not in st._by_id:
        return 100
    ch = adef.check
    diff = ch.difficulty + (2 if limb else 0)
    if ch.defense and tid in st._by_id:
        diff += st.stat(st.c(str(tid)), ch.defense)
    bonus = st.stat(st.c(who), ch.offense) if ch.offense else 0
    return int(round(100 * success_chance(bonus, diff)))


def _act(st: SkirmishState, who: str, aid: str, tid: Any, limb: str | None, kind: str, lang: str) -> str | None:
    """An action or reaction on a target: the chance, and the damage, healing or slowing it brings."""
    adef = st.model.actions.get(aid)
    if adef is None or not isinstance(tid, str) or tid not in st._by_id or who not in st._by_id:
        return None
    target = st.c(tid)
    name, tname = localize(adef.name, lang), st.name(tid, lang)
    pct = _pct(st, who, aid, tid, limb)
    verbs = {str(getattr(e, "effect", "")): e for e in adef.effects}
    if kind == "react":
        answered = st.chain[-1] if st.chain else None
        what = st.entry_name(answered, lang) if answered else name
        return t("skirmish.hint.react", lang, act=name, what=what, who=st.name(answered["actor"], lang)
                 if answered else tname, pct=pct)
    if "damage" in verbs and st.enemies(st.c(who), target):
        left = target["stats"]["hp"] - st.total_damage(target)
        per_hit = mean_dice(verbs["damage"].dice) - st.stat(target, "dr")
        if per_hit <= 0 or left <= 0:
            return None
        hits = max(1, math.ceil(left / per_hit))
        if hits == 1:
            return t("skirmish.hint.finish", lang, act=name, target=tname, pct=pct, hp=left)
        return t("skirmish.hint.attack", lang, act=name, target=tname, pct=pct, n=hits, hp=left)
    if "heal" in verbs and not st.enemies(st.c(who), target):
        need = st.total_damage(target)
        if need <= 0:
            return None
        mend = min(need, max(1, round(mean_dice(verbs["heal"].dice))))
        return t("skirmish.hint.heal", lang, act=name, target=tname, pct=pct, n=mend, damage=need)
    if "add_wait" in verbs and st.enemies(st.c(who), target):
        return t("skirmish.hint.slow", lang, act=name, target=tname, pct=pct, n=int(verbs["add_wait"].points))
    return None


def _aim(st: SkirmishState, tid: str, limb: str, lang: str) -> str | None:
    """Aiming at a limb: what it holds (a hit there can put the item out of use)."""
    if tid not in st._by_id:
        return None
    target = st.c(tid)
    held = st.holder(target).get(limb)
    if not held:
        return None
    return t("skirmish.hint.aim", lang, limb=st.part_name(target, limb, lang),
             item=localize(st.item_def(held).name, lang), target=st.name(tid, lang))


def _item(st: SkirmishState, iid: str, lang: str) -> str | None:
    """Equipping an item: the actions it brings, else its bonuses."""
    if iid not in st.items:
        return None
    idef = st.item_def(iid)
    item = localize(idef.name, lang)
    if idef.actions:
        acts = [localize(st.model.actions[a].name, lang) for a in idef.actions if a in st.model.actions]
        return t("skirmish.hint.item_actions", lang, item=item, acts=acts)
    mods = [f"{t('skirmish.stat_short.' + str(s), lang)} {int(v):+d}"
            for s, v in idef.modifiers.items()]
    if mods:
        return t("skirmish.hint.item_mods", lang, item=item, mods=mods)
    return None
