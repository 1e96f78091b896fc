"""Why the hint's move is good, in one sentence, for quest (issue 15: the hint says why).

``explain_hint`` receives only the seat's view. It rebuilds a state from it with ``determinize`` (hidden
hands, decks, the encounter deck and the face-down shadow cards are dealt at random there, and never
read here) and says, with the rules' own numbers (``stat``, ``staging_threat``, the attack in progress),
what the move does: committed willpower against the staging threat, a defender's defence against the
attack, attackers' total against an enemy's defence and hit points. None when nothing specific applies.
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.i18n import t
from game.engine.rng import Rng
from game.rulesets.quest.state import QuestState


def explain_hint(ruleset: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
    """One short sentence saying why ``action`` is good for the seat to act, from its view only."""
    seat = view.get("viewer")
    if not isinstance(seat, int) or isinstance(seat, bool):
        return None
    st: QuestState = ruleset.determinize(view, seat, Rng(0))
    k = str(action.kind)
    card = action.get("card")
    if k == "commit" and isinstance(card, str):
        return _commit(st, card, lang)
    if k == "done" and st.step.value == "commit":
        total, threat = _committed(st), st.staging_threat()
        if total > threat:
            return t("quest.hint.commit_enough", lang, total=total, threat=threat)
        return None
    if k in ("defend", "no_defender", "take"):
        return _defence(st, k, card, lang)
    if k == "strike":
        enemy = str(action.get("enemy"))
        ready = [c for c in st.characters(seat) if st.is_ready(c)]
        power = sum(st.stat(c, "attack") for c in ready)
        return t("quest.hint.strike", lang, enemy=st.name(enemy, lang), defense=st.stat(enemy, "defense"),
                 hp=_hp_left(st, enemy), power=power)
    if k in ("attacker", "resolve") and st.strike is not None:
        enemy = st.strike.enemy
        attackers = list(st.strike.attackers) + ([card] if k == "attacker" and isinstance(card, str) else [])
        total = sum(st.stat(c, "attack") for c in attackers if c in st.table)
        dmg, left = max(0, total - st.stat(enemy, "defense")), _hp_left(st, enemy)
        if dmg <= 0:
            return None
        key = "quest.hint.kills" if dmg >= left else "quest.hint.wounds"
        who = st.name(card, lang) if k == "attacker" and isinstance(card, str) else None
        text = t(key, lang, total=total, defense=st.stat(enemy, "defense"), enemy=st.name(enemy, lang), n=dmg,
                 hp=left)
        return t("quest.hint.with", lang, who=who, text=text) if who else text
    if k == "travel" and isinstance(card, str):
        return t("quest.hint.travel", lang, place=st.name(card, lang), threat=st.stat(card, "threat"),
                 n=st.defn(card).quest_points)
    if k == "engage" and isinstance(card, str):
        eng, threat = st.defn(card).engagement, st.players[seat].threat
        if eng <= threat:
            return t("quest.hint.engage", lang, enemy=st.name(card, lang), eng=eng, threat=threat)
        return None
    if k == "play" and isinstance(card, str) and st.defn(card).kind == "ally":
        d = st.defn(card)
        return t("quest.hint.ally", lang, card=st.name(card, lang), cost=d.cost, will=d.willpower, att=d.attack,
                 defense=d.defense, n=d.cost)
    return None


def _hp_left(st: QuestState, iid: str) -> int:
    cs = st.table.get(iid)
    return st.hp(iid) - (cs.damage if cs is not None else 0)


def _committed(st: QuestState) -> int:
    return sum(st.stat(c, "willpower") for p in st.players if not p.eliminated
               for c in p.heroes + p.allies if c in st.table and st.table[c].committed)


def _commit(st: QuestState, card: str, lang: str) -> str | None:
    """Committing a character: its willpower, and what the committed total does against the staging threat."""
    wp = st.stat(card, "willpower")
    if wp <= 0:
        return None
    total, threat = _committed(st) + wp, st.staging_threat()
    say = {"card": st.name(card, lang), "wp": wp, "total": total, "threat": threat}
    if total > threat:
        return t("quest.hint.commit_progress", lang, n=total - threat, **say)
    return t("quest.hint.commit_short", lang, **say)


def _defence(st: QuestState, kind: str, card: Any, lang: str) -> str | None:
    """Defending an attack: the defence against the enemy's attack, or the whole attack on a hero."""
    a = st.attack
    if a is None or a.enemy not in st.table:
        return None
    power = st.stat(a.enemy, "attack") + a.bonus
    enemy = st.name(a.enemy, lang)
    if kind == "no_defender":
        return t("quest.hint.no_defender", lang, enemy=enemy, power=power)
    if not isinstance(card, str) or card not in st.table:
        return None
    left = _hp_left(st, card)
    if kind == "take":
        return t("quest.hint.take", lang, card=st.name(card, lang), power=power, hp=left)
    d = st.stat(card, "defense")
    dmg = max(0, power - d)
    if dmg == 0:
        return t("quest.hint.defend_all", lang, card=st.name(card, lang), defense=d, power=power, enemy=enemy)
    return t("quest.hint.defend", lang, card=st.name(card, lang), defense=d, power=power, n=dmg, hp=left)
