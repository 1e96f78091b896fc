"""Bot decision times per ruleset and difficulty, and simulate throughput.

Decision points are sampled from seeded random playouts of every shipped level
(spread over each game, only where the seat has at least two legal actions: a
forced move is no decision). Each bot gets exactly what the app gives it,
``ruleset, state.view(seat), seat, legal``, and the wall time of ``choose`` is
one sample.

Throughput is the ``simulate`` command's own loop (``game.cli.simulate.simulate``:
random bots, invariants after every action, a save/load round trip every 25
actions) over every shipped level, repeated until a time budget is spent.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from game.bench.common import DIFFICULTIES, percentile, rnd
from game.engine.rng import Rng

log = logging.getLogger(__name__)


def decision_points(ruleset_id: str, count: int, seed: int = 11) -> list[tuple[Any, int]]:
    """Return ``count`` (state, seat) pairs with a real choice, spread through games of every level."""
    from game.bench.positions import seat_count
    from game.engine.levels import discover_levels
    from game.engine.protocol import SeatSpec
    from game.engine.registry import get_ruleset

    rs = get_ruleset(ruleset_id)
    levels = [e.level for e in discover_levels(ruleset_id, include_mods=False) if e.level is not None]
    rng = Rng(seed)
    points: list[tuple[Any, int]] = []
    game = 0
    while len(points) < count and game < 10 * count + 20:
        level = levels[game % len(levels)]
        n = seat_count(rs, level)
        specs = [SeatSpec(f"Bot {i + 1}", "bot", "normal") for i in range(n)]
        state = rs.new_game(level, specs, seed * 1000 + game)
        game += 1
        steps = 0
        # take a snapshot every few real decisions: early, middle and late positions all count
        every = 3 + rng.randbelow(6)
        since = 0
        while state.to_act() is not None and steps < rs.max_game_length and len(points) < count:
            legal = state.legal_actions()
            if len(legal) > 1:
                since += 1
                if since >= every:
                    since = 0
                    points.append((state.clone(), state.to_act()))
            state.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
            steps += 1
    return points


def bot_times(ruleset_id: str, per_difficulty: dict[str, int]) -> dict[str, dict[str, Any]]:
    """Return {difficulty: {p50_ms, p95_ms}} of ``choose`` over sampled decision points."""
    from game.engine.bots import make_bot
    from game.engine.registry import get_ruleset

    rs = get_ruleset(ruleset_id)
    out: dict[str, dict[str, Any]] = {}
    most = max(per_difficulty.values())
    points = decision_points(ruleset_id, most)
    for diff in DIFFICULTIES:
        n = per_difficulty.get(diff, 0)
        times: list[float] = []
        # every difficulty sees the same spread of positions (every k-th point)
        step = max(1, len(points) // max(1, n))
        for i, (state, seat) in enumerate(points[::step][:n]):
            bot = make_bot(diff, 1000 + i)
            view = state.view(seat)
            legal = state.legal_actions()
            t0 = time.perf_counter()
            bot.choose(rs, view, seat, legal)
            times.append((time.perf_counter() - t0) * 1000.0)
        out[diff] = {"p50_ms": rnd(percentile(times, 50), 1), "p95_ms": rnd(percentile(times, 95), 1),
                     "_n": len(times), "_max_ms": rnd(max(times, default=0.0), 1)}
        log.info("bots %s %s: %s", ruleset_id, diff, out[diff])
    return out


def throughput(ruleset_id: str, seconds: float) -> dict[str, Any]:
    """Return {actions_per_s, games_per_s} of the simulate loop over every shipped level."""
    from game.cli.simulate import Report, _resolve_levels, simulate
    from game.engine.registry import get_ruleset

    rs = get_ruleset(ruleset_id)
    report = Report(rs.id, 1, ["random"])
    levels = _resolve_levels(rs, None, report)
    batch = max(1, len(levels))
    seed = 1
    started = time.perf_counter()
    while True:
        simulate(rs, levels=levels, games=batch, seed=seed, bots=None, roundtrip_every=25, report=report)
        seed += batch
        if time.perf_counter() - started >= seconds:
            break
    wall = time.perf_counter() - started
    return {"actions_per_s": rnd(report.actions / wall, 1), "games_per_s": rnd(report.games / wall, 2),
            "_games": report.games, "_errors": report.errors + report.invariant_violations}
