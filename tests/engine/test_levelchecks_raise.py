"""The shared ways a level model raises its cross-check problems (game/engine/levelchecks.py):
``raise_first`` (quest, sanctuary: the first broken reference) and ``raise_located`` (dungeon:
located problems with their values, the first ``limit`` kept and the last counting the rest)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from game.engine.levelchecks import raise_first, raise_located


def _errors(exc: pytest.ExceptionInfo[ValidationError]) -> list[tuple[tuple[str | int, ...], str]]:
    return [(tuple(e["loc"]), e["msg"]) for e in exc.value.errors()]


def test_raise_first_turns_the_checks_value_error_into_one_located_error() -> None:
    def check() -> None:
        raise ValueError("decks.d1.cards.x: unknown card")

    with pytest.raises(ValidationError) as exc:
        raise_first("SomeLevel", check)
    assert exc.value.title == "SomeLevel"
    assert _errors(exc) == [(("decks", "d1", "cards", "x"), "Value error, unknown card")]


def test_raise_first_is_silent_when_the_check_passes_and_lets_other_errors_through() -> None:
    raise_first("SomeLevel", lambda: None)

    def broken() -> None:
        raise KeyError("not a level problem")

    with pytest.raises(KeyError):
        raise_first("SomeLevel", broken)


def test_raise_located_keeps_the_first_problems_and_counts_the_rest_on_the_last() -> None:
    problems = [(("market", "stock", f"c{i}"), f"unknown chip 'c{i}'", f"c{i}") for i in range(7)]
    with pytest.raises(ValidationError) as exc:
        raise_located("DungeonLevel", problems, limit=3)
    got = exc.value.errors()
    assert [tuple(e["loc"]) for e in got] == [("market", "stock", f"c{i}") for i in range(3)]
    assert got[-1]["msg"] == "Value error, unknown chip 'c2' (and 4 more problems)"
    assert [e["input"] for e in got] == ["c0", "c1", "c2"]


def test_raise_located_with_few_or_no_problems() -> None:
    raise_located("DungeonLevel", [], limit=3)
    with pytest.raises(ValidationError) as exc:
        raise_located("DungeonLevel", [(("tokens",), "a", 1), (("chips", "x", "faces", 0), "b", 2)], limit=2)
    assert _errors(exc) == [(("tokens",), "Value error, a"), (("chips", "x", "faces", 0), "Value error, b")]
