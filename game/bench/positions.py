"""Busy positions: a match of each ruleset played well into the game, a human to act.

The frame, idle and memory figures need a board with things on it, not an
opening position: the hardest level (then the one with the most content) is played with random legal
moves (a seeded Rng, so the same position every run) for about 60 % of a whole
game's length, stopping at a point where seat 0 (a human) is to act. Seat 0 is
human and the others are bots, as in a real game against the computer.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from game.engine.rng import Rng

log = logging.getLogger(__name__)

#: how far into a game the busy position is (fraction of a whole random game's length)
DEPTH = 0.6


def busiest_level(ruleset_id: str) -> Any:
    """Return the hardest shipped level of a ruleset (then the one with most content), skipping broken ones."""
    from game.engine.levels import discover_levels

    good = [e.level for e in discover_levels(ruleset_id, include_mods=False) if e.level is not None]
    if not good:
        raise RuntimeError(f"{ruleset_id}: no playable shipped level")
    rank = {"tutorial": 0, "easy": 1, "normal": 2, "hard": 3}
    return max(good, key=lambda lv: (rank.get(str(getattr(lv.model, "difficulty", "normal")), 2),
                                     len(json.dumps(lv.data, sort_keys=True, default=str)), lv.id))


def seat_count(ruleset: Any, level: Any) -> int:
    """Two seats when the level allows it, else the fewest it allows."""
    lo, hi = ruleset.seat_range(level)
    seats = getattr(level.model, "seats", None)
    if seats is not None and hasattr(seats, "min"):
        lo, hi = max(lo, seats.min), min(hi, seats.max)
    return max(lo, min(2, hi))


def _playout_length(ruleset: Any, level: Any, specs: list[Any], seed: int) -> int:
    """Length of the whole random game with this seed (the same moves busy_match replays)."""
    state = ruleset.new_game(level, specs, seed)
    rng = Rng(seed * 7 + 3)
    n = 0
    while state.to_act() is not None and n < ruleset.max_game_length:
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
        n += 1
    return n


def busy_match(ruleset_id: str, seed: int = 1, depth: float = DEPTH, bots: str = "normal") -> Any:
    """Return a Match of ``ruleset_id`` about ``depth`` into a game, with seat 0 (human) to act."""
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.engine.registry import get_ruleset

    ruleset = get_ruleset(ruleset_id)
    level = busiest_level(ruleset_id)
    n = seat_count(ruleset, level)
    specs = [SeatSpec("Ana", "human")] + [SeatSpec(f"Bot {i}", "bot", bots) for i in range(1, n)]
    for s in range(seed, seed + 40):
        length = _playout_length(ruleset, level, specs, s)
        target = int(length * depth)
        match = Match.new(ruleset_id, level, specs, s)
        rng = Rng(s * 7 + 3)
        while not match.is_over():
            if len(match.history) >= target and match.to_act() == 0 and len(match.legal_actions()) > 1:
                log.info("busy %s: level %s seed %s, %d of %d actions", ruleset_id, level.id, s,
                         len(match.history), length)
                return match
            legal = match.legal_actions()
            match.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
    raise RuntimeError(f"{ruleset_id}: no busy position with seat 0 to act found")


def ruleset_ids() -> list[str]:
    """Every ruleset that has a playable shipped level."""
    from game.engine.registry import all_rulesets

    return [r.id for r in all_rulesets()]


def dungeon_depths_match(seed: int = 2) -> Any:
    """Return a dungeon Match where seat 0 (a human) chooses where a new Depths map goes, with a deep bag.

    The hero's bag holds three times its chips (the board, bag and Depths ghost are all busy); seat 0
    plays its own first legal actions (the last space when placing) until its status is ``depths``.
    It was the position of the dungeon scene's old timed test; the frames bench measures it now.
    """
    import copy

    from game.engine.levels import Level, get_level
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec

    data = copy.deepcopy(get_level("dungeon", "standard").data)
    hero = data["seat_heroes"][0]
    data["heroes"][hero]["bag"] = data["heroes"][hero]["bag"] * 3
    match = Match.new("dungeon", Level.from_data(data), [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed)
    for _ in range(300):
        status = match.state.players[0].status
        if match.to_act() != 0 or status == "depths":
            break
        legal = match.legal_actions()
        match.apply(legal[-1] if status == "place" else legal[0])
    if match.state.players[0].status != "depths":
        raise RuntimeError("dungeon: no Depths choice reached")
    return match


#: positions the frames bench measures besides each ruleset's busy one: name -> (ruleset, match maker)
EXTRA_POSITIONS: dict[str, tuple[str, Any]] = {
    "dungeon:depths": ("dungeon", dungeon_depths_match),
}
