"""The tray's physics: pymunk space, throws, dice entering from the walls, stepping, settling within a hard time limit."""

from __future__ import annotations

import math
import random
from typing import Any, Callable, Iterable

import pygame
import pymunk

from game.engine.i18n import t
from game.ui import anim, gfx
from game.ui.dice_tray.faces import CustomDie, _Die, normalize

Colour = gfx.Colour


STEP = 1 / 120          # physics step (s)
SETTLE_SPEED = 22.0     # px/s under which a die counts as resting
LAST_TUMBLE = 260.0     # px/s under which the die shows its final face
SOFT_LIMIT = 1.6        # s after spawn: extra braking starts
HARD_LIMIT = 2.6        # s after spawn: the die stops, whatever happens
EXPLODE_DELAY = 0.3     # s between a 6 settling and its extra die flying in
FELT_DECEL = 520.0      # px/s^2 sliding friction of the felt
FELT_SPIN_DECEL = 14.0  # rad/s^2
ENTRY_GAP = 0.07        # s between dice leaving the hand
ENTRY_WINDOW = 0.6      # s: all first-throw dice have entered by then
LABEL_STRIP = 40        # px kept free at the bottom for the result label
MAX_DICE = 60           # dice (chains included) drawn at once


class TrayPhysics:
    """Mixin of ``DiceTray``: the pymunk part (throwing, stepping, settling, laying dice out)."""

    rect: pygame.Rect
    rng: random.Random
    size: int
    custom: dict[str, CustomDie]
    sounds: Any
    dice: list[_Die]
    label: str | None
    time: float
    _acc: float
    _space: pymunk.Space | None
    _last_clack: float
    label_alpha: float
    on_settled: Callable[[], Any] | None
    _was_busy: bool
    floor: pygame.Rect
    busy: bool

    _play: Callable[..., None]  # DiceTray

    def _new_space(self) -> pymunk.Space:
        space = pymunk.Space()
        space.gravity = (0, 0)
        space.damping = 0.45  # fraction of velocity kept per second: the felt
        space.iterations = 12
        r = self.floor
        pts = [(r.left, r.top), (r.right, r.top), (r.right, r.bottom), (r.left, r.bottom)]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            seg = pymunk.Segment(space.static_body, a, b, 6)
            seg.elasticity = 0.65
            seg.friction = 0.5
            space.add(seg)
        return space

    def throw(self, dice: Iterable[Any], label: str | int | None = None, from_side: str | None = None) -> None:
        """Throw dice showing the given faces (the rules' results); ``label`` shows once they rest (e.g. the total)."""
        chains = normalize(dice, self.custom)
        self.clear()
        keep_clear = getattr(self, "keep_clear", None)
        if keep_clear is not None:  # land where the player's choices stay in sight (DiceTray.avoid)
            self.avoid(keep_clear())  # type: ignore[attr-defined]
        if isinstance(label, int) or (isinstance(label, str) and label.lstrip("-").isdigit()):
            label = t("ui.total", n=label)
        self.label = label
        self._space = self._new_space()
        self.time = 0.0
        self._acc = 0.0
        count = sum(len(c[0]) for c in chains)
        usable = (self.floor.w - 28) * (self.floor.h - 28)
        fit = int(math.sqrt(max(1, usable) / max(1, count) / 5.0))
        self.size = max(22, min(self.base_size, fit))
        side = from_side or self.rng.choice(("left", "right", "bottom"))
        first = [c for c in chains]
        n = len(first)
        for i, (faces, tumble, colour) in enumerate(first):
            if len(self.dice) >= MAX_DICE:
                break
            idx = len(self.dice)
            # dice leave the hand one after another, so they never start on top of each other
            self.dice.append(_Die(faces[0], tumble, colour, explodes=len(faces) > 1,
                                  entry=(side, i, n), due=min(ENTRY_GAP, ENTRY_WINDOW / n) * i))
            if i == 0:
                self._spawn(idx, side, i, n)
            # followers of the chain are created now (spawned later, once the parent rests)
            parent = idx
            for k, f in enumerate(faces[1:]):
                if len(self.dice) >= MAX_DICE:
                    break
                self.dice.append(_Die(f, tumble, colour, parent=parent, explodes=k + 2 < len(faces), spawn_at=-1))
                parent = len(self.dice) - 1
        if self.sounds is not None:
            self._play("dice")
        if anim.speed() == 0:
            self.skip()

    def _spawn(self, idx: int, side: str, i: int, n: int, toward: tuple[float, float] | None = None) -> None:
        d = self.dice[idx]
        s = self.size
        mass = 1.0
        body = pymunk.Body(mass, pymunk.moment_for_box(mass, (s, s)))
        inner = self.floor.inflate(-12 - s, -12 - s)
        rng = self.rng
        u = rng.uniform
        # each die leaves from a random point of the side and heads for a random spot of the far part
        if side == "left":
            pos = (inner.left + 2, inner.top + inner.h * u(0.15, 0.85))
            aim = (inner.left + inner.w * u(0.45, 0.98), inner.top + inner.h * u(0.05, 0.95))
        elif side == "right":
            pos = (inner.right - 2, inner.top + inner.h * u(0.15, 0.85))
            aim = (inner.left + inner.w * u(0.02, 0.55), inner.top + inner.h * u(0.05, 0.95))
        else:
            pos = (inner.left + inner.w * u(0.15, 0.85), inner.bottom - 2)
            aim = (inner.left + inner.w * u(0.05, 0.95), inner.top + inner.h * u(0.02, 0.5))
        if toward is not None:
            aim = toward
        dx, dy = aim[0] - pos[0], aim[1] - pos[1]
        dist = math.hypot(dx, dy) or 1.0
        speed = rng.uniform(1.3, 2.3) * max(280.0, dist)
        body.position = pos
        body.angle = rng.uniform(0, 2 * math.pi)
        body.velocity = (dx / dist * speed, dy / dist * speed)
        body.angular_velocity = rng.choice((-1, 1)) * rng.uniform(8, 16)
        shape = pymunk.Poly.create_box(body, (s, s), radius=s * 0.08)
        shape.elasticity = 0.45
        shape.friction = 0.7
        assert self._space is not None
        self._space.add(body, shape)
        d.body, d.shape = body, shape
        d.shown = rng.choice(d.tumble)
        d.age = 0.0
        d.spawn_at = self.time
        d.pos, d.angle = (float(pos[0]), float(pos[1])), body.angle

    def _spawn_follower(self, idx: int) -> None:
        """Roll the extra die of an exploded 6 in from the nearest wall toward its parent."""
        d = self.dice[idx]
        parent = self.dice[d.parent] if d.parent is not None else None
        px, py = parent.pos if parent else self.rect.center
        r = self.rect
        dists = {"left": px - r.left, "right": r.right - px, "bottom": r.bottom - py}
        side = min(dists, key=dists.get)  # type: ignore[arg-type]
        off = self.size * 1.3
        target = (px + (off if px < r.centerx else -off), py + self.rng.uniform(-0.5, 0.5) * self.size)
        self._spawn(idx, side, 0, 1, toward=target)
        if self.sounds is not None:
            self._play("dice", 0.6)

    def update(self, dt: float) -> None:
        """Advance the physics by ``dt`` seconds (times the animation speed; 0 means settle now)."""
        sp = anim.speed()
        if sp == 0:
            if self.busy:
                self.skip()
            return
        if self._space is None:
            return
        if not self.busy:
            self.label_alpha = min(1.0, self.label_alpha + dt * 4)
            return
        self._acc += min(0.25, max(0.0, dt)) * sp
        while self._acc >= STEP:
            self._acc -= STEP
            self._step(STEP)
            if not self.busy:
                break
        if not self.busy and self.on_settled is not None:
            self.on_settled()

    def _step(self, h: float) -> None:
        self.time += h
        for i, d in enumerate(self.dice):
            if d.body is None and not d.settled:
                if d.parent is not None:
                    p = self.dice[d.parent]
                    if p.settled and self.time >= p.settled_at + EXPLODE_DELAY:
                        self._spawn_follower(i)
                elif d.entry is not None and self.time >= d.due:
                    self._spawn(i, *d.entry)
        live = [d for d in self.dice if d.body is not None and not d.settled]
        for d in live:
            d.age += h
            b = d.body
            assert b is not None
            # the felt's sliding friction: a constant deceleration on top of the space's damping
            v = b.velocity.length
            if v > 0:
                b.velocity = b.velocity * (max(0.0, v - FELT_DECEL * h) / v)
            w = b.angular_velocity
            b.angular_velocity = math.copysign(max(0.0, abs(w) - FELT_SPIN_DECEL * h), w)
            if d.age > SOFT_LIMIT:
                k = 0.9 if d.age < HARD_LIMIT else 0.0
                b.velocity = b.velocity * k
                b.angular_velocity *= k
        before = {id(d): d.body.velocity.length for d in live if d.body is not None}
        assert self._space is not None
        self._space.step(h)
        for d in live:
            b = d.body
            assert b is not None
            v = b.velocity.length
            d.lift = min(1.0, v / 1100.0)
            drop = before.get(id(d), 0.0) - v
            if drop > 240 and self.time - self._last_clack > 0.07:
                self._last_clack = self.time
                self._play("clack", min(1.0, drop / 900))
            # keep inside the tray even if a fast die tunnels through a wall
            r = self.floor.inflate(-self.size, -self.size)
            x, y = b.position
            if not r.collidepoint(x, y):
                b.position = (min(max(x, r.left), r.right), min(max(y, r.top), r.bottom))
                b.velocity = b.velocity * -0.5
            d.pos, d.angle = (float(b.position.x), float(b.position.y)), float(b.angle)
            if not d.locked:
                d.rolled += v * h + abs(b.angular_velocity) * h * self.size * 0.25
                if v < LAST_TUMBLE or d.age > SOFT_LIMIT:
                    d.locked = True
                    d.shown = d.final
                elif d.rolled > self.size * 0.8:
                    d.rolled = 0.0
                    choices = [f for f in d.tumble if f != d.shown and f != d.final] or list(d.tumble)
                    d.shown = self.rng.choice(choices)
            if v < SETTLE_SPEED and abs(b.angular_velocity) < 0.8:
                d.rest_time += h
            else:
                d.rest_time = 0.0
            if (d.rest_time > 0.12 and d.locked) or d.age >= HARD_LIMIT:
                self._settle(d)

    def _settle(self, d: _Die) -> None:
        d.locked = True
        d.shown = d.final
        d.settled = True
        d.settled_at = self.time
        d.lift = 0.0
        if d.body is not None:
            b = d.body
            b.velocity = (0, 0)
            b.angular_velocity = 0
            # turn gently toward square-on, keeping a little natural tilt
            quarter = math.pi / 2
            base = round(b.angle / quarter) * quarter
            tilt = max(-0.14, min(0.14, b.angle - base))
            b.angle = base + tilt
            d.angle = b.angle
            # a resting die becomes a static obstacle for the dice still rolling
            if self._space is not None and d.shape is not None:
                self._space.remove(d.shape, b)
                box = pymunk.Poly(self._space.static_body,
                                  [(b.position.x + px * math.cos(b.angle) - py * math.sin(b.angle),
                                    b.position.y + px * math.sin(b.angle) + py * math.cos(b.angle))
                                   for px, py in ((-self.size / 2, -self.size / 2), (self.size / 2, -self.size / 2),
                                                  (self.size / 2, self.size / 2), (-self.size / 2, self.size / 2))])
                box.elasticity = 0.4
                self._space.add(box)
                d.shape = box

    def skip(self) -> None:
        """Finish the throw now: every die (chains included) rests, laid out neatly, on its face."""
        if not self.dice:
            return
        if not self.busy:
            self.label_alpha = 1.0
            return
        self._arrange()
        for d in self.dice:
            d.locked = d.settled = True
            d.shown = d.final
            d.lift = 0.0
        self._space = self._space or self._new_space()
        self.label_alpha = 1.0
        if self.on_settled is not None:
            self.on_settled()

    def _arrange(self) -> None:
        """Lay every die out in centred rows, chains side by side."""
        s = self.size
        gap = max(6, s // 4)
        inner = self.floor.inflate(-18, -18)
        per_row = max(1, (inner.w + gap) // (s + gap))
        n = len(self.dice)
        rows = math.ceil(n / per_row)
        top = inner.centery - (rows * (s + gap) - gap) / 2 + s / 2
        for k, d in enumerate(self.dice):
            row, col = divmod(k, per_row)
            in_row = min(per_row, n - row * per_row)
            left = inner.centerx - (in_row * (s + gap) - gap) / 2 + s / 2
            d.pos = (left + col * (s + gap), top + row * (s + gap))
            d.angle = 0.0
            if d.body is not None:
                d.body.position = d.pos
                d.body.angle = 0.0
                d.body.velocity = (0, 0)
                d.body.angular_velocity = 0
