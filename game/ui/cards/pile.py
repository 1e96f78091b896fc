"""A pile's cards laid out in a browsable grid over the table (a discard pile, a graveyard, a deck list).

Why a module of its own: a pile of face-up cards is public information a player
wants to read, but a card table only has room for its top card. Every card
ruleset needs the same overlay: the cards newest first in a grid, each at a
readable size, the wheel, arrow keys or the scroll arrows move through them when
they do not fit, a click or right-click on a card zooms it, and Esc, the close
button or a click outside closes it. ``PileOverlay`` is that overlay without the
scene around it: the ruleset's scene gives it the cards, how to paint a face,
the words, and what a zoom and a close do, and forwards input and drawing.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.ui import gfx
from game.ui import text as uitext
from game.ui.cards.arrows import scroll_arrow
from game.ui.input import (Click, ClickEmpty, Command, HitRegion, IllegalClick, InputRouter, Inspect, Scroll,
                           SkipAnimation)
from game.ui.payload import Ref
from game.ui.widgets import Inspector, Tooltip

CARD = (112, 156)         # a card in the grid (the face's name is large enough to read)
GAP_X, GAP_Y = 16, 26     # between cards (the row gap leaves room for the "newest" tag)
PANEL = pygame.Rect(0, 0, 1040, 620)
TOP = 114                 # the grid starts this far below the panel's top (title, count, the "newest" tag)

OUTSIDE, PANEL_AREA, CLOSE, UP, DOWN = (Ref.of("pile", n) for n in ("outside", "panel", "close", "up", "down"))
#: the keys the overlay asks ``words`` for
WORDS = ("close", "up", "down", "at_top", "at_bottom", "count", "count_one", "newest", "hint", "empty")


class PileOverlay:
    """A grid of one pile's cards with scrolling, zoom and close (see the module docstring).

    ``cards()`` returns the pile newest first; ``face(iid, size)`` the painted face (None: draw ``back(size)``);
    ``tip(iid)`` a card's tooltip; ``title()`` the heading; ``words(key, **kw)`` the overlay's other words
    (keys in ``WORDS``); ``zoom(inspector, iid)`` opens a card in the inspector; ``on_close()`` leaves.
    """

    def __init__(self, cards: Callable[[], list[str]], face: Callable[[str, tuple[int, int]], pygame.Surface | None],
                 back: Callable[[tuple[int, int]], pygame.Surface], tip: Callable[[str], str],
                 title: Callable[[], str], words: Callable[..., str], zoom: Callable[[Inspector, str], Any],
                 on_close: Callable[[], Any], seat: int | None = None,
                 on_illegal: Callable[[], Any] | None = None) -> None:
        self._cards, self._face, self._back, self._tip = cards, face, back, tip
        self._title, self.words, self._zoom, self._on_close = title, words, zoom, on_close
        self._on_illegal = on_illegal
        self.seat = seat
        self.router = InputRouter((1280, 720))
        self.inspector = Inspector((0, 0, 1280, 720))
        self.tooltip = Tooltip((0, 0, 1280, 720))
        self.scroll = 0          # rows scrolled off the top
        self.card_rects: dict[str, pygame.Rect] = {}
        self.texts = uitext.TextRecorder()
        self.build_regions()

    # ---------------------------------------------------------------- data
    @property
    def cards(self) -> list[str]:
        """The pile, newest first."""
        return list(self._cards())

    def message(self) -> str:
        """What the grid says instead of cards ("" while there are cards to show)."""
        return "" if self.cards else self.words("empty")

    # ---------------------------------------------------------------- geometry
    def layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Return (panel, grid area)."""
        panel = PANEL.copy()
        pitch = CARD[1] + GAP_Y
        most = (PANEL.h - TOP - 40 + GAP_Y) // pitch
        grid_w = panel.w - 56 - 28
        cols = max(1, (grid_w + GAP_X) // (CARD[0] + GAP_X))
        rows = max(1, min(most, (len(self.cards) + cols - 1) // cols))
        panel.h = TOP + rows * pitch - GAP_Y + 12 + 40
        panel.center = (640, 372)
        grid = pygame.Rect(panel.x + 28, panel.y + TOP, grid_w, panel.h - TOP - 40)
        return panel, grid

    @property
    def columns(self) -> int:
        """Cards per row of the grid."""
        return max(1, (self.layout()[1].w + GAP_X) // (CARD[0] + GAP_X))

    @property
    def visible_rows(self) -> int:
        """Rows of cards that fit in the grid area."""
        return max(1, (self.layout()[1].h + GAP_Y) // (CARD[1] + GAP_Y))

    @property
    def rows(self) -> int:
        """Rows the whole pile takes."""
        return (len(self.cards) + self.columns - 1) // self.columns

    @property
    def max_scroll(self) -> int:
        """The largest useful scroll (rows)."""
        return max(0, self.rows - self.visible_rows)

    def scroll_by(self, rows: int) -> None:
        """Scroll down (positive) or up (negative) by rows, clamped."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + rows))
        self.build_regions()

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Return (up arrow, scroll track, down arrow) at the grid's right edge."""
        _, grid = self.layout()
        up = pygame.Rect(grid.right + 10, grid.y, 24, 24)
        down = pygame.Rect(grid.right + 10, grid.bottom - 24, 24, 24)
        track = pygame.Rect(up.centerx - 3, up.bottom + 6, 6, down.y - up.bottom - 12)
        return up, track, down

    def close_rect(self) -> pygame.Rect:
        """The close button in the panel's top-right corner."""
        panel, _ = self.layout()
        return pygame.Rect(panel.right - 48, panel.y + 14, 34, 34)

    def build_regions(self) -> None:
        """Place the visible cards and register the overlay's regions (the zoom on top)."""
        panel, grid = self.layout()
        cols = self.columns
        cards = self.cards
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        first = self.scroll * cols
        shown = cards[first:first + cols * self.visible_rows]
        n_cols = min(cols, len(cards))
        left = grid.x + max(0, (grid.w - (n_cols * CARD[0] + (n_cols - 1) * GAP_X)) // 2)
        self.card_rects = {}
        for k, iid in enumerate(shown):
            r, c = divmod(k, cols)
            self.card_rects[iid] = pygame.Rect(left + c * (CARD[0] + GAP_X), grid.y + r * (CARD[1] + GAP_Y), *CARD)
        router = self.router
        router.begin_frame()
        router.add(HitRegion((0, 0, 1280, 720), OUTSIDE, highlight=False, key="pile-outside"))
        router.add(HitRegion(panel, PANEL_AREA, highlight=False, key="pile-panel"))
        for iid, rect in self.card_rects.items():
            router.add(HitRegion(rect, ("card", iid), tooltip=self._tip(iid), inspect=("card", iid),
                                 key=("pilecard", iid)))
        router.add(HitRegion(self.close_rect(), CLOSE, tooltip=self.words("close"), key="pile-close"))
        if self.max_scroll:
            up, _, down = self.arrows()
            router.add(HitRegion(up, UP, tooltip=self.words("up"), key="pile-up", legal=self.scroll > 0,
                                 reason=self.words("at_top")))
            router.add(HitRegion(down, DOWN, tooltip=self.words("down"), key="pile-down",
                                 legal=self.scroll < self.max_scroll, reason=self.words("at_bottom")))
        self.inspector.register(router)

    # ---------------------------------------------------------------- input
    def handle_key(self, event: pygame.event.Event) -> bool:
        """Arrow, page and home/end keys scroll (not while a card is zoomed); True when used."""
        if event.type != pygame.KEYDOWN or self.inspector.visible:
            return False
        step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                pygame.K_PAGEDOWN: self.visible_rows, pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
        if event.key not in step:
            return False
        self.scroll_by(step[event.key])
        return True

    def on_intent(self, intent: Any) -> None:
        """A card: zoom it; outside, the close button or Esc: close; wheel and arrows: scroll."""
        if self.inspector.handle(intent):
            self.build_regions()
            return
        if isinstance(intent, Scroll):
            self.scroll_by(-int(intent.dy))
        elif isinstance(intent, (Click, Inspect)):
            payload = intent.payload
            if isinstance(payload, tuple) and payload[:1] == ("card",):
                self._zoom(self.inspector, payload[1])
                self.build_regions()
            elif payload == UP:
                self.scroll_by(-1)
            elif payload == DOWN:
                self.scroll_by(1)
            elif payload == CLOSE or payload == OUTSIDE:
                self._on_close()
        elif isinstance(intent, ClickEmpty):
            self._on_close()
        elif isinstance(intent, IllegalClick):
            if self._on_illegal is not None:
                self._on_illegal()
        elif isinstance(intent, Command) and intent.name in ("pause", "confirm"):
            self._on_close()
        elif isinstance(intent, SkipAnimation):
            pass

    def update(self, dt: float) -> None:
        """Hover timer and the zoom's fade."""
        self.router.update(dt)
        self.inspector.update(dt)

    @property
    def animating(self) -> bool:
        """True while the zoom fades in or a tooltip waits to appear."""
        return self.inspector.animating or self.router.wants_tick

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The panel with the pile's cards (the caller dims what is below)."""
        self.build_regions()
        pal = gfx.palette()
        rec = self.texts
        rec.begin()
        panel, grid = self.layout()
        gfx.panel(surface, panel, radius=14)
        if self.seat is not None:
            gfx.draw_seat_badge(surface, self.seat, (panel.x + 38, panel.y + 36), 12)
        rec.fit(surface, self._title(), pygame.Rect(panel.x + 60, panel.y + 16, panel.w - 150, 40), 28, 16, pal.ink,
                "midleft", (panel.x + 60, panel.y + 36), bold=True)
        cards = self.cards
        count = self.words("count", n=len(cards)) if len(cards) != 1 else self.words("count_one")
        rec.fit(surface, count, pygame.Rect(panel.x + 28, panel.y + 60, panel.w - 150, 84 - 60 - 2), 16, 9,
                pal.ink_soft)  # above the rule
        pygame.draw.line(surface, pal.panel_dark, (panel.x + 20, panel.y + 84), (panel.right - 20, panel.y + 84), 2)
        hovered = self.router.hovered.key if self.router.hovered is not None else None
        cr = self.close_rect()
        gfx.rounded_rect(surface, cr, pal.accent if hovered == "pile-close" else pal.panel_dark, 8)
        gfx.rounded_rect(surface, cr, pal.edge, 8, 2)
        for sx in (-1, 1):
            pygame.draw.line(surface, pal.ink, (cr.centerx - 8, cr.centery - 8 * sx),
                             (cr.centerx + 8, cr.centery + 8 * sx), 3)
        if self.message():
            rec.fit(surface, self.message(), grid, 22, 12, pal.ink_soft, "center")
        newest = cards[0] if cards else None
        for iid, rect in self.card_rects.items():
            gfx.shadow(surface, rect, 10, (3, 6), blur=5)
            img = self._face(iid, CARD)
            surface.blit(img if img is not None else self._back(CARD), rect)
            if iid == newest:
                label = self.words("newest")
                tag_h = max(18, gfx.line_height(12, True))  # taller at larger text
                fitted = uitext.fit_line(label, CARD[0] - 14, 12, 9, bold=True, height=tag_h)
                tag = pygame.Rect(0, 0, uitext.width_of(fitted.text, fitted.size, True) + 14, tag_h)
                tag.midbottom = (rect.centerx, rect.y - 3)
                gfx.rounded_rect(surface, tag, pal.accent, 8)
                uitext.put(surface, fitted.text, tag.center, fitted.size, pal.ink, "center", tag, rec.records,
                           bold=True, cut=fitted.cut, shrunk=fitted.shrunk)
        if self.max_scroll:
            up, track, down = self.arrows()
            scroll_arrow(surface, up, True, self.scroll > 0, hovered == "pile-up")
            scroll_arrow(surface, down, False, self.scroll < self.max_scroll, hovered == "pile-down")
            pygame.draw.rect(surface, pal.panel_dark, track, border_radius=3)
            h = max(16, round(track.h * self.visible_rows / max(1, self.rows)))
            y = track.y + round((track.h - h) * self.scroll / max(1, self.max_scroll))
            pygame.draw.rect(surface, pal.edge, (track.x, y, track.w, h), border_radius=3)
        hint = pygame.Rect(panel.x + 20, panel.bottom - 12 - 28, panel.w - 40, 28)  # one line under the grid
        rec.fit(surface, self.words("hint"), hint, 14, 8, pal.ink_soft, "midbottom")
        self.router.draw_highlights(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        """The zoom and the tooltip over the overlay."""
        self.inspector.draw(surface)
        if not self.inspector.visible:
            self.tooltip.draw(surface, self.router.tooltip_text, self.router.mouse)
