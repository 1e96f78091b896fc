"""game/scenes/worker.py: work off the UI thread ends with its Event set and the loop woken, even when the
work fails; the runner is the worker thread unless a test puts its own."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from game.scenes import worker
from tests.scenes.jobrunner import Deferred, deferred  # the fixture is used by name


def test_failed_work_still_sets_done_and_wakes(deferred: Deferred, caplog: pytest.LogCaptureFixture) -> None:
    done = threading.Event()
    woken: list[str] = []

    def work() -> None:
        raise RuntimeError("boom")

    worker.start(work, done, lambda: woken.append("wake"), what="a test job")
    assert not done.is_set() and not woken, "nothing ran on the caller's thread"
    assert deferred.run() == 1
    assert done.is_set() and woken == ["wake"]
    assert "a test job failed" in caplog.text


def test_a_wake_that_fails_is_only_logged(deferred: Deferred) -> None:
    done = threading.Event()

    def wake() -> None:
        raise RuntimeError("the window is gone")

    worker.start(lambda: None, done, wake)
    deferred.run()
    assert done.is_set()


def test_the_default_runner_is_a_daemon_thread() -> None:
    done = threading.Event()
    seen: list[Any] = []
    worker.start(lambda: seen.append(threading.current_thread()), done, runner=worker.thread_runner)
    assert done.wait(60)
    assert seen[0] is not threading.main_thread() and seen[0].daemon


def test_app_waker_is_the_apps_wake_or_none() -> None:
    class App:
        def wake(self) -> None:
            pass

    app = App()
    assert worker.app_waker(app) == app.wake
    assert worker.app_waker(object()) is None
