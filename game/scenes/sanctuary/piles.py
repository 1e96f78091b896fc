"""The discard-pile overlay of the sanctuary table: every card of a discard pile, browsable.

Why a scene of its own: a discard pile is public information and a player wants
to read it ("which Manipulations has my opponent used?"), but the table only has
room for its top card. Clicking or right-clicking either discard pile pushes this
overlay over the (dimmed, paused) table: the cards newest first in a grid, each
readable at a good size, the wheel, arrow keys or the arrows scroll when they do
not fit, a click or right-click on a card zooms it with its full text, and Esc,
the close button or a click outside closes it. It never changes game state.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.app.scene import Scene
from game.engine.i18n import t
from game.scenes.sanctuary import cards as art
from game.ui import gfx
from game.ui.input import (Click, ClickEmpty, Command, HitRegion, IllegalClick, InputRouter, Inspect, Scroll,
                           SkipAnimation)
from game.ui.widgets import Inspector, Tooltip

log = logging.getLogger(__name__)

PILE_CARD = (112, 156)   # a card in the overlay's grid (the face's name is large enough to read)
GAP_X, GAP_Y = 16, 26     # between cards (the row gap leaves room for the "newest" tag)
PANEL = pygame.Rect(0, 0, 1040, 620)
TOP = 114                 # the grid starts this far below the panel's top (title, count, the "newest" tag)


def _t(key: str, **kw: Any) -> str:
    """Return a string of the scene's catalogue (``sanctuary_scene.<key>``)."""
    return t("sanctuary_scene." + key, **kw)


