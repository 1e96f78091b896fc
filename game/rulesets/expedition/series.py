"""The expedition's chart: each hero's gold and progress toward the level's goal (game/engine/series.py)."""

from __future__ import annotations

from typing import Any, Sequence

from game.engine.series import Series, per_seat

AXIS = "round"


def _hero(view: dict[str, Any], seat: int) -> dict[str, Any] | None:
    return next((h for h in view.get("heroes") or [] if h.get("seat") == seat), None)


def series(samples: Sequence[tuple[int, dict[str, Any]]], level_data: dict[str, Any]) -> list[Series]:
    """Gold per hero, and goal progress: quests done (a quests goal), gold (a gold goal), or the steps
    left to the goal site once it is known to everyone (reach and bring goals, drawn as minus steps)."""
    goal = level_data.get("goal") or {}
    kind = goal.get("kind")
    sites = {s.get("id"): s.get("at") for s in level_data.get("sites") or [] if isinstance(s, dict)}

    def gold(view: dict[str, Any], seat: int) -> Any:
        h = _hero(view, seat)
        return h.get("gold") if h else None

    def progress(view: dict[str, Any], seat: int) -> Any:
        h = _hero(view, seat)
        if h is None:
            return None
        if kind == "quests":
            return len(h.get("done") or [])
        if kind == "gold":
            return None   # the gold line is the goal's progress
        at = sites.get(view.get("goal_site"))
        if not at:
            return None
        return -(abs(h.get("x", 0) - at[0]) + abs(h.get("y", 0) - at[1]))

    lines = per_seat(samples, "series.expedition.gold", gold)
    lines += per_seat(samples, f"series.expedition.goal_{kind if kind in ('quests', 'reach', 'bring') else 'reach'}",
                      progress)
    return lines
