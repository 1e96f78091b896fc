"""Where everything goes on the quest table, from the table record and the seat in front.

Why a module of its own: panes draw, hit regions and animations all need the same rectangles (a
hero's card, an enemy's shadow, the quest card, a pile), so one ``Layout`` computes them once per
position. The encounter band (piles, quest card, active location, staging area) runs across the
top, the phase track under it; with 2 to 4 players the other seats get compact strips, and the seat
in front (the acting human) gets the large area: engaged enemies with their shadows, heroes and allies
with their attachments, and the hand fanned at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.scenes.quest.table import Table
from game.ui import gfx

BOARD = pygame.Rect(10, 56, 1010, 656)
BAND = pygame.Rect(10, 56, 1010, 168)
PHASES_RECT = pygame.Rect(10, 228, 1010, 30)
PILE = (66, 92)
QUEST_CARD = pygame.Rect(166, 78, 206, 140)
LOCATION_CARD = pygame.Rect(384, 78, 100, 140)
STAGING = pygame.Rect(496, 60, 520, 160)
HAND_CARD = (88, 123)
#: the overlap of a card tucked under another (an attachment under its hero, a shadow behind its enemy)
TUCK = 14
#: the least height of an engaged enemy: 69 px wide, the narrowest face that holds every shipped name uncut
ENEMY_MIN_H = 97
#: a partner's small cards (too small to name on their face: their names go beside them where the strip has room)
STRIP_CARD = (40, 56)
#: the width of the name beside a partner's small card: at most, and the least worth showing
STRIP_LABEL = (120, 64)


def text_h(size: int, floor: int) -> int:
    """The height of a label strip for text of ``size`` at the current text-size setting (never below ``floor``,
    the strip the normal size was laid out with): strips grow with the setting instead of shrinking the text."""
    return max(floor, gfx.line_height(size, True))


def row_rects(area: pygame.Rect, n: int, size: tuple[int, int], gap: int = 8) -> list[pygame.Rect]:
    """``n`` cards of ``size`` left to right in ``area`` (overlapping when they do not fit)."""
    if n <= 0:
        return []
    w, h = size
    step = min(w + gap, (area.w - w) / max(1, n - 1)) if n > 1 else 0
    return [pygame.Rect(round(area.x + i * step), area.y, w, h) for i in range(n)]


def scale_to(size: tuple[int, int], height: int) -> tuple[int, int]:
    """A card size with this height and the 100:140 proportions."""
    return round(height * size[0] / size[1]), height


@dataclass
class Layout:
    """The frame's rectangles (see the module docstring); ``cards`` maps a card instance to its rect."""

    viewer: int = 0
    cards: dict[str, pygame.Rect] = field(default_factory=dict)
    shadows: dict[str, pygame.Rect] = field(default_factory=dict)
    attachments: dict[str, pygame.Rect] = field(default_factory=dict)
    #: the name beside a partner's small card (only where its strip has the room)
    labels: dict[str, pygame.Rect] = field(default_factory=dict)
    piles: dict[tuple, pygame.Rect] = field(default_factory=dict)
    others: dict[int, pygame.Rect] = field(default_factory=dict)
    mine: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    side: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    engaged_row: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    char_row: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    dial: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    hand_anchor: tuple[int, int] = (600, 760)
    hand_card: tuple[int, int] = HAND_CARD
    staging_cards: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    threat_badge: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    quest: pygame.Rect = field(default_factory=lambda: QUEST_CARD.copy())
    location: pygame.Rect = field(default_factory=lambda: LOCATION_CARD.copy())
    phases: pygame.Rect = field(default_factory=lambda: PHASES_RECT.copy())
    #: the heights of the band's label strips (above the cards, under the piles) at this text size
    label_h: int = 18
    count_h: int = 18
    row_card: tuple[int, int] = (86, 120)
    enemy_card: tuple[int, int] = (70, 98)

    @classmethod
    def of(cls, table: Table, viewer: int) -> Layout:
        """Lay the table out for the seat in front."""
        L = cls(viewer)
        # the encounter band: label strips as tall as their text, the cards in the rest of the band
        L.label_h, L.count_h = text_h(12, 18), text_h(14, 18)
        top = BAND.y + 4 + L.label_h + 2
        pile_h = min(PILE[1], BAND.bottom - 6 - L.count_h - 4 - top)
        L.piles[("encounter_deck",)] = pygame.Rect(16, top, PILE[0], pile_h)
        L.piles[("encounter_discard",)] = pygame.Rect(88, top, PILE[0], pile_h)
        L.quest = pygame.Rect(QUEST_CARD.x, top - 2, QUEST_CARD.w, BAND.bottom - 6 - (top - 2))
        L.location = pygame.Rect(LOCATION_CARD.x, top - 2, LOCATION_CARD.w, BAND.bottom - 6 - (top - 2))
        staging_top = STAGING.y + 6 + text_h(13, 20)
        L.staging_cards = pygame.Rect(STAGING.x + 84, staging_top, STAGING.w - 92, STAGING.bottom - 8 - staging_top)
        badge_y = max(STAGING.y + 40, STAGING.y + 18 + text_h(12, 18) + 4)
        L.threat_badge = pygame.Rect(STAGING.x + 8, badge_y, 68, min(84, STAGING.bottom - 30 - badge_y))
        size = scale_to((100, 140), min(122, L.staging_cards.h))
        for c, r in zip(table.staging, row_rects(L.staging_cards, len(table.staging), size)):
            L.cards[c.iid] = r
        if table.location is not None:
            L.cards[table.location.iid] = L.location
        L.phases = pygame.Rect(PHASES_RECT.x, PHASES_RECT.y, PHASES_RECT.w, max(PHASES_RECT.h, text_h(13, 18) + 8))
        others = [p for p in table.players if p.seat != viewer]
        top = L.phases.bottom + 4
        strip_h = 92 + text_h(13, 20) - 20  # the name line grows, the small cards keep their size
        if others:
            w = (BOARD.w - 6 * (len(others) - 1)) // len(others)
            for i, p in enumerate(others):
                L.others[p.seat] = pygame.Rect(BOARD.x + i * (w + 6), top, w, strip_h)
            top += strip_h + 4
        L.mine = pygame.Rect(BOARD.x, top, BOARD.w, BOARD.bottom - top)
        L.side = pygame.Rect(L.mine.x, L.mine.y, 132, L.mine.h)
        L.dial = pygame.Rect(L.side.x + 16, L.side.y + 14 + text_h(14, 20), 100, 100)
        me = table.player(viewer)
        room = L.mine.h
        # the rows share the height: engaged enemies, characters (with their attachments tucked below), the hand
        enemy_h = max(ENEMY_MIN_H, min(118, round(room * 0.27)))
        char_h = max(100, min(150, round(room * 0.36)))
        L.enemy_card = scale_to((100, 140), enemy_h)
        L.row_card = scale_to((100, 140), char_h)
        x0 = L.side.right + 8
        L.engaged_row = pygame.Rect(x0, L.mine.y + 2 + text_h(12, 16), BOARD.right - x0 - 4, enemy_h + TUCK)
        L.char_row = pygame.Rect(x0, L.engaged_row.bottom + 6, BOARD.right - x0 - 4, char_h + 2 * TUCK)
        hand_h = HAND_CARD[1] if room > 400 else 112
        L.hand_card = scale_to(HAND_CARD, hand_h)
        visible = max(60, BOARD.bottom - L.char_row.bottom + 8)
        L.hand_anchor = (L.char_row.centerx, L.char_row.bottom - 4 + visible + (hand_h - visible))
        pile_y = L.dial.bottom + 8 + text_h(11, 16) + 2
        L.piles[("deck", viewer)] = pygame.Rect(L.side.x + 10, pile_y, 54, 76)
        L.piles[("discard", viewer)] = pygame.Rect(L.side.x + 70, pile_y, 54, 76)
        if me is not None:
            _row(L, me.engaged, L.engaged_row, L.enemy_card, shadows=True)
            _row(L, me.characters, L.char_row, L.row_card, shadows=False)
        for p in others:
            box = L.others[p.seat]
            strip = pygame.Rect(box.x + 112, box.bottom - 62, box.w - 118, 58)
            _strip(L, p.characters + p.engaged, strip)
            L.piles[("discard", p.seat)] = pygame.Rect(box.x + 60, box.bottom - 60, 40, 56)
        return L


