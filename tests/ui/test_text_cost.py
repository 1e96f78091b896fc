"""Issue 16 item 8: fitting text costs about the same whatever its length.

A 4,000-character title was cut one letter at a time, measuring the whole string each
time (7-15 s to open the level list); a 4,000-character hero name dropped the dungeon
board to 1-2 frames per second; long single words in a resumed log took seconds per
line. These tests count font measurements (calls and letters measured), never time.
"""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.ui import gfx
from game.ui import text as tx
from game.ui.gfx import fonts

COMBINING = "e\u0301\u0302"  # a letter with two combining marks: three characters, one glyph


class _Counting:
    """A font that counts what it is asked to measure."""

    def __init__(self, real: Any, tally: dict[str, int]) -> None:
        self._real = real
        self._tally = tally

    def size(self, s: str) -> tuple[int, int]:
        self._tally["calls"] += 1
        self._tally["letters"] += len(s)
        return self._real.size(s)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._real, name)


@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    pygame.font.init()
    counts = {"calls": 0, "letters": 0}
    real = fonts.font

    def counting(size: int, bold: bool = False) -> Any:
        return _Counting(real(size, bold), counts)

    monkeypatch.setattr(fonts, "font", counting)
    monkeypatch.setattr(gfx, "font", counting)
    yield counts


def _cost(tally: dict[str, int], fn: Any, *args: Any, **kw: Any) -> tuple[Any, dict[str, int]]:
    tally["calls"] = tally["letters"] = 0
    out = fn(*args, **kw)
    return out, dict(tally)


def _text(n: int, words: bool = True) -> str:
    unit = "Lorem ipsum dolor " if words else "x" + COMBINING
    return (unit * (n // len(unit) + 1))[:n]


@pytest.mark.parametrize("words", [True, False])
def test_issue16_8_ellipsize_costs_the_same_for_4000_characters(tally: dict[str, int], words: bool) -> None:
    short, c_short = _cost(tally, tx.ellipsize, _text(1000, words), 200, 14)
    long, c_long = _cost(tally, tx.ellipsize, _text(4000, words), 200, 14)
    assert short.endswith(tx.ELLIPSIS) and long.endswith(tx.ELLIPSIS)
    assert tx.width_of(long, 14) <= 200
    assert c_long["calls"] <= c_short["calls"] + 1, (c_short, c_long)
    assert c_long["letters"] <= c_short["letters"] * 1.1 + 200, (c_short, c_long)
    assert c_long["letters"] <= 12 * 2 * 200, c_long  # a binary search over a piece as long as the width


@pytest.mark.parametrize("words", [True, False])
def test_issue16_8_fit_line_and_line_cost_the_same_for_4000_characters(tally: dict[str, int], words: bool) -> None:
    _, c_short = _cost(tally, tx.fit_line, _text(1000, words), 300, 24, 10)
    fitted, c_long = _cost(tally, tx.fit_line, _text(4000, words), 300, 24, 10)
    assert fitted.cut and tx.width_of(fitted.text, fitted.size) <= 300
    assert c_long["calls"] <= c_short["calls"] + 2, (c_short, c_long)
    assert c_long["letters"] < 40 * 300, c_long
    surf = pygame.Surface((400, 100))
    _, c_line = _cost(tally, tx.line, surf, _text(4000, words), pygame.Rect(0, 0, 300, 30), 20, (0, 0, 0), None)
    assert c_line["letters"] < 40 * 300, c_line


@pytest.mark.parametrize("words", [True, False])
def test_issue16_8_a_4000_character_name_on_a_board_costs_about_a_short_one(tally: dict[str, int],
                                                                           words: bool) -> None:
    _, c_short = _cost(tally, tx.fit_name, _text(1000, words), 120, 40, 14)
    (lines, _size), c_long = _cost(tally, tx.fit_name, _text(4000, words), 120, 40, 14)
    assert lines[-1].endswith(tx.ELLIPSIS)
    assert c_long["letters"] <= c_short["letters"] * 1.1 + 600, (c_short, c_long)
    assert c_long["calls"] <= c_short["calls"] + 4, (c_short, c_long)
    _, p_short = _cost(tally, tx.plate_lines, _text(1000, words), 90)
    (plate, _), p_long = _cost(tally, tx.plate_lines, _text(4000, words), 90)
    assert len(plate) <= 3 and plate[-1].endswith(tx.ELLIPSIS)
    assert p_long["calls"] <= p_short["calls"] + 4, (p_short, p_long)
    assert p_long["letters"] <= p_short["letters"] * 1.1 + 600, (p_short, p_long)


def test_issue16_8_a_4000_character_block_is_cut_before_measuring(tally: dict[str, int]) -> None:
    _, c_short = _cost(tally, tx.fit_block, _text(2000), 300, 120, 16, 10)
    block, c_long = _cost(tally, tx.fit_block, _text(8000), 300, 120, 16, 10)
    assert block.cut and block.lines[-1].endswith(tx.ELLIPSIS)
    assert c_long["letters"] <= c_short["letters"] * 1.1 + 600, (c_short, c_long)


def test_issue16_8_a_long_single_word_wraps_in_few_measurements_per_line(tally: dict[str, int]) -> None:
    word = "x" * 2000  # the longest log line a save holds, one word
    lines, cost = _cost(tally, gfx.wrap, word, 14, 300)
    assert "".join(lines) == word and len(lines) > 5
    assert all(tx.width_of(line, 14) <= 300 for line in lines)
    assert cost["calls"] <= 16 * len(lines), cost  # a binary search per line, not one measurement per letter
    assert cost["letters"] <= 16 * len(lines) * 2 * 300, cost


def test_issue16_8_longest_prefix_is_a_binary_search() -> None:
    seen: list[int] = []

    def fits(s: str) -> bool:
        seen.append(len(s))
        return len(s) <= 1234

    assert tx.longest_prefix("y" * 4000, fits) == 1234
    assert len(seen) <= 13
    assert tx.longest_prefix("abc", lambda s: False) == 0
    assert tx.longest_prefix("abc", lambda s: True) == 3


def test_issue16_8_shorten_for_a_widget_font_keeps_its_suffix() -> None:
    pygame.font.init()
    f = gfx.font(14)
    short = tx.shorten_for("T" * 4000, f, 200, "  [mod]")
    assert short.endswith("…  [mod]") and f.size(short)[0] <= 200
    assert tx.too_wide_for("T" * 4000, f, 200) and not tx.too_wide_for("T", f, 200)


def test_issue16_8_a_resumed_log_of_long_words_wraps_in_bounded_measurements(tally: dict[str, int]) -> None:
    from game.ui.widgets.logpanel import LogPanel

    def resumed(word_len: int) -> tuple[int, dict[str, int]]:
        panel = LogPanel((0, 0, 300, 400))
        panel.extend(["y" * word_len + " done" for _ in range(20)])
        tally["calls"] = tally["letters"] = 0
        lines = panel.wrapped_lines()
        return len(lines), dict(tally)

    n_short, short = resumed(500)
    n_long, long = resumed(2000)  # the longest log line a save holds, one word
    assert n_long > 3 * n_short // 2
    # per wrapped line, the same few measurements whatever the word's length (a binary search each)
    assert long["calls"] / n_long <= short["calls"] / n_short + 2, (short, n_short, long, n_long)
    assert long["calls"] <= 16 * n_long
