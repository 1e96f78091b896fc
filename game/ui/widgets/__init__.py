"""In-game widgets drawn with plain pygame (menus use pygame_gui; the board uses these).

Why: every ruleset scene needs the same tooltip, transient toast, game log,
large inspector, phase/turn strip, action buttons, animated counters and big
banners, with one look and one behaviour. Widgets are cheap to draw every
frame (text renders are cached in gfx) and report ``animating`` so the main
loop can sleep when nothing moves.

One module per widget job; this package re-exports them all, so
``from game.ui.widgets import Button`` keeps working:

- ``base``: ``_Cached``, the paint-once repaint cache.
- ``tooltip``: ``Tooltip``, ``Toast``.
- ``logpanel``: ``LogEntry``, ``LogPanel``.
- ``inspector``: ``Inspector``.
- ``tracker``: ``PhaseTracker``.
- ``buttons``: ``Button``, ``ActionBar``.
- ``counters``: ``Counter``, ``Banner``.
"""

from __future__ import annotations

from game.ui.gfx import Colour
from game.ui.widgets.base import _Cached
from game.ui.widgets.buttons import ActionBar, Button
from game.ui.widgets.counters import Banner, Counter
from game.ui.widgets.inspector import Inspector
from game.ui.widgets.logpanel import LogEntry, LogPanel
from game.ui.widgets.tooltip import Toast, Tooltip, _ToastItem
from game.ui.widgets.tracker import PhaseTracker

__all__ = [
    "Colour",
    "_Cached",
    "Toast",
    "Tooltip",
    "_ToastItem",
    "LogEntry",
    "LogPanel",
    "Inspector",
    "PhaseTracker",
    "ActionBar",
    "Button",
    "Banner",
    "Counter",
]
