"""The ``DiceTray`` itself: its state, custom dice, the floor, whether it is busy, which faces it shows."""

from __future__ import annotations

import logging
import random
from typing import Any, Callable, Iterable

import pygame
import pymunk

from game.ui import gfx
from game.ui.dice_tray.drawing import TrayDrawing
from game.ui.dice_tray.faces import CustomDie, _Die
from game.ui.dice_tray.physics import LABEL_STRIP, TrayPhysics

log = logging.getLogger(__name__)

Colour = gfx.Colour


class DiceTray(TrayPhysics, TrayDrawing):
    """A felt tray where thrown dice tumble and settle on given faces.

    ``throw(dice, label=None)`` starts a throw (see ``normalize`` for the die
    forms); ``update(dt)`` steps physics; ``draw(surface)`` paints it; ``busy``
    is True until every die (chains included) rests; ``skip()`` lays them out at
    once. ``faces`` lists the face labels shown, in throw order (chains expanded).
    """

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], seed: int | None = None,
                 die_size: int = 54, custom_dice: Iterable[CustomDie] = (),
                 sounds: Any = None) -> None:
        self.rect = pygame.Rect(rect)
        self.rng = random.Random(seed)
        self.base_size = die_size
        self.size = die_size
        self.custom: dict[str, CustomDie] = {d.name: d for d in custom_dice}
        self.sounds = sounds
        self.dice: list[_Die] = []
        self.label: str | None = None
        self.time = 0.0
        self._acc = 0.0
        self._space: pymunk.Space | None = None
        self._surf_cache: dict[tuple, pygame.Surface] = {}
        self._last_clack = -1.0
        self.label_alpha = 0.0
        self.on_settled: Callable[[], Any] | None = None
        self._was_busy = False

    # ------------------------------------------------------------------ setup
    def register_die(self, die: CustomDie) -> None:
        """Make a custom die known by name (for [name, face] pairs in events)."""
        self.custom[die.name] = die

    @property
    def floor(self) -> pygame.Rect:
        """Return the area dice may roll in (the tray minus its rim and the result label's strip)."""
        r = self.rect.inflate(-12, -12)
        if self.label:
            r.h -= LABEL_STRIP
        return r

    def clear(self) -> None:
        """Remove every die and the label."""
        self.dice = []
        self.label = None
        self._space = None
        self.label_alpha = 0.0

    # ------------------------------------------------------------------ stepping
    @property
    def busy(self) -> bool:
        """True while a die moves or a chain's extra die is still to come."""
        return any(not d.settled for d in self.dice)

    @property
    def animating(self) -> bool:
        """True while dice move or the result label is still fading in (the loop should tick)."""
        return self.busy or bool(self.dice and self.label and self.label_alpha < 1.0)

    @property
    def faces(self) -> list[str]:
        """Return the labels currently shown (tumbling dice show their current face)."""
        return [(d.shown or d.final).label for d in self.dice if d.body is not None or d.settled]

    @property
    def final_faces(self) -> list[str]:
        """Return the labels the dice will end on, in throw order (chains expanded)."""
        return [d.final.label for d in self.dice]

    def _play(self, name: str, volume: float = 1.0) -> None:
        if self.sounds is None:
            return
        try:
            self.sounds.play(name, volume)
        except Exception:  # sound must never break the table
            log.debug("dice tray sound failed", exc_info=True)
