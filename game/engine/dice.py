"""Dice: exploding NdX (seed 003), the damage notation ``1d-2|1``, and success dice
with custom faces (seed 000's escape, vision and luck dice, defined in level data).

Every roll takes the state's Rng and returns what was shown, so scenes can
animate the very faces the rules produced.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

from game.engine.rng import Rng

_NOTATION = re.compile(r"^\s*(\d{1,2})\s*d\s*(?:6)?\s*(?:([+-])\s*(\d{1,3}))?\s*(?:\|\s*(-?\d{1,3}))?\s*$")
MAX_EXPLOSIONS = 50  # a safety cap: 50 sixes in a row has probability 6**-50


def roll_exploding_die(rng: Rng) -> list[int]:
    """Roll one d6 where a 6 counts 5 and is rolled again; return the faces shown."""
    faces: list[int] = []
    while True:
        face = rng.randint(1, 6)
        faces.append(face)
        if face != 6 or len(faces) > MAX_EXPLOSIONS:
            return faces


def exploding_value(faces: Sequence[int]) -> int:
    """Return the value of one exploding die's faces: each 6 counts 5."""
    return sum(5 if f == 6 else f for f in faces)


@dataclass(frozen=True)
class DiceRoll:
    """The outcome of NdX: every die's faces (explosions included), the modifier, the total."""

    dice: tuple[tuple[int, ...], ...]
    modifier: int
    minimum: int | None
    total: int

    def to_json(self) -> dict:
        """Return JSON-safe data for events and logs."""
        return {"dice": [list(d) for d in self.dice], "modifier": self.modifier,
                "minimum": self.minimum, "total": self.total}


@dataclass(frozen=True)
class DiceExpr:
    """A parsed dice expression: ``N d [+-X] [|MIN]``, e.g. ``3d``, ``1d-2|1``, ``2d+1``."""

    count: int
    modifier: int = 0
    minimum: int | None = None

    @classmethod
    def parse(cls, text: str) -> "DiceExpr":
        """Parse the notation; raise ValueError with the expected form."""
        m = _NOTATION.match(text or "")
        if not m:
            raise ValueError(f"bad dice expression {text!r}: expected like '3d', '1d+2', '1d-2|1'")
        count = int(m.group(1))
        if not 0 < count <= 20:
            raise ValueError(f"bad dice expression {text!r}: between 1 and 20 dice")
        mod = int(m.group(3) or 0) * (-1 if m.group(2) == "-" else 1)
        minimum = int(m.group(4)) if m.group(4) is not None else None
        return cls(count, mod, minimum)

    def roll(self, rng: Rng) -> DiceRoll:
        """Roll with exploding sixes, add the modifier, apply the minimum."""
        dice = tuple(tuple(roll_exploding_die(rng)) for _ in range(self.count))
        total = sum(exploding_value(d) for d in dice) + self.modifier
        if self.minimum is not None:
            total = max(total, self.minimum)
        return DiceRoll(dice, self.modifier, self.minimum, total)

    def __str__(self) -> str:
        s = f"{self.count}d"
        if self.modifier:
            s += f"{self.modifier:+d}"
        if self.minimum is not None:
            s += f"|{self.minimum}"
        return s


def roll(expr: str, rng: Rng) -> DiceRoll:
    """Parse and roll a dice expression."""
    return DiceExpr.parse(expr).roll(rng)


@dataclass(frozen=True)
class SuccessDie:
    """A die with named faces, some of which count as successes (level data)."""

    name: str
    faces: tuple[str, ...]
    successes: frozenset[str]

    def __post_init__(self) -> None:
        if not self.faces:
            raise ValueError(f"die {self.name!r}: needs at least one face")
        unknown = self.successes - set(self.faces)
        if unknown:
            raise ValueError(f"die {self.name!r}: success faces {sorted(unknown)} are not on the die")

    def roll(self, rng: Rng) -> str:
        """Roll once and return the face."""
        return rng.choice(self.faces)

    def is_success(self, face: str) -> bool:
        """True when a face counts as a success."""
        return face in self.successes


@dataclass(frozen=True)
class PoolRoll:
    """The faces shown by a pool of success dice and how many succeeded."""

    faces: tuple[tuple[str, str], ...]  # (die name, face)
    successes: int

    def to_json(self) -> dict:
        """Return JSON-safe data for events and logs."""
        return {"faces": [list(f) for f in self.faces], "successes": self.successes}


def roll_pool(dice: Sequence[SuccessDie], rng: Rng) -> PoolRoll:
    """Roll every die of a pool and count successes."""
    faces = []
    hits = 0
    for die in dice:
        face = die.roll(rng)
        faces.append((die.name, face))
        hits += die.is_success(face)
    return PoolRoll(tuple(faces), hits)


def check_3d6(rng: Rng, bonus: int, difficulty: int) -> tuple[bool, int, DiceRoll]:
    """Seed 003 check: roll 3d6 exploding + bonus; success when above the difficulty.

    Returns (success, margin S = result - difficulty, the roll).
    """
    r = DiceExpr(3, bonus).roll(rng)
    return r.total > difficulty, r.total - difficulty, r
