"""The sanctuary Ruleset: starting, loading and determinizing games, and the bot hooks."""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any, Sequence

from game.engine.actions import Action
from game.engine.levels import Level, LevelError
from game.engine.protocol import Ruleset, StateError, seat_specs
from game.engine.rng import Rng
from game.rulesets.sanctuary import bot
from game.rulesets.sanctuary.level import SanctuaryLevel
from game.rulesets.sanctuary.state import VERSION, SanctuaryState, card_ids

_LEVEL_CACHE: "OrderedDict[str, Level]" = OrderedDict()


_BY_IDENTITY: "OrderedDict[int, tuple[Any, Level]]" = OrderedDict()


def _level_from(data: Any) -> Level:
    """Validate level data (cached by its exact text, so bots' determinizations stay cheap)."""
    if not isinstance(data, dict):
        raise StateError("level: expected the level table")
    hit = _BY_IDENTITY.get(id(data))
    if hit is not None and hit[0] is data:  # the very dict a state or view carries: already validated
        return hit[1]
    key = json.dumps(data, ensure_ascii=False)  # key order kept: it is part of the data
    lvl = _LEVEL_CACHE.get(key)
    if lvl is None:
        try:
            lvl = Level.from_data(data, where="save.level")
        except LevelError as exc:
            raise StateError(f"level: {exc}") from None
        if lvl.ruleset != "sanctuary":
            raise StateError("level: not a sanctuary level")
        _LEVEL_CACHE[key] = lvl
        while len(_LEVEL_CACHE) > 8:
            _LEVEL_CACHE.popitem(last=False)
    else:
        _LEVEL_CACHE.move_to_end(key)
    _BY_IDENTITY[id(data)] = (data, lvl)
    _BY_IDENTITY[id(lvl.data)] = (lvl.data, lvl)
    while len(_BY_IDENTITY) > 16:
        _BY_IDENTITY.popitem(last=False)
    return lvl


class SanctuaryRuleset(Ruleset):
    """Seed 004: a two-player duel of Sanctuaries, Will, Attachments, Characters and Manipulations."""

    id = "sanctuary"
    min_seats = 2
    max_seats = 2
    level_model = SanctuaryLevel
    # turn_limit (<= 400) turns of at most a few hundred decisions; real games take a few hundred in all
    max_game_length = 60000

    def new_game(self, level: Level, seats: Sequence[Any], seed: int) -> SanctuaryState:
        """Start a game: Sanctuaries in play, decks shuffled, six cards each, mulligans pending."""
        specs = seat_specs(seats)
        if len(specs) != 2:
            raise ValueError(f"seats: sanctuary is played by exactly 2 seats, got {len(specs)}")
        st = SanctuaryState(level, [s.name for s in specs], Rng(seed))
        st.setup()
        return st

    def from_json(self, data: dict[str, Any]) -> SanctuaryState:
        """Rebuild a state from to_json data; StateError names the bad field."""
        if not isinstance(data, dict):
            raise StateError("save: expected a table")
        if data.get("ruleset") != "sanctuary":
            raise StateError(f"ruleset: expected 'sanctuary', got {data.get('ruleset')!r}")
        if data.get("version") != VERSION:
            raise StateError(f"version: expected {VERSION}, got {data.get('version')!r}")
        return SanctuaryState.from_data(_level_from(data.get("level")), data)

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> SanctuaryState:
        """Sample a full state from ``seat``'s view: unknown cards dealt at random into hands and decks."""
        data = dict(view)
        level = _level_from(data.get("level"))
        ids = card_ids(level)
        players = []
        for p, pl in enumerate(view.get("players", [])):
            pl = dict(pl)
            known = {c for z in ("discard", "chars", "attachments", "techs") for c in pl.get(z, [])}
            known |= {s["card"] for s in view.get("stack", []) if isinstance(s, dict) and s.get("card")}
            hand = list(pl.get("hand", []))
            known |= {c for c in hand if c != "?"}
            unknown = sorted(c for c in ids if c.startswith(f"{p}.") and not c.endswith(".S") and c not in known)
            rng.shuffle(unknown)
            for i, c in enumerate(hand):
                if c == "?":
                    hand[i] = unknown.pop()
            pl["hand"] = hand
            pl["deck"] = unknown[:len(pl.get("deck", []))]
            players.append(pl)
        data["players"] = players
        data["rng"] = Rng(rng.next_u64()).to_json()
        return SanctuaryState.from_data(level, data)

    def seat_roles(self, level: Level, n_seats: int) -> list[str]:
        """Both seats are players; a scripted seat is the tutorial's opponent."""
        return ["scripted" if i < len(level.model.players) and level.model.players[i].script else "player"
                for i in range(n_seats)]

    def seat_range(self, level: Level) -> tuple[int, int]:
        """Exactly two seats."""
        return 2, 2

    # --- bot hooks -------------------------------------------------------------------------------
    def bot_policy(self, state: SanctuaryState, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        """Greedy rollout policy for the search bot (see bot.py)."""
        if not legal:
            return None
        act = bot.policy(state, seat, legal, rng)
        return act if act in legal else None

    def bot_prior(self, state: SanctuaryState, seat: int, action: Action) -> float:
        """How promising an action looks: 1 for the greedy policy's own choice, less for the rest."""
        cache = getattr(state, "bot_cache", None)
        if cache is None:
            legal = state.legal_actions()
            cache = state.bot_cache = bot.policy(state, seat, legal, None) if legal else None
        if action == cache:
            return 1.0
        return 0.2 if action.kind == "pass" else 0.3

    def script_choice(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action | None:
        """The tutorial's scripted opponent: its action from its own view, or None for unscripted seats."""
        st = self.determinize(view, seat, Rng(0))
        return bot.script_choice(st, seat, legal)
