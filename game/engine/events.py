"""Events: plain data the rules emit from ``apply``.

Scenes turn events into animations and log lines; the match uses two flags:
``random`` (a die was rolled, a card or chip drawn blind) and ``reveal``
(hidden information became known) to stop undo from going back past them.
``private_to`` names the only seat that may see an event's details.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """A thing that happened: ``kind`` plus JSON-safe ``data``."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    random: bool = False
    reveal: bool = False
    private_to: int | None = None
    #: set by the turn flow on events of automatic steps (needle moves, forced passes, draws):
    #: the log folds a run of them into one line
    auto: bool = False

    @property
    def barrier(self) -> bool:
        """True when undo may not go back past this event."""
        return self.random or self.reveal

    def visible_to(self, seat: int | None) -> bool:
        """True when this seat may see the event's details."""
        return self.private_to is None or seat == self.private_to

    def public(self) -> "Event":
        """Return the event as other seats see it (details of private events removed)."""
        if self.private_to is None:
            return self
        return Event(self.kind, {"seat": self.private_to, "hidden": True}, self.random, self.reveal, self.private_to,
                     self.auto)

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data."""
        out: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.random:
            out["random"] = True
        if self.reveal:
            out["reveal"] = True
        if self.private_to is not None:
            out["private_to"] = self.private_to
        if self.auto:
            out["auto"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Event":
        """Rebuild an event from to_json output."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError("event: expected a table with a 'kind'")
        payload = data.get("data", {})
        if not isinstance(payload, dict):
            raise ValueError("event.data: expected a table")
        private = data.get("private_to")
        return cls(data["kind"], payload, bool(data.get("random")), bool(data.get("reveal")),
                   private if isinstance(private, int) else None, bool(data.get("auto")))


# Constructors for the common kinds, so every ruleset spells them the same way.

def dice_rolled(who: Any, purpose: str, dice: list[Any], total: Any = None, **extra: Any) -> Event:
    """A roll: ``dice`` as shown (faces or numbers, exploded dice included)."""
    return Event("DiceRolled", {"who": who, "purpose": purpose, "dice": dice, "total": total, **extra}, random=True)


def chip_drawn(seat: int, chip: Any, **extra: Any) -> Event:
    """A chip left a bag (a random draw)."""
    return Event("ChipDrawn", {"seat": seat, "chip": chip, **extra}, random=True)


def card_moved(card: Any, src: str, dst: str, *, seat: int | None = None, hidden: bool = False,
               drawn: bool = False, revealed: bool = False, **extra: Any) -> Event:
    """A card moved between zones; ``hidden`` cards are shown only to ``seat``."""
    return Event("CardMoved", {"card": card, "from": src, "to": dst, "seat": seat, **extra},
                 random=drawn, reveal=revealed, private_to=seat if hidden else None)


def damage_dealt(target: Any, amount: int, source: Any = None, **extra: Any) -> Event:
    """Damage assigned to a target."""
    return Event("DamageDealt", {"target": target, "amount": amount, "source": source, **extra})


def phase_began(phase: str, seat: int | None = None, **extra: Any) -> Event:
    """A phase (or round, or turn) began."""
    return Event("PhaseBegan", {"phase": phase, "seat": seat, **extra})


def game_over(winners: list[int], **extra: Any) -> Event:
    """The game ended."""
    return Event("GameOver", {"winners": winners, **extra})


def shuffled(zone: str, **extra: Any) -> Event:
    """A deck, pile or bag was shuffled: its order is now unknown (a random outcome)."""
    return Event("Shuffled", {"zone": zone, **extra}, random=True)
