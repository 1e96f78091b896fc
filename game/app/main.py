"""The App: window, main loop, scene stack and crash handling, with the settings applied live.

The App is one class made of parts by job: ``window.py`` (``WindowMixin``), ``loop.py``
(``MainLoop``, the loop constants and ``WAKE_EVENT``), ``stack.py`` (``SceneStack``) and
``crash.py`` (``CrashHandling``); this module keeps ``App.__init__``, the live settings,
``run()`` and re-exports the constants (``main.WAKE_EVENT``, ``main.LOGICAL_SIZE``...).

* Logical canvas 1280x720: with a real display the window uses SDL's logical
  scaling (``pygame.SCALED``: letterboxed, any window size, mouse mapped back to
  canvas coordinates); with the dummy driver (tests, smoke) a plain surface.
* Idle is idle: when no scene animates and no mouse button is held, the loop
  blocks in ``pygame.event.wait`` with a timeout; it only ticks at 60 fps while
  something moves.
* An exception inside a scene is logged (``mesa.log`` in the user log folder),
  an error dialog shows the message and the log path, and the stack goes back to
  the menu. Saves are never touched on that path, so the autosave stays intact.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import traceback
from pathlib import Path
from typing import Any, Callable

import pygame

from game.app import fonts
from game.app.crash import CrashHandling
from game.app.loop import (  # noqa: F401 - re-exported: main.WAKE_EVENT, main.FPS...
    _INPUT_EVENTS,
    FADE_SECONDS,
    FPS,
    IDLE_NAP,
    IDLE_TIMEOUT_MS,
    SETTLE_SECONDS,
    WAKE_EVENT,
    MainLoop,
)
from game.app.scene import Scene
from game.app.settings import Settings, read_settings, save_settings
from game.app.stack import SceneStack
from game.app.window import LOGICAL_SIZE, WindowMixin  # noqa: F401 - main.LOGICAL_SIZE stays importable
from game.engine import i18n

log = logging.getLogger(__name__)

STRINGS = Path(__file__).with_name("strings.toml")


def enable_dpi_awareness() -> None:
    """Ask Windows not to blur the window on high-DPI screens (no-op elsewhere)."""
    if sys.platform != "win32":
        return
    try:
        import ctypes

        ctypes.windll.shcore.SetProcessDpiAwareness(2)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - older Windows: try the Vista call, else give up
        try:
            import ctypes

            ctypes.windll.user32.SetProcessDPIAware()  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001
            pass


def load_strings() -> None:
    """Load the app's string catalogue (and the ui layer's, when present)."""
    i18n.load_catalog(STRINGS)
    ui_strings = Path(__file__).resolve().parent.parent / "ui" / "strings.toml"
    if ui_strings.exists():
        try:
            i18n.load_catalog(ui_strings)
        except (OSError, ValueError) as exc:
            log.error("ui strings: %s", exc)


def _clear_caches() -> None:
    """Forget fonts and surfaces made for an earlier display (a second App in one process)."""
    from game.app import draw

    fonts.font.cache_clear()
    draw.table_background.cache_clear()
    draw.svg.cache_clear()
    gfx = sys.modules.get("game.ui.gfx")  # not imported yet: nothing cached
    if gfx is not None:
        try:
            gfx.clear_image_cache()
            gfx.set_text_scale(gfx.text_scale())
        except Exception:  # noqa: BLE001 - the ui layer's caches are its own business
            pass



class App(WindowMixin, SceneStack, CrashHandling, MainLoop):
    """The application: window, widgets manager, settings and the scene stack.

    Its parts are mixins by job: ``WindowMixin`` (window.py), ``SceneStack`` (stack.py),
    ``CrashHandling`` (crash.py) and ``MainLoop`` (loop.py); settings applied live stay here.
    """

    def __init__(self, settings: Settings | None = None, *, headless: bool | None = None,
                 catch_errors: bool = True) -> None:
        enable_dpi_awareness()
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        load_strings()
        # a settings file that cannot be used gives defaults and a notice in the menu, never a failed start
        self.settings_problem: str | None = None
        if settings is None:
            settings, self.settings_problem = read_settings()
        self.settings = settings
        self.other_copy = False  # another running copy owns the autosave (set by run(); the menu says so)
        i18n.set_language(self.settings.language)
        _clear_caches()
        fonts.set_text_scale(self.settings.text_scale)
        pygame.display.init()
        pygame.font.init()
        if headless is None:
            headless = os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen")
        self.headless = headless
        self.screen = self._open_window()
        pygame.display.set_caption("Mesa de Héroes")
        self._set_icon()
        self.stack: list[Scene] = []
        self.running = True
        self.catch_errors = catch_errors
        self.errors: list[str] = []  # messages of caught scene exceptions (smoke reads them)
        self._fade: tuple[pygame.Surface, float] | None = None
        self._error_times: list[float] = []
        self.mouse_held = False
        self.frames = 0
        self._sounds: Any = None
        self._last_input = 0.0
        self._manager: Any = None
        self._closed = False  # a scene was closed: free it at the start of the next frame
        self._wake = threading.Event()  # set from any thread (a bot has chosen): the loop runs a frame now
        if "game.ui" in sys.modules:  # else the ui layer is set up when a scene first needs it
            self.apply_palette()

    # --- settings --------------------------------------------------------------------------
    def apply_settings(self, old: Settings | None = None) -> None:
        """Apply every setting live and save them."""
        s = self.settings
        i18n.set_language(s.language)
        if old is None or old.text_size != s.text_size:
            fonts.set_text_scale(s.text_scale)
            top = self.top
            if top is not None:
                top.clear_ui()
            if self._manager is not None:
                self._manager = self._new_manager()
        if old is None or old.fullscreen != s.fullscreen:
            self.set_fullscreen(s.fullscreen)
        self.apply_audio()
        self.apply_palette()
        try:
            save_settings(s)
        except OSError as exc:
            log.error("cannot save settings: %s", exc)
        for scene in self.stack:
            try:
                if scene is self.top:
                    scene.on_settings_changed()
            except Exception as exc:  # noqa: BLE001
                self.scene_failed(exc)
                return

    def apply_audio(self) -> None:
        """Pass volume and mute to the sound player (when it exists yet)."""
        snd = self._sounds
        if snd is None:
            return
        try:
            snd.set_volume(self.settings.volume)
            snd.set_muted(self.settings.muted)
        except Exception as exc:  # noqa: BLE001 - sound is never fatal
            log.warning("sound volume: %s", exc)

    @property
    def sounds(self) -> Any:
        """The ui layer's synthesized sounds (silent when headless or without a mixer)."""
        if self._sounds is None:
            try:
                from game.ui.sound import NullSounds, Sounds

                self._sounds = NullSounds() if self.headless else Sounds(self.settings.volume, self.settings.muted)
            except Exception as exc:  # noqa: BLE001
                log.warning("sounds unavailable: %s", exc)

                class _Silent:
                    def play(self, *a: Any, **k: Any) -> bool:
                        return False

                    def set_volume(self, v: float) -> None:
                        pass

                    def set_muted(self, m: bool) -> None:
                        pass

                self._sounds = _Silent()
        return self._sounds

    def apply_palette(self) -> None:
        """Pass palette, text size and animation speed to the ui layer."""
        try:
            from game.ui import anim, gfx
        except ImportError:  # pragma: no cover - the ui layer ships with the app
            return
        try:
            gfx.set_palette("okabe_ito" if self.settings.colorblind else "warm")
            gfx.set_text_scale(self.settings.text_scale)
            anim.set_speed(self.settings.animation_speed)
        except Exception as exc:  # noqa: BLE001 - looks are never fatal
            log.warning("ui settings: %s", exc)

    def play_sound(self, name: str) -> None:
        """Play one of the ui layer's sounds (silently nothing when unavailable)."""
        try:
            self.sounds.play(name)
        except Exception as exc:  # noqa: BLE001
            log.debug("sound %s: %s", name, exc)

def run(start: Callable[[App], Scene] | None = None) -> int:
    """Open the window at the main menu (or at ``start(app)``) and run the app.

    Anything that stops the program is written to the log with its traceback first (the windowed
    build has no console: an empty log would be all the player has).
    """
    try:
        from game.engine import savelock

        app = App()
        app.other_copy = not savelock.acquire()
        from game.scenes.menu import MenuScene

        app.push(MenuScene(app))
        if start is not None:
            try:
                app.push(start(app))
            except Exception as exc:  # noqa: BLE001 - e.g. a bad --level: show it, stay at the menu
                app.scene_failed(exc)
        return app.run()
    except BaseException as exc:
        if not isinstance(exc, (SystemExit, KeyboardInterrupt)):
            log.critical("the program stopped:\n%s", "".join(traceback.format_exception(type(exc), exc,
                                                                                        exc.__traceback__)))
            for h in logging.getLogger().handlers:
                try:
                    h.flush()
                except Exception:  # noqa: BLE001 - a broken handler must not hide the original error
                    pass
        raise
