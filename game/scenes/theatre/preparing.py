"""Replaying a game off the UI thread, for the theatre and for the result screen's chart.

A ``ReplayCursor`` plays the whole game once (every action, with the log in every language)
and the chart samples it at every round: seconds for a long game. Done on the UI thread, the
window froze when the result screen or the theatre opened. Here, like a bot's move
(game/scenes/base/bots.py) and the hint (hint.py), ``start_replay`` runs that work in a worker
thread and calls ``wake`` when it is done; the screens open at once and show "preparing the
replay" until then:

- ``PreparingScene`` stands where the theatre will be and turns into it when the job is done
  (or, when the replay fails, hands the problem to ``on_failed`` or shows it itself);
- the result screen (game/scenes/theatre/hooks.py) draws the line in the chart's place.

The worker thread is game/scenes/worker.py's (``worker.RUNNER``; tests put a synchronous or a deferred
runner there, or pass ``runner=``, and drive frames without waiting on the clock).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.app import draw
from game.app.scene import Scene
from game.engine.i18n import t
from game.scenes import worker
from game.ui import gfx

log = logging.getLogger(__name__)

@dataclass
class ReplayJob:
    """One game being replayed in a worker: when ``done`` is set, ``cursor`` (and ``chart``) or ``error``."""

    where: str
    done: threading.Event = field(default_factory=threading.Event)
    cursor: Any = None             # the ReplayCursor
    chart: Any = None              # the Chart (None: the ruleset has none, or it failed)
    charted: bool = False          # True when the chart was worked out (even as None)
    error: str | None = None

    @property
    def ready(self) -> bool:
        """True when the replay is done and usable."""
        return self.done.is_set() and self.cursor is not None

    @property
    def failed(self) -> bool:
        """True when the replay is done and the game cannot be replayed (``error`` says why)."""
        return self.done.is_set() and self.cursor is None


def replay_work(job: ReplayJob, data: dict[str, Any], chart: bool) -> None:
    """The job's work: replay ``data`` into a cursor, then its chart; every failure is kept in the job."""
    from game.engine.replay import ReplayCursor
    from game.engine.savefile import SaveError
    from game.engine.series import game_chart

    try:
        cursor = ReplayCursor(data, job.where)
    except SaveError as exc:
        log.warning("replay %s: %s", job.where, exc)
        job.error = str(exc)
        return
    except Exception as exc:  # noqa: BLE001 - a ruleset that cannot replay it: said on the main thread
        log.exception("replaying %s", job.where)
        job.error = f"{type(exc).__name__}: {exc}"
        return
    if chart:
        try:
            job.chart = game_chart(cursor)
            job.charted = True
        except Exception:  # noqa: BLE001 - a chart bug never stops the replay
            log.exception("chart of %s", job.where)
    job.cursor = cursor


def start_replay(data: dict[str, Any], where: str = "game", wake: Callable[[], None] | None = None,
                 chart: bool = True, runner: worker.Runner | None = None) -> ReplayJob:
    """Start replaying the save ``data`` (and charting it) off the UI thread; ``wake()`` when done."""
    job = ReplayJob(where)
    worker.start(lambda: replay_work(job, data, chart), job.done, wake, runner, f"replaying {where}")
    return job


#: seconds between looks at an unfinished job (the worker also wakes the loop when done)
POLL = 0.1


class PreparingScene(Scene):
    """Where the theatre opens: "preparing the replay" until the job is done, then the theatre itself."""

    name = "theatre-preparing"

    def __init__(self, app: Any, job: ReplayJob, at: int | None = None,
                 on_failed: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.job = job
        self.at = at
        self.on_failed = on_failed

    def update(self, dt: float) -> None:
        """Turn into the theatre once the replay is done (or report why it cannot be)."""
        job = self.job
        if not job.done.is_set() or self.app.top is not self:
            return
        if job.cursor is not None:
            from game.scenes.theatre.scene import TheatreScene

            self.app.replace(TheatreScene(self.app, job.cursor, self.at, chart=job.chart if job.charted else None))
        elif self.on_failed is not None:
            self.app.pop()
            self.on_failed(t("theatre.replay_failed", msg=job.error or "?"))

    def wakeup_in(self) -> float | None:
        """Look again soon while the replay runs."""
        return None if self.job.done.is_set() else POLL

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back (the replay's result is dropped)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def message(self) -> str:
        """The line shown: preparing, or why the game cannot be replayed."""
        if self.job.failed:
            return t("theatre.replay_failed", msg=self.job.error or "?")
        return t("theatre.preparing")

    def draw(self, surface: pygame.Surface) -> None:
        """The table and the line."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        draw_preparing(surface, pygame.Rect(240, 300, 800, 120), self.message())


def draw_preparing(surface: pygame.Surface, rect: pygame.Rect, line: str | None = None) -> None:
    """A panel in ``rect`` with the "preparing the replay" line (or ``line``)."""
    pal = gfx.palette()
    gfx.panel(surface, rect)
    gfx.text(surface, line or t("theatre.preparing"), rect.center, 18, pal.ink_soft, "center",
             max_width=rect.w - 40)


__all__ = ["POLL", "PreparingScene", "ReplayJob", "draw_preparing", "replay_work", "start_replay"]
