"""The table's motion: events turned into animations (damage numbers, the Structure dial, cards flying
in and out, tapping, banners, sounds) and the shown values they move, drawn over the other panes.

Why a pane of its own: the side and row panes draw what the view says, except for the values an
animation is moving towards it (a dial counting down, a card turning); those live here, with the
cards in flight and the floating numbers, so the other panes stay pure drawing from the view.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from typing import Any

import pygame

from game.engine.events import Event
from game.engine.i18n import t
from game.scenes.base.pane import Pane
from game.scenes.sanctuary import cards as art
from game.scenes.sanctuary.geometry import CARD, TAB_H, TILE, WILL_FLOAT, _t
from game.ui import anim, gfx
from game.ui.floaters import FloaterLayer

log = logging.getLogger(__name__)


class MotionPane(Pane):
    """Animations of the sanctuary table and the values they show while they run."""

    name = "motion"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        # shown values that animate towards the state (snapped when nothing animates them)
        self.dial: dict[int, float] = {}
        self.dial_max: dict[int, int] = {}
        self.dial_flash: dict[int, float] = {0: 0.0, 1: 0.0}
        self.angle: dict[str, float] = {}
        self.shake: dict[str, tuple[float, float]] = {}
        self.busy_dial: set[int] = set()
        self.busy_angle: set[str] = set()
        self.floaters = FloaterLayer()
        self.flying: dict[str, dict[str, Any]] = {}
        self.leaving: list[dict[str, Any]] = []
        #: where each card in play was last drawn (leaving animations start there), and the hand's cards
        self.last_rects: dict[str, pygame.Rect] = {}
        self.hand_rects: dict[str, pygame.Rect] = {}

    def settle(self) -> None:
        """With nothing animating, shown values follow the state again (called at the start of a frame)."""
        if not self.scene.queue.busy:
            self.busy_dial.clear()
            self.busy_angle.clear()
            self.flying.clear()
            self.leaving.clear()
            self.floaters.clear()

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """Cards in flight and leaving, floating numbers; then remember where every card was."""
        L = self.scene.L
        # cards in flight
        for iid, fl in list(self.flying.items()):
            end_rect = L.rect_of(iid)
            card = self.scene.card(iid)
            if card is None:
                continue
            if end_rect is None and card.type == "manipulation":  # to the stack (it may already have resolved)
                end_rect = next((r for s, r in L.stack if s.card == iid), L.stack_zone)
            if end_rect is None:
                continue
            tt = fl["t"]
            pos = anim.lerp(fl["start"], end_rect.center, tt)
            img = art.face(self.scene.cid(iid) or "?", card, L.card_size.get(iid, CARD), self.scene.lang)  # its size in the row
            scale = 1.0 + 0.25 * math.sin(math.pi * tt)
            img = pygame.transform.smoothscale_by(img, scale)
            gfx.shadow(surface, img.get_rect(center=(round(pos[0]), round(pos[1]))), 8, (4, 8), blur=5)
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        for lv in list(self.leaving):
            card = self.scene.card(lv["iid"])
            if card is None:
                continue
            tt = lv["t"]
            pos = anim.lerp(lv["start"], lv["end"], tt)
            w, h = lv["size"]
            sc = max(0.2, 1.0 - 0.6 * tt)
            bw, bh = lv.get("base", CARD)
            size = (max(4, round(bw * sc)), max(4, round(bh * sc)))
            img = art.face(self.scene.cid(lv["iid"]) or "?", card, CARD, self.scene.lang)
            img = pygame.transform.smoothscale(img, size)
            img.set_alpha(round(255 * (1 - 0.7 * tt)))
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        self.floaters.draw(surface)
        # remember where cards were (leaving animations start there)
        self.last_rects = {iid: rect for iid, (_, _, rect) in L.cards.items()}
        self.last_rects.update(L.tabs)
        self.last_rects.update(L.tiles)
        for s, r in L.stack:
            self.last_rects[s.card] = r

    def animate(self, events: list[Event], view: Any) -> list[Any]:
        """Queue the table's animations for ``events`` on the scene's queue (some block input, some run
        beside the next ones, so the pane queues them itself) and return nothing for the host to add."""
        viewer = self.scene.viewer
        batch: list[Any] = []

        def flush() -> None:
            if batch:
                self.scene.queue.play(anim.Sequence(anim.Parallel(list(batch)), anim.Wait(0.35), blocking=True))
                batch.clear()

        for ev in events:
            if hasattr(ev, "visible_to") and not ev.visible_to(viewer):
                ev = ev.public()
            k, d = ev.kind, ev.data
            try:
                if k == "DamageDealt":
                    a = self._anim_damage(d)
                    if a is not None:
                        batch.append(a)
                    continue
                flush()
                if k == "CardMoved":
                    self._anim_move(d)
                elif k in ("Tapped", "Readied"):
                    self._anim_tap(d.get("card"), 90.0 if k == "Tapped" else 0.0)
                elif k == "StructureChanged":
                    seat = d.get("seat")
                    self._anim_dial(seat, d.get("structure"), good=True)
                    self._float_at(self._dial_pos(seat), f"+{d.get('amount')}", gfx.palette().good)
                elif k == "EmptyDeck":
                    seat = d.get("seat")
                    self._anim_dial(seat, d.get("structure"), good=False)
                    self._float_at(self._dial_pos(seat), _t("float.empty_deck"), gfx.palette().bad)
                elif k == "WillChanged" and d.get("amount"):
                    amt = int(d.get("amount") or 0)
                    seat = d.get("seat")
                    if seat in (0, 1) and d.get("why") != "communion":
                        r = self.scene.L.will.get(seat)
                        if r is not None:
                            self._float_at((r.right - 44, r.y + 14), f"{amt:+d}",
                                           WILL_FLOAT if amt > 0 else gfx.palette().ink_soft, size=18, rise=14)
                elif k == "StrengthChanged":
                    amt = int(d.get("amount") or 0)
                    self._float_card(d.get("card"), f"{amt:+d}", gfx.palette().good if amt > 0 else gfx.palette().bad)
                elif k == "DurabilityChanged":
                    amt = int(d.get("amount") or 0)
                    r = self.scene.L.tabs.get(d.get("card"))
                    if r is not None:
                        self._float_at(r.center, f"{amt:+d}", gfx.palette().bad if amt < 0 else gfx.palette().good,
                                       size=16)
                elif k == "PhaseBegan" and d.get("phase") == "turn":
                    words = _t("banner.turn", n=d.get("turn"), name=self.scene.seat_name(d.get("seat")))
                    self.scene.queue.add(self.scene.banner.show_anim(words, duration=0.9))
                elif k == "DuelDeclared":
                    self.scene.queue.add(anim.Call(lambda: self.scene.app.play_sound("clack")))
                    self.scene.queue.add(self.scene.banner.show_anim(_t("banner.duel"), duration=0.7))
                elif k in ("AttackerDeclared", "BlockerDeclared"):
                    self.scene.queue.add(anim.Call(lambda: self.scene.app.play_sound("clack")))
                elif k == "GameOver":
                    words = t("ui.game_over")
                    w = d.get("winners") or []
                    if w:
                        words = t("sanctuary.event.won", who=self.scene.seat_name(w[0]))
                    self.scene.queue.play(anim.Sequence(anim.Call(lambda: self.scene.app.play_sound("victory")),
                                                  self.scene.banner.show_anim(words, duration=2.0, big=True),
                                                  blocking=True))
            except Exception:  # noqa: BLE001 - an animation never breaks play
                log.exception("sanctuary animation for %s", k)
        flush()
        return []

    def _dial_pos(self, seat: Any) -> tuple[int, int]:
        return self.scene.L.dial.get(seat, (100, 100)) if seat in (0, 1) else (100, 100)

    def _anim_dial(self, seat: Any, value: Any, good: bool) -> anim.Animation | None:
        if seat not in (0, 1) or not isinstance(value, int):
            return None
        self.busy_dial.add(seat)
        self.dial.setdefault(seat, float(value))
        a = anim.Parallel(anim.Tween(self.dial, seat, end=float(value), duration=0.6, ease="out_cubic"),
                          anim.Tween(self.dial_flash, seat, start=1.0 if good else -1.0, end=0.0, duration=0.8))
        a.then(lambda s=seat: self.busy_dial.discard(s))
        self.scene.queue.add(a)
        return a

    def _anim_damage(self, d: dict[str, Any]) -> anim.Animation | None:
        target = d.get("target")
        amount = d.get("amount")
        if not isinstance(target, str):
            return None
        pal = gfx.palette()
        parts: list[anim.Animation] = [anim.Call(lambda: self.scene.app.play_sound("hit"))]
        if target.endswith(".S") and target[:1] in ("0", "1"):
            seat = int(target[0])
            self.busy_dial.add(seat)
            value = d.get("structure")
            if isinstance(value, int):
                self.dial.setdefault(seat, float(value + (amount or 0)))
                tw = anim.Parallel(anim.Tween(self.dial, seat, end=float(value), duration=0.6, ease="out_cubic"),
                                   anim.Tween(self.dial_flash, seat, start=-1.0, end=0.0, duration=0.8))
                tw.then(lambda s=seat: self.busy_dial.discard(s))
                parts.append(tw)
            pos = self._dial_pos(seat)
            parts.append(anim.Call(lambda p=pos: self._float_at(p, f"−{amount}", pal.bad, size=30)))
            parts.append(anim.shake(self.shake, 7, 0.35, attr=target))
        else:
            rect = self.scene.L.rect_of(target) or self.last_rects.get(target)
            if rect is not None:
                c = rect.center
                parts.append(anim.Call(lambda p=c: self._float_at(p, f"−{amount}", pal.bad, size=28)))
            parts.append(anim.shake(self.shake, 6, 0.3, attr=target))
        return anim.Parallel(parts)

    def _anim_tap(self, iid: Any, end: float) -> None:
        if not isinstance(iid, str):
            return
        self.busy_angle.add(iid)
        self.angle.setdefault(iid, 90.0 - end)
        tw = anim.Tween(self.angle, iid, end=end, duration=0.25, ease="out_cubic")
        tw.then(lambda i=iid: self.busy_angle.discard(i))
        self.scene.queue.add(tw)

    def _anim_move(self, d: dict[str, Any]) -> None:
        iid, src, dst = d.get("card"), d.get("from"), d.get("to")
        if not isinstance(iid, str) or d.get("hidden"):
            return
        seat = d.get("seat") if d.get("seat") in (0, 1) else (int(iid[0]) if iid[:1] in ("0", "1") else None)
        if seat is None:
            return
        L = self.scene.L
        if src == "hand" and dst in ("chars", "attachments", "techs", "stack"):
            if seat == L.me and iid in self.hand_rects:
                start = self.hand_rects[iid].center
            else:
                start = L.hand_pile.get(seat, L.deck.get(seat, pygame.Rect(0, 0, 1, 1))).center
            fl = {"start": start, "t": 0.0, "iid": iid}
            self.flying[iid] = fl
            self.scene.queue.play(anim.Sequence(
                anim.Call(lambda: self.scene.app.play_sound("card")),
                anim.Tween(fl, "t", end=1.0, duration=0.35, ease="out_cubic"),
                blocking=True).then(lambda i=iid: self.flying.pop(i, None)))
        elif dst == "discard" and src in ("chars", "attachments", "techs", "stack"):
            rect = self.last_rects.get(iid)
            if rect is None:
                return
            lv = {"iid": iid, "start": rect.center, "end": L.discard[seat].center, "t": 0.0,
                  "size": CARD if src == "chars" else (TILE if src == "attachments" else (CARD[0], TAB_H))}
            if src == "stack":
                lv["size"] = (rect.w, rect.h)
            lv["base"] = L.card_size.get(iid, CARD) if src == "chars" else CARD  # a crowded row's cards are small
            self.leaving.append(lv)
            self.scene.queue.play(anim.Sequence(
                anim.Wait(0.05),
                anim.Tween(lv, "t", end=1.0, duration=0.45, ease="in_out_quad"),
                blocking=src != "stack").then(lambda x=lv: self.leaving.remove(x) if x in self.leaving else None))
        elif src == "deck" and dst == "hand":
            self.scene.queue.add(anim.Call(lambda: self.scene.app.play_sound("card")))

    def _float_card(self, iid: Any, text: str, colour: Any) -> None:
        rect = self.scene.L.rect_of(iid) if isinstance(iid, str) else None
        if rect is not None:
            self._float_at(rect.center, text, colour)

    def _float_at(self, pos: tuple[float, float], text: str, colour: Any, size: int = 24, rise: float = 40.0) -> None:
        self.scene.queue.add(self.floaters.spawn_anim(text, pos, colour, size=size, rise=rise, life=1.1))

    def floats(self) -> list[dict[str, Any]]:
        """The floating numbers showing now, as plain records (text, pos, colour, size, rise...)."""
        return [dataclasses.asdict(f) for f in self.floaters.items]
