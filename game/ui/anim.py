"""Tweens, easing and the animation queue scenes feed with the rules' events.

Why: the rules apply an action instantly and return Events; the player must
SEE what happened (a die tumbling, a card sliding, a hit shaking the target)
at a readable pace, be able to skip it with a click, and not act while a
blocking animation is still telling the story. The main loop asks
``queue.animating`` to decide whether to tick frames or sleep (idle is idle).

Everything here is plain Python: no pygame needed except by the sound hooks.
"""

from __future__ import annotations

import logging
import math
from collections import deque
from typing import Any, Callable, Iterable, Protocol
from typing import Sequence as SequenceOf

log = logging.getLogger(__name__)

Ease = Callable[[float], float]
EPS = 1e-9  # float slack so 0.1 + 0.1 + 0.1 finishes a 0.3 s tween

# ---------------------------------------------------------------------- easing


def linear(t: float) -> float:
    """No easing."""
    return t


def in_quad(t: float) -> float:
    """Accelerate from rest."""
    return t * t


def out_quad(t: float) -> float:
    """Decelerate to rest."""
    return 1 - (1 - t) * (1 - t)


def in_out_quad(t: float) -> float:
    """Accelerate then decelerate."""
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def in_cubic(t: float) -> float:
    """Accelerate from rest (stronger)."""
    return t ** 3


def out_cubic(t: float) -> float:
    """Decelerate to rest (stronger)."""
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    """Accelerate then decelerate (stronger)."""
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


_BACK = 1.70158


def in_back(t: float) -> float:
    """Pull back a little, then go."""
    return (_BACK + 1) * t ** 3 - _BACK * t * t


def out_back(t: float) -> float:
    """Overshoot the end a little and settle."""
    u = t - 1
    return 1 + (_BACK + 1) * u ** 3 + _BACK * u * u


def in_out_back(t: float) -> float:
    """Pull back, go, overshoot, settle."""
    c2 = _BACK * 1.525
    if t < 0.5:
        return ((2 * t) ** 2 * ((c2 + 1) * 2 * t - c2)) / 2
    return ((2 * t - 2) ** 2 * ((c2 + 1) * (t * 2 - 2) + c2) + 2) / 2


def out_elastic(t: float) -> float:
    """A light spring: overshoots a few times with quickly decaying wobble ("elastic-lite")."""
    if t <= 0:
        return 0.0
    if t >= 1:
        return 1.0
    return 1 - math.exp(-7 * t) * math.cos(t * 3.2 * math.pi)


EASINGS: dict[str, Ease] = {
    "linear": linear, "in_quad": in_quad, "out_quad": out_quad, "in_out_quad": in_out_quad,
    "in_cubic": in_cubic, "out_cubic": out_cubic, "in_out_cubic": in_out_cubic,
    "in_back": in_back, "out_back": out_back, "in_out_back": in_out_back, "out_elastic": out_elastic,
}


def easing(name_or_fn: str | Ease | None) -> Ease:
    """Return an easing function from its name (or pass a function through)."""
    if name_or_fn is None:
        return linear
    if callable(name_or_fn):
        return name_or_fn
    try:
        return EASINGS[name_or_fn]
    except KeyError:
        raise ValueError(f"unknown easing {name_or_fn!r}: one of {sorted(EASINGS)}") from None


def lerp(a: Any, b: Any, t: float) -> Any:
    """Interpolate numbers or equal-length tuples/lists (ints stay ints only at the ends)."""
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * t for x, y in zip(a, b))
    return a + (b - a) * t


# ------------------------------------------------------------------ speed factor

_speed = 1.0


def set_speed(speed: float) -> None:
    """Set the global animation speed setting (1 normal, 2 twice as fast, 0 instant)."""
    global _speed
    _speed = max(0.0, float(speed))


def speed() -> float:
    """Return the global animation speed setting."""
    return _speed


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


# ---------------------------------------------------------------------- props


class Prop:
    """A thing on the table the helpers animate: position, scale, angle, alpha, flip, shake offset.

    Scenes keep one per card/chip/token sprite and draw it with ``gfx.draw_prop``;
    ``flip`` goes 1 -> 0 -> 1 during ``anim.flip`` and ``face_up`` swaps at the middle.
    """

    __slots__ = ("pos", "scale", "angle", "alpha", "flip", "offset", "face_up", "data")

    def __init__(self, pos: tuple[float, float] = (0.0, 0.0), *, scale: float = 1.0, angle: float = 0.0,
                 alpha: float = 255.0, face_up: bool = True, data: Any = None) -> None:
        self.pos = (float(pos[0]), float(pos[1]))
        self.scale, self.angle, self.alpha = scale, angle, alpha
        self.flip = 1.0
        self.offset = (0.0, 0.0)
        self.face_up = face_up
        self.data = data

    @property
    def screen_pos(self) -> tuple[float, float]:
        """Return the drawn centre (position plus shake offset)."""
        return self.pos[0] + self.offset[0], self.pos[1] + self.offset[1]

    def turn_over(self, duration: float = 0.3, **kw: Any) -> "Sequence":
        """Return a flip animation that turns the prop face up/down at its middle."""
        return flip(self, duration, on_half=lambda: setattr(self, "face_up", not self.face_up), **kw)


