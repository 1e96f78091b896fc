"""The overview map: the whole level at a glance (one flat colour a square), the towns and the goal, the
heroes in their seat colours and the frame of what the big map shows; a click there centres the map.

The ground is a cached layer (``LayerCache``) painted once per level; marks and frame are drawn over
it every frame (the frame follows the camera while it pans).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.scenes.expedition.camera import Camera
from game.scenes.expedition.panes.common import ART, ExpeditionPane, ref, svg
from game.scenes.expedition.panes.marks import Board
from game.scenes.expedition.panes.terrain import fit_cells, minimap_surface
from game.ui import gfx
from game.ui.input import HitRegion
from game.ui.layers import LayerCache


class MinimapPane(ExpeditionPane):
    """The overview map (see the module docstring)."""

    name = "minimap"

    def __init__(self, scene: Any, camera: Camera) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.minimap)
        self.cam = camera
        self.layers = LayerCache(max_layers=4)
        self.area = pygame.Rect(self.rect)

    def inner(self) -> pygame.Rect:
        """The box the map is fitted in (below the title)."""
        return pygame.Rect(self.rect.x + 6, self.rect.y + 24, self.rect.w - 12, self.rect.h - 30)

    def draw(self, surface: pygame.Surface, board: Board) -> None:
        """Panel, title, ground, towns, goal, heroes and the camera's frame."""
        self.rec.begin()
        pal = gfx.palette()
        gfx.panel(surface, self.rect)
        self.line(surface, t("expedition_scene.overview"), pygame.Rect(self.rect.x + 8, self.rect.y + 3,
                                                                        self.rect.w - 16, 20), 13, pal.ink, bold=True,
                  minimum=9)
        terrain = board.terrain
        self.area = fit_cells(terrain, self.inner())
        k = self.area.w // max(1, terrain.cols)
        ground = self.layers.get("ground", self.area.size, lambda s: s.blit(minimap_surface(terrain, s.get_size()),
                                                                            (0, 0)), extra=(id(terrain),))
        surface.blit(ground, self.area)
        pygame.draw.rect(surface, pal.edge, self.area.inflate(2, 2), 1)
        for s in board.sites:
            c = self.point(s.at)
            if s.kind == "town":
                w = max(4, min(8, k))
                pygame.draw.rect(surface, (120, 40, 30), pygame.Rect(c[0] - w // 2, c[1] - w // 2, w, w))
            elif s.kind in ("ruin", "lair", "shrine", "tower", "camp", "landmark"):
                pygame.draw.circle(surface, (60, 50, 40), c, max(1, min(4, k // 2)))
        if board.goal_at is not None:
            c = self.point(board.goal_at)
            size = max(12, min(22, k * 3))
            surface.blit(svg(f"{ART}/goal.svg", (size, size)), (c[0] - size // 4, c[1] - size + 2))
        for h in board.heroes:
            gfx.draw_seat_badge(surface, h.seat, self.point(h.at), max(4, min(7, k + 1)))
        frame = self.frame()
        pygame.draw.rect(surface, pal.ink_light, frame.clip(self.area.inflate(2, 2)), 2)

    def point(self, sq: tuple[int, int]) -> tuple[int, int]:
        """The minimap point of a square's centre."""
        k = self.area.w / max(1, self.cam.cols)
        return int(self.area.x + (sq[0] + 0.5) * k), int(self.area.y + (sq[1] + 0.5) * k)

    def frame(self) -> pygame.Rect:
        """The part of the map the big map shows, in minimap points."""
        k = self.area.w / max(1, self.cam.cols)
        per = k / self.cam.tile
        return pygame.Rect(int(self.area.x + self.cam.ox * per), int(self.area.y + self.cam.oy * per),
                           max(4, int(self.cam.view.w * per)), max(4, int(self.cam.view.h * per)))

    def square_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The square under a minimap point."""
        if not self.area.collidepoint(pos):
            return None
        k = self.area.w / max(1, self.cam.cols)
        return int((pos[0] - self.area.x) // k), int((pos[1] - self.area.y) // k)

    def regions(self, board: Board, legal: list[Any]) -> list[HitRegion]:
        """The overview answers a click by centring the big map there."""
        return [HitRegion(pygame.Rect(self.area), ref("minimap"), tooltip=t("expedition_scene.overview_tip"),
                          highlight=False, key=("minimap",))]
