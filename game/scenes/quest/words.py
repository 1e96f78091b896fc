"""The quest table in words: card tooltips and zooms, keyword effects, and the previews a player sees
before confirming (committed willpower against the staging threat, the damage of an attack for each
possible defender, the damage the chosen attackers will deal).

Why a module of its own: tooltips, the pile overlay, the inspector, the reveal caption and the quest
band all describe cards and outcomes the same way, from the table record and the level's card pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.i18n import has, localize, t
from game.scenes.quest import cards as art
from game.scenes.quest.table import HIDDEN, CardState, Table


def w(key: str, lang: str | None = None, **kw: Any) -> str:
    """A catalogue string of the quest scene (``quest_scene.<key>``)."""
    return t(f"quest_scene.{key}", lang, **kw)


@dataclass(frozen=True)
class QuestPreview:
    """Committed willpower against the staging area's threat, and what resolving would do."""

    willpower: int
    threat: int
    words: str

    @property
    def delta(self) -> int:
        """Willpower minus threat: progress when positive, a threat raise when negative."""
        return self.willpower - self.threat


class TableWords:
    """Words for a scene with ``card_def``, ``lang``, ``table`` and the inspector."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self._tips: dict[tuple, str] = {}   # card tooltips of the table shown now (regions ask every frame)
        self._tips_of: tuple[Any, str] | None = None  # (the table object itself, the language)

    # ---------------------------------------------------------------- stats
    def stat(self, cs: CardState | None, name: str) -> int:
        """A card's current stat: the table's value when the rules give one, else its definition's."""
        if cs is None:
            return 0
        if name in cs.stats:
            return cs.stats[name]
        v = art.num(self.scene.card_def(cs.cid), name)
        return v or 0

    def keyword_words(self, card: Any) -> str:
        """A card's keywords in words, with their numbers ("Surge, Doomed 2")."""
        out = []
        for k in art.keywords(card):
            word = w(f"keyword.{k}", self.scene.lang) if has(f"quest_scene.keyword.{k}") else k
            n = art.num(card, k)
            out.append(f"{word} {n}" if n else word)
        return ", ".join(out)

    # ---------------------------------------------------------------- previews
    def quest_preview(self, view: Table, extra: str | None = None) -> QuestPreview | None:
        """During the quest phase: committed willpower (plus ``extra``, a character about to commit)
        against the staging threat; None outside the quest phase or with nothing committed."""
        if view.phase != "quest":
            return None
        chars = [c for p in view.players for c in p.characters]
        committed = [c for c in chars if c.committed or c.iid == extra]
        if not committed:
            return None
        will = sum(self.stat(c, "willpower") for c in committed)
        threat = view.staging_threat
        lang = self.scene.lang
        if will > threat:
            what = w("preview.progress", lang, n=will - threat)
        elif will < threat:
            what = w("preview.raise", lang, n=threat - will)
        else:
            what = w("preview.nothing", lang)
        return QuestPreview(will, threat, w("preview.quest", lang, will=will, threat=threat, what=what))

    def defend_damage(self, view: Table, iid: str) -> int | None:
        """The damage ``iid`` would take defending the current attack (None: no attack, or not in play)."""
        enemy = view.find(str(view.attack.get("enemy") or ""))
        defender = view.find(iid)
        if enemy is None or defender is None:
            return None
        atk = self.stat(enemy, "attack") + _int(view.attack.get("bonus"))
        return max(0, atk - self.stat(defender, "defense"))

    def defend_preview(self, view: Table, action: Action) -> str:
        """What defending (or not) against the current attack costs: damage after defense, or undefended."""
        enemy = view.find(str(view.attack.get("enemy"))) if view.attack.get("enemy") else None
        if enemy is None:
            return ""
        atk = self.stat(enemy, "attack") + _int(view.attack.get("bonus"))
        defender = view.find(str(action.get("card") or action.get("defender") or ""))
        lang = self.scene.lang
        if defender is None:
            attacked = view.owner(enemy.iid)
            if attacked is not None and attacked != self.scene.L.viewer:  # another seat's heroes take it
                return w("preview.undefended_other", lang, n=atk, name=self.scene.seat_name(attacked))
            return w("preview.undefended", lang, n=atk)
        dmg = max(0, atk - self.stat(defender, "defense"))
        left = self.stat(defender, "hp") - defender.damage - dmg
        key = "preview.defend_dies" if left <= 0 else "preview.defend"
        return w(key, lang, name=self.name(defender.cid), n=dmg, atk=atk, dfn=self.stat(defender, "defense"))

    def attack_preview(self, view: Table, action: Action) -> str:
        """What the attackers declared so far plus this one deal to the enemy (summed attack minus defense)."""
        target = view.find(str(action.get("enemy") or view.attack.get("enemy") or ""))
        if target is None:
            return ""
        attackers = [view.find(a) for a in view.attack.get("attackers", ()) if isinstance(a, str)]
        me = view.find(str(action.get("card") or action.get("attacker") or "")) if action.kind != "resolve" else None
        total = sum(self.stat(a, "attack") for a in attackers + [me] if a is not None)
        dmg = max(0, total - self.stat(target, "defense"))
        left = self.stat(target, "hp") - target.damage - dmg
        key = "preview.attack_kills" if left <= 0 else "preview.attack"
        return w(key, self.scene.lang, name=self.name(target.cid), n=dmg, atk=total,
                 dfn=self.stat(target, "defense"))

    def action_preview(self, view: Table, action: Action) -> str:
        """The preview line of an action ("" when it has none): commit, defend or not, take an undefended
        attack, declare an attacker, resolve the declared attack."""
        k = action.kind
        if k in ("defend", "no_defender"):
            return self.defend_preview(view, action)
        if k == "take":
            return self.undefended_preview(view, action)
        if k == "attacker" or (k == "resolve" and view.attack.get("attackers")):
            return self.attack_preview(view, action)
        if k == "commit":
            iid = action.get("card") or action.get("character") or action.get("hero")
            p = self.quest_preview(view, extra=iid if isinstance(iid, str) else None)
            return p.words if p is not None else ""
        return ""

    def undefended_preview(self, view: Table, action: Action) -> str:
        """The hero chosen to take an undefended attack: the whole attack as damage, defense ignored (6c5)."""
        enemy = view.find(str(view.attack.get("enemy") or ""))
        hero = view.find(str(action.get("card") or ""))
        if enemy is None or hero is None:
            return ""
        atk = self.stat(enemy, "attack") + _int(view.attack.get("bonus"))
        left = self.stat(hero, "hp") - hero.damage - atk
        return w("preview.take_dies" if left <= 0 else "preview.take", self.scene.lang, name=self.name(hero.cid), n=atk)

    # ---------------------------------------------------------------- cards
    def copy_mark(self, action: Action) -> str:
        """Which card an action's chosen card is when another card in play has its name ("" when none does):
        its owner ("Bruno's") when the copies are on different sides, else its place ("2 of 2 from the left"),
        so a choice between two Herb Wardens never shows two identical lines."""
        view: Table = self.scene.table
        iid = next((v for k in ("target", "on") if isinstance(v := action.get(k), str)), None)
        card = view.find(iid) if iid else None
        if card is None or not card.cid:
            return ""
        same = [c for c in self._in_play(view) if c.cid == card.cid]
        if len(same) < 2:
            return ""
        lang, owner = self.scene.lang, view.owner(card.iid)
        mine = [c for c in same if view.owner(c.iid) == owner]
        if len(mine) == 1 and owner is not None:
            return w("copy_of", lang, name=self.scene.seat_name(owner))
        rects = {c.iid: self.scene.rect_of(c.iid) for c in mine}
        mine.sort(key=lambda c: rects[c.iid].x if rects[c.iid] is not None else 0)
        return w("copy_n", lang, n=[c.iid for c in mine].index(card.iid) + 1, of=len(mine))

    def marked(self, action: Action, text: str) -> str:
        """``text`` with the copy mark in brackets when the action's card has a namesake in play."""
        mark = self.copy_mark(action)
        return f"{text} ({mark})" if mark else text

    @staticmethod
    def _in_play(view: Table) -> list[CardState]:
        """Every card on the table: staging area, active location, each side's heroes, allies and enemies."""
        cards = list(view.staging) + ([view.location] if view.location is not None else [])
        for p in view.players:
            cards += list(p.heroes + p.allies + p.engaged)
        return cards

    def name(self, cid: str | None) -> str:
        """A card's name in the current language."""
        card = self.scene.card_def(cid)
        return localize(art.field(card, "name") or "?", self.scene.lang) if card is not None else "?"

    def card_lines(self, iid: str, full: bool) -> list[str]:
        """A card's words: name (unless ``full``), kind, keywords, text, and its tokens on the table."""
        s = self.scene
        view: Table = s.table
        cs = view.find(iid)
        cid = cs.cid if cs is not None else view.cards.get(iid)
        card = s.card_def(cid) if cid and cid != HIDDEN else None
        if card is None:
            return [w("hidden_card", s.lang)]
        lines = self.rules_lines(card)
        if full:
            lines = lines[1:]  # the inspector's title is the name
        if cs is not None and cs.stats:
            now = [f"{w('stat.' + n, s.lang)} {v}" for n, v in cs.stats.items()
                   if n in ("willpower", "attack", "defense", "hp") and v != art.num(card, n)]
            if now:
                lines.append(w("now", s.lang, stats=", ".join(now)))
        if cs is not None:
            state = [w(k, s.lang, n=v) for k, v in (("tok.damage", cs.damage), ("tok.resources", cs.resources),
                                                     ("tok.progress", cs.progress)) if v]
            if cs.exhausted:
                state.append(w("exhausted", s.lang))
            if cs.committed:
                state.append(w("committed", s.lang))
            if cs.shadows:
                state.append(w("tok.shadows", s.lang, n=len(cs.shadows)))
            if state:
                lines.append(", ".join(state))
        return lines

    def rules_lines(self, card: Any) -> list[str]:
        """A card definition's rules text (the rules' ``card_text``: name and kind, sphere, numbers, keywords,
        effects, shadow, its own text), one line per part."""
        s = self.scene
        if not isinstance(card, dict):
            from game.rulesets.quest.text import card_text

            spheres = {art.field(x, "id"): x for x in (art.field(s.model, "spheres") or ())}
            return card_text(card, s.lang, s.card_pool(), spheres).split("\n")
        lines = [self.name(art.field(card, "id")) if art.field(card, "id") else localize(card["name"], s.lang),
                 art.kind_word(card, s.lang)]
        kw = self.keyword_words(card)
        if kw:
            lines.append(kw)
        if art.field(card, "text"):
            lines.append(localize(art.field(card, "text"), s.lang))
        stats = [f"{w('stat.' + n, s.lang)} {art.num(card, n)}" for n in
                 ("willpower", "attack", "defense", "hp", "threat", "engagement", "quest_points", "cost")
                 if art.num(card, n) is not None]
        if stats:
            lines.append(" · ".join(stats))
        return lines

    def face_text(self, card: Any) -> str:
        """The rules text printed on a large face: keywords and effects in words (and the card's own text)."""
        if isinstance(card, dict):
            return ""
        from game.rulesets.quest.text import effects_text, keyword_text

        s = self.scene
        shadow = [e.model_copy(update={"when": "shadow"}) for e in (art.field(card, "shadow") or ())]
        bits = [keyword_text(card, s.lang), effects_text(list(art.field(card, "effects") or ()), s.lang, s.card_pool()),
                effects_text(shadow, s.lang, s.card_pool()) if shadow else "",
                localize(art.field(card, "text"), s.lang) if art.field(card, "text") else ""]
        return "\n".join(b for b in bits if b)

    def card_tip(self, iid: str, acts: list[Action] | None = None) -> str:
        """A card's tooltip: its words, then what clicking it does with its preview (kept per table shown)."""
        table = self.scene.table
        shown = (table, self.scene.lang)
        if self._tips_of is None or self._tips_of[0] is not table or self._tips_of[1] != shown[1]:
            self._tips, self._tips_of = {}, shown
        key = (iid, tuple(acts or ()))
        tip = self._tips.get(key)
        if tip is None:
            tip = self._tips[key] = self._card_tip(iid, acts)
        return tip

    def _card_tip(self, iid: str, acts: list[Action] | None) -> str:
        lines = self.card_lines(iid, full=False)
        for a in (acts or [])[:3]:
            lines.append("» " + self.scene.describe(a))
            pre = self.action_preview(self.scene.table, a)
            if pre:
                lines.append("   " + pre)
        return "\n".join(lines)

    def reveal_words(self, cid: str | None) -> str:
        """The reveal caption: "Revealed: <name>"."""
        return w("revealed", self.scene.lang, name=self.name(cid))

    def zoom_card(self, inspector: Any, iid: str) -> None:
        """Open the inspector on a card: drawn large with its text, its state on the table below."""
        s = self.scene
        view: Table = s.table
        cs = view.find(iid)
        cid = cs.cid if cs is not None else view.cards.get(iid)
        card = s.card_def(cid) if cid and cid != HIDDEN else None
        if card is None:
            inspector.open(w("hidden_card", s.lang), w("tip.shadow", s.lang))
            return
        owner = view.owner(iid)

        def drawer(surface: Any, rect: Any) -> None:
            from game.ui.layout import fit_rect

            box = fit_rect((100, 140), rect)
            art.paint_face(surface, box, card, s.lang, sphere_look=s.sphere_look, with_text=True,
                           rules=self.face_text(card))

        inspector.open(self.name(cid), "\n".join(self.card_lines(iid, full=True)), subtitle=art.kind_word(card, s.lang),
                       art=drawer, seat=owner)


def _int(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else 0
