"""Why the hint's move is good, in one sentence, for sanctuary (issue 15: the hint says why).

``explain_hint`` receives only the seat's view. It rebuilds a state from it with ``determinize`` (the
opponent's hand and both decks are dealt at random there) and reads only what the seat may see: its own
hand and Will, and the cards on the table (their Strength, damage and whether they are turned). The rules'
own numbers do the work: ``strength``, the card's cost, Structure and Will, and ``text.effects_text`` for a
Manipulation. None when nothing specific applies (the hint then says the search's estimated chances).
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.i18n import localize, t
from game.engine.rng import Rng
from game.rulesets.sanctuary.state import SanctuaryState
from game.rulesets.sanctuary.text import effects_text


def explain_hint(ruleset: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
    """One short sentence saying why ``action`` is good for the seat to act, from its view only."""
    seat = view.get("viewer")
    if seat not in (0, 1):
        return None
    st: SanctuaryState = ruleset.determinize(view, seat, Rng(0))
    k = str(action.kind)
    if k == "play":
        return _play(st, seat, str(action["card"]), action.get("target"), lang)
    if k == "attack":
        return _attack(st, seat, str(action["card"]), lang)
    if k == "block":
        return _block(st, str(action["blocker"]), str(action["attacker"]), lang)
    if k == "duel":
        return _duel(st, str(action["challenger"]), str(action["target"]), lang)
    if k == "use":
        card = st.card(str(action["card"]))
        ab = card.abilities[int(action["ability"])]
        return t("sanctuary.hint.use", lang, card=localize(card.name, lang), text=_lower(effects_text(ab.effects, lang)))
    if k in ("keep", "mulligan"):
        pl = st.players[seat]
        per_turn = st.card(pl.sanctuary).will
        cheap = sum(1 for c in pl.hand if st.card(c).cost <= per_turn)
        if k == "mulligan" and cheap > 1:
            return None
        return t(f"sanctuary.hint.{k}", lang, n=cheap, will=per_turn, count=cheap)
    if k == "discard":
        pl = st.players[seat]
        card = st.card(str(action["card"]))
        if card.cost >= max(st.card(c).cost for c in pl.hand):
            return t("sanctuary.hint.discard", lang, card=localize(card.name, lang), cost=card.cost)
    return None


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _life(st: SanctuaryState, c: str) -> int:
    """The damage a Character in play still takes before it is destroyed."""
    p = st.perm.get(c)
    return st.strength(c) - (p.damage if p is not None else 0)


def _play(st: SanctuaryState, seat: int, c: str, target: Any, lang: str) -> str | None:
    card = st.card(c)
    name, will = localize(card.name, lang), st.players[seat].will
    if card.type == "character":
        theirs = [x for x in st.players[1 - seat].chars if x in st.perm]
        best = max(theirs, key=lambda x: st.strength(x), default=None)
        if best is not None and card.strength >= st.strength(best):
            return t("sanctuary.hint.play_blocker", lang, card=name, cost=card.cost, will=will,
                     strength=card.strength, best=st.name(best, lang))
        return t("sanctuary.hint.play_character", lang, card=name, cost=card.cost, will=will,
                 strength=card.strength)
    if card.type == "attachment" and (card.structure or card.will):
        key = "play_attachment" if card.structure and card.will else \
            "play_attachment_will" if card.will else "play_attachment_structure"
        return t(f"sanctuary.hint.{key}", lang, card=name, cost=card.cost, will=will,
                 structure=card.structure, gain=card.will)
    if card.type == "technology" and isinstance(target, str) and target in st.perm:
        return t("sanctuary.hint.play_technology", lang, card=name, target=st.name(target, lang),
                 strength=card.strength, n=card.durability or 0)
    if card.type == "manipulation" and card.effects:
        text = _lower(effects_text(card.effects, lang))
        if isinstance(target, str) and target in st.perm:
            return t("sanctuary.hint.play_manipulation_on", lang, card=name, cost=card.cost, text=text,
                     target=st.name(target, lang))
        return t("sanctuary.hint.play_manipulation", lang, card=name, cost=card.cost, text=text)
    return None


def _attack(st: SanctuaryState, seat: int, c: str, lang: str) -> str:
    blockers = [x for x in st.players[1 - seat].chars if x in st.perm and not st.perm[x].tapped]
    s, left = st.strength(c), st.players[1 - seat].structure
    if not blockers:
        return t("sanctuary.hint.attack_open", lang, card=st.name(c, lang), n=s, left=left)
    return t("sanctuary.hint.attack", lang, card=st.name(c, lang), n=s, left=left, count=len(blockers),
             blockers=len(blockers))


def _block(st: SanctuaryState, blocker: str, attacker: str, lang: str) -> str:
    b, a = st.strength(blocker), st.strength(attacker)
    kills, dies = b >= _life(st, attacker), a >= _life(st, blocker)
    say = {"blocker": st.name(blocker, lang), "attacker": st.name(attacker, lang), "b": b, "a": a}
    if kills and not dies:
        return t("sanctuary.hint.block_wins", lang, **say)
    if kills:
        return t("sanctuary.hint.block_trade", lang, **say)
    return t("sanctuary.hint.block_chump", lang, over=max(0, a - b), **say)


def _duel(st: SanctuaryState, challenger: str, target: str, lang: str) -> str | None:
    c, d = st.strength(challenger), st.strength(target)
    if c >= _life(st, target) and d < _life(st, challenger):
        return t("sanctuary.hint.duel", lang, card=st.name(challenger, lang), target=st.name(target, lang),
                 a=c, b=d)
    return None
