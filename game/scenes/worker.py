"""Work a screen hands to a worker thread so the window never freezes: one way to start it and say it is done.

Like a bot seat's move (game/scenes/base/bots.py) and the hint (hint.py): ``start(work, done, wake)`` runs
``work`` off the UI thread, then sets ``done`` and calls ``wake`` (the app's thread-safe ``App.wake``, so a
loop asleep waiting for input runs the next frame at once); the screen polls ``done`` in its frames. Used
by the replay theatre and the result chart (game/scenes/theatre/preparing.py) and by the level list with
many mods (game/scenes/levelwarm.py).

``RUNNER`` runs the work (a daemon thread); tests put a synchronous or a deferred runner there and drive
frames without waiting on the clock.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable

log = logging.getLogger(__name__)

Runner = Callable[[Callable[[], None]], None]


def thread_runner(work: Callable[[], None]) -> None:
    """Run ``work`` in a daemon thread (the default ``RUNNER``)."""
    threading.Thread(target=work, name="screen-worker", daemon=True).start()


#: how the work runs (tests set a synchronous or deferred runner)
RUNNER: Runner = thread_runner


def start(work: Callable[[], None], done: threading.Event, wake: Callable[[], None] | None = None,
          runner: Runner | None = None, what: str = "work") -> None:
    """Run ``work`` off the UI thread; then set ``done`` and call ``wake`` (also when the work failed)."""

    def run() -> None:
        try:
            work()
        except Exception:  # noqa: BLE001 - the screen sees the job done and shows what it has
            log.exception("%s failed", what)
        finally:
            done.set()
            if wake is not None:
                try:
                    wake()
                except Exception:  # noqa: BLE001 - the window may be gone; the screen also polls done
                    log.debug("%s: wake-up failed", what, exc_info=True)

    (runner or RUNNER)(run)


def app_waker(app: Any) -> Callable[[], None] | None:
    """The app's thread-safe ``wake`` (None for an app without one)."""
    waker = getattr(app, "wake", None)
    return waker if callable(waker) else None


__all__ = ["RUNNER", "Runner", "app_waker", "start", "thread_runner"]