class _Marker:
    """A named payload of the overlay's own regions (outside, panel, close, scroll arrows)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"pile:{self.name}"


OUTSIDE, PANEL_AREA, CLOSE, UP, DOWN = (_Marker(n) for n in ("outside", "panel", "close", "up", "down"))


class PileScene(Scene):
    """An overlay listing one seat's discard pile over the card table below."""

    opaque = False
    name = "sanctuary-pile"

    def __init__(self, app: Any, game: Any, seat: int) -> None:
        super().__init__(app)
        self.game = game
        self.seat = seat
        self.router = InputRouter((1280, 720))
        self.inspector = Inspector((0, 0, 1280, 720))
        self.tooltip = Tooltip((0, 0, 1280, 720))
        self.scroll = 0          # rows scrolled off the top
        self.card_rects: dict[str, pygame.Rect] = {}
        self.closed = False
        self._build_regions()

    # ---------------------------------------------------------------- data
    @property
    def cards(self) -> list[str]:
        """The pile, newest first (the view's list ends with the newest card)."""
        pile = self.game.players(self.game.view)[self.seat].get("discard") or []
        return [c for c in reversed(pile) if isinstance(c, str)]

    def message(self) -> str:
        """What the grid says instead of cards ("" while there are cards to show)."""
        return "" if self.cards else _t("discard_empty")

    # ---------------------------------------------------------------- geometry
    def layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Return (panel, grid area)."""
        panel = PANEL.copy()
        pitch = PILE_CARD[1] + GAP_Y
        most = (PANEL.h - TOP - 40 + GAP_Y) // pitch
        grid_w = panel.w - 56 - 28
        cols = max(1, (grid_w + GAP_X) // (PILE_CARD[0] + GAP_X))
        n = len(self.cards)
        rows = max(1, min(most, (n + cols - 1) // cols))
        panel.h = TOP + rows * pitch - GAP_Y + 12 + 40
        panel.center = (640, 372)
        grid = pygame.Rect(panel.x + 28, panel.y + TOP, grid_w, panel.h - TOP - 40)
        return panel, grid

    @property
    def columns(self) -> int:
        """Cards per row of the grid."""
        return max(1, (self.layout()[1].w + GAP_X) // (PILE_CARD[0] + GAP_X))

    @property
    def visible_rows(self) -> int:
        """Rows of cards that fit in the grid area."""
        return max(1, (self.layout()[1].h + GAP_Y) // (PILE_CARD[1] + GAP_Y))

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
        self._build_regions()

    def arrows(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Return (up arrow, scroll track, down arrow) at the grid's right edge."""
        _, grid = self.layout()
        up = pygame.Rect(grid.right + 10, grid.y, 24, 24)
        down = pygame.Rect(grid.right + 10, grid.bottom - 24, 24, 24)
        track = pygame.Rect(up.centerx - 3, up.bottom + 6, 6, down.y - up.bottom - 12)
        return up, track, down

    def _build_regions(self) -> None:
        """Place the visible cards and register the overlay's regions (the zoom on top)."""
        panel, grid = self.layout()
        cols = self.columns
        cards = self.cards
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        first = self.scroll * cols
        shown = cards[first:first + cols * self.visible_rows]
        n_cols = min(cols, len(cards))
        width = n_cols * PILE_CARD[0] + (n_cols - 1) * GAP_X
        left = grid.x + max(0, (grid.w - width) // 2)
        self.card_rects = {}
        for k, iid in enumerate(shown):
            r, c = divmod(k, cols)
            rect = pygame.Rect(left + c * (PILE_CARD[0] + GAP_X), grid.y + r * (PILE_CARD[1] + GAP_Y), *PILE_CARD)
            self.card_rects[iid] = rect
        router = self.router
        router.begin_frame()
        router.add(HitRegion((0, 0, 1280, 720), OUTSIDE, highlight=False, key="pile-outside"))
        router.add(HitRegion(panel, PANEL_AREA, highlight=False, key="pile-panel"))
        for iid, rect in self.card_rects.items():
            router.add(HitRegion(rect, ("card", iid), tooltip=self.game.card_tip(iid), inspect=("card", iid),
                                 key=("pilecard", iid)))
        close = self.close_rect()
        router.add(HitRegion(close, CLOSE, tooltip=_t("pile.close"), key="pile-close"))
        if self.max_scroll:
            up, _, down = self.arrows()
            router.add(HitRegion(up, UP, tooltip=_t("pile.up"), key="pile-up", legal=self.scroll > 0,
                                 reason=_t("pile.at_top")))
            router.add(HitRegion(down, DOWN, tooltip=_t("pile.down"), key="pile-down",
                                 legal=self.scroll < self.max_scroll, reason=_t("pile.at_bottom")))
        self.inspector.register(router)

    def close_rect(self) -> pygame.Rect:
        """The close button in the panel's top-right corner."""
        panel, _ = self.layout()
        return pygame.Rect(panel.right - 48, panel.y + 14, 34, 34)

    # ---------------------------------------------------------------- life cycle
    def close_overlay(self) -> None:
        """Leave the overlay (back to the table)."""
        if not self.closed and self.app.top is self:
            self.closed = True
            self.app.pop()

    def update(self, dt: float) -> None:
        """Hover timer and the zoom's fade."""
        self.router.update(dt)
        self.inspector.update(dt)

    def is_animating(self) -> bool:
        """True while the zoom fades in or a tooltip waits to appear."""
        return self.inspector.animating or self.router.wants_tick

    def on_settings_changed(self) -> None:
        """Re-word the overlay (card faces are repainted by the table's cache)."""
        super().on_settings_changed()
        self._build_regions()

    # ---------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys scroll or close; the mouse goes through the overlay's own router."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN and not self.inspector.visible:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows,
                    pygame.K_PAGEDOWN: self.visible_rows, pygame.K_HOME: -10 ** 6, pygame.K_END: 10 ** 6}
            if event.key in step:
                self.scroll_by(step[event.key])
                return
        if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                              pygame.KEYDOWN, pygame.WINDOWLEAVE):
            return
        for intent in self.router.handle(event):
            self.on_intent(intent)

    def on_intent(self, intent: Any) -> None:
        """A card: zoom it; outside, the close button or Esc: close; wheel and arrows: scroll."""
        if self.inspector.handle(intent):
            self._build_regions()
            return
        if isinstance(intent, Scroll):
            self.scroll_by(-int(intent.dy))
        elif isinstance(intent, (Click, Inspect)):
            payload = intent.payload
            if isinstance(payload, tuple) and payload[:1] == ("card",):
                self.game.zoom_card(self.inspector, payload[1])
                self._build_regions()
            elif payload is UP:
                self.scroll_by(-1)
            elif payload is DOWN:
                self.scroll_by(1)
            elif payload is CLOSE or payload is OUTSIDE:
                self.close_overlay()
        elif isinstance(intent, ClickEmpty):
            self.close_overlay()
        elif isinstance(intent, IllegalClick):
            self.app.play_sound("illegal")
        elif isinstance(intent, Command) and intent.name in ("pause", "confirm"):
            self.close_overlay()
        elif isinstance(intent, SkipAnimation):
            pass

    # ---------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """Dim the table and draw the panel with the pile's cards."""
        from game.app import draw

        self._build_regions()
        pal = gfx.palette()
        draw.shade(surface, 170)
        panel, grid = self.layout()
        gfx.panel(surface, panel, radius=14)
        seat = self.seat
        gfx.draw_seat_badge(surface, seat, (panel.x + 38, panel.y + 36), 12)
        title = _t("discard_title", name=self.game.seat_name(seat))
        size = gfx.fit_text_size(title, panel.w - 150, 40, start=28, minimum=16, bold=True)
        gfx.text(surface, title, (panel.x + 60, panel.y + 36), size, pal.ink, "midleft", bold=True)
        cards = self.cards
        count = _t("pile.count", n=len(cards)) if len(cards) != 1 else _t("pile.count_one")
        csize = gfx.fit_text_size(count, panel.w - 150, 84 - 60 - 2, start=16, minimum=9)  # above the rule
        gfx.text(surface, count, (panel.x + 28, panel.y + 60), csize, pal.ink_soft)
        pygame.draw.line(surface, pal.panel_dark, (panel.x + 20, panel.y + 84), (panel.right - 20, panel.y + 84), 2)
        # close button
        hovered = self.router.hovered.key if self.router.hovered is not None else None
        cr = self.close_rect()
        gfx.rounded_rect(surface, cr, pal.accent if hovered == "pile-close" else pal.panel_dark, 8)
        gfx.rounded_rect(surface, cr, pal.edge, 8, 2)
        for sx in (-1, 1):
            pygame.draw.line(surface, pal.ink, (cr.centerx - 8, cr.centery - 8 * sx),
                             (cr.centerx + 8, cr.centery + 8 * sx), 3)
        if self.message():
            gfx.text(surface, self.message(), grid.center, 22, pal.ink_soft, "center")
        newest = cards[0] if cards else None
        for iid, rect in self.card_rects.items():
            card = self.game.card(iid)
            gfx.shadow(surface, rect, 10, (3, 6), blur=5)
            if card is None:
                surface.blit(art.back(PILE_CARD), rect)
            else:
                surface.blit(art.face(self.game.cid(iid) or "?", card, PILE_CARD, self.game.lang), rect)
            if iid == newest:
                label = _t("pile.newest")
                w = gfx.text_size(label, 12, True)[0] + 14
                tag = pygame.Rect(0, 0, w, 18)
                tag.midbottom = (rect.centerx, rect.y - 3)
                gfx.rounded_rect(surface, tag, pal.accent, 8)
                gfx.text(surface, label, tag.center, 12, pal.ink, "center", bold=True)
        if self.max_scroll:
            up, track, down = self.arrows()
            for r, pointing_up, enabled in ((up, True, self.scroll > 0), (down, False, self.scroll < self.max_scroll)):
                key = "pile-up" if pointing_up else "pile-down"
                bg = pal.accent if (hovered == key and enabled) else pal.panel_dark
                gfx.rounded_rect(surface, r, bg, 6)
                gfx.rounded_rect(surface, r, pal.edge, 6, 1)
                cx, cy = r.center
                tip = [(cx - 7, cy + 4), (cx + 7, cy + 4), (cx, cy - 5)] if pointing_up else \
                    [(cx - 7, cy - 4), (cx + 7, cy - 4), (cx, cy + 5)]
                pygame.draw.polygon(surface, pal.ink if enabled else pal.ink_soft, tip)
            pygame.draw.rect(surface, pal.panel_dark, track, border_radius=3)
            frac = self.visible_rows / max(1, self.rows)
            h = max(16, round(track.h * frac))
            y = track.y + round((track.h - h) * self.scroll / max(1, self.max_scroll))
            pygame.draw.rect(surface, pal.edge, (track.x, y, track.w, h), border_radius=3)
        hint = _t("pile.hint")
        hsize = gfx.fit_text_size(hint, panel.w - 40, 28, start=14, minimum=8)  # one line under the grid
        gfx.text(surface, hint, (panel.centerx, panel.bottom - 12), hsize, pal.ink_soft, "midbottom",
                 max_width=panel.w - 40)
        self.router.draw_highlights(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        """The zoom and the tooltip over the overlay."""
        self.inspector.draw(surface)
        if not self.inspector.visible:
            self.tooltip.draw(surface, self.router.tooltip_text, self.router.mouse)
