"""The detail card and the ground: the centre's lower panels.

The detail card shows the focused combatant large (portrait, stats, HP, every body part with its state
or what it holds, the pack); the ground strip lists the items lying on the floor, which are drag sources
for a pick-up and a drop zone for a drop.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import localize, t
from game.rulesets.skirmish.views import SkirmishView
from game.scenes.skirmish.panes.arena import drop_matcher
from game.scenes.skirmish.panes.common import EQUIP_KINDS, STATS, SkirmishPane, Zone, figure, part_state
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion


class DetailPane(SkirmishPane):
    """The focused combatant's card, under the menu and the chain (``scene.focus`` names it)."""

    name = "detail"

    def __init__(self, scene: Any, menu: Any, chain: Any) -> None:
        super().__init__(scene)
        self.menu, self.chain = menu, chain

    def box(self, view: SkirmishView) -> pygame.Rect:
        """Between the menu (or the chain) and the ground."""
        centre, ground = self.geo.centre, self.geo.ground
        chain_r = self.chain.box(view)
        top = (chain_r.bottom if chain_r is not None and view.chain else self.menu.bottom(view)) + 6
        return pygame.Rect(centre.x, top, centre.w, ground.y - 6 - top)

    @staticmethod
    def least_h() -> int:
        """The least height the card is drawn at: its name, stats and HP lines and the pack (below it the lines
        would lie on one another; the parts take the rows left, if any)."""
        return 6 + gfx.line_height(15, True) + gfx.line_height(11) + gfx.line_height(12) + gfx.line_height(10) + 12

    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        """Portrait, name, stats, HP and readiness, the parts in one or two columns, the pack."""
        self.rec.begin()
        pal = gfx.palette()
        c = view.get(getattr(self.scene, "focus", None) or "")
        rect = self.box(view)
        if c is None or rect.h < self.least_h():  # a long menu or chain above took its room: it gives way whole
            return
        gfx.panel(surface, rect, pal.panel, radius=10)
        s = min(72, rect.h - 30)
        surface.blit(gfx.load_svg(figure(self.scene, c), (s, s)), (rect.x + 8, rect.y + 8))
        x0 = rect.x + s + 18
        tw = rect.right - x0 - 10
        y = rect.y + 6
        lh = gfx.line_height(15, True)
        self.line(surface, localize(c.name, self.lang), pygame.Rect(x0, y, tw, lh), 15, pal.ink, bold=True,
                  minimum=11)
        y += lh
        ap = t("skirmish.stat_short.ap")  # "PA" in Italian
        line = f"{ap} {c.stat('ap')} · " + t("skirmish_scene.stats_line", **{k: c.stat(k) for k in STATS})
        lh = gfx.line_height(11)
        self.line(surface, line, pygame.Rect(x0, y, tw, lh), 11, pal.ink_soft, minimum=8)
        y += lh
        line2 = (f"{t('skirmish_scene.hp', left=max(0, c.hp - c.damage), hp=c.hp)} · "
                 f"{t('skirmish_scene.ready', n=c.ready)} · {t('skirmish_scene.wait', n=c.wait)}")
        lh = gfx.line_height(12)
        self.line(surface, line2, pygame.Rect(x0, y, tw, lh), 12, pal.ink, minimum=9)
        y = max(y + 4, rect.y + 8 + s + 4)  # the parts use the whole width, under the portrait
        self._parts(surface, view, c, rect, y)

    def _parts(self, surface: pygame.Surface, view: SkirmishView, c: Any, rect: pygame.Rect, y: int) -> None:
        pal = gfx.palette()
        lang = self.lang
        x0 = rect.x + 10
        parts = c.parts
        pk = f"{t('skirmish_scene.pack')}: " + ", ".join(view.item_name(i, lang) for i in c.pack) if c.pack else ""
        bottom = rect.bottom - 6 - (gfx.line_height(10) if pk else 0)
        active, disabled = t("skirmish_scene.active"), t("skirmish_scene.disabled")
        texts = []
        for p in parts:
            text = view.part_name(c.id, p.id, lang)
            if p.holds is not None:
                text += f": {view.item_name(p.holds, lang)}"
            elif p.limb:
                text += f": {part_state(p)}"
            texts.append(text)
        size, rows, widths = _columns(texts, rect.right - 8 - x0, bottom - y)
        shown = list(range(len(parts)))
        if len(parts) > 2 * rows:  # no room for every part (a long menu above at huge text): the parts holding
            # something or with a limb's state first, in body order, and a last line saying how many are left
            notable = [i for i, p in enumerate(parts) if p.holds is not None or p.limb]
            shown = sorted((notable + [i for i in shown if i not in notable])[:max(0, 2 * rows - 1)])
            more = t("skirmish_scene.more_parts", n=len(parts) - len(shown))
            size, rows, widths = _columns([texts[i] for i in shown] + [more], rect.right - 8 - x0, bottom - y)
        lh = gfx.line_height(size)
        for k, i in enumerate(shown + ([-1] if len(shown) < len(parts) else []) if y + lh <= bottom else ()):
            col, row = divmod(k, rows)  # no row of parts over the pack's line
            if col > 1:
                break
            px = x0 + sum(widths[:col])
            py = y + row * lh
            if i < 0:
                self.line(surface, more, pygame.Rect(px + 10, py, widths[col] - 14, lh), size, pal.ink_soft)
                break
            p = parts[i]
            state = part_state(p)
            colour = pal.ink
            if p.limb:
                colour = pal.good if state == active else (pal.bad if state == disabled else (170, 110, 20))
            pygame.draw.circle(surface, colour, (px + 4, py + lh // 2), 3)
            self.line(surface, texts[i], pygame.Rect(px + 10, py, widths[col] - 14, lh), size, pal.ink)
        if pk:
            lh = gfx.line_height(10)
            self.line(surface, pk, pygame.Rect(rect.x + 10, rect.bottom - 4 - lh, rect.w - 20, lh), 10, pal.ink_soft,
                      minimum=8)


def _columns(texts: list[str], total: int, height: int) -> tuple[int, int, list[int]]:
    """The parts list's font size, rows per column and column widths: one or two columns, the font as large as
    lets every line fit whole; two columns split the width by their longest lines ("mano destra: Spada l…" at
    huge text in two equal halves). Where nothing fits whole: the largest size that fits the rows, equal
    halves, lines cut with "…"."""
    fallback: tuple[int, int, list[int]] | None = None
    lowest = min(8, uitext.readable_min(8))  # at larger text a crowded list may go down to 8 screen px
    for size in range(11, lowest - 1, -1):
        rows = max(1, height // gfx.line_height(size))
        if len(texts) > 2 * rows and size > lowest:
            continue
        if fallback is None:
            fallback = (size, rows, [total] if len(texts) <= rows else [total // 2, total - total // 2])
        w = [gfx.text_size(x, size)[0] + 16 for x in texts]
        if len(texts) <= rows:
            if max(w, default=0) <= total:
                return size, rows, [total]
            continue
        w1, w2 = max(w[:rows]), max(w[rows:2 * rows])
        if w1 + w2 <= total:
            return size, rows, [w1 + (total - w1 - w2) // 2, total - w1 - (total - w1 - w2) // 2]
    return fallback or (lowest, max(1, height // gfx.line_height(lowest)), [total // 2, total - total // 2])


class GroundPane(SkirmishPane):
    """Items on the ground: drag sources for a pick-up, and the drop zone of a drop."""

    name = "ground"

    def __init__(self, scene: Any, arena: Any) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.ground)
        self.arena = arena
        self.item_rects: dict[str, pygame.Rect] = {}
        self.drops = drop_matcher(lambda: getattr(self.scene, "_legal_set", None) or set(self.legal))

    def arrange(self, view: SkirmishView) -> None:
        """One chip per item, left to right after the label."""
        self.item_rects = {}
        if self.arena.picking(view):
            return
        gx = self.rect.x + 10 + self.label_w() + 8
        room = self.rect.right - 4 - gx
        n = max(1, len(view.ground))
        # each chip as wide as its name (issue 15: "Hachuela oxi…" in 96 px chips at huge text); when they do
        # not all fit, the short ones keep their width and the long ones share the rest
        wants = [gfx.text_size(view.item_name(i, self.lang), 11)[0] + 14 for i in view.ground]
        share = (room - 4 * (n - 1)) / n
        short = [w for w in wants if w <= share]
        if sum(wants) + 4 * (n - 1) > room and len(short) < n:
            share = (room - 4 * (n - 1) - sum(short)) / (n - len(short))
        for iid, want in zip(view.ground, wants):
            gw = max(24, round(min(want, share)))
            self.item_rects[iid] = pygame.Rect(gx, self.rect.y + 5, gw, 24)
            gx += gw + 4

    def label_w(self) -> int:
        """Width of the strip's label ("Ground") at its size, at most 110 px."""
        return min(110, gfx.text_size(t("skirmish_scene.ground"), 13, True)[0])

    def regions(self, view: SkirmishView, legal: list[Action]) -> list[Any]:
        """The items (drag sources or information) and, when a drop is legal, the ground as a drop zone."""
        self.arrange(view)
        equip = [a for a in legal if a.kind in EQUIP_KINDS]
        out = [self.arena.item_region(view, rect, iid, equip, ("ground", iid)) for iid, rect in self.item_rects.items()]
        if any(a.kind == "drop" for a in equip):
            out.append(HitRegion(self.rect, Zone("ground"), drop_target=True, key=("zone_ground",),
                                 accepts=self.drops.accepts(Zone("ground")), tooltip=t("skirmish_scene.drop_ground"),
                                 highlight=False))
        return out

    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        """The strip, its label, and the items (or "nothing")."""
        self.rec.begin()
        # the chips of the view drawn, never of an earlier one: an expedition's next battle drew the last
        # battle's items by their ids ("hero0.dagger", issue 15)
        self.arrange(view)
        pal = gfx.palette()
        r = self.rect
        gfx.rounded_rect(surface, r, gfx.with_alpha(pal.table_dark, 200), 8)
        lw = self.label_w()
        self.line(surface, t("skirmish_scene.ground"), pygame.Rect(r.x + 10, r.y + 2, lw, r.h - 4), 13,
                  pal.ink_light, bold=True, minimum=9)
        if not self.item_rects:
            self.line(surface, t("skirmish_scene.ground_empty"),
                      pygame.Rect(r.x + 18 + lw, r.y + 2, r.w - 28 - lw, r.h - 4), 12, pal.ink_light, minimum=9)
        for iid, ir in self.item_rects.items():
            gfx.rounded_rect(surface, ir, pal.panel_dark, 6)
            self.line(surface, view.item_name(iid, self.lang), ir.inflate(-8, -2), 11, pal.ink, "center", minimum=9)
