"""The skirmish Ruleset: starting games, loading saves, seat roles and bot hooks.

Loading goes through the state's record declaration (``SkirmishState.from_json``), after
``checks.migrate`` brings older saves to the current version and followed by ``checks.validate``
for what types cannot say. Fights built by other rulesets start in ``combat.py``.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Sequence

from game.engine.choices import Choice
from game.engine.i18n import load_catalog, localize, t
from game.engine.levels import Level
from game.engine.protocol import Ruleset, StateError, seat_specs
from game.engine.rng import Rng
from game.rulesets.skirmish import hints
from game.rulesets.skirmish.bot import bot_policy as _bot_policy
from game.rulesets.skirmish.bot import bot_prior as _bot_prior
from game.rulesets.skirmish.checks import migrate, validate
from game.rulesets.skirmish.choices import party as hero_party
from game.rulesets.skirmish.choices import seat_choices
from game.rulesets.skirmish.choices import defaults as choice_defaults
from game.rulesets.skirmish.level import SkirmishLevel
from game.rulesets.skirmish.state import SkirmishState

log = logging.getLogger(__name__)

load_catalog(Path(__file__).with_name("strings.toml"))


def state_from_json(data: Any) -> SkirmishState:
    """Rebuild a SkirmishState from to_json data (older versions migrated); StateError naming the field."""
    if not isinstance(data, dict):
        raise StateError("state: expected a table")
    if data.get("ruleset") != "skirmish":
        raise StateError(f"ruleset: expected 'skirmish', got {data.get('ruleset')!r}")
    try:
        st = SkirmishState.from_json(migrate(data))
        validate(st)
        st._index()
        if st.phase != "over" and st.to_act() is None:
            raise StateError("state: nobody can act in a game that is not over")
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise StateError(f"state: malformed data ({exc.__class__.__name__}: {exc})") from None
    return st


class SkirmishRuleset(Ruleset):
    """Seed 003: action-point combat with the needle, reaction chains, limbs and equipment."""

    id = "skirmish"
    min_seats = 2
    max_seats = 5
    level_model = SkirmishLevel
    max_game_length = 20000

    def __init__(self) -> None:
        self._last_view: tuple[dict[str, Any], SkirmishState] | None = None

    def new_game(self, level: Level, seats: Sequence[Any], seed: int | Rng) -> SkirmishState:
        """Start a fight: one seat per hero, the last seat is the Dark Lord's (``seed``: a number or an Rng)."""
        specs = seat_specs(seats)
        lo, hi = self.seat_range(level)
        if not lo <= len(specs) <= hi:
            raise ValueError(f"seats: this level takes {lo} to {hi} seats, got {len(specs)}")
        party = hero_party(level, specs) if any(s.choice is not None for s in specs) else None
        return SkirmishState.new(level, [s.name for s in specs], seed if isinstance(seed, Rng) else int(seed), party)

    def from_json(self, data: dict[str, Any]) -> SkirmishState:
        """Rebuild a state from to_json data; StateError naming the bad field."""
        return state_from_json(data)

    def determinize(self, view: dict[str, Any], seat: int, rng: Rng) -> SkirmishState:
        """Everything is public: the state is the view's state fields (chain and window back in the stack).

        Search bots determinize the same view on every iteration: the state loaded from the last view
        is kept (with that view object) and cloned, which gives an equal state at the cost of a clone.
        """
        seed = Rng(rng.next_u64())
        last = self._last_view
        if last is not None and last[0] is view:
            st = last[1].clone()
            st.rng = seed
            return st
        st = self._from_view(view, seed)
        self._last_view = (view, st.clone())
        return st

    def _from_view(self, view: dict[str, Any], rng: Rng) -> SkirmishState:
        keys = {key for _, key, _, _ in SkirmishState._compile()} - {"chain", "yielded"}
        data = {k: v for k, v in view.items() if k in keys}
        window = view.get("window") or {}
        data["chain"] = {"items": view.get("chain", []), "passed": window.get("passed", []), "holder": None}
        data["yielded"] = window.get("yielded", [])
        data["rng"] = rng.to_json()
        return self.from_json(data)

    def seat_roles(self, level: Level, n_seats: int) -> list[str]:
        """Hero seats first, the Dark Lord last (or the roster's sides)."""
        m: SkirmishLevel = level.model
        if m.roster:
            sides = {r.seat: r.side for r in m.roster}
            return ["hero" if sides.get(i) == "heroes" else "dark_lord" for i in range(n_seats)]
        return ["hero"] * (n_seats - 1) + ["dark_lord"]

    def seat_range(self, level: Level) -> tuple[int, int]:
        """One seat per hero of the party (at least one) plus the Dark Lord."""
        return level.model.seat_count_range()

    def level_notes(self, level: Level, lang: str | None = None) -> list[str]:
        """A level that declares a round limit is a named variant: say so in the level list."""
        m: SkirmishLevel = level.model
        if m.round_limit is None:
            return []
        name = localize(m.variant, lang) if m.variant else t("skirmish.variant.default_name", lang)
        return [t("skirmish.variant.round_limit", lang, name=name, n=m.round_limit)]

    def seat_choices(self, level: Level, seat_index: int, n_seats: int,
                     lang: str | None = None) -> list[Choice] | None:
        """A hero seat may fight with any hero archetype of the level (choices.py); none with a roster."""
        return seat_choices(level, seat_index, n_seats, lang)

    def seat_choice_defaults(self, level: Level, n_seats: int) -> list[str | None]:
        """Each seat's pick when it chooses nothing (choices.py)."""
        return choice_defaults(level, n_seats)

    def bot_policy(self, state: SkirmishState, seat: int, legal: list[Any], rng: Rng) -> Any:
        """Heuristic move for rollouts and easy bots (focus fire, protect the wounded, readiness)."""
        return _bot_policy(state, seat, legal, rng)

    def bot_prior(self, state: SkirmishState, seat: int, action: Any) -> float:
        """How promising an action looks (search expansion order and bias), in [0, 1]."""
        return _bot_prior(state, seat, action)

    explain_hint = hints.explain_hint  # the hint's sentence why, from the seat's view (hints.py)
    hint_names_move = True  # its sentences start with the move ("Play X: ..."): the bubble does not repeat it


RULESET = SkirmishRuleset()
