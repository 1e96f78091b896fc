"""A pile overlay as a scene: the card kit's ``PileOverlay`` pushed over a card table.

Why: sanctuary's and quest's discard piles are public and browsable (grid newest first, scrolling,
zoom on click, Esc or a click outside closes), and both tables mount the same overlay over their
dimmed table. The scene's life cycle, input and drawing are the same for every table; a ruleset's
pile scene only builds the overlay with its faces, words and pile (``self.overlay``). It never
changes game state.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app.scene import Scene
from game.ui.cards.pile import PileOverlay

_MOUSE_AND_KEYS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                   pygame.KEYDOWN, pygame.WINDOWLEAVE)


class PileOverlayScene(Scene):
    """Base of a table's pile overlay: a subclass sets ``self.overlay`` (a ``PileOverlay``) in ``__init__``."""

    opaque = False
    overlay: PileOverlay

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.closed = False

    # ---------------------------------------------------------------- the overlay's state, for callers and tests
    @property
    def cards(self) -> list[str]:
        """The pile, newest first."""
        return self.overlay.cards

    @property
    def card_rects(self) -> dict[str, pygame.Rect]:
        """Where each visible card is."""
        return self.overlay.card_rects

    @property
    def router(self) -> Any:
        """The overlay's input router."""
        return self.overlay.router

    @property
    def inspector(self) -> Any:
        """The overlay's zoom."""
        return self.overlay.inspector

    @property
    def scroll(self) -> int:
        """Rows scrolled off the top."""
        return self.overlay.scroll

    @property
    def max_scroll(self) -> int:
        """The largest useful scroll (rows)."""
        return self.overlay.max_scroll

    def message(self) -> str:
        """What the grid says instead of cards ("" while there are cards to show)."""
        return self.overlay.message()

    def layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Return (panel, grid area)."""
        return self.overlay.layout()

    def close_rect(self) -> pygame.Rect:
        """The close button in the panel's top-right corner."""
        return self.overlay.close_rect()

    def scroll_by(self, rows: int) -> None:
        """Scroll down (positive) or up (negative) by rows, clamped."""
        self.overlay.scroll_by(rows)

    def text_problems(self) -> list[str]:
        """Text of the last drawn frame outside its box or overlapping other text."""
        return self.overlay.texts.problems()

    # ---------------------------------------------------------------- life cycle
    def close_overlay(self) -> None:
        """Leave the overlay (back to the table)."""
        if not self.closed and self.app.top is self:
            self.closed = True
            self.app.pop()

    def update(self, dt: float) -> None:
        """Hover timer and the zoom's fade."""
        self.overlay.update(dt)

    def is_animating(self) -> bool:
        """True while the zoom fades in or a tooltip waits to appear."""
        return self.overlay.animating

    def on_settings_changed(self) -> None:
        """Re-word the overlay (card faces are repainted by the table's cache)."""
        super().on_settings_changed()
        self.overlay.build_regions()

    # ---------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys scroll or close; the mouse goes through the overlay's own router."""
        if self.handle_ui_event(event):
            return
        if self.overlay.handle_key(event):
            return
        if event.type not in _MOUSE_AND_KEYS:
            return
        for intent in self.overlay.router.handle(event):
            self.on_intent(intent)

    def on_intent(self, intent: Any) -> None:
        """A card: zoom it; outside, the close button or Esc: close; wheel and arrows: scroll."""
        self.overlay.on_intent(intent)

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Dim the table and draw the panel with the pile's cards."""
        from game.app import draw

        draw.shade(surface, 170)
        self.overlay.draw(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        """The zoom and the tooltip over the overlay."""
        self.overlay.draw_top(surface)
