""""Play on from here": choose who sits in each seat, then start a new game from the theatre's position.

The new game is its own match (``game.engine.replay.branch_match``): the source's actions up to the
position, then whatever its seats now play; its save notes where it branched (``branch``).
"""

from __future__ import annotations

import logging
from typing import Any

from game.engine.i18n import t
from game.engine.replay import ReplayCursor, branch_match
from game.scenes.dialogs import DialogScene

log = logging.getLogger(__name__)


class PlayOnScene(DialogScene):
    """One button per seat (a person / a bot, click to switch), then Start or Cancel."""

    name = "play-on"
    size = (560, 420)

    def __init__(self, app: Any, cursor: ReplayCursor, at: int) -> None:
        super().__init__(app)
        self.cursor = cursor
        self.at = at
        self.kinds = [s.kind for s in cursor.seats]
        self.problem = ""

    def build_ui(self) -> None:
        """The heading, the seat buttons, Start and Cancel."""
        r = self.rect
        title = self.heading(t("theatre.playon.title", at=self.at))
        y = title.rect.bottom + 12
        for i, seat in enumerate(self.cursor.seats):
            kind = t("theatre.playon.human" if self.kinds[i] == "human" else "theatre.playon.bot")
            self.button((r.x + 40, y, r.w - 80, 40), t("theatre.playon.seat", name=seat.name, kind=kind),
                        lambda i=i: self.toggle(i))
            y += 48
        if self.problem:
            self.label((r.x + 20, r.bottom - 110, r.w - 40, 36), self.problem, "#error_label")
        bw = (r.w - 60) // 2
        self.button((r.x + 20, r.bottom - 64, bw, 46), t("theatre.playon.cancel"), self.app.pop)
        self.button((r.x + 40 + bw, r.bottom - 64, bw, 46), t("theatre.playon.start"), self.start,
                    object_id="#primary_button")

    def toggle(self, i: int) -> None:
        """Switch seat ``i`` between a person and a bot."""
        self.kinds[i] = "bot" if self.kinds[i] == "human" else "human"
        self.rebuild_ui()

    def start(self) -> None:
        """Make the branched match and open it in its scene (the theatre closes)."""
        from game.scenes.play import open_match

        try:
            match = branch_match(self.cursor, self.at, self.kinds)
        except Exception as exc:  # noqa: BLE001 - a position that cannot go on says why
            log.warning("play on from %s: %s", self.at, exc)
            self.problem = t("theatre.playon.failed", msg=str(exc))
            self.rebuild_ui()
            return
        open_match(self.app, match)

    def dismiss(self) -> None:
        """Esc cancels."""
        self.app.pop()
