"""Folding the game log: a run of automatic steps shows as one row that lists them all on hover.

Rows are built from ``match.log`` lines as the seat in front may read them. Two kinds of fold:

* **runs**: consecutive lines of the same automatic kind become one row, the last line plus
  "· N steps" (the skirmish needle dropping, sanctuary's forced passes). A line is of an
  automatic kind when it carries ``LogLine.auto`` (set by the rules on automatic steps) or
  when it is worded by one of the catalogue keys declared for its ruleset in ``RUNS``.
* **pairs**: an action line whose words the next line of the same action repeats is shown
  only through that next line (dungeon: "Ana draws" then "Ana draws a chip: ...").
  Declared by action kind in ``PAIRS``.

The declared tables name catalogue keys and action kinds, never raw text: a key's pattern is
made from its template in the current language (``{name}`` fields match anything).

A row's ``mark`` is what the log panel shows beside it: the seat's colour and symbol when all its
lines are one seat's, and for a folded run of several seats (or of lines about no seat) the
neutral mark ``NEUTRAL_SEAT`` (the log panel draws a negative seat as a soft-ink ring before plain ink text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from game.engine import i18n

#: per ruleset: catalogue keys whose lines are automatic steps (a run of one key folds)
RUNS: dict[str, tuple[str, ...]] = {
    "skirmish": ("skirmish.event.needle",),
    "sanctuary": ("sanctuary.event.autopass",),
}
#: per ruleset: action kinds whose action line folds into the next line of the same action
PAIRS: dict[str, frozenset[str]] = {
    "dungeon": frozenset({"draw"}),
}
#: fold key of lines that carry ``LogLine.auto`` and match no declared key
AUTO = "auto"
#: the log panel's seat for a folded run that is not one seat's: gfx's neutral ring and ink
NEUTRAL_SEAT = -1

_patterns: dict[tuple[str, str], re.Pattern[str] | None] = {}


def _pattern(key: str, lang: str) -> re.Pattern[str] | None:
    """The regular expression matching every line worded by catalogue ``key`` in ``lang``."""
    memo = (key, lang)
    if memo not in _patterns:
        pat = None
        if i18n.has(key):
            template = i18n.t(key, lang)
            parts = re.split(r"\{[^{}]*\}", template)
            if any(p.strip() for p in parts):
                pat = re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$", re.S)
        _patterns[memo] = pat
    return _patterns[memo]


def run_key(ruleset_id: str, text: str, auto: bool, lang: str) -> str | None:
    """Return the fold key of a line (a declared catalogue key, ``AUTO``, or None when it never folds)."""
    for key in RUNS.get(ruleset_id, ()):
        pat = _pattern(key, lang)
        if pat is not None and pat.match(text):
            return key
    return AUTO if auto else None


@dataclass
class LogRow:
    """One row of the log panel: its text, its seat, and the lines folded into it (oldest first)."""

    text: str
    seat: int | None
    lines: list[str] = field(default_factory=list)
    key: str | None = None
    index: int = -1          # the history index of the last line in it
    pair_open: bool = False  # an action line waiting for the line that repeats it
    seats: list[int | None] = field(default_factory=list)  # the seat of each line in it

    @property
    def folded(self) -> bool:
        """True when the row stands for more than one line."""
        return len(self.lines) > 1

    @property
    def mark(self) -> int | None:
        """The seat whose colour and symbol the row shows: its seat when every line is that seat's,
        ``NEUTRAL_SEAT`` for a folded run of several seats or of lines about no seat, else None."""
        seats = set(self.seats or [self.seat])
        if len(seats) == 1 and None not in seats:
            return seats.pop()
        return NEUTRAL_SEAT if self.folded else self.seat


class LogFolder:
    """Turns log lines into rows, one line at a time (``add`` says whether it opened a new row)."""

    def __init__(self, ruleset_id: str, lang: str) -> None:
        self.ruleset_id = ruleset_id
        self.lang = lang
        self.rows: list[LogRow] = []

    def add(self, text: str, seat: int | None, *, auto: bool = False, index: int = -1,
            action_kind: str | None = None) -> bool:
        """Add one line; return True when it made a new row, False when it changed the last row."""
        last = self.rows[-1] if self.rows else None
        if last is not None and last.pair_open:
            last.pair_open = False
            if index == last.index and action_kind is None:  # the line that repeats the action: it shows
                last.lines.append(text)
                last.seats.append(seat)
                last.text, last.seat, last.key = text, seat, run_key(self.ruleset_id, text, auto, self.lang)
                return False
        key = run_key(self.ruleset_id, text, auto, self.lang) if action_kind is None else None
        if key is not None and last is not None and last.key == key:
            last.lines.append(text)
            last.seats.append(seat)
            last.text = self.fold_text(text, len(last.lines))
            last.seat = seat if last.seat == seat else None
            last.index = index
            return False
        pair = action_kind is not None and action_kind in PAIRS.get(self.ruleset_id, ())
        self.rows.append(LogRow(text, seat, [text], key, index, pair, [seat]))
        return True

    def fold_text(self, text: str, n: int) -> str:
        """The words of a folded row: its last line and how many steps it stands for."""
        return i18n.t("game.log_folded", self.lang, text=text, n=n)

    def extend(self, lines: Iterable[tuple[str, int | None, bool, int, str | None]]) -> None:
        """Add several (text, seat, auto, index, action_kind) lines."""
        for text, seat, auto, index, kind in lines:
            self.add(text, seat, auto=auto, index=index, action_kind=kind)


def describe_rows(rows: list[LogRow]) -> list[dict[str, Any]]:
    """Return the rows as plain data (tests and debugging)."""
    return [{"text": r.text, "seat": r.seat, "mark": r.mark, "lines": list(r.lines), "key": r.key} for r in rows]
