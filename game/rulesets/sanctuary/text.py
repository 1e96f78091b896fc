"""Card rules text, written from a card's numbers and effect verbs (never stored per card).

A modder who adds a card with existing verbs gets its text in Spanish, English
and Italian for free; scenes and the table view show it on hover and zoom.
"""

from __future__ import annotations

from typing import Any

from game.engine.i18n import localize, t


def effect_text(effect: Any, lang: str = "en") -> str:
    """Return one effect in words."""
    name = effect.effect
    kw: dict[str, Any] = {}
    if hasattr(effect, "to"):
        kw["to"] = t(f"sanctuary.{'selto' if name == 'damage' else 'sel'}.{effect.to}", lang)
    if hasattr(effect, "who"):
        kw["who"] = t(f"sanctuary.sel.{effect.who}", lang)
    if hasattr(effect, "amount"):
        kw["amount"] = kw["count"] = effect.amount  # count: the plural form (i18n picks "1 card" / "2 cards")
    key = f"sanctuary.verb.{name}"
    if name == "strengthen":
        key += "_permanent" if effect.duration == "permanent" else "_turn"
    return t(key, lang, **kw)


def effects_text(effects: list[Any], lang: str = "en") -> str:
    """Return a list of effects in words, joined (first letter capitalised)."""
    text = "; ".join(effect_text(e, lang) for e in effects)
    return text[:1].upper() + text[1:]


def card_text(card: Any, lang: str = "en") -> str:
    """Return the full rules text of a card definition (stats, target, effects, abilities)."""
    lines = [f"{localize(card.name, lang)} — {t('sanctuary.type.' + card.type, lang)}"]
    kw = {"cost": card.cost, "strength": card.strength, "structure": card.structure, "will": card.will,
          "durability": card.durability, "limit": card.attachment_limit}
    lines.append(t(f"sanctuary.card.stats_{card.type}", lang, **kw))
    if card.target != "none":
        lines.append(t("sanctuary.card.target", lang, what=t(f"sanctuary.target.{card.target}", lang)))
    if card.effects:
        text = effects_text(card.effects, lang)
        lines.append(text if card.type == "manipulation" else t("sanctuary.card.on_enter", lang, text=text))
    if card.on_turn_start:
        lines.append(t("sanctuary.card.on_turn_start", lang, text=effects_text(card.on_turn_start, lang)))
    for ab in card.abilities:
        cost = []
        if ab.cost:
            cost.append(t("sanctuary.card.ability_cost", lang, will=ab.cost))
        if ab.tap:
            cost.append(t("sanctuary.card.ability_tap", lang))
        text = effects_text(ab.effects, lang)
        if ab.target != "none":
            text += " (" + t(f"sanctuary.target.{ab.target}", lang) + ")"
        lines.append(t("sanctuary.card.ability", lang, name=localize(ab.name, lang) or "*", cost=", ".join(cost),
                       text=text))
    if card.flavor:
        lines.append(localize(card.flavor, lang))
    return "\n".join(lines)
