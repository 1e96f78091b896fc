"""Soak: many bot-vs-bot games per ruleset over varied seeds, levels and seat counts.

Each game goes through ``game.cli.simulate.play_one`` (the checks of ``simulate``:
invariants after EVERY action, unique non-empty legal actions, views without
the RNG, a save/load round trip every K actions, the ``max_game_length`` bound)
and, on top, every seat's view is checked to be plain JSON data now and then.
Seeds are spread (not consecutive) and the seat count varies within what each
level allows. ``tools/soak.py`` is the long run (10,000 games per ruleset);
tests/robustness runs about 20 per ruleset.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any, Callable

from game.engine.rng import Rng

log = logging.getLogger(__name__)


def _seat_range(rs: Any, level: Any) -> tuple[int, int]:
    lo, hi = rs.seat_range(level)
    seats = getattr(level.model, "seats", None)
    if seats is not None and hasattr(seats, "min"):
        lo, hi = max(lo, seats.min), min(hi, seats.max)
    return lo, hi


def soak(ruleset_id: str, games: int, seed: int = 1, roundtrip_every: int = 25,
         progress: Callable[[dict[str, Any]], None] | None = None, progress_every: int = 200,
         max_seats: int | None = None) -> dict[str, Any]:
    """Play ``games`` random-bot games of a ruleset; return the simulate report's JSON plus per-level counts.

    ``max_seats`` caps the seat count drawn for each game (the quick test keeps games short).
    """
    from game.cli.simulate import Report, _resolve_levels, play_one
    from game.engine.bots import make_bot
    from game.engine.registry import get_ruleset

    rs = get_ruleset(ruleset_id)
    report = Report(rs.id, seed, ["random"])
    levels = _resolve_levels(rs, None, report)
    if not levels:
        raise RuntimeError(f"{ruleset_id}: no playable shipped level")
    report.levels = [lv.id for lv in levels]
    rng = Rng(seed)
    per_level: dict[str, int] = {}
    views_checked = 0
    started = time.perf_counter()
    for g in range(games):
        level = levels[g % len(levels)]
        lo, hi = _seat_range(rs, level)
        if max_seats is not None:
            hi = max(lo, min(hi, max_seats))
        n = lo + rng.randbelow(hi - lo + 1)
        game_seed = rng.randbelow(1 << 31)
        bots = [make_bot("random", game_seed * 31 + s, strict=True) for s in range(n)]
        for s in range(n):
            report.wins.setdefault(str(s), 0)
        before = report.errors + report.invariant_violations
        play_one(rs, level, bots, game_seed, report, roundtrip_every)
        per_level[level.id] = per_level.get(level.id, 0) + 1
        if g % 10 == 0 and report.errors + report.invariant_violations == before:
            views_checked += _check_views(rs, level, n, game_seed, report)
        if progress is not None and (g + 1) % progress_every == 0:
            progress(_summary(report, per_level, views_checked, time.perf_counter() - started))
    return _summary(report, per_level, views_checked, time.perf_counter() - started)


def _check_views(rs: Any, level: Any, n: int, seed: int, report: Any) -> int:
    """Replay a short stretch of a game, checking every seat's view is plain JSON without the RNG."""
    from game.engine.protocol import SeatSpec

    specs = [SeatSpec(f"Bot {i + 1}", "bot", "random") for i in range(n)]
    state = rs.new_game(level, specs, seed)
    rng = Rng(seed ^ 0x5EED)
    checked = 0
    for step in range(60):
        for seat in range(n):
            view = state.view(seat)
            try:
                json.dumps(view, allow_nan=False)
            except (TypeError, ValueError) as exc:
                report.problem({"game": None, "seed": seed, "level": level.id, "action_index": step,
                                "kind": "view", "message": f"view({seat}) is not plain JSON data: {exc}"})
                return checked
            if view.get("rng") is not None:
                report.problem({"game": None, "seed": seed, "level": level.id, "action_index": step,
                                "kind": "view", "message": f"view({seat}) carries the RNG"})
                return checked
            checked += 1
        if state.to_act() is None:
            break
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
    return checked


def _summary(report: Any, per_level: dict[str, int], views: int, seconds: float) -> dict[str, Any]:
    data = report.to_json()
    data["seconds"] = round(seconds, 2)
    data["per_level"] = dict(per_level)
    data["views_checked"] = data.get("views_checked", 0) + views
    data.pop("decision_seconds", None)
    return data
