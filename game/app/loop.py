"""The main loop of the App: idle is idle (sleep until input or a wake-up), 60 fps while something moves, one
frame = events, update, draw; a bot thread wakes the loop with ``wake()``."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable

import pygame

from game.app.scene import Scene
from game.app.settings import Settings, save_settings

log = logging.getLogger(__name__)

FPS = 60
IDLE_TIMEOUT_MS = 1000
IDLE_NAP = 0.03  # seconds between looks at the event queue while idle
#: after any input the loop keeps ticking this long (widget hover fades, delayed tooltips), then sleeps
SETTLE_SECONDS = 1.2
FADE_SECONDS = 0.22

_INPUT_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                 pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT)

#: posted (from any thread) to wake the loop, e.g. when a bot has chosen
WAKE_EVENT = pygame.event.custom_type()


class MainLoop:
    """Mixin of ``App``: busy or idle, waking, one frame, event routing, drawing, running until closed."""

    settings: Settings
    screen: pygame.Surface
    headless: bool
    stack: list[Scene]
    running: bool
    catch_errors: bool
    errors: list[str]
    frames: int
    _fade: tuple[pygame.Surface, float] | None
    _manager: Any
    _closed: bool
    top: Scene | None
    mouse_held: bool
    _last_input: float
    _wake: threading.Event

    scene_failed: Callable[[BaseException], None]  # CrashHandling
    _guard: Callable[..., Any]  # CrashHandling
    is_fullscreen: Callable[[], bool]  # WindowMixin
    _toggle_fullscreen: Callable[[], None]  # WindowMixin
    release_closed: Callable[[], None]  # SceneStack

    # --- main loop -------------------------------------------------------------------------------
    def fading(self) -> bool:
        """True while a scene change cross-fades from the previous screen."""
        return self._fade is not None

    def settle_input(self) -> None:
        """Treat the last input as long past: the loop may sleep until something wakes it."""
        self._last_input = 0.0

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
