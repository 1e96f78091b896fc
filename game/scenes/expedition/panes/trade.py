"""The trade screen (step 4, hero to hero): both heroes' items side by side, the offer in the middle.

Building an offer, the player drags (or clicks) their own items into "You give" and the other hero's
into "You ask for"; each move toggles one slot with the rules' ``give``/``take`` actions. A message can
go with it: any message this hero knows, passed on truthfully, or a rumour from the level's list (the
other player's screen never says which). Then Send or Cancel. Answering, the other player sees the
offer and the message and accepts or refuses. The pane draws a ``TradeCard`` built from the typed view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.scenes.expedition.panes.common import ExpeditionPane, ref
from game.scenes.expedition.panes.heroes import draw_item, item_words
from game.scenes.expedition.panes.marks import Choice, ItemMark
from game.ui import gfx
from game.ui.drops import DropMatcher
from game.ui.input import HitRegion
from game.ui.payload import Ref

TILE = 40


@dataclass(frozen=True)
class TradeCard:
    """An offer being built (``reply`` False) or answered (True); ``me`` is the hero who makes it."""

    me: str
    other: str
    me_seat: int
    other_seat: int
    mine: tuple[ItemMark, ...]
    theirs: tuple[ItemMark, ...]
    give: frozenset[int] = frozenset()
    take: frozenset[int] = frozenset()
    #: (words, the ``tell`` Action or None when answering) of each message that may go with the offer
    infos: tuple[tuple[str, Any], ...] = ()
    told: int = -1                                     # index in ``infos`` of the message chosen
    message: str = ""                                  # the message received (answering)
    reply: bool = False
    toggles: dict[tuple[str, int], Action] = field(default_factory=dict, compare=False, hash=False)
    buttons: tuple[Choice, ...] = ()


def drop_matcher(legal: Any, pane: "TradePane") -> DropMatcher:
    """A drag of an item's toggle onto the box it goes to: mine into "give" (and back), theirs into "take"."""
    drops = DropMatcher(legal, reason=lambda payload, zone: t("expedition_scene.no_drop"))

    def goes(a: Action, z: Any) -> bool:
        if a.kind == "give":
            return z.args[0] == ("mine" if a.get("slot") in pane.card_give else "give")
        if a.kind == "take":
            return z.args[0] == ("theirs" if a.get("slot") in pane.card_take else "take")
        return False

    drops.rule(goes)
    return drops


