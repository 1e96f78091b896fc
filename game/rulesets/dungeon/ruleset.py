"""The dungeon Ruleset: fixed facts, new games, loading saves, determinizing views, bot hooks."""

from __future__ import annotations

from typing import Any, Sequence

from game.engine.levels import Level, LevelError
from game.engine.protocol import Ruleset, StateError, digest_of, seat_specs
from game.engine.rng import Rng
from game.rulesets.dungeon.level import DungeonLevel
from game.rulesets.dungeon.state import DungeonState, new_state, state_from_json

_LEVELS: dict[Any, tuple[Any, Level, Any]] = {}


def _shape(data: dict[str, Any]) -> tuple[Any, ...]:
    """A cheap fingerprint of a level dict's top level (catches in-place edits of its fields)."""
    return tuple((k, v if isinstance(v, (str, int, float, bool, type(None))) else id(v)) for k, v in data.items())


def _level_from(data: Any) -> Level:
    """Validate a saved level dict (cached by identity and content: bots rebuild states many times)."""
    if not isinstance(data, dict):
        raise StateError("level: expected the level table")
    hit = _LEVELS.get(id(data))
    if hit is not None and hit[0] is data and hit[2] == _shape(data):
        return hit[1]
    try:
        key = digest_of(data)
    except (TypeError, ValueError):
        raise StateError("level: not JSON data") from None
    hit = _LEVELS.get(key)
    if hit is None:
        try:
            level = Level.from_data(data, where="save:level")
        except LevelError as exc:
            raise StateError(f"level: {exc}") from None
        if level.ruleset != "dungeon":
            raise StateError(f"level: a {level.ruleset!r} level, not a dungeon level")
        hit = (data, level, None)
        _LEVELS[key] = hit
    if len(_LEVELS) > 256:
        _LEVELS.clear()
    _LEVELS[id(data)] = (data, hit[1], _shape(data))
    return hit[1]


class DungeonRuleset(Ruleset):
    """Seed 001: draw chips from your bag, build your dungeon, then resolve it, over several rounds."""

    id = "dungeon"
    min_seats = 1
    max_seats = 4
    level_model = DungeonLevel
    # 10 rounds x 4 seats x (1 map + 2 per chip for 85 chips + 85 descents + 43 Depths + 6 market)
    max_game_length = 13000

    def new_game(self, level: Level, seats: Sequence[Any], seed: int) -> DungeonState:
        """Start a game: each seat gets the level's hero for it, bags and shuffled map piles."""
        specs = seat_specs(seats)
        lo, hi = self.seat_range(level)
        if not lo <= len(specs) <= hi:
            raise ValueError(f"seats: this level seats {lo} to {hi} players, got {len(specs)}")
        return new_state(level, [s.name for s in specs], seed)

    def from_json(self, data: dict[str, Any]) -> DungeonState:
        """Rebuild a state; StateError naming the bad field."""
        return state_from_json(data, _level_from)

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> DungeonState:
        """Sample the hidden order of the map piles; everything else is in the view."""
        if not isinstance(view, dict):
            raise StateError("view: expected a table")
        data = {k: v for k, v in view.items() if k not in ("display", "hint")}
        level = _level_from(data.get("level"))
        model: DungeonLevel = level.model
        in_play: set[str] = set()
        for p in data.get("players") or []:
            if isinstance(p, dict):
                in_play.update(m.get("card") for m in p.get("maps") or [] if isinstance(m, dict))
                if p.get("pending_map"):
                    in_play.add(p["pending_map"])
        for name, cards in (("entrance_pile", model.entrance_cards()), ("depths_pile", model.depths_cards())):
            unseen = [c for c in cards if c not in in_play]
            rng.shuffle(unseen)
            count = len(data.get(name) or [])
            if count != len(unseen):
                raise StateError(f"{name}: the view shows {count} cards but {len(unseen)} are unseen")
            data[name] = unseen
        data["rng"] = Rng(rng.next_u64()).to_json()
        return self.from_json(data)

    def seat_range(self, level: Level) -> tuple[int, int]:
        """Seats this level allows (heroes and Entrance cards limit it)."""
        model: DungeonLevel = level.model
        return max(self.min_seats, model.min_players()), min(self.max_seats, model.max_players())

    def seat_roles(self, level: Level, n_seats: int) -> list[str]:
        """Each seat plays the level's hero for it."""
        return list(level.model.seat_heroes[:n_seats])

    def bot_policy(self, state: DungeonState, seat: int, legal: list[Any], rng: Rng) -> Any:
        """Greedy placement with a look-ahead over the remaining bag (see bot.py)."""
        from game.rulesets.dungeon.bot import policy

        return policy(state, seat, legal, rng)


RULESET = DungeonRuleset()
