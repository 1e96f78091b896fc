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
    theatre at that point). The game is replayed off the UI thread (preparing.py): until it is, the
    chart's place says "preparing the replay" and Replay opens the theatre, which fills in when done."""

    def __init__(self, app: Any, match: Any) -> None:
        from game.engine.series import series_module
        from game.scenes.theatre.preparing import ReplayJob, start_replay
        from game.scenes.worker import app_waker
        from game.ui.chart import ChartView

        self.app = app
        self.match = match
        #: True when the ruleset declares a chart (its place is kept while the replay runs)
        self.charts = series_module(match.ruleset_id) is not None
        self.job: ReplayJob | None = None
        try:
            self.job = start_replay(match.to_save(), "game", app_waker(app))
        except Exception:  # noqa: BLE001 - the result screen never fails for its chart
            log.exception("replaying the finished game for its chart")
        self._settled = False
        self.view = ChartView((0, 0, 10, 10), size=13)

    @property
    def cursor(self) -> Any:
        """The replayed game (None while preparing, or when it cannot be replayed)."""
        return self.job.cursor if self.job is not None and self.job.ready else None

    @property
    def chart(self) -> Any:
        """The game's chart (None while preparing, or when there is none)."""
        return self.job.chart if self.job is not None and self.job.ready else None

    @property
    def preparing(self) -> bool:
        """True while the replay runs."""
        return self.job is not None and not self.job.done.is_set()

    @property
    def has_chart(self) -> bool:
        """True when the screen keeps room for a chart: there is one, or one is being prepared."""
        return self.chart is not None or (self.preparing and self.charts)

    @property
    def can_replay(self) -> bool:
        """True when Replay is offered: the game is replayed, or being replayed."""
        return self.cursor is not None or self.preparing

    def settled(self) -> bool:
        """True once, on the first call after the replay finished (the screen then lays itself out again)."""
        if self._settled or self.job is None or not self.job.done.is_set():
            return False
        self._settled = True
        return True

    def seat_name(self, seat: int) -> str:
        """A seat's name."""
        seats = self.match.seats
        return seats[seat].name if 0 <= seat < len(seats) else "-"

    def replay(self, at: int | None = None) -> None:
        """Open the theatre of the finished game (at ``at``: the end by default); while the replay is being
        prepared the theatre opens at once and fills in when it is done."""
        from game.scenes.theatre import open_theatre
        from game.scenes.theatre.preparing import PreparingScene

        job = self.job
        if job is None or job.failed:
            return
        self.app.pop()   # the result screen: back from the theatre is the final table
        if job.ready:
            open_theatre(self.app, job.cursor, at, chart=job.chart if job.charted else None)
        else:
            self.app.push(PreparingScene(self.app, job, at))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The chart in ``rect`` ("preparing the replay" until it is ready)."""
        from game.scenes.theatre.preparing import draw_preparing

        if self.preparing and self.charts:
            draw_preparing(surface, pygame.Rect(rect))
            return
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
    """Open a save file's theatre; the problem in words when the file cannot be read. When its replay
    (off the UI thread) fails, the screen that asked (the Load screen) shows the problem as its status."""
    from game.scenes.theatre import theatre_for_file

    asking = app.top

    def failed(problem: str) -> None:
        if asking is not None and app.top is asking:
            asking.status, asking.status_error = problem, True
            asking.rebuild_ui()

    try:
        theatre_for_file(app, path, failed)
    except Exception as exc:  # noqa: BLE001 - SaveError, or a file that cannot be read
        log.warning("replay %s: %s", path, exc)
        return t("theatre.replay_failed", msg=str(exc))
    return None


__all__ = ["ResultExtras", "finished_game", "replay_file"]
