"""In-game widgets drawn with plain pygame (menus use pygame_gui; the board uses these).

Why: every ruleset scene needs the same tooltip, transient toast, game log,
large inspector, phase/turn strip, action buttons, animated counters and big
banners, with one look and one behaviour. Widgets are cheap to draw every
frame (text renders are cached in gfx) and report ``animating`` so the main
loop can sleep when nothing moves.
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import pygame

from game.engine.i18n import t
from game.ui import anim, gfx
from game.ui.input import Click, ClickEmpty, Command, HitRegion, InputRouter, Inspect, Intent, Scroll

log = logging.getLogger(__name__)

Colour = gfx.Colour

# ---------------------------------------------------------------------- caching


class _Cached:
    """Mixin: paint a widget once into a surface and blit it while nothing it shows has changed.

    ``paint`` draws with ``self.rect`` temporarily moved to the cache surface's
    coordinates, so widget code stays written in canvas coordinates.
    """

    CACHE_MARGIN = 16
    _cache: tuple[Any, pygame.Surface] | None = None
    rect: pygame.Rect

    def _cached(self, surface: pygame.Surface, key: Any, paint: Callable[[pygame.Surface], Any]) -> None:
        m = self.CACHE_MARGIN
        if self._cache is None or self._cache[0] != key:
            saved = self.rect
            surf = pygame.Surface((saved.w + 2 * m, saved.h + 2 * m), pygame.SRCALPHA)
            self.rect = pygame.Rect(m, m, saved.w, saved.h)
            try:
                paint(surf)
            finally:
                self.rect = saved
            self._cache = (key, surf)
        surface.blit(self._cache[1], (self.rect.x - m, self.rect.y - m))

    def invalidate(self) -> None:
        """Force a repaint on the next draw."""
        self._cache = None


# ---------------------------------------------------------------------- tooltip


class Tooltip:
    """Wrapped text in a small panel near the mouse, always kept inside the canvas."""

    def __init__(self, canvas: pygame.Rect | tuple[int, int, int, int] = (0, 0, 1280, 720), max_width: int = 340,
                 size: int = 16) -> None:
        self.canvas = pygame.Rect(canvas)
        self.max_width = max_width
        self.size = size

    def layout(self, text: str, mouse: tuple[int, int]) -> pygame.Rect:
        """Return where the tooltip for ``text`` goes (below-right of the mouse, flipped to stay on screen)."""
        w, h = gfx.text_size(text, self.size, max_width=self.max_width)
        rect = pygame.Rect(0, 0, w + 20, h + 14)
        rect.topleft = (mouse[0] + 16, mouse[1] + 20)
        if rect.right > self.canvas.right - 4:
            rect.right = mouse[0] - 10
        if rect.bottom > self.canvas.bottom - 4:
            rect.bottom = mouse[1] - 10
        return rect.clamp(self.canvas)

    def draw(self, surface: pygame.Surface, text: str | None, mouse: tuple[int, int]) -> pygame.Rect | None:
        """Draw the tooltip (nothing when text is empty); return its rect."""
        if not text:
            return None
        rect = self.layout(text, mouse)
        pal = gfx.palette()
        gfx.shadow(surface, rect, 6, (2, 3), blur=4)
        gfx.rounded_rect(surface, rect, (*pal.panel[:3], 245), 6)
        gfx.rounded_rect(surface, rect, pal.edge, 6, 1)
        gfx.text(surface, text, (rect.x + 10, rect.y + 7), self.size, pal.ink, "topleft", self.max_width)
        return rect


# ------------------------------------------------------------------------ toast


@dataclass
class _ToastItem:
    text: str
    kind: str
    duration: float
    age: float = 0.0


class Toast:
    """Transient messages ("Not your turn", "Saved") that fade after a few seconds."""

    FADE = 0.25

    def __init__(self, anchor: tuple[int, int] = (640, 96), size: int = 18, max_items: int = 4,
                 max_width: int = 560) -> None:
        self.anchor, self.size, self.max_items, self.max_width = anchor, size, max_items, max_width
        self.items: deque[_ToastItem] = deque()

    def show(self, text: str, kind: str = "info", duration: float = 2.6) -> None:
        """Show a message; kind is info, good, error (error toasts also get an outline)."""
        if self.items and self.items[-1].text == text:
            self.items[-1].age = min(self.items[-1].age, self.FADE)
            return
        self.items.append(_ToastItem(text, kind, max(0.5, duration)))
        while len(self.items) > self.max_items:
            self.items.popleft()

    def update(self, dt: float) -> None:
        """Age messages and drop expired ones."""
        for it in self.items:
            it.age += dt
        while self.items and self.items[0].age >= self.items[0].duration:
            self.items.popleft()

    @property
    def animating(self) -> bool:
        """True while a message is on screen."""
        return bool(self.items)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the messages stacked downwards from the anchor."""
        pal = gfx.palette()
        y = self.anchor[1]
        for it in self.items:
            a = 1.0
            if it.age < self.FADE:
                a = it.age / self.FADE
            elif it.age > it.duration - self.FADE:
                a = max(0.0, (it.duration - it.age) / self.FADE)
            w, h = gfx.text_size(it.text, self.size, max_width=self.max_width)
            icon = 22 if it.kind == "error" else 0
            rect = pygame.Rect(0, 0, w + 36 + icon, h + 16)
            rect.midtop = (self.anchor[0], round(y - (1 - a) * 10))
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            bg = {"error": pal.illegal, "good": pal.good}.get(it.kind, pal.table_dark)
            gfx.rounded_rect(layer, layer.get_rect(), (*bg[:3], 235), 10)
            gfx.rounded_rect(layer, layer.get_rect(), pal.accent if it.kind == "info" else pal.ink_light, 10, 2)
            if it.kind == "error":
                gfx.draw_symbol(layer, "cross", (22, rect.h / 2), 7, pal.ink_light)
            gfx.text(layer, it.text, (rect.w / 2 + icon / 2, 8), self.size,
                     pal.ink_light, "midtop", self.max_width)
            layer.set_alpha(round(255 * a))
            surface.blit(layer, rect)
            y += rect.h + 6


