"""Input routing: pygame events in, Intents out.

Why: every scene needs the same mouse-first behaviour (hover highlight and a
delayed tooltip naming the rule, click, drag-and-drop with a ghost, right-click
to inspect, an illegal click answered with the reason in words, and the
shortcuts Ctrl+Z, Esc, Space, F1, F11). Scenes register HitRegions while they
draw (immediate mode) and handle the Intent dataclasses the router returns; they
never look at raw pygame events for board interaction.

Coordinates are logical canvas coordinates: the app scales the canvas into the
window with letterboxing, and ``to_logical`` maps window pixels back.

One module per job; this package re-exports them all (``from game.ui.input import HitRegion``):

- ``regions``: ``HitRegion``, ``Circle``, ``letterbox``, ``to_logical``, ``to_window``.
- ``intents``: ``Intent`` and its kinds.
- ``router``: ``InputRouter``, ``DEFAULT_SHORTCUTS``, ``DRAG_THRESHOLD``.
"""

from __future__ import annotations

from game.ui.input.intents import (
    Click,
    ClickEmpty,
    Command,
    DragCancel,
    DragStart,
    Drop,
    Hover,
    IllegalClick,
    Inspect,
    Intent,
    Scroll,
    SkipAnimation,
)
from game.ui.input.regions import Circle, HitRegion, Point, letterbox, to_logical, to_window
from game.ui.input.router import DEFAULT_SHORTCUTS, DRAG_THRESHOLD, InputRouter, gfx_text_not_allowed

__all__ = [
    "Circle",
    "HitRegion",
    "Point",
    "letterbox",
    "to_logical",
    "to_window",
    "Click",
    "ClickEmpty",
    "Command",
    "DragCancel",
    "DragStart",
    "Drop",
    "Hover",
    "IllegalClick",
    "Inspect",
    "Intent",
    "Scroll",
    "SkipAnimation",
    "DEFAULT_SHORTCUTS",
    "DRAG_THRESHOLD",
    "InputRouter",
    "gfx_text_not_allowed",
]
