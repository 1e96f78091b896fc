"""The quest table's motion: events turned into animations, and the values they move, drawn on top.

Why a pane of its own: the other panes draw what the table record says; while an animation plays,
this pane owns what moves towards it: the threat dials counting, encounter cards revealed one by one
(flying from the encounter deck, flipped face up, with their keyword effects in words), floating
numbers for damage, progress, resources and threat, and a pulse on the card something happened to.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.engine.events import Event
from game.scenes.base.pane import Pane
from game.scenes.quest import cards as art
from game.ui import anim, gfx
from game.ui.floaters import FloaterLayer

#: event kind -> (floater sign, colour, data key of the amount); the number floats over ``data["card"]``
FLOATS: dict[str, tuple[str, Any, str]] = {
    "Damaged": ("-", art.ATTACK, "amount"),
    "Progress": ("+", art.PROGRESS, "amount"),
    "ResourceAdded": ("+", (222, 180, 60), "amount"),
    "Healed": ("+", art.HP, "amount"),
}
#: events that reveal an encounter card (its flight from the deck, then its keywords)
REVEALS = ("Revealed",)
#: events shown as a short caption over their card (``data["enemy"]`` or ``data["card"]``), with its colour:
#: the keyword effects of revealed cards among them
CAPTIONS: dict[str, Any] = {
    "EnemyAttacks": art.ATTACK, "ShadowRevealed": art.ATTACK, "Surge": art.THREAT, "Doomed": art.THREAT,
    "Guarded": art.THREAT, "AttackBonus": art.ATTACK, "EnemyDefeated": art.HP, "CharacterDestroyed": art.ATTACK,
    "LocationExplored": art.PROGRESS, "Engaged": art.ATTACK, "ShadowCancelled": art.HP,
}
#: events whose ``seat`` threat moves (the dial counts to the view's value)
THREATS = ("ThreatChanged",)


def _num(v: Any) -> int:
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


class MotionPane(Pane):
    """Animations of the quest table and the values they show while they run."""

    name = "motion"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.floaters = FloaterLayer(pygame.Rect(scene.board_rect))  # captions stay on the table, off the log
        self.threat: dict[int, float] = {}
        self.busy_threat: set[int] = set()
        self.flying: list[dict[str, Any]] = []
        self.caption: dict[str, Any] | None = None
        #: cards whose reveal has not landed yet: the table does not draw them in their place
        self.hidden: set[str] = set()

    def shown_threat(self, seat: int, value: int) -> float:
        """The threat a dial shows now (counting towards ``value`` while its animation runs)."""
        if seat in self.busy_threat and seat in self.threat:
            return self.threat[seat]
        self.threat[seat] = float(value)
        return float(value)

    def settle(self) -> None:
        """With nothing animating, shown values follow the table again."""
        if not self.scene.queue.busy:
            self.busy_threat.clear()
            self.flying.clear()
            self.hidden.clear()
            self.caption = None

    @property
    def animating(self) -> bool:
        """Something of this pane still moves."""
        return bool(self.floaters.animating or self.flying)

    def animate(self, events: list[Event], view: Any) -> list[Any]:
        """Queue one animation per event this pane knows (in order); return them."""
        s = self.scene
        out: list[Any] = []
        for e in events:
            data = e.data if isinstance(e.data, dict) else {}
            a = None
            if e.kind in FLOATS:
                sign, colour, key = FLOATS[e.kind]
                amount = data.get(key)
                rect = s.rect_of(data.get("card") or data.get("target") or data.get("iid"))
                if isinstance(amount, int) and amount and rect is not None:
                    a = self.floaters.spawn_anim(f"{sign}{amount}", (rect.centerx, rect.y + rect.h // 3), colour,
                                                 size=22, style="boxed", rise=26)
            elif e.kind in THREATS and isinstance(data.get("seat"), int):
                a = self._dial(data["seat"], view, data.get("amount"))
            elif e.kind in REVEALS:
                a = self._reveal(data, view)
            elif e.kind == "QuestProgress" and isinstance(data.get("amount"), int):
                q = s.L.quest
                a = self.floaters.spawn_anim(f"+{data['amount']}", (q.centerx, q.bottom - 30), art.PROGRESS,
                                             size=24, style="boxed", rise=26)
            elif e.kind == "QuestResolved":
                q = s.L.quest
                text = s.words("resolved", will=data.get("willpower", 0), threat=data.get("threat", 0))
                a = self.floaters.spawn_anim(text, (q.centerx, q.centery), s.palette_good_or_bad(
                    _num(data.get("willpower")) - _num(data.get("threat"))), size=20, style="boxed", rise=18)
            elif e.kind == "ResourcesGained" and isinstance(data.get("seat"), int):
                p = view.player(data["seat"])
                anims = [self.floaters.spawn_anim("+1", (r.centerx, r.y + r.h // 3), (222, 180, 60), size=18,
                                                  style="boxed", rise=20)
                         for h in (p.heroes if p is not None else ()) if (r := s.rect_of(h.iid)) is not None]
                a = anim.Parallel(*anims) if anims else None
            elif e.kind in CAPTIONS:
                r = s.rect_of(data.get("enemy") or data.get("card"))
                if r is not None:
                    a = self.floaters.spawn_anim(s.event_words(e.kind, data), (r.centerx, r.y + 12), CAPTIONS[e.kind],
                                                 size=16, style="boxed", rise=16)
            elif e.kind == "StageCompleted":
                q = s.L.quest
                a = self.floaters.spawn_anim(s.words("event.StageCompleted"), q.center, art.PROGRESS, size=22,
                                             style="boxed", rise=20)
            if a is not None:
                s.queue.play(a)
                out.append(a)
        return out

    def _dial(self, seat: int, view: Any, amount: Any) -> Any:
        """Count a seat's threat dial to its new value, with the change floating by it."""
        s = self.scene
        p = view.player(seat)
        if p is None:
            return None
        start = self.threat.get(seat, float(p.threat))
        self.busy_threat.add(seat)

        def step(t: float) -> None:
            self.threat[seat] = start + (p.threat - start) * t

        count = anim.Func(step, 0.5, ease="out_cubic")
        where = s.L.dial.center if seat == s.L.viewer else (s.L.others[seat].x + 30, s.L.others[seat].y + 50) \
            if seat in s.L.others else None
        if where is None or not isinstance(amount, int) or not amount:
            return count
        sign = "+" if amount > 0 else ""
        return anim.Parallel(count, self.floaters.spawn_anim(f"{sign}{amount}", where, art.THREAT, size=22,
                                                             style="boxed", rise=24))

    def _reveal(self, data: dict[str, Any], view: Any) -> Any:
        """An encounter card flies from the encounter deck, turns face up, and its keywords show."""
        s = self.scene
        iid = data.get("card") or data.get("iid")
        if not isinstance(iid, str):
            return None
        cid = data.get("cid") if isinstance(data.get("cid"), str) else view.cards.get(iid)
        start = s.L.piles[("encounter_deck",)]
        placed = s.rect_of(iid)
        end = placed or s.L.piles[("encounter_discard",)]
        # a card flying to the discard pile lands as the pile's thumbnail: unnamed, like the pile's top card
        fl: dict[str, Any] = {"iid": iid, "cid": cid, "start": start, "end": end, "t": 0.0,
                              "named": None if placed else False}
        card = s.card_def(cid)
        words = s.keyword_words(card) if card is not None else ""

        self.hidden.add(iid)

        cap = {"text": s.reveal_words(cid), "sub": words, "t": 0.0}

        def begin() -> None:
            self.flying.append(fl)
            self.caption = cap

        def step(t: float) -> None:
            fl["t"] = t
            if self.caption is not None:
                self.caption["t"] = t

        def end_it() -> None:
            if fl in self.flying:
                self.flying.remove(fl)
            self.hidden.discard(iid)
            if self.caption is cap:
                self.caption = None

        return anim.Sequence(anim.Call(begin), anim.Func(step, 0.9, ease="out_cubic"), anim.Wait(0.35),
                             anim.Call(end_it))

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """Encounter cards in flight, the reveal caption, floating numbers."""
        s, pal = self.scene, gfx.palette()
        for fl in self.flying:
            t = fl["t"]
            start, end = fl["start"], fl["end"]
            x = start.centerx + (end.centerx - start.centerx) * t
            y = start.centery + (end.centery - start.centery) * t - 40 * math.sin(math.pi * t)
            w = round(start.w + (end.w - start.w) * t)
            h = round(start.h + (end.h - start.h) * t)
            size = (max(8, w), max(8, h))
            face_up = t > 0.45
            # the face is painted at its place's size and scaled in flight: a face painted at every size on
            # the way would fit its name anew each frame, cut on the small ones
            img = s.painter.surface_of(fl["cid"] if face_up else None, (max(8, end.w), max(8, end.h)), encounter=True,
                                       named=fl.get("named"))
            squash = abs(math.cos(math.pi * min(1.0, t / 0.9)))
            if squash < 0.98 or img.get_size() != size:
                img = pygame.transform.smoothscale(img, (max(2, round(size[0] * max(0.05, squash))), size[1]))
            rect = img.get_rect(center=(round(x), round(y)))
            gfx.shadow(surface, rect, 8, (4, 8), blur=5)
            surface.blit(img, rect)
        if self.caption is not None:
            box = pygame.Rect(0, 0, 560, 58)
            box.midtop = (505, 262)
            gfx.shadow(surface, box, 10, (3, 6), blur=5)
            gfx.rounded_rect(surface, box, gfx.with_alpha(pal.table_dark, 245), 10)
            gfx.rounded_rect(surface, box, pal.accent, 10, 2)
            s.frame_texts.line(surface, self.caption["text"], pygame.Rect(box.x + 12, box.y + 4, box.w - 24, 26), 17,
                               pal.ink_light, "center", bold=True, minimum=9)
            if self.caption["sub"]:
                s.frame_texts.line(surface, self.caption["sub"], pygame.Rect(box.x + 12, box.y + 30, box.w - 24, 22),
                                   13, pal.accent, "center", minimum=8)
        self.floaters.draw(surface)
