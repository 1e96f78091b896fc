"""The dungeon Ruleset: fixed facts, new games, loading saves, determinizing views, bot hooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import levelrefs
from game.engine.choices import Choice
from game.engine.levels import Level
from game.engine.protocol import Ruleset, StateError, seat_specs
from game.engine.rng import Rng
from game.rulesets.dungeon import hints
from game.rulesets.dungeon.checks import migrate
from game.rulesets.dungeon.choices import seat_choices, seat_heroes
from game.rulesets.dungeon.choices import defaults as choice_defaults
from game.rulesets.dungeon.level import DungeonLevel
from game.rulesets.dungeon.state import DungeonState, new_state, state_from_json


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
        heroes = seat_heroes(level, specs) if any(s.choice is not None for s in specs) else None
        return new_state(level, [s.name for s in specs], seed, heroes)

    def from_json(self, data: dict[str, Any]) -> DungeonState:
        """Rebuild a state; StateError naming the bad field."""
        return state_from_json(data)

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> DungeonState:
        """Sample the hidden order of the map piles; everything else is in the view."""
        if not isinstance(view, dict):
            raise StateError("view: expected a table")
        data = migrate({k: v for k, v in view.items() if k not in ("display", "hint")})
        level = levelrefs.resolve(data.get("level"), "dungeon", "level")
        model: DungeonLevel = level.model
        in_play: set[str] = set()
        for p in data.get("players") or []:
            if isinstance(p, dict):
                in_play.update(m["card"] for m in p.get("maps") or [] if isinstance(m, dict)
                               and isinstance(m.get("card"), str))
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
        """Each seat plays the level's hero for it (unless it chooses another: seat_choices)."""
        return list(level.model.seat_heroes[:n_seats])

    def seat_choices(self, level: Level, seat_index: int, n_seats: int,
                     lang: str | None = None) -> list[Choice] | None:
        """A seat may play any hero of the level (choices.py); none in a tutorial."""
        return seat_choices(level, seat_index, n_seats, lang)

    def seat_choice_defaults(self, level: Level, n_seats: int) -> list[str | None]:
        """Each seat's pick when it chooses nothing (choices.py)."""
        return choice_defaults(level, n_seats)

    def bot_policy(self, state: DungeonState, seat: int, legal: list[Any], rng: Rng) -> Any:
        """Greedy placement with a look-ahead over the remaining bag (see bot.py)."""
        from game.rulesets.dungeon.bot import policy

        return policy(state, seat, legal, rng)

    explain_hint = hints.explain_hint  # the hint's sentence why, from the seat's view (hints.py)


RULESET = DungeonRuleset()
