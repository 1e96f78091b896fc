"""The sanctuary Ruleset: starting, loading (and migrating) and determinizing games, and the bot hooks."""

from __future__ import annotations

from typing import Any, Sequence

from game.engine import levelrefs
from game.engine.actions import Action
from game.engine.levels import Level, LevelError
from game.engine.protocol import Ruleset, StateError, seat_specs
from game.engine.rng import Rng
from game.engine.choices import Choice
from game.rulesets.sanctuary import bot, hints, turn
from game.rulesets.sanctuary.choices import seat_choices, seat_decks
from game.rulesets.sanctuary.choices import defaults as choice_defaults
from game.rulesets.sanctuary.level import SanctuaryLevel
from game.rulesets.sanctuary.state import VERSION, SanctuaryState, card_ids
from game.rulesets.sanctuary.view import passed_from_count, state_data_from_view


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Turn version-1 state JSON (level embedded; ``stack``, ``priority``, ``passes`` apart) into version 2."""
    try:
        level = Level.from_data(data.get("level"), where="save.level")  # type: ignore[arg-type]
    except LevelError as exc:
        raise StateError(f"level: {exc}") from None
    if level.ruleset != "sanctuary":
        raise StateError("level: not a sanctuary level")
    out = {k: v for k, v in data.items() if k not in ("priority", "passes", "stack")}
    out["version"] = VERSION
    out["level"] = levelrefs.ref_of(level)
    holder, passes = data.get("priority"), data.get("passes")
    if not isinstance(passes, int) or isinstance(passes, bool) or not 0 <= passes <= 2:
        raise StateError("passes: expected 0, 1 or 2")
    out["stack"] = {"items": data.get("stack"), "passed": passed_from_count(holder, passes), "holder": holder}
    return out


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
        decks = seat_decks(level, specs) if any(s.choice is not None for s in specs) else []
        st = SanctuaryState(level=level, seat_names=[s.name for s in specs], rng=Rng(seed), decks=decks)
        turn.setup(st)
        return st

    def from_json(self, data: dict[str, Any]) -> SanctuaryState:
        """Rebuild a state from to_json data (version 1 is migrated); StateError names the bad field."""
        if not isinstance(data, dict):
            raise StateError("save: expected a table")
        if data.get("ruleset") != "sanctuary":
            raise StateError(f"ruleset: expected 'sanctuary', got {data.get('ruleset')!r}")
        if data.get("version") == 1:
            data = migrate_v1(data)
        elif data.get("version") != VERSION:
            raise StateError(f"version: expected {VERSION}, got {data.get('version')!r}")
        st = SanctuaryState.from_json(data)
        st.validate()
        return st

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> SanctuaryState:
        """Sample a full state from ``seat``'s view: unknown cards dealt at random into hands and decks."""
        level = levelrefs.resolve(view.get("level"), "sanctuary")
        decks = view.get("decks") or []  # the seats' chosen decks are public (absent: the level's)
        if not isinstance(decks, list) or not all(isinstance(d, str) and d in level.model.decks for d in decks):
            raise StateError("decks: expected the level's deck ids")
        return self.from_json(state_data_from_view(view, seat, rng, card_ids(level, decks)))

    def seat_roles(self, level: Level, n_seats: int) -> list[str]:
        """Both seats are players; a scripted seat is the tutorial's opponent."""
        return ["scripted" if i < len(level.model.players) and level.model.players[i].script else "player"
                for i in range(n_seats)]

    def seat_range(self, level: Level) -> tuple[int, int]:
        """Exactly two seats."""
        return 2, 2

    seat_choice_kind = "deck"
    seat_choice_unique = False  # both seats may play the same deck (each has its own copy)

    def seat_choices(self, level: Level, seat_index: int, n_seats: int,
                     lang: str | None = None) -> list[Choice] | None:
        """A seat may play any deck of the level (choices.py); none in a tutorial or against a script."""
        return seat_choices(level, seat_index, n_seats, lang)

    def seat_choice_defaults(self, level: Level, n_seats: int) -> list[str | None]:
        """Each seat's pick when it chooses nothing (choices.py)."""
        return choice_defaults(level, n_seats)

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

    explain_hint = hints.explain_hint  # the hint's sentence why, from the seat's view (hints.py)
    hint_names_move = True  # its sentences start with the move ("Play X: ..."): the bubble does not repeat it
