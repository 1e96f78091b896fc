"""A hand fan that spreads so every covered card shows its whole name, for every card ruleset.

Why a module of its own: a fanned hand covers each card's right part with the next card, and the face of
a covered card fits its name and type line into the strip that shows (``frame.name_box``'s
``name_width``). ``CardFan`` steps at most 78% of a card's width whatever the room, so at huge text the
strips were too narrow and the hand read "Santua…", "Manip…", "Diablil…" (issue 15). ``NamedFan`` takes,
per card, the narrowest strip its name and type line need (``name_strip``) and steps wide enough for the
widest of them, up to the fan's whole width and never wider than the cards themselves; a hand too large
for that gets the widest step the room allows (the names then take two lines, or are shortened, there).
"""

from __future__ import annotations

from typing import Callable, Sequence

import pygame

from game.ui import text as uitext
from game.ui.cards import frame
from game.ui.cards.names import fit_card_name
from game.ui.layout import CardFan, Slot

#: the gap between two cards of a hand fanned wide enough that they no longer overlap
GAP = 4
_STRIPS: dict[tuple, int] = {}


def _layout(name: str, type_word: str, rect: pygame.Rect, has_cost: bool,
            strip: int | None) -> tuple[int, int, bool]:
    """(name size, type line size, anything cut) of a face whose left ``strip`` px show (None: all of it),
    laid out as the face paints it (``frame.geometry_for``: a tall name band when the usual one would cut)."""
    geo = frame.geometry_for(rect, name, has_cost, strip)
    box = frame.name_box(geo, has_cost, strip)
    lines, size = fit_card_name(name, box.w, box.h, frame.name_start(geo), frame.NAME_MIN_PX)
    typed = frame.fit_type_line(geo, type_word, strip) if type_word else None
    cut = any(line.endswith(uitext.ELLIPSIS) for line in lines) or bool(typed and typed.cut)
    return size, typed.size if typed else 0, cut


def narrowest(width: int, shows: Callable[[int], bool], least: int = 16) -> int:
    """The narrowest strip from ``least`` to ``width`` px for which ``shows(strip)`` holds (a wider strip shows
    at least as much: a binary search), ``width`` when none narrower does."""
    lo, hi = least, width
    while lo < hi:
        mid = (lo + hi) // 2
        if shows(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def name_strip(name: str, type_word: str, size: tuple[int, int], has_cost: bool = True) -> int:
    """The narrowest part of a ``size`` card, from its left edge, in which its face shows ``name`` and its
    ``type_word`` as large as the whole face does, and uncut; the card's width when even the whole face
    cuts them (cached per text size)."""
    from game.ui import gfx

    key = (name, type_word, tuple(size), has_cost, gfx.text_scale())
    hit = _STRIPS.get(key)
    if hit is not None:
        return hit
    rect = pygame.Rect(0, 0, *size)
    w = size[0]
    whole = _layout(name, type_word, rect, has_cost, None)
    if whole[2]:
        best = w
    else:
        def shows(strip: int) -> bool:
            size, tsize, cut = _layout(name, type_word, rect, has_cost, strip)
            return not cut and size >= whole[0] and tsize >= whole[1]

        best = narrowest(w, shows)
    if len(_STRIPS) > 2048:
        _STRIPS.clear()
    _STRIPS[key] = best
    return best


class NamedFan(CardFan):
    """A ``CardFan`` whose step leaves each covered card the strip its name needs (``needs``, per card)."""

    def step_for(self, n: int, needs: Sequence[int] | None = None) -> float:
        """The distance between neighbouring cards: ``CardFan``'s, widened to the widest need of a covered
        card (not past the cards' own width and a gap), within ``max_width``."""
        if n <= 1:
            return 0.0
        w = self.card_size[0]
        room = (self.max_width - w) / (n - 1)
        base = min(w * 0.78, room)
        want = max(needs[:-1]) if needs else 0
        if want <= base:
            return base
        return max(base, min(room, float(want), float(w + GAP)))

    def slots(self, n: int, hovered: int | None = None, needs: Sequence[int] | None = None) -> list[Slot]:
        """A slot per card, left to right, ``step_for`` apart (``needs``: each card's name strip)."""
        step = self.step_for(n, needs)
        base = min(self.card_size[0] * 0.78, (self.max_width - self.card_size[0]) / max(1, n - 1))
        out = super().slots(n, hovered)
        if n <= 1 or step == base:
            return out
        moved = []
        for i, slot in enumerate(out):
            x = self.anchor[0] + (i - (n - 1) / 2) * step
            r = slot.rect.copy()
            r.centerx = round(x)
            moved.append(Slot((x, slot.center[1]), slot.angle, r, slot.lifted))
        return moved

    def index_at(self, pos: tuple[int, int], n: int, hovered: int | None = None,
                 needs: Sequence[int] | None = None) -> int | None:
        """Which card is under ``pos`` with this fan's spacing (the lifted one first, then the right-most)."""
        from game.ui.layout import top_index

        return top_index(pos, self.slots(n, hovered, needs), hovered)
