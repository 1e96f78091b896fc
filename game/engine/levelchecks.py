"""Cross-check problems of a level: bounded "did you mean", one located line per problem.

Why a module of its own (issue 16, items 9 and 13): every ruleset's level model checks
its cross references (a deck naming an unknown card, a hero with an unknown item) and
words each problem with a "did you mean" suggestion. A level with 1,500 broken references
computed 1,500 suggestions before only 20 lines were kept (28 s); and skirmish and
sanctuary printed all their problems on one ``(top level)`` line. Here:

- ``suggest(word, options)`` is the one "did you mean": at most ``SUGGEST_OPTIONS``
  options and words up to ``SUGGEST_CHARS`` are compared, and while a level is being
  validated (``budget()``, opened by ``Level.from_data``) only the first
  ``2 * MAX_PROBLEMS`` suggestions are worked out (later problems are never shown);
- ``Problems`` collects ``path: message`` problems and stops keeping them after
  ``MAX_PROBLEMS`` (``full`` lets a check stop looking), then ``raise_for`` raises one
  located pydantic error per problem, so the level loader prints each on its own line
  ``file: field.path: message`` like any other field error.
"""

from __future__ import annotations

import contextlib
import contextvars
import difflib
import re
from typing import Any, Callable, Iterable, Iterator

from pydantic import ValidationError
from pydantic_core import InitErrorDetails

from game.engine.limits import MAX_PROBLEMS, SUGGEST_CHARS, SUGGEST_OPTIONS

#: suggestions left in the current validation (None: no validation under way, no bound)
_BUDGET: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar("suggestion_budget", default=None)


@contextlib.contextmanager
def budget(n: int = 2 * MAX_PROBLEMS) -> Iterator[None]:
    """Bound the "did you mean" work of one validation to ``n`` suggestions."""
    token = _BUDGET.set([n])
    try:
        yield
    finally:
        _BUDGET.reset(token)


def suggest(word: Any, options: Iterable[Any]) -> str:
    """`` (did you mean 'x'?)`` for a near option, or "" (bounded work: see the module docstring)."""
    if not isinstance(word, str) or not word or len(word) > SUGGEST_CHARS:
        return ""
    left = _BUDGET.get()
    if left is not None:
        if left[0] <= 0:
            return ""
        left[0] -= 1
    opts: list[str] = []
    for o in options:
        text = str(o)
        if len(text) <= SUGGEST_CHARS:
            opts.append(text)
            if len(opts) >= SUGGEST_OPTIONS:
                break
    close = difflib.get_close_matches(word, opts, n=1, cutoff=0.6)
    if not close:
        low = {o.lower(): o for o in opts}
        if word.lower() in low and low[word.lower()] != word:
            close = [low[word.lower()]]
    return f" (did you mean {close[0]!r}?)" if close else ""


_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
_PATH = re.compile(r"^[A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+|\[\d+\])*$")


def parse_loc(path: str) -> tuple[str | int, ...]:
    """``equipment.sword.parts[0]`` as a location tuple ``("equipment", "sword", "parts", 0)``."""
    return tuple(int(i) if i else name for name, i in _PART.findall(path))


def split_problem(problem: str) -> tuple[tuple[str | int, ...], str]:
    """A ``field.path: message`` problem as (location, message); a message without a path is top level."""
    head, sep, rest = problem.partition(": ")
    if sep and _PATH.match(head):
        return parse_loc(head), rest
    return (), problem


class Problems:
    """Located problems of one level, the first ``limit`` kept and the rest only counted."""

    def __init__(self, limit: int = MAX_PROBLEMS) -> None:
        self.limit = limit
        self.items: list[tuple[tuple[str | int, ...], str, Any]] = []
        self.more = 0

    @property
    def full(self) -> bool:
        """True once ``limit`` problems are kept: a check may stop looking."""
        return len(self.items) >= self.limit

    def add(self, loc: tuple[str | int, ...] | str, message: str | None = None, value: Any = None) -> None:
        """Add a problem at ``loc`` (a tuple, or a ``field.path: message`` text when ``message`` is None)."""
        if self.full:
            self.more += 1
            return
        if message is None:
            loc, message = split_problem(str(loc))
        elif isinstance(loc, str):
            loc = parse_loc(loc)
        self.items.append((tuple(loc), message, value))

    def extend(self, problems: Iterable[str]) -> None:
        """Add ``field.path: message`` problems."""
        for p in problems:
            self.add(p)

    def __len__(self) -> int:
        return len(self.items) + self.more

    def raise_for(self, model: str) -> None:
        """Raise one located pydantic error per problem kept (the last one counts the rest); nothing if none."""
        if not self.items:
            return
        items = list(self.items)
        if self.more:
            loc, message, value = items[-1]
            items[-1] = (loc, f"{message} (and {self.more} more problems)", value)
        raise ValidationError.from_exception_data(model, [
            InitErrorDetails(type="value_error", loc=loc, input=value, ctx={"error": message})
            for loc, message, value in items])


def raise_problems(model: str, problems: Iterable[str], limit: int = MAX_PROBLEMS) -> None:
    """Raise the ``field.path: message`` problems as located errors (see ``Problems.raise_for``)."""
    found = Problems(limit)
    found.extend(problems)
    found.raise_for(model)


def raise_located(model: str, problems: Iterable[tuple[tuple[str | int, ...], str, Any]],
                  limit: int = MAX_PROBLEMS) -> None:
    """Raise (location, message, value) problems as located errors, the first ``limit`` kept."""
    found = Problems(limit)
    for loc, message, value in problems:
        found.add(loc, message, value)
    found.raise_for(model)


def raise_first(model: str, check: Callable[[], None]) -> None:
    """Run ``check``, which raises ``ValueError("field.path: message")`` at the first broken reference;
    raise that problem as a located error, on its own line like any field error."""
    try:
        check()
    except ValueError as exc:
        raise_problems(model, [str(exc)])
