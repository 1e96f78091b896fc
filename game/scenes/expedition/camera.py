"""The map's camera: which part of a map larger than the screen is shown, and at what zoom.

Why a module of its own: the map pane, the minimap (its viewport frame and click-to-centre), the
scene's input (drag, arrow keys, screen edge, wheel) and the tests all speak in squares and canvas
points; the camera is the one place that converts between them. It holds no game state: only an
offset in map pixels and a tile size.
"""

from __future__ import annotations

import pygame

#: tile sizes the wheel steps through (logical px per square)
ZOOMS = (16, 24, 32, 40, 48, 64, 80)
DEFAULT_ZOOM = 48
#: pan speed of the arrow keys and the screen edge (logical px per second)
PAN_SPEED = 720.0
#: how close to the map's edge the mouse pans it
EDGE = 12


class Camera:
    """A view rect over a map of ``cols`` x ``rows`` squares (see the module docstring)."""

    def __init__(self, view: pygame.Rect, cols: int = 1, rows: int = 1, tile: int = DEFAULT_ZOOM) -> None:
        self.view = pygame.Rect(view)
        self.cols, self.rows = max(1, cols), max(1, rows)
        self.tile = tile
        self.ox = 0.0
        self.oy = 0.0

    # ----------------------------------------------------------------- size and clamping
    def resize(self, cols: int, rows: int) -> None:
        """Follow a map of another size (a new level)."""
        if (cols, rows) != (self.cols, self.rows):
            self.cols, self.rows = max(1, cols), max(1, rows)
            self.clamp()

    @property
    def world(self) -> tuple[int, int]:
        """The whole map's size in pixels at this zoom."""
        return self.cols * self.tile, self.rows * self.tile

    def clamp(self) -> None:
        """Keep the view inside the map (a map smaller than the view is centred)."""
        ww, wh = self.world
        vw, vh = self.view.size
        self.ox = (ww - vw) / 2 if ww <= vw else max(0.0, min(float(ww - vw), self.ox))
        self.oy = (wh - vh) / 2 if wh <= vh else max(0.0, min(float(wh - vh), self.oy))

    def fit(self) -> None:
        """Start at the largest zoom (up to 64 px) that shows a small map whole, else the default zoom."""
        fits = [z for z in ZOOMS if z <= 64 and self.cols * z <= self.view.w and self.rows * z <= self.view.h]
        self.tile = max(fits) if fits and max(fits) >= DEFAULT_ZOOM else DEFAULT_ZOOM
        self.clamp()

    # ----------------------------------------------------------------- conversions
    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        """The canvas rect of square (x, y) (it may lie outside the view)."""
        return pygame.Rect(self.view.x + x * self.tile - round(self.ox), self.view.y + y * self.tile - round(self.oy),
                           self.tile, self.tile)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The square under a canvas point (None outside the view or the map)."""
        if not self.view.collidepoint(pos):
            return None
        x = int((pos[0] - self.view.x + round(self.ox)) // self.tile)
        y = int((pos[1] - self.view.y + round(self.oy)) // self.tile)
        if 0 <= x < self.cols and 0 <= y < self.rows:
            return x, y
        return None

    def visible_cells(self) -> tuple[range, range]:
        """The columns and rows at least partly in view."""
        t = self.tile
        x0 = max(0, int(self.ox // t))
        y0 = max(0, int(self.oy // t))
        x1 = min(self.cols, int((self.ox + self.view.w) // t) + 1)
        y1 = min(self.rows, int((self.oy + self.view.h) // t) + 1)
        return range(x0, x1), range(y0, y1)

    def shows(self, x: int, y: int, margin: int = 0) -> bool:
        """True when square (x, y) lies wholly inside the view (shrunk by ``margin``)."""
        return self.view.inflate(-2 * margin, -2 * margin).contains(self.cell_rect(x, y))

    # ----------------------------------------------------------------- moving
    def pan(self, dx: float, dy: float) -> bool:
        """Move the view by (dx, dy) pixels; True when it moved."""
        before = (self.ox, self.oy)
        self.ox += dx
        self.oy += dy
        self.clamp()
        return (self.ox, self.oy) != before

    def center_on(self, x: float, y: float) -> None:
        """Put square (x, y)'s centre in the middle of the view."""
        self.ox = (x + 0.5) * self.tile - self.view.w / 2
        self.oy = (y + 0.5) * self.tile - self.view.h / 2
        self.clamp()

    def ensure_visible(self, x: int, y: int, margin: int = 48) -> None:
        """Scroll just enough that square (x, y) is in view (with a margin), else leave the view alone."""
        if not self.shows(x, y, min(margin, self.view.w // 4, self.view.h // 4)):
            self.center_on(x, y)

    def zoom(self, steps: int, at: tuple[int, int] | None = None) -> bool:
        """Zoom in (steps > 0) or out around a canvas point (the view's centre by default); True when it changed."""
        i = ZOOMS.index(self.tile) if self.tile in ZOOMS else ZOOMS.index(DEFAULT_ZOOM)
        j = max(0, min(len(ZOOMS) - 1, i + steps))
        if ZOOMS[j] == self.tile:
            return False
        px, py = at if at is not None and self.view.collidepoint(at) else self.view.center
        wx = (px - self.view.x + self.ox) / self.tile
        wy = (py - self.view.y + self.oy) / self.tile
        self.tile = ZOOMS[j]
        self.ox = wx * self.tile - (px - self.view.x)
        self.oy = wy * self.tile - (py - self.view.y)
        self.clamp()
        return True

    def edge_push(self, mouse: tuple[int, int]) -> tuple[int, int]:
        """The direction the screen edge pans for a mouse position (0, 0 when it is not near an edge)."""
        v = self.view
        if not v.collidepoint(mouse):
            return 0, 0
        dx = -1 if mouse[0] < v.x + EDGE else (1 if mouse[0] >= v.right - EDGE else 0)
        dy = -1 if mouse[1] < v.y + EDGE else (1 if mouse[1] >= v.bottom - EDGE else 0)
        return dx, dy
