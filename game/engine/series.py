"""Summary in pictures: the score that decides each ruleset, sampled over a replayed game.

Each ruleset says what decides it in ``game/rulesets/<id>/series.py``: a pure function
``series(samples, level_data)`` over *spectator views* (``view(None)``: what everyone could see,
so a chart never spoils a game in progress) sampled at the start of every round (sanctuary:
every turn; the ruleset's ``AXIS``) and at the end. ``game_chart(cursor)`` collects the
samples, asks the ruleset, and marks the *turning points*: the biggest swings from one sample
to the next. The theatre and the result screen draw it (game/ui/chart.py); a click on a point
jumps to its position. Pure Python, no pygame.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Sequence

from game.engine.replay import ReplayCursor

#: how many turning points a chart marks
TURNING_POINTS = 3


@dataclass(frozen=True)
class Series:
    """One line of a chart: its name (an i18n key), whose it is (None: the table's), and its points."""

    key: str
    seat: int | None
    #: (position in the game, value), positions increasing
    points: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class TurningPoint:
    """A big swing: the line, the position it happened at (the end of the swing), and the change."""

    series: int
    at: int
    delta: float


@dataclass
class Chart:
    """Every line of a game's chart, its x axis (positions with their round/turn numbers) and turning points."""

    ruleset: str
    axis: str
    ticks: list[tuple[int, int]]
    series: list[Series]
    turning: list[TurningPoint] = field(default_factory=list)

    @property
    def end(self) -> int:
        """The last position on the x axis."""
        return self.ticks[-1][0] if self.ticks else 0


def series_module(ruleset_id: str) -> Any | None:
    """The ruleset's ``series`` module, None when it declares no chart."""
    try:
        return importlib.import_module(f"game.rulesets.{ruleset_id}.series")
    except ModuleNotFoundError:
        return None


def samples(cursor: ReplayCursor) -> list[tuple[int, dict[str, Any]]]:
    """Spectator views at the start of every round and at the end (the cursor is left at the end)."""
    marks = sorted(set(cursor.rounds) | {len(cursor)})
    out = [(at, cursor.seek(at).view(None)) for at in marks]
    cursor.seek(len(cursor))
    return out


def turning_points(lines: Sequence[Series], n: int = TURNING_POINTS) -> list[TurningPoint]:
    """The ``n`` biggest swings from one point to the next over every line (largest first, then earliest)."""
    swings: list[TurningPoint] = []
    for k, s in enumerate(lines):
        for (_a, va), (b, vb) in zip(s.points, s.points[1:]):
            if vb != va:
                swings.append(TurningPoint(k, b, vb - va))
    swings.sort(key=lambda tp: (-abs(tp.delta), tp.at, tp.series))
    return swings[:n]


def game_chart(cursor: ReplayCursor) -> Chart | None:
    """The chart of a replayed game, None when its ruleset declares none."""
    mod = series_module(cursor.ruleset_id)
    if mod is None:
        return None
    got = samples(cursor)
    lines = [s for s in mod.series(got, cursor.level.data) if s.points]
    ticks = [(at, cursor.round_at(at)) for at, _v in got]
    return Chart(cursor.ruleset_id, getattr(mod, "AXIS", "round"), ticks, lines, turning_points(lines))


def per_seat(samples_: Sequence[tuple[int, dict[str, Any]]], key: str, pick: Any) -> list[Series]:
    """Helper for rulesets: one line per seat, ``pick(view, seat)`` giving its value (None: no point)."""
    if not samples_:
        return []
    n = len(samples_[0][1].get("seats") or [])
    out = []
    for seat in range(n):
        pts = []
        for at, view in samples_:
            v = pick(view, seat)
            if v is not None:
                pts.append((at, float(v)))
        out.append(Series(key, seat, tuple(pts)))
    return out


__all__ = ["Chart", "Series", "TURNING_POINTS", "TurningPoint", "game_chart", "per_seat", "samples",
           "series_module", "turning_points"]
