"""A private, tiny ruleset used only by the level-loader tests.

It exists so the level tests do not depend on the real rulesets (which other
people change): its level model has the shapes real rulesets use (localized
text, enums with typo suggestions, nested lists of tables, named effect verbs
discriminated on ``effect``, image references) and the game itself is trivial.
Register it with ``registered()`` (a context manager) or use the
``level_env`` fixture, which also points the shipped-levels and mods folders at
temporary directories.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Literal, Sequence

import pytest
from pydantic import Field

from game.engine import registry
from game.engine.actions import Action
from game.engine.effects import EffectRegistry, VerbParams
from game.engine.events import Event
from game.engine.protocol import GameState, Result, Ruleset, StateError
from game.engine.rng import Rng
from game.engine.schema import AssetPath, Ident, LevelBase, LocalizedText, StrictModel

RULESET_ID = "levelgame"

VERBS = EffectRegistry(RULESET_ID)


class Damage(VerbParams):
    """Deal damage to a target group."""

    effect: Literal["damage"]
    target: Literal["adjacent_monsters", "line", "self"] = "adjacent_monsters"
    amount: int = Field(1, ge=0, le=20)


class Heal(VerbParams):
    """Heal the owner."""

    effect: Literal["heal"]
    amount: int = Field(1, ge=1, le=20)


class DrawChips(VerbParams):
    """Draw chips from the bag."""

    effect: Literal["draw"]
    count: int = Field(1, ge=1, le=5)


@VERBS.verb(Damage)
def _damage(ctx: Any, p: Damage) -> Any:
    return ("damage", p.target, p.amount)


@VERBS.verb(Heal)
def _heal(ctx: Any, p: Heal) -> Any:
    return ("heal", p.amount)


@VERBS.verb(DrawChips)
def _draw(ctx: Any, p: DrawChips) -> Any:
    return ("draw", p.count)


Face = Literal["sword", "shield", "torch", "skull", "key"]


class Chip(StrictModel):
    """A double-sided chip."""

    name: LocalizedText
    faces: list[Face] = Field(min_length=2, max_length=2)
    effects: list[VERBS.union()] = Field(default_factory=list, max_length=8)  # type: ignore[valid-type]


class Tile(StrictModel):
    """A map tile with the modder's own art."""

    id: Ident
    image: AssetPath


class Floor(StrictModel):
    """One floor of the map."""

    spaces: int = Field(ge=1, le=30)
    obstacles: list[int] = Field(default_factory=list)


class LevelGameLevel(LevelBase):
    """The level file of the test ruleset."""

    target_score: int = Field(3, ge=1, le=99)
    chips: list[Chip] = Field(default_factory=list, max_length=60)
    floors: list[Floor] = Field(default_factory=list, max_length=6)
    tiles: list[Tile] = Field(default_factory=list, max_length=40)


class LevelGameState(GameState):
    """Count to the target score by passing; the first seat to reach it wins."""

    ruleset_id = RULESET_ID

    def __init__(self, level_data: dict[str, Any], seats: list[str], rng: Rng, score: int = 0, turn: int = 0):
        self.level_data = level_data
        self.seat_names = seats
        self.rng = rng
        self.score = score
        self.turn = turn

    def _target(self) -> int:
        return int(self.level_data.get("target_score", 3))

    def to_act(self) -> int | None:
        """Return the seat to act."""
        return None if self.score >= self._target() else self.turn % len(self.seat_names)

    def legal_actions(self) -> list[Action]:
        """Only passing."""
        return [] if self.to_act() is None else [Action.of("pass")]

    def _apply(self, action: Action) -> list[Event]:
        self.score += 1
        self.turn += 1
        return [Event("Passed", {"score": self.score})]

    def result(self) -> Result | None:
        """The seat that made the last pass wins."""
        if self.to_act() is not None:
            return None
        return Result(((self.turn - 1) % len(self.seat_names),))

    def to_json(self) -> dict[str, Any]:
        """Return the full state."""
        return {"ruleset": RULESET_ID, "version": 1, "level": self.level_data, "seats": list(self.seat_names),
                "rng": self.rng.to_json(), "score": self.score, "turn": self.turn}


class LevelGameRuleset(Ruleset):
    """The test ruleset."""

    id = RULESET_ID
    min_seats = 1
    max_seats = 2
    level_model = LevelGameLevel

    def new_game(self, level: Any, seats: Sequence[Any], seed: int) -> GameState:
        """Start a game."""
        return LevelGameState(dict(level.data), [str(s) for s in seats], Rng(seed))

    def from_json(self, data: dict[str, Any]) -> GameState:
        """Rebuild a state."""
        from game.engine.levels import Level, LevelError

        try:
            level = Level.from_data(data["level"])
            return LevelGameState(dict(level.data), list(data["seats"]), Rng.from_json(data["rng"]),
                                  int(data["score"]), int(data["turn"]))
        except (KeyError, TypeError, ValueError, LevelError) as exc:
            raise StateError(f"levelgame state: {exc}") from None


RULESET = LevelGameRuleset()


@contextlib.contextmanager
def registered() -> Iterator[Ruleset]:
    """Register the test ruleset for the duration of a ``with`` block (nesting restores the outer one)."""
    previous = registry._REGISTRY.get(RULESET_ID)
    registry.register(RULESET)
    try:
        yield RULESET
    finally:
        if previous is None:
            registry.unregister(RULESET_ID)
        else:
            registry.register(previous)


@dataclass
class LevelEnv:
    """Temporary shipped-levels and mods folders the loader is pointed at."""

    resources: Path
    home: Path
    levels: Path      # resources/levels
    mods: Path        # home/data/mods
    shipped: Path     # levels/levelgame
    mod: Path         # mods/levelgame

    def write(self, folder: Path, name: str, text: str | bytes) -> Path:
        """Write a file (text as UTF-8) and return its path."""
        p = folder / name
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            p.write_bytes(text)
        else:
            p.write_text(text, encoding="utf-8")
        return p


@pytest.fixture
def level_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LevelEnv]:
    """Register the test ruleset and point MESA_RESOURCES / MESA_HOME at empty temporary folders."""
    res, home = tmp_path / "res", tmp_path / "home"
    env = LevelEnv(res, home, res / "levels", home / "data" / "mods",
                   res / "levels" / RULESET_ID, home / "data" / "mods" / RULESET_ID)
    env.shipped.mkdir(parents=True)
    env.mod.mkdir(parents=True)
    monkeypatch.setenv("MESA_RESOURCES", str(res))
    monkeypatch.setenv("MESA_HOME", str(home))
    with registered():
        yield env


GOOD_LEVEL = '''\
format = 1
ruleset = "levelgame"
title = { en = "The Mossy Cellar", es = "El sótano musgoso", it = "La cantina muschiosa" }
description = "Count to three."
difficulty = "easy"
order = 5
target_score = 3

[[chips]]
name = "Rusty blade"
faces = ["sword", "skull"]
effects = [{ effect = "damage", target = "line", amount = 2 }]

[[chips]]
name = { en = "Lantern", es = "Linterna" }
faces = ["torch", "key"]

[[floors]]
spaces = 6
obstacles = [2]
'''
