"""Decks and zones: ordered piles of cards, chips or tiles with a visibility rule.

A Zone is a list of item ids (strings) with an owner and who may see it:
``all`` (face up), ``owner`` (a hand), ``none`` (a face-down deck or a bag).
Decks draw from the top (the end of the list) or the bottom, and refill from a
discard zone by a reshuffle policy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from game.engine.rng import Rng

Visibility = Literal["all", "owner", "none"]
HIDDEN = "?"


@dataclass
class Zone:
    """An ordered pile; index -1 is the top."""

    name: str
    items: list[str] = field(default_factory=list)
    owner: int | None = None
    visibility: Visibility = "all"

    def __len__(self) -> int:
        return len(self.items)

    def visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` may see the items (their identities)."""
        if self.visibility == "all":
            return True
        if self.visibility == "owner":
            return seat is not None and seat == self.owner
        return False

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return the zone as ``seat`` sees it: hidden items become ``"?"`` (count kept)."""
        items = list(self.items) if self.visible_to(seat) else [HIDDEN] * len(self.items)
        return {"name": self.name, "items": items, "owner": self.owner, "visibility": self.visibility}

    def add(self, item: str, *, bottom: bool = False) -> None:
        """Put an item on top (or at the bottom)."""
        if bottom:
            self.items.insert(0, item)
        else:
            self.items.append(item)

    def remove(self, item: str) -> str:
        """Take a named item out; ValueError when absent."""
        self.items.remove(item)
        return item

    def shuffle(self, rng: Rng) -> None:
        """Shuffle in place with the state's RNG."""
        rng.shuffle(self.items)

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data."""
        return {"name": self.name, "items": list(self.items), "owner": self.owner, "visibility": self.visibility}

    @classmethod
    def from_json(cls, data: Any) -> "Zone":
        """Rebuild a zone; ValueError naming the bad field."""
        if not isinstance(data, dict):
            raise ValueError("zone: expected a table")
        items = data.get("items")
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise ValueError(f"zone {data.get('name')!r}.items: expected a list of strings")
        vis = data.get("visibility", "all")
        if vis not in ("all", "owner", "none"):
            raise ValueError(f"zone {data.get('name')!r}.visibility: expected all, owner or none")
        owner = data.get("owner")
        return cls(str(data.get("name", "")), list(items), owner if isinstance(owner, int) else None, vis)


ReshufflePolicy = Literal["reshuffle", "never"]


@dataclass
class Deck(Zone):
    """A face-down pile that draws; when empty it may refill from a discard pile."""

    visibility: Visibility = "none"
    policy: ReshufflePolicy = "reshuffle"

    def draw(self, rng: Rng, discard: Zone | None = None, *, bottom: bool = False) -> str | None:
        """Draw one item from the top (or bottom); refill from ``discard`` if allowed. None when empty."""
        if not self.items and discard is not None and self.policy == "reshuffle" and discard.items:
            self.items = list(discard.items)
            discard.items.clear()
            self.shuffle(rng)
        if not self.items:
            return None
        return self.items.pop(0) if bottom else self.items.pop()

    def draw_many(self, n: int, rng: Rng, discard: Zone | None = None) -> list[str]:
        """Draw up to n items; fewer when the deck runs out."""
        out = []
        for _ in range(n):
            item = self.draw(rng, discard)
            if item is None:
                break
            out.append(item)
        return out

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data."""
        data = super().to_json()
        data["policy"] = self.policy
        return data

    @classmethod
    def from_json(cls, data: Any) -> "Deck":
        """Rebuild a deck; ValueError naming the bad field."""
        z = Zone.from_json(data)
        policy = data.get("policy", "reshuffle")
        if policy not in ("reshuffle", "never"):
            raise ValueError(f"deck {z.name!r}.policy: expected reshuffle or never")
        return cls(z.name, z.items, z.owner, z.visibility, policy)


def draw_random(items: list[str], rng: Rng) -> str:
    """Take a uniformly random item out of an unordered pool (a bag): a random outcome."""
    return items.pop(rng.randbelow(len(items)))
