"""Floating numbers and words over the table: damage, healing, gold, will, a miss.

Why a module of its own: every scene shows a "-4" rising from a body card or a
"+2" from a dial, and each used to keep its own list, its own ageing and its own
drawing. A ``FloaterLayer`` keeps them all: ``spawn`` starts one that ages in
``update(dt)`` (the scene keeps ticking while ``animating``), ``spawn_anim``
returns an animation for the scene's queue that shows one and drives it (so the
queue's skip ends it too). Two looks: ``"shadow"`` (bold words with a soft
shadow, centred on the point) and ``"boxed"`` (words on a dark rounded label, its
top-left at the point).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import anim, gfx

STYLES = ("shadow", "boxed")


@dataclass
class Floater:
    """One floating number or word: where it starts, how far it rises, how long it lives."""

    text: str
    pos: tuple[float, float]
    colour: tuple
    size: int = 24
    rise: float = 40.0
    life: float = 1.1
    style: str = "shadow"
    age: float = 0.0
    driven: bool = False  # aged by an animation (``spawn_anim``), not by ``update``

    @property
    def progress(self) -> float:
        """0 when it appears, 1 when it is gone."""
        return max(0.0, min(1.0, self.age / self.life)) if self.life > 0 else 1.0

    @progress.setter
    def progress(self, p: float) -> None:
        self.age = p * self.life


class FloaterLayer:
    """The floating numbers of one scene (see the module docstring)."""

    def __init__(self, bounds: pygame.Rect | None = None) -> None:
        self.items: list[Floater] = []
        #: a boxed label is kept inside these (a caption over a card at the board's edge ran over the log)
        self.bounds = bounds

    def spawn(self, text: str, pos: tuple[float, float], colour: Any, *, size: int = 24, rise: float = 40.0,
              life: float = 1.1, style: str = "shadow") -> Floater:
        """Show ``text`` rising from ``pos``; it ages with ``update`` and disappears after ``life`` s."""
        if style not in STYLES:
            raise ValueError(f"unknown floater style {style!r}")
        f = Floater(text, (float(pos[0]), float(pos[1])), tuple(colour), size, rise, life, style)
        self.items.append(f)
        return f

    def spawn_anim(self, text: str, pos: tuple[float, float], colour: Any, **kw: Any) -> anim.Animation:
        """An animation (for ``queue.add``/``play``) that shows ``text`` and drives it to its end."""
        holder: dict[str, Floater] = {}

        def start() -> None:
            f = self.spawn(text, pos, colour, **kw)
            f.driven = True
            holder["f"] = f

        def step(p: float) -> None:
            f = holder.get("f")
            if f is None:
                return
            f.progress = p
            if p >= 1.0 and f in self.items:
                self.items.remove(f)
        return anim.Sequence(anim.Call(start), anim.Func(step, float(kw.get("life", 1.1))))

    def update(self, dt: float) -> None:
        """Age the floaters this layer drives and forget the finished ones."""
        if not self.items:
            return
        for f in self.items:
            if not f.driven:
                f.age += dt
        self.items = [f for f in self.items if f.driven or f.age < f.life]

    @property
    def animating(self) -> bool:
        """True while any floater shows."""
        return bool(self.items)

    def clear(self) -> None:
        """Forget every floater (the table settled)."""
        self.items.clear()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every floater at its age."""
        for f in self.items:
            p = f.age / f.life if f.life > 0 else 1.0
            if f.style == "boxed":
                _draw_boxed(surface, f, p, self.bounds)
            else:
                _draw_shadow(surface, f, p)


def _draw_shadow(surface: pygame.Surface, f: Floater, p: float) -> None:
    """Bold words centred on the point with a soft shadow; opaque for 60 % of the life, then fading."""
    alpha = max(0, 255 if p < 0.6 else round(255 * (1 - (p - 0.6) / 0.4)))
    x, y = f.pos
    dy = f.rise * p
    gfx.text(surface, f.text, (x + 2, y - dy + 2), f.size, (0, 0, 0, alpha // 2), "center", bold=True)
    gfx.text(surface, f.text, (x, y - dy), f.size, gfx.with_alpha(f.colour, alpha), "center", bold=True)


def _draw_boxed(surface: pygame.Surface, f: Floater, p: float, bounds: pygame.Rect | None = None) -> None:
    """Bold words on a dark rounded label with its top-left at the point (moved left to stay inside ``bounds``),
    fading from 40 % of the life."""
    y = f.pos[1] - f.rise * p
    a = max(0, min(255, int(255 * (1.4 - p))))
    srf = gfx.render(f.text, f.size, f.colour, True)
    box = pygame.Surface((srf.get_width() + 14, srf.get_height() + 4), pygame.SRCALPHA)
    gfx.rounded_rect(box, box.get_rect(), (30, 22, 16, 200), 8)
    box.blit(srf, (7, 2))
    box.set_alpha(a)
    x = f.pos[0]
    if bounds is not None:
        x = max(bounds.x, min(x, bounds.right - box.get_width()))
    surface.blit(box, (x, y))
