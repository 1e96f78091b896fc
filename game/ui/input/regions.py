"""Hit regions (rects or circles with a payload, tooltip, legality and drag/drop roles) and window-to-canvas scaling."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

Point = tuple[float, float]

# ------------------------------------------------------------------- scaling


def letterbox(window_size: tuple[int, int], canvas_size: tuple[int, int]) -> pygame.Rect:
    """Return the rect inside the window where the canvas is drawn (aspect kept, centred)."""
    ww, wh = max(1, window_size[0]), max(1, window_size[1])
    cw, ch = max(1, canvas_size[0]), max(1, canvas_size[1])
    scale = min(ww / cw, wh / ch)
    w, h = max(1, round(cw * scale)), max(1, round(ch * scale))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


def to_logical(pos: Point, window_size: tuple[int, int], canvas_size: tuple[int, int]) -> tuple[int, int]:
    """Map a window pixel to canvas coordinates (may fall outside the canvas in the bars)."""
    box = letterbox(window_size, canvas_size)
    x = (pos[0] - box.x) * canvas_size[0] / box.w
    y = (pos[1] - box.y) * canvas_size[1] / box.h
    return int(x), int(y)


def to_window(pos: Point, window_size: tuple[int, int], canvas_size: tuple[int, int]) -> tuple[int, int]:
    """Map a canvas point to window pixels (inverse of to_logical)."""
    box = letterbox(window_size, canvas_size)
    return (round(box.x + pos[0] * box.w / canvas_size[0]), round(box.y + pos[1] * box.h / canvas_size[1]))


# -------------------------------------------------------------------- regions


@dataclass(frozen=True)
class Circle:
    """A round hit shape (chips, tokens, dice)."""

    center: Point
    radius: float

    def collidepoint(self, pos: Point) -> bool:
        """True when ``pos`` is inside."""
        dx, dy = pos[0] - self.center[0], pos[1] - self.center[1]
        return dx * dx + dy * dy <= self.radius * self.radius

    @property
    def rect(self) -> pygame.Rect:
        """Bounding rect."""
        r = round(self.radius)
        return pygame.Rect(round(self.center[0]) - r, round(self.center[1]) - r, 2 * r, 2 * r)


@dataclass
class HitRegion:
    """Something on screen the player can point at.

    ``payload`` is whatever the scene wants back (an Action, a card id, a cell).
    ``legal`` False makes clicks and drops return IllegalClick with ``reason``.
    ``tooltip`` shows after a short hover. ``draggable`` regions can be dragged
    onto ``drop_target`` regions; ``accepts(drag_payload)`` may refuse a drop with
    a reason string (None means accepted). ``inspect`` is what right-click shows
    (defaults to the payload). ``ghost`` is the surface dragged (defaults to a
    translucent copy of the region outline). ``key`` names the region for hover
    memory across frames (defaults to repr of the payload).
    """

    shape: pygame.Rect | Circle | tuple
    payload: Any = None
    tooltip: str | None = None
    legal: bool = True
    reason: str | None = None
    draggable: bool = False
    drop_target: bool = False
    accepts: Callable[[Any], str | None] | None = None
    inspect: Any = None
    ghost: pygame.Surface | None = None
    highlight: bool = True
    cursor: int | None = None
    key: Any = None

    def __post_init__(self) -> None:
        if isinstance(self.shape, tuple) and not isinstance(self.shape, Circle):
            self.shape = pygame.Rect(self.shape)
        if self.key is None:
            try:
                self.key = repr(self.payload)
            except Exception:  # pragma: no cover - odd payloads
                self.key = id(self.payload)

    def contains(self, pos: Point) -> bool:
        """True when ``pos`` is inside the region."""
        return bool(self.shape.collidepoint(pos))

    @property
    def rect(self) -> pygame.Rect:
        """Bounding rect of the region."""
        return self.shape.rect if isinstance(self.shape, Circle) else pygame.Rect(self.shape)
