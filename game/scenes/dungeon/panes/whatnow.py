"""The "What now" box and the floor and Depths buttons under the drawn chip.

Moved out of the dungeon scene; it still reads the scene's state through ``ScenePart``."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.i18n import t
from game.scenes.dungeon.panes.common import (
    ScenePart,
    _ui,
    fit_line,
)
from game.ui import gfx
from game.ui.widgets import Button


class WhatNowPane(ScenePart):
    """The "What now" box and the floor and Depths buttons under the drawn chip."""

    name = "whatnow"

    def _floor_buttons(self, seat: int, p: dict[str, Any]) -> list[Button]:
        spots = self._hand_spots()
        floor = int(p.get("hero_row", 0)) + 1
        n = len(p.get("bag", []))
        legal = set(self.legal) if self.my_turn_on(seat) else set()
        cont, stop = Action.of("continue"), Action.of("stop")
        return [Button(spots["buttons"][0], t("dscene.continue"), cont, cont in legal,
                       t("dscene.continue_tip", floor=floor + 1, n=n), 17, True, key=("dg-btn", "continue")),
                Button(spots["buttons"][1], t("dscene.stop"), stop, stop in legal,
                       t("dscene.stop_tip", floor=floor), 17, False, key=("dg-btn", "stop"))]

    def _depths_actions(self, seat: int, p: dict[str, Any]) -> list[Action]:
        dc = self._depths_state(seat, p)
        chosen = Action.of("place_depths", side=dc["side"], shift=dc["shift"])
        others = [Action.of("place_depths", side=s, shift=k) for s in (0, 1) for k in (-1, 0, 1)]
        return [chosen] + [a for a in others if a != chosen]

    def _depths_buttons(self, seat: int, p: dict[str, Any]) -> list[Button]:
        spots = self._hand_spots()
        dc = self._depths_state(seat, p)
        card = p.get("pending_map")
        mine = self.my_turn_on(seat)
        b0, b1 = spots["buttons"]
        half = (b0.w - 8) // 2
        out = [Button(pygame.Rect(b0.x + k * (half + 8), b0.y, half, b0.h),
                      t("dscene.side_n", n=k + 1),
                      _ui("side", k), mine, t("dscene.depths_side", n=k + 1, name=self.side_name(card, k)), 15,
                      dc["side"] == k, key=("dg-btn", "side", k)) for k in (0, 1)]
        out.append(Button(b1, t("dscene.depths_confirm"), self._depths_actions(seat, p), mine,
                          t("dscene.shift_word." + str(dc["shift"])), 17, True, key=("dg-btn", "confirm")))
        return out

    def _draw_hint(self, surface: pygame.Surface, seat: int, p: dict[str, Any], rect: pygame.Rect) -> None:
        pal = gfx.palette()
        status = p.get("status", "waiting")
        hint = self.view.get("hint") if seat == self.viewer else None
        if self.replay is not None or self.village is not None:
            text = t("ui.click_to_skip")
        elif self.my_turn_on(seat) or (self.view.get("phase") == "market" and self.can_act()):
            key = "market" if self.view.get("phase") == "market" else status
            text = t(f"dscene.do.{key}") if i18n.has(f"dscene.do.{key}") else ""
            if status == "depths":
                text = t("dscene.depths_help")
        elif self.match.to_act() is not None and self.match.to_act() != self.viewer:
            text = t("dscene.do.watch", name=self.seat_name(self.match.to_act()))
        else:
            text = t(f"dscene.do.{status}") if i18n.has(f"dscene.do.{status}") else ""
        if hint:
            text = (text + "\n\n" if text else "") + i18n.localize(hint, self.lang)
        else:
            text = (text + "\n\n" if text else "") + t("dscene.inspect_hint")
        self.hint_text = text
        key = (text, tuple(rect), pal.name, gfx.text_scale(), self.lang)
        if self._hint_cache is None or self._hint_cache[0] != key:
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            br = box.get_rect()
            gfx.rounded_rect(box, br, (*pal.panel[:3], 235), 8)
            gfx.rounded_rect(box, br, pal.edge, 8, 2)
            title = gfx.text(box, t("dscene.what_now"), (10, 6), 14, pal.ink_soft, bold=True)
            room = br.h - 6 - title.bottom
            size = 14
            while size > 9 and gfx.text_size(text, size, max_width=br.w - 20)[1] > room:
                size -= 1
            lines = gfx.wrap(text, size, br.w - 20)
            fit = max(1, room // gfx.line_height(size))
            if len(lines) > fit:  # still too long: cut the last line that fits; the whole text is the tooltip
                lines = lines[:fit]
                lines[-1] = fit_line(lines[-1] + " …", size, br.w - 20, minimum=size)[0]
                if not lines[-1].endswith("…"):
                    lines[-1] = lines[-1].rstrip(" …") + "…"
            self.hint_truncated = len(lines) < len(gfx.wrap(text, size, br.w - 20))
            gfx.text(box, "\n".join(lines), (10, title.bottom), size, pal.ink)
            self._hint_cache = (key, box)
        surface.blit(self._hint_cache[1], rect.topleft)

    # ---------------------------------------------------------------- heroes panel

