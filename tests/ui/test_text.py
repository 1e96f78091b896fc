"""The text kit: lines shrink to their minimum then end in "…", names break only between words, blocks
fit their box, sizes follow the text-size setting, and the recorder's problems see text leaving its box or
overlapping other text."""

from __future__ import annotations

import pygame
import pytest

from game.ui import gfx
from game.ui import text as uitext

LONG = "Catena (l'ultima entrata si risolve per prima)"


def test_fit_line_keeps_a_line_that_fits_at_its_start_size() -> None:
    f = uitext.fit_line("Pass", 200, 18, 9)
    assert f == uitext.Fitted("Pass", 18, cut=False, shrunk=False)


def test_fit_line_shrinks_before_it_cuts_and_cuts_only_at_the_minimum() -> None:
    word = "Contemplation"
    full = uitext.width_of(word, 18)
    f = uitext.fit_line(word, full - 10, 18, 9)
    assert not f.cut and f.shrunk and 9 <= f.size < 18
    assert uitext.width_of(f.text, f.size) <= full - 10
    g = uitext.fit_line(LONG, 60, 18, 9)
    assert g.cut and g.size == 9 and g.text.endswith("…")
    assert uitext.width_of(g.text, g.size) <= 60
    assert LONG.startswith(g.text[:-1].rstrip(" ,:;·("))


def test_fit_line_respects_a_height() -> None:
    f = uitext.fit_line("Ab", 500, 40, 6, height=gfx.line_height(12))
    assert f.size <= 12 and gfx.line_height(f.size) <= gfx.line_height(12)


def test_ellipsize_returns_nothing_or_one_letter_when_no_ellipsis_fits() -> None:
    assert uitext.ellipsize("Wide words", 1, 14) == ""
    assert uitext.ellipsize("short", 500, 14) == "short"


def test_min_px_is_a_readable_size_whatever_the_text_setting() -> None:
    gfx.set_text_scale(1.4)
    f = uitext.fit_line(LONG, 30, 12, min_px=8)
    assert f.size == uitext.readable_min(8) == 6, "8 screen px at 1.4 is 6 logical px (6 * 1.4 >= 8)"
    gfx.set_text_scale(1.0)
    assert uitext.readable_min(8) == 8


@pytest.mark.parametrize("scale", [0.85, 1.0, 1.4])
def test_fit_name_breaks_between_words_and_fits_its_box(scale: float) -> None:
    gfx.set_text_scale(scale)
    for name in ("Stag of Dawn", "Wandering Sellsword", "Torchbearer", "Great Bellows of the Deep Forge"):
        for w, h in ((40, 14), (60, 20), (90, 30)):
            lines, size = uitext.fit_name(name, w, h, start=12)
            assert 1 <= len(lines) <= 2
            assert all(uitext.width_of(line, size, True) <= w for line in lines), (name, w, lines)
            if " ".join(lines) != name:
                assert lines[-1].endswith("…"), (name, lines)


def test_fit_name_grows_with_the_text_size_setting() -> None:
    sizes = {}
    for scale in (1.0, 1.4):
        gfx.set_text_scale(scale)
        lines, size = uitext.fit_name("Stag of Dawn", 90, 40, start=12)
        sizes[scale] = gfx.font(size, True).get_height()
    assert sizes[1.4] > sizes[1.0], "the same name box shows a larger name at huge text"


def test_plate_lines_prefers_one_line_then_wraps_whole_words() -> None:
    assert uitext.plate_lines("Imp", 120) == (["Imp"], 11)
    lines, size = uitext.plate_lines("Wandering Sellsword of Ash", 70)
    assert len(lines) <= 3 and all(gfx.text_size(x, size, True)[0] <= 66 for x in lines)
    assert " ".join(lines) == "Wandering Sellsword of Ash" or lines[-1].endswith("…")


def test_fit_block_shrinks_then_cuts_the_last_line_with_an_ellipsis() -> None:
    body = "Deal 2 damage to a Character. " * 3
    roomy = uitext.fit_block(body, 300, 200, 14, 8)
    assert not roomy.cut and roomy.size == 14
    tight = uitext.fit_block(body, 80, 2 * gfx.line_height(8), 14, 8)
    assert tight.cut and tight.size == 8 and len(tight.lines) == 2
    assert tight.lines[-1].endswith("…")
    assert all(uitext.width_of(x, 8) <= 80 for x in tight.lines)


def test_recorder_keeps_what_was_drawn_and_finds_problems() -> None:
    surface = pygame.Surface((400, 200))
    rec = uitext.TextRecorder()
    box = pygame.Rect(10, 10, 60, 24)
    rec.put(surface, LONG, box.topleft, 12, (0, 0, 0), "topleft", box)
    assert any("leaves its box" in p for p in rec.problems())
    rec.begin()
    rec.line(surface, LONG, box, 12, (0, 0, 0))
    rec.line(surface, "3 PA", box, 12, (0, 0, 0))
    problems = rec.problems()
    assert not any("leaves its box" in p for p in problems), "a line is cut to its box"
    assert any("overlaps" in p for p in problems)
    first = rec.records[0]
    assert first.cut and first.text.endswith("…") and box.contains(first.rect)
    rect, drawn_box, words = first  # a record unpacks as (rect, box, text)
    assert drawn_box == box and words == first.text and first[2] == words
    assert rec.texts() == [first.text, "3 PA"]


def test_recorder_fit_and_block_record_cut_and_shrunk() -> None:
    surface = pygame.Surface((400, 200))
    rec = uitext.TextRecorder()
    f = rec.fit(surface, "Ana's discard pile", pygame.Rect(0, 0, 80, 40), 28, 16, (0, 0, 0), "midleft",
                bold=True)
    assert rec.records[-1].shrunk == f.shrunk and rec.records[-1].size == f.size
    b = rec.block(surface, "word " * 80, pygame.Rect(0, 50, 120, 40), 12, 8, (0, 0, 0))
    assert b.cut and rec.records[-1].cut and rec.problems() == []
