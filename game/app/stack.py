"""The scene stack of the App: push, pop, replace, reset, back to the menu, and freeing closed scenes."""

from __future__ import annotations

import gc
import logging
import time
from typing import Any, Callable

import pygame

from game.app.scene import Scene
from game.app.settings import Settings

log = logging.getLogger(__name__)


class SceneStack:
    """Mixin of ``App``: the scenes, the one on top, the fade between them."""

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

    scene_failed: Callable[[BaseException], None]  # CrashHandling

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
