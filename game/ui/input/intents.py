"""The Intent dataclasses the router returns: Click, IllegalClick, ClickEmpty, Inspect, drags, Scroll, Command, Hover..."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# -------------------------------------------------------------------- intents


@dataclass(frozen=True)
class Intent:
    """Base of everything the router returns."""


@dataclass(frozen=True)
class Click(Intent):
    """A legal region was clicked (left button)."""

    payload: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class IllegalClick(Intent):
    """An illegal region (or drop) was clicked: ``reason`` says why, in words."""

    payload: Any
    reason: str
    pos: tuple[int, int]


@dataclass(frozen=True)
class ClickEmpty(Intent):
    """A click that hit no region (close popups, deselect)."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True)
class Inspect(Intent):
    """Right-click: show this thing large."""

    payload: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragStart(Intent):
    """A draggable region started moving with the mouse."""

    payload: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class Drop(Intent):
    """A drag ended on an accepting drop target."""

    payload: Any
    target: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragCancel(Intent):
    """A drag ended on nothing (the piece goes back)."""

    payload: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class Scroll(Intent):
    """Mouse wheel over ``payload``'s region (or over nothing: payload None); dy>0 is up."""

    payload: Any
    dy: int
    pos: tuple[int, int]


@dataclass(frozen=True)
class Command(Intent):
    """A keyboard shortcut: undo, pause, confirm, rules, fullscreen (or a scene's own)."""

    name: str


@dataclass(frozen=True)
class SkipAnimation(Intent):
    """A click or key while a blocking animation played: finish it now."""


@dataclass(frozen=True)
class Hover(Intent):
    """The hovered region changed (payload None: nothing hovered)."""

    payload: Any
