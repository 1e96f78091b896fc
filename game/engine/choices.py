"""What a seat chooses on the set-up screen: its hero, faction or deck (issue 15, item 4).

A ruleset that offers a choice implements ``Ruleset.seat_choices(level, seat, n_seats, lang)``
(a list of ``Choice``, None or [] when that seat has nothing to choose) and names what is chosen
with ``seat_choice_kind`` (``hero``, ``faction``, ``deck``: the column header). The choice travels
in ``SeatSpec.choice`` (saved with the match); ``None`` means the level's default, exactly the game
the level gives without a choice. ``settle`` turns the seats' choices into one pick per seat and
refuses an unknown id or two seats taking the same unique hero; ``resolve_random`` replaces a
``random`` choice with one drawn from the match seed (so saves and replays hold the real pick).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Sequence

from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.engine.protocol import Ruleset, SeatSpec

#: how a choice id is written (the level files' identifiers, plus ``random``)
CHOICE_ID = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,47}$")
#: the choice that asks for any free option, drawn from the match seed
RANDOM = "random"
#: the salt of the random stream the ``random`` choice draws from (never the game's own stream)
_SALT = 0x5EA7C401CE


@dataclass(frozen=True)
class Choice:
    """One option of a seat: a stable id (the level's), a label and a one-line description, localized."""

    id: str
    label: str
    description: str = ""


def choice_ids(options: Sequence[Choice] | None) -> list[str]:
    """Return the ids of a seat's options (empty when it has none)."""
    return [c.id for c in options or []]


def settle(specs: Sequence["SeatSpec"], options: Sequence[Sequence[str] | None], defaults: Sequence[str | None],
           *, unique: bool, pool: Sequence[str] = (), kind: str = "choice") -> list[str | None]:
    """Return each seat's pick: its own choice, else its default; raise ValueError naming the seat.

    ``options[i]`` are the ids seat ``i`` may choose (None or empty: nothing). With ``unique``
    two seats may not choose the same id, and a seat without a choice whose default another seat
    chose takes the first id of ``pool`` nobody has. With no choice at all the defaults come back
    unchanged.
    """
    picks: list[str | None] = list(defaults)
    chosen: dict[str, int] = {}
    for i, spec in enumerate(specs):
        c = spec.choice
        if c is None:
            continue
        allowed = list(options[i] or []) if i < len(options) else []
        if not allowed:
            raise ValueError(f"seats[{i}].choice: seat {i + 1} has no {kind} to choose in this level, got {c!r}")
        if c not in allowed:
            raise ValueError(f"seats[{i}].choice: unknown {kind} {c!r} for seat {i + 1}; "
                             f"expected one of {', '.join(allowed)}")
        if unique and c in chosen:
            raise ValueError(f"seats[{i}].choice: {kind} {c!r} is already taken by seat {chosen[c] + 1}; "
                             f"two seats cannot play the same {kind}")
        chosen[c] = i
        picks[i] = c
    if unique and chosen:
        taken = set(chosen)
        for i, spec in enumerate(specs):
            if spec.choice is not None or picks[i] is None:
                continue
            if picks[i] in taken:
                free = [p for p in pool if p not in taken]
                if not free:
                    raise ValueError(f"seats[{i}].choice: no {kind} is left for seat {i + 1}")
                picks[i] = free[0]
            taken.add(str(picks[i]))
    return picks


def resolve_random(ruleset: "Ruleset", level: Any, specs: Sequence["SeatSpec"], seed: int) -> list["SeatSpec"]:
    """Replace each ``random`` choice with a free option drawn from the seed (others unchanged).

    A seat with nothing to choose gets no choice. The draw uses its own stream made from the seed,
    so a game without ``random`` is the same game as before.
    """
    out = list(specs)
    if not any(s.choice == RANDOM for s in out):
        return out
    rng = Rng((int(seed) ^ _SALT) & 0xFFFFFFFFFFFFFFFF)
    unique = bool(getattr(ruleset, "seat_choice_unique", True))
    taken = {s.choice for s in out if s.choice not in (None, RANDOM)}
    for i, spec in enumerate(out):
        if spec.choice != RANDOM:
            continue
        ids = choice_ids(ruleset.seat_choices(level, i, len(out)))
        free = [c for c in ids if not unique or c not in taken]
        pick = free[rng.randint(0, len(free) - 1)] if free else None
        if pick is not None:
            taken.add(pick)
        out[i] = replace(spec, choice=pick)
    return out


def scripted_level(level: Any) -> bool:
    """True for a level with a guided tutorial: its script names the seats' heroes and decks, so no choice."""
    return bool(getattr(getattr(level, "model", None), "tutorial", None))


def check_offered(ruleset: "Ruleset", level: Any, specs: Sequence["SeatSpec"]) -> None:
    """Refuse a choice for a seat the ruleset offers nothing (a ruleset without choices would ignore it)."""
    n = len(specs)
    for i, spec in enumerate(specs):
        if spec.choice is not None and not ruleset.seat_choices(level, i, n):
            kind = getattr(ruleset, "seat_choice_kind", "hero")
            raise ValueError(f"seats[{i}].choice: seat {i + 1} has no {kind} to choose in this level, "
                             f"got {spec.choice!r}")
