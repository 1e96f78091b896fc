"""Text that fits its box, the same way in every scene, and a record of what was drawn.

Why a module of its own: each ruleset scene used to carry its own helpers to
shrink a line to its width, cut it with "…", wrap a name between words or size a
block of card text, and only one scene could tell whether its text stayed in its
boxes. Here is one kit for all of them:

- ``fit_line`` shrinks one line from a start size down to a minimum (given in
  logical px, or as a readable minimum in screen px with ``min_px``), then cuts
  it with "…"; ``ellipsize`` only cuts; ``line_size`` only shrinks.
- ``fit_name`` lays a name out on one line or two broken between words (card
  names); ``plate_lines`` on up to three lines (name plates); ``fit_block``
  sizes a wrapped block to a box and cuts its last line with "…" when even the
  smallest size does not fit.
- ``TextRecorder`` draws through ``gfx.text`` and keeps a ``DrawnText`` per line
  (rect, box, text, size, whether it was cut or shrunk), so one ``problems()``
  says which text leaves its box or overlaps other text, and tests read what a
  scene drew from the records instead of private attributes.

Sizes are logical px: ``gfx.font`` multiplies them by the text-size setting
(``gfx.text_scale()``), so a line fitted here follows that setting by itself.

Fitting costs about the same whatever the text's length (issue 16, item 8: a 4,000-character
title took 7-15 s to cut one letter at a time): ``longest_prefix`` finds the cut by binary
search, and ``wider_than`` proves a long text too wide from a prefix of it (a text is never
narrower than its beginning), so only a bounded piece of a long text is ever measured.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

import pygame

from game.ui import gfx

ELLIPSIS = "…"
#: characters dropped from the end of a cut text before the "…"
_TRAILING = " ,:;·("


@dataclass(frozen=True)
class Fitted:
    """One fitted line: the text to draw (maybe cut), its size, and what fitting did to it."""

    text: str
    size: int
    cut: bool = False
    shrunk: bool = False


def width_of(text: str, size: int, bold: bool = False) -> int:
    """Width in screen px of one line of ``text`` at logical ``size``."""
    return gfx.font(size, bold).size(text)[0]


def longest_prefix(text: str, fits: Callable[[str], bool], most: int | None = None) -> int:
    """The largest ``k`` (at most ``most``) with ``fits(text[:k])``, by binary search (0 when none fits).

    ``fits`` must hold for shorter prefixes whenever it holds for a longer one (widths grow with the text).
    """
    lo, hi = 0, len(text) if most is None else max(0, min(len(text), most))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(text[:mid]):
            lo = mid
        else:
            hi = mid - 1
    return lo


def wider_than(text: str, width: int, size: int, bold: bool = False) -> bool:
    """True when one line of ``text`` is wider than ``width`` px, measuring at most about ``width`` letters
    when the text is long (its beginning is already too wide)."""
    probe = max(8, width)
    if len(text) > probe and width_of(text[:probe], size, bold) > width:
        return True
    return width_of(text, size, bold) > width


def shorten_for(text: str, fnt: Any, width: int, suffix: str = "") -> str:
    """``text`` cut so that it, "…" and ``suffix`` fit ``width`` px in the pygame font ``fnt`` (binary search;
    for widgets that hold their own font, like pygame_gui buttons)."""
    k = longest_prefix(text, lambda s: fnt.size(s.rstrip() + ELLIPSIS + suffix)[0] <= width, most=max(16, 2 * width))
    return text[:k].rstrip() + ELLIPSIS + suffix


def too_wide_for(text: str, fnt: Any, width: int) -> bool:
    """True when ``text`` is wider than ``width`` px in the pygame font ``fnt`` (a long text measured by a prefix)."""
    probe = max(8, width)
    if len(text) > probe and fnt.size(text[:probe])[0] > width:
        return True
    return bool(fnt.size(text)[0] > width)


def readable_min(min_px: float) -> int:
    """The smallest logical size whose glyphs are at least ``min_px`` screen px at the current text size."""
    return max(1, math.ceil(min_px / gfx.text_scale()))


def join_lines(text: str, width: int, size: int, sep: str = " · ", bold: bool = False) -> list[str]:
    """Lines of a list written with ``sep`` ("Esc menu · F1 rules · ..."), broken only between its items, so no
    line starts with the separator; an item wider than ``width`` alone is left to the caller."""
    lines: list[str] = []
    for part in text.split(sep):
        if lines and gfx.text_size(lines[-1] + sep + part, size, bold)[0] <= width:
            lines[-1] += sep + part
        else:
            lines.append(part)
    return lines


def line_size(text: str, width: int, start: int, minimum: int, bold: bool = False,
              height: int | None = None) -> int:
    """The largest size from ``start`` down to ``minimum`` at which one line fits ``width`` (and ``height``)."""
    size = start
    while size > minimum:
        if height is None or gfx.text_size("", size, bold)[1] * max(1, text.count("\n") + 1) <= height:
            if not any(wider_than(part, width, size, bold) for part in text.split("\n")):
                return size
        size -= 1
    return minimum


def _cut(text: str, fits: Callable[[str], bool], width: int) -> int:
    """Where to cut ``text`` so ``fits`` holds (binary search over a prefix bounded by ``width``)."""
    return longest_prefix(text, fits, most=max(16, 2 * width))


def ellipsize(text: str, width: int, size: int, bold: bool = False) -> str:
    """``text`` cut with "…" so it is at most ``width`` px wide at ``size`` ("" when not even a letter fits)."""
    if not wider_than(text, width, size, bold):
        return text
    k = _cut(text, lambda s: width_of(s + ELLIPSIS, size, bold) <= width, width)
    if k == 0:  # no room for even one letter and the ellipsis
        return text[:1] if width_of(text[:1], size, bold) <= width else ""
    return text[:k].rstrip(_TRAILING) + ELLIPSIS


def fit_line(text: str, width: int, start: int, minimum: int | None = None, *, bold: bool = False,
             height: int | None = None, min_px: float | None = None) -> Fitted:
    """One line in ``width`` px: the largest size from ``start`` down to the minimum at which it fits, else
    the minimum size with the text cut by "…". The minimum is ``minimum`` logical px, or ``min_px`` screen px
    (a readable size whatever the text-size setting); ``height`` also bounds the line's height."""
    lowest = readable_min(min_px) if min_px is not None else (start if minimum is None else minimum)
    start = max(start, lowest)
    size = line_size(text, width, start, lowest, bold, height)
    if not wider_than(text, width, size, bold):
        return Fitted(text, size, False, size < start)
    return Fitted(ellipsize(text, width, size, bold), size, True, size < start)