# ---------------------------------------------------------------------- helpers


def move(obj: Any, to: tuple[float, float], duration: float = 0.35, attr: str = "pos",
         ease: str | Ease = "out_cubic", **kw: Any) -> Tween:
    """Slide ``obj.pos`` (or another tuple attribute) to ``to``."""
    return Tween(obj, attr, end=tuple(to), duration=duration, ease=ease, **kw)


def fade(obj: Any, to: float, duration: float = 0.25, attr: str = "alpha", **kw: Any) -> Tween:
    """Fade ``obj.alpha`` (0..255 or 0..1, as the object uses) to ``to``."""
    return Tween(obj, attr, end=to, duration=duration, ease=kw.pop("ease", "linear"), **kw)


def flip(obj: Any, duration: float = 0.3, attr: str = "flip", on_half: Callable[[], Any] | None = None,
         **kw: Any) -> Sequence:
    """Flip a card: ``obj.flip`` (horizontal scale 1 -> 0 -> 1); ``on_half`` swaps the face at 0."""
    half = duration / 2
    steps: list[Animation] = [Tween(obj, attr, end=0.0, duration=half, ease="in_quad")]
    if on_half is not None:
        steps.append(Call(on_half))
    steps.append(Tween(obj, attr, end=1.0, duration=half, ease="out_quad"))
    return Sequence(*steps, **kw)


def pulse(obj: Any, amount: float = 0.15, duration: float = 0.35, attr: str = "scale", times: int = 1,
          **kw: Any) -> Sequence:
    """Grow ``obj.scale`` by ``amount`` and back (draws the eye to a change)."""
    base = getattr(obj, attr) if not isinstance(obj, dict) else obj[attr]
    steps: list[Animation] = []
    per = duration / max(1, times) / 2
    for _ in range(max(1, times)):
        steps.append(Tween(obj, attr, start=base, end=base + amount, duration=per, ease="out_quad"))
        steps.append(Tween(obj, attr, start=base + amount, end=base, duration=per, ease="in_quad"))
    return Sequence(*steps, **kw)


def shake(obj: Any, amplitude: float = 8.0, duration: float = 0.35, attr: str = "offset",
          frequency: float = 22.0, **kw: Any) -> Func:
    """Shake ``obj.offset`` (an (x, y) tuple) with a decaying wobble; ends at (0, 0)."""

    def setter(t: float) -> None:
        decay = (1 - t) ** 2
        a = amplitude * decay
        val = (a * math.sin(t * duration * frequency * 2 * math.pi),
               a * 0.6 * math.cos(t * duration * frequency * 1.3 * 2 * math.pi)) if t < 1 else (0.0, 0.0)
        if isinstance(obj, dict):
            obj[attr] = val
        else:
            setattr(obj, attr, val)

    return Func(setter, duration, "linear", **kw)


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
        return _speed if self.speed is None else max(0.0, self.speed)

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


# ---------------------------------------------------------------- event mapping

Handler = Callable[[Any], "Animation | None"]


