"""The skirmish's chart: each side's health left (hit points minus damage) per round (game/engine/series.py)."""

from __future__ import annotations

from typing import Any, Sequence

from game.engine.series import Series, per_seat

AXIS = "round"


def series(samples: Sequence[tuple[int, dict[str, Any]]], level_data: dict[str, Any]) -> list[Series]:
    """Health left of every combatant a seat commands, summed per seat."""
    def health(view: dict[str, Any], seat: int) -> Any:
        total = 0.0
        for c in view.get("combatants") or []:
            if c.get("seat") == seat:
                hp = (c.get("stats") or {}).get("hp", 0)
                limbs = c.get("limb_damage") or {}  # a hit on a limb counts against the HP too (rules: total_damage)
                taken = int(c.get("damage") or 0) + sum(int(v) for v in limbs.values())
                total += max(0, hp - taken)
        return total

    return per_seat(samples, "series.skirmish.health", health)
