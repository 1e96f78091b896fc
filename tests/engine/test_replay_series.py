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
        # the rules' total damage: the body's and every limb's (the chart ignored limbs until session 7)
        return sum(max(0, c["stats"]["hp"] - c["damage"] - sum(c["limb_damage"].values()))
                   for c in view["combatants"] if c["seat"] == seat)
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


def test_skirmish_health_line_counts_limb_damage() -> None:
    """The chart stayed at a hero's 14 HP all game while the hits landed on limbs (session 7): health left is the
    HP minus the body's and every limb's damage, as the rules count it."""
    from game.rulesets.skirmish.series import series

    def view(damage: int, limbs: dict[str, int]) -> dict[str, Any]:
        return {"round": 1, "seats": ["Hero", "Minions"], "combatants": [{"seat": 0, "stats": {"hp": 14}, "damage": damage, "limb_damage": limbs},
                                            {"seat": 1, "stats": {"hp": 9}, "damage": 0, "limb_damage": {}}]}

    lines = series([(1, view(0, {})), (2, view(1, {"arm_l": 3, "leg_r": 2})), (3, view(20, {}))], {})
    hero = next(s for s in lines if s.seat == 0)
    assert [p[1] for p in hero.points] == [14, 8, 0]
