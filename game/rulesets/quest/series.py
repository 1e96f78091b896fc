"""The quest's chart: quest progress (the table's) and each seat's threat per round (game/engine/series.py)."""

from __future__ import annotations

from typing import Any, Sequence

from game.engine.series import Series, per_seat

AXIS = "round"


def series(samples: Sequence[tuple[int, dict[str, Any]]], level_data: dict[str, Any]) -> list[Series]:
    """Progress: the points of the stages done plus the progress on the current one; threat per seat."""
    pts = []
    for at, view in samples:
        enc = view.get("encounter") or {}
        stage = int(enc.get("stage") or 0)
        done = sum((view.get("stage_points") or [])[:stage])
        pts.append((at, float(done + int(enc.get("progress") or 0))))
    progress = Series("series.quest.progress", None, tuple(pts))

    def threat(view: dict[str, Any], seat: int) -> Any:
        players = view.get("players") or []
        return players[seat].get("threat") if seat < len(players) else None

    return [progress] + per_seat(samples, "series.quest.threat", threat)