def name_pitch(size: int, bold: bool = True) -> int:
    """The line pitch of a two-line name at ``size`` (tighter than the font's line spacing)."""
    return max(1, round(gfx.font(size, bold).get_ascent() * 0.95))


def fit_name(name: str, width: int, height: int, start: int, min_px: float = 8) -> tuple[list[str], int]:
    """Lay out a name in ``width`` x ``height`` px: the largest size (from ``start`` down) at which it fits on
    one line, or on two lines broken only between words; failing that, the smallest size with the name
    shortened by "…". The smallest size is ``min_px`` screen px at normal and smaller text, and ``min_px``
    logical px at larger text (so a name grows with the setting). Returns (lines, size)."""
    lowest = math.ceil(min_px) if gfx.text_scale() > 1.0 else readable_min(min_px)
    start = max(start, lowest)
    words = name.split()

    def w(text: str, size: int) -> int:
        return width_of(text, size, True)

    def one(size: int) -> bool:
        return gfx.font(size, True).get_ascent() * 1.05 <= height and not wider_than(name, width, size, True)

    def two(size: int) -> list[str] | None:
        if len(words) < 2 or 2 * name_pitch(size) > height + 1:
            return None
        if wider_than(name, 2 * width + w(" ", size), size, True):  # not even two full lines hold it
            return None
        best = None
        for k in range(1, len(words)):
            a, b = " ".join(words[:k]), " ".join(words[k:])
            m = max(w(a, size), w(b, size))
            if m <= width and (best is None or m < best[0]):
                best = (m, [a, b])
        return best[1] if best else None

    one_at = next((sz for sz in range(start, lowest - 1, -1) if one(sz)), None)
    two_at = next(((sz, ls) for sz in range(start, lowest - 1, -1) if (ls := two(sz)) is not None), None)
    if one_at is not None and (two_at is None or one_at >= two_at[0] * 0.85):
        return [name], one_at
    if two_at is not None:
        return two_at[1], two_at[0]
    size = lowest

    def cut(text: str) -> str:
        k = max(1, _cut(text, lambda s: w(s.rstrip() + ELLIPSIS, size) <= width, width))
        return text[:k].rstrip() + ELLIPSIS

    if len(words) > 1 and 2 * name_pitch(size) <= height + 1:  # the first words whole, the rest shortened
        k = 1
        while k < len(words) and w(" ".join(words[:k + 1]), size) <= width:
            k += 1
        first = " ".join(words[:k])
        if w(first, size) <= width and k < len(words):
            rest = " ".join(words[k:])
            return [first, cut(rest) if wider_than(rest, width, size, True) else rest], size
    return [cut(name) if wider_than(name, width, size, True) else name], size


