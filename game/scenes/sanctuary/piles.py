"""The discard-pile overlay of the sanctuary table: every card of a discard pile, browsable.

Why a scene of its own: a discard pile is public information and a player wants
to read it ("which Manipulations has my opponent used?"), but the table only has
room for its top card. Clicking or right-clicking either discard pile pushes this
overlay over the (dimmed, paused) table: the cards newest first in a grid, each
readable at a good size, the wheel, arrow keys or the arrows scroll when they do
not fit, a click or right-click on a card zooms it with its full text, and Esc,
the close button or a click outside closes it. It never changes game state.
The grid, scrolling, zoom and drawing are the card kit's ``PileOverlay``
(``game.ui.cards.pile``); this scene mounts it (``PileOverlayScene``) over the table with the
sanctuary's faces and words.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.engine.i18n import t
from game.scenes.base.pilescene import PileOverlayScene
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


class PileScene(PileOverlayScene):
    """An overlay listing one seat's discard pile over the card table below."""

    name = "sanctuary-pile"

    def __init__(self, app: Any, game: Any, seat: int) -> None:
        super().__init__(app)
        self.game = game
        self.seat = seat
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


# the overlay's own payloads (kept importable from here)
OUTSIDE, PANEL_AREA, CLOSE, UP, DOWN = kit.OUTSIDE, kit.PANEL_AREA, kit.CLOSE, kit.UP, kit.DOWN