# -------------------------------------------------------------------- log panel


@dataclass(frozen=True)
class LogEntry:
    """One log line: text, the seat it belongs to (colour and symbol) or an explicit colour."""

    text: str
    seat: int | None = None
    colour: Colour | None = None


class LogPanel(_Cached):
    """The game log: every action and roll in words; newest at the bottom; wheel scrolls; long lines wrap."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], size: int = 15, max_entries: int = 600,
                 title: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self.entries: deque[LogEntry] = deque(maxlen=max_entries)
        self.scroll = 0  # wrapped lines scrolled up from the bottom
        self.unseen = 0  # lines added while scrolled up
        self.title = title
        self._wrapped: list[tuple[str, LogEntry, bool]] | None = None
        self._wrap_key: tuple = ()
        self._version = 0

    # content
    def add(self, text: str, seat: int | None = None, colour: Colour | None = None) -> None:
        """Append a line (keeps the view at the bottom unless the player scrolled up)."""
        entry = LogEntry(str(text), seat, colour)
        self._version += 1
        self.entries.append(entry)
        if self._wrapped is not None:
            new = self._wrap_entry(entry)
            self._wrapped.extend(new)
            if len(self._wrapped) > 4 * self.entries.maxlen:  # type: ignore[operator]
                self._wrapped = None
            if self.scroll > 0:
                self.scroll += len(new)
                self.unseen += len(new)

    def extend(self, lines: Iterable[str | tuple[str, int | None]]) -> None:
        """Append several lines (strings or (text, seat) pairs)."""
        for line in lines:
            if isinstance(line, tuple):
                self.add(line[0], line[1])
            else:
                self.add(line)

    def clear(self) -> None:
        """Remove every line."""
        self.entries.clear()
        self._wrapped = None
        self._version += 1
        self.scroll = self.unseen = 0

    # geometry
    @property
    def text_rect(self) -> pygame.Rect:
        """Return the area lines are drawn in."""
        top = gfx.line_height(self.size + 1, True) + 10 if self.title is not None else 8
        return pygame.Rect(self.rect.x + 10, self.rect.y + top, self.rect.w - 20, self.rect.h - top - 8)

    def _indent(self) -> int:
        return gfx.line_height(self.size) - 2

    def _wrap_entry(self, e: LogEntry) -> list[tuple[str, LogEntry, bool]]:
        width = self.text_rect.w - self._indent() - 4
        lines = gfx.wrap(e.text, self.size, max(40, width))
        return [(line, e, i == 0) for i, line in enumerate(lines)]

    def wrapped_lines(self) -> list[tuple[str, LogEntry, bool]]:
        """Return (text, entry, first_line_of_entry) for every wrapped line, oldest first."""
        key = (self.rect.size, self.size, gfx.text_scale())
        if self._wrapped is None or key != self._wrap_key:
            self._wrap_key = key
            self._wrapped = [w for e in self.entries for w in self._wrap_entry(e)]
        return self._wrapped

    @property
    def visible_count(self) -> int:
        """How many wrapped lines fit in the panel."""
        return max(1, self.text_rect.h // gfx.line_height(self.size))

    @property
    def max_scroll(self) -> int:
        """The largest useful scroll value."""
        return max(0, len(self.wrapped_lines()) - self.visible_count)

    def scroll_by(self, lines: int) -> None:
        """Scroll up (positive) or down (negative) by wrapped lines, clamped."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + lines))
        if self.scroll == 0:
            self.unseen = 0
        self.unseen = min(self.unseen, self.scroll)

    def visible_lines(self) -> list[tuple[str, LogEntry, bool]]:
        """Return the wrapped lines currently shown, top to bottom."""
        lines = self.wrapped_lines()
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        end = len(lines) - self.scroll
        start = max(0, end - self.visible_count)
        return lines[start:end]

    # input
    def register(self, router: InputRouter) -> None:
        """Add the panel's region so the wheel over it scrolls it."""
        router.add(HitRegion(self.rect, payload=self, highlight=False, key="log-panel"))

    def handle(self, intent: Intent) -> bool:
        """Consume a Scroll intent aimed at the panel; return True if handled."""
        if isinstance(intent, Scroll) and intent.payload is self:
            self.scroll_by(3 * intent.dy)
            return True
        if isinstance(intent, Click) and intent.payload is self:
            return True
        return False

    # drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the panel, the lines (seat-coloured with the seat symbol), a scroll bar and the 'newer below' hint."""
        key = (self._version, self.scroll, self.unseen, tuple(self.rect), self.size, self.title,
               gfx.palette().name, gfx.text_scale())
        self._cached(surface, key, self._paint)

    def _paint(self, surface: pygame.Surface) -> None:
        pal = gfx.palette()
        gfx.panel(surface, self.rect, radius=8)
        if self.title is not None:
            gfx.text(surface, self.title, (self.rect.x + 12, self.rect.y + 5), self.size + 1, pal.ink_soft,
                     bold=True)
            y = self.rect.y + gfx.line_height(self.size + 1, True) + 6
            pygame.draw.line(surface, pal.panel_dark, (self.rect.x + 8, y), (self.rect.right - 8, y), 1)
        tr = self.text_rect
        lh = gfx.line_height(self.size)
        shown = self.visible_lines()
        indent = self._indent()
        y = tr.bottom - lh * len(shown)
        clip = surface.get_clip()
        surface.set_clip(tr.clip(clip) if clip else tr)
        for text, e, first in shown:
            colour = e.colour
            if colour is None and e.seat is not None:
                colour = gfx.seat_ink(e.seat)
            if first and e.seat is not None:
                gfx.draw_symbol(surface, gfx.seat_symbol(e.seat), (tr.x + indent / 2, y + lh / 2),
                                max(3, lh * 0.26), gfx.seat_colour(e.seat), outline=pal.ink)
            gfx.text(surface, text, (tr.x + indent + 2, y), self.size, colour or pal.ink)
            y += lh
        surface.set_clip(clip)
        total = len(self.wrapped_lines())
        if total > self.visible_count:
            track = pygame.Rect(self.rect.right - 6, tr.y, 3, tr.h)
            frac = self.visible_count / total
            h = max(12, round(track.h * frac))
            pos = 1 - (self.scroll + self.visible_count) / total
            bar = pygame.Rect(track.x, track.y + round((track.h - h) * pos / max(1e-6, 1 - frac)), 3, h)
            pygame.draw.rect(surface, pal.panel_dark, track, border_radius=2)
            pygame.draw.rect(surface, pal.edge, bar.clamp(track), border_radius=2)
        if self.unseen > 0:
            hint = t("ui.more_below", n=self.unseen)
            r = gfx.text(surface, hint, (self.rect.centerx, self.rect.bottom - 4), self.size - 2, pal.ink_light,
                         "midbottom")
            pygame.draw.rect(surface, pal.edge, r.inflate(10, 2), border_radius=6)
            gfx.text(surface, hint, (self.rect.centerx, self.rect.bottom - 4), self.size - 2, pal.ink_light,
                     "midbottom")


