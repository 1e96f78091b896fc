"""Sanctuary seat choices: the deck a seat plays (issue 15, item 4).

A level names the deck of each seat (``players[i].deck``) among the decks it includes. On the
set-up screen a seat may take any deck of the level instead (both seats may take the same deck: a
mirror match; each seat has its own copy). The choice is public and is saved in the state's
``decks`` (absent when nobody chose, so older saves and digests are unchanged). Tutorials keep theirs.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.engine import choices
from game.engine.choices import Choice
from game.engine.i18n import localize, t
from game.engine.levels import Level


def seat_choices(level: Level, seat: int, n_seats: int, lang: str | None = None) -> list[Choice] | None:
    """Every deck of the level: its name, its Sanctuary and that Sanctuary's Structure."""
    m = level.model
    if choices.scripted_level(level) or not 0 <= seat < min(n_seats, len(m.players)):
        return None
    if any(p.script is not None for p in m.players):  # a scripted opponent plays its own deck
        return None
    out = []
    for did, deck in m.decks.items():
        san = m.cards[deck.sanctuary]
        out.append(Choice(did, localize(deck.name, lang),
                          t("sanctuary.choice.deck", lang, sanctuary=localize(san.name, lang),
                            structure=san.structure, count=sum(deck.cards.values()))))
    return out if len(out) > 1 else None


def defaults(level: Level, n_seats: int) -> list[str | None]:
    """Each seat's deck without a choice: the level's ``players[i].deck``."""
    return [p.deck for p in level.model.players[:n_seats]]


def seat_decks(level: Level, specs: Sequence[Any]) -> list[str]:
    """The deck of each seat: its choice, else the level's."""
    n = len(specs)
    opts = [[c.id for c in seat_choices(level, i, n) or []] for i in range(n)]
    return [str(d) for d in choices.settle(specs, opts, defaults(level, n), unique=False, kind="deck")]