class TradePane(ExpeditionPane):
    """The trade screen (see the module docstring)."""

    name = "trade"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.map.inflate(-40, -24))
        self.zones: dict[str, pygame.Rect] = {}
        self.tiles: list[tuple[pygame.Rect, str, ItemMark]] = []
        self.info_rows: list[tuple[pygame.Rect, int, Any]] = []
        self.buttons: list[tuple[pygame.Rect, Choice]] = []
        self.card_give: frozenset[int] = frozenset()
        self.card_take: frozenset[int] = frozenset()
        self.drops = drop_matcher(lambda: getattr(self.scene, "_legal_set", None) or set(self.legal), self)

    def draw(self, surface: pygame.Surface, card: TradeCard) -> None:
        """Columns of both heroes' items, the offer boxes, the messages, the buttons."""
        self.rec.begin()
        self.card_give, self.card_take = card.give, card.take
        pal = gfx.palette()
        r = self.rect
        gfx.panel(surface, r)
        title = t("expedition_scene.trade_reply" if card.reply else "expedition_scene.trade_title",
                  a=card.me, b=card.other)
        th = gfx.line_height(18, True) + 6
        self.line(surface, title, pygame.Rect(r.x + 16, r.y + 8, r.w - 32, th), 18, pal.ink, bold=True, minimum=10)
        top = r.y + 14 + th
        col_w = (r.w - 48) // 4
        lh = gfx.line_height(13, True) + 4
        box_h = 170
        self.zones = {"mine": pygame.Rect(r.x + 16, top + lh, col_w, box_h),
                      "give": pygame.Rect(r.x + 24 + col_w, top + lh, col_w, box_h),
                      "take": pygame.Rect(r.x + 32 + 2 * col_w, top + lh, col_w, box_h),
                      "theirs": pygame.Rect(r.x + 40 + 3 * col_w, top + lh, col_w, box_h)}
        heads = {"mine": t("expedition_scene.items_of", name=card.me),
                 "give": t("expedition_scene.they_give", name=card.me) if card.reply else t("expedition_scene.you_give"),
                 "take": t("expedition_scene.they_ask", name=card.me) if card.reply else t("expedition_scene.you_ask"),
                 "theirs": t("expedition_scene.items_of", name=card.other)}
        self.tiles = []
        for key, box in self.zones.items():
            self.line(surface, heads[key], pygame.Rect(box.x, top, box.w, lh), 13, pal.ink, "center", bold=True,
                      minimum=8)
            inner = key in ("give", "take")
            gfx.rounded_rect(surface, box, pal.felt if inner else pal.panel_dark, 8)
            gfx.rounded_rect(surface, box, pal.accent if inner else pal.edge, 8, 2)
        placed = {"mine": [i for i in card.mine if i.slot not in card.give],
                  "give": [i for i in card.mine if i.slot in card.give],
                  "take": [i for i in card.theirs if i.slot in card.take],
                  "theirs": [i for i in card.theirs if i.slot not in card.take]}
        for key, items in placed.items():
            box = self.zones[key]
            named = len(items) * (TILE + 4) + 8 <= box.h  # few items: one a row, named; many: a grid of icons
            per = 1 if named else max(1, (box.w - 8) // (TILE + 4))
            ink = pal.ink_light if key in ("give", "take") else pal.ink
            for k, item in enumerate(items):
                tile = pygame.Rect(box.x + 6 + (k % per) * (TILE + 4), box.y + 6 + (k // per) * (TILE + 4), TILE,
                                   TILE)
                if tile.bottom > box.bottom:
                    break
                draw_item(surface, item, tile, lit=key in ("give", "take"))
                if named:
                    self.line(surface, item.name, pygame.Rect(tile.right + 6, tile.y, box.right - tile.right - 12,
                                                              TILE), 12, ink, minimum=8)
                side = "give" if key in ("mine", "give") else "take"
                self.tiles.append((tile, side, item))
        y = top + lh + box_h + 10
        self.info_rows = []
        if card.infos or card.message:
            self.line(surface, t("expedition_scene.message_head"), pygame.Rect(r.x + 16, y, r.w - 32, lh), 13,
                      pal.ink, bold=True, minimum=8)
            y += lh
        if card.reply:
            text = card.message or t("expedition_scene.no_message")
            box = pygame.Rect(r.x + 16, y, r.w - 32, 3 * gfx.line_height(13) + 6)
            self.block(surface, text, box, 13, 9, pal.ink_soft)
            y = box.bottom + 6
        else:
            lh12 = gfx.line_height(12)
            for i, (words, action) in enumerate(card.infos):
                text = ("» " if i == card.told else "") + words  # a long message wraps (up to 3 lines), never cut
                lines = max(1, min(3, len(gfx.wrap(text, 12, r.w - 42))))
                row = pygame.Rect(r.x + 16, y, r.w - 32, lines * lh12 + 6)
                if row.bottom > r.bottom - 52:
                    break
                if i == card.told:
                    gfx.rounded_rect(surface, row, pal.accent, 5)
                self.block(surface, text, row.inflate(-10, -6), 12, 8, pal.ink)
                self.info_rows.append((row, i, action))
                y += row.h + 2
        self.buttons = []
        bh = max(30, gfx.line_height(14, True) + 10)
        bw = min(220, (r.w - 48) // max(1, len(card.buttons)))
        for k, ch in enumerate(card.buttons):
            b = pygame.Rect(r.right - 16 - (len(card.buttons) - k) * (bw + 8) + 8, r.bottom - bh - 12, bw, bh)
            gfx.rounded_rect(surface, b, pal.accent if ch.primary else pal.felt, 8)
            gfx.rounded_rect(surface, b, pal.edge, 8, 2)
            self.line(surface, ch.label, b.inflate(-12, -4), 14, pal.ink if ch.primary else pal.ink_light, "center",
                      bold=True, minimum=8)
            self.buttons.append((b, ch))

    def regions(self, card: TradeCard, legal: list[Action]) -> list[HitRegion]:
        """The screen (a floor under everything), item tiles (drag or click to toggle), boxes, messages, buttons."""
        out = [HitRegion(pygame.Rect(self.rect), None, highlight=False, key=("trade",))]
        for key, box in self.zones.items():
            zone = ref("zone", key)
            out.append(HitRegion(box, zone, drop_target=True, accepts=self.drops.accepts(zone), highlight=False,
                                 key=("zone", key)))
        for tile, side, item in self.tiles:
            act = card.toggles.get((side, item.slot))
            if act is not None and not card.reply:
                out.append(HitRegion(tile, (act,), tooltip=item_words(item), draggable=True,
                                     inspect=ref("titem", side, item.slot), key=("tile", side, item.slot)))
            else:
                out.append(HitRegion(tile, ref("titem", side, item.slot), tooltip=item_words(item),
                                     key=("tile", side, item.slot)))
        for row, i, action in self.info_rows:
            if action is not None:
                out.append(HitRegion(row, action, key=("info", i)))
        for b, ch in self.buttons:
            out.append(HitRegion(b, ch.payload, key=("button", ch.label)))
        return out

    def match_drop(self, payload: Any, zone: Any) -> Action | None:
        """The toggle a drag onto a box plays (None: refused)."""
        return self.drops.match(payload, zone)

    def inspect(self, payload: Any) -> tuple[str, str] | None:
        """An item of either hero large."""
        if isinstance(payload, Ref) and payload.kind == "titem":
            for tile, side, item in self.tiles:
                if side == payload.args[0] and item.slot == payload.args[1]:
                    return item.name, item_words(item)
        return None
