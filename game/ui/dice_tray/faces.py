"""Dice faces: pips, ``Face``, custom dice with labelled faces, and the die forms a throw accepts (``normalize``)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import pygame
import pymunk

from game.ui import gfx

log = logging.getLogger(__name__)

Colour = gfx.Colour


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


@dataclass(frozen=True)
class Face:
    """A face of a die: pips (1-6) or a label, optionally an icon (a gfx symbol name) and colours."""

    label: str
    pips: int | None = None
    icon: str | None = None
    colour: Colour | None = None     # face background (None: the die's colour)
    ink: Colour | None = None        # pips/label colour (None: readable on the background)

    @classmethod
    def number(cls, n: int) -> "Face":
        """Return the standard d6 face showing ``n``."""
        return cls(str(n), pips=n)


D6_FACES = tuple(Face.number(n) for n in range(1, 7))


@dataclass(frozen=True)
class CustomDie:
    """A die with named faces (level data: escape, vision, luck dice...)."""

    name: str
    faces: tuple[Face, ...]
    colour: Colour | None = None

    def face(self, label: str) -> Face:
        """Return the face called ``label`` (a plain labelled face when the die lacks it)."""
        for f in self.faces:
            if f.label == label:
                return f
        return Face(str(label))

    @classmethod
    def from_labels(cls, name: str, labels: Sequence[str], colour: Colour | None = None,
                    colours: dict[str, Colour] | None = None, icons: dict[str, str] | None = None) -> "CustomDie":
        """Build a die from face labels with optional per-label colours and icons."""
        colours, icons = colours or {}, icons or {}
        return cls(name, tuple(Face(lb, icon=icons.get(lb), colour=colours.get(lb)) for lb in labels), colour)


@dataclass
class _Die:
    """One die on the tray (a link of an exploding chain is its own die)."""

    final: Face
    tumble: tuple[Face, ...]
    colour: Colour | None
    parent: int | None = None        # index of the die whose 6 spawned this one
    explodes: bool = False           # this die's 6 spawns a follower
    child_spawned: bool = False
    body: pymunk.Body | None = None
    shape: pymunk.Shape | None = None
    shown: Face | None = None
    age: float = 0.0
    rest_time: float = 0.0
    rolled: float = 0.0              # distance since the last face change
    locked: bool = False             # shows the final face
    settled: bool = False
    settled_at: float = 0.0
    spawn_at: float = 0.0            # tray time when it entered
    entry: tuple[str, int, int] | None = None   # (side, index, count) of a first throw
    due: float = 0.0                 # tray time when a first-throw die enters
    pos: tuple[float, float] = (0.0, 0.0)
    angle: float = 0.0
    lift: float = 0.0
    sprite: tuple[Any, pygame.Surface] | None = None   # the last rotated picture (reused while it rests)


def normalize(dice: Iterable[Any], custom: dict[str, CustomDie] | None = None
              ) -> list[tuple[list[Face], tuple[Face, ...], Colour | None]]:
    """Turn what the rules report into chains of faces.

    Accepts per die: an int (1-6), a list of ints (an exploding chain: [6, 6, 2]),
    a Face, a (CustomDie, label) pair, a [die_name, label] pair (PoolRoll JSON,
    looked up in ``custom``), a {"die": name, "face": label} dict or a plain label.
    Returns (chain faces, faces to tumble through, die colour) per die.
    """
    custom = custom or {}
    out: list[tuple[list[Face], tuple[Face, ...], Colour | None]] = []
    for d in dice:
        if isinstance(d, bool):
            d = int(d)
        if isinstance(d, int):
            out.append(([Face.number(_d6(d))], D6_FACES, None))
        elif isinstance(d, Face):
            out.append(([d], (d,), None))
        elif isinstance(d, (list, tuple)) and d and all(isinstance(x, int) and not isinstance(x, bool) for x in d):
            out.append(([Face.number(_d6(x)) for x in d], D6_FACES, None))
        elif isinstance(d, (list, tuple)) and len(d) == 2 and isinstance(d[0], CustomDie):
            die = d[0]
            out.append(([die.face(str(d[1]))], die.faces, die.colour))
        elif isinstance(d, (list, tuple)) and len(d) == 2 and isinstance(d[0], str):
            die = custom.get(d[0])
            if die is None:
                out.append(([Face(str(d[1]))], (Face(str(d[1])),), None))
            else:
                out.append(([die.face(str(d[1]))], die.faces, die.colour))
        elif isinstance(d, dict) and "face" in d:
            die = custom.get(str(d.get("die", "")))
            if die is None:
                f = Face(str(d["face"]))
                out.append(([f], (f,), None))
            else:
                out.append(([die.face(str(d["face"]))], die.faces, die.colour))
        elif isinstance(d, str):
            f = Face(d)
            out.append(([f], (f,), None))
        else:
            log.warning("dice tray: cannot show die %r", d)
    return out


def _d6(n: int) -> int:
    if not 1 <= n <= 6:
        log.warning("dice tray: face %r is not 1-6; clamped", n)
    return max(1, min(6, n))
