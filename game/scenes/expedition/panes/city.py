"""The city screen (a hero on a town square, instead of steps 2-4): the market's four face-down items
(browsed in secret, then bought openly), selling the hero's items, healing (two free, then a price),
the NPC quest cards on offer (up to three held), and leaving.

The pane draws a ``CityCard`` built from the typed view: each market card, item and quest carries its
Action (buy, sell, quest) or the reason it cannot be taken now.

Nothing moves under the mouse during a visit (played in the real window: a second click bought the card
that slid under it, and a quest row that rose after a sale was taken by mistake): a bought or sold card
leaves an empty place where it stood (``align``), the market and selling rows keep their height, every
quest on offer is shown (in two columns when one does not hold them), and the buttons keep their places,
greyed with their reason once used (browsed, healed to full).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.i18n import t
from game.rulesets.expedition.kinds import MARKET_SIZE
from game.scenes.expedition.panes.common import ExpeditionPane, ref
from game.scenes.expedition.panes.heroes import draw_item, item_words
from game.scenes.expedition.panes.marks import Choice, ItemMark
from game.ui import gfx
from game.ui.input import HitRegion
from game.ui.payload import Ref

CARD = 64


def align(shown: list[str | None], now: list[str]) -> list[int | None]:
    """Where each card of ``now`` is drawn, given the places ``shown`` last time (ids, None: an empty place):
    the index into ``now`` for every place, None for a place left empty. Cards still there keep their places
    (in order); new cards go at the end; a row unrelated to the last one is laid out afresh."""
    out: list[int | None] = []
    k = 0
    for sid in shown:
        if k < len(now) and sid is not None and sid == now[k]:
            out.append(k)
            k += 1
        else:
            out.append(None)
    if k == 0 and now and any(sid is not None for sid in shown):
        return list(range(len(now)))
    return out + list(range(k, len(now)))


@dataclass(frozen=True)
class Offer:
    """A thing on the city screen with what taking it does: an item to buy or sell, a quest to take."""

    item: ItemMark | None
    words: str
    payload: Any = None
    reason: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class CityCard:
    """The city screen of one visit."""

    town: str
    hero: str
    gold: int
    health: str
    market: tuple[Offer, ...] = ()
    selling: tuple[Offer, ...] = ()
    quests: tuple[Offer, ...] = ()
    buttons: tuple[Choice, ...] = ()


class CityPane(ExpeditionPane):
    """The city screen (see the module docstring)."""

    name = "city"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.map.inflate(-40, -24))
        self.spots: list[tuple[pygame.Rect, Offer, str]] = []
        self.buttons: list[tuple[pygame.Rect, Choice]] = []
        #: the card ids each row showed, by place (None: a card bought or sold this visit), until the visit ends
        self.places: dict[str, list[str | None]] = {}

    def forget(self) -> None:
        """The visit is over: the next one lays its rows out afresh."""
        self.places = {}

    def draw(self, surface: pygame.Surface, card: CityCard) -> None:
        """Title and purse, the market row, the hero's items to sell, the quest cards, the buttons."""
        self.rec.begin()
        pal = gfx.palette()
        r = self.rect
        gfx.panel(surface, r)
        th = gfx.line_height(18, True) + 6
        half = (r.w - 40) // 2
        self.line(surface, card.town, pygame.Rect(r.x + 16, r.y + 8, half, th), 18, pal.ink, bold=True, minimum=10)
        self.line(surface, f"{card.hero} · {card.health} · {t('expedition_scene.gold_n', n=card.gold)}",
                  pygame.Rect(r.x + 24 + half, r.y + 8, half, th), 14, pal.ink_soft, "midright", bold=True,
                  minimum=8)
        lh = gfx.line_height(13, True) + 4
        self.spots = []
        y = r.y + 14 + th
        # the market and the hero's items side by side: the quests below keep the room (huge text in Spanish
        # left two quest rows and pushed the others into the action bar, over the screen)
        mw = MARKET_SIZE * (CARD + 22) + 8
        low = self._row(surface, t("expedition_scene.market"), card.market, y, lh, "market", r.x + 16, mw)
        y = max(low, self._row(surface, t("expedition_scene.sell"), card.selling, y, lh, "sell", r.x + 24 + mw,
                               r.right - 16 - (r.x + 24 + mw)))
        self.line(surface, t("expedition_scene.quests"), pygame.Rect(r.x + 16, y + 6, r.w - 32, lh), 13, pal.ink,
                  bold=True, minimum=8)
        y += 6 + lh
        qh = gfx.line_height(12) + 8
        if not card.quests:
            self.line(surface, t("expedition_scene.none"), pygame.Rect(r.x + 22, y, r.w - 44, qh), 12, pal.ink_soft,
                      minimum=8)
        bh = max(30, gfx.line_height(14, True) + 10)
        room = r.bottom - bh - 16 - y
        ids = [q.words for q in card.quests]
        where = align(self.places.get("quest", []), ids)  # a quest taken leaves its row empty this visit
        self.places["quest"] = [ids[i] if i is not None else None for i in where]
        cols = 1 if len(where) * (qh + 3) <= room else 2
        per = (len(where) + cols - 1) // cols  # two columns of even length
        if per * (qh + 3) > room:  # still too many: lower rows (the words shrink), never a quest left out
            qh = max(gfx.line_height(7) + 2, room // max(1, per) - 3)
        per = max(1, min(per, room // (qh + 3)))
        cw = (r.w - 32 - (cols - 1) * 8) // cols
        # rows as tall as the longest quest's words need (up to three lines) where the room allows, the words
        # wrapped rather than cut (Spanish at huge text needed three lines in two columns)
        need = max((len(gfx.wrap(q.words, 12, cw - 12)) for q in card.quests), default=1)
        tall = min(gfx.line_height(12) * min(need, 3) + 8, room // per - 3)
        # (a dozen quests at huge text leave rows for two small lines: smaller words, never cut ones)
        wrap = need > 1 and tall >= gfx.line_height(7) * 2 + 4
        if wrap:
            qh = max(qh, tall)
        for k, i in enumerate(where[: per * cols]):
            if i is None:
                continue
            q = card.quests[i]
            row = pygame.Rect(r.x + 16 + (k // per) * (cw + 8), y + (k % per) * (qh + 3), cw, qh)
            gfx.rounded_rect(surface, row, pal.panel_dark if q.reason else pal.felt, 6)
            if wrap:
                self.block(surface, q.words, row.inflate(-12, -4), 12, 7, pal.ink_light)
            else:
                self.line(surface, q.words, row.inflate(-12, -2), 12, pal.ink_light, minimum=8)
            self.spots.append((row, q, "quest"))
        self.buttons = []
        n = max(1, len(card.buttons))
        bw = min(240, (r.w - 32 - (n - 1) * 8) // n)
        for k, ch in enumerate(card.buttons):
            b = pygame.Rect(r.x + 16 + k * (bw + 8), r.bottom - bh - 10, bw, bh)
            off = ch.reason is not None
            gfx.rounded_rect(surface, b, pal.panel_dark if off else (pal.accent if ch.primary else pal.felt), 8)
            gfx.rounded_rect(surface, b, pal.edge, 8, 2)
            words = f"{ch.label} ({ch.detail})" if ch.detail else ch.label
            self.line(surface, words, b.inflate(-12, -4), 13,
                      pal.ink_soft if off else (pal.ink if ch.primary else pal.ink_light), "center", bold=True,
                      minimum=8)
            self.buttons.append((b, ch))

    def _row(self, surface: pygame.Surface, head: str, offers: tuple[Offer, ...], y: int, lh: int, kind: str,
             x: int, w: int) -> int:
        """A heading and a row of item cards with their price under each, in the column at ``x`` of width ``w``;
        returns the y below it."""
        pal = gfx.palette()
        self.line(surface, head, pygame.Rect(x, y, w, lh), 13, pal.ink, bold=True, minimum=8)
        y += lh
        ph = gfx.line_height(11, True) + 2
        if not offers and not self.places.get(kind):  # (places left empty this visit still show)
            self.places[kind] = []
            self.line(surface, t("expedition_scene.none"), pygame.Rect(x + 6, y, w - 12, lh), 12, pal.ink_soft,
                      minimum=8)
            return y + CARD + ph + 2  # the row keeps its height: what lies below never moves
        slot_w = CARD + 22
        ids = [o.item.id if o.item is not None else o.words for o in offers]
        where = align(self.places.get(kind, []), ids)
        self.places[kind] = [ids[i] if i is not None else None for i in where]
        for k, i in enumerate(where[: max(1, w // slot_w)]):
            box = pygame.Rect(x + k * slot_w + 11, y, CARD, CARD)
            if i is None:  # bought or sold this visit: the place stays, empty
                pygame.draw.rect(surface, pal.edge, box, 1, border_radius=8)
                continue
            o = offers[i]
            if o.item is not None:
                draw_item(surface, o.item, box, lit=o.reason is None and o.payload is not None)
            if o.detail:
                self.line(surface, o.detail, pygame.Rect(box.x - 10, box.bottom + 1, CARD + 20, ph), 11,
                          pal.ink if o.reason is None else pal.ink_soft, "center", bold=True, minimum=7)
            self.spots.append((box, o, kind))
        return y + CARD + ph + 2

    def regions(self, card: CityCard, legal: list[Any]) -> list[HitRegion]:
        """The screen, each card or quest (its Action, or why not), the buttons."""
        out = [HitRegion(pygame.Rect(self.rect), None, highlight=False, key=("city",))]
        for k, (rect, o, kind) in enumerate(self.spots):
            words = o.words if o.item is None or o.item.hidden else item_words(o.item)
            tip = f"{words}\n{o.detail}" if o.detail else words
            if kind == "market" and o.item is not None and not o.item.hidden:
                tip = words  # the item's words already give its price
            elif kind == "sell" and o.detail:
                tip = f"{words}\n{t('expedition_scene.sell_for', price=o.detail)}"
            key = (kind, k)
            if o.reason is not None:
                out.append(HitRegion(rect, ref(kind, k), legal=False, reason=o.reason, tooltip=o.reason, key=key))
            elif o.payload is not None:
                out.append(HitRegion(rect, o.payload, tooltip=tip, inspect=ref(kind, k), key=key))
            else:
                out.append(HitRegion(rect, ref(kind, k), tooltip=tip, key=key))
        for b, ch in self.buttons:
            if ch.reason is not None:
                out.append(HitRegion(b, ref("button", ch.label), legal=False, reason=ch.reason, key=("button", ch.label)))
            else:
                out.append(HitRegion(b, ch.payload, key=("button", ch.label)))
        return out

    def inspect(self, payload: Any) -> tuple[str, str] | None:
        """A market card, an item or a quest large."""
        if not isinstance(payload, Ref) or payload.kind not in ("market", "sell", "quest") or not payload.args:
            return None
        k = payload.args[0]
        if isinstance(k, int) and 0 <= k < len(self.spots):
            _rect, o, _kind = self.spots[k]
            if o.item is not None and not o.item.hidden:
                return o.item.name, item_words(o.item) + (f"\n{o.detail}" if o.detail else "")
            return o.words, o.detail
        return None