def plate_lines(name: str, width: int, one_line: Sequence[int] = (11, 10), sizes: Sequence[int] = (11, 10, 9, 8),
                max_lines: int = 3) -> tuple[list[str], int]:
    """A name on a plate ``width`` px wide: one line at a size of ``one_line`` when it fits, else the largest
    of ``sizes`` at which it fits on up to ``max_lines`` lines without breaking a word; failing that, the
    smallest size with a word too long for the plate (or the last line) shortened with "…"."""
    inner = max(10, width - 4)
    cap = max_lines * inner  # more letters than the plate has pixels never show: cut before measuring
    long = len(name) > cap
    if long:
        name = name[:cap]

    def fits(text: str, size: int) -> bool:
        return not wider_than(text, inner, size, True)

    def cut(text: str, size: int) -> str:
        k = max(1, _cut(text, lambda s: fits(s + ELLIPSIS, size), inner))
        return text[:k].rstrip() + ELLIPSIS

    def wrap(size: int) -> list[str]:
        lines: list[str] = []
        for word in name.split():
            if lines and fits(lines[-1] + " " + word, size):
                lines[-1] += " " + word
            else:
                lines.append(word if fits(word, size) else cut(word, size))
        return lines or [""]

    for size in one_line:  # one line reads best
        if not long and fits(name, size):
            return [name], size
    for size in sizes:
        if not long and all(fits(w, size) for w in name.split()):
            lines = wrap(size)
            if len(lines) <= max_lines:
                return lines, size
    smallest = sizes[-1]
    lines = wrap(smallest)
    if len(lines) > max_lines or long:
        lines = lines[:max_lines]
        if not lines[-1].endswith(ELLIPSIS):
            lines[-1] = cut(lines[-1], smallest)
    return lines, smallest


@dataclass(frozen=True)
class Block:
    """A wrapped block fitted to a box: its lines, size, and whether the end was cut."""

    lines: tuple[str, ...]
    size: int
    cut: bool = False
    shrunk: bool = False


