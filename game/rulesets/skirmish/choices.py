"""Skirmish seat choices: the hero archetype a hero seat fights with (issue 15, item 4).

A level with a party (not an explicit ``roster``) gives hero seat ``i`` the party's ``i``-th hero.
On the set-up screen a hero seat may take any hero archetype of the level instead; the Dark Lord's
seat (the last) has its minions and no choice. A hero fights once per fight. Tutorials keep theirs.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.engine import choices
from game.engine.choices import Choice
from game.engine.i18n import localize, t
from game.engine.levels import Level


def hero_ids(level: Level) -> list[str]:
    """The level's hero archetypes in offer order: the party first, then the others as listed."""
    m = level.model
    return list(m.party) + [h for h in m.heroes if h not in m.party]


def seat_choices(level: Level, seat: int, n_seats: int, lang: str | None = None) -> list[Choice] | None:
    """A hero seat's options: every hero archetype (name, then its description or its AP and HP)."""
    m = level.model
    if m.roster or choices.scripted_level(level) or not 0 <= seat < n_seats - 1:
        return None
    out = []
    for hid in hero_ids(level):
        h = m.heroes[hid]
        desc = localize(h.description, lang) if h.description else ""
        stats = t("skirmish.choice.stats", lang, ap=h.stats.ap, hp=h.stats.hp)
        out.append(Choice(hid, localize(h.name, lang), f"{stats} · {desc}" if desc else stats))
    return out if len(out) > 1 else None


def defaults(level: Level, n_seats: int) -> list[str | None]:
    """Each seat's hero without a choice: the party's, in seat order (None for the Dark Lord and a roster)."""
    if level.model.roster:
        return [None] * n_seats
    return [*level.model.party[: n_seats - 1], None]


def party(level: Level, specs: Sequence[Any]) -> list[str]:
    """The hero of each hero seat: its choice, else the party's (a chosen hero moves a default seat on)."""
    n = len(specs)
    opts = [[c.id for c in seat_choices(level, i, n) or []] for i in range(n)]
    picks = choices.settle(specs, opts, defaults(level, n), unique=True, pool=hero_ids(level), kind="hero")
    return [str(p) for p in picks[: n - 1]]
