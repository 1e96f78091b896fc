"""Easing curves, interpolation of numbers and tuples, and the global animation speed setting."""

from __future__ import annotations

import math
from typing import Any, Callable

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
