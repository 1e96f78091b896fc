"""The dungeon's chart: each seat's Valor at the start of every round (game/engine/series.py)."""

from __future__ import annotations

from typing import Any, Sequence

from game.engine.series import Series, per_seat

AXIS = "round"


def series(samples: Sequence[tuple[int, dict[str, Any]]], level_data: dict[str, Any]) -> list[Series]:
    """Valor (``players[i].vp``) per seat."""
    def valor(view: dict[str, Any], seat: int) -> Any:
        players = view.get("players") or []
        return players[seat].get("vp") if seat < len(players) else None

    return per_seat(samples, "series.dungeon.valor", valor)
