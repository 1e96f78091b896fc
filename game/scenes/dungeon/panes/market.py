"""The Market: heading, the offers with their faces, prices, tiers and stock (a cached layer per position),
and one region per offer whose payload buys it.

Why a pane of its own: the board area shows it instead of a dungeon while a hero shops; it reads the
view's ``MarketRecord`` and the buyer's ``PlayerRecord`` only.

Names are never cut (issue 15): the offers share one name size, from 15 down to a readable minimum; a name
too wide for one line beside the price takes two, broken between words (after the "/" when it can). When
the grid of offers is taller than the board at that size, it shows whole rows only and the wheel, or the
arrows of its scroll bar, show the others; the row of an offer the tutorial or the hint points at is
scrolled into view by itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.dungeon.views import DungeonView
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import DungeonPane, ui
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion

#: the smallest text of an offer in screen px, at any text-size setting
MIN_PX = 12
GAP = 6        # between rows and columns of offers
PAD = 3        # above and below an offer's words
BAR = 12       # the scroll bar's width at the board's right edge


@dataclass(frozen=True)
class Plan:
    """How the offers are laid out at the current text size: the name, note and price sizes, each offer's
    name lines, each row's height (a row of one-line names is lower), and the grid's area."""

    name_size: int
    note_size: int
    price_size: int
    lines: dict[str, tuple[str, ...]]
    cut: frozenset[str]
    heights: tuple[int, ...]
    cols: int
    area: pygame.Rect

    @property
    def rows(self) -> int:
        """How many rows of offers there are."""
        return len(self.heights)

    def shown_from(self, first: int) -> int:
        """How many whole rows show from row ``first`` down (at least one)."""
        used, n = 0, 0
        for h in self.heights[first:]:
            if n and used + GAP + h > self.area.h:
                break
            used += (GAP if n else 0) + h
            n += 1
        return max(1, n)

    @property
    def last_first(self) -> int:
        """The last row the grid may start at (its rows from there to the end all show)."""
        first = self.rows - 1
        while first > 0 and self.shown_from(first - 1) >= self.rows - first + 1:
            first -= 1
        return max(0, first)

    @property
    def scrolls(self) -> bool:
        """True when not every row shows at once."""
        return self.shown_from(0) < self.rows


def split_name(text: str, first: int, rest: int, size: int) -> tuple[str, ...] | None:
    """``text`` on one line ``first`` px wide, or on two (the first ``first`` px, the second ``rest`` px)
    broken between words, after a "/" when that fits; None when it does not fit two lines."""
    if not uitext.wider_than(text, first, size, True):
        return (text,)
    words = text.split(" ")
    best: tuple[tuple[int, int], tuple[str, str]] | None = None
    for k in range(1, len(words)):
        a, b = " ".join(words[:k]), " ".join(words[k:])
        if uitext.wider_than(a, first, size, True) or uitext.wider_than(b, rest, size, True):
            continue
        score = (0 if a.endswith("/") else 1, -len(a))  # after the slash first, else the longest first line
        if best is None or score < best[0]:
            best = (score, (a, b))
    return best[1] if best is not None else None


class MarketPane(DungeonPane):
    """The Market (see the module docstring)."""

    name = "market"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.offer_rects: dict[str, pygame.Rect] = {}   # where each offer was drawn (bought chips fly from there)
        self.first_row = 0                              # the first row of offers shown (the grid scrolls)
        self._plan: tuple[Any, Plan] | None = None
        self._followed: Action | None = None            # the guide's last buy scrolled into view

    # ================================================================= layout
    def plan(self, view: DungeonView) -> Plan:
        """The offers' sizes and rows at the current text size and language (cached)."""
        ctypes = tuple(o.ctype for o in view.market.offers)
        head = self._head(view)
        key = (ctypes, tuple(self.rect), head["bottom"], self.scene.lang, gfx.text_scale(),
               tuple((o.ctype, o.open, o.stock, o.price) for o in view.market.offers))
        if self._plan is None or self._plan[0] != key:
            self._plan = (key, self._make_plan(view, ctypes, head["bottom"]))
        return self._plan[1]

    def _make_plan(self, view: DungeonView, ctypes: tuple[str, ...], head_bottom: int) -> Plan:
        words = self.scene.words
        top = max(self.rect.y + 68, head_bottom + 6)
        area = pygame.Rect(self.rect.x + 14, top, self.rect.w - 28, self.rect.bottom - 12 - top)
        cols = 2 if len(ctypes) <= 24 else 3
        name_min = max(11, uitext.readable_min(MIN_PX))
        note_min = max(9, uitext.readable_min(MIN_PX))
        labels = {c: words.ctype_label(c) for c in ctypes}
        notes = {c: self._note(view, c) for c in ctypes}
        prices = {c: str(o.price) for c in ctypes if (o := view.market.offer(c)) is not None}
        # the names shrink to show every row at once only down to a size that still grows with the text-size
        # setting (15 at normal, 14 at large, 13 at huge: issue 15 item 7); below it the grid scrolls
        comfort = max(name_min, min(15, 15 - round((gfx.text_scale() - 1.0) * 4)))
        best: Plan | None = None
        for size in range(15, name_min - 1, -1):
            note = max(note_min, min(12, size - 3))
            price = self._price_size(size)
            lines: dict[str, tuple[str, ...]] = {}
            for c in ctypes:
                first, full = self._rooms(area, cols, price, prices.get(c, "0"))
                if uitext.wider_than(notes[c], full, note):
                    break
                got = split_name(labels[c], first, full, size)
                if got is None:
                    break
                lines[c] = got
            else:
                cand = self._sized(size, note, price, lines, frozenset(), ctypes, cols, area)
                if not cand.scrolls and (size >= comfort or best is None):
                    return cand  # everything shows at once
                if size >= comfort and (best is None or cand.shown_from(0) > best.shown_from(0)):
                    best = cand  # every name whole and the most rows in view: the grid scrolls
        if best is not None:
            return best
        # not even two lines hold a name at the smallest size (a modder's very long name): it is cut, whole
        # in the tooltip and the zoom
        size, note = name_min, note_min
        price = self._price_size(size)
        lines, cut = {}, set()
        for c in ctypes:
            first, full = self._rooms(area, cols, price, prices.get(c, "0"))
            got = split_name(labels[c], first, full, size)
            if got is None:
                cut.add(c)
                got = (uitext.ellipsize(labels[c], first, size, True),)
            lines[c] = got
        return self._sized(size, note, price, lines, frozenset(cut), ctypes, cols, area)

    @staticmethod
    def _price_size(name_size: int) -> int:
        """The price's size: 18, smaller at large text so it is no taller than a name line (a second line of
        the name runs under it)."""
        price = 18
        while price > name_size and gfx.line_height(price, True) > gfx.line_height(name_size, True):
            price -= 1
        return price

    def _sized(self, size: int, note: int, price: int, lines: dict[str, tuple[str, ...]], cut: frozenset[str],
               ctypes: tuple[str, ...], cols: int, area: pygame.Rect) -> Plan:
        heights = []
        for i in range(0, max(1, len(ctypes)), cols):
            most = max((len(lines[c]) for c in ctypes[i:i + cols]), default=1)
            heights.append(max(36, 2 * PAD + most * gfx.line_height(size, True) + gfx.line_height(note)))
        plan = Plan(size, note, price, lines, cut, tuple(heights), cols, area)
        if plan.scrolls:  # room for the scroll bar at the right
            plan = Plan(size, note, price, lines, cut, tuple(heights), cols,
                        pygame.Rect(area.x, area.y, area.w - BAR, area.h))
        return plan

    def _rooms(self, area: pygame.Rect, cols: int, price_size: int, price: str) -> tuple[int, int]:
        """The room for an offer's first line (left of its price) and for the lines under it, in px."""
        w = (area.w - BAR - (cols - 1) * GAP) // cols
        d = 40
        text_x = 12 + 2 * d - 8
        full = w - text_x - 10
        first = full - gfx.text_size(price, price_size, True)[0] - 3 - 18 - 6
        return first, full

    def _note(self, view: DungeonView, ctype: str) -> str:
        offer = view.market.offer(ctype)
        if offer is None:
            return ""
        note = t("dscene.locked", n=offer.unlock_round) if not offer.open else t("dscene.stock", n=offer.stock)
        return f"{t('dscene.tier', n=offer.tier)} · {note}"

    def offer_layout(self, view: DungeonView) -> list[tuple[str, pygame.Rect]]:
        """(chip type, rect) of every offer shown now (whole rows), tier then type order."""
        pl = self.plan(view)
        ctypes = [o.ctype for o in view.market.offers]
        self.first_row = max(0, min(self.first_row, pl.last_first))
        shown = pl.shown_from(self.first_row)
        w = (pl.area.w - (pl.cols - 1) * GAP) // pl.cols
        ys, y = {}, pl.area.y
        for r in range(self.first_row, self.first_row + shown):
            ys[r] = y
            y += pl.heights[r] + GAP
        out = []
        for i, c in enumerate(ctypes):
            r, k = divmod(i, pl.cols)
            if r in ys:
                out.append((c, pygame.Rect(pl.area.x + k * (w + GAP), ys[r], w, pl.heights[r])))
        return out

    def scroll_by(self, rows: int) -> None:
        """Show later (rows > 0) or earlier rows of offers."""
        self.first_row = max(0, self.first_row + rows)  # clamped to the grid when laid out

    def scrolls(self, view: DungeonView) -> bool:
        """True when some rows of offers are out of view."""
        return self.plan(view).scrolls

    def show_offer(self, view: DungeonView, ctype: str) -> None:
        """Scroll the grid so the row of ``ctype`` shows."""
        pl = self.plan(view)
        ctypes = [o.ctype for o in view.market.offers]
        if ctype not in ctypes:
            return
        row = ctypes.index(ctype) // pl.cols
        if row < self.first_row:
            self.first_row = row
        while row >= self.first_row + pl.shown_from(self.first_row) and self.first_row < pl.last_first:
            self.first_row += 1

    def _follow_guide(self, view: DungeonView) -> None:
        """The offer the tutorial or the hint points at comes into view (once per pointed-at move)."""
        guide = getattr(self.scene, "guide", None)
        if guide is None or not self.scrolls(view):
            return
        try:
            wanted = [a for a in guide.target_actions() if a.kind == "buy"]
        except Exception:  # noqa: BLE001 - a guide that cannot say never breaks the market
            return
        if wanted and wanted[0] != self._followed:
            self._followed = wanted[0]
            self.show_offer(view, str(wanted[0]["chip"]))

    def scroll_arrows(self, view: DungeonView) -> list[tuple[int, pygame.Rect]]:
        """(direction, rect) of the scroll bar's two arrows (none when every row shows)."""
        pl = self.plan(view)
        if not pl.scrolls:
            return []
        x = pl.area.right + 2
        size = min(28, pl.area.h // 3)
        return [(-1, pygame.Rect(x, pl.area.y, BAR, size)), (1, pygame.Rect(x, pl.area.bottom - size, BAR, size))]

    def _head(self, view: DungeonView) -> dict[str, Any]:
        """The heading: title and the gold/buys line, shrunk or wrapped to the panel; where it ends."""
        seat = self.scene.match.to_act()
        p = view.player(seat) if seat is not None else None
        mk = view.market
        r = self.rect
        room = r.w - 36
        title = uitext.fit_line(t("dscene.market_title", round=view.round,
                                  name=self.scene.seat_name(seat) if seat is not None else ""), room, 20, 14, bold=True)
        info = t("dscene.market_info", gold=p.gold if p is not None else 0,
                 buys=mk.buys_left(p) if p is not None else mk.max_buys, max=mk.max_buys)
        size = 15
        while size > 12 and gfx.text_size(info, size)[0] > room:
            size -= 1
        lines = [info] if gfx.text_size(info, size)[0] <= room else gfx.wrap(info, 13, room)
        if len(lines) > 1:
            size = 13
        title_bottom = r.y + 10 + gfx.line_height(title.size, True)
        bottom = title_bottom + len(lines) * gfx.line_height(size)
        return {"title": title, "info": lines, "info_size": size, "info_y": title_bottom, "bottom": bottom}

    # ================================================================= drawing
    def draw_view(self, surface: pygame.Surface, view: DungeonView) -> None:
        """The Market, when the board area shows it."""
        sc = self.scene
        if sc.screen_mode(view) != "market":
            return
        seat = sc.match.to_act()
        p = view.player(seat) if seat is not None else None
        if seat is None or p is None:
            return
        self._follow_guide(view)
        layout = self.offer_layout(view)
        self.offer_rects = dict(layout)
        key = (seat, tuple((o.ctype, o.stock) for o in view.market.offers), p.gold, p.buys, view.round,
               tuple(a.key for a in sc.legal), sc.lang, gfx.palette().name, gfx.text_scale(), self.first_row)
        self.layer("market", key, self.rect, surface, lambda surf: self._paint_market(surf, view, layout))

    def _paint_market(self, surface: pygame.Surface, view: DungeonView, layout: list[tuple[str, pygame.Rect]]) -> None:
        pal = gfx.palette()
        sc = self.scene
        head = self._head(view)
        pl = self.plan(view)
        x = self.rect.x + 18
        title = head["title"]
        uitext.put(surface, title.text, (x, self.rect.y + 10), title.size, pal.accent, "topleft", self.rect,
                   self.rec.records, True, cut=title.cut, shrunk=title.shrunk)
        self.put(surface, "\n".join(head["info"]), (x, head["info_y"]), head["info_size"], pal.ink_light)
        legal_buys = {str(a["chip"]) for a in sc.legal if a.kind == "buy"}
        for ctype, rect in layout:
            self._paint_offer(surface, view, pl, ctype, rect, ctype in legal_buys)
        self._paint_scroll(surface, view, pl)

    def _paint_offer(self, surface: pygame.Surface, view: DungeonView, pl: Plan, ctype: str, rect: pygame.Rect,
                     buyable: bool) -> None:
        pal = gfx.palette()
        offer = view.market.offer(ctype)
        assert offer is not None  # the layout lists the record's offers
        bg = pal.panel if buyable else gfx.lerp_colour(pal.panel_dark, pal.table, 0.3)
        gfx.shadow(surface, rect, 8, (2, 3), blur=3)
        gfx.rounded_rect(surface, rect, bg, 8)
        gfx.rounded_rect(surface, rect, pal.accent if buyable else pal.edge, 8, 2)
        d = min(40, rect.h - 8)
        for i, face in enumerate(offer.faces):
            img = art.chip(self.scene.model, face, d, dim=offer.sold_out)
            surface.blit(img, img.get_rect(center=(rect.x + 6 + d // 2 + i * (d - 8), rect.centery)))
        tx = rect.x + 12 + 2 * 40 - 8
        ink = pal.ink if buyable else pal.ink_soft
        lines = pl.lines[ctype]
        lh = gfx.line_height(pl.name_size, True)
        y = rect.y + PAD
        mid = rect.y + PAD + lh // 2
        pr = self.put(surface, str(offer.price), (rect.right - 10, mid), pl.price_size, ink, "midright", rect,
                      bold=True)
        coin = art.ui_icon("coin", 18)
        surface.blit(coin, coin.get_rect(midright=(pr.x - 3, pr.centery)))
        box = pygame.Rect(tx, rect.y, rect.right - 10 - tx, rect.h)
        for line in lines:
            uitext.put(surface, line, (tx, y), pl.name_size, ink, "topleft", box, self.rec.records, True,
                       cut=ctype in pl.cut)
            y += lh
        self.put(surface, self._note(view, ctype), (tx, rect.bottom - PAD), pl.note_size, pal.ink_soft,
                 "bottomleft", box)

    def _paint_scroll(self, surface: pygame.Surface, view: DungeonView, pl: Plan) -> None:
        """The scroll bar: a track, the thumb where the shown rows are, an arrow at each end."""
        arrows = self.scroll_arrows(view)
        if not arrows:
            return
        pal = gfx.palette()
        up, down = arrows[0][1], arrows[1][1]
        track = pygame.Rect(up.x, up.bottom + 2, BAR, down.y - up.bottom - 4)
        gfx.rounded_rect(surface, track, gfx.with_alpha(pal.panel_dark, 200), 4)
        shown = pl.shown_from(self.first_row)
        span = max(8, track.h * shown // pl.rows)
        top = track.y + (track.h - span) * self.first_row // max(1, pl.last_first)
        gfx.rounded_rect(surface, pygame.Rect(track.x + 2, top, BAR - 4, span), pal.accent, 3)
        for direction, r in arrows:
            can = self.first_row > 0 if direction < 0 else self.first_row < pl.last_first
            gfx.rounded_rect(surface, r, pal.panel if can else pal.panel_dark, 4)
            cx, cy, s = r.centerx, r.centery, 4
            pts = [(cx - s, cy + 2), (cx, cy - 3), (cx + s, cy + 2)] if direction < 0 else \
                [(cx - s, cy - 2), (cx, cy + 3), (cx + s, cy - 2)]
            pygame.draw.polygon(surface, pal.ink if can else pal.ink_soft, pts)

    def _offer_tip(self, ctype: str, price: int) -> str:
        """The price and what each face of the chip does (issue 15: not only its price)."""
        words = self.scene.words
        tip = t("dscene.buy_tip", chip=words.ctype_label(ctype), price=price)
        does = words.chip_does(ctype)
        return f"{tip}\n{does}" if does else tip

    # ================================================================= regions
    def regions(self, view: DungeonView, legal: list[Action]) -> list[Any]:
        """One region per offer shown: its payload buys one chip of that type (right-click shows both faces);
        the scroll bar's arrows when some rows are out of view."""
        sc = self.scene
        if sc.resolution.showing or sc.screen_mode(view) != "market":
            return []
        out: list[Any] = []
        shown = dict(self.offer_layout(view))
        for offer in view.market.offers:
            ctype = offer.ctype
            # an offer scrolled out of view keeps an empty region: its purchase is the Market's (never a button
            # on the action bar), and the wheel or the scroll bar brings it into view
            rect = shown.get(ctype, pygame.Rect(self.plan(view).area.topleft, (0, 0)))
            out.append(HitRegion(rect, Action.of("buy", chip=ctype), inspect=ui("ctype", ctype),
                                 tooltip=self._offer_tip(ctype, offer.price)))
        for direction, rect in self.scroll_arrows(view):
            out.append(HitRegion(rect, ui("market_scroll", direction), tooltip=t(
                "dscene.market_more_up" if direction < 0 else "dscene.market_more_down"), key=("dg-mscroll", direction)))
        return out
