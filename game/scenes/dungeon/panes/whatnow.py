"""The "What now" box (what to do next, the level's hint) and the buttons under the drawn chip: Continue /
Stop after a floor, and the Depths map's side and confirm.

Why a pane of its own: it tells a new player what the table expects of them. It reads the view (phase,
hint) and the shown seat's ``PlayerRecord``; the Depths side and shift come from ``scene.selection``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.dungeon.views import DungeonView, PlayerRecord
from game.scenes.dungeon.panes.common import DungeonPane, ui
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion
from game.ui.widgets import Button


#: the smallest text of the box in screen px (at any text-size setting): readable, never 9 px
MIN_PX = 12
#: the smallest logical size the box's words take before its general tip is left out (larger text stays larger)
COMFORT_MIN = 11


class WhatNowPane(DungeonPane):
    """The "What now" box and the floor and Depths buttons (see the module docstring)."""

    name = "whatnow"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.text = ""              # the whole "What now" text (the box's tooltip when it does not fit)
        self.truncated = False      # more lines than the box shows: the wheel scrolls them
        self.scroll = 0             # the first line shown
        self.lines = 0              # how many wrapped lines the text has at its size
        self.fits = 0               # how many the box shows
        self.tip = ""               # the general tip at the end of the text (left out when room is short)
        self.omitted = False        # the tip was left out: the whole text is the box's tooltip

    def scroll_by(self, dy: int) -> None:
        """The wheel over the box: show later (dy < 0) or earlier lines."""
        self.scroll = max(0, min(self.lines - self.fits, self.scroll - dy))

    # ================================================================= buttons
    def floor_buttons(self, seat: int, p: PlayerRecord) -> list[Button]:
        """Continue to the next floor, or stop here."""
        sc = self.scene
        spots = sc.hand.spots()
        floor = p.hero_row + 1
        legal = set(sc.legal) if sc.my_turn_on(seat) else set()
        cont, stop = Action.of("continue"), Action.of("stop")
        return [Button(spots["buttons"][0], t("dscene.continue"), cont, cont in legal,
                       t("dscene.continue_tip", floor=floor + 1, n=len(p.bag)), 17, True, key=("dg-btn", "continue")),
                Button(spots["buttons"][1], t("dscene.stop"), stop, stop in legal,
                       t("dscene.stop_tip", floor=floor), 17, False, key=("dg-btn", "stop"))]

    def depths_actions(self, seat: int, p: PlayerRecord) -> list[Action]:
        """The Depths placements, the one chosen first (the confirm button stands for all of them)."""
        dc = self.scene.selection.depths_for(seat, p)
        chosen = Action.of("place_depths", side=dc["side"], shift=dc["shift"])
        others = [Action.of("place_depths", side=s, shift=k) for s in (0, 1) for k in (-1, 0, 1)]
        return [chosen] + [a for a in others if a != chosen]

    def depths_buttons(self, seat: int, p: PlayerRecord) -> list[Button]:
        """Side 1, side 2 and confirm, for a new Depths map."""
        sc = self.scene
        b0, b1 = sc.hand.spots()["buttons"]
        dc = sc.selection.depths_for(seat, p)
        mine = sc.my_turn_on(seat)
        half = (b0.w - 8) // 2
        out = [Button(pygame.Rect(b0.x + k * (half + 8), b0.y, half, b0.h), t("dscene.side_n", n=k + 1),
                      ui("side", k), mine, t("dscene.depths_side", n=k + 1, name=sc.words.side_name(p.pending_map, k)),
                      15, dc["side"] == k, key=("dg-btn", "side", k)) for k in (0, 1)]
        out.append(Button(b1, t("dscene.depths_confirm"), self.depths_actions(seat, p), mine,
                          t("dscene.shift_word." + str(dc["shift"])), 17, True, key=("dg-btn", "confirm")))
        return out

    def _buttons(self, seat: int, p: PlayerRecord | None) -> list[Button]:
        if p is None or self.scene.resolution.replay is not None:
            return []
        if p.status == "floor_done":
            return self.floor_buttons(seat, p)
        if p.status == "depths":
            return self.depths_buttons(seat, p)
        return []

    # ================================================================= drawing
    def draw_view(self, surface: pygame.Surface, view: DungeonView) -> None:
        """The buttons (after a floor, for a new Depths map) and the "What now" box."""
        sc = self.scene
        seat = sc.shown_seat()
        p = view.player(seat)
        hovered = sc.router.hovered
        for b in self._buttons(seat, p):
            b.draw(surface, hovered=hovered is not None and hovered.key == b.key)
        rect = sc.hand.spots()["hint"]
        text = self._words(view, seat, p)
        if text != self.text:
            self.scroll = 0
        self.text = text
        pal = gfx.palette()
        key = (self.text, tuple(rect), pal.name, gfx.text_scale(), sc.lang, self.scroll)
        self.layer("hint", key, rect, surface, lambda surf: self._paint_box(surf, rect))

    def _words(self, view: DungeonView, seat: int, p: PlayerRecord | None) -> str:
        sc = self.scene
        status = p.status if p is not None and p.status else "waiting"
        hint = view.hint if seat == sc.viewer else None
        acting = sc.match.to_act()
        if sc.resolution.showing:
            text = t("ui.click_to_skip")
        elif sc.my_turn_on(seat) or (view.phase == "market" and sc.can_act()):
            key = "market" if view.phase == "market" else status
            text = t(f"dscene.do.{key}") if i18n.has(f"dscene.do.{key}") else ""
            if status == "depths":
                text = t("dscene.depths_help")
        elif acting is not None and acting != sc.viewer:
            text = t("dscene.do.watch", name=sc.seat_name(acting))
        else:
            text = t(f"dscene.do.{status}") if i18n.has(f"dscene.do.{status}") else ""
        self.tip = ""
        if hint:  # the level's hint says what the generic line says, at more length: never both
            return i18n.localize(hint, sc.lang)
        self.tip = t("dscene.inspect_hint")  # a general tip: left out first when the box is short of room
        return (text + "\n\n" if text else "") + self.tip

    def _paint_box(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The box: a title, the words wrapped to it at a comfortable size (the general right-click tip is left
        out, whole in the tooltip, before the words shrink below it), else at a readable size; when even that
        does not fit, the wheel scrolls them (a marker says there is more) and the whole text is the tooltip.
        Nothing is ever cut."""
        pal = gfx.palette()
        gfx.rounded_rect(surface, rect, (*pal.panel[:3], 235), 8)
        gfx.rounded_rect(surface, rect, pal.edge, 8, 2)
        title = self.put(surface, t("dscene.what_now"), (rect.x + 10, rect.y + 6), 15, pal.ink_soft, box=rect,
                         bold=True)
        room = rect.h - 8 - (title.bottom - rect.y)
        width = rect.w - 20
        main = self.text[:-len(self.tip)].rstrip("\n") if self.tip and self.text.endswith(self.tip) else self.text
        comfortable = max(COMFORT_MIN, uitext.readable_min(MIN_PX))
        floor = min(15, uitext.readable_min(MIN_PX))

        def fits(text: str, size: int) -> bool:
            return bool(gfx.text_size(text, size, max_width=width)[1] <= room)

        text, size = self.text, floor
        for low in (comfortable, floor):
            choice = next(((txt, sz) for txt in dict.fromkeys((self.text, main)) if txt
                           for sz in range(15, low - 1, -1) if fits(txt, sz)), None)
            if choice is not None:
                text, size = choice
                break
        self.omitted = text != self.text
        lines = gfx.wrap(text, size, width)
        fit = max(1, room // gfx.line_height(size))
        self.lines, self.fits = len(lines), min(fit, len(lines))
        self.truncated = len(lines) > fit
        self.scroll = max(0, min(self.scroll, len(lines) - fit)) if self.truncated else 0
        shown = lines[self.scroll:self.scroll + fit]
        body = pygame.Rect(rect.x + 10, title.bottom, width, rect.bottom - title.bottom)
        self.put(surface, "\n".join(shown), (rect.x + 10, title.bottom), size, pal.ink, box=body)
        if self.truncated:  # where the text goes on: small triangles at the right of the title row
            cx, cy = rect.right - 14, title.centery
            if self.scroll > 0:
                pygame.draw.polygon(surface, pal.ink_soft, [(cx - 14, cy + 3), (cx - 8, cy - 4), (cx - 2, cy + 3)])
            if self.scroll + fit < len(lines):
                pygame.draw.polygon(surface, pal.accent, [(cx, cy - 3), (cx + 6, cy + 4), (cx + 12, cy - 3)])

    # ================================================================= regions
    def regions(self, view: DungeonView, legal: list[Action]) -> list[Any]:
        """The box (the wheel scrolls it; the whole text on hover when it does not fit); the buttons under the chip."""
        sc = self.scene
        out = []
        if (self.truncated or self.omitted) and self.text:
            out.append(HitRegion(sc.hand.spots()["hint"], ui("hint"), tooltip=self.text, highlight=False))
        if sc.resolution.showing:
            return out
        seat = sc.shown_seat()
        p = view.player(seat)
        if p is not None and (p.status == "floor_done" or (p.status == "depths" and sc.my_turn_on(seat)
                                                           and sc.board.lay is not None)):
            for b in self._buttons(seat, p):
                out.append(HitRegion(b.rect, b.payload, tooltip=b.tooltip, highlight=False, key=b.key))
        return out
