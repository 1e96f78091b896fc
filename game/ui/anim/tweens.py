"""The animation building blocks: Animation, Tween, Wait, Call, Await, Func and the Sequence/Parallel groups."""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterable, Protocol

from game.ui.anim.easings import EPS, Ease, easing, lerp

log = logging.getLogger(__name__)


# ------------------------------------------------------------------ animations


class Animation:
    """Base class: something that plays for a while. Subclasses implement ``_step``.

    ``blocking`` animations make the queue refuse player input until they end.
    """

    blocking: bool = False

    def __init__(self, blocking: bool | None = None, on_done: Callable[[], Any] | None = None) -> None:
        if blocking is not None:
            self.blocking = blocking
        self.done = False
        self._started = False
        self._callbacks: list[Callable[[], Any]] = [on_done] if on_done else []

    def then(self, fn: Callable[[], Any]) -> "Animation":
        """Call ``fn`` when the animation ends (also when skipped); returns self."""
        self._callbacks.append(fn)
        return self

    def start(self) -> None:
        """Called once before the first update (capture start values here)."""

    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; return the time left over once it ends (for chaining)."""
        if self.done:
            return dt
        if not self._started:
            self._started = True
            self.start()
        left = self._step(dt)
        if left is not None:
            self._finish()
            return left
        return 0.0

    def _step(self, dt: float) -> float | None:
        """Advance; return leftover time when finished, None while running."""
        return dt

    def finish(self) -> None:
        """Jump to the end state at once (click to skip, speed 0)."""
        if self.done:
            return
        if not self._started:
            self._started = True
            self.start()
        self._jump_to_end()
        self._finish()

    def _jump_to_end(self) -> None:
        """Subclasses set their final values here."""

    def _finish(self) -> None:
        self.done = True
        for cb in self._callbacks:
            try:
                cb()
            except Exception:  # a broken callback must not stop the queue
                log.exception("animation callback failed")

    @property
    def is_blocking(self) -> bool:
        """True while this (unfinished) animation blocks input."""
        return self.blocking and not self.done


class Tween(Animation):
    """Animate a number or tuple from ``start`` to ``end`` over ``duration`` seconds.

    Target either an attribute (``Tween(obj, "x", end=100)``), a dict key
    (``Tween(d, "alpha", end=0)``) or a setter (``Tween(setter=fn, start=0, end=1)``).
    A missing ``start`` is read when the tween begins, so a sequence continues
    from wherever the previous step left the value.
    """

    def __init__(self, target: Any = None, attr: str | None = None, *, end: Any, start: Any = None,
                 duration: float = 0.3, ease: str | Ease | None = "out_quad", delay: float = 0.0,
                 setter: Callable[[Any], Any] | None = None, blocking: bool | None = None,
                 on_done: Callable[[], Any] | None = None) -> None:
        super().__init__(blocking, on_done)
        if setter is None and (target is None or attr is None):
            raise ValueError("Tween needs (target, attr) or setter=")
        if setter is not None and start is None and (target is None or attr is None):
            raise ValueError("Tween with a setter needs start=")
        self.target, self.attr, self.setter = target, attr, setter
        self.start_value, self.end_value = start, end
        self.duration = max(0.0, float(duration))
        self.delay = max(0.0, float(delay))
        self.ease = easing(ease)
        self.elapsed = 0.0

    def _get(self) -> Any:
        if isinstance(self.target, dict):
            return self.target[self.attr]
        return getattr(self.target, self.attr)  # type: ignore[arg-type]

    def _set(self, value: Any) -> None:
        if self.setter is not None:
            self.setter(value)
        elif isinstance(self.target, dict):
            self.target[self.attr] = value
        else:
            setattr(self.target, self.attr, value)  # type: ignore[arg-type]

    def start(self) -> None:
        """Nothing to do yet: the start value is read when the delay is over."""

    def _capture(self) -> None:
        if self.start_value is None:
            self.start_value = self._get()

    def value_at(self, t: float) -> Any:
        """Return the value at progress t in 0..1 (eased)."""
        return lerp(self.start_value, self.end_value, self.ease(t))

    def _step(self, dt: float) -> float | None:
        self.elapsed += dt
        active = self.elapsed - self.delay
        if active < 0:
            return None
        self._capture()
        if self.duration <= 0 or active >= self.duration - EPS:
            self._set(self.end_value)
            return max(0.0, active - self.duration) if self.duration > 0 else active
        self._set(self.value_at(active / self.duration))
        return None

    def _jump_to_end(self) -> None:
        self._capture()
        self._set(self.end_value)

    @property
    def progress(self) -> float:
        """Return 0..1 of the time played (ignoring the delay)."""
        if self.duration <= 0:
            return 1.0 if self.done else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))


class Wait(Animation):
    """Do nothing for a while (a pause between steps; blocking pauses stop input)."""

    def __init__(self, duration: float, blocking: bool | None = None) -> None:
        super().__init__(blocking)
        self.duration = max(0.0, float(duration))
        self.elapsed = 0.0

    def _step(self, dt: float) -> float | None:
        self.elapsed += dt
        if self.elapsed >= self.duration - EPS:
            return max(0.0, self.elapsed - self.duration)
        return None


class Call(Animation):
    """Run a function once, instantly (swap a sprite, play a sound, start a dice throw)."""

    def __init__(self, fn: Callable[[], Any], blocking: bool | None = None) -> None:
        super().__init__(blocking)
        self.fn = fn

    def start(self) -> None:
        """Run the function."""
        try:
            self.fn()
        except Exception:
            log.exception("animation Call failed")

    def _step(self, dt: float) -> float | None:
        return dt


class Busy(Protocol):
    """Anything with update(dt), a ``busy`` flag and skip() (the dice tray, physics flights)."""

    busy: bool

    def update(self, dt: float) -> Any: ...

    def skip(self) -> Any: ...


class Await(Animation):
    """Wait until an object with a ``busy`` flag is idle (e.g. a DiceTray), driving its update.

    ``drive=False`` when the scene already calls ``obj.update`` itself.
    """

    def __init__(self, obj: Busy, drive: bool = True, blocking: bool | None = True, timeout: float = 20.0) -> None:
        super().__init__(blocking)
        self.obj, self.drive, self.timeout, self.elapsed = obj, drive, timeout, 0.0

    def _step(self, dt: float) -> float | None:
        self.elapsed += dt
        if self.drive:
            self.obj.update(dt)
        if not self.obj.busy:
            return 0.0
        if self.elapsed >= self.timeout:
            log.warning("Await timed out after %.1fs on %r", self.elapsed, self.obj)
            self.obj.skip()
            return 0.0
        return None

    def _jump_to_end(self) -> None:
        self.obj.skip()


class Func(Animation):
    """Drive ``fn(t)`` with eased progress t in 0..1 over ``duration`` (custom effects)."""

    def __init__(self, fn: Callable[[float], Any], duration: float, ease: str | Ease | None = "linear",
                 blocking: bool | None = None, on_done: Callable[[], Any] | None = None) -> None:
        super().__init__(blocking, on_done)
        self.fn, self.duration, self.ease, self.elapsed = fn, max(0.0, duration), easing(ease), 0.0

    def _step(self, dt: float) -> float | None:
        self.elapsed += dt
        if self.duration <= 0 or self.elapsed >= self.duration - EPS:
            self.fn(1.0)
            return max(0.0, self.elapsed - self.duration)
        self.fn(self.ease(self.elapsed / self.duration))
        return None

    def _jump_to_end(self) -> None:
        self.fn(1.0)


class Group(Animation):
    """Common base of Sequence and Parallel: children and a blocking flag from them."""

    def __init__(self, *children: Animation | Iterable[Animation], blocking: bool | None = None,
                 on_done: Callable[[], Any] | None = None) -> None:
        super().__init__(blocking, on_done)
        flat: list[Animation] = []
        for c in children:
            if isinstance(c, Animation):
                flat.append(c)
            elif c is not None:
                flat.extend(x for x in c if x is not None)
        self.children = flat
        if blocking is None:
            self.blocking = any(c.blocking for c in flat)

    def _jump_to_end(self) -> None:
        for c in self.children:
            c.finish()


class Sequence(Group):
    """Play children one after another (leftover time flows into the next)."""

    def __init__(self, *children: Animation | Iterable[Animation], blocking: bool | None = None,
                 on_done: Callable[[], Any] | None = None) -> None:
        super().__init__(*children, blocking=blocking, on_done=on_done)
        self.index = 0

    def _step(self, dt: float) -> float | None:
        while self.index < len(self.children):
            child = self.children[self.index]
            left = child.update(dt)
            if not child.done:
                return None
            self.index += 1
            dt = left
        return dt


class Parallel(Group):
    """Play children together; ends when the last one ends."""

    def _step(self, dt: float) -> float | None:
        left = dt
        running = False
        for c in self.children:
            if not c.done:
                lo = c.update(dt)
                if c.done:
                    left = min(left, lo)
                else:
                    running = True
        return None if running else left
