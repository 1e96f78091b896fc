"""The quest Ruleset: starting, loading and determinizing games, seat ranges, and the bot hooks."""

from __future__ import annotations

from typing import Any, Sequence

from game.engine import levelrefs
from game.engine.actions import Action
from game.engine.choices import Choice
from game.engine.events import Event
from game.engine.levels import Level
from game.engine.protocol import Ruleset, StateError, seat_specs
from game.engine.records import RecordError
from game.engine.rng import Rng
from game.rulesets.quest import bot, hints
from game.rulesets.quest.cards import card_ids
from game.rulesets.quest.choices import seat_choices, seat_decks
from game.rulesets.quest.choices import defaults as choice_defaults
from game.rulesets.quest.level import QuestLevel
from game.rulesets.quest.parts import MAX_SEATS, VERSION, Player
from game.rulesets.quest.phases import setup
from game.rulesets.quest.state import QuestState
from game.rulesets.quest.view import state_data_from_view


class QuestRuleset(Ruleset):
    """Seed 002: the cooperative card-game round for 1 to 4 players against a scenario."""

    id = "quest"
    #: every seat plays on one side against the scenario: a bot seat is a partner, not an opponent
    cooperative = True
    min_seats = 1
    max_seats = MAX_SEATS
    level_model = QuestLevel
    # at most round_limit (<= 200) rounds of a few dozen decisions per player
    max_game_length = 40000

    def new_game(self, level: Level, seats: Sequence[Any], seed: int) -> QuestState:
        """Start a game: decks chosen (or fixed), heroes in play, hands dealt, mulligans pending."""
        specs = seat_specs(seats)
        lo, hi = self.seat_range(level)
        if not lo <= len(specs) <= hi:
            raise ValueError(f"seats: this scenario is played by {lo} to {hi} players, got {len(specs)}")
        st = QuestState(level=level, seat_names=[s.name for s in specs], rng=Rng(seed),
                        players=[Player() for _ in specs])
        if any(s.choice is not None for s in specs):  # a deck chosen on the set-up screen skips the in-game step
            for p, deck in zip(st.players, seat_decks(level, specs)):
                p.deck_id = deck or ""
        ev: list[Event] = []
        setup.begin(st, ev)
        st.flow.settle(st, ev)
        return st

    def from_json(self, data: dict[str, Any]) -> QuestState:
        """Rebuild a state from to_json data; StateError names the bad field."""
        if not isinstance(data, dict):
            raise StateError("save: expected a table")
        if data.get("ruleset") != "quest":
            raise StateError(f"ruleset: expected 'quest', got {data.get('ruleset')!r}")
        if data.get("version") != VERSION:
            raise StateError(f"version: expected {VERSION}, got {data.get('version')!r}")
        try:
            st = QuestState.from_json(data)
        except RecordError as exc:
            raise StateError(str(exc)) from None
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise StateError(f"state: {exc}") from None
        st.validate()
        return st

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> QuestState:
        """Sample a full state from ``seat``'s view: hidden hands, decks, encounter deck and shadows dealt."""
        level = levelrefs.resolve(view.get("level"), "quest")
        decks = tuple(p.get("deck_id", "") for p in view.get("players", []))
        return self.from_json(state_data_from_view(view, seat, rng, card_ids(level, decks)))

    def seat_range(self, level: Level) -> tuple[int, int]:
        """1 to 4 seats, narrowed by the scenario's ``seats``."""
        s = level.model.seats
        if s is None:
            return 1, MAX_SEATS
        return max(1, s.min), min(MAX_SEATS, s.max)

    seat_choice_kind = "deck"
    seat_choice_unique = False  # several seats may play the same deck, as in the in-game choice

    def seat_choices(self, level: Level, seat_index: int, n_seats: int,
                     lang: str | None = None) -> list[Choice] | None:
        """A seat may take its deck on the set-up screen (choices.py) and then skips the in-game choice."""
        return seat_choices(level, seat_index, n_seats, lang)

    def seat_choice_defaults(self, level: Level, n_seats: int) -> list[str | None]:
        """Each seat's pick when it chooses nothing (choices.py)."""
        return choice_defaults(level, n_seats)

    # --- bot hooks -------------------------------------------------------------------------------
    def bot_policy(self, state: QuestState, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        """A plain policy for playouts (see bot.py)."""
        if not legal:
            return None
        act = bot.policy(state, seat, legal, rng)
        return act if act in legal else None

    def bot_budget(self, difficulty: str, budget: Any) -> Any:
        """The search budget tuned for a cooperative game (bot.budget: no slips for normal)."""
        return bot.budget(difficulty, budget)

    explain_hint = hints.explain_hint  # the hint's sentence why, from the seat's view (hints.py)
    hint_names_move = True  # its sentences start with the move ("Play X: ..."): the bubble does not repeat it

    if hasattr(bot, "prior"):  # bot.py (quest-content's) may add a prior; the search bot then uses it
        def bot_prior(self, state: QuestState, seat: int, action: Action) -> float:
            """How promising an action looks to the search bot (bot.prior)."""
            return float(bot.prior(state, seat, action))  # type: ignore[attr-defined]
