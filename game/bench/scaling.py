"""Cost against game length: autosave and the first undo after "Continue", at 100 and ~10,000 actions.

DESIGN.md's budget: both at 10,000 actions within 2x their cost at 100, and undo
after Continue at 10,000 under 100 ms. One real match is played and measured twice
on its way: a skirmish fight on the busiest shipped level with its round limit
raised to the schema's maximum (100 rounds), five seats (seat 0 human, the others
bots), seeded random moves that never attack (no ``use``, ``aim`` or ``advantage``),
so nobody falls and the fight runs to its round limit: about 9,900 actions, each
one an ordinary skirmish action with its events and three-language log lines.

At each point (``SMALL`` actions and the ``LARGE`` target, capped by where the fight
ends) the match starts a fresh autosave file, then ``WINDOW`` more actions are
played, each followed by ``saves.autosave(match)``; ``autosave_ms`` is the mean of
the autosave calls plus the time to drain the background writer afterwards (so
work moved off the calling thread is counted, compactions included). Then the
autosave is loaded as "Continue" does and ``undo_after_continue_ms`` times
``can_undo`` (what the pause menu asks) plus ``undo`` of seat 0's last action, at
``UNDO_SAMPLES`` successive positions (median): an undo replays the actions since the
last die roll or draw, so a single position says more about that distance than about
the game's length.
"""

from __future__ import annotations

import copy
import time
from pathlib import Path
from typing import Any

from game.bench.common import median, temporary_home
from game.engine.rng import Rng

SMALL = 100
LARGE = 10_000
WINDOW = 250
#: undo after Continue is timed at this many positions (the median is reported): its cost is the
#: replay from the last barrier, which depends on the position, not on the game's length
UNDO_SAMPLES = 5
#: the long fight ends at its round limit a little short of 10,000 actions: the large point is
#: this many actions before the end when the end comes first (docs/PERFORMANCE.md says so)
END_MARGIN = WINDOW + 300
AVOID = ("use", "aim", "advantage")


def long_fight_level() -> Any:
    """Return the busiest shipped skirmish level with its round limit at the schema's maximum."""
    from game.bench.positions import busiest_level
    from game.engine.levels import Level

    base = busiest_level("skirmish")
    data = copy.deepcopy(base.data)
    data["round_limit"] = 100
    data["id"] = "bench-long-fight"
    return Level.from_data(data, where="bench long fight", source="inline")


def long_match(seed: int = 5) -> Any:
    """Return a new five-seat skirmish Match on the long-fight level (seat 0 human)."""
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec

    seats = [SeatSpec("Ana", "human")] + [SeatSpec(f"Bot {i}", "bot", "random") for i in range(1, 5)]
    return Match.new("skirmish", long_fight_level(), seats, seed)


def _step(match: Any, rng: Rng) -> None:
    legal = match.legal_actions()
    pool = [a for a in legal if a.kind not in AVOID] or legal
    match.apply(pool[0] if len(pool) == 1 else rng.choice(pool))


def _advance_to(match: Any, rng: Rng, n: int) -> None:
    """Play on until the match has ``n`` actions (or ends)."""
    while not match.is_over() and len(match.history) < n:
        _step(match, rng)


def _undoable_by_seat0(match: Any, rng: Rng, limit: int = 400) -> bool:
    """Play on until seat 0 has just made an action it may take back; False if none came."""
    for _ in range(limit):
        if match.is_over():
            return False
        if match.to_act() == 0 and len(match.history) and match.can_undo(0)[0]:
            return True
        _step(match, rng)
    return False


def _measure_at(match: Any, rng: Rng, folder: Path, window: int = WINDOW) -> dict[str, Any]:
    """Autosave cost over ``window`` actions from here, then load + first undo; return the figures."""
    from game.engine import saves

    flush = getattr(saves, "flush", None)
    saves.autosave(match)          # the session's first write (not timed: a new game or Continue)
    if flush:
        flush()
    start_n = len(match.history)
    spent = 0.0
    calls = 0
    for _ in range(window):
        if match.is_over():
            break
        _step(match, rng)
        t0 = time.perf_counter()
        saves.autosave(match)
        spent += time.perf_counter() - t0
        calls += 1
    t0 = time.perf_counter()
    if flush:
        flush()
    drain = time.perf_counter() - t0
    size = sum(p.stat().st_size for p in folder.glob("autosave.json*") if p.is_file())
    figures: dict[str, Any] = {"actions": start_n, "autosave_ms": (spent + drain) / max(1, calls) * 1000,
                               "_autosave_call_ms": spent / max(1, calls) * 1000, "_drain_ms": drain * 1000,
                               "_file_bytes": size, "_log_lines": len(match.log)}
    undos: list[float] = []
    loads: list[float] = []
    refused: list[str] = []
    for _ in range(UNDO_SAMPLES):
        if not _undoable_by_seat0(match, rng):
            break
        saves.autosave(match)
        if flush:
            flush()
        t0 = time.perf_counter()
        loaded = saves.load_match_or_backup(saves.autosave_path()).match
        loads.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        ok, reason = loaded.can_undo(0)
        if ok:
            loaded.undo(0)
            undos.append(time.perf_counter() - t0)
        else:
            refused.append(reason)
        _step(match, rng)  # the next sample is another position
    figures["undo_after_continue_ms"] = median(undos) * 1000 if undos else None
    figures["_undo_samples_ms"] = [round(u * 1000, 2) for u in undos]
    figures["_load_ms"] = median(loads) * 1000 if loads else None
    figures["_undo_refused"] = refused
    return figures


def measure(small: int = SMALL, large: int = LARGE, seed: int = 5, window: int = WINDOW) -> dict[str, Any]:
    """Play the long fight and measure at ``small`` and ``large`` actions; return the scaling figures."""
    with temporary_home("mesa-scaling-"):
        from game.engine import paths

        folder = paths.saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        match = long_match(seed)
        rng = Rng(seed * 31 + 7)
        _advance_to(match, rng, small)
        at_small = _measure_at(match, rng, folder, window)
        # where does this fight end? the same moves on a copy of the rules state (same move RNG)
        probe, prng, end = match.state.clone(), Rng.from_json(rng.to_json()), len(match.history)
        while probe.to_act() is not None and end < large + END_MARGIN:
            legal = probe.legal_actions()
            pool = [a for a in legal if a.kind not in AVOID] or legal
            probe.apply(pool[0] if len(pool) == 1 else prng.choice(pool))
            end += 1
        target = large if probe.to_act() is not None else min(large, end - END_MARGIN)
        _advance_to(match, rng, target)
        at_large = _measure_at(match, rng, folder, window)
        from game.engine import journal, saves

        journal.forget(saves.autosave_path())  # the folder goes away with the block
    return _result(at_small, at_large)


def _ratio(a: Any, b: Any) -> float | None:
    if a is None or b is None or a <= 0:
        return None
    return round(b / a, 2)


def _result(small: dict[str, Any], large: dict[str, Any]) -> dict[str, Any]:
    """Shape the bench figures: each with its two points and the ratio; details under ``_``."""
    def pair(key: str) -> dict[str, Any]:
        a, b = small.get(key), large.get(key)
        return {"small": None if a is None else round(a, 3), "large": None if b is None else round(b, 3),
                "ratio": _ratio(a, b)}

    return {"actions": {"small": small["actions"], "large": large["actions"]},
            "autosave_ms": pair("autosave_ms"), "undo_after_continue_ms": pair("undo_after_continue_ms"),
            "_small": {k: v for k, v in small.items()}, "_large": {k: v for k, v in large.items()}}

