"""The heroes list: one row per seat with its name, status, counters and its dungeon's miniature; a click
on a row shows that seat's dungeon large.

Why a pane of its own: every seat's progress at a glance. It reads every ``PlayerRecord`` of the view as
shown and paints into a cached layer while nothing it shows changes.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.dungeon.views import DungeonView, PlayerRecord
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import DungeonPane, ui
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion


class HeroesPane(DungeonPane):
    """The heroes list (see the module docstring)."""

    name = "heroes"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self._mini: dict[tuple, pygame.Surface] = {}

    def rows(self, n: int) -> list[tuple[int, pygame.Rect]]:
        """(seat, rect) of each row for ``n`` seats (taller rows at larger text when there is room)."""
        r = self.rect
        top = max(32, 4 + gfx.line_height(16, True))
        status = 2 if self._long_status() else 1  # a status too long for one line takes two when there is room
        want = max(64, gfx.line_height(15, True) + status * gfx.line_height(12) + gfx.line_height(13, True) + 8)
        h = min(want, (r.h - top - 4) // max(1, n))
        return [(s, pygame.Rect(r.x + 8, r.y + top + s * h, r.w - 16, h - 4)) for s in range(n)]

    def _long_status(self) -> bool:
        """True when some seat's status is wider than one line of its row at the status's size."""
        sc = self.scene
        try:
            players = sc.table_view().players
        except Exception:  # noqa: BLE001 - a half-built scene (layout before the first view)
            return False
        room = self.rect.w - 16 - 150
        return any(uitext.wider_than(sc.words.status_text(p), room, 12) for p in players)

    def draw_view(self, surface: pygame.Surface, view: DungeonView) -> None:
        """The heroes list, painted into a cached layer while nothing it shows changes."""
        sc = self.scene
        shown, acting = sc.shown_seat(), sc.match.to_act()
        rows = tuple((p.status, p.health, p.max_health, p.gold, p.valor, p.hero_row, len(p.maps), len(p.chips))
                     for p in view.players)
        key = (shown, acting, rows, len(sc.match.seats), sc.lang, gfx.palette().name, gfx.text_scale())
        self.layer("heroes", key, self.rect.inflate(-4, -4), surface,
                   lambda surf: self._paint_rows(surf, view, shown, acting))

    def _paint_rows(self, surface: pygame.Surface, view: DungeonView, shown: int, acting: int | None) -> None:
        pal = gfx.palette()
        sc = self.scene
        self.put(surface, t("dscene.heroes"), (self.rect.x + 12, self.rect.y + 4), 16, pal.ink_soft, bold=True,
                 box=pygame.Rect(self.rect.x + 12, self.rect.y + 4, self.rect.w - 24, gfx.line_height(16, True)))
        for s, rect in self.rows(len(sc.match.seats)):
            p = view.player(s)
            if s == shown:
                gfx.rounded_rect(surface, rect, gfx.with_alpha(pal.accent, 90), 6)
                gfx.rounded_rect(surface, rect, pal.accent, 6, 2)
            gfx.draw_seat_badge(surface, s, (rect.x + 12, rect.y + 14), 7)
            self._row_text(surface, s, p, rect, acting)
            if p is not None and p.maps:
                mini = self.miniature(s, p, pygame.Rect(0, 0, 112, rect.h - 6))
                surface.blit(mini, mini.get_rect(midright=(rect.right - 6, rect.centery)))

    def _row_text(self, surface: pygame.Surface, s: int, p: PlayerRecord | None, rect: pygame.Rect,
                  acting: int | None) -> None:
        """Name, status and counters each on their own line, all shrunk until they fit the row."""
        pal = gfx.palette()
        room = rect.w - 150
        counters = rect.h >= 50
        status = self.scene.words.status_text(p)
        two = uitext.wider_than(status, room, 12)  # two lines for it when the row has room (see ``rows``)

        def height(k: int, lines: int) -> int:
            return (gfx.line_height(15 - k, True) + lines * gfx.line_height(12 - k)
                    + (gfx.line_height(13 - k, True) if counters else 0))

        k = 0
        while k < 5 and height(k, 1) > rect.h - 2:
            k += 1
        lines: list[str] = []
        if two:  # the status on two lines, the row's text a little smaller if need be (never below readable)
            k2 = next((j for j in range(k, 4) if height(j, 2) <= rect.h - 2
                       and 12 - j >= uitext.readable_min(12)), None)
            if k2 is not None and len(wrapped := gfx.wrap(status, 12 - k2, room)) == 2:
                k, lines = k2, wrapped
        box = pygame.Rect(rect.x + 24, rect.y, room, rect.h)
        name = self.scene.seat_name(s) + (" »" if s == acting else "")
        nr = self.fit(surface, name, (rect.x + 24, rect.y + 2), 15 - k, room, gfx.seat_ink(s), box=box, bold=True)
        if lines:
            sr = self.put(surface, "\n".join(lines), (rect.x + 24, nr.bottom), 12 - k, pal.ink_soft, box=box)
        else:
            sr = self.fit(surface, status, (rect.x + 24, nr.bottom), 12 - k, room, pal.ink_soft, box=box)
        if not counters or p is None:
            return
        x, y = rect.x + 24, sr.bottom
        lh = gfx.line_height(13 - k, True)
        for icon, val in (("heart", f"{p.health}/{p.max_health}"), ("coin", str(p.gold)), ("star", str(p.valor))):
            img = art.ui_icon(icon, 14)
            surface.blit(img, img.get_rect(midleft=(x, y + lh // 2)))
            rr = uitext.put(surface, val, (x + 17, y), 13 - k, pal.ink, "topleft", rect, self.rec.records, True)
            x = rr.right + 10

    def miniature(self, seat: int, p: PlayerRecord, box: pygame.Rect) -> pygame.Surface:
        """A small picture of a seat's dungeon: maps, chips, features and the hero's floor (cached)."""
        maps = tuple((m.card, m.side, m.offset) for m in p.maps)
        chips = tuple((c.row, c.col, c.face) for c in p.chips)
        key = (maps, chips, p.hero_row, box.size, gfx.palette().name, seat)
        hit = self._mini.get(key)
        if hit is not None:
            return hit
        pal = gfx.palette()
        model = self.scene.model
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        gfx.rounded_rect(surf, surf.get_rect(), (*pal.table_dark[:3], 255), 4)
        board = self.scene.tables.board(p)
        if board is not None:
            cols = [c for (_, c) in board.cells]
            lo, hi = min(cols), max(cols)
            rows = board.floors
            cs = max(2, min((box.w - 8) // (hi - lo + 1), (box.h - 6) // max(1, rows)))
            ox = (box.w - cs * (hi - lo + 1)) // 2
            oy = max(3, (box.h - cs * rows) // 2)
            occ = {(c.row, c.col): c.face for c in p.chips}
            hero = p.hero_row
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
                    colour = art.CATEGORY_COLOURS[art.token_category(model, occ[(r, c)])][0]
                pygame.draw.rect(surf, colour, rect)
            if hero < rows:
                y = oy + hero * cs + cs // 2
                gfx.draw_symbol(surf, gfx.seat_symbol(seat), (max(3, ox - 4), y), max(2, cs // 2),
                                gfx.seat_colour(seat), outline=pal.ink)
        if len(self._mini) > 64:
            self._mini.clear()
        self._mini[key] = surf
        return surf

    # ================================================================= regions
    def regions(self, view: DungeonView, legal: list[Action]) -> list[Any]:
        """One region per row: click to show that seat's dungeon large; the tooltip has the whole status."""
        sc = self.scene
        shown = sc.shown_seat()
        return [HitRegion(rect, ui("seat", s), tooltip=t("dscene.show_seat", name=sc.seat_name(s)) + "\n"
                          + sc.words.status_text(view.player(s)), highlight=s != shown)
                for s, rect in self.rows(len(sc.match.seats))]
