"""A line chart of a game's deciding score (game/engine/series.py): the result screen and the theatre draw it.

Each line is one seat's, in its colour with its symbol at every point (colour plus shape, as
everywhere on the table); a line of the whole table is drawn in ink with rings. The x axis is
the game's positions with the round (or turn) numbers under it; the turning points (biggest
swings) are ringed and labelled with their change. ``ChartView.draw`` returns nothing but keeps
``hits``: one rectangle per point with the position it stands for, so a click can jump there.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game.engine.i18n import t
from game.ui import gfx

#: the position a point stands for, under a rectangle of the chart
Hit = tuple[pygame.Rect, int]


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def _marker(surface: pygame.Surface, seat: int | None, at: tuple[int, int], radius: int, hollow: bool) -> None:
    """A seat's symbol in its colour (hollow for its second measure); a ring for the table's line."""
    pal = gfx.palette()
    if seat is None:
        gfx.draw_symbol(surface, "ring", at, radius, pal.ink)
    elif hollow:
        gfx.draw_symbol(surface, gfx.seat_symbol(seat), at, radius + 1, pal.panel, outline=gfx.seat_colour(seat))
    else:
        gfx.draw_seat_badge(surface, seat, at, radius)


class ChartView:
    """Draws one Chart into a rectangle; ``hits`` maps point rectangles to positions after each draw."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], size: int = 14) -> None:
        self.rect = pygame.Rect(rect)
        self.size = size
        self.hits: list[Hit] = []

    def position_at(self, pos: tuple[int, int]) -> int | None:
        """The position of the point under ``pos`` (the nearest hit), None when none is there."""
        best: tuple[int, int] | None = None
        for r, at in self.hits:
            if r.collidepoint(pos):
                d = abs(r.centerx - pos[0]) + abs(r.centery - pos[1])
                if best is None or d < best[0]:
                    best = (d, at)
        return best[1] if best else None

    def draw(self, surface: pygame.Surface, chart: Any, seat_name: Callable[[int], str],
             current: int | None = None) -> None:
        """Draw ``chart`` (a game.engine.series.Chart); ``current`` draws the theatre's position as a line."""
        pal = gfx.palette()
        r = self.rect
        gfx.panel(surface, r)
        self.hits = []
        lines = list(chart.series) if chart is not None else []
        title = t(f"theatre.chart_title_{chart.axis}") if chart is not None else t("theatre.chart_none")
        gfx.text(surface, title, (r.x + 12, r.y + 8), self.size + 2, pal.ink, bold=True)
        if not lines or chart.end <= 0:
            gfx.text(surface, t("theatre.chart_none"), r.center, self.size, pal.ink_soft, "center")
            return
        legend_h = self._legend(surface, lines, seat_name, pygame.Rect(r.x + 12, r.y + 30, r.w - 24, 40))
        plot = pygame.Rect(r.x + 44, r.y + 38 + legend_h, r.w - 60, r.h - 70 - legend_h)
        values = [v for s in lines for _a, v in s.points]
        lo, hi = min(values), max(values)
        if hi == lo:
            hi = lo + 1
        end = chart.end

        def xy(at: int, v: float) -> tuple[int, int]:
            return (plot.x + round(plot.w * at / end), plot.bottom - round(plot.h * (v - lo) / (hi - lo)))

        pygame.draw.line(surface, pal.edge, plot.bottomleft, plot.bottomright, 1)
        pygame.draw.line(surface, pal.edge, plot.bottomleft, plot.topleft, 1)
        gfx.text(surface, _fmt(hi), (plot.x - 6, plot.y), self.size - 2, pal.ink_soft, "topright")
        gfx.text(surface, _fmt(lo), (plot.x - 6, plot.bottom), self.size - 2, pal.ink_soft, "bottomright")
        last_x, last_n = -100, None
        for at, n in chart.ticks:
            x = xy(at, lo)[0]
            pygame.draw.line(surface, pal.edge, (x, plot.bottom), (x, plot.bottom + 4), 1)
            if x - last_x >= 22 and n != last_n:  # the end's sample is in its last round: "4 5 5" read as a typo
                gfx.text(surface, str(n), (x, plot.bottom + 5), self.size - 3, pal.ink_soft, "midtop")
                last_x, last_n = x, n
        if current is not None:
            x = xy(max(0, min(end, current)), lo)[0]
            pygame.draw.line(surface, pal.accent, (x, plot.y), (x, plot.bottom), 2)
        keys = list(dict.fromkeys(s.key for s in lines))
        for s in lines:
            colour = gfx.seat_colour(s.seat) if s.seat is not None else pal.ink
            pts = [xy(at, v) for at, v in s.points]
            second = keys.index(s.key) > 0   # a seat's second measure: a thin line, hollow symbols
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, 1 if second else (3 if s.seat is not None else 2))
            for (at, _v), p in zip(s.points, pts):
                _marker(surface, s.seat, p, 5, second)
                self.hits.append((pygame.Rect(p[0] - 8, p[1] - 8, 16, 16), at))
        for tp in chart.turning:
            s = lines[tp.series] if tp.series < len(lines) else None
            if s is None:
                continue
            v = next((v for at, v in s.points if at == tp.at), None)
            if v is None:
                continue
            p = xy(tp.at, v)
            pygame.draw.circle(surface, pal.accent, p, 11, 2)
            sign = "+" if tp.delta > 0 else ""
            words = f"{sign}{_fmt(tp.delta)}"
            w = gfx.text_size(words, self.size - 1, True)[0]
            x = p[0] + 12 if p[0] + 12 + w <= r.right - 6 else p[0] - 12 - w  # never over the frame's edge
            gfx.text(surface, words, (x, max(plot.y - 4, p[1] - 16)), self.size - 1, pal.accent, bold=True)
            self.hits.append((pygame.Rect(p[0] - 12, p[1] - 12, 24, 24), tp.at))

    def _legend(self, surface: pygame.Surface, lines: Sequence[Any], seat_name: Callable[[int], str],
                area: pygame.Rect) -> int:
        """One entry per line: symbol, seat name and what is measured; returns the height used."""
        pal = gfx.palette()
        keys = list(dict.fromkeys(s.key for s in lines))
        x, y = area.x, area.y
        h = gfx.line_height(self.size - 1) + 2
        for s in lines:
            label = t(s.key) if s.seat is None else f"{seat_name(s.seat)}: {t(s.key)}"
            w = gfx.text_size(label, self.size - 1)[0] + 30
            if x + w > area.right and x > area.x:
                x, y = area.x, y + h
            _marker(surface, s.seat, (x + 7, y + h // 2), 6, keys.index(s.key) > 0)
            gfx.text(surface, label, (x + 18, y + 1), self.size - 1, pal.ink)
            x += w
        return y + h - area.y


__all__ = ["ChartView", "Hit"]
