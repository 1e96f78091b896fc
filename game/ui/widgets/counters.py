"""Animated counters (a number that rolls to its new value and flashes) and the big banners."""

from __future__ import annotations

import pygame

from game.ui import anim, gfx

Colour = gfx.Colour


# --------------------------------------------------------------------- counter


class Counter:
    """An animated number (health, gold, VP, Will): rolls toward new values and flashes green/red."""

    def __init__(self, value: int, pos: tuple[int, int], label: str = "", size: int = 26,
                 icon: str | None = None, colour: Colour | None = None, maximum: int | None = None,
                 image: str | pygame.Surface | None = None) -> None:
        """``icon`` is a gfx symbol name; ``image`` an SVG under assets/ (e.g. "ui/heart.svg") or a surface."""
        self.image = image
        self.value = value
        self.shown = float(value)
        self.pos, self.label, self.size, self.icon, self.colour, self.maximum = pos, label, size, icon, colour, maximum
        self.flash = 0.0
        self.flash_colour: Colour = gfx.palette().good
        self.scale = 1.0
        self._anims: list[anim.Animation] = []

    def set(self, value: int, instant: bool = False) -> None:
        """Change the value (animated unless instant or the animation speed is 0)."""
        if value == self.value:
            return
        up = value > self.value
        self.value = value
        if instant or anim.speed() == 0:
            self.shown = float(value)
            self._anims = []
            return
        pal = gfx.palette()
        self.flash_colour = pal.good if up else pal.bad
        sp = anim.speed()
        self.scale = 1.0
        dur = min(0.8, 0.25 + 0.05 * abs(value - self.shown)) / sp
        self._anims = [anim.Tween(self, "shown", end=float(value), duration=dur, ease="out_cubic"),
                       anim.Tween(self, "flash", start=1.0, end=0.0, duration=0.7 / sp, ease="in_quad"),
                       anim.pulse(self, 0.18, 0.3 / sp)]

    def update(self, dt: float) -> None:
        """Advance the roll and flash."""
        for a in self._anims:
            a.update(dt)
        self._anims = [a for a in self._anims if not a.done]

    @property
    def animating(self) -> bool:
        """True while rolling or flashing."""
        return bool(self._anims)

    def draw(self, surface: pygame.Surface) -> pygame.Rect:
        """Draw icon, number (and /max) and label, anchored at pos (left-centre)."""
        pal = gfx.palette()
        x, y = self.pos
        size = round(self.size * self.scale)
        if self.image is not None:
            side = round(self.size * 1.0)
            img = gfx.load_svg(self.image, (side, side)) if isinstance(self.image, str) else self.image
            surface.blit(img, img.get_rect(center=(round(x + side / 2), round(y))))
            x += side + 6
        elif self.icon:
            c = self.colour or pal.accent
            gfx.draw_symbol(surface, self.icon, (x + self.size * 0.4, y), self.size * 0.36, c, outline=pal.ink)
            x += round(self.size * 0.95)
        ink = gfx.lerp_colour(pal.ink_light, self.flash_colour, self.flash) if self.flash > 0 else pal.ink_light
        s = str(round(self.shown))
        if self.maximum is not None:
            s += f"/{self.maximum}"
        r = gfx.text(surface, s, (x, y), size, ink, "midleft", bold=True, shadow=(0, 0, 0))
        if self.label:
            r2 = gfx.text(surface, self.label, (r.right + 6, y + 2), max(12, self.size // 2), pal.ink_light, "midleft")
            r = r.union(r2)
        return r


# ---------------------------------------------------------------------- banner


class Banner:
    """Big centred text ("Round 2", "Victory") that pops in, holds and fades."""

    def __init__(self, canvas: pygame.Rect | tuple[int, int, int, int] = (0, 0, 1280, 720)) -> None:
        self.canvas = pygame.Rect(canvas)
        self.text = ""
        self.sub = ""
        self.alpha = 0.0
        self.scale = 1.0
        self.big = False
        self.queue = anim.AnimationQueue()
        self._layer: tuple | None = None

    def show_anim(self, text: str, duration: float = 1.0, big: bool = False, sub: str = "") -> anim.Animation:
        """Return the banner animation (queue it in the scene's AnimationQueue to keep event order)."""

        def setup() -> None:
            self.text, self.sub, self.big, self.alpha, self.scale = text, sub, big, 0.0, 0.8

        hold = max(0.2, duration - 0.5)
        return anim.Sequence(
            anim.Call(setup),
            anim.Parallel(anim.Tween(self, "alpha", end=1.0, duration=0.18, ease="linear"),
                          anim.Tween(self, "scale", end=1.0, duration=0.35, ease="out_back")),
            anim.Wait(hold),
            anim.Tween(self, "alpha", end=0.0, duration=0.3, ease="linear"),
            on_done=lambda: setattr(self, "alpha", 0.0))

    def show(self, text: str, duration: float = 1.0, big: bool = False, sub: str = "") -> None:
        """Show the banner now (driven by ``update``), replacing one on screen."""
        self.queue.clear()
        self.queue.add(self.show_anim(text, duration, big, sub))

    def update(self, dt: float) -> None:
        """Advance a banner started with ``show``."""
        self.queue.update(dt)

    @property
    def animating(self) -> bool:
        """True while a banner started with ``show`` plays."""
        return self.queue.busy

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the banner (nothing when faded out); the composed band is cached once the pop-in ends."""
        if self.alpha <= 0.01 or not self.text:
            return
        scale = round(self.scale, 3)
        key = (self.text, self.sub, self.big, scale, tuple(self.canvas), gfx.palette().name, gfx.text_scale())
        if self._layer is None or self._layer[0] != key:
            self._layer = (key, *self._compose(scale))
        _, layer, band = self._layer
        layer.set_alpha(round(255 * max(0.0, min(1.0, self.alpha))))
        surface.blit(layer, band)

    def _compose(self, scale: float) -> tuple[pygame.Surface, pygame.Rect]:
        pal = gfx.palette()
        size = 72 if self.big else 46
        w, h = gfx.text_size(self.text, size, True)
        sub_h = gfx.line_height(22) if self.sub else 0
        band = pygame.Rect(0, 0, self.canvas.w, h + sub_h + 36)
        band.center = self.canvas.center
        layer = pygame.Surface(band.size, pygame.SRCALPHA)
        for k in range(band.w // 8 + 1):  # a band that fades out to the sides
            x = k * 8
            edge = min(x, band.w - x) / (band.w * 0.22)
            a = round(228 * max(0.0, min(1.0, edge)) ** 0.7)
            pygame.draw.rect(layer, (*pal.table_dark[:3], a), (x, 0, 8, band.h))
        pygame.draw.line(layer, (*pal.accent[:3], 200), (band.w * 0.2, 2), (band.w * 0.8, 2), 2)
        pygame.draw.line(layer, (*pal.accent[:3], 200), (band.w * 0.2, band.h - 3), (band.w * 0.8, band.h - 3), 2)
        txt = gfx.render(self.text, size, pal.accent if self.big else pal.ink_light, True)
        sh = gfx.render(self.text, size, (0, 0, 0), True)
        if abs(scale - 1.0) > 0.01:
            txt = pygame.transform.smoothscale_by(txt, max(0.05, scale))
            sh = pygame.transform.smoothscale_by(sh, max(0.05, scale))
        else:
            sh = sh.copy()
        tr = txt.get_rect(center=(band.w // 2, 18 + h // 2))
        sh.set_alpha(140)
        layer.blit(sh, tr.move(2, 3))
        layer.blit(txt, tr)
        if self.sub:
            gfx.text(layer, self.sub, (band.w // 2, 18 + h + 2), 22, pal.ink_light, "midtop")
        return layer, band
