"""The table under the panes: the felt with the board, hand and heroes panels (cached, one opaque blit).

Moved out of the dungeon scene; it still reads the scene's state through ``ScenePart``."""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.dungeon.panes.common import ScenePart
from game.ui import gfx


class TablePane(ScenePart):
    """The table under the panes: the felt with the board, hand and heroes panels."""

    name = "table"

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """The felt and the three panels."""
        self._backdrop(surface)

    def _backdrop(self, surface: pygame.Surface) -> None:
        """Blit the table with the three panels already on it: one opaque blit instead of three blended ones."""
        from game.app import draw as app_draw

        area = pygame.Rect(0, self.board_rect.y - 10, 1280, self.board_rect.h + 22)
        key = ("backdrop", gfx.palette().name, surface.get_size())
        hit = self._chrome_cache.get(key)
        if hit is None:
            hit = app_draw.table_background(surface.get_size()).copy()
            self._chrome(hit, self.board_rect, True, 12)
            self._chrome(hit, self.hand_rect, True, 12)
            self._chrome(hit, self.heroes_rect, False, 8)
            hit = hit.subsurface(area).copy()
            if pygame.display.get_surface() is not None:
                hit = hit.convert()
            self._chrome_cache[key] = hit
        surface.blit(hit, area.topleft)

    def _chrome(self, surface: pygame.Surface, rect: pygame.Rect, dark: bool, radius: int) -> None:
        """Draw a panel background from a cache (panels with soft shadows are costly to paint)."""
        pal = gfx.palette()
        key = (tuple(rect), dark, radius, pal.name)
        cache = self._chrome_cache
        hit = cache.get(key)
        if hit is None:
            m = 16
            hit = pygame.Surface((rect.w + 2 * m, rect.h + 2 * m), pygame.SRCALPHA)
            inner = pygame.Rect(m, m, rect.w, rect.h)
            colour = gfx.lerp_colour(pal.table_dark, (20, 18, 16), 0.3) if dark else None
            gfx.panel(hit, inner, colour=colour, edge=pal.edge, radius=radius)
            cache[key] = hit
        surface.blit(hit, (rect.x - 16, rect.y - 16))

