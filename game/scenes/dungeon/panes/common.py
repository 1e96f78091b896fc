"""What the dungeon panes share: payload helpers, the board ``Layout``, effect and replay records, and
``DungeonPane``, the pane base that records every line of text it draws.

Why: the board, the hero's panel, the heroes list, the market, the Village and the replay are separate
panes (game/scenes/dungeon/panes/); each draws from the typed ``DungeonView`` records
(game/rulesets/dungeon/views.py) and the level's public content, never from rule state, and talks to the
scene through a few named parts (``scene.selection``, ``scene.words``, ``scene.tables``, the other panes).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.rulesets.dungeon.geometry import Board
from game.rulesets.dungeon.views import PlayerRecord
from game.scenes.base.pane import Pane
from game.ui import gfx
from game.ui import text as uitext

__all__ = ["UI", "MIN_CELL", "MAX_CELL", "RESOLUTION_KINDS", "ui", "is_ui", "Layout", "Fx", "Replay",
           "DungeonPane"]

UI = "dg"  # first element of the scene's own (non-Action) payloads
MIN_CELL, MAX_CELL = 44, 84
RESOLUTION_KINDS = frozenset({"Hit", "MonsterDefeated", "MonsterAttacked", "TrapSprung", "TrapDisarmed",
                              "ChestOpened", "ChestTrapped", "GoldFound", "Healed", "PotionSpent", "Rewarded",
                              "HeroHurt", "KnockedOut", "Resolved"})


def ui(*parts: Any) -> tuple:
    """A payload of the scene's own (a seat row, the chip flip, a Depths control...)."""
    return (UI, *parts)


def is_ui(payload: Any) -> bool:
    """True for a payload made by ``ui``."""
    return isinstance(payload, tuple) and len(payload) >= 2 and payload[0] == UI


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

    def key(self) -> tuple:
        """What the regions over this layout depend on."""
        return (self.seat, self.cell, self.ox, self.oy, self.lo, self.hi, self.rows)


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
    """The frozen dungeon of the seat whose Resolution is being shown, and the marks laid on it so far."""

    seat: int
    player: PlayerRecord
    marks: dict[tuple[int, int], str] = field(default_factory=dict)


class DungeonPane(Pane):
    """A dungeon pane: draws from the typed view and records every line of text it draws (``drawn``)."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rec = uitext.TextRecorder()
        self._layers: dict[str, tuple[Any, pygame.Surface, tuple[int, int], list[uitext.DrawnText]]] = {}

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """Start this frame's text records, then draw it (``draw_view``)."""
        self.rec.begin()
        self.draw_view(surface, view)

    def draw_view(self, surface: pygame.Surface, view: Any) -> None:
        """Draw the pane from the typed view (``DungeonView`` as shown)."""

    # ---------------------------------------------------------------- text
    def put(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, colour: Any,
            align: str = "topleft", box: pygame.Rect | None = None, bold: bool = False,
            max_width: int | None = None) -> pygame.Rect:
        """Draw text as given and record it with the box it must stay in (default: the pane's rect)."""
        return self.rec.put(surface, text, pos, size, colour, align, box if box is not None else self.rect, bold,
                            max_width)

    def fit(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, room: int, colour: Any,
            align: str = "topleft", box: pygame.Rect | None = None, minimum: int = 9,
            bold: bool = False) -> pygame.Rect:
        """One line no wider than ``room``: shrunk down to ``minimum``, then cut with "…"; drawn and recorded."""
        fitted = uitext.fit_line(text, room, size, min(minimum, size), bold=bold)
        return uitext.put(surface, fitted.text, pos, fitted.size, colour, align,
                          box if box is not None else self.rect, self.rec.records, bold,
                          cut=fitted.cut, shrunk=fitted.shrunk)

    def drawn(self) -> list[uitext.DrawnText]:
        """The text records of the last drawing."""
        return list(self.rec.records)

    def text_problems(self) -> list[str]:
        """Text of the last drawing outside its box or on other text."""
        return self.rec.problems()

    def heading(self, surface: pygame.Surface, area: pygame.Rect, text: str, sub: str = "") -> None:
        """The board area's heading (shrunk, then cut, to leave room for ``sub`` on its right)."""
        pal = gfx.palette()
        room = area.w - 36
        ss = 16
        if sub:
            fitted = uitext.fit_line(sub, room // 3, 16, 11)
            sub, ss = fitted.text, fitted.size
            room -= gfx.text_size(sub, ss)[0] + 16
        title = self.fit(surface, text, (area.x + 18, area.y + 12), 20, room, pal.accent, box=area, minimum=14,
                         bold=True)
        if sub:
            self.put(surface, sub, (area.right - 18, title.centery), ss, pal.ink_light, "midright", area)

    # ---------------------------------------------------------------- cached layers
    def layer(self, name: str, key: Any, rect: pygame.Rect, surface: pygame.Surface,
              paint: Callable[[pygame.Surface], None]) -> None:
        """Blit a cached layer of ``rect`` painted by ``paint(surface)`` (canvas coordinates) when ``key``
        changed; the text it painted is recorded with it and counted in every frame that shows it."""
        hit = self._layers.get(name)
        if hit is None or hit[0] != key:
            full = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            kept = self.rec.records
            fresh = self.rec.begin()
            try:
                paint(full)
            finally:
                self.rec.records = kept
            area = rect.clip(full.get_rect())
            hit = (key, full.subsurface(area).copy(), area.topleft, list(fresh))
            self._layers[name] = hit
        surface.blit(hit[1], hit[2])
        self.rec.records.extend(hit[3])

    def forget_layers(self) -> None:
        """Drop the cached layers (the next drawing repaints them)."""
        self._layers.clear()
