"""The dice tray: dice tumble with pymunk physics and settle on the faces the RULES rolled.

Why: rolls are the most dramatic moment at the table, and players trust what
they see. The rules' seeded RNG has already decided every face; physics only
decides how the dice fly, bounce off the walls and where they stop. While a die
moves fast its shown face changes as it "rolls"; on its last tumble it turns to
the rolled face and never changes again. Exploding dice show their chain: a
settled 6 glows and an extra die rolls in beside it.

Top-down view, no gravity: the space's damping plays the felt's friction, and a
hard time limit per die guarantees the tray settles (``busy`` goes False) within
bounded time whatever the physics does. Dice are drawn by code (rounded squares
with pips, or a custom die's labelled/coloured faces).
"""

from __future__ import annotations

import logging
import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import pygame
import pymunk

from game.engine.i18n import t
from game.ui import anim, gfx

log = logging.getLogger(__name__)

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


class DiceTray:
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

    def clear(self) -> None:
        """Remove every die and the label."""
        self.dice = []
        self.label = None
        self._space = None
        self.label_alpha = 0.0

    def throw(self, dice: Iterable[Any], label: str | int | None = None, from_side: str | None = None) -> None:
        """Throw dice showing the given faces (the rules' results); ``label`` shows once they rest (e.g. the total)."""
        chains = normalize(dice, self.custom)
        self.clear()
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

    def _play(self, name: str, volume: float = 1.0) -> None:
        if self.sounds is None:
            return
        try:
            self.sounds.play(name, volume)
        except Exception:  # sound must never break the table
            log.debug("dice tray sound failed", exc_info=True)

    # ------------------------------------------------------------------ drawing
    def die_surface(self, face: Face, colour: Colour | None, size: int, exploded: bool = False) -> pygame.Surface:
        """Return the (cached) picture of a die face, drawn by code."""
        pal = gfx.palette()
        key = (face, colour, size, exploded, pal.name)
        hit = self._surf_cache.get(key)
        if hit is not None:
            return hit
        s = size
        surf = pygame.Surface((s, s), pygame.SRCALPHA)
        body = face.colour or colour or pal.die_body
        rad = max(4, s // 6)
        edge = gfx.lerp_colour(body, (0, 0, 0), 0.35)
        pygame.draw.rect(surf, edge, (0, 0, s, s), border_radius=rad)
        pygame.draw.rect(surf, body, (1, 1, s - 2, s - 3), border_radius=rad)
        hi = gfx.lerp_colour(body, (255, 255, 255), 0.45)
        pygame.draw.rect(surf, hi, (3, 2, s - 6, max(2, s // 10)), border_radius=rad // 2)
        ink = face.ink or gfx.readable_ink(body)
        if face.pips:
            pr = max(2, round(s * 0.085))
            off = s * 0.26
            pip_col = pal.bad if (face.pips == 1 and not face.ink and body == pal.die_body) else ink
            for px, py in PIPS[face.pips]:
                c = (round(s / 2 + px * off), round(s / 2 + py * off))
                pygame.draw.circle(surf, gfx.lerp_colour(pip_col, body, 0.5), (c[0], c[1] + 1), pr)
                pygame.draw.circle(surf, pip_col, c, pr)
        else:
            area = pygame.Rect(0, 0, s, s).inflate(-s // 5, -s // 5)
            if face.icon:
                icon_r = s * (0.22 if face.label else 0.3)
                cy = s * (0.38 if face.label else 0.5)
                gfx.draw_symbol(surf, face.icon, (s / 2, cy), icon_r, ink)
                if face.label:
                    lab = pygame.Rect(area.x, round(s * 0.62), area.w, round(s * 0.3))
                    size = gfx.fit_text_size(face.label, lab.w, lab.h, max(8, s // 4), 7, True)
                    gfx.text(surf, face.label, lab.center, size, ink, "center", bold=True)
            elif face.label:
                size = gfx.fit_text_size(face.label, area.w, area.h, max(10, s // 2), 7, True)
                gfx.text(surf, face.label, area.center, size, ink, "center", bold=True)
        if exploded:
            pygame.draw.rect(surf, pal.accent, (0, 0, s, s), max(2, s // 16), border_radius=rad)
        self._surf_cache[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, draw_tray: bool = True) -> None:
        """Draw the tray, chain links, shadows and dice, then the label once settled."""
        pal = gfx.palette()
        if draw_tray:
            self.draw_tray(surface)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-6, -6).clip(clip) if clip else self.rect)
        active = [(i, d) for i, d in enumerate(self.dice) if d.body is not None or d.settled]
        s = self.size
        # chain links: a dotted gold line from an exploded 6 to the die it spawned
        for i, d in active:
            if d.parent is not None:
                p = self.dice[d.parent]
                self._dotted(surface, p.pos, d.pos, pal.accent)
        for _, d in active:
            scale = 1.0 + 0.14 * d.lift
            off = 3 + round(10 * d.lift)
            side = round(s * scale)
            skey = ("shadow", side)
            shadow = self._surf_cache.get(skey)
            if shadow is None:
                shadow = pygame.Surface((side, side), pygame.SRCALPHA)
                pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(4, s // 6))
                self._surf_cache[skey] = shadow
            surface.blit(shadow, shadow.get_rect(center=(round(d.pos[0] + off), round(d.pos[1] + off))))
        for i, d in active:
            face = d.shown or d.final
            exploded = d.settled and d.explodes
            scale = 1.0 + 0.14 * d.lift
            # a square looks the same turned by 90 degrees: draw the face turned at most 45
            # degrees either way so labels and pips always read (nearly) upright
            deg = ((-math.degrees(d.angle) + 45) % 90) - 45
            rkey = (face, d.colour, s, exploded, round(deg, 1), round(scale, 3), gfx.palette().name)
            if d.sprite is not None and d.sprite[0] == rkey:
                rot = d.sprite[1]
            else:
                img = self.die_surface(face, d.colour, s, exploded)
                rot = pygame.transform.rotozoom(img, deg, scale) if (abs(deg) > 0.5 or scale != 1.0) else img
                d.sprite = (rkey, rot)
            r = rot.get_rect(center=(round(d.pos[0]), round(d.pos[1] - 4 * d.lift)))
            surface.blit(rot, r)
            if exploded:
                bx, by = d.pos[0] + s * 0.5, d.pos[1] - s * 0.5
                pygame.draw.circle(surface, pal.accent, (round(bx), round(by)), max(7, s // 6))
                pygame.draw.circle(surface, pal.ink, (round(bx), round(by)), max(7, s // 6), 1)
                gfx.text(surface, "+", (bx, by - 1), max(12, s // 4), pal.ink, "center", bold=True)
        surface.set_clip(clip)
        if self.label and self.dice and not self.busy:
            a = max(0.0, min(1.0, self.label_alpha))
            w, h = gfx.text_size(self.label, 22, True)
            pill = pygame.Rect(0, 0, w + 28, h + 8)
            pill.midbottom = (self.rect.centerx, self.rect.bottom - 12)
            layer = pygame.Surface(pill.size, pygame.SRCALPHA)
            gfx.rounded_rect(layer, layer.get_rect(), (*pal.panel[:3], 240), pill.h // 2)
            gfx.rounded_rect(layer, layer.get_rect(), pal.accent, pill.h // 2, 2)
            gfx.text(layer, self.label, (pill.w / 2, pill.h / 2), 22, pal.ink, "center", bold=True)
            layer.set_alpha(round(255 * a))
            surface.blit(layer, pill)

    def draw_tray(self, surface: pygame.Surface) -> None:
        """Draw the wooden rim and felt floor."""
        pal = gfx.palette()
        key = ("tray", self.rect.size, pal.name)
        bg = self._surf_cache.get(key)
        if bg is None:
            w, h = self.rect.size
            bg = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
            inner = pygame.Rect(8, 8, w, h)
            gfx.shadow(bg, inner, 16, (0, 4), blur=6)
            rim = gfx.lerp_colour(pal.table, (0, 0, 0), 0.25)
            pygame.draw.rect(bg, rim, inner, border_radius=16)
            pygame.draw.rect(bg, gfx.lerp_colour(rim, (255, 255, 255), 0.15), inner, 2, border_radius=16)
            felt = inner.inflate(-16, -16)
            pygame.draw.rect(bg, pal.felt, felt, border_radius=10)
            dark = gfx.lerp_colour(pal.felt, (0, 0, 0), 0.3)
            for k in range(6):  # inner shading near the rim
                pygame.draw.rect(bg, (*dark[:3], 60 - 9 * k), felt.inflate(-2 * k, -2 * k), 2, border_radius=10)
            self._surf_cache[key] = bg
        surface.blit(bg, (self.rect.x - 8, self.rect.y - 8))

    @staticmethod
    def _dotted(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour: Colour) -> None:
        dx, dy = b[0] - a[0], b[1] - a[1]
        dist = math.hypot(dx, dy)
        n = int(dist // 9)
        for k in range(1, n):
            f = k / n
            pygame.draw.circle(surface, colour, (round(a[0] + dx * f), round(a[1] + dy * f)), 2)