def fit_block(text: str, width: int, height: int, start: int, minimum: int, bold: bool = False) -> Block:
    """Wrap ``text`` into ``width`` x ``height``: the largest size from ``start`` down to ``minimum`` at which
    every line fits; else the minimum size with the lines that fit, the last one ending in "…"."""
    # more letters than the box can hold at the smallest size (each as wide as an "l" at least) never show:
    # such a text is cut before measuring, drawn at the smallest size, and its last line ends in "…"
    rows = height // max(1, gfx.line_height(minimum, bold)) + 1
    cap = max(64, rows * max(8, width // max(2, width_of("l", minimum, bold))))
    clipped = len(text) > cap
    if clipped:
        text = text[:cap]
    size = minimum if clipped else start
    while size > minimum and gfx.text_size(text, size, bold, max_width=width)[1] > height:
        size -= 1
    lines = gfx.wrap(text, size, width, bold)
    room = max(1, height // max(1, gfx.line_height(size, bold)))
    if len(lines) <= room and not clipped:
        return Block(tuple(lines), size, False, size < start)
    kept = lines[:room]
    last = kept[-1].rstrip()
    last = last[:_cut(last, lambda s: width_of(s.rstrip(_TRAILING) + ELLIPSIS, size, bold) <= width, width)]
    kept[-1] = last.rstrip(_TRAILING) + ELLIPSIS
    return Block(tuple(kept), size, True, size < start)


# ---------------------------------------------------------------------- the record of what was drawn

@dataclass
class DrawnText:
    """One line (or wrapped block) of text as drawn: where it went, the box it must stay in, its words, its
    size, and whether fitting cut or shrank it. It unpacks as ``(rect, box, text)``."""

    rect: pygame.Rect
    box: pygame.Rect
    text: str
    size: int = 0
    cut: bool = False
    shrunk: bool = False

    def __iter__(self) -> Iterator[Any]:
        return iter((self.rect, self.box, self.text))

    def __getitem__(self, i: int) -> Any:
        return (self.rect, self.box, self.text)[i]


def problems(records: Sequence[DrawnText], overlaps: bool = True) -> list[str]:
    """Text outside its box or (with ``overlaps``) whose line box lies on another's, in words (empty: clean)."""
    out = []
    for rect, box, text in records:
        if not box.contains(rect):
            out.append(f"{text!r} {tuple(rect)} leaves its box {tuple(box)}")
    if not overlaps:
        return out
    for i, (a, _, ta) in enumerate(records):
        for b, _, tb in records[i + 1:]:
            if a.colliderect(b):
                out.append(f"{ta!r} {tuple(a)} overlaps {tb!r} {tuple(b)}")
    return out


def put(surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, colour: Any, align: str,
        box: pygame.Rect, into: list[DrawnText] | None, bold: bool = False, max_width: int | None = None,
        cut: bool = False, shrunk: bool = False) -> pygame.Rect:
    """Draw text with ``gfx.text`` and, when ``into`` is a list, append what was drawn and its box."""
    rect = gfx.text(surface, text, pos, size, colour, align, max_width=max_width, bold=bold)
    if text and into is not None:
        into.append(DrawnText(pygame.Rect(rect), pygame.Rect(box), text, size, cut, shrunk))
    return rect


def line(surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour: Any, into: list[DrawnText] | None,
         align: str = "midleft", bold: bool = False, minimum: int | None = None) -> pygame.Rect:
    """One line inside ``box``: the size first drops to the box's height, then shrinks (not below ``minimum``),
    then the text is cut with "…"; drawn at the box's left, right or centre and recorded into ``into``."""
    start = size
    while size > 5 and gfx.line_height(size, bold) > box.h:  # the box's height first, always
        size -= 1
    minimum = size if minimum is None else min(size, minimum)
    size = line_size(text, box.w, size, minimum, bold, box.h)
    shown = ellipsize(text, box.w, size, bold)
    if align == "midleft":
        pos: tuple[float, float] = (box.x, box.centery)
    elif align == "midright":
        pos = (box.right, box.centery)
    else:
        pos = box.center
    return put(surface, shown, pos, size, colour, align, box, into, bold, cut=shown != text, shrunk=size < start)


class TextRecorder:
    """Draws fitted text and keeps the records of the current frame (``begin`` starts a new one)."""

    def __init__(self) -> None:
        self.records: list[DrawnText] = []

    def begin(self) -> list[DrawnText]:
        """Start a new frame's records; return the (new, empty) list."""
        self.records = []
        return self.records

    def put(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, colour: Any,
            align: str, box: pygame.Rect, bold: bool = False, max_width: int | None = None) -> pygame.Rect:
        """Draw text as given (no fitting) and record it with its box."""
        return put(surface, text, pos, size, colour, align, box, self.records, bold, max_width)

    def line(self, surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour: Any,
             align: str = "midleft", bold: bool = False, minimum: int | None = None) -> pygame.Rect:
        """One fitted line inside ``box`` (see ``line``), recorded."""
        return line(surface, text, box, size, colour, self.records, align, bold, minimum)

    def fit(self, surface: pygame.Surface, text: str, box: pygame.Rect, start: int, minimum: int, colour: Any,
            align: str = "topleft", pos: tuple[float, float] | None = None, bold: bool = False) -> Fitted:
        """One line fitted to ``box`` (see ``fit_line``) drawn with ``align`` at ``pos`` (default: that anchor of
        the box), recorded."""
        fitted = fit_line(text, box.w, start, minimum, bold=bold, height=box.h)
        at = pos if pos is not None else getattr(box, align)
        put(surface, fitted.text, at, fitted.size, colour, align, box, self.records, bold,
            cut=fitted.cut, shrunk=fitted.shrunk)
        return fitted

    def block(self, surface: pygame.Surface, text: str, box: pygame.Rect, start: int, minimum: int, colour: Any,
              bold: bool = False) -> Block:
        """A wrapped block fitted to ``box`` (see ``fit_block``), drawn from its top-left and recorded."""
        fitted = fit_block(text, box.w, box.h, start, minimum, bold)
        put(surface, "\n".join(fitted.lines), box.topleft, fitted.size, colour, "topleft", box, self.records, bold,
            cut=fitted.cut, shrunk=fitted.shrunk)
        return fitted

    def texts(self) -> list[str]:
        """The words drawn, in drawing order."""
        return [r.text for r in self.records]

    def problems(self, overlaps: bool = True) -> list[str]:
        """Text of this frame outside its box or overlapping other text (see ``problems``)."""
        return problems(self.records, overlaps)
