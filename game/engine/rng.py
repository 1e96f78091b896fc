"""The seeded random generator every ruleset keeps inside its state.

A tiny SplitMix64 generator: one 64-bit integer of state, identical on every
platform and Python version, saved with the game so that the same level, seed
and actions always give the same game.
"""

from __future__ import annotations

from typing import Any, MutableSequence, Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A deterministic, serialisable random source (SplitMix64)."""

    __slots__ = ("state", "draws")

    def __init__(self, seed: int = 0) -> None:
        self.state = (int(seed) * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7) & _MASK
        self.draws = 0

    def next_u64(self) -> int:
        """Return the next raw 64-bit value."""
        self.state = (self.state + _GOLDEN) & _MASK
        self.draws += 1
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("randbelow needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def randint(self, a: int, b: int) -> int:
        """Return a uniform integer in [a, b], both ends included."""
        if b < a:
            raise ValueError("randint needs a <= b")
        return a + self.randbelow(b - a + 1)

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, seq: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randbelow(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        """Return k distinct elements in random order."""
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork_seed(self) -> int:
        """Return a seed for an independent stream, advancing this one by one draw.

        Deterministic: the same generator state always gives the same seed, so a child game
        started from a parent's generator (engine/host.py) replays exactly; the parent's own
        stream moves on, so the next fork differs.
        """
        return self.next_u64()

    def fork(self) -> "Rng":
        """Return an independent generator seeded from this one (bots' own noise, child games)."""
        return Rng(self.fork_seed())

    def to_json(self) -> dict[str, Any]:
        """Return the exact state as JSON-safe data."""
        return {"state": format(self.state, "016x"), "draws": self.draws}

    @classmethod
    def from_json(cls, data: Any) -> "Rng":
        """Rebuild a generator saved by to_json; raises ValueError on bad data."""
        if not isinstance(data, dict) or not isinstance(data.get("state"), str):
            raise ValueError("rng: expected {state: hex string, draws: int}")
        rng = cls.__new__(cls)
        try:
            rng.state = int(data["state"], 16) & _MASK
        except ValueError as exc:
            raise ValueError(f"rng.state: not a hex number: {data['state']!r}") from exc
        draws = data.get("draws", 0)
        rng.draws = draws if isinstance(draws, int) and draws >= 0 else 0
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x}, draws={self.draws})"
