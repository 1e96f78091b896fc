"""The window, the main loop and the scene stack.

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

import gc
import logging
import os
import sys
import threading
import time
import traceback
import warnings
from pathlib import Path
from typing import Any, Callable

import pygame

from game.app import fonts
from game.app.scene import Scene
from game.app.settings import Settings, load_settings, save_settings
from game.engine import i18n, paths

log = logging.getLogger(__name__)

LOGICAL_SIZE = (1280, 720)
FPS = 60
IDLE_TIMEOUT_MS = 1000
IDLE_NAP = 0.03  # seconds between looks at the event queue while idle
#: after any input the loop keeps ticking this long (widget hover fades, delayed tooltips), then sleeps
SETTLE_SECONDS = 1.2
FADE_SECONDS = 0.22
STRINGS = Path(__file__).with_name("strings.toml")

_INPUT_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                 pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)

#: posted (from any thread) to wake the loop, e.g. when a bot has chosen
WAKE_EVENT = pygame.event.custom_type()


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


class App:
    """The application: window, widgets manager, settings and the scene stack."""

    def __init__(self, settings: Settings | None = None, *, headless: bool | None = None,
                 catch_errors: bool = True) -> None:
        enable_dpi_awareness()
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        load_strings()
        self.settings = settings or load_settings()
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

    # --- window ------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.headless:
            return pygame.display.set_mode(LOGICAL_SIZE)
        flags = pygame.SCALED | pygame.RESIZABLE
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
        if not self.settings.fullscreen and not self._window_fits():
            log.info("desktop %s too small for a 1280x720 window: starting in fullscreen",
                     pygame.display.get_desktop_sizes()[:1])
            self.settings.fullscreen = True  # in memory: the Settings screen shows it, F11 leaves it
        if self.settings.fullscreen:
            self._toggle_fullscreen()
        return screen

    @staticmethod
    def _window_fits() -> bool:
        """True unless the desktop is too small for a 1280x720 window with its frame and a taskbar
        (a 1366x768 laptop): SDL's SCALED window cannot shrink below the canvas (it scales by whole
        numbers when windowed), so such screens start in fullscreen, which scales to fit."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except (pygame.error, AttributeError):
            return True
        if not sizes:
            return True
        dw, dh = sizes[0]
        return dw >= LOGICAL_SIZE[0] + 16 and dh >= LOGICAL_SIZE[1] + 72

    def _set_icon(self) -> None:
        icon = paths.assets_dir() / "icon.svg"
        try:
            if icon.exists():
                pygame.display.set_icon(pygame.image.load_sized_svg(str(icon), (64, 64)))
        except (pygame.error, AttributeError) as exc:  # pragma: no cover - cosmetic
            log.warning("icon: %s", exc)

    def _toggle_fullscreen(self) -> None:
        if self.headless:
            return
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            log.warning("fullscreen toggle failed: %s", exc)

    def is_fullscreen(self) -> bool:
        """True when the window covers the screen."""
        if self.headless:
            return self.settings.fullscreen
        return bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN) or \
            pygame.display.is_fullscreen()

    def set_fullscreen(self, on: bool) -> None:
        """Switch between window and fullscreen."""
        if on != self.is_fullscreen():
            self._toggle_fullscreen()
        self.settings.fullscreen = on

    @property
    def manager(self) -> Any:
        """The pygame_gui UIManager, made on first use (the menu's first frame does without it)."""
        if self._manager is None:
            self._manager = self._new_manager()
        return self._manager

    def _new_manager(self) -> Any:
        import pygame_gui

        from game.app.theme import theme_dict

        warnings.filterwarnings("ignore", message="Finding font with id", category=UserWarning)
        manager = pygame_gui.UIManager(LOGICAL_SIZE, theme_dict(self.settings.text_scale),
                                       enable_live_theme_updates=False)
        return manager

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

    # --- scene stack ---------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        """Return the scene on top of the stack."""
        return self.stack[-1] if self.stack else None

    def _start_fade(self) -> None:
        if self.stack and self.frames > 0:
            self._fade = (self.screen.copy(), 0.0)

    def push(self, scene: Scene) -> Scene:
        """Put a scene on top (the one below keeps its state, loses its widgets)."""
        self._start_fade()
        if self.top is not None:
            self.top.leave()
        self.stack.append(scene)
        self._enter(scene)
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene and return to the one below."""
        if not self.stack:
            return None
        self._start_fade()
        scene = self.stack.pop()
        scene.leave()
        scene.close()
        self._closed = True
        if self.top is not None:
            self._enter(self.top)
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another."""
        self._start_fade()
        if self.stack:
            old = self.stack.pop()
            old.leave()
            old.close()
            self._closed = True
        self.stack.append(scene)
        self._enter(scene)
        return scene

    def pop_to(self, cls: type) -> None:
        """Pop scenes until one of class ``cls`` is on top (or the stack has one left)."""
        while len(self.stack) > 1 and not isinstance(self.top, cls):
            self.pop()

    def reset(self, *scenes: Scene) -> None:
        """Close every scene and start again with ``scenes`` (the first at the bottom)."""
        self._start_fade()
        while self.stack:
            s = self.stack.pop()
            for step in (s.leave, s.close):
                try:
                    step()
                except Exception:  # noqa: BLE001 - a dying scene may not stop the reset
                    log.exception("closing %s", s.name)
            self._closed = True
        for s in scenes:
            if self.top is not None:
                self.top.leave()
            self.stack.append(s)
            self._enter(s)

    def release_closed(self) -> None:
        """Free the scenes closed since the last frame (``frame`` calls this first thing after a close).

        Scenes keep bound methods of themselves (event dispatch tables, button callbacks,
        animation hooks), so a closed scene is a reference cycle: reference counting never
        frees it, only Python's cyclic collector does, and its full collection runs rarely.
        Without this every closed scene kept its widgets and surfaces alive for a while
        (docs/PERFORMANCE.md, finding 2). It runs at the start of the next frame, not inside
        pop/replace/reset, because those are usually called from the closing scene's own
        button callback, whose frame still holds the scene. A full collection costs some
        tens of ms once per scene change, instead of at a random moment of an animation.
        """
        self._closed = False
        t0 = time.perf_counter()
        freed = gc.collect()
        log.debug("scene closed: %d objects freed in %.1f ms", freed, 1000 * (time.perf_counter() - t0))

    def _enter(self, scene: Scene) -> None:
        try:
            scene.enter()
        except Exception as exc:  # noqa: BLE001
            self.scene_failed(exc)

    def go_to_menu(self) -> None:
        """Close everything and show the main menu."""
        from game.scenes.menu import MenuScene

        self.reset(MenuScene(self))

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

    # --- main loop -------------------------------------------------------------------------------
    def busy(self) -> bool:
        """True when the loop must tick at full rate (something moves or the mouse drags)."""
        top = self.top
        if self._fade is not None or self.mouse_held:
            return True
        if time.monotonic() - self._last_input < SETTLE_SECONDS:
            return True
        try:
            return bool(top is not None and top.is_animating())
        except Exception as exc:  # noqa: BLE001
            self.scene_failed(exc)
            return True

    def wake(self) -> None:
        """Wake the loop from any thread (a bot has chosen): the next nap ends at once and a frame runs.

        Besides the flag the loop looks at between naps, a ``WAKE_EVENT`` is posted for loops
        blocked in pygame's own wait; losing that event (a full queue, a dying window) no longer
        matters.
        """
        self._wake.set()
        try:
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
        except pygame.error:  # the window is gone
            pass

    def wait_events(self) -> list[pygame.event.Event]:
        """Sleep until an event arrives (or the scene's next wake-up / the idle timeout).

        pygame's ``event.wait`` polls inside SDL (about 2.5 % of a core here), so the
        loop sleeps in short naps and looks at the queue between them (about 0.3 %);
        the first event is seen within one nap, then the loop ticks at full rate.
        """
        timeout = IDLE_TIMEOUT_MS / 1000
        top = self.top
        if top is not None:
            w = self._guard(top.wakeup_in)
            if w is not None:
                timeout = max(0.0, min(timeout, w))
        deadline = time.monotonic() + timeout
        while True:
            events = pygame.event.get()
            if events:
                return events
            if self._wake.is_set():
                self._wake.clear()
                return []
            left = deadline - time.monotonic()
            if left <= 0:
                return []
            time.sleep(min(IDLE_NAP, left))

    def frame(self, events: list[pygame.event.Event], dt: float, draw: bool = True) -> None:
        """Process events, update and (unless ``draw`` is False) draw one frame."""
        self.frames += 1
        if self._closed:
            self.release_closed()
        if any(e.type in _INPUT_EVENTS for e in events):
            self._last_input = time.monotonic()
        for event in events:
            self.handle_event(event)
            if not self.running:
                return
        top = self.top
        if top is not None:
            self._guard(top.update, dt)
        if self._manager is not None:
            self._manager.update(dt)
        if self._fade is not None:
            snap, t = self._fade
            t += dt / max(0.01, FADE_SECONDS / self.settings.animation_speed)
            self._fade = None if t >= 1.0 else (snap, t)
        if draw or self._needs_draw():
            self.draw()

    def step(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / 30) -> None:
        """One frame with ``events`` plus whatever waits in pygame's queue (widget events): tests and smoke."""
        self.frame(list(events or []) + pygame.event.get(), dt)

    def _needs_draw(self) -> bool:
        """True when a frame without input must still be drawn (a scene woke up on its timer)."""
        top = self.top
        return top is not None and self._guard(top.wakeup_in) is not None

    def handle_event(self, event: pygame.event.Event) -> None:
        """Route one event: global keys, then widgets, then the top scene."""
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            self.mouse_held = True
        elif event.type == pygame.MOUSEBUTTONUP:
            self.mouse_held = False
        elif event.type == pygame.WINDOWLEAVE:
            self.mouse_held = False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.settings.fullscreen = not self.is_fullscreen()
            self._toggle_fullscreen()
            try:
                save_settings(self.settings)
            except OSError as exc:
                log.error("cannot save settings: %s", exc)
            return
        consumed = False
        if self._manager is not None:
            try:
                consumed = self._manager.process_events(event)
            except Exception as exc:  # noqa: BLE001
                self.scene_failed(exc)
                return
        top = self.top
        if top is None:
            return
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return
        self._guard(top.handle_event, event)

    def draw(self) -> None:
        """Draw the visible scenes, the widgets and the fade, then flip."""
        surface = self.screen
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                first = i
                break
        if not self.stack:
            surface.fill((0, 0, 0))
        for scene in self.stack[first:]:
            self._guard(scene.draw, surface)
        if self._manager is not None:
            self._manager.draw_ui(surface)
        top = self.top
        if top is not None:
            self._guard(top.draw_top, surface)
        if self._fade is not None:
            snap, t = self._fade
            snap.set_alpha(int(255 * (1.0 - t)))
            surface.blit(snap, (0, 0))
        pygame.display.flip()

    def quit(self) -> None:
        """Stop the loop at the end of this frame."""
        self.running = False

    def run_once(self, clock: pygame.time.Clock | None = None) -> None:
        """One turn of the main loop: tick at full rate while busy, else sleep until input or a wake-up."""
        idle = False
        if self.busy():
            if clock is not None:
                clock.tick(FPS)
            events = pygame.event.get()
        else:
            events = self.wait_events()
            idle = not events
        now = time.perf_counter()
        last = getattr(self, "_last_tick", now)
        dt, self._last_tick = min(0.1, now - last), now
        # an idle wake-up with no input and nothing due draws nothing: idle is idle (a scene whose
        # state changed asks for its frame through wakeup_in, see _needs_draw)
        self.frame(events, dt, draw=not idle)

    def run(self) -> int:
        """Run until the window closes; return the exit code."""
        clock = pygame.time.Clock()
        self._last_tick = time.perf_counter()
        while self.running and self.stack:
            self.run_once(clock)
        for scene in reversed(self.stack):
            try:
                scene.leave()
                scene.close()
            except Exception:  # noqa: BLE001
                log.exception("closing %s", scene.name)
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.error("cannot save settings: %s", exc)
        pygame.quit()
        return 0


def run(start: Callable[[App], Scene] | None = None) -> int:
    """Open the window at the main menu (or at ``start(app)``) and run the app."""
    app = App()
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    if start is not None:
        try:
            app.push(start(app))
        except Exception as exc:  # noqa: BLE001 - e.g. a bad --level: show it, stay at the menu
            app.scene_failed(exc)
    return app.run()
