"""Physics flights: chips popping out of a bag, cards flicked onto a pile.

Why: a chip that simply appears in its slot tells the player nothing; one that
pops out of the bag, skids, spins and then glides into its slot shows where it
came from and where it went. pymunk decides the free flight (an impulse, spin,
friction, bounces off the board's edges); then a tween brings the piece home to
the exact slot and angle the scene wants, so the end state is always exact.

Cheap (a few bodies, fixed 1/120 s steps) and deterministic for a given seed
and sequence of ``update`` calls. Scenes draw their own sprites at
``flight.pos`` / ``flight.angle`` (degrees, counter-clockwise like
pygame.transform.rotate) / ``flight.scale``.
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Hashable

import pygame
import pymunk

from game.ui import anim

log = logging.getLogger(__name__)

STEP = 1 / 120


@dataclass
class Flight:
    """One piece in the air: free flight (physics) then homing (tween) to ``target``."""

    key: Hashable
    body: pymunk.Body
    target: tuple[float, float]
    target_angle: float          # degrees
    fly_time: float
    home_time: float
    lift_scale: float = 0.15
    on_done: Callable[[], Any] | None = None
    phase: str = "fly"           # fly, home, done
    t: float = 0.0
    pos: tuple[float, float] = (0.0, 0.0)
    angle: float = 0.0           # degrees
    scale: float = 1.0
    _home_from: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @property
    def done(self) -> bool:
        """True once the piece rests in its slot."""
        return self.phase == "done"


class FlightField:
    """Runs flights inside ``bounds`` (pieces bounce off its edges while flying)."""

    def __init__(self, bounds: pygame.Rect | tuple[int, int, int, int] | None = None, seed: int | None = None,
                 damping: float = 0.25, collide: bool = False) -> None:
        self.rng = random.Random(seed)
        self.space = pymunk.Space()
        self.space.gravity = (0, 0)
        self.space.damping = damping
        self.collide = collide
        self.flights: dict[Hashable, Flight] = {}
        self._acc = 0.0
        self.bounds = pygame.Rect(bounds) if bounds is not None else None
        if self.bounds is not None:
            r = self.bounds
            pts = [(r.left, r.top), (r.right, r.top), (r.right, r.bottom), (r.left, r.bottom)]
            for a, b in zip(pts, pts[1:] + pts[:1]):
                seg = pymunk.Segment(self.space.static_body, a, b, 4)
                seg.elasticity = 0.6
                seg.friction = 0.4
                self.space.add(seg)

    # ------------------------------------------------------------------ launching
    def launch(self, key: Hashable, start: tuple[float, float], target: tuple[float, float], *,
               velocity: tuple[float, float] | None = None, spin: float | None = None,
               size: tuple[float, float] | float = 40.0, start_angle: float = 0.0, target_angle: float = 0.0,
               fly: float = 0.45, home: float = 0.3, lift_scale: float = 0.15,
               on_done: Callable[[], Any] | None = None) -> Flight:
        """Throw a piece from ``start`` (velocity px/s, spin rad/s; random toward the target when omitted),
        let it fly ``fly`` seconds, then glide ``home`` seconds into ``target``/``target_angle``."""
        self.remove(key)
        body = pymunk.Body(1.0, 1.0)
        if isinstance(size, (int, float)):
            shape: pymunk.Shape = pymunk.Circle(body, float(size) / 2)
            body.moment = pymunk.moment_for_circle(1.0, 0, float(size) / 2)
        else:
            shape = pymunk.Poly.create_box(body, (float(size[0]), float(size[1])), radius=2)
            body.moment = pymunk.moment_for_box(1.0, (float(size[0]), float(size[1])))
        shape.elasticity = 0.5
        shape.friction = 0.5
        if not self.collide:
            shape.filter = pymunk.ShapeFilter(group=1)
        if self.bounds is not None:  # a piece starting outside the walls would bounce off them the wrong way
            half = (float(size) if isinstance(size, (int, float)) else float(max(size))) / 2 + 5
            inner = self.bounds.inflate(-2 * half, -2 * half)
            if inner.w > 0 and inner.h > 0:
                start = (min(max(start[0], inner.left), inner.right), min(max(start[1], inner.top), inner.bottom))
        body.position = start
        body.angle = -math.radians(start_angle)
        if velocity is None:
            dx, dy = target[0] - start[0], target[1] - start[1]
            dist = math.hypot(dx, dy) or 1.0
            jitter = self.rng.uniform(-0.35, 0.35)
            c, s = math.cos(jitter), math.sin(jitter)
            ux, uy = dx / dist, dy / dist
            ux, uy = ux * c - uy * s, ux * s + uy * c
            speed = dist / max(0.15, fly) * self.rng.uniform(0.8, 1.1)
            velocity = (ux * speed, uy * speed)
        body.velocity = velocity
        body.angular_velocity = spin if spin is not None else self.rng.uniform(-9, 9)
        self.space.add(body, shape)
        fl = Flight(key, body, (float(target[0]), float(target[1])), float(target_angle), max(0.0, fly),
                    max(0.01, home), lift_scale, on_done)
        fl.pos, fl.angle = (float(start[0]), float(start[1])), float(start_angle)
        self.flights[key] = fl
        if anim.speed() == 0:
            self._land(fl)
        return fl

    def chip_from_bag(self, key: Hashable, bag: tuple[float, float], slot: tuple[float, float],
                      radius: float = 22, **kw: Any) -> Flight:
        """A chip pops out of the bag at ``bag``, skids and spins, then settles into ``slot``."""
        kw.setdefault("fly", 0.4)
        kw.setdefault("home", 0.3)
        kw.setdefault("lift_scale", 0.3)
        return self.launch(key, bag, slot, size=2 * radius, **kw)

    def flick_card(self, key: Hashable, start: tuple[float, float], pile: tuple[float, float],
                   size: tuple[float, float] = (90, 126), pile_angle: float | None = None, **kw: Any) -> Flight:
        """A card is flicked from ``start`` onto the pile at ``pile`` and lands slightly askew (or at pile_angle)."""
        angle = pile_angle if pile_angle is not None else self.rng.uniform(-7, 7)
        kw.setdefault("fly", 0.3)
        kw.setdefault("home", 0.22)
        kw.setdefault("spin", self.rng.uniform(-6, 6))
        return self.launch(key, start, pile, size=size, target_angle=angle, **kw)

    def remove(self, key: Hashable) -> None:
        """Forget a flight (its body leaves the space)."""
        fl = self.flights.pop(key, None)
        if fl is not None and fl.body.space is not None:
            self.space.remove(fl.body, *fl.body.shapes)

    # ------------------------------------------------------------------ stepping
    @property
    def busy(self) -> bool:
        """True while a piece is still flying or homing."""
        return any(not f.done for f in self.flights.values())

    animating = busy

    def get(self, key: Hashable) -> Flight | None:
        """Return the flight of ``key`` (None when unknown)."""
        return self.flights.get(key)

    def update(self, dt: float) -> None:
        """Advance every flight by ``dt`` seconds (times the animation speed)."""
        sp = anim.speed()
        if sp == 0:
            self.skip()
            return
        if not self.busy:
            return
        self._acc += min(0.25, max(0.0, dt)) * sp
        while self._acc >= STEP:
            self._acc -= STEP
            self._step(STEP)

    def _step(self, h: float) -> None:
        flying = [f for f in self.flights.values() if f.phase == "fly"]
        if flying:
            self.space.step(h)
        for f in list(self.flights.values()):
            if f.phase == "done":
                continue
            f.t += h
            if f.phase == "fly":
                b = f.body
                f.pos = (float(b.position.x), float(b.position.y))
                f.angle = -math.degrees(b.angle)
                lift = max(0.0, 1 - f.t / max(0.01, f.fly_time))
                f.scale = 1 + f.lift_scale * math.sin(math.pi * min(1.0, f.t / max(0.01, f.fly_time))) * (
                    0.6 + 0.4 * lift)
                if f.t >= f.fly_time:
                    f.phase = "home"
                    f.t = 0.0
                    f._home_from = (f.pos[0], f.pos[1], f.angle)
                    b.velocity = (0, 0)
                    b.angular_velocity = 0
            elif f.phase == "home":
                k = anim.out_cubic(min(1.0, f.t / f.home_time))
                x0, y0, a0 = f._home_from
                da = ((f.target_angle - a0 + 180) % 360) - 180  # shortest turn
                f.pos = (x0 + (f.target[0] - x0) * k, y0 + (f.target[1] - y0) * k)
                f.angle = a0 + da * k
                f.scale = 1.0 + (f.scale - 1.0) * (1 - k)
                if f.t >= f.home_time:
                    self._land(f)

    def _land(self, f: Flight) -> None:
        f.phase = "done"
        f.pos = f.target
        f.angle = f.target_angle
        f.scale = 1.0
        if f.body.space is not None:
            self.space.remove(f.body, *f.body.shapes)
        if f.on_done is not None:
            try:
                f.on_done()
            except Exception:
                log.exception("flight on_done failed")

    def skip(self) -> None:
        """Put every piece in its slot now."""
        for f in list(self.flights.values()):
            if not f.done:
                self._land(f)

    def clear_done(self) -> None:
        """Forget flights that have landed (the scene draws those pieces in their slots itself)."""
        for k in [k for k, f in self.flights.items() if f.done]:
            del self.flights[k]


def draw_flying(surface: pygame.Surface, image: pygame.Surface, flight: Flight, shadow: bool = True) -> pygame.Rect:
    """Blit ``image`` at a flight's position, angle and scale (with a lifted shadow); return the rect."""
    scale = flight.scale
    img = image
    if abs(flight.angle) > 0.3 or abs(scale - 1.0) > 0.01:
        img = pygame.transform.rotozoom(image, flight.angle, scale)
    r = img.get_rect(center=(round(flight.pos[0]), round(flight.pos[1])))
    if shadow and not flight.done:
        lift = max(0.0, scale - 1.0) * 40 + 3
        sh = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        sh.fill((0, 0, 0, 0))
        mask = pygame.mask.from_surface(img)
        mask.to_surface(sh, setcolor=(0, 0, 0, 70), unsetcolor=(0, 0, 0, 0))
        surface.blit(sh, r.move(round(lift), round(lift)))
    surface.blit(img, r)
    return r
