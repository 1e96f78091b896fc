"""The Market: heading, the offers with their faces, prices, tiers and stock (a cached layer per position),
and one region per offer whose payload buys it.

Why a pane of its own: the board area shows it instead of a dungeon while a hero shops; it reads the
view's ``MarketRecord`` and the buyer's ``PlayerRecord`` only.
"""

from __future__ import annotations

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


class MarketPane(DungeonPane):
    """The Market (see the module docstring)."""

    name = "market"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.offer_rects: dict[str, pygame.Rect] = {}   # where each offer was drawn (bought chips fly from there)

    def offer_layout(self, view: DungeonView) -> list[tuple[str, pygame.Rect]]:
        """(chip type, rect) of every offer, tier then type order."""
        ctypes = [o.ctype for o in view.market.offers]
        area = self.rect.inflate(-28, 0)
        cols = 2 if len(ctypes) <= 24 else 3
        w = (area.w - (cols - 1) * 8) // cols
        rows = max(1, -(-len(ctypes) // cols))
        top = max(self.rect.y + 68, self._head(view)["bottom"] + 6)
        room = self.rect.bottom - 12 - top
        h = max(30, min(60, room // rows - 6))
        out = []
        for i, c in enumerate(ctypes):
            r, k = divmod(i, cols)
            out.append((c, pygame.Rect(area.x + k * (w + 8), top + r * (h + 6), w, h)))
        return out

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

    def draw_view(self, surface: pygame.Surface, view: DungeonView) -> None:
        """The Market, when the board area shows it."""
        sc = self.scene
        if sc.screen_mode(view) != "market":
            return
        seat = sc.match.to_act()
        p = view.player(seat) if seat is not None else None
        if seat is None or p is None:
            return
        self.offer_rects = dict(self.offer_layout(view))
        key = (seat, tuple((o.ctype, o.stock) for o in view.market.offers), p.gold, p.buys, view.round,
               tuple(a.key for a in sc.legal), sc.lang, gfx.palette().name, gfx.text_scale())
        self.layer("market", key, self.rect, surface, lambda surf: self._paint_market(surf, view))

    def _paint_market(self, surface: pygame.Surface, view: DungeonView) -> None:
        pal = gfx.palette()
        sc = self.scene
        head = self._head(view)
        x = self.rect.x + 18
        title = head["title"]
        uitext.put(surface, title.text, (x, self.rect.y + 10), title.size, pal.accent, "topleft", self.rect,
                   self.rec.records, True, cut=title.cut, shrunk=title.shrunk)
        self.put(surface, "\n".join(head["info"]), (x, head["info_y"]), head["info_size"], pal.ink_light)
        legal_buys = {str(a["chip"]) for a in sc.legal if a.kind == "buy"}
        for ctype, rect in self.offer_layout(view):
            offer = view.market.offer(ctype)
            assert offer is not None  # the layout lists the record's offers
            buyable = ctype in legal_buys
            bg = pal.panel if buyable else gfx.lerp_colour(pal.panel_dark, pal.table, 0.3)
            gfx.shadow(surface, rect, 8, (2, 3), blur=3)
            gfx.rounded_rect(surface, rect, bg, 8)
            gfx.rounded_rect(surface, rect, pal.accent if buyable else pal.edge, 8, 2)
            d = min(40, rect.h - 8)
            for i, face in enumerate(offer.faces):
                img = art.chip(sc.model, face, d, dim=offer.sold_out)
                surface.blit(img, img.get_rect(center=(rect.x + 6 + d // 2 + i * (d - 8), rect.centery)))
            tx = rect.x + 12 + 2 * d - 8
            ink = pal.ink if buyable else pal.ink_soft
            pr = self.put(surface, str(offer.price), (rect.right - 10, rect.centery), 18, ink, "midright", rect,
                          bold=True)
            coin = art.ui_icon("coin", 18)
            cr = coin.get_rect(midright=(pr.x - 3, pr.centery))
            surface.blit(coin, cr)
            room = cr.x - tx - 6  # names are cut here: the whole name is in the tooltip and the zoom
            words_box = pygame.Rect(tx, rect.y, max(1, room), rect.h)
            note = t("dscene.locked", n=offer.unlock_round) if not offer.open else t("dscene.stock", n=offer.stock)
            two = rect.h >= 40
            ls, ns = 15, 12
            while two and ls > 10 and gfx.line_height(ls, True) + gfx.line_height(ns) > rect.h - 4:
                ls, ns = ls - 1, max(9, ns - 1)
            self.fit(surface, sc.words.ctype_label(ctype), (tx, rect.y + 2) if two else (tx, rect.centery), ls, room,
                     ink, "topleft" if two else "midleft", words_box, minimum=min(ls, 12), bold=True)
            if two:
                self.fit(surface, f"{t('dscene.tier', n=offer.tier)} · {note}", (tx, rect.bottom - 2), ns, room,
                         pal.ink_soft, "bottomleft", words_box, minimum=max(9, ns - 2))

    def _offer_tip(self, ctype: str, price: int) -> str:
        """The price and what each face of the chip does (issue 15: not only its price)."""
        words = self.scene.words
        tip = t("dscene.buy_tip", chip=words.ctype_label(ctype), price=price)
        does = words.chip_does(ctype)
        return f"{tip}\n{does}" if does else tip

    # ================================================================= regions
    def regions(self, view: DungeonView, legal: list[Action]) -> list[Any]:
        """One region per offer: its payload buys one chip of that type (right-click shows both faces)."""
        sc = self.scene
        if sc.resolution.showing or sc.screen_mode(view) != "market":
            return []
        out = []
        for ctype, rect in self.offer_layout(view):
            offer = view.market.offer(ctype)
            assert offer is not None
            out.append(HitRegion(rect, Action.of("buy", chip=ctype), inspect=ui("ctype", ctype),
                                 tooltip=self._offer_tip(ctype, offer.price)))
        return out
