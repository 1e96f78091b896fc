"""Expedition seat choices: the hero archetype a hero seat explores with (issue 15, item 4).

Hero seat ``i`` plays the level's ``party[i]`` (repeating the party past its end). On the set-up
screen a hero seat may take any hero archetype of the level instead; the Dark Lord's seat (the
last) has no choice. A chosen hero is played by one seat only. Tutorials keep their party.
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
    return list(dict.fromkeys(m.party)) + [h for h in m.heroes if h not in m.party]


def seat_choices(level: Level, seat: int, n_seats: int, lang: str | None = None) -> list[Choice] | None:
    """A hero seat's options: every hero archetype with its resistance, agility, vision and gold."""
    m = level.model
    if choices.scripted_level(level) or not 0 <= seat < n_seats - 1:
        return None
    out = [Choice(hid, localize(m.heroes[hid].name, lang),
                  t("expedition.choice.hero", lang, res=m.heroes[hid].resistance, agi=m.heroes[hid].agility,
                    vis=m.heroes[hid].vision, gold=m.heroes[hid].gold))
           for hid in hero_ids(level)]
    return out if len(out) > 1 else None


def defaults(level: Level, n_seats: int) -> list[str | None]:
    """Each seat's hero without a choice: the party's in seat order (repeated past its end), None for the Dark Lord."""
    m = level.model
    return [m.party[i % len(m.party)] for i in range(n_seats - 1)] + [None]


def party(level: Level, specs: Sequence[Any]) -> list[str]:
    """The hero of each hero seat: its choice, else the party's (a chosen hero moves a default seat on)."""
    n = len(specs)
    opts = [[c.id for c in seat_choices(level, i, n) or []] for i in range(n)]
    picks = choices.settle(specs, opts, defaults(level, n), unique=True, pool=hero_ids(level), kind="hero")
    return [str(p) for p in picks[: n - 1]]
