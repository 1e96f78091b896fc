"""What the sanctuary table answers to: drop zones, the cards in play, the hand, and what a drag means.

Why a module of its own: the table's hit regions carry Action payloads (or the reason a card cannot
act), and a drag is matched against the legal actions by the shared drop matcher; the panes draw,
this class decides what a click or a drop on what they drew does. It reads the typed view and the
frame's layout, never rule state.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.sanctuary.views import HIDDEN, SanctuaryView
from game.scenes.sanctuary import cards as art
from game.scenes.sanctuary.geometry import HAND_CARD, Target, Zone, _t
from game.ui.drops import DropMatcher
from game.ui.input import HitRegion


class TableRegions:
    """Hit regions of the card table and the meaning of drops (for a scene: its layout, legal set, words)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.drops = self._drop_matcher()

    @staticmethod
    def index(legal: list[Action]) -> dict[str, list[Action]]:
        """Legal actions by the card that acts (played, used, challenging, attacking, blocking, discarded)."""
        out: dict[str, list[Action]] = {}
        for a in legal:
            actor = a.get("card") if a.kind in ("play", "use", "attack", "discard") else \
                a.get("challenger") if a.kind == "duel" else a.get("blocker") if a.kind == "block" else None
            if actor:
                out.setdefault(actor, []).append(a)
        return out

    def zones(self, view: SanctuaryView) -> list[HitRegion]:
        """Drop zones for untargeted plays (lowest), and the opposing Sanctuary's block for attackers."""
        L = self.scene.L
        regs: list[HitRegion] = []
        for name, rect in (("chars", L.row[L.me]), ("attachments", L.att[L.me]), ("stack", L.stack_zone)):
            z = Zone(name)
            regs.append(HitRegion(rect, z, drop_target=True, highlight=False, key=("zone", name),
                                  accepts=lambda p, z=z: self.accepts(p, z)))
        # the whole block of the opposing Sanctuary takes attackers (a bigger, clearer target than its card)
        opp_sanct = Target(f"{L.opp}.S")
        regs.append(HitRegion(L.sanct[L.opp], opp_sanct, drop_target=True, highlight=False, key=("sanctblock", L.opp),
                              accepts=lambda p, x=opp_sanct: self.accepts(p, x)))
        return regs

    def cards(self, view: SanctuaryView, by_card: dict[str, list[Action]], acting: bool) -> list[HitRegion]:
        """Every card in play: a drop target / info region, and an action region for the cards that can act."""
        s, L = self.scene, self.scene.L
        me = L.me
        regs: list[HitRegion] = []
        step = view.step
        my_chars = view.side(me).char_ids
        # hit order follows drawing order: a carrier is drawn over its tabs, each tab over the ones after it
        # (strips a small card carries lie on top of it)
        tabs = [(k, (r.center, 0.0, r)) for k, r in reversed(list(L.tabs.items())) if k not in L.compact]
        strips = [(k, (r.center, 0.0, r)) for k, r in L.tabs.items() if k in L.compact]
        for iid, (center, ang, rect) in tabs + list(L.cards.items()) + strips \
                + [(k, (r.center, 0, r)) for k, r in L.tiles.items()]:
            tip = s.card_tip(iid)
            marker = Target(iid)
            regs.append(HitRegion(rect, marker, drop_target=True, highlight=False, tooltip=tip,
                                  inspect=("card", iid), key=("target", iid),
                                  accepts=lambda p, x=marker: self.accepts(p, x)))
            owner = int(iid[0]) if iid[:1] in ("0", "1") else -1
            if owner != me:
                continue
            acts = by_card.get(iid, [])
            hint = self.hint_for(acts)
            if acts:
                drag = any(a.kind in ("duel", "block", "attack") or a.get("target") for a in acts)
                regs.append(HitRegion(rect, acts, tooltip=f"{tip}\n\n{hint}" if hint else tip, draggable=drag,
                                      inspect=("card", iid), key=("act", iid), ghost=s._blank))
            elif acting and step in ("attack", "declare", "block") and iid in my_chars:
                probe = {"attack": Action.of("attack", card=iid), "declare": Action.of("duel", challenger=iid),
                         "block": Action.of("block", blocker=iid)}[step]
                if view.active == me or step == "block":
                    regs.append(HitRegion(rect, [probe], tooltip=tip, inspect=("card", iid), key=("act", iid)))
        return regs

    def first_of(self, hand: tuple[str, ...]) -> dict[str, str]:
        """Card id -> the first copy in hand (legal actions offer the first copy of each card)."""
        out: dict[str, str] = {}
        for c in hand:
            if c != HIDDEN:
                out.setdefault(self.scene.cid(c) or c, c)
        return out

    def hand(self, view: SanctuaryView, by_card: dict[str, list[Action]], waiting: str | None) -> list[HitRegion]:
        """The hand, left to right (the right-most card is on top, the lifted one last): a playable card's
        actions (dragged onto the table), or the reason it cannot be played."""
        s, L = self.scene, self.scene.L
        hand_regs: list[HitRegion] = []
        first_of = self.first_of(view.side(L.me).hand)
        s.motion.hand_rects = {}
        lifted = None
        for iid, slot in L.hand:
            if iid == HIDDEN:
                continue
            rect = slot.rect.copy()
            if slot.lifted:
                rect.union_ip(rect.move(0, s.fan.lift))
            s.motion.hand_rects[iid] = slot.rect
            rep = first_of.get(s.cid(iid) or iid, iid)
            acts = by_card.get(rep, [])
            tip = s.card_tip(iid)
            if acts:
                hint = self.hint_for(acts)
                region = HitRegion(rect, acts, tooltip=f"{tip}\n\n{hint}", draggable=any(a.kind == "play" for a in acts),
                                   inspect=("card", iid), key=("hand", iid), ghost=self.hand_ghost(iid),
                                   highlight=False)
            else:
                reason = waiting or self.hand_reason(iid)
                region = HitRegion(rect, [Action.of("play", card=iid)], tooltip=tip, legal=False, reason=reason,
                                   inspect=("card", iid), key=("hand", iid), highlight=False)
            if slot.lifted:
                lifted = region
            else:
                hand_regs.append(region)
        if lifted is not None:
            hand_regs.append(lifted)
        return hand_regs

    def playable(self, view: SanctuaryView) -> set[str]:
        """The hand cards of the seat in front that some legal action plays now."""
        s = self.scene
        if not s.can_act():
            return set()
        idx = self.index(s.legal)
        hand = view.side(s.L.me).hand
        first_of = self.first_of(hand)
        return {c for c in hand if first_of.get(s.cid(c) or c, c) in idx}

    def waiting_reason(self) -> str | None:
        """Why nothing can be played now: the game is over, or who is to act."""
        seat, _human = self.scene.driver.deciding()
        if seat is None:
            return _t("prompt.over")
        return t("game.waiting_for", name=self.scene.seat_name(seat))

    def hand_reason(self, iid: str) -> str:
        """Why a hand card cannot be played (cached per move)."""
        s = self.scene
        s.card_tip(iid)  # makes sure the per-move cache is current
        hit = s._tips.get(("reason", iid))
        if hit is None:
            hit = s._tips[("reason", iid)] = self._hand_reason_now(iid)
        return hit

    def _hand_reason_now(self, iid: str) -> str:
        s = self.scene
        card = s.card(iid)
        why = s.explain(Action.of("play", card=iid))
        if card is not None and card.target != "none" and "cannot target" in why:
            return _t("reason.no_target", card=s.cname(iid))
        return why

    def hint_for(self, acts: list[Action]) -> str:
        """How to do what a card can do (drag it there, click it)."""
        kinds = {a.kind for a in acts}
        if "discard" in kinds:
            return _t("hint.discard", n=getattr(self.scene.model, "hand_limit", 8))
        if "play" in kinds:
            return _t("hint.drag_play")
        if "attack" in kinds:
            return _t("hint.drag_attack")
        if "duel" in kinds:
            return _t("hint.drag_duel")
        if "block" in kinds:
            return _t("hint.drag_block")
        if "use" in kinds:
            return _t("hint.use")
        return ""

    def hand_ghost(self, iid: str) -> pygame.Surface:
        """What follows the mouse while a hand card is dragged: its face."""
        s = self.scene
        card = s.card(iid)
        if card is None:
            return s._blank
        return art.face(s.cid(iid) or "?", card, HAND_CARD, s.lang)

    # ------------------------------------------------------------------ drops
    def _drop_matcher(self) -> DropMatcher:
        """What a drag means on a card or zone: played on it, dueling or blocking it, attacking the opposing
        Sanctuary, or an untargeted play of the zone's card type; one's own card counts as its zone."""
        s = self.scene
        drops = DropMatcher(lambda: s._legal_set, reason=lambda acts, marker: self.refusal(acts))
        zone_type = {"chars": "character", "attachments": "attachment", "stack": "manipulation"}

        def on_card(a: Action, m: Any) -> bool:
            if not isinstance(m, Target):
                return False
            return (a.kind in ("play", "use", "duel") and a.get("target") == m.iid) \
                or (a.kind == "block" and a.get("attacker") == m.iid) \
                or (a.kind == "attack" and m.iid == f"{1 - s.L.me}.S")

        def in_zone(a: Action, m: Any) -> bool:
            if not isinstance(m, Zone) or a.kind != "play" or a.get("target") is not None:
                return False
            card = s.card(a.get("card"))
            return card is not None and card.type == zone_type.get(m.name)

        def own_card(m: Any) -> Zone | None:
            if isinstance(m, Target) and m.iid[:1] == str(s.L.me) and not m.iid.endswith(".S"):
                return Zone("attachments" if m.iid in s.L.tiles else "chars")
            return None

        drops.rule(on_card)
        drops.rule(in_zone)
        drops.redirect(own_card)
        return drops

    def match(self, acts: Any, marker: Any) -> Action | None:
        """Return the legal action a drag of ``acts`` onto ``marker`` means (None when it means nothing)."""
        return self.drops.match(acts, marker)

    def refusal(self, acts: Any) -> str:
        """Why the dragged card cannot go there, naming it."""
        actor = None
        if isinstance(acts, (list, tuple)) and acts and isinstance(acts[0], Action):
            a = acts[0]
            actor = a.get("card") or a.get("challenger") or a.get("blocker")
        return _t("reason.not_there", card=self.scene.cname(actor))

    def accepts(self, acts: Any, marker: Any) -> str | None:
        """None when the drag may drop here, else the reason in words."""
        return self.drops.reason(acts, marker)
