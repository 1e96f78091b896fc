"""The discard-pile overlay of the sanctuary table: every card of a discard pile, browsable.

Why a scene of its own: a discard pile is public information and a player wants
to read it ("which Manipulations has my opponent used?"), but the table only has
room for its top card. Clicking or right-clicking either discard pile pushes this
overlay over the (dimmed, paused) table: the cards newest first in a grid, each
readable at a good size, the wheel, arrow keys or the arrows scroll when they do
not fit, a click or right-click on a card zooms it with its full text, and Esc,
the close button or a click outside closes it. It never changes game state.
The grid, scrolling, zoom and drawing are the card kit's ``PileOverlay``
(``game.ui.cards.pile``); this scene mounts it over the table with the
sanctuary's faces and words.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.app.scene import Scene
from game.engine.i18n import t
from game.scenes.sanctuary import cards as art
from game.ui.cards import pile as kit
from game.ui.cards.pile import CARD as PILE_CARD, PileOverlay

log = logging.getLogger(__name__)

__all__ = ["PILE_CARD", "PileScene"]


def _t(key: str, **kw: Any) -> str:
    """Return a string of the scene's catalogue (``sanctuary_scene.<key>``)."""
    return t("sanctuary_scene." + key, **kw)


#: the overlay's words (``PileOverlay`` asks by these keys) from the sanctuary catalogue
_WORDS: dict[str, Any] = {
    "close": lambda: _t("pile.close"), "up": lambda: _t("pile.up"), "down": lambda: _t("pile.down"),
    "at_top": lambda: _t("pile.at_top"), "at_bottom": lambda: _t("pile.at_bottom"),
    "count": lambda n: _t("pile.count", n=n), "count_one": lambda: _t("pile.count_one"),
    "newest": lambda: _t("pile.newest"), "hint": lambda: _t("pile.hint"), "empty": lambda: _t("discard_empty"),
}


def _words(key: str, **kw: Any) -> str:
    """One of the overlay's words in the current language."""
    return _WORDS[key](**kw)


class PileScene(Scene):
    """An overlay listing one seat's discard pile over the card table below."""

    opaque = False
    name = "sanctuary-pile"

    def __init__(self, app: Any, game: Any, seat: int) -> None:
        super().__init__(app)
        self.game = game
        self.seat = seat
        self.closed = False
        self.overlay = PileOverlay(
            self._pile, self._face, art.back, game.card_tip,
            lambda: _t("discard_title", name=self.game.seat_name(seat)), _words,
            lambda inspector, iid: self.game.zoom_card(inspector, iid), self.close_overlay, seat=seat,
            on_illegal=lambda: self.app.play_sound("illegal"))

    # ---------------------------------------------------------------- the pile
    def _pile(self) -> list[str]:
        """The pile, newest first (the view's list ends with the newest card)."""
        return list(reversed(self.game.table_view.side(self.seat).discard))

    def _face(self, iid: str, size: tuple[int, int]) -> pygame.Surface | None:
        card = self.game.card(iid)
        if card is None:
            return None
        return art.face(self.game.cid(iid) or "?", card, size, self.game.lang)

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
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                              pygame.KEYDOWN, pygame.WINDOWLEAVE):
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


# the overlay's own payloads (kept importable from here)
OUTSIDE, PANEL_AREA, CLOSE, UP, DOWN = kit.OUTSIDE, kit.PANEL_AREA, kit.CLOSE, kit.UP, kit.DOWN
