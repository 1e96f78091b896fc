"""Tweens, easing and the animation queue scenes feed with the rules' events.

Why: the rules apply an action instantly and return Events; the player must
SEE what happened (a die tumbling, a card sliding, a hit shaking the target)
at a readable pace, be able to skip it with a click, and not act while a
blocking animation is still telling the story. The main loop asks
``queue.animating`` to decide whether to tick frames or sleep (idle is idle).

Everything here is plain Python: no pygame needed except by the sound hooks.
One module per job; this package re-exports them all (``anim.Tween``,
``from game.ui.anim import AnimationQueue``):

- ``easings``: easing curves, ``lerp``, ``set_speed`` / ``speed``.
- ``tweens``: ``Animation``, ``Tween``, ``Wait``, ``Call``, ``Await``, ``Func``,
  ``Sequence``, ``Parallel``.
- ``props``: ``Prop`` and ``move``, ``fade``, ``flip``, ``pulse``, ``shake``.
- ``queue``: ``AnimationQueue``.
- ``animator``: ``EventAnimator``.
"""

from __future__ import annotations

from game.ui.anim.animator import EventAnimator, Handler
from game.ui.anim.easings import (
    _BACK,
    EASINGS,
    EPS,
    Ease,
    easing,
    in_back,
    in_cubic,
    in_out_back,
    in_out_cubic,
    in_out_quad,
    in_quad,
    lerp,
    linear,
    out_back,
    out_cubic,
    out_elastic,
    out_quad,
    set_speed,
    speed,
)
from game.ui.anim.props import Prop, fade, flip, move, pulse, shake
from game.ui.anim.queue import AnimationQueue
from game.ui.anim.tweens import Animation, Await, Busy, Call, Func, Group, Parallel, Sequence, Tween, Wait

__all__ = [
    "EASINGS",
    "EPS",
    "Ease",
    "_BACK",
    "easing",
    "in_back",
    "in_cubic",
    "in_out_back",
    "in_out_cubic",
    "in_out_quad",
    "in_quad",
    "lerp",
    "linear",
    "out_back",
    "out_cubic",
    "out_elastic",
    "out_quad",
    "set_speed",
    "speed",
    "Animation",
    "Await",
    "Busy",
    "Call",
    "Func",
    "Group",
    "Parallel",
    "Sequence",
    "Tween",
    "Wait",
    "Prop",
    "fade",
    "flip",
    "move",
    "pulse",
    "shake",
    "AnimationQueue",
    "EventAnimator",
    "Handler",
]
