"""Panes: the parts a ruleset scene is made of (board, hand, market, arena, AP track, ...).

A pane has a rect, draws from a typed view (the view record its ruleset produces, never rule-state
internals), returns hit regions whose payloads are Actions or reasons, answers "inspect" for what it
shows, and registers the animations of the events it owns. Because a pane only reads the view it is
given, the same pane can be mounted over a child game's view (the skirmish arena inside an
expedition screen) as well as over its own game's.

A scene built from panes lists them in ``self.panes``; ``PaneHost`` (mixed into a ``RulesetScene``)
lays them out, draws them in order, gathers their regions, asks them to inspect and to animate.
"""

from __future__ import annotations

from typing import Any, Iterable

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.ui import text as uitext


class Pane:
    """One part of a table scene. Subclasses implement ``draw`` and usually ``regions``."""

    #: a short name for tests and logs ("arena", "ap_track", "hand"...)
    name: str = "pane"

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True

    def layout(self, rect: pygame.Rect | tuple[int, int, int, int]) -> None:
        """Place the pane (called when the canvas or the text size changes)."""
        self.rect = pygame.Rect(rect)

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """Draw the pane from its typed view; never change game state."""
        raise NotImplementedError

    def regions(self, view: Any, legal: list[Action]) -> list[Any]:
        """Return the hit regions (``game.ui.input.HitRegion``) with Action or reason payloads."""
        return []

    def inspect(self, payload: Any) -> Any | None:
        """Return what to show large for a payload this pane owns (None: not this pane's)."""
        return None

    def animate(self, events: list[Event], view: Any) -> list[Any]:
        """Return the animations for the events this pane owns (empty: nothing to show)."""
        return []

    def text_problems(self) -> list[str]:
        """Return text that did not fit (read from the text recorder); empty when all fits."""
        return []


class TextPane(Pane):
    """A pane that records every line of text it draws (``self.rec``), so ``text_problems`` can check it."""

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rec = uitext.TextRecorder()

    @property
    def lang(self) -> str:
        """The host's language (the current one in a bare host)."""
        return str(getattr(self.scene, "lang", None) or i18n.language())

    def put(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, colour: Any,
            align: str, box: pygame.Rect, bold: bool = False, max_width: int | None = None) -> pygame.Rect:
        """Draw text as given and record it with the box it must stay in."""
        return self.rec.put(surface, text, pos, size, colour, align, box, bold, max_width)

    def line(self, surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour: Any,
             align: str = "midleft", bold: bool = False, minimum: int | None = None) -> pygame.Rect:
        """One line inside ``box``: the font shrinks (not below ``minimum``), then the text is cut with "…"."""
        return self.rec.line(surface, text, box, size, colour, align, bold, minimum)

    def block(self, surface: pygame.Surface, text: str, box: pygame.Rect, start: int, minimum: int,
              colour: Any, bold: bool = False) -> Any:
        """A wrapped block fitted to ``box``."""
        return self.rec.block(surface, text, box, start, minimum, colour, bold)

    def drawn(self) -> list[uitext.DrawnText]:
        """The text records of the last drawing."""
        return list(self.rec.records)

    def text_problems(self) -> list[str]:
        """Text of the last drawing outside its box or on other text."""
        return self.rec.problems()


class PaneHost:
    """Mixin for a scene made of panes (``self.panes``): draw, regions, inspect and animations in order."""

    panes: list[Pane]

    def visible_panes(self) -> Iterable[Pane]:
        """The panes shown now, in drawing order."""
        return [p for p in self.panes if p.visible]

    def pane(self, name: str) -> Pane:
        """Return the pane with this name (KeyError otherwise)."""
        for p in self.panes:
            if p.name == name:
                return p
        raise KeyError(name)

    def draw_panes(self, surface: pygame.Surface, view: Any) -> None:
        """Draw every visible pane in order."""
        for p in self.visible_panes():
            p.draw(surface, view)

    def pane_regions(self, view: Any, legal: list[Action]) -> list[Any]:
        """Gather every visible pane's hit regions (later panes are on top)."""
        out: list[Any] = []
        for p in self.visible_panes():
            out += p.regions(view, legal)
        return out

    def pane_inspect(self, payload: Any) -> Any | None:
        """Ask the panes, topmost first, what to show large for a payload."""
        for p in reversed(list(self.visible_panes())):
            shown = p.inspect(payload)
            if shown is not None:
                return shown
        return None

    def pane_animations(self, events: list[Event], view: Any) -> list[Any]:
        """Every pane's animations for these events, in pane order."""
        out: list[Any] = []
        for p in self.panes:
            out += p.animate(events, view)
        return out

    def pane_text_problems(self) -> list[str]:
        """Text that did not fit in any pane."""
        out: list[str] = []
        for p in self.panes:
            out += [f"{p.name}: {msg}" for msg in p.text_problems()]
        return out
