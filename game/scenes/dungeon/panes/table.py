"""The table under the panes: the felt with the board, hand and heroes panels (cached, one opaque blit).

Why a pane of its own: the panels with their soft shadows are costly to paint, and they never change
with the game; this pane paints them once per palette and canvas size.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.base.pane import Pane
from game.ui import gfx


class TablePane(Pane):
    """The felt and the three panels under the board, the hero's panel and the heroes list."""

    name = "table"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self._cache: dict[tuple, pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """Blit the table with the three panels already on it: one opaque blit instead of three blended ones."""
        from game.app import draw as app_draw

        sc = self.scene
        board, hand, heroes = sc.board_rect, sc.hand_rect, sc.heroes_rect
        area = pygame.Rect(0, board.y - 10, 1280, board.h + 22)
        key = ("backdrop", gfx.palette().name, surface.get_size(), tuple(board), tuple(hand), tuple(heroes))
        hit = self._cache.get(key)
        if hit is None:
            hit = app_draw.table_background(surface.get_size()).copy()
            self._panel(hit, board, True, 12)
            self._panel(hit, hand, True, 12)
            self._panel(hit, heroes, False, 8)
            hit = hit.subsurface(area).copy()
            if pygame.display.get_surface() is not None:
                hit = hit.convert()
            self._cache[key] = hit
        surface.blit(hit, area.topleft)

    def _panel(self, surface: pygame.Surface, rect: pygame.Rect, dark: bool, radius: int) -> None:
        """Draw a panel background from a cache (panels with soft shadows are costly to paint)."""
        pal = gfx.palette()
        key = (tuple(rect), dark, radius, pal.name)
        hit = self._cache.get(key)
        if hit is None:
            m = 16
            hit = pygame.Surface((rect.w + 2 * m, rect.h + 2 * m), pygame.SRCALPHA)
            inner = pygame.Rect(m, m, rect.w, rect.h)
            colour = gfx.lerp_colour(pal.table_dark, (20, 18, 16), 0.3) if dark else None
            gfx.panel(hit, inner, colour=colour, edge=pal.edge, radius=radius)
            self._cache[key] = hit
        surface.blit(hit, (rect.x - 16, rect.y - 16))
