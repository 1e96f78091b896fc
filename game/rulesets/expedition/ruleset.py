"""The expedition Ruleset: starting games, loading saves, seats, the level's Tiled map and bot hooks.

One seat per hero (``players`` in the level), then the Dark Lord's seat (the monsters in battles).
Loading goes through the state's record declaration and ``checks.validate``; a live battle is
loaded by the host (engine/hosting.py), which asks ``child_level`` for the battle's skirmish level.
``expand_level`` reads a level's Tiled map (``map.tiled``) into its data when the file is loaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from game.engine.choices import Choice
from game.engine.events import Event
from game.engine.hosting import HostingRuleset
from game.engine.i18n import load_catalog
from game.engine.levels import Level
from game.engine.actions import Action
from game.engine.protocol import GameState, StateError, seat_specs
from game.engine.records import RecordError
from game.engine.rng import Rng
from game.rulesets.expedition import hints
from game.rulesets.expedition.choices import party as hero_party
from game.rulesets.expedition.choices import seat_choices
from game.rulesets.expedition.choices import defaults as choice_defaults
from game.rulesets.expedition.level import ExpeditionLevel
from game.rulesets.expedition.state import ExpeditionState, Hero

load_catalog(Path(__file__).with_name("strings.toml"))


def state_from_json(data: Any) -> ExpeditionState:
    """Rebuild a state from to_json data; StateError naming the field otherwise."""
    from game.rulesets.expedition.checks import validate

    if not isinstance(data, dict):
        raise StateError("state: expected a table")
    if data.get("ruleset") != "expedition":
        raise StateError(f"ruleset: expected 'expedition', got {data.get('ruleset')!r}")
    try:
        st = ExpeditionState.from_json(data)
        validate(st)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise StateError(f"state: malformed data ({exc.__class__.__name__}: {exc})") from None
    return st


class ExpeditionRuleset(HostingRuleset):
    """Seed 000: heroes exploring biome tiles; battles are skirmish games played inside."""

    id = "expedition"
    min_seats = 2
    max_seats = 5
    level_model = ExpeditionLevel
    max_game_length = 40000

    def new_game(self, level: Level, seats: Sequence[Any], seed: int | Rng) -> ExpeditionState:
        """Start: one hero per seat but the last (the Dark Lord's) on the level's starting squares."""
        from game.rulesets.expedition.explore import max_health
        from game.rulesets.expedition.turns import start

        specs = seat_specs(seats)
        lo, hi = self.seat_range(level)
        if not lo <= len(specs) <= hi:
            raise ValueError(f"seats: this level takes {lo} to {hi} seats (heroes and the Dark Lord), "
                             f"got {len(specs)}")
        m: ExpeditionLevel = level.model
        rng = seed if isinstance(seed, Rng) else Rng(int(seed))
        st = ExpeditionState(level=level, seat_names=[s.name for s in specs], rng=rng)
        heroes = hero_party(level, specs) if any(s.choice is not None for s in specs) else None
        for i in range(len(specs) - 1):
            arche = heroes[i] if heroes is not None else m.party[i % len(m.party)]
            x, y = m.starts[i]
            h = Hero(seat=i, hero=arche, x=x, y=y, health=1, gold=m.heroes[arche].gold,
                     items=list(m.heroes[arche].items))
            st.heroes.append(h)
            h.health = max_health(st, h)
        st.decks = {"normal": m.deck("normal"), "rare": m.deck("rare")}
        events: list[Event] = []
        start(st, events)
        return st

    def from_json(self, data: dict[str, Any]) -> ExpeditionState:
        """Rebuild a state from to_json data; StateError naming the bad field."""
        try:
            return state_from_json(data)
        except RecordError as exc:
            raise StateError(str(exc)) from None

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> ExpeditionState:
        """A state consistent with the view: others' messages, a face-down market, a secret goal sampled."""
        from game.rulesets.expedition.secrets import determinize

        return determinize(view, seat, rng)

    #: roles the result screen lists no score for: the Dark Lord gathers no gold
    unscored_roles = ("dark_lord",)

    def seat_roles(self, level: Level, n_seats: int) -> list[str]:
        """Hero seats, then the Dark Lord."""
        return ["hero"] * (n_seats - 1) + ["dark_lord"]

    def seat_range(self, level: Level) -> tuple[int, int]:
        """The level's heroes plus the Dark Lord."""
        p = level.model.players
        return p.min + 1, p.max + 1

    def seat_choices(self, level: Level, seat_index: int, n_seats: int,
                     lang: str | None = None) -> list[Choice] | None:
        """A hero seat may explore with any hero archetype of the level (choices.py); none in a tutorial."""
        return seat_choices(level, seat_index, n_seats, lang)

    def seat_choice_defaults(self, level: Level, n_seats: int) -> list[str | None]:
        """Each seat's pick when it chooses nothing (choices.py)."""
        return choice_defaults(level, n_seats)

    def bot_policy(self, state: GameState, seat: int, legal: list[Action], rng: Rng) -> Action | None:
        """The bot's move (a live battle's is the skirmish bot's: the host routes it)."""
        from game.rulesets.expedition.bot import policy

        assert isinstance(state, ExpeditionState)
        return policy(state, seat, legal, rng)

    def bot_search_apply(self, state: GameState, action: Action, rng: Rng) -> bool:
        """A battle inside a bot's search is replayed from a memo of real ones (botsearch.py)."""
        from game.rulesets.expedition.botsearch import search_apply

        assert isinstance(state, ExpeditionState)
        return search_apply(state, action, rng)

    def bot_prior(self, state: GameState, seat: int, action: Action) -> float:
        """How promising an action looks to the search: moves by the distance they gain (botsearch.py)."""
        from game.rulesets.expedition.botsearch import prior

        assert isinstance(state, ExpeditionState)
        return prior(state, seat, action)

    def bot_budget(self, difficulty: str, budget: Any) -> Any:
        """The search budget tuned for the expedition (botsearch.budget)."""
        from game.rulesets.expedition.botsearch import budget as tuned

        return tuned(difficulty, budget)

    def bot_evaluate(self, state: GameState, seat: int) -> float:
        """The search's judgement where a rollout stops: progress, health, the race (botsearch.py)."""
        from game.rulesets.expedition.botsearch import evaluate

        assert isinstance(state, ExpeditionState)
        return evaluate(state, seat)

    def expand_level(self, data: dict[str, Any], path: Path, root: Path) -> dict[str, Any]:
        """Read the level's Tiled map (``map.tiled``) into rows, sites, NPCs and starts."""
        from game.rulesets.expedition.tiled import expand

        return expand(data, path, root)

    explain_hint = hints.explain_hint  # the hint's sentence why, from the seat's view (hints.py)


RULESET = ExpeditionRuleset()
