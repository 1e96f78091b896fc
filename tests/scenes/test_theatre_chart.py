"""The chart widget (game/ui/chart.py): one line per seat with its symbol, turning points, clickable points."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.series import Chart, Series, TurningPoint


def test_chart_widget_hits_map_points_to_positions(app: Any) -> None:
    import game.scenes.theatre  # noqa: F401 - the chart's words
    from game.ui import gfx
    from game.ui.chart import ChartView

    chart = Chart("dungeon", "round", [(0, 1), (50, 2), (100, 3)],
                  [Series("series.dungeon.valor", 0, ((0, 0.0), (50, 4.0), (100, 5.0))),
                   Series("series.dungeon.valor", 1, ((0, 0.0), (50, 1.0), (100, 9.0)))],
                  [TurningPoint(1, 100, 8.0)])
    surf = pygame.Surface((1280, 720))
    view = ChartView((100, 100, 600, 400))
    view.draw(surf, chart, lambda s: f"Seat {s}")
    positions = sorted({at for _r, at in view.hits})
    assert positions == [0, 50, 100]
    last = max((r for r, at in view.hits if at == 100), key=lambda r: r.x)
    assert view.position_at(last.center) == 100
    assert view.position_at((5, 5)) is None
    # each seat's line is drawn in its colour
    found = {surf.get_at((x, y))[:3] for x in range(100, 700) for y in range(100, 500)}
    assert tuple(gfx.seat_colour(0)[:3]) in found and tuple(gfx.seat_colour(1)[:3]) in found


def test_chart_widget_without_a_chart_says_so(app: Any) -> None:
    import game.scenes.theatre  # noqa: F401
    from game.ui.chart import ChartView

    surf = pygame.Surface((800, 600))
    view = ChartView((10, 10, 400, 300))
    view.draw(surf, None, str)
    assert view.hits == []


def test_chart_axis_names_each_round_once(app: Any, monkeypatch: Any) -> None:
    """The result chart's axis read "1, 2, 3, 3" (session 7): the end's sample lies in the last round, so its
    tick keeps its mark but not a second label."""
    import game.scenes.theatre  # noqa: F401
    from game.ui import gfx
    from game.ui.chart import ChartView

    drawn: list[str] = []
    real = gfx.text

    def text(surface: Any, s: str, *a: Any, **k: Any) -> Any:
        drawn.append(s)
        return real(surface, s, *a, **k)

    monkeypatch.setattr(gfx, "text", text)
    chart = Chart("dungeon", "round", [(0, 1), (50, 2), (100, 3), (160, 3)],
                  [Series("series.dungeon.valor", 0, ((0, 0.0), (50, 4.0), (100, 5.0), (160, 6.0)))], [])
    ChartView((100, 100, 600, 400)).draw(pygame.Surface((1280, 720)), chart, lambda s: f"Seat {s}")
    assert [s for s in drawn if s in {"1", "2", "3"}] == ["1", "2", "3"]


def test_a_turning_point_at_the_end_keeps_its_number_inside_the_frame(app: Any, monkeypatch: Any) -> None:
    """"+2" and "-7" at the last point ran over the chart's right edge: the number goes left of the point."""
    import game.scenes.theatre  # noqa: F401
    from game.ui import gfx
    from game.ui.chart import ChartView

    placed: list[tuple[str, pygame.Rect]] = []
    real = gfx.text

    def text(surface: Any, s: str, *a: Any, **k: Any) -> Any:
        r = real(surface, s, *a, **k)
        placed.append((s, r))
        return r

    monkeypatch.setattr(gfx, "text", text)
    chart = Chart("sanctuary", "turn", [(0, 1), (50, 2), (100, 3)],
                  [Series("series.dungeon.valor", 0, ((0, 20.0), (50, 9.0), (100, -16.0)))],
                  [TurningPoint(0, 100, -25.0), TurningPoint(0, 50, -11.0)])
    view = ChartView((100, 100, 600, 300))
    view.draw(pygame.Surface((1280, 720)), chart, lambda s: f"Seat {s}")
    numbers = [r for s, r in placed if s in ("-25", "-11")]
    assert len(numbers) == 2 and all(view.rect.contains(r) for r in numbers), numbers
