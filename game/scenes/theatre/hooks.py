"""The theatre's small hooks into other screens: the result screen (a Replay button and the chart of the
game just finished) and the Load screen (a Replay button per save).

Kept here so the screens themselves change by a few lines: ``ResultScene`` asks ``finished_game(app)``
for the game under it and ``ResultExtras`` does the rest; ``LoadScene`` calls ``replay_file``.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.engine.i18n import t

log = logging.getLogger(__name__)


def finished_game(app: Any) -> Any:
    """The match of the game scene under the top screen when it is over, else None."""
    for scene in reversed(app.stack[:-1] if app.stack else []):
        match = getattr(scene, "match", None)
        if match is not None and getattr(scene, "driver", None) is not None:
            try:
                return match if match.is_over() else None
            except Exception:  # noqa: BLE001 - a broken match has no replay
                return None
    return None


class ResultExtras:
    """The result screen's Replay button and chart for a finished match (a click on the chart opens the
    theatre at that point)."""

    def __init__(self, app: Any, match: Any) -> None:
        from game.engine.replay import ReplayCursor
        from game.engine.series import game_chart
        from game.ui.chart import ChartView

        self.app = app
        self.match = match
        self.cursor: Any = None
        self.chart: Any = None
        try:
            self.cursor = ReplayCursor(match.to_save(), "game")
            self.chart = game_chart(self.cursor)
        except Exception:  # noqa: BLE001 - the result screen never fails for its chart
            log.exception("replaying the finished game for its chart")
        self.view = ChartView((0, 0, 10, 10), size=13)

    def seat_name(self, seat: int) -> str:
        """A seat's name."""
        seats = self.match.seats
        return seats[seat].name if 0 <= seat < len(seats) else "-"

    def replay(self, at: int | None = None) -> None:
        """Open the theatre of the finished game (at ``at``: the end by default)."""
        from game.scenes.theatre import open_theatre

        if self.cursor is None:
            return
        self.app.pop()   # the result screen: back from the theatre is the final table
        open_theatre(self.app, self.cursor, at)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The chart in ``rect``."""
        if self.chart is None:
            return
        self.view.rect = pygame.Rect(rect)
        self.view.draw(surface, self.chart, self.seat_name)

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a chart point opens the theatre there; True when it did."""
        at = self.view.position_at(pos) if self.chart is not None else None
        if at is None:
            return False
        self.replay(at)
        return True


def replay_file(app: Any, path: Any) -> str | None:
    """Open a save file's theatre; the problem in words when it cannot be replayed."""
    from game.scenes.theatre import theatre_for_file

    try:
        theatre_for_file(app, path)
    except Exception as exc:  # noqa: BLE001 - SaveError, or a ruleset that cannot replay it
        log.warning("replay %s: %s", path, exc)
        return t("theatre.replay_failed", msg=str(exc))
    return None


__all__ = ["ResultExtras", "finished_game", "replay_file"]
