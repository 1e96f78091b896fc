"""The sanctuary table in words: a card's tooltip and its zoom (rules text plus its state on the table),
the deck's zoom, faction names.

Why a module of its own: the regions (tooltips), the discard overlay and the inspector all describe
cards the same way, from the typed view (``SanctuaryView``) and the level's public card pool.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import localize, t
from game.rulesets.sanctuary.state import card_owner
from game.scenes.sanctuary import cards as art
from game.scenes.sanctuary.geometry import _t
from game.ui import gfx
from game.ui.layout import fit_rect


class CardWords:
    """Card texts and zooms for a scene (its card lookups, typed view, language and inspector)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self._tips: dict[Any, str] = {}
        self._tips_key: Any = None

    def tips(self) -> dict[Any, str]:
        """The per-move cache of tooltip texts (emptied when the move or the language changes)."""
        s = self.scene
        key = (s._cache_key, s.lang)
        if key != self._tips_key:
            self._tips, self._tips_key = {}, key
        return self._tips

    def card_tip(self, iid: str) -> str:
        """Tooltip text of a card: its rules text and its state on the table (cached per move)."""
        tips = self.tips()
        hit = tips.get(iid)
        if hit is None:
            hit = tips[iid] = "\n".join(self.card_lines(iid, full=False))
        return hit

    def card_lines(self, iid: str, full: bool) -> list[str]:
        """A card's rules text (without its name when ``full``: the inspector's title shows it) and its
        state in play: Strength and damage, fresh, Durability and carrier, Structure, turned, in combat."""
        from game.rulesets.sanctuary.text import card_text

        s = self.scene
        card = s.card(iid)
        if card is None:
            return ["?"]
        view = s.table_view
        lines = card_text(card, s.lang).split("\n")
        if full:
            lines = lines[1:]  # the inspector shows the name as its title
        p = view.perm(iid)
        if p is not None:
            if card.type == "character":
                ch = view.character(iid)
                strength = ch.strength if ch is not None and ch.strength is not None else card.strength
                lines.append(_t("status.in_play", strength=strength, damage=p.damage))
                if p.entered == view.turn and view.phase not in ("setup", "over"):
                    lines.append(_t("status.fresh"))
            if card.type == "technology":
                lines.append(_t("status.durability", n=p.durability))
                if p.carrier:
                    lines.append(_t("status.carrier", name=s.cname(p.carrier)))
            if card.type == "sanctuary":
                owner = card_owner(iid)
                if owner is not None:
                    side = view.side(owner)
                    lines.append(_t("status.structure_now", n=side.structure, will=side.will))
                else:
                    lines.append(_t("status.structure_now", n="?", will="?"))
            if p.tapped:
                lines.append(_t("status.tapped"))
            if iid in view.combat.attackers:
                lines.append(_t("status.attacking"))
            for a, b in view.combat.blocks.items():
                if b == iid:
                    lines.append(_t("status.blocking", name=s.cname(a)))
            if iid in view.duelists:
                lines.append(_t("status.dueling"))
        return lines

    def faction_name(self, faction: str) -> str:
        """Return a faction's name (the id, titled, for factions a modder adds)."""
        key = f"sanctuary_scene.faction.{faction}"
        from game.engine import i18n

        return t(key) if i18n.has(key) else faction.replace("_", " ").title()

    def zoom_card(self, inspector: Any, iid: str) -> None:
        """Open ``inspector`` on a card: drawn large, its name, type and faction, full text and table state."""
        s = self.scene
        card = s.card(iid)
        if card is None:
            return
        cid = s.cid(iid) or "?"
        sub = _t("faction_line", type=t(f"sanctuary.type.{card.type}"), faction=self.faction_name(card.faction))

        def drawer(surface: pygame.Surface, rect: pygame.Rect, cid: str = cid, card: Any = card) -> None:
            r = fit_rect((100, 140), rect)
            gfx.shadow(surface, r, 10)
            surface.blit(art.face(cid, card, r.size, s.lang), r)

        owner = card_owner(iid)
        body = "\n".join(self.card_lines(iid, full=True))
        if owner is not None and s.table_view.perm(iid) is not None:
            body += "\n" + _t("status.owner", name=s.seat_name(owner))
        inspector.open(localize(card.name, s.lang), body, subtitle=sub, art=drawer, seat=owner)

    def zoom_deck(self, inspector: Any, seat: int) -> None:
        """The deck is hidden: its zoom tells how many cards are left and the empty-deck rule, never a card."""
        s = self.scene
        n = s.table_view.side(seat).deck_count
        name = s.seat_name(seat)
        lines = [_t("deck_zoom.count", n=n) if n != 1 else _t("deck_zoom.count_one"), _t("deck_zoom.hidden"),
                 _t("deck_zoom.draws", name=name), "", _t("deck_zoom.empty_rule")]
        if n == 0:
            lines += ["", _t("deck_zoom.empty_now", name=name)]

        def drawer(surface: pygame.Surface, rect: pygame.Rect, n: int = n) -> None:
            r = fit_rect((100, 140), rect.inflate(-30, -30))
            for j in range(min(3, (n + 9) // 10) - 1, -1, -1):
                gfx.shadow(surface, r.move(-6 * j, -6 * j), 10)
                surface.blit(art.back(r.size), r.move(-6 * j, -6 * j))
            if not n:
                gfx.rounded_rect(surface, r, gfx.with_alpha(gfx.palette().table_dark, 160), 12)
                gfx.rounded_rect(surface, r, gfx.palette().edge, 12, 2)
            gfx.text(surface, str(n), r.center, 64, gfx.palette().ink_light, "center", bold=True, shadow=(0, 0, 0))

        inspector.open(_t("deck_title", name=name), "\n".join(lines), subtitle=_t("deck_zoom.subtitle"),
                       art=drawer, seat=seat)


def undo_barrier_text(match: Any, seat: int, lang: str | None = None) -> str | None:
    """Say which die roll, draw or reveal stops ``seat``'s undo (None when undo is not stopped by one).

    The match only knows "a die roll, a draw or a reveal" stands in the way; the player wants to know
    which: the first such event of the action that stands in the way, with that action's log line.
    """
    ok, reason = match.can_undo(seat)
    if ok or reason != "undo.barrier":
        return None
    last = next((e.index for e in reversed(match.history) if e.seat == seat), None)
    if last is None:
        return None
    entry = next((e for e in reversed(match.history[last:]) if e.barrier), None)
    if entry is None:  # before the oldest kept position: the plain reason says it
        return None
    ev = next((e for e in entry.events if getattr(e, "barrier", False)), None)
    if ev is None:  # the action is a barrier by its own nature, not by one of its events: the plain reason says it
        return None
    if ev.kind == "DiceRolled":
        what = "undo_what.roll"
    elif ev.random:
        what = "undo_what.shuffle" if ev.kind == "Shuffled" else "undo_what.draw"
    else:
        what = "undo_what.reveal"
    code = lang or "en"
    line = next((ln for ln in match.log if ln.index == entry.index and ln.kind == "action"), None)
    said = (line.text.get(code) or next(iter(line.text.values()), "")) if line is not None else entry.action.key
    return t("sanctuary_scene.undo_barrier", lang, base=t("undo.barrier", lang),
             what=t("sanctuary_scene." + what, lang), action=said)
