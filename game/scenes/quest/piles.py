"""The pile overlay of the quest table: a player's discard or the encounter discard, browsable.

Why a scene of its own: discard piles are public and players read them ("which treacheries came
out already?"), but the table shows only their top card. A click or right-click on a discard pile
pushes this overlay over the table (``PileOverlayScene``): the card kit's ``PileOverlay`` (grid newest first, scrolling,
zoom on click, Esc or a click outside closes) with the quest's faces and words. It never changes
game state.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.scenes.base.pilescene import PileOverlayScene
from game.scenes.quest import cards as art
from game.scenes.quest.words import w
from game.ui.cards.pile import PileOverlay

_KEYS = {"close": "pile.close", "up": "pile.up", "down": "pile.down", "at_top": "pile.at_top",
         "at_bottom": "pile.at_bottom", "count": "pile.count", "count_one": "pile.count_one",
         "newest": "pile.newest", "hint": "pile.hint", "empty": "pile.empty"}


def _words(key: str, **kw: Any) -> str:
    """One of the overlay's words in the current language."""
    return w(_KEYS[key], **kw)


class PileScene(PileOverlayScene):
    """An overlay listing one discard pile (``("discard", seat)`` or ``("encounter_discard",)``)."""

    name = "quest-pile"

    def __init__(self, app: Any, game: Any, key: tuple) -> None:
        super().__init__(app)
        self.game, self.key = game, tuple(key)
        seat = key[1] if key[0] == "discard" else None
        self.overlay = PileOverlay(self._pile, self._face, lambda size: art.back(size, seat is None),
                                   lambda iid: game.card_tip(iid), self._title, _words,
                                   lambda inspector, iid: game.zoom_card(inspector, iid), self.close_overlay,
                                   seat=seat, on_illegal=lambda: self.app.play_sound("illegal"))

    def _pile(self) -> list[str]:
        """The pile, newest first (the table lists it newest first)."""
        table = self.game.table
        if self.key[0] == "discard":
            p = table.player(self.key[1])
            return list(p.discard) if p is not None else []
        return list(table.encounter_discard)

    def _title(self) -> str:
        if self.key[0] == "discard":
            return w("discard_title", name=self.game.seat_name(self.key[1]))
        return w("encounter_discard_title")

    def _face(self, iid: str, size: tuple[int, int]) -> pygame.Surface | None:
        return self.game.painter.face(self.game.table.cards.get(iid), size)
