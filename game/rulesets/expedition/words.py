"""Words for the expedition: actions, events and refusals in es/en/it (strings.toml).

Secrets stay secret in words too: a ``tell`` reads the same whether the message is true or a rumour,
an offer's message is "a message" until the receiver accepts, and a private event (an NPC's message,
a message passed on, the browsed market) reads as a bare fact in its public form.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.host import CHILD_ENDED, CHILD_STARTED
from game.rulesets.expedition.kinds import SEARCH_MIN, Act, Ev

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState

CATALOG = Path(__file__).with_name("strings.toml")
i18n.load_catalog(CATALOG)


def t(key: str, lang: str | None, **kw: Any) -> str:
    """Translate an expedition string key."""
    return i18n.t(f"expedition.{key}", lang, **kw)


def item_name(st: "ExpeditionState", iid: str, lang: str | None) -> str:
    """An item's name."""
    it = st.model.items.get(iid)
    return i18n.localize(it.name, lang) if it is not None else str(iid)


def items_text(st: "ExpeditionState", items: list[str], lang: str | None) -> str:
    """Item names joined (a dash for none)."""
    return ", ".join(item_name(st, i, lang) for i in items) or "-"


def site_name(st: "ExpeditionState", sid: str | None, lang: str | None) -> str:
    """A site's name."""
    s = st.model.site(sid or "")
    return i18n.localize(s.name, lang) if s is not None else "?"


def npc_name(st: "ExpeditionState", nid: str, lang: str | None) -> str:
    """An NPC's name."""
    n = st.model.npcs.get(nid)
    return i18n.localize(n.name, lang) if n is not None else str(nid)


def monster_name(st: "ExpeditionState", mid: str, lang: str | None) -> str:
    """A monster kind's name."""
    m = st.model.monsters.get(mid)
    return i18n.localize(m.name, lang) if m is not None else str(mid)


def message_text(st: "ExpeditionState", npc: str, site: str, lang: str | None) -> str:
    """An NPC's words naming a site (what a hero was told)."""
    return npc_words(st.model, npc, site_name(st, site, lang) if site else None, lang)


#: articles a site's name may begin with, by language (lower-cased inside a sentence)
ARTICLES = {"en": ("The",), "es": ("El", "La", "Los", "Las"), "it": ("Il", "Lo", "La", "I", "Gli", "Le", "L'")}
#: a preposition before an article, and the word they make together (Spanish and Italian contract them)
CONTRACTIONS = {
    "es": {("a", "el"): "al", ("de", "el"): "del"},
    "it": {(p, a): f"{w}{e}" for p, w in (("a", "a"), ("di", "de"), ("da", "da"), ("in", "ne"), ("su", "su"))
           for a, e in (("il", "l"), ("lo", "llo"), ("la", "lla"), ("i", "i"), ("gli", "gli"), ("le", "lle"),
                        ("l'", "ll'"))},
}


def put_site(template: str, name: str, lang: str | None) -> str:
    """``template`` with ``{site}`` replaced by a site's name as a sentence needs it: a leading article in
    lower case inside the sentence ("past the old lighthouse"), contracted with the preposition before it in
    Spanish and Italian ("llegar al viejo faro", "arde ancora al vecchio faro", "alle pietre erette")."""
    lang = lang or i18n.language()
    at = template.find("{site}")
    if at < 0:
        return template
    before, after = template[:at], template[at + len("{site}"):]
    head = before.rstrip()
    if head and head[-1] not in ".!?¡¿«\"":
        for art in ARTICLES.get(lang, ()):
            glued = art.endswith("'")
            if name.startswith(art) and (glued or name[len(art):len(art) + 1] == " "):
                rest = name[len(art):]
                low = art.lower()
                words = head.split(" ")
                join = CONTRACTIONS.get(lang, {}).get((words[-1].lower(), low))
                if join is not None:
                    if words[-1][:1].isupper():
                        join = join[:1].upper() + join[1:]
                    before = " ".join(words[:-1] + [join]) + ("" if glued else " ")
                    name = rest.lstrip() if not glued else rest
                else:
                    name = low + rest
                break
    return before + name + after.replace("{site}", name)


def npc_words(model: Any, npc: str, site: str | None, lang: str | None) -> str:
    """An NPC's message with ``site`` (a site's name) in it; with no site (a goal-less level), no empty place.

    A message naming the goal on a level whose goal has no site (quests, gold) would read "Seek ." or
    "Seek ?": the NPC points at their quest card instead, or wishes the hero luck when they have none.
    """
    n = model.npcs.get(npc)
    if n is None:
        return "?"
    if site is None:
        if n.quest is not None and n.quest.text:
            return t("npc_no_goal", lang, quest=i18n.localize(n.quest.text, lang))
        return t("npc_no_news", lang)
    return put_site(i18n.localize(n.message, lang), site, lang)


