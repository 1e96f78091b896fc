"""The ``DiceTray`` itself: its state, custom dice, the floor, whether it is busy, which faces it shows."""

from __future__ import annotations

import logging
import random
from typing import Any, Callable, Iterable, Sequence

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
        #: where the scene wants the tray, and the area it may move within to keep decisions in sight
        self.home = pygame.Rect(self.rect)
        self.bounds: pygame.Rect | None = None
        #: the rects the player must be able to see and click (legal targets, buttons); see ``avoid``
        self.keep_clear: Callable[[], Sequence[pygame.Rect]] | None = None
        self._placed = pygame.Rect(self.rect)
        self._avoided: tuple = ()

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

    # ------------------------------------------------------------------ keeping decisions in sight
    def avoid(self, keep: Sequence[pygame.Rect], bounds: pygame.Rect | None = None, shrink: bool = True) -> bool:
        """Move (and, with ``shrink``, shrink) the tray so it covers none of ``keep`` while staying inside
        ``bounds``: the nearest free place to where the scene put it, else a smaller tray, else the place that
        covers least. Resting dice move with it. Returns True when the tray moved or changed size."""
        if self.rect != self._placed:  # the scene moved the tray itself: that is its new home
            self.home = pygame.Rect(self.rect)
            self._placed = pygame.Rect(self.rect)
        if self.busy:  # dice in flight bounce off the walls where they are: move only before or after
            return False
        area = pygame.Rect(bounds or self.bounds or self.home).union(self.home)  # home is always allowed
        keep = [pygame.Rect(r) for r in keep if r.w > 0 and r.h > 0]
        key = (tuple(self.home), tuple(area), tuple(tuple(r) for r in keep), shrink)
        if key == self._avoided:
            return False
        self._avoided = key
        target = place_clear(self.home, keep, area, shrink)
        moved = target != self.rect
        if moved:
            dx, dy = target.x - self.rect.x, target.y - self.rect.y
            self.rect = target
            for d in self.dice:  # resting dice ride along
                d.pos = (d.pos[0] + dx, d.pos[1] + dy)
                if d.body is not None:
                    d.body.position = d.pos
        self._placed = pygame.Rect(self.rect)
        return moved

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


#: the smallest a tray may shrink to (a fraction of its home size) to keep decisions in sight
SHRINK_STEPS = (1.0, 0.8, 0.65)


def place_clear(home: pygame.Rect, keep: Sequence[pygame.Rect], bounds: pygame.Rect,
                shrink: bool = True) -> pygame.Rect:
    """The rect nearest ``home`` (same size, else smaller) inside ``bounds`` that overlaps none of ``keep``;
    when every place overlaps, the one that covers the least of them at the smallest size."""
    if home.collidelist(keep) < 0 and bounds.contains(home):
        return pygame.Rect(home)
    best: tuple[float, pygame.Rect] | None = None
    for scale in SHRINK_STEPS if shrink else (1.0,):
        w, h = min(bounds.w, round(home.w * scale)), min(bounds.h, round(home.h * scale))
        found = None
        step = 12
        for y in range(bounds.y, bounds.bottom - h + 1, step):
            for x in range(bounds.x, bounds.right - w + 1, step):
                r = pygame.Rect(x, y, w, h)
                if r.collidelist(keep) >= 0:
                    continue
                d = (r.centerx - home.centerx) ** 2 + (r.centery - home.centery) ** 2
                if found is None or d < found[0]:
                    found = (d, r)
        if found is not None:
            return found[1]
        for y in range(bounds.y, bounds.bottom - h + 1, step):  # nowhere free: the least covered place
            for x in range(bounds.x, bounds.right - w + 1, step):
                r = pygame.Rect(x, y, w, h)
                cover = sum(r.clip(k).w * r.clip(k).h for k in keep)
                if best is None or cover < best[0]:
                    best = (cover, r)
    return best[1] if best is not None else pygame.Rect(home)
