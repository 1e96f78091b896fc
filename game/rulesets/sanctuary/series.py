"""Sanctuary's chart: each seat's sanctuary Structure at the start of every turn (game/engine/series.py)."""

from __future__ import annotations

from typing import Any, Sequence

from game.engine.series import Series, per_seat

AXIS = "turn"


def series(samples: Sequence[tuple[int, dict[str, Any]]], level_data: dict[str, Any]) -> list[Series]:
    """Structure (``players[i].structure``) per seat."""
    def structure(view: dict[str, Any], seat: int) -> Any:
        players = view.get("players") or []
        return players[seat].get("structure") if seat < len(players) else None

    return per_seat(samples, "series.sanctuary.structure", structure)
