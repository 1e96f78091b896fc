"""One declaration of limits: what a level may say, what the rules may reach, what a save accepts.

Why a module of its own: the level loader, the rules and the save checker each kept
their own numbers, and they disagreed (issue 16, item 1): a level could name a token
with 4,000 characters while a save refused a log line over 2,000, a market could sell
at a negative price while a save refused negative gold. Every limit now lives here:

- level text: ``NAME_CHARS`` (a name a level gives: hero, token, card, place),
  ``TITLE_CHARS`` (a level's title), ``TEXT_CHARS`` (descriptions, hints, card text),
  ``AUTHOR_CHARS``; these are lengths a screen can show (``game/ui/text.py`` fits them);
- level numbers: ``PRICE_MAX``, ``STOCK_MAX``, ``MODIFIER_MAX``, ``COPIES_MAX``, ``STAT_MAX``;
- what the rules may reach: ``GOLD_MAX`` (``clamp_gold``), ``COUNT_MAX``;
- what a save accepts: ``LOG_TEXT_CHARS`` (a log line per language; ``clip_log`` cuts
  longer words, so a log line the rules write is always one a save can hold);
- validation work: ``MAX_PROBLEMS`` lines per file, and the bounds of "did you mean".

The invariant (tests/engine/test_limits.py): every text a valid level can put into a
log line fits ``LOG_TEXT_CHARS``, and every number the rules reach fits the save's
``Between`` declarations, which name these constants.
"""

from __future__ import annotations

#: a name a level gives to a thing (hero, token, chip, card, monster, place)
NAME_CHARS = 64
#: a level's title (the level list shows it on one line)
TITLE_CHARS = 80
#: descriptions, hints, card and rule text (a text box shows it wrapped)
TEXT_CHARS = 1000
#: a level's author
AUTHOR_CHARS = 200

#: a player's name at the table (typed on the New game screen, carried by saves)
SEAT_NAME_CHARS = 40

#: one line of the game log in one language, as a save holds it
LOG_TEXT_CHARS = 2000
#: the most gold a hero may hold (rules clamp, saves check)
GOLD_MAX = 10**6
#: a shop price a level may set (never negative: buying never gives gold)
PRICE_MAX = 99
#: copies of one thing on sale
STOCK_MAX = 20
#: a plus or minus a piece of equipment or an advantage gives to one statistic
MODIFIER_MAX = 20
#: a statistic a level gives a creature
STAT_MAX = 99
#: copies of one card in a deck a level lists
COPIES_MAX = 60
#: a counter the rules keep (rounds, turns, tallies)
COUNT_MAX = 10**6

#: problem lines collected per level file (validation stops looking after these)
MAX_PROBLEMS = 20
#: "did you mean" compares a word with at most this many options ...
SUGGEST_OPTIONS = 400
#: ... and only words up to this long
SUGGEST_CHARS = 64

ELLIPSIS = "…"


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in "…" when it was cut."""
    if len(text) <= limit:
        return text
    return text[:max(0, limit - 1)] + ELLIPSIS


def clip_log(text: str) -> str:
    """A log line's text as a save can hold it (at most ``LOG_TEXT_CHARS`` characters)."""
    return clip(text, LOG_TEXT_CHARS)


def clamp(value: int, lo: int, hi: int) -> int:
    """``value`` held inside ``lo..hi``."""
    return lo if value < lo else hi if value > hi else value


def clamp_gold(value: int) -> int:
    """Gold held inside 0..GOLD_MAX (what a save accepts)."""
    return clamp(value, 0, GOLD_MAX)
