"""The large dungeon: maps, chips, the hero, legal spaces, the Depths ghost, Resolution marks and effects.

Moved out of the dungeon scene; it still reads the scene's state through ``ScenePart``."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import (
    MAX_CELL,
    MIN_CELL,
    Layout,
    ScenePart,
    _ui,
)
from game.ui import gfx


class BoardPane(ScenePart):
    """The large dungeon: maps, chips, the hero, legal spaces, the Depths ghost, Resolution marks and effects."""

    name = "board"

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """The shown seat's dungeon, when the board area shows one."""
        if self.screen_mode(view) == "dungeon":
            seat = self.shown_seat()
            self._draw_dungeon(surface, seat, self.player(seat))

    def layout_for(self, seat: int, p: dict[str, Any]) -> Layout | None:
        """Return where a seat's dungeon goes in the board area (scaled, scrolled to the hero's floor)."""
        board = self.board_of(p)
        if board is None:
            return None
        cols = [c for (_, c) in board.cells]
        lo, hi = min(cols), max(cols)
        rows = board.floors
        pending = p.get("status") == "depths" and p.get("pending_map") in self.content.cards
        if pending:
            last = board.offsets[-1] if board.offsets else 0
            lo, hi = min(lo, last - 1), max(hi, last + 6)
            rows += len(self.content.side(p["pending_map"], 0))
        area = self.board_rect.inflate(-24, -24)
        area.y += 30
        area.h -= 30
        ncols = hi - lo + 1
        cell = int(min(MAX_CELL, (area.w - 20) / (ncols + 1.1), (area.h - 8) / (rows + 0.7)))
        cell = max(MIN_CELL, cell)
        total_w = (ncols + 1.1) * cell
        ox = round(area.x + (area.w - total_w) / 2 + 1.1 * cell)
        total_h = (rows + 0.7) * cell
        top = area.y + round(0.7 * cell)
        if total_h <= area.h:
            oy = top + round((area.h - total_h) / 2)
            self.scroll[seat] = 0.0
        else:
            hero = int(p.get("hero_row", 0))
            focus = rows - 1 if pending else hero
            if self._auto_row.get(seat) != (focus, rows):
                self._auto_row[seat] = (focus, rows)  # type: ignore[assignment]
                want = (focus + 1) * cell - area.h * 0.6 + 0.7 * cell
                self.scroll[seat] = want
            max_scroll = total_h - area.h + 8
            self.scroll[seat] = max(0.0, min(max_scroll, self.scroll.get(seat, 0.0)))
            oy = top - round(self.scroll[seat])
        return Layout(seat, board, lo, hi, rows, cell, ox, oy, area.inflate(12, 12))

    # ================================================================= drawing: board
    def _draw_dungeon(self, surface: pygame.Surface, seat: int, p: dict[str, Any]) -> None:
        pal = gfx.palette()
        lay = self.layout_for(seat, p)
        title = t("dscene.resolution_of", name=self.seat_name(seat)) if self.replay else \
            t("dscene.dungeon_of", name=self.seat_name(seat))
        if lay is None:
            self._title(surface, title)
            gfx.text(surface, t("dscene.not_entered", name=self.seat_name(seat)), self.board_rect.center, 18,
                     pal.ink_light, "center", max_width=self.board_rect.w - 80)
            return
        self.scene.layout = lay
        hero_row = int(p.get("hero_row", 0))
        self._title(surface, title, t("dscene.floor_of", n=hero_row + 1, total=lay.board.floors))
        clip = surface.get_clip()
        surface.set_clip(lay.clip)
        base = self._dungeon_base(lay, p, hero_row, self.replay is None)
        surface.blit(base, (lay.ox - lay.cell, lay.oy - lay.cell))
        legal = self._legal_cells(seat, p)
        if legal:
            lit = self._lit(lay.cell)
            for pos in legal:
                surface.blit(lit, lay.cell_rect(*pos).topleft)
        d = round(lay.cell * 0.8)
        for ch in p.get("chips", []):
            try:
                r, c, face, cid = int(ch["row"]), int(ch["col"]), ch["face"], ch["chip"]
            except (KeyError, TypeError, ValueError):
                continue
            if cid in self.in_flight:
                continue
            mark = self.replay.marks.get((r, c)) if self.replay else None
            img = art.chip(self.model, face, d, dim=mark in ("defeated", "spent"))
            surface.blit(img, img.get_rect(center=lay.center(r, c)))
        if self.replay is not None:
            self._draw_marks(surface, lay)
        if p.get("status") == "depths":
            self._draw_depths_ghost(surface, seat, p, lay)
        self._draw_hero(surface, seat, lay, hero_row)
        self._draw_fx(surface, lay)
        surface.set_clip(clip)
        if lay.oy + lay.rows * lay.cell > lay.clip.bottom or lay.oy - 0.7 * lay.cell < lay.clip.top:
            self._draw_scrollbar(surface, lay)

    def _draw_scrollbar(self, surface: pygame.Surface, lay: Layout) -> None:
        pal = gfx.palette()
        total = (lay.rows + 0.7) * lay.cell
        view_h = lay.clip.h
        track = pygame.Rect(self.board_rect.right - 10, lay.clip.y, 4, lay.clip.h)
        frac = min(1.0, view_h / max(1.0, total))
        h = max(16, round(track.h * frac))
        s = self.scroll.get(lay.seat, 0.0)
        max_s = max(1.0, total - view_h)
        bar = pygame.Rect(track.x, track.y + round((track.h - h) * min(1.0, s / max_s)), 4, h)
        pygame.draw.rect(surface, pal.table, track, border_radius=2)
        pygame.draw.rect(surface, pal.accent, bar, border_radius=2)

    def _lit(self, cell: int) -> pygame.Surface:
        """The highlight laid on a legal space (cached per cell size)."""
        key = ("lit", cell, gfx.palette().name)
        hit = self._chrome_cache.get(key)
        if hit is None:
            pal = gfx.palette()
            hit = pygame.Surface((cell, cell), pygame.SRCALPHA)
            rr = hit.get_rect().inflate(-6, -6)
            gfx.rounded_rect(hit, rr, gfx.with_alpha(pal.legal, 70), 8)
            gfx.rounded_rect(hit, rr, gfx.with_alpha(pal.legal, 200), 8, 2)
            self._chrome_cache[key] = hit
        return hit

    def _dungeon_base(self, lay: Layout, p: dict[str, Any], hero_row: int, frame: bool) -> pygame.Surface:
        """The maps of a dungeon composed once: unreached floors shaded, the current floor framed
        (cached by maps, hero floor, cell size and palette)."""
        maps = tuple((m["card"], int(m["side"]), int(m["offset"])) for m in p.get("maps", []))
        key = (maps, lay.cell, lay.lo, lay.hi, lay.rows, hero_row, frame, gfx.palette().name)
        if self._base_cache is not None and self._base_cache[0] == key:
            return self._base_cache[1]
        cell = lay.cell
        w = (lay.hi - lay.lo + 3) * cell
        h = (lay.rows + 2) * cell
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        row0 = 0
        for i, (card, side, offset) in enumerate(maps):
            img = art.map_side(self.model, self.content, card, side, cell)
            x = (offset - lay.lo + 1) * cell
            y = (row0 + 1) * cell
            gfx.shadow(surf, pygame.Rect(x, y, img.get_width(), img.get_height()), 4, (3, 5), blur=5)
            surf.blit(img, (x, y))
            if i == 0:
                arch = art.entrance_arch(round(cell * 2.2))
                surf.blit(arch, arch.get_rect(midbottom=(x + 3 * cell, y + 2)))
            row0 += img.get_height() // cell
        pal = gfx.palette()
        board = lay.board
        for r in range(hero_row + 1, board.floors):  # floors not reached: their features do not count (yet)
            x0 = (board.rows[r][0][1] - lay.lo + 1) * cell
            gfx.rounded_rect(surf, pygame.Rect(x0, (r + 1) * cell, 6 * cell, cell), (10, 8, 6, 110), 2)
        if frame and hero_row < board.floors:  # the current floor
            x0 = (board.rows[hero_row][0][1] - lay.lo + 1) * cell
            fr = pygame.Rect(x0, (hero_row + 1) * cell, 6 * cell, cell)
            gfx.rounded_rect(surf, fr.inflate(6, 6), gfx.with_alpha(pal.accent, 220), 6, 3)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._base_cache = (key, surf)
        return surf

    def _legal_cells(self, seat: int, p: dict[str, Any]) -> list[tuple[int, int]]:
        if not self.my_turn_on(seat) or p.get("status") != "place" or self.scene.layout is None:
            return []
        out = []
        board = self.scene.layout.board
        for a in self.legal:
            if a.kind == "place":
                try:
                    pos = board.pos_of(int(a["floor"]), int(a["space"]))
                except (KeyError, TypeError, ValueError):
                    continue
                if pos not in out:
                    out.append(pos)
        return out

    def _draw_hero(self, surface: pygame.Surface, seat: int, lay: Layout, hero_row: int) -> None:
        if seat not in self._hero_tween:
            self.hero_rows[seat] = float(hero_row)
        row_f = self.hero_rows.get(seat, float(hero_row))
        r = max(0, min(lay.board.floors - 1, int(round(row_f))))
        first_col = lay.board.rows[r][0][1] if lay.board.rows else lay.lo
        x = lay.ox + (first_col - lay.lo) * lay.cell - lay.cell * 0.45
        y = lay.oy + (row_f + 0.5) * lay.cell
        img = art.hero_figure(seat, round(lay.cell * 0.9))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    def _draw_marks(self, surface: pygame.Surface, lay: Layout) -> None:
        pal = gfx.palette()
        assert self.replay is not None
        for (r, c), mark in self.replay.marks.items():
            ctr = lay.center(r, c)
            rad = round(lay.cell * 0.42)
            if mark == "defeated":
                pygame.draw.line(surface, pal.bad, (ctr[0] - rad, ctr[1] - rad), (ctr[0] + rad, ctr[1] + rad), 5)
                pygame.draw.line(surface, pal.bad, (ctr[0] - rad, ctr[1] + rad), (ctr[0] + rad, ctr[1] - rad), 5)
            elif mark == "opened":
                pygame.draw.circle(surface, pal.accent, ctr, rad + 2, 4)
            elif mark == "disarmed":
                pygame.draw.circle(surface, pal.good, ctr, rad + 2, 4)
            elif mark == "hurt":
                pygame.draw.circle(surface, pal.bad, ctr, rad + 2, 3)

    def _draw_fx(self, surface: pygame.Surface, lay: Layout) -> None:
        pal = gfx.palette()
        for fx in self.fx:
            if fx.cell is None:
                continue
            a = lay.center(*fx.cell)
            if fx.kind == "strike" and fx.to is not None:
                b = lay.center(*fx.to)
                k = min(1.0, fx.t * 1.6)
                end = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
                pygame.draw.line(surface, fx.colour, a, end, 5)
                pygame.draw.line(surface, (255, 250, 230), a, end, 2)
                if k >= 1:
                    rad = round(lay.cell * 0.2 * (1 + fx.t))
                    pygame.draw.circle(surface, fx.colour, b, rad, 3)
            elif fx.kind == "glow":
                rad = round(lay.cell * (0.42 + 0.15 * fx.t))
                pygame.draw.circle(surface, fx.colour, a, rad, max(2, round(5 * (1 - fx.t)) + 1))
            elif fx.kind == "text":
                alpha = 255 if fx.t < 0.7 else round(255 * (1 - (fx.t - 0.7) / 0.3))
                pos = (a[0], a[1] - lay.cell * 0.3 - fx.t * lay.cell * 0.6)
                r = gfx.text_size(fx.text, 20, True)
                box = pygame.Rect(0, 0, r[0] + 14, r[1] + 4)
                box.center = (round(pos[0]), round(pos[1]))
                gfx.rounded_rect(surface, box, (*pal.table_dark[:3], min(220, alpha)), 8)
                gfx.text(surface, fx.text, box.center, 20, (*fx.colour[:3], alpha), "center", bold=True)

    # ---------------------------------------------------------------- Depths placement
    def _depths_state(self, seat: int, p: dict[str, Any]) -> dict[str, Any]:
        key = (seat, p.get("pending_map"), len(p.get("maps", [])))
        dc = self.depths_choice
        if dc["key"] != key:
            dc.update(key=key, side=0, shift=0)
        return dc

    def _ghost_rect(self, lay: Layout, p: dict[str, Any], shift: int) -> pygame.Rect:
        last = lay.board.offsets[-1] if lay.board.offsets else 0
        rows = len(self.content.side(p["pending_map"], 0))
        x = lay.ox + (last + shift - lay.lo) * lay.cell
        y = lay.oy + lay.board.floors * lay.cell
        return pygame.Rect(x, y, 6 * lay.cell, rows * lay.cell)

    def _drag_shift(self, lay: Layout, p: dict[str, Any]) -> int | None:
        d = self.router.dragging
        if d is None or d.payload != _ui("ghost"):
            return None
        base = self._ghost_rect(lay, p, 0).x
        left = self.router.mouse[0] - self.router.drag_offset[0]
        return max(-1, min(1, round((left - base) / lay.cell)))

    def _draw_depths_ghost(self, surface: pygame.Surface, seat: int, p: dict[str, Any], lay: Layout) -> None:
        pal = gfx.palette()
        card = p.get("pending_map")
        if card not in self.content.cards:
            return
        dc = self._depths_state(seat, p)
        shift = dc["shift"]
        dragged = self._drag_shift(lay, p)
        if dragged is not None:
            shift = dragged
        for k in (-1, 0, 1):  # the three places it may go, outlined
            if k != shift:
                slot = self._ghost_rect(lay, p, k)
                pygame.draw.rect(surface, gfx.lerp_colour(pal.ink_light, pal.table_dark, 0.55), slot, 2,
                                 border_radius=6)
        rect = self._ghost_rect(lay, p, shift)
        if dragged is not None:
            rect.x = self.router.mouse[0] - self.router.drag_offset[0]
        rect.y += round((1 - self.ghost_slide) * lay.cell * 3)
        alpha = round(150 + 80 * self.ghost_slide) // 10 * 10
        gkey = ("ghost", card, dc["side"], lay.cell, alpha)
        img = self._chrome_cache.get(gkey)
        if img is None:
            img = art.map_side(self.model, self.content, card, dc["side"], lay.cell).copy()
            img.set_alpha(alpha)
            if len(self._chrome_cache) > 64:
                self._chrome_cache.clear()
            self._chrome_cache[gkey] = img
        gfx.shadow(surface, rect, 6, (4, 8), blur=6)
        surface.blit(img, rect)
        gfx.rounded_rect(surface, rect.inflate(6, 6), pal.accent, 6, 3)

    # ---------------------------------------------------------------- map choice

