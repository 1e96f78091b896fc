"""The AnimationQueue a scene plays its animations through: order, blocking, speed, skip."""

from __future__ import annotations

import logging
from collections import deque

from game.ui.anim.easings import speed as global_speed
from game.ui.anim.tweens import Animation

log = logging.getLogger(__name__)


# ---------------------------------------------------------------------- the queue


class AnimationQueue:
    """The scene's animation player.

    - ``play(anim)`` queues an animation to start after the ones queued before it
      (the story of events, in order).
    - ``add(anim)`` starts one at once, beside the queue (hover pulses, idle effects).
    - ``blocking`` is True while a blocking animation is playing or queued: the
      scene then ignores input except click-to-skip.
    - ``animating`` (alias ``busy``) is True while anything plays: the loop ticks
      frames; when False it may sleep until the next event.
    - ``speed`` multiplies time (None follows the global setting); 0 finishes
      everything at once.
    """

    def __init__(self, speed: float | None = None) -> None:
        self.queue: deque[Animation] = deque()
        self.current: Animation | None = None
        self.side: list[Animation] = []
        self.speed = speed

    @property
    def effective_speed(self) -> float:
        """Return the speed in use (own setting or the global one)."""
        return global_speed() if self.speed is None else max(0.0, self.speed)

    def play(self, anim: Animation | None) -> Animation | None:
        """Queue ``anim`` after everything queued; returns it (None is ignored)."""
        if anim is None:
            return None
        self.queue.append(anim)
        if self.effective_speed == 0:
            self.update(0.0)
        return anim

    def add(self, anim: Animation | None) -> Animation | None:
        """Start ``anim`` now, in parallel with the queue."""
        if anim is None:
            return None
        self.side.append(anim)
        if self.effective_speed == 0:
            self.update(0.0)
        return anim

    def update(self, dt: float) -> None:
        """Advance every animation by ``dt`` real seconds times the speed."""
        sp = self.effective_speed
        if sp == 0:
            self.skip()
            return
        dt = max(0.0, dt) * sp
        for a in list(self.side):
            a.update(dt)
        self.side = [a for a in self.side if not a.done]
        left = dt
        guard = 0
        while guard < 10000:
            guard += 1
            if self.current is None or self.current.done:
                if not self.queue:
                    self.current = None
                    break
                self.current = self.queue.popleft()
            left = self.current.update(left)
            if not self.current.done:
                break
            # leftover time flows into the next queued animation; zero-length ones all run now
        else:  # pragma: no cover - only with pathological callbacks re-queuing forever
            log.warning("animation queue: too many instant steps in one frame")

    def skip(self) -> None:
        """Finish everything at once (click to skip); callbacks still run, in order."""
        guard = 0
        while guard < 10000:
            guard += 1
            if self.current is not None and not self.current.done:
                self.current.finish()
            elif self.queue:
                self.current = self.queue.popleft()
            else:
                break
        self.current = None
        for a in list(self.side):
            a.finish()
        self.side = [a for a in self.side if not a.done]

    def clear(self) -> None:
        """Drop everything without finishing it (scene change)."""
        self.queue.clear()
        self.current = None
        self.side.clear()

    @property
    def busy(self) -> bool:
        """True while anything is playing or queued."""
        return bool(self.queue) or (self.current is not None and not self.current.done) or bool(self.side)

    animating = busy

    @property
    def blocking(self) -> bool:
        """True while a blocking animation is playing or queued (input must wait)."""
        if self.current is not None and self.current.is_blocking:
            return True
        return any(a.blocking for a in self.queue) or any(a.is_blocking for a in self.side)
