"""The map's ground: biome tiles painted in cached chunks, with the roads joined across squares.

Why a module of its own: a level's map is larger than the screen (40 x 30 squares and more) and the
ground never changes during a game, so it is painted once per zoom in chunks of 8 x 8 squares
(``LayerCache``: keyed by size, palette and text size) and only the chunks in view are blitted each
frame. ``Terrain`` is the ground as the typed view describes it (biome per square, each biome's
sprite, variants and walkability), frozen so it can key the cache.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable

import pygame

from game.scenes.expedition.camera import Camera
from game.scenes.expedition.panes.common import ART, BIOME_COLOURS, biome_colour, spread, svg, tile_path
from game.ui.layers import LayerCache

CHUNK = 8
SIDES = {"n": (0, -1), "s": (0, 1), "w": (-1, 0), "e": (1, 0)}


@dataclass(frozen=True)
class BiomeLook:
    """How one biome is drawn: its sprite, how many variants, whether heroes may walk on it."""

    id: str
    sprite: str
    variants: int = 1
    walkable: bool = True
    road: bool = False
    name: str = ""             # in the current language (inspect)
    dangerous: bool = False


@dataclass(frozen=True)
class Terrain:
    """The map's ground: ``grid[y][x]`` is a biome id; ``looks`` says how each biome is drawn."""

    grid: tuple[tuple[str, ...], ...]
    looks: tuple[tuple[str, BiomeLook], ...]
    roads: frozenset[tuple[int, int]] = frozenset()    # squares a road crosses (road biome or road sites)
    towns: frozenset[tuple[int, int]] = frozenset()    # roads run into these too

    @property
    def cols(self) -> int:
        """Squares across."""
        return len(self.grid[0]) if self.grid else 0

    @property
    def rows(self) -> int:
        """Squares down."""
        return len(self.grid)

    def look(self, x: int, y: int) -> BiomeLook | None:
        """How square (x, y) is drawn (None off the map)."""
        if 0 <= y < self.rows and 0 <= x < self.cols:
            return dict(self.looks).get(self.grid[y][x])
        return None

    def walkable(self, x: int, y: int) -> bool:
        """True when a hero may stand on square (x, y)."""
        lk = self.look(x, y)
        return bool(lk and lk.walkable)

    def colour(self, x: int, y: int) -> tuple[int, int, int]:
        """The flat colour of square (x, y) (minimap)."""
        lk = self.look(x, y)
        if lk is None:
            return (40, 40, 40)
        if lk.road or (x, y) in self.roads:
            return BIOME_COLOURS["road"]
        return biome_colour(lk.sprite, lk.id) or _hashed_colour(lk.id)

    @classmethod
    def build(cls, rows: Iterable[Iterable[str]], looks: Iterable[BiomeLook],
              extra_roads: Iterable[tuple[int, int]] = (), towns: Iterable[tuple[int, int]] = ()) -> "Terrain":
        """A terrain from rows of biome ids and the biomes' looks (road biomes make roads)."""
        grid = tuple(tuple(r) for r in rows)
        table = {lk.id: lk for lk in looks}
        roads = {(x, y) for y, r in enumerate(grid) for x, b in enumerate(r) if table.get(b) and table[b].road}
        return cls(grid, tuple(sorted(table.items())), frozenset(roads | set(extra_roads)), frozenset(towns))


def _hashed_colour(name: str) -> tuple[int, int, int]:
    h = spread(len(name), sum(map(ord, name)), 1 << 24)
    return (80 + (h & 0x7F), 80 + ((h >> 8) & 0x7F), 80 + ((h >> 16) & 0x7F))


class TerrainPainter:
    """Paints and caches the terrain's chunks; ``draw`` blits the ones in view."""

    def __init__(self) -> None:
        self.layers = LayerCache(max_layers=96)

    def draw(self, surface: pygame.Surface, terrain: Terrain, cam: Camera) -> None:
        """Blit the chunks the camera shows, clipped to its view."""
        t = cam.tile
        cols, rows = cam.visible_cells()
        old = surface.get_clip()
        surface.set_clip(cam.view.clip(old) if old else cam.view)
        for cy in range(rows.start // CHUNK, (rows.stop - 1) // CHUNK + 1):
            for cx in range(cols.start // CHUNK, (cols.stop - 1) // CHUNK + 1):
                w = min(CHUNK, terrain.cols - cx * CHUNK)
                h = min(CHUNK, terrain.rows - cy * CHUNK)
                if w <= 0 or h <= 0:
                    continue
                layer = self.layers.get(f"chunk{cx},{cy}", (w * t, h * t), self.painter_of(terrain, cx, cy, t),
                                        extra=(id(terrain),))
                surface.blit(layer, cam.cell_rect(cx * CHUNK, cy * CHUNK).topleft)
        surface.set_clip(old)

    def painter_of(self, terrain: Terrain, cx: int, cy: int, t: int) -> Callable[[pygame.Surface], None]:
        """The paint function of one chunk (for the layer cache)."""
        return lambda surface: self.paint(surface, terrain, cx, cy, t)

    def paint(self, surface: pygame.Surface, terrain: Terrain, cx: int, cy: int, t: int) -> None:
        """Paint one chunk: each square's tile variant, then the roads across it."""
        for j in range(CHUNK):
            for i in range(CHUNK):
                x, y = cx * CHUNK + i, cy * CHUNK + j
                lk = terrain.look(x, y)
                if lk is None:
                    continue
                rect = pygame.Rect(i * t, j * t, t, t)
                path = tile_path(lk.sprite, spread(x, y, lk.variants), lk.id)
                if path is None:
                    surface.fill(terrain.colour(x, y), rect)
                else:
                    surface.blit(svg(path, (t, t)), rect)
                if (x, y) in terrain.roads:
                    self.road(surface, terrain, x, y, rect)
        if t >= 24:  # a faint grid so squares can be counted
            grid = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for k in range(0, surface.get_width(), t):
                pygame.draw.line(grid, (0, 0, 0, 28), (k, 0), (k, surface.get_height()))
            for k in range(0, surface.get_height(), t):
                pygame.draw.line(grid, (0, 0, 0, 28), (0, k), (surface.get_width(), k))
            surface.blit(grid, (0, 0))

    @staticmethod
    def road(surface: pygame.Surface, terrain: Terrain, x: int, y: int, rect: pygame.Rect) -> None:
        """A road square: the hub, and a half-segment toward each road or town neighbour."""
        size = rect.size
        for side, (dx, dy) in SIDES.items():
            n = (x + dx, y + dy)
            if n in terrain.roads or n in terrain.towns:
                surface.blit(svg(f"{ART}/roads/road_{side}.svg", size), rect)
        surface.blit(svg(f"{ART}/roads/road_hub.svg", size), rect)


def minimap_surface(terrain: Terrain, size: tuple[int, int]) -> pygame.Surface:
    """The whole map at one flat colour a square, scaled to ``size`` (the overview's ground)."""
    small = pygame.Surface((max(1, terrain.cols), max(1, terrain.rows)))
    for y in range(terrain.rows):
        for x in range(terrain.cols):
            small.set_at((x, y), terrain.colour(x, y))
    return pygame.transform.scale(small, size)


def fit_cells(terrain: Any, box: pygame.Rect) -> pygame.Rect:
    """The largest rect of whole pixels per square that shows the terrain inside ``box``, centred."""
    k = max(1, min(box.w // max(1, terrain.cols), box.h // max(1, terrain.rows)))
    w, h = terrain.cols * k, terrain.rows * k
    return pygame.Rect(box.centerx - w // 2, box.centery - h // 2, w, h)
