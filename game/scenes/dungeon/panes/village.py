"""The board area's other screens: the Entrance side choice (two sides to click) and the Village summary.

Why a pane of its own: both replace the dungeon in the board area for a moment. The side choice reads the
shown seat's ``PlayerRecord`` (its pending map) and the level's map cards; the Village shows the
``VillageLine`` records the rules side built from the Village's events (``show`` is its animation).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.dungeon.views import DungeonView, VillageLine
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import DungeonPane, ui
from game.ui import anim, gfx
from game.ui import text as uitext
from game.ui.input import HitRegion


class VillagePane(DungeonPane):
    """The Entrance side choice and the Village summary (see the module docstring)."""

    name = "village"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.lines: list[str] | None = None    # the Village summary while it shows (None: not showing)

    def show(self, lines: tuple[VillageLine, ...]) -> anim.Animation:
        """The Village summary for a moment (blocking; a click skips it)."""
        words: list[str] = []
        for line in lines:
            words += self.scene.words.village_lines(line)
        return anim.Sequence(anim.Call(lambda: setattr(self, "lines", words)), anim.Wait(1.8),
                             anim.Call(lambda: setattr(self, "lines", None)), blocking=True)

    def draw_view(self, surface: pygame.Surface, view: DungeonView) -> None:
        """The Village summary, or the Entrance side choice, when the board area shows one."""
        mode = self.scene.screen_mode(view)
        if mode == "village":
            self._draw_village(surface)
        elif mode == "map":
            seat = self.scene.shown_seat()
            p = view.player(seat)
            if p is not None and p.pending_map is not None:
                self._draw_map_choice(surface, seat, p.pending_map)

    def side_rects(self) -> tuple[int, list[pygame.Rect]]:
        """The cell size and the rects of the two sides of an Entrance card."""
        area = self.rect.inflate(-40, -40)
        cell = min(48, (area.w - 40) // 12)
        w, h = 6 * cell, 3 * cell
        y = area.y + 90
        gap = area.w - 2 * w
        return cell, [pygame.Rect(area.x + gap // 3, y, w, h), pygame.Rect(area.x + 2 * gap // 3 + w, y, w, h)]

    def side_area(self, card: str, side: int, rect: pygame.Rect) -> pygame.Rect:
        """A side's map and the words under it (its name and summary): one place to click, and one the
        tutorial's bubble keeps clear (it covered the summaries the player chooses by)."""
        words = self.scene.words
        below = 12 + gfx.line_height(17, True) + 2 + gfx.text_size(words.side_summary(card, side), 14,
                                                                   max_width=rect.w)[1]
        return pygame.Rect(rect.x, rect.y, rect.w, min(below + rect.h, self.rect.bottom - rect.y))

    def _draw_map_choice(self, surface: pygame.Surface, seat: int, card: str) -> None:
        pal = gfx.palette()
        sc = self.scene
        mine = seat == sc.viewer  # another seat's choice is watched, not asked of the player in front
        self.heading(surface, self.rect, t("dscene.choose_map" if mine else "dscene.choose_map_watch"),
                     sc.seat_name(seat))
        cell, rects = self.side_rects()
        names = [t("dscene.depths_side", n=k + 1, name=sc.words.side_name(card, k)) for k in range(len(rects))]
        # both names at one size (the longer one's), so the two sides read as a pair
        size = min(uitext.fit_line(n, r.w, 17, 12, bold=True).size for n, r in zip(names, rects))
        for side, rect in enumerate(rects):
            img = art.map_side(sc.model, sc.tables.content, card, side, cell)
            arch = art.entrance_arch(round(cell * 2.2))
            surface.blit(arch, arch.get_rect(midbottom=(rect.centerx, rect.y + 2)))
            gfx.shadow(surface, rect, 4, (4, 6), blur=6)
            surface.blit(img, rect)
            box = pygame.Rect(rect.x, rect.bottom + 12, rect.w, self.rect.bottom - rect.bottom - 12)
            lr = self.fit(surface, names[side], (rect.centerx, rect.bottom + 12), size, rect.w, pal.accent,
                          "midtop", box, minimum=12, bold=True)
            self.put(surface, sc.words.side_summary(card, side), (rect.centerx, lr.bottom + 2), 14, pal.ink_light,
                     "midtop", box, max_width=rect.w)

    def _draw_village(self, surface: pygame.Surface) -> None:
        pal = gfx.palette()
        self.heading(surface, self.rect, t("dscene.village_title"))
        w = self.rect.w - 100
        lines = self.lines or []
        size = 18
        while size > 12 and sum(gfx.text_size(x, size, max_width=w - 40)[1] + 8 for x in lines) > self.rect.h - 140:
            size -= 1
        h = sum(gfx.text_size(x, size, max_width=w - 40)[1] + 8 for x in lines)
        box = pygame.Rect(0, 0, w, h + 26)
        box.center = self.rect.center
        inner = gfx.panel(surface, box, radius=12)
        y = inner.y + 10
        for line in lines:
            rr = self.put(surface, line, (inner.x + 10, y), size, pal.ink, box=self.rect, max_width=inner.w - 20)
            y = rr.bottom + 8

    # ================================================================= regions
    def regions(self, view: DungeonView, legal: list[Action]) -> list[Any]:
        """The two sides of the Entrance card: click one to keep it (right-click shows it large)."""
        sc = self.scene
        if sc.resolution.showing or sc.screen_mode(view) != "map":
            return []
        p = view.player(sc.shown_seat())
        if p is None or p.pending_map is None:
            return []
        card = p.pending_map
        _, rects = self.side_rects()
        return [HitRegion(self.side_area(card, side, rect), Action.of("choose_map", side=side),
                          inspect=ui("side", card, side),
                          tooltip=t("dscene.keep_side", n=side + 1, name=sc.words.side_name(card, side)) + "\n"
                          + sc.words.side_summary(card, side))
                for side, rect in enumerate(rects)]
