"""Card rules text, written from a card's numbers, keywords and effect verbs (never stored per card).

A modder who adds a card with existing verbs gets its text in Spanish, English and Italian for free;
the quest scene shows it on hover and zoom (besides the card's own optional ``text``).
"""

from __future__ import annotations

from typing import Any

from game.engine.i18n import contract_articles, localize, t

#: ``when`` values that need no prefix in the text
_PLAIN_WHENS = ("play", "attached")


def effect_text(effect: Any, lang: str = "en", names: dict[str, Any] | None = None) -> str:
    """Return one effect in words (``names``: card id -> CardDef, for verbs naming a card)."""
    verb = effect.effect
    kw: dict[str, Any] = {}
    if hasattr(effect, "target"):
        kw["target"] = t(f"quest.sel.{effect.target}", lang)
    if hasattr(effect, "who"):
        kw["who"] = t(f"quest.who.{effect.who}", lang)
    if hasattr(effect, "amount"):
        kw["amount"] = kw["count"] = effect.amount  # count: the plural form (i18n picks "1 card" / "2 cards")
    if hasattr(effect, "stat"):
        kw["stat"] = t(f"quest.stat.{effect.stat}", lang)
    if hasattr(effect, "until"):
        kw["until"] = t(f"quest.until.{effect.until}", lang)
    if verb == "surge_if":
        kw["condition"] = "" if effect.condition == "always" else t(f"quest.cond.{effect.condition}", lang,
                                                                     value=effect.value)
    if verb == "add_to_staging":
        d = (names or {}).get(effect.card)
        kw["card"] = localize(d.name, lang) if d is not None else effect.card
    key = f"quest.verb.{verb}"
    if verb == "boost" and effect.when == "attached":
        key = "quest.verb.boost_attached"
    text = t(key, lang, **kw).strip()
    if getattr(effect, "who", None) == "controller" and text.startswith(f"{kw['who']}: "):
        text = text[len(kw["who"]) + 2:]  # "you: draw 2 cards" reads "draw 2 cards", said to the card's player
    when = effect.when
    text = text if when in _PLAIN_WHENS else t(f"quest.when.{when}", lang) + text
    return contract_articles(text, lang)  # "a {target}" before "el personaje vinculado" reads "al personaje"


def effects_text(effects: list[Any], lang: str = "en", names: dict[str, Any] | None = None) -> str:
    """Return a list of effects in words, one sentence each (first letter capitalised)."""
    out = []
    for e in effects:
        text = effect_text(e, lang, names)
        out.append(text[:1].upper() + text[1:] + ".")
    return " ".join(out)


def keyword_text(card: Any, lang: str = "en") -> str:
    """Return the card's keywords in words (Ranged. Doomed 1. ...)."""
    words = [t(f"quest.kw.{k}", lang) for k in card.keywords]
    for k in ("doomed", "archery", "victory"):
        n = getattr(card, k)
        if n:
            words.append(t(f"quest.kw.{k}", lang, n=n))
    return ". ".join(words) + ("." if words else "")


def card_text(card: Any, lang: str = "en", names: dict[str, Any] | None = None,
              spheres: dict[str, Any] | None = None) -> str:
    """Return the full rules text of a card definition: kind, sphere, numbers, keywords, effects, shadow."""
    lines = [f"{localize(card.name, lang)} — {t('quest.kind.' + card.kind, lang)}"]
    if card.kind in ("hero", "ally", "attachment", "event"):
        sph = (spheres or {}).get(card.sphere)
        sname = localize(sph.name, lang) if sph is not None else t("quest.card.neutral", lang)
        lines.append(t("quest.card.sphere", lang, sphere=sname))
    lines.append(t(f"quest.card.{card.kind}", lang, cost=card.cost, threat=card.threat, willpower=card.willpower,
                   attack=card.attack, defense=card.defense, hp=card.hp, engagement=card.engagement,
                   quest_points=card.quest_points))
    kws = keyword_text(card, lang)
    if kws:
        lines.append(kws)
    if card.effects:
        lines.append(effects_text(card.effects, lang, names))
    if any(e.when == "action" for e in card.effects) and card.kind != "event":
        cost = []
        if card.action_cost:
            cost.append(t("quest.card.action_cost", lang, count=card.action_cost))
        if card.action_exhaust:
            cost.append(t("quest.card.action_exhaust", lang))
        head = ", ".join(cost)
        lines.append(head[:1].upper() + head[1:] + (". " if cost else "") + t("quest.card.action_once", lang))
    if card.shadow:
        shadow = [e.model_copy(update={"when": "shadow"}) for e in card.shadow]
        lines.append(effects_text(shadow, lang, names))
    if card.text:
        lines.append(localize(card.text, lang))
    if card.flavor:
        lines.append(localize(card.flavor, lang))
    return "\n".join(lines)