def _strip(L: Layout, cards: tuple, strip: pygame.Rect) -> None:
    """A partner's small cards left to right, each with its name beside it when the strip has the room for
    every name (``STRIP_LABEL``), else overlapping as they must (their tooltips and zoom name them)."""
    n = len(cards)
    if not n:
        return
    w, h = STRIP_CARD
    label = min(STRIP_LABEL[0], (strip.w + 6) // n - w - 10)
    if label >= STRIP_LABEL[1]:
        for i, c in enumerate(cards):
            r = pygame.Rect(strip.x + i * (w + label + 10), strip.y, w, h)
            L.cards[c.iid] = r
            L.labels[c.iid] = pygame.Rect(r.right + 4, r.y, label, h)
        return
    for c, r in zip(cards, row_rects(strip, n, STRIP_CARD, gap=4)):
        L.cards[c.iid] = r


def _row(L: Layout, cards: tuple, area: pygame.Rect, size: tuple[int, int], shadows: bool) -> None:
    """Place a row of cards with their tucked shadows (above-right) or attachments (below)."""
    extra = TUCK * 2 // 3
    rects = row_rects(pygame.Rect(area.x, area.y, area.w, area.h), len(cards), (size[0] + extra, size[1]), gap=10)
    for c, r in zip(cards, rects):
        body = pygame.Rect(r.x, r.y + (TUCK if shadows else 0), *size)
        L.cards[c.iid] = body
        if shadows:
            for k, sid in enumerate(c.shadows):
                L.shadows[f"{c.iid}/{k}"] = body.move(extra + 4 * k, -TUCK + 3 * k)
        else:
            for k, aid in enumerate(c.attachments):
                L.attachments[aid] = pygame.Rect(body.x + 4 + 3 * k, body.bottom - TUCK + 8 + TUCK * k // 2,
                                                 size[0] - 8, TUCK + 6)
