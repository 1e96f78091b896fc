"""Dungeon seat choices: the hero a seat plays (issue 15, item 4).

A level lists its heroes (``heroes``) and the hero of each seat (``seat_heroes``). On the set-up
screen a seat may take any hero of the level instead of its own; a hero is played by one seat only.
Tutorial levels keep their script's heroes. Without a choice every seat plays ``seat_heroes``.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.engine import choices
from game.engine.choices import Choice
from game.engine.i18n import localize, t
from game.engine.levels import Level
from game.rulesets.dungeon import words  # noqa: F401 - loads the dungeon catalogue (dungeon.choice.*)


def hero_ids(level: Level) -> list[str]:
    """The level's heroes in offer order: the seats' own heroes first, then the others as listed."""
    m = level.model
    return list(m.seat_heroes) + [h for h in m.heroes if h not in m.seat_heroes]


def seat_choices(level: Level, seat: int, n_seats: int, lang: str | None = None) -> list[Choice] | None:
    """Every hero of the level (its name, epithet, health and bag size); None in a tutorial."""
    if choices.scripted_level(level) or not 0 <= seat < n_seats:
        return None
    m = level.model
    out = []
    for hid in hero_ids(level):
        h = m.heroes[hid]
        title = localize(h.title, lang)
        health = max(1, h.health + m.health_bonus)
        facts = t("dungeon.choice.hero", lang, health=health, count=len(h.bag))
        out.append(Choice(hid, localize(h.name, lang), f"{title[:1].upper()}{title[1:]} · {facts}" if title else facts))
    return out if len(out) > 1 else None


def defaults(level: Level, n_seats: int) -> list[str | None]:
    """Each seat's hero without a choice: the level's ``seat_heroes``."""
    return list(level.model.seat_heroes[:n_seats])


def seat_heroes(level: Level, specs: Sequence[Any]) -> list[str]:
    """The hero of each seat: its choice, else the level's (a chosen hero moves a default seat on)."""
    n = len(specs)
    opts = [[c.id for c in seat_choices(level, i, n) or []] for i in range(n)]
    picks = choices.settle(specs, opts, defaults(level, n), unique=True, pool=hero_ids(level), kind="hero")
    return [str(p) for p in picks]
