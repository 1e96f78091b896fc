"""The heroes list: one row per seat with its dungeon's miniature, counters and status.

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
from game.ui.physics import draw_flying


class HeroesPane(ScenePart):
    """The heroes list: one row per seat with its dungeon's miniature, counters and status."""

    name = "heroes"

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """The heroes list, then the chips in flight over everything."""
        self._draw_heroes(surface, view)
        self._draw_flights(surface)

    def _hero_rows(self) -> list[tuple[int, pygame.Rect]]:
        n = len(self.match.seats)
        r = self.heroes_rect
        top = max(32, 4 + gfx.line_height(16, True))
        # taller rows at larger text when there is room (name, status and counters at their own sizes)
        want = max(64, gfx.line_height(15, True) + gfx.line_height(12) + gfx.line_height(13, True) + 8)
        h = min(want, (r.h - top - 4) // max(1, n))
        return [(s, pygame.Rect(r.x + 8, r.y + top + s * h, r.w - 16, h - 4)) for s in range(n)]

    def _draw_heroes(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The heroes list, painted into a cached layer while nothing it shows changes."""
        shown, acting = self.shown_seat(), self.match.to_act()
        rows = []
        for s in range(len(self.match.seats)):
            p = self.player(s)
            rows.append((p.get("status"), p.get("health"), p.get("max_health"), p.get("gold"), p.get("vp"),
                         p.get("hero_row"), len(p.get("maps", [])), len(p.get("chips", []))))
        key = (shown, acting, tuple(rows), self.lang, gfx.palette().name, gfx.text_scale())
        if self._heroes_cache is None or self._heroes_cache[0] != key:
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            area = self.heroes_rect.inflate(-4, -4)
            self._paint_heroes(layer, view)
            self._heroes_cache = (key, layer.subsurface(area).copy(), area.topleft)
        surface.blit(self._heroes_cache[1], self._heroes_cache[2])

    def _paint_heroes(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        pal = gfx.palette()

        gfx.text(surface, t("dscene.heroes"), (self.heroes_rect.x + 12, self.heroes_rect.y + 4), 16, pal.ink_soft,
                 bold=True)
        shown = self.shown_seat()
        acting = self.match.to_act()
        for s, rect in self._hero_rows():
            p = self.player(s)
            if s == shown:
                gfx.rounded_rect(surface, rect, gfx.with_alpha(pal.accent, 90), 6)
                gfx.rounded_rect(surface, rect, pal.accent, 6, 2)
            gfx.draw_seat_badge(surface, s, (rect.x + 12, rect.y + 14), 7)
            name = self.seat_name(s) + (" »" if s == acting else "")
            room = rect.w - 150
            counters = rect.h >= 50
            # name, status and counters each get their own line: shrink all three until they fit the row
            k = 0
            while k < 5 and (gfx.line_height(15 - k, True) + gfx.line_height(12 - k)
                             + (gfx.line_height(13 - k, True) if counters else 0)) > rect.h - 2:
                k += 1
            name, ns = fit_line(name, 15 - k, room, bold=True)
            nr = gfx.text(surface, name, (rect.x + 24, rect.y + 2), ns, gfx.seat_ink(s), bold=True)
            st, ss = fit_line(self.status_text(p), 12 - k, room)
            sr = gfx.text(surface, st, (rect.x + 24, nr.bottom), ss, pal.ink_soft)
            self.hero_text_rects[s] = {"name": nr, "status": sr}
            x, y = rect.x + 24, sr.bottom
            row: pygame.Rect | None = None
            for icon, val in (("heart", f"{p.get('health', 0)}/{p.get('max_health', 0)}"),
                              ("coin", str(p.get("gold", 0))), ("star", str(p.get("vp", 0)))):
                if not counters:
                    break
                lh = gfx.line_height(13 - k, True)
                img = art.ui_icon(icon, 14)
                surface.blit(img, img.get_rect(midleft=(x, y + lh // 2)))
                rr = gfx.text(surface, val, (x + 17, y), 13 - k, pal.ink, bold=True)
                ir = pygame.Rect(x, y, rr.right - x, lh)
                row = ir if row is None else row.union(ir)
                x = rr.right + 10
            if row is not None:
                self.hero_text_rects[s]["counters"] = row
            if p.get("maps"):
                mini = self._miniature(s, p, pygame.Rect(0, 0, 112, rect.h - 6))
                surface.blit(mini, mini.get_rect(midright=(rect.right - 6, rect.centery)))

    def _miniature(self, seat: int, p: dict[str, Any], box: pygame.Rect) -> pygame.Surface:
        """A small picture of a seat's dungeon: maps, chips, features and the hero's floor (cached)."""
        maps = tuple((m.get("card"), m.get("side"), m.get("offset")) for m in p.get("maps", []))
        chips = tuple((c.get("row"), c.get("col"), c.get("face")) for c in p.get("chips", []))
        key = (maps, chips, p.get("hero_row"), box.size, gfx.palette().name, seat)
        hit = self._mini.get(key)
        if hit is not None:
            return hit
        pal = gfx.palette()
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        gfx.rounded_rect(surf, surf.get_rect(), (*pal.table_dark[:3], 255), 4)
        board = self.board_of(p)
        if board is not None:
            cols = [c for (_, c) in board.cells]
            lo, hi = min(cols), max(cols)
            rows = board.floors
            cs = max(2, min((box.w - 8) // (hi - lo + 1), (box.h - 6) // max(1, rows)))
            ox = (box.w - cs * (hi - lo + 1)) // 2
            oy = max(3, (box.h - cs * rows) // 2)
            occ = {(int(c.get("row", -1)), int(c.get("col", -99))): c.get("face") for c in p.get("chips", [])}
            hero = int(p.get("hero_row", 0))
            for (r, c), cell in board.cells.items():
                rect = pygame.Rect(ox + (c - lo) * cs, oy + r * cs, cs - 1, cs - 1)
                if rect.bottom > box.h:
                    continue
                colour: tuple = (112, 102, 92) if r <= hero else (70, 64, 58)
                if cell.kind == "obstacle":
                    colour = (40, 34, 30)
                elif cell.kind == "feature":
                    colour = art.RING_MANDATORY if cell.mandatory else (220, 214, 200)
                if (r, c) in occ:
                    colour = art.CATEGORY_COLOURS[art.token_category(self.model, occ[(r, c)])][0]
                pygame.draw.rect(surf, colour, rect)
            if hero < rows:
                y = oy + hero * cs + cs // 2
                gfx.draw_symbol(surf, gfx.seat_symbol(seat), (max(3, ox - 4), y), max(2, cs // 2),
                                gfx.seat_colour(seat), outline=pal.ink)
        if len(self._mini) > 64:
            self._mini.clear()
        self._mini[key] = surf
        return surf

    # ---------------------------------------------------------------- flights
    def _draw_flights(self, surface: pygame.Surface) -> None:
        for key, fl in list(self.flights.flights.items()):
            if fl.done:
                continue
            face = key[1] if isinstance(key, tuple) else None
            img = art.chip(self.model, face, 84 if isinstance(key, tuple) and key[2] == "big" else 48)
            draw_flying(surface, img, fl)

    # ================================================================= targets

