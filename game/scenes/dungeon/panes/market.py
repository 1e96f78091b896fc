"""The Market: heading, offers with prices and stock (a cached layer per position).

Moved out of the dungeon scene; it still reads the scene's state through ``ScenePart``."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.rulesets.dungeon.views import DungeonView
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import (
    ScenePart,
    fit_line,
)
from game.ui import gfx


class MarketPane(ScenePart):
    """The Market: heading, offers with prices and stock (a cached layer per position)."""

    name = "market"

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """The Market, when the board area shows it."""
        if self.screen_mode(view) == "market":
            self._draw_market(surface, view)

    def _offer_layout(self, view: dict[str, Any]) -> list[tuple[str, pygame.Rect]]:
        ctypes = [o.ctype for o in DungeonView.from_view(view, self.model).market.offers]  # tier, then type
        area = self.board_rect.inflate(-28, 0)
        cols = 2 if len(ctypes) <= 24 else 3
        w = (area.w - (cols - 1) * 8) // cols
        rows = max(1, -(-len(ctypes) // cols))
        top = max(self.board_rect.y + 68, self._market_head(view)["bottom"] + 6)
        room = self.board_rect.bottom - 12 - top
        h = max(30, min(60, room // rows - 6))
        out = []
        for i, c in enumerate(ctypes):
            r, k = divmod(i, cols)
            out.append((c, pygame.Rect(area.x + k * (w + 8), top + r * (h + 6), w, h)))
        return out

    def _market_head(self, view: dict[str, Any]) -> dict[str, Any]:
        """The Market heading: title and the gold/buys line, shrunk or wrapped to the panel; where it ends."""
        seat = self.match.to_act()
        p = self.player(seat) if seat is not None else {}
        mk = self.model.market
        r = self.board_rect
        room = r.w - 36
        title, ts = fit_line(t("dscene.market_title", round=view.get("round", 1),
                               name=self.seat_name(seat) if seat is not None else ""), 20, room, minimum=14, bold=True)
        info = t("dscene.market_info", gold=p.get("gold", 0), buys=max(0, mk.max_buys - p.get("buys", 0)),
                 max=mk.max_buys)
        size = 15
        while size > 12 and gfx.text_size(info, size)[0] > room:
            size -= 1
        lines = [info] if gfx.text_size(info, size)[0] <= room else gfx.wrap(info, 13, room)
        if len(lines) > 1:
            size = 13
        title_bottom = r.y + 10 + gfx.line_height(ts, True)
        bottom = title_bottom + len(lines) * gfx.line_height(size)
        return {"title": title, "title_size": ts, "info": lines, "info_size": size, "info_y": title_bottom,
                "bottom": bottom}

    def _layer(self, name: str, key: Any, rect: pygame.Rect, surface: pygame.Surface, paint: Any) -> None:
        """Blit a cached layer of ``rect`` painted by ``paint(surface)`` (canvas coordinates) when ``key`` changed."""
        hit = self._layers.get(name)
        if hit is None or hit[0] != key:
            full = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            paint(full)
            area = rect.clip(full.get_rect())
            hit = (key, full.subsurface(area).copy(), area.topleft)
            self._layers[name] = hit
        surface.blit(hit[1], hit[2])

    def _draw_market(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        seat = self.match.to_act()
        if seat is None:
            return
        p = self.player(seat)
        market = view.get("market") or {}
        key = (seat, tuple((k, len(v)) for k, v in sorted(market.items())), p.get("gold"), p.get("buys"),
               view.get("round"), tuple(a.key for a in self.legal), self.lang, gfx.palette().name,
               gfx.text_scale())
        self._layer("market", key, self.board_rect, surface, lambda surf: self._paint_market(surf, view, seat, p))

    def _paint_market(self, surface: pygame.Surface, view: dict[str, Any], seat: int, p: dict[str, Any]) -> None:
        pal = gfx.palette()
        head = self._market_head(view)
        rects: dict[str, pygame.Rect] = {}
        self.text_rects["market"] = rects
        x = self.board_rect.x + 18
        rects["title"] = gfx.text(surface, head["title"], (x, self.board_rect.y + 10), head["title_size"], pal.accent,
                                  bold=True)
        rects["info"] = gfx.text(surface, "\n".join(head["info"]), (x, head["info_y"]), head["info_size"],
                                 pal.ink_light)
        offers = DungeonView.from_view(view, self.model).market
        self._offer_rects = {}
        legal_buys = {str(a["chip"]) for a in self.legal if a.kind == "buy"}
        for ctype, rect in self._offer_layout(view):
            self._offer_rects[ctype] = rect
            offer = offers.offer(ctype)
            assert offer is not None
            stock, locked = offer.stock, not offer.open
            buyable = ctype in legal_buys
            bg = pal.panel if buyable else gfx.lerp_colour(pal.panel_dark, pal.table, 0.3)
            gfx.shadow(surface, rect, 8, (2, 3), blur=3)
            gfx.rounded_rect(surface, rect, bg, 8)
            gfx.rounded_rect(surface, rect, pal.accent if buyable else pal.edge, 8, 2)
            d = min(40, rect.h - 8)
            for i, face in enumerate(offer.faces):
                img = art.chip(self.model, face, d, dim=stock == 0)
                surface.blit(img, img.get_rect(center=(rect.x + 6 + d // 2 + i * (d - 8), rect.centery)))
            tx = rect.x + 12 + 2 * d - 8
            ink = pal.ink if buyable else pal.ink_soft
            price = offer.price
            coin = art.ui_icon("coin", 18)
            pr = gfx.text(surface, str(price), (rect.right - 10, rect.centery), 18, ink, "midright", bold=True)
            cr = coin.get_rect(midright=(pr.x - 3, pr.centery))
            surface.blit(coin, cr)
            rects[f"offer.{ctype}.price"] = pr.union(cr)
            room = cr.x - tx - 6  # names are cut here: the whole name is in the tooltip and the zoom
            note = t("dscene.locked", n=offer.unlock_round) if locked else t("dscene.stock", n=stock)
            two = rect.h >= 40
            ls, ns = 15, 12
            while two and ls > 10 and gfx.line_height(ls, True) + gfx.line_height(ns) > rect.h - 4:
                ls, ns = ls - 1, max(9, ns - 1)
            label, ls = fit_line(self.ctype_label(ctype), ls, room, minimum=min(ls, 12), bold=True)
            rects[f"offer.{ctype}.label"] = gfx.text(surface, label, (tx, rect.y + 2) if two else (tx, rect.centery),
                                                     ls, ink, "topleft" if two else "midleft", bold=True)
            if two:
                line, ns = fit_line(f"{t('dscene.tier', n=offer.tier)} · {note}", ns, room, minimum=max(9, ns - 2))
                rects[f"offer.{ctype}.note"] = gfx.text(surface, line, (tx, rect.bottom - 2), ns, pal.ink_soft,
                                                        "bottomleft")