# -------------------------------------------------------------------- inspector


class Inspector:
    """Right-click view: a card, tile or chip drawn large with its full text, over a dimmed table."""

    def __init__(self, canvas: pygame.Rect | tuple[int, int, int, int] = (0, 0, 1280, 720)) -> None:
        self.canvas = pygame.Rect(canvas)
        self.visible = False
        self.title = ""
        self.subtitle = ""
        self.body = ""
        self.image: pygame.Surface | None = None
        self.art: Callable[[pygame.Surface, pygame.Rect], Any] | None = None
        self.seat: int | None = None
        self.alpha = 0.0
        self._anim: anim.Animation | None = None
        self._composed: tuple | None = None

    def open(self, title: str, body: str = "", *, subtitle: str = "", image: pygame.Surface | None = None,
             art: Callable[[pygame.Surface, pygame.Rect], Any] | None = None, seat: int | None = None) -> None:
        """Show a thing large: an image or an ``art(surface, rect)`` drawer, a title and its rule text."""
        self.title, self.body, self.subtitle, self.image, self.art, self.seat = title, body, subtitle, image, art, seat
        self.visible = True
        self._anim = anim.Tween(self, "alpha", start=self.alpha, end=1.0, duration=0.15)

    def close(self) -> None:
        """Hide the inspector."""
        self.visible = False
        self.alpha = 0.0
        self._anim = None

    def update(self, dt: float) -> None:
        """Advance the fade-in."""
        if self._anim is not None:
            self._anim.update(dt)
            if self._anim.done:
                self._anim = None

    @property
    def animating(self) -> bool:
        """True while fading in."""
        return self._anim is not None

    def handle(self, intent: Intent) -> bool:
        """While open, any click, right-click, Esc or confirm closes it; return True when consumed."""
        if not self.visible:
            return False
        if isinstance(intent, (Click, ClickEmpty, Inspect)) or (
                isinstance(intent, Command) and intent.name in ("pause", "confirm")):
            self.close()
            return True
        from game.ui.input import IllegalClick

        if isinstance(intent, IllegalClick):
            self.close()
            return True
        return False

    def register(self, router: InputRouter) -> None:
        """While open, cover the canvas with one region so nothing underneath reacts."""
        if self.visible:
            router.add(HitRegion(self.canvas, payload=self, highlight=False, key="inspector"))

    def layout(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Return (panel, art area, text area)."""
        c = self.canvas
        panel = pygame.Rect(0, 0, min(900, c.w - 80), min(560, c.h - 80))
        panel.center = c.center
        has_art = self.image is not None or self.art is not None
        art = pygame.Rect(panel.x + 24, panel.y + 24, 0, panel.h - 48)
        if has_art:
            art.w = min(round(art.h * 0.72), panel.w // 2)
            if self.image is not None:
                iw, ih = self.image.get_size()
                scale = min(art.w / max(1, iw), art.h / max(1, ih))
                art = pygame.Rect(0, 0, round(iw * scale), round(ih * scale)).move(art.x, art.y)
                art.centery = panel.centery
        text_left = art.right + 28 if has_art else panel.x + 32
        text = pygame.Rect(text_left, panel.y + 24, panel.right - 28 - text_left, panel.h - 48)
        return panel, art, text

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the dim overlay and the panel (composed once per opening, then blitted)."""
        if not self.visible:
            return
        a = max(0.0, min(1.0, self.alpha))
        key = (id(self.image), id(self.art), self.title, self.subtitle, self.body, self.seat, tuple(self.canvas),
               gfx.palette().name, gfx.text_scale())
        if self._composed is None or self._composed[0] != key:
            self._composed = (key, *self._compose())
        _, panel_surf, panel_pos = self._composed
        k = round(255 * (1 - 0.6 * a))  # darken the table: a multiply fill is the cheapest full-screen blend
        surface.fill((k, k, k), self.canvas, special_flags=pygame.BLEND_RGB_MULT)
        panel_surf.set_alpha(round(255 * a))
        surface.blit(panel_surf, (panel_pos[0], panel_pos[1] + round((1 - a) * 20)))

    def _compose(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """Paint the panel into its own surface; return it and where it goes."""
        pal = gfx.palette()
        panel, art, text = self.layout()
        m = 16
        area = panel.inflate(2 * m, 2 * m)
        surf = pygame.Surface(area.size, pygame.SRCALPHA)
        dx, dy = -area.x, -area.y
        panel, art, text = panel.move(dx, dy), art.move(dx, dy), text.move(dx, dy)
        gfx.panel(surf, panel, radius=14)
        if self.image is not None:
            img = self.image
            if img.get_size() != art.size:
                img = pygame.transform.smoothscale(img, art.size)
            gfx.shadow(surf, art, 8)
            surf.blit(img, art)
        elif self.art is not None:
            try:
                self.art(surf, art)
            except Exception:
                log.exception("inspector art failed")
        y = text.y
        if self.seat is not None:
            gfx.draw_seat_badge(surf, self.seat, (text.x + 12, y + 18), 11)
            tx = text.x + 32
        else:
            tx = text.x
        r = gfx.text(surf, self.title, (tx, y), 32, pal.ink, max_width=text.right - tx, bold=True)
        y = r.bottom + 4
        if self.subtitle:
            r = gfx.text(surf, self.subtitle, (text.x, y), 18, pal.ink_soft, max_width=text.w)
            y = r.bottom + 6
        pygame.draw.line(surf, pal.panel_dark, (text.x, y + 4), (text.right, y + 4), 2)
        y += 14
        if self.body:
            size = 20
            while size > 13 and gfx.text_size(self.body, size, max_width=text.w)[1] > text.bottom - y - 30:
                size -= 1
            gfx.text(surf, self.body, (text.x, y), size, pal.ink, max_width=text.w)
        gfx.text(surf, t("ui.inspect_close"), (panel.right - 16, panel.bottom - 10), 14, pal.ink_soft,
                 "bottomright")
        return surf, area.topleft


# ---------------------------------------------------------------- phase tracker


class PhaseTracker(_Cached):
    """The round / phase / turn strip: "Round 2 | resources > planning > [quest] > ... | <seat> Nyx"."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], size: int = 16) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self.round: int | None = None
        self.round_label: str | None = None
        self.phases: list[str] = []
        self.current: int | None = None
        self.seat: int | None = None
        self.seat_name: str = ""
        self.glow = 0.0
        self._anim: anim.Animation | None = None

    def set(self, *, round: int | None = None, phases: Sequence[str] | None = None, current: int | str | None = None,
            seat: int | None = None, seat_name: str | None = None, round_label: str | None = None) -> None:
        """Update what the strip shows; a changed phase glows briefly."""
        if phases is not None:
            self.phases = list(phases)
        if isinstance(current, str):
            current = self.phases.index(current) if current in self.phases else None
        changed = current != self.current or round != self.round
        self.round = round if round is not None else self.round
        self.round_label = round_label if round_label is not None else self.round_label
        self.current = current
        if seat is not None:
            self.seat = seat
        if seat_name is not None:
            self.seat_name = seat_name
        if changed:
            self._anim = anim.Tween(self, "glow", start=1.0, end=0.0, duration=0.8, ease="in_quad")

    def update(self, dt: float) -> None:
        """Advance the glow."""
        if self._anim is not None:
            self._anim.update(dt)
            if self._anim.done:
                self._anim = None

    @property
    def animating(self) -> bool:
        """True while the phase glow fades."""
        return self._anim is not None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the strip."""
        key = (self.round, self.round_label, tuple(self.phases), self.current, self.seat, self.seat_name,
               tuple(self.rect), self.size, round(self.glow, 2), gfx.palette().name, gfx.text_scale())
        self._cached(surface, key, self._paint)

    def _paint(self, surface: pygame.Surface) -> None:
        pal = gfx.palette()
        gfx.panel(surface, self.rect, radius=self.rect.h // 2, edge_width=2)
        x = self.rect.x + 16
        cy = self.rect.centery
        if self.round is not None or self.round_label:
            label = self.round_label or t("ui.round", n=self.round)
            r = gfx.text(surface, label, (x, cy), self.size + 1, pal.ink, "midleft", bold=True)
            x = r.right + 14
            pygame.draw.line(surface, pal.panel_dark, (x - 7, self.rect.y + 6), (x - 7, self.rect.bottom - 6), 2)
        right_reserved = 0
        if self.seat is not None or self.seat_name:
            name_w = gfx.text_size(self.seat_name, self.size, True)[0]
            right_reserved = name_w + 44
        for i, ph in enumerate(self.phases):
            cur = i == self.current
            w, h = gfx.text_size(ph, self.size - 1, cur)
            chip = pygame.Rect(x, 0, w + 18, min(self.rect.h - 8, h + 6))
            chip.centery = cy
            if chip.right > self.rect.right - right_reserved - 8:
                gfx.text(surface, "…", (x, cy), self.size, pal.ink_soft, "midleft")
                break
            if cur:
                colour = gfx.lerp_colour(pal.accent, pal.ink_light, self.glow * 0.6)
                gfx.rounded_rect(surface, chip, colour, chip.h // 2)
                gfx.rounded_rect(surface, chip, pal.edge, chip.h // 2, 1)
            gfx.text(surface, ph, chip.center, self.size - 1, pal.ink if cur else pal.ink_soft, "center", bold=cur)
            x = chip.right + 4
            if i < len(self.phases) - 1:
                pygame.draw.polygon(surface, pal.panel_dark, [(x + 1, cy - 4), (x + 6, cy), (x + 1, cy + 4)])
                x += 10
        if right_reserved:
            rx = self.rect.right - 14
            r = gfx.text(surface, self.seat_name, (rx, cy), self.size, pal.ink, "midright", bold=True)
            if self.seat is not None:
                gfx.draw_seat_badge(surface, self.seat, (r.x - 14, cy), 8)


# ------------------------------------------------------------------- buttons


@dataclass
class Button:
    """A clickable button; disabled buttons still show their tooltip, which should say why."""

    rect: pygame.Rect
    label: str
    payload: Any = None
    enabled: bool = True
    tooltip: str | None = None
    size: int = 18
    primary: bool = False
    pressed: float = 0.0
    key: Any = None

    def __post_init__(self) -> None:
        self.rect = pygame.Rect(self.rect)
        if self.key is None:
            self.key = ("button", self.label, repr(self.payload))

    def region(self) -> HitRegion:
        """Return the hit region (illegal when disabled, with the tooltip as the reason)."""
        return HitRegion(self.rect, payload=self.payload, tooltip=self.tooltip, legal=self.enabled,
                         reason=None if self.enabled else (self.tooltip or t("ui.not_allowed")),
                         highlight=False, key=self.key)

    def register(self, router: InputRouter) -> None:
        """Register the button's region."""
        router.add(self.region())

    def draw(self, surface: pygame.Surface, hovered: bool = False) -> None:
        """Draw the button (hover lifts it; disabled is flat and faded)."""
        pal = gfx.palette()
        r = self.rect.copy()
        if self.enabled and hovered:
            r.y -= 2
        if self.enabled:
            gfx.shadow(surface, self.rect, 8, (1, 3) if hovered else (1, 2), blur=3)
        if not self.enabled:
            bg = gfx.lerp_colour(pal.panel_dark, pal.table, 0.25)
        elif self.primary:
            bg = gfx.lerp_colour(pal.accent, pal.ink_light, 0.25 if hovered else 0.0)
        else:
            bg = gfx.lerp_colour(pal.panel, pal.ink_light, 0.5 if hovered else 0.0)
        gfx.rounded_rect(surface, r, bg, 8)
        gfx.rounded_rect(surface, r, pal.accent if (hovered and self.enabled) else pal.edge, 8, 2)
        ink = pal.ink if self.enabled else gfx.lerp_colour(pal.ink_soft, bg, 0.35)
        size = min(self.size, gfx.fit_text_size(self.label, r.w - 12, r.h - 2, self.size, bold=self.primary))
        gfx.text(surface, self.label, r.center, size, ink, "center", bold=self.primary)


class ActionBar:
    """A centred row of buttons built from (label, payload, enabled, tooltip) tuples."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], items: Iterable[tuple] = (), size: int = 18,
                 gap: int = 10, max_button: int = 260) -> None:
        self.rect = pygame.Rect(rect)
        self.size, self.gap, self.max_button = size, gap, max_button
        self.buttons: list[Button] = []
        self.set_items(items)

    def set_items(self, items: Iterable[tuple]) -> None:
        """Rebuild the buttons; each item is (label, payload[, enabled[, tooltip[, primary]]])."""
        specs = []
        for it in items:
            label, payload = it[0], it[1]
            enabled = bool(it[2]) if len(it) > 2 else True
            tooltip = it[3] if len(it) > 3 else None
            primary = bool(it[4]) if len(it) > 4 else False
            specs.append((str(label), payload, enabled, tooltip, primary))
        self.buttons = []
        if not specs:
            return
        h = self.rect.h
        widths = [min(self.max_button, gfx.text_size(s[0], self.size, s[4])[0] + 36) for s in specs]
        total = sum(widths) + self.gap * (len(widths) - 1)
        if total > self.rect.w:  # shrink evenly to fit
            scale = (self.rect.w - self.gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [max(40, int(w * scale)) for w in widths]
            total = sum(widths) + self.gap * (len(widths) - 1)
        x = self.rect.centerx - total // 2
        for (label, payload, enabled, tooltip, primary), w in zip(specs, widths):
            self.buttons.append(Button(pygame.Rect(x, self.rect.y, w, h), label, payload, enabled, tooltip,
                                       self.size, primary))
            x += w + self.gap

    def register(self, router: InputRouter) -> None:
        """Register every button's region."""
        for b in self.buttons:
            b.register(router)

    def draw(self, surface: pygame.Surface, router: InputRouter | None = None) -> None:
        """Draw the buttons; the router tells which one is hovered."""
        hovered_key = router.hovered.key if (router is not None and router.hovered is not None) else None
        for b in self.buttons:
            b.draw(surface, hovered=b.key == hovered_key)


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
