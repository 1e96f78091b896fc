"""The hero sheets: a tab per hero, and the chosen hero's health, gold, exploration stats (with what
their items add), inventory (an icon per item, its words on hover, large on right-click), the messages
this seat has heard and the quests held.

Only what the seat in front may know is on a sheet: another hero's messages are never in the view, so
their sheet shows how many they hold, not what they say.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.scenes.expedition.panes.common import ART, ExpeditionPane, item_path, ref, svg
from game.scenes.expedition.panes.marks import ItemMark, Sheet
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion
from game.ui.payload import Ref

STATS = ("resistance", "agility", "vision")


def item_words(item: ItemMark) -> str:
    """An item in words: name, deck, bonus, price."""
    deck = t("expedition_scene.rare") if item.rare else t("expedition_scene.normal")
    parts = [item.name, deck]
    if item.bonus:
        parts.append(item.bonus)
    if item.price:
        parts.append(t("expedition_scene.price", n=item.price))
    return " · ".join(parts)


def draw_item(surface: pygame.Surface, item: ItemMark, rect: pygame.Rect, lit: bool = False) -> None:
    """An item's icon on a card-coloured tile (gold edge for a rare one; a back when face down)."""
    pal = gfx.palette()
    gfx.rounded_rect(surface, rect, pal.panel_dark if item.hidden else (240, 232, 210), 5)
    gfx.rounded_rect(surface, rect, pal.accent if item.rare or lit else pal.edge, 5, 2)
    if item.hidden:  # a card back: the expedition's compass on the dark side
        k = max(8, rect.w * 3 // 5)
        surface.blit(svg(f"{ART}/compass.svg", (k, k)), (rect.centerx - k // 2, rect.centery - k // 2))
        return
    k = rect.w - 8
    surface.blit(svg(item_path(item.sprite, item.stat, item.id, item.gear), (k, k)), (rect.x + 4, rect.y + 4))


class HeroesPane(ExpeditionPane):
    """The hero sheets (see the module docstring)."""

    name = "heroes"
    ICON = 34

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.heroes)
        self.tabs: list[tuple[pygame.Rect, int]] = []
        self.items: list[tuple[pygame.Rect, ItemMark]] = []
        self.notes = pygame.Rect(0, 0, 0, 0)
        self.shown: Sheet | None = None

    def chosen(self, sheets: tuple[Sheet, ...]) -> Sheet | None:
        """The sheet shown: the host's choice, else the seat in front's hero, else the active one."""
        want = getattr(self.scene, "sheet_seat", None)
        for cond in (lambda s: s.seat == want, lambda s: s.mine, lambda s: s.active):
            found = next((s for s in sheets if cond(s)), None)
            if found is not None:
                return found
        return sheets[0] if sheets else None

    def draw(self, surface: pygame.Surface, sheets: tuple[Sheet, ...]) -> None:
        """Tabs, then the chosen hero's sheet."""
        self.rec.begin()
        pal = gfx.palette()
        gfx.panel(surface, self.rect)
        r = self.rect
        self.tabs = []
        n = max(1, len(sheets))
        tw = (r.w - 12) // n
        sheet = self.chosen(sheets)
        self.shown = sheet
        th = max(26, gfx.line_height(12, True) + 8)
        widths = self.tab_widths(sheets, sheet, r.w - 12, tw)
        x = r.x + 6
        for s, w in zip(sheets, widths):
            tab = pygame.Rect(x, r.y + 6, w - 4, th)
            x += w
            on = sheet is not None and s.seat == sheet.seat
            gfx.rounded_rect(surface, tab, pal.accent if on else pal.panel_dark, 6)
            gfx.draw_seat_badge(surface, s.seat, (tab.x + 12, tab.centery), 8)
            box = pygame.Rect(tab.x + 24, tab.y, tab.w - 28, tab.h)
            if on or uitext.width_of(s.name, 8, True) <= box.w:  # a narrow tab keeps its badge, its name on hover
                self.line(surface, s.name, box, 12, pal.ink if on else pal.ink_light, bold=True, minimum=8)
            self.tabs.append((tab, s.seat))
        if sheet is None:
            return
        y = r.y + 10 + th
        lh = max(20, gfx.line_height(13, True) + 4)
        half = (r.w - 20) // 2
        surface.blit(svg("ui/heart.svg", (18, 18)), (r.x + 10, y + (lh - 18) // 2))
        self.line(surface, f"{sheet.health}/{sheet.max_health}", pygame.Rect(r.x + 32, y, half - 26, lh), 14,
                  pal.bad if sheet.health <= 1 else pal.ink, bold=True, minimum=9)
        surface.blit(svg("ui/coin.svg", (18, 18)), (r.x + 10 + half, y + (lh - 18) // 2))
        self.line(surface, str(sheet.gold), pygame.Rect(r.x + 32 + half, y, half - 26, lh), 14, pal.ink, bold=True,
                  minimum=9)
        y += lh + 2
        sw = (r.w - 20) // 3
        sh = max(34, gfx.line_height(11) + gfx.line_height(14, True) + 4)
        for i, (stat, value, bonus) in enumerate(sheet.stats):
            box = pygame.Rect(r.x + 10 + i * sw, y, sw - 4, sh)
            gfx.rounded_rect(surface, box, pal.panel_dark, 6)
            top = pygame.Rect(box.x + 3, box.y + 1, box.w - 6, gfx.line_height(11) + 1)
            self.line(surface, t(f"expedition_scene.stat.{stat}"), top, 11, pal.ink_light, "center", minimum=7)
            low = pygame.Rect(box.x + 3, top.bottom, box.w - 6, box.bottom - top.bottom - 1)
            self.line(surface, f"{value}" + (f" (+{bonus})" if bonus > 0 else ""), low, 14, pal.ink_light, "center",
                      bold=True, minimum=8)
        y += sh + 6
        self.items = []
        notes_h = max(20, gfx.line_height(12) + 4)
        room = r.bottom - 8 - notes_h - y
        icon = self.ICON
        while icon > 18:  # smaller icons rather than items left out
            per = max(1, (r.w - 16) // (icon + 4))
            if -(-len(sheet.items) // per) * (icon + 4) <= room:
                break
            icon -= 2
        per = max(1, (r.w - 16) // (icon + 4))
        if not sheet.items:
            self.line(surface, t("expedition_scene.no_items"), pygame.Rect(r.x + 10, y, r.w - 20, self.ICON), 12,
                      pal.ink_soft, minimum=8)
        for k, item in enumerate(sheet.items):
            box = pygame.Rect(r.x + 8 + (k % per) * (icon + 4), y + (k // per) * (icon + 4), icon, icon)
            if box.bottom > r.bottom - 6 - notes_h:
                break
            draw_item(surface, item, box)
            self.items.append((box, item))
        self.notes = pygame.Rect(r.x + 10, r.bottom - 6 - notes_h, r.w - 20, notes_h)
        words = t("expedition_scene.notes", m=len(sheet.known), q=len(sheet.quests), d=sheet.done)
        self.line(surface, words, self.notes, 12, pal.ink_soft, minimum=8)

    @staticmethod
    def tab_widths(sheets: tuple[Sheet, ...], chosen: Sheet | None, total: int, even: int) -> list[int]:
        """Each tab's width: even shares when every name fits; else the chosen hero's tab as wide as its name
        (issue 15: four tabs at huge text read "B…") and the others share the rest, at least a badge wide."""
        want = [uitext.width_of(s.name, 12, True) + 36 for s in sheets]
        if all(w <= even for w in want) or chosen is None or len(sheets) < 2:
            return [even] * len(sheets)
        i = next((k for k, s in enumerate(sheets) if s.seat == chosen.seat), 0)
        least = 34
        mine = max(even, min(want[i], total - least * (len(sheets) - 1)))
        rest = (total - mine) // (len(sheets) - 1)
        return [mine if k == i else rest for k in range(len(sheets))]

    def regions(self, sheets: tuple[Sheet, ...], legal: list[Any]) -> list[HitRegion]:
        """Tabs (choose a sheet; each names its hero on hover), items (words; right-click large), the notes."""
        names = {s.seat: s.name for s in sheets}
        out = [HitRegion(rect, ref("tab", seat), tooltip=names.get(seat), key=("tab", seat))
               for rect, seat in self.tabs]
        for rect, item in self.items:
            out.append(HitRegion(rect, ref("item", self.shown.seat if self.shown else -1, item.slot),
                                 tooltip=item_words(item), key=("item", item.slot)))
        if self.shown is not None:
            out.append(HitRegion(self.notes, ref("notes", self.shown.seat), tooltip=t("expedition_scene.notes_tip"),
                                 key=("notes",)))
        return out

    def inspect(self, payload: Any) -> tuple[str, str] | None:
        """An item's words, or the messages and quests of the sheet shown."""
        s = self.shown
        if s is None or not isinstance(payload, Ref):
            return None
        if payload.kind == "item":
            item = next((i for i in s.items if i.slot == payload.args[1]), None)
            return None if item is None else (item.name, item_words(item))
        if payload.kind == "notes":
            lines = [t("expedition_scene.messages_heard")] + [f"• {m}" for m in s.known]
            if not s.known:
                lines.append(t("expedition_scene.none"))
            lines += ["", t("expedition_scene.quests_held")] + [f"• {q}" for q in s.quests]
            if not s.quests:
                lines.append(t("expedition_scene.none"))
            return s.name, "\n".join(lines)
        return None
