"""Props (the sprites animations move) and the helpers move, fade, flip, pulse and shake."""

from __future__ import annotations

import math
from typing import Any, Callable

from game.ui.anim.easings import Ease
from game.ui.anim.tweens import Animation, Call, Func, Sequence, Tween

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
