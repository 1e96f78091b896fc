"""The game log panel: seat-coloured lines, wrapped, scrolled with the wheel, repainted only on change."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterable

import pygame

from game.engine.i18n import t
from game.ui import gfx
from game.ui.input import Click, HitRegion, InputRouter, Intent, Scroll
from game.ui.widgets.base import _Cached

Colour = gfx.Colour


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
        self.header_extra = 0  # pixels more under the title: a second row for buttons that do not fit beside it
        self._wrapped: list[tuple[str, LogEntry, bool]] | None = None
        self._wrap_key: tuple = ()
        self._version = 0

    # content
    def add(self, text: str, seat: int | None = None, colour: Colour | None = None) -> None:
        """Append a line (keeps the view at the bottom unless the player scrolled up).

        ``seat`` colours the line and puts the seat's symbol before it; a negative seat is the
        neutral mark (a soft-ink ring before plain ink text: a row that is no one seat's, e.g. a folded run).
        """
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
        top = gfx.line_height(self.size + 1, True) + 10 + self.header_extra if self.title is not None else 8
        return pygame.Rect(self.rect.x + 10, self.rect.y + top, self.rect.w - 20, self.rect.h - top - 8)

    def _indent(self) -> int:
        return gfx.line_height(self.size) - 2

    def _wrap_entry(self, e: LogEntry) -> list[tuple[str, LogEntry, bool]]:
        width = self.text_rect.w - self._indent() - 4
        lines = gfx.wrap(e.text, self.size, max(40, width))
        return [(line, e, i == 0) for i, line in enumerate(lines)]

    def wrapped_lines(self) -> list[tuple[str, LogEntry, bool]]:
        """Return (text, entry, first_line_of_entry) for every wrapped line, oldest first."""
        key = (self.rect.size, self.size, gfx.text_scale(), self.header_extra)
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
        key = (self._version, self.scroll, self.unseen, tuple(self.rect), self.size, self.title, self.header_extra,
               gfx.palette().name, gfx.text_scale())
        self._cached(surface, key, self._paint)

    def _paint(self, surface: pygame.Surface) -> None:
        pal = gfx.palette()
        gfx.panel(surface, self.rect, radius=8)
        if self.title is not None:
            gfx.text(surface, self.title, (self.rect.x + 12, self.rect.y + 5), self.size + 1, pal.ink_soft,
                     bold=True)
            y = self.rect.y + gfx.line_height(self.size + 1, True) + 6 + self.header_extra
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
            if colour is None and e.seat is not None and e.seat >= 0:  # a negative seat: the ring, plain ink
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
