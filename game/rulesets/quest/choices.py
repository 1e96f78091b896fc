"""Quest seat choices: the deck a seat plays (issue 15, item 4).

Without a choice a seat takes its deck inside the game (the set-up step ``deck``), unless the level
fixes it (``seat_decks``) or allows only one. A seat that chose its deck on the set-up screen starts
with it and skips that in-game step; one that did not keeps it. Several seats may play the same deck
(each has its own copy), as in the in-game step. Tutorials keep their script's choice.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.engine import choices
from game.engine.choices import Choice
from game.engine.i18n import localize, t
from game.engine.levels import Level


def allowed(level: Level) -> list[str]:
    """The deck ids the level lets a seat choose, in level order (as the in-game step offers them)."""
    m = level.model
    return [d.id for d in m.decks if not m.allowed_decks or d.id in m.allowed_decks]


def seat_choices(level: Level, seat: int, n_seats: int, lang: str | None = None) -> list[Choice] | None:
    """The decks this seat may take (name, heroes, card count); None when the level fixes it or has one."""
    m = level.model
    if choices.scripted_level(level) or not 0 <= seat < n_seats or seat < len(m.seat_decks):
        return None
    names = {c.id: c.name for c in m.cards}
    out = []
    for d in m.decks:
        if d.id not in allowed(level):
            continue
        heroes = [localize(names.get(h, h), lang) for h in d.heroes]
        out.append(Choice(d.id, localize(d.name, lang),
                          t("quest.choice.deck", lang, heroes=heroes, count=sum(d.cards.values()))))
    return out if len(out) > 1 else None


def defaults(level: Level, n_seats: int) -> list[str | None]:
    """Each seat's deck without a choice: the one the level fixes or allows alone, else None (chosen in game)."""
    m = level.model
    only = allowed(level)
    return [m.seat_decks[i] if i < len(m.seat_decks) else (only[0] if len(only) == 1 else None)
            for i in range(n_seats)]


def seat_decks(level: Level, specs: Sequence[Any]) -> list[str | None]:
    """The deck each seat chose on the set-up screen (None: chosen in the game or fixed by the level)."""
    n = len(specs)
    opts = [[c.id for c in seat_choices(level, i, n) or []] for i in range(n)]
    return choices.settle(specs, opts, [None] * n, unique=False, kind="deck")
