"""Charts of the deciding score (game/engine/series.py and game/rulesets/<id>/series.py)."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.replay import ReplayCursor
from game.engine.series import Series, TurningPoint, game_chart, samples, turning_points
from tests.engine.replay_games import RULESETS, finished_save, unfinished_save


def expected(rid: str, view: dict[str, Any], seat: int) -> float:
    """The deciding score read directly from a spectator view (independently of the series modules)."""
    if rid == "dungeon":
        return view["players"][seat]["vp"]
    if rid == "sanctuary":
        return view["players"][seat]["structure"]
    if rid == "quest":
        return view["players"][seat]["threat"]
    if rid == "skirmish":
        return sum(max(0, c["stats"]["hp"] - c["damage"]) for c in view["combatants"] if c["seat"] == seat)
    return next(h["gold"] for h in view["heroes"] if h["seat"] == seat)


@pytest.mark.parametrize("rid", RULESETS)
def test_chart_is_drawn_from_the_games_own_positions(rid: str) -> None:
    cur = ReplayCursor(finished_save(rid))
    chart = game_chart(cur)
    assert chart is not None and chart.axis == ("turn" if rid == "sanctuary" else "round")
    assert [at for at, _n in chart.ticks] == sorted(set(cur.rounds) | {len(cur)})
    assert chart.end == len(cur)
    first_key = chart.series[0].key if rid != "quest" else chart.series[1].key
    seat_lines = [s for s in chart.series if s.key == first_key]
    assert seat_lines, rid
    for line in seat_lines:
        assert [at for at, _v in line.points] == sorted(at for at, _v in line.points)
        for at, value in line.points:
            assert value == expected(rid, cur.seek(at).view(None), line.seat), f"{rid} seat {line.seat} at {at}"
    assert len(chart.turning) <= 3
    for tp in chart.turning:
        pts = dict(chart.series[tp.series].points)
        assert tp.at in pts


def test_quest_chart_has_the_tables_progress_line() -> None:
    chart = game_chart(ReplayCursor(finished_save("quest")))
    assert chart is not None
    progress = [s for s in chart.series if s.key == "series.quest.progress"]
    assert len(progress) == 1 and progress[0].seat is None
    values = [v for _at, v in progress[0].points]
    assert values == sorted(values), "quest progress never goes back"


def test_turning_points_are_the_biggest_swings() -> None:
    lines = [Series("a", 0, ((0, 0.0), (10, 1.0), (20, 9.0), (30, 8.0))),
             Series("a", 1, ((0, 5.0), (10, -1.0), (20, -1.0), (30, 3.0)))]
    got = turning_points(lines, 3)
    assert got == [TurningPoint(0, 20, 8.0), TurningPoint(1, 10, -6.0), TurningPoint(1, 30, 4.0)]


@pytest.mark.parametrize("rid", ["sanctuary", "quest"])
def test_chart_samples_are_spectator_views_so_a_game_in_progress_is_not_spoiled(rid: str) -> None:
    cur = ReplayCursor(unfinished_save(rid))
    for at, view in samples(cur):
        assert view == cur.seek(at).view(None)
    assert cur.at == len(cur)
