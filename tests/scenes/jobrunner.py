"""Work handed to a worker thread (game/scenes/worker.py), run when a test says so.

``deferred`` (a fixture; import it by name) puts a ``Deferred`` runner in place of the worker thread: the
work waits until ``run()``, so a test drives the frames before and after by hand, never the clock.
"""

from __future__ import annotations

from typing import Callable

import pytest


class Deferred:
    """A runner that keeps the work until ``run()``."""

    def __init__(self) -> None:
        self.works: list[Callable[[], None]] = []

    def __call__(self, work: Callable[[], None]) -> None:
        self.works.append(work)

    def run(self) -> int:
        """Run the work kept so far (in order); return how many."""
        n = 0
        while self.works:
            self.works.pop(0)()
            n += 1
        return n


@pytest.fixture()
def deferred(monkeypatch: pytest.MonkeyPatch) -> Deferred:
    """The worker's runner for this test: a ``Deferred``."""
    from game.scenes import worker

    runner = Deferred()
    monkeypatch.setattr(worker, "RUNNER", runner)
    return runner