def describe(st: "ExpeditionState", action: Action, lang: str = "en") -> str:
    """An action in words, naming the acting seat."""
    seat = st.flow.to_act(st)
    who = st.actor_name(seat)
    k = action.kind
    p = action.params
    if k == Act.MOVE:
        return t("action.move", lang, who=who, x=p["x"], y=p["y"])
    if k == Act.ASK:
        return t("action.ask", lang, who=who, other=st.actor_name(p["hero"]))
    if k == Act.TRADE:
        return t("action.trade", lang, who=who, other=st.actor_name(p["hero"]))
    if k == Act.TALK:
        return t("action.talk", lang, who=who, npc=npc_name(st, p["npc"], lang))
    if k == Act.CLAIM:
        return t("action.claim", lang, who=who, normal=p["normal"], rare=p["rare"])
    if k == Act.QUEST:
        return t("action.quest", lang, who=who, npc=npc_name(st, p["npc"], lang))
    if k == Act.GIVE and st.offer is not None:
        return t("action.give", lang, who=who, item=item_name(st, st.hero.items[p["slot"]], lang))
    if k == Act.TAKE and st.offer is not None:
        other = st.heroes[st.offer.to]
        return t("action.take", lang, who=who, item=item_name(st, other.items[p["slot"]], lang))
    if k == Act.TELL:
        return t("action.tell_none" if p["info"] < 0 else "action.tell", lang, who=who)
    if k == Act.BUY:
        iid = st.market[p["slot"]] if 0 <= p["slot"] < len(st.market) else "?"
        return t("action.buy", lang, who=who, item=item_name(st, iid, lang))
    if k == Act.SELL:
        iid = st.hero.items[p["slot"]] if 0 <= p["slot"] < len(st.hero.items) else "?"
        return t("action.sell", lang, who=who, item=item_name(st, iid, lang))
    return t(f"action.{k}", lang, who=who)


def describe_event(st: "ExpeditionState", ev: Event, lang: str = "en") -> str | None:
    """An event's log line (None when the action's own line says it all)."""
    d = ev.data
    k = ev.kind
    who = st.actor_name(d.get("seat")) if isinstance(d.get("seat"), int) else ""
    if d.get("hidden"):
        return t(f"event.{k}_hidden", lang, who=who) if k in (Ev.TOLD, Ev.INFO, Ev.BROWSED) else None
    if k == CHILD_STARTED:
        return t("event.battle_started", lang, who=" & ".join(st.actor_name(s) for s in d.get("seats", [])[:-1]))
    if k == CHILD_ENDED:
        return None
    if k == Ev.MOVED:
        return None
    if k == Ev.ROUND:
        return t("event.RoundBegan", lang, round=d["round"])
    if k == Ev.TURN:
        return t("event.TurnBegan", lang, who=who, moves=d["moves"])
    if k == Ev.CARD:
        card = st.model.events.get(d["card"])
        name = i18n.localize(card.name, lang) if card else d["card"]
        if "at" in d:
            return t("event.EventTile", lang, card=name, who=st.actor_name(d.get("seat", st.active)))
        return t("event.EventDrawn", lang, card=name)
    if k == Ev.ESCAPE:
        return t("event.escaped" if d["escaped"] else "event.not_escaped", lang, who=who, hits=d["hits"])
    if k == Ev.MONSTERS:
        return t("event.MonstersAppeared", lang, who=who, count=d["count"],
                 monster=monster_name(st, d["monster"], lang))
    if k == Ev.ANSWERED:
        return t("event.help_yes" if d["accepted"] else "event.help_no", lang, who=who)
    if k == Ev.BATTLE_ENDED:
        return t("event.battle_won" if d["won"] else "event.battle_lost", lang, who=who,
                 monster=monster_name(st, d["monster"], lang))
    if k == Ev.SEARCH:
        if not d["found"] and d["successes"] >= SEARCH_MIN and d.get("lucky") is False:  # say why: the luck die
            return t("event.not_found_luck", lang, who=who, hits=d["successes"])
        return t("event.found" if d["found"] else "event.not_found", lang, who=who, hits=d["successes"])
    if k == Ev.ITEMS:
        return t("event.ItemsFound", lang, who=who, items=items_text(st, d["items"], lang))
    if k == Ev.REWARD:
        if not d["items"]:  # gold only: "Ana takes 6 gold", not "... and -"
            return t("event.RewardGold", lang, who=who, gold=d["gold"])
        return t("event.RewardTaken", lang, who=who, gold=d["gold"], items=items_text(st, d["items"], lang))
    if k == Ev.KNOCKED_OUT:
        return t("event.HeroKnockedOut", lang, who=who, gold=d["gold_lost"])
    if k == Ev.TOLD:
        return t("event.NpcTold", lang, who=who, npc=npc_name(st, d["npc"], lang),
                 message=message_text(st, d["npc"], d["site"], lang))
    if k == Ev.INFO:
        return t("event.InfoTold", lang, who=who, teller=st.actor_name(d["from"]),
                 message=message_text(st, d["npc"], d["site"], lang))
    if k == Ev.BROWSED:
        return t("event.MarketBrowsed", lang, who=who, items=items_text(st, d["items"], lang))
    if k == Ev.OFFER_ANSWERED:
        return t("event.offer_yes" if d["accepted"] else "event.offer_no", lang, who=who)
    if k in (Ev.BOUGHT, Ev.SOLD, Ev.HEALED, Ev.QUEST_TAKEN, Ev.OFFERED, Ev.ASKED, Ev.STAYED, Ev.TURN_ENDED,
             Ev.NO_MONSTERS, Ev.CARD_ENDS):
        return None if k != Ev.NO_MONSTERS else t("event.NoMonsters", lang, who=who)
    if k == Ev.QUEST_DONE:
        return t("event.QuestDone", lang, who=who, npc=npc_name(st, d["npc"], lang), gold=d["gold"])
    if k == Ev.GAME_OVER:
        names = [st.actor_name(s) for s in d["winners"]]  # a list: "Ana and Bo win", agreeing in number
        return t("event.GameOver", lang, who=names)
    return None


def explain_illegal(st: "ExpeditionState", action: Action) -> str:
    """Why an action is refused, in words."""
    return t("illegal", None, action=action.key, step=st.step.value)
