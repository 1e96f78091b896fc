"""The board area's other screens: the heading, the Entrance side choice and the Village summary.

Moved out of the dungeon scene; it still reads the scene's state through ``ScenePart``."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import (
    ScenePart,
    fit_line,
)
from game.ui import gfx


class VillagePane(ScenePart):
    """The board area's other screens: the heading, the Entrance side choice and the Village summary."""

    name = "village"

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """The Village summary, or the Entrance side choice, when the board area shows one."""
        mode = self.screen_mode(view)
        if mode == "village":
            self._draw_village(surface)
        elif mode == "map":
            seat = self.shown_seat()
            self._draw_map_choice(surface, seat, self.player(seat))

    def _title(self, surface: pygame.Surface, text: str, sub: str = "") -> dict[str, pygame.Rect]:
        """Draw the board's heading (shrunk, then cut, to leave room for ``sub`` on its right); return its rects."""
        pal = gfx.palette()
        r = self.board_rect
        room = r.w - 36
        out: dict[str, pygame.Rect] = {}
        ss = 16
        if sub:
            sub, ss = fit_line(sub, 16, room // 3, minimum=11)
            room -= gfx.text_size(sub, ss)[0] + 16
        text, size = fit_line(text, 20, room, minimum=14, bold=True)
        out["title"] = gfx.text(surface, text, (r.x + 18, r.y + 12), size, pal.accent, bold=True)
        if sub:
            out["sub"] = gfx.text(surface, sub, (r.right - 18, out["title"].centery), ss, pal.ink_light, "midright")
        return out

    def _map_choice_rects(self) -> tuple[int, list[pygame.Rect]]:
        area = self.board_rect.inflate(-40, -40)
        cell = min(48, (area.w - 40) // 12)
        w, h = 6 * cell, 3 * cell
        y = area.y + 90
        gap = area.w - 2 * w
        return cell, [pygame.Rect(area.x + gap // 3, y, w, h), pygame.Rect(area.x + 2 * gap // 3 + w, y, w, h)]

    def _draw_map_choice(self, surface: pygame.Surface, seat: int, p: dict[str, Any]) -> None:
        pal = gfx.palette()
        card = p["pending_map"]
        out = self._title(surface, t("dscene.choose_map"), self.seat_name(seat))
        self.text_rects["map"] = out
        cell, rects = self._map_choice_rects()
        for side, rect in enumerate(rects):
            img = art.map_side(self.model, self.content, card, side, cell)
            arch = art.entrance_arch(round(cell * 2.2))
            surface.blit(arch, arch.get_rect(midbottom=(rect.centerx, rect.y + 2)))
            gfx.shadow(surface, rect, 4, (4, 6), blur=6)
            surface.blit(img, rect)
            label, ls = fit_line(t("dscene.depths_side", n=side + 1, name=self.side_name(card, side)), 17, rect.w,
                                 minimum=12, bold=True)
            lr = out[f"side.{side}"] = gfx.text(surface, label, (rect.centerx, rect.bottom + 12), ls, pal.accent,
                                                "midtop", bold=True)
            out[f"summary.{side}"] = gfx.text(surface, self._side_summary(card, side), (rect.centerx, lr.bottom + 2),
                                              14, pal.ink_light, "midtop", max_width=rect.w)

    def _side_summary(self, card: str, side: int) -> str:
        cells = [c for floor in self.content.side(card, side) for c in floor]
        mand = sum(1 for c in cells if c.kind == "feature" and c.mandatory)
        opt = sum(1 for c in cells if c.kind == "feature" and not c.mandatory)
        obs = sum(1 for c in cells if c.kind == "obstacle")
        mon = sum(1 for c in cells if c.kind == "feature" and art.token_category(self.model, c.token) == "monster")
        def part(what: str, n: int) -> str:
            return t(f"dscene.side_{what}." + ("one" if n == 1 else "many"), n=n)

        return t("dscene.side_summary", mandatory=part("mandatory", mand), optional=part("optional", opt),
                 obstacles=part("obstacles", obs), monsters=part("monsters", mon))

    # ---------------------------------------------------------------- village
    def _draw_village(self, surface: pygame.Surface) -> None:
        pal = gfx.palette()
        out = self._title(surface, t("dscene.village_title"))
        self.text_rects["village"] = out
        w = self.board_rect.w - 100
        lines = self.village or []
        size = 18
        while size > 12 and sum(gfx.text_size(x, size, max_width=w - 40)[1] + 8 for x in lines) \
                > self.board_rect.h - 140:
            size -= 1
        h = sum(gfx.text_size(x, size, max_width=w - 40)[1] + 8 for x in lines)
        box = pygame.Rect(0, 0, w, h + 26)
        box.center = self.board_rect.center
        inner = gfx.panel(surface, box, radius=12)
        y = inner.y + 10
        for i, line in enumerate(lines):
            out[f"line.{i}"] = rr = gfx.text(surface, line, (inner.x + 10, y), size, pal.ink, max_width=inner.w - 20)
            y = rr.bottom + 8

    # ---------------------------------------------------------------- market

