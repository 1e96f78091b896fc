"""What the dungeon panes share: payload helpers, the board Layout, effect and replay records, ``ScenePart``.

Why: the panes were moved out of one scene class; ``ScenePart`` is the pane base they use while they
still read the scene's state (reads and writes of unknown attributes go to the scene), so each
move stays pixel-identical. New pane code should read the typed view (game/rulesets/dungeon/views.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.rulesets.dungeon.geometry import Board
from game.scenes.base.pane import Pane
from game.ui import text as uitext

__all__ = ["UI", "PHASE_KEYS", "MIN_CELL", "MAX_CELL", "RESOLUTION_KINDS", "_ui", "_is_ui", "fit_line", "Layout",
           "Fx", "Replay", "ScenePart"]

UI = "dg"  # first element of the scene's own (non-Action) payloads
PHASE_KEYS = ("dungeon", "resolution", "village", "market")
MIN_CELL, MAX_CELL = 44, 84
RESOLUTION_KINDS = frozenset({"Hit", "MonsterDefeated", "MonsterAttacked", "TrapSprung", "TrapDisarmed",
                              "ChestOpened", "ChestTrapped", "GoldFound", "Healed", "PotionSpent", "Rewarded",
                              "HeroHurt", "KnockedOut", "Resolved"})


def _ui(*parts: Any) -> tuple:
    return (UI, *parts)


def _is_ui(payload: Any) -> bool:
    return isinstance(payload, tuple) and len(payload) >= 2 and payload[0] == UI


def fit_line(text: str, size: int, max_w: int, minimum: int = 9, bold: bool = False) -> tuple[str, int]:
    """Return (text, size) for one line no wider than max_w: shrink down to ``minimum``, then cut with "…"
    (the kit's ``text.fit_line``; a size already below ``minimum`` is kept)."""
    fitted = uitext.fit_line(text, max_w, size, min(minimum, size), bold=bold)
    return fitted.text, fitted.size


@dataclass
class Layout:
    """Where one seat's dungeon is on screen: columns lo..hi, rows, cell size, origin (after scrolling)."""

    seat: int
    board: Board
    lo: int
    hi: int
    rows: int
    cell: int
    ox: int
    oy: int
    clip: pygame.Rect

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        """Return the screen rect of grid position (row, col)."""
        return pygame.Rect(self.ox + (c - self.lo) * self.cell, self.oy + r * self.cell, self.cell, self.cell)

    def center(self, r: int, c: int) -> tuple[int, int]:
        """Return the screen centre of grid position (row, col)."""
        return self.cell_rect(r, c).center


@dataclass
class Fx:
    """A short effect drawn over the board during Resolution: floating text, a strike line, a glow."""

    kind: str                    # text, strike, glow
    cell: tuple[int, int] | None = None
    to: tuple[int, int] | None = None
    text: str = ""
    colour: tuple = (255, 255, 255)
    t: float = 0.0


@dataclass
class Replay:
    """The frozen dungeon of the seat whose Resolution is being shown."""

    seat: int
    player: dict[str, Any]
    marks: dict[tuple[int, int], str] = field(default_factory=dict)


class ScenePart(Pane):
    """A pane moved out of the dungeon scene: attributes it does not own are read from and written to the scene."""

    _OWN = frozenset({"scene", "rect", "visible"})

    def __getattr__(self, attr: str) -> Any:
        if attr in ScenePart._OWN:
            raise AttributeError(attr)
        return getattr(self.scene, attr)

    def __setattr__(self, attr: str, value: Any) -> None:
        if attr in ScenePart._OWN:
            object.__setattr__(self, attr, value)
        else:
            setattr(self.scene, attr, value)

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """The scene draws its parts in its own order (``DungeonScene.draw_board``)."""
