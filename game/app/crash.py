"""Crash handling of the App: a scene's exception is logged with its traceback, an error dialog shows it over a
fresh menu, and a scene that keeps failing stops the program loudly instead of looping."""

from __future__ import annotations

import logging
import time
import traceback
from pathlib import Path
from typing import Any, Callable

from game.app.scene import Scene
from game.engine import paths

log = logging.getLogger(__name__)


class CrashHandling:
    """Mixin of ``App``: the log file, a failed scene, calls guarded against scene bugs."""

    top: Scene | None
    errors: list[str]
    catch_errors: bool
    _error_times: list[float]

    reset: Callable[..., None]  # SceneStack

    # --- errors --------------------------------------------------------------------------------
    def log_path(self) -> Path:
        """Return the log file the app writes to."""
        for h in logging.getLogger().handlers:
            fn = getattr(h, "baseFilename", None)
            if fn:
                return Path(fn)
        return paths.log_dir() / "mesa.log"

    def scene_failed(self, exc: BaseException) -> None:
        """Log an exception from a scene, show the error dialog over a fresh menu."""
        name = self.top.name if self.top else "?"
        log.error("exception in scene %s:\n%s", name,
                  "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        message = f"{type(exc).__name__}: {exc}"
        self.errors.append(f"{name}: {message}")
        if not self.catch_errors:
            raise exc
        now = time.monotonic()
        self._error_times = [t for t in self._error_times if now - t < 2.0] + [now]
        if len(self._error_times) > 6:
            log.critical("scenes keep failing; giving up")
            raise exc
        from game.scenes.dialogs import ErrorScene
        from game.scenes.menu import MenuScene

        try:
            self.reset(MenuScene(self), ErrorScene(self, message, str(self.log_path())))
        except Exception as exc2:  # noqa: BLE001 - the menu itself is broken: stop loudly
            log.critical("cannot show the menu after an error: %s", exc2)
            raise

    def _guard(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001 - the app survives scene bugs
            self.scene_failed(exc)
            return None
