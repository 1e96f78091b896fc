"""The advantages picker: at set-up each hero picks advantages on a clear screen of large cards (name,
a star, what it does) that covers the minions' column and the centre.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.skirmish.views import SkirmishView
from game.scenes.skirmish.panes.common import SkirmishPane
from game.ui import gfx
from game.ui.input import HitRegion


class AdvantagesPane(SkirmishPane):
    """The set-up advantage picks (shown only while an advantage is being picked)."""

    name = "advantages"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        c, m = self.geo.centre, self.geo.minions
        self.rect = pygame.Rect(c.x, c.y, m.right - c.x, c.h)

    def layout_boxes(self) -> tuple[pygame.Rect, pygame.Rect, int, pygame.Rect]:
        """The screen's title box, rule box, the rule's font size, and the area left for the picks."""
        area = self.rect
        title = pygame.Rect(area.x + 20, area.y + 12, area.w - 40, gfx.line_height(22, True))
        rule = t("skirmish_scene.adv_rule")
        size = 13
        while size > 9 and len(gfx.wrap(rule, size, area.w - 60)) > 2:
            size -= 1
        rh = gfx.text_size(rule, size, max_width=area.w - 60)[1]
        rule_box = pygame.Rect(area.x + 30, title.bottom + 4, area.w - 60, rh)
        picks = pygame.Rect(area.x + 10, rule_box.bottom + 12, area.w - 20, area.bottom - 10 - rule_box.bottom - 12)
        return title, rule_box, size, picks

    def pick_rects(self, legal: list[Action]) -> list[tuple[pygame.Rect, Action]]:
        """One card per advantage, four to a row."""
        picks = [a for a in legal if a.kind == "advantage"]
        area = self.layout_boxes()[3]
        cols = 4
        nrows = max(1, -(-len(picks) // cols))
        w = (area.w - (cols - 1) * 10) // cols
        h = min(200, (area.h - (nrows - 1) * 12) // nrows)
        return [(pygame.Rect(area.x + (i % cols) * (w + 10), area.y + (i // cols) * (h + 12), w, h), a)
                for i, a in enumerate(picks)]

    def regions(self, view: SkirmishView, legal: list[Action]) -> list[Any]:
        """One region per pick; its tooltip names it and says what it does."""
        return [HitRegion(rect, a, key=("adv", a.get("pick")),
                          tooltip=t(f"skirmish.advantage.{a.get('pick')}") + "\n"
                          + t(f"skirmish_scene.adv.{a.get('pick')}"))
                for rect, a in self.pick_rects(legal)]

    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        """The panel, who picks and how many are left, the rule, and the pick cards."""
        self.rec.begin()
        pal = gfx.palette()
        d = view.decision
        gfx.panel(surface, self.rect, pal.panel, radius=12)
        hid = d.who[0] if d and d.who else None
        who = view.name(hid, self.lang) if hid else "-"
        can_act = getattr(self.scene, "can_act", None)
        title = t("skirmish_scene.adv_title", who=who, n=view.picks_left(hid)) if can_act and can_act() else \
            t("skirmish_scene.adv_wait", who=who)
        title_box, rule_box, rule_size, _ = self.layout_boxes()
        self.line(surface, title, title_box, 22, pal.ink, "center", bold=True, minimum=12)
        self.put(surface, t("skirmish_scene.adv_rule"), rule_box.midtop, rule_size, pal.ink_soft, "midtop", rule_box,
                 max_width=rule_box.w)
        for rect, a in self.pick_rects(self.legal):
            self._pick(surface, rect, a.get("pick"), pal)

    def _pick(self, surface: pygame.Surface, rect: pygame.Rect, pick: str, pal: Any) -> None:
        gfx.panel(surface, rect, gfx.lerp_colour(pal.panel, pal.accent, 0.25), radius=10)
        inner = rect.inflate(-14, -12)
        name = t(f"skirmish.advantage.{pick}")
        if gfx.text_size(name, 16, True)[0] > inner.w:  # "Speed (+1 AP)": the figure on a line of its own
            name = name.replace(" (", "\n(", 1)
        size = 16
        while size > 10 and (len(gfx.wrap(name, size, inner.w, True)) > 2
                             or gfx.text_size(name, size, True, inner.w)[0] > inner.w):
            size -= 1
        nh = gfx.text_size(name, size, True, inner.w)[1]
        name_box = pygame.Rect(inner.x, inner.y, inner.w, nh)
        self.put(surface, name, name_box.midtop, size, pal.ink, "midtop", name_box, bold=True, max_width=inner.w)
        star_y = name_box.bottom + 18
        gfx.draw_symbol(surface, "star", (rect.centerx, star_y), 14, pal.accent, outline=pal.edge)
        desc = t(f"skirmish_scene.adv.{pick}")
        desc_box = pygame.Rect(inner.x, star_y + 20, inner.w, inner.bottom - star_y - 20)
        dsize = 12
        while dsize > 8 and gfx.text_size(desc, dsize, max_width=inner.w)[1] > desc_box.h:
            dsize -= 1
        self.put(surface, desc, desc_box.midtop, dsize, pal.ink_soft, "midtop", desc_box, max_width=inner.w)