class EventAnimator:
    """Turn engine Events (DiceRolled, ChipDrawn, CardMoved, DamageDealt, PhaseBegan,
    GameOver, Shuffled) into default animations and sounds; scenes override per kind.

    ``animator.on("CardMoved", fn)`` replaces a default; ``fn(event)`` returns an
    Animation (or None). ``feed(events)`` queues them all in order. Private
    events are shown as their public version unless ``viewer`` may see them.

    Optional collaborators (all may be None): ``tray`` (a DiceTray), ``sounds``
    (an object with ``play(name)``), ``banner`` (a widgets.Banner), ``shake_target``
    (an object with an ``offset`` attribute, e.g. the scene camera), ``label``
    (``fn(event) -> str``, the words for banners; defaults to the phase name),
    ``dice_of`` (``fn(event) -> dice`` for rulesets with their own roll data),
    ``flights`` (a physics.FlightField) with ``where`` (``fn(event) -> (key, start,
    end)`` or None): ChipDrawn then pops the chip out of the bag to its slot and
    CardMoved flicks the card to its pile.
    The scene calls ``tray.update(dt)`` / ``flights.update(dt)`` every frame (it
    also draws them); with ``drive_tray=True`` the queue drives both instead.
    """

    def __init__(self, queue: AnimationQueue, *, tray: Any = None, sounds: Any = None, banner: Any = None,
                 shake_target: Any = None, label: Callable[[Any], str] | None = None,
                 viewer: int | None = None, dice_of: Callable[[Any], SequenceOf[Any]] | None = None,
                 drive_tray: bool = False, flights: Any = None,
                 where: Callable[[Any], tuple[Any, Any, Any] | None] | None = None) -> None:
        self.drive_tray = drive_tray
        self.flights, self.where = flights, where
        self.queue, self.tray, self.sounds, self.banner = queue, tray, sounds, banner
        self.shake_target, self.label, self.viewer, self.dice_of = shake_target, label, viewer, dice_of
        self.handlers: dict[str, Handler] = {
            "DiceRolled": self._dice, "ChipDrawn": self._chip, "CardMoved": self._card,
            "DamageDealt": self._damage, "PhaseBegan": self._phase, "GameOver": self._game_over,
            "Shuffled": self._shuffled,
        }

    def on(self, kind: str, handler: Handler | None) -> None:
        """Set (or with None, silence) the handler of an event kind."""
        if handler is None:
            self.handlers[kind] = lambda e: None
        else:
            self.handlers[kind] = handler

    def animation_for(self, event: Any) -> Animation | None:
        """Return the animation for one event (None when nothing to show)."""
        if hasattr(event, "visible_to") and not event.visible_to(self.viewer):
            event = event.public()
        handler = self.handlers.get(getattr(event, "kind", ""))
        if handler is None:
            return None
        try:
            return handler(event)
        except Exception:
            log.exception("animation handler for %s failed", getattr(event, "kind", "?"))
            return None

    def feed(self, events: Iterable[Any]) -> list[Animation]:
        """Queue the animations of ``events`` in order; return them."""
        out = []
        for e in events:
            a = self.animation_for(e)
            if a is not None:
                self.queue.play(a)
                out.append(a)
        return out

    def sound(self, name: str) -> Call | None:
        """Return a Call playing sound ``name`` (None without a sound player)."""
        if self.sounds is None:
            return None
        return Call(lambda: self.sounds.play(name))

    # defaults -------------------------------------------------------------
    def _dice(self, event: Any) -> Animation | None:
        data = event.data
        if data.get("hidden"):
            return None
        if self.tray is None:
            return Sequence([x for x in (self.sound("dice"), Wait(0.2)) if x])
        label: Any = None
        if self.dice_of:
            dice = self.dice_of(event)
        elif "dice" in data:  # DiceRoll.to_json(): exploding d6 chains
            dice = data.get("dice") or []
        else:  # PoolRoll.to_json(): [die name, face] pairs
            dice = data.get("faces") or []
        if data.get("total") is not None:
            label = str(data["total"])
        elif data.get("successes") is not None:
            from game.engine.i18n import t

            label = t("ui.successes", n=data["successes"])
        tray = self.tray
        return Sequence(Call(lambda: tray.throw(dice, label=label)),
                        Await(tray, drive=self.drive_tray), Wait(0.35), blocking=True)

    def _fly(self, event: Any, chip: bool) -> Animation | None:
        """Launch a chip or card flight for the event when the scene said where it goes."""
        if self.flights is None or self.where is None:
            return None
        spot = self.where(event)
        if not spot:
            return None
        key, start, end = spot
        flights = self.flights
        if chip:
            launch: Callable[[], Any] = lambda: flights.chip_from_bag(key, start, end)  # noqa: E731
        else:
            launch = lambda: flights.flick_card(key, start, end)  # noqa: E731
        return Sequence(Call(launch), Await(flights, drive=self.drive_tray, blocking=False))

    def _chip(self, event: Any) -> Animation | None:
        fly = self._fly(event, True)
        return Sequence([x for x in (self.sound("chip"), fly or Wait(0.15)) if x])

    def _card(self, event: Any) -> Animation | None:
        fly = self._fly(event, False)
        return Sequence([x for x in (self.sound("card"), fly or Wait(0.12)) if x])

    def _shuffled(self, event: Any) -> Animation | None:
        return Sequence([x for x in (self.sound("card"), Wait(0.1), self.sound("card")) if x])

    def _damage(self, event: Any) -> Animation | None:
        parts: list[Animation | None] = [self.sound("hit")]
        if self.shake_target is not None:
            amount = event.data.get("amount") or 1
            parts.append(shake(self.shake_target, amplitude=min(14.0, 4.0 + 2.0 * float(amount)), duration=0.3))
        else:
            parts.append(Wait(0.2))
        return Parallel([p for p in parts if p])

    def _phase(self, event: Any) -> Animation | None:
        if self.banner is None:
            return None
        words = self.label(event) if self.label else str(event.data.get("phase", ""))
        if not words:
            return None
        return self.banner.show_anim(words, duration=0.9)

    def _game_over(self, event: Any) -> Animation | None:
        parts: list[Animation | None] = [self.sound("victory")]
        if self.banner is not None:
            words = self.label(event) if self.label else ""
            if not words:
                from game.engine.i18n import t

                words = t("ui.game_over")
            parts.append(self.banner.show_anim(words, duration=2.0, big=True))
        return Sequence([p for p in parts if p], blocking=True)
