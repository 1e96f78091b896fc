"""The goal strip over the map: what the level asks (always in sight), cooperative or competitive, the
round out of the limit, and the event cards in play (each a chip whose tooltip says what it changes).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.scenes.expedition.panes.common import ART, ExpeditionPane, ref, svg
from game.scenes.expedition.panes.marks import GoalLine
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion


#: the smallest size the goal's words are drawn at before an event card gives up its room
GOAL_MIN = 11


class GoalPane(ExpeditionPane):
    """The goal strip (see the module docstring)."""

    name = "goal"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.goal)
        self.chips: list[tuple[pygame.Rect, str, str]] = []
        self.more: tuple[pygame.Rect, str, str] | None = None  # the "+n" chip of cards without room, its tooltip

    def layout_parts(self, goal: GoalLine) -> tuple[pygame.Rect, pygame.Rect, list[tuple[pygame.Rect, str, str]]]:
        """The goal's box, the round box and the card chips between them.

        The goal keeps the room its words need at their smallest readable size; cards that do not fit beside
        it (huge text, long names) are gathered in one "+n" chip whose tooltip names them (``self.more``)."""
        r = self.rect
        right_words = self.round_words(goal)
        rw = min(300, uitext.width_of(right_words, 13, True) + 16) if r.w >= 500 else 0  # narrow: the goal only
        round_box = pygame.Rect(r.right - rw - 6, r.y + 3, rw, r.h - 6)
        left = r.x + self.flag_size() + 10
        limit = left + min(uitext.width_of(goal.text, GOAL_MIN, True) + 12, r.w // 2)  # the goal's own room
        chips: list[tuple[pygame.Rect, str, str]] = []
        cards = list(reversed(goal.cards)) if r.w >= 500 else []  # beside a battle: the goal alone
        more_w = uitext.width_of(f"+{len(cards)}", 11, True) + 18
        x = round_box.x - 6
        for k, (name, what) in enumerate(cards):
            w = min(260, uitext.width_of(name, 11, True) + 18)  # a long name (es, huge) whole where there is room
            if x - w - 4 - (more_w + 4 if k < len(cards) - 1 else 0) < limit:
                break
            x -= w + 4
            chips.append((pygame.Rect(x, r.y + 5, w, r.h - 10), name, what))
        hidden = cards[len(chips):]
        self.more = None
        if hidden and x - more_w - 4 >= limit:
            x -= more_w + 4
            self.more = (pygame.Rect(x, r.y + 5, more_w, r.h - 10), f"+{len(hidden)}",
                         "\n".join(f"{name}: {what}" for name, what in reversed(hidden)))
        goal_box = pygame.Rect(left, r.y + 2, x - left - (8 if round_box.w else 0), r.h - 4)
        return goal_box, round_box, chips

    def flag_size(self) -> int:
        """The flag's side: the strip's height, at most 24 px (a two-line strip keeps a small flag)."""
        return min(self.rect.h - 6, 24)

    def round_words(self, goal: GoalLine) -> str:
        """Round n of m, and the mode."""
        return f"{t('expedition_scene.round_of', n=goal.round, m=goal.rounds)} · {goal.mode}"

    def draw(self, surface: pygame.Surface, goal: GoalLine) -> None:
        """The strip: flag, goal words, event chips, round and mode."""
        self.rec.begin()
        pal = gfx.palette()
        gfx.rounded_rect(surface, self.rect, pal.panel, 8)
        gfx.rounded_rect(surface, self.rect, pal.edge, 8, 2)
        k = self.flag_size()
        surface.blit(svg(f"{ART}/goal.svg", (k, k)), (self.rect.x + 6, self.rect.centery - k // 2))
        goal_box, round_box, self.chips = self.layout_parts(goal)
        one = uitext.fit_line(goal.text, goal_box.w, 15, 9, bold=True, height=goal_box.h)
        if one.cut and goal_box.h >= 2 * gfx.line_height(9, True):  # the narrow strip beside a battle: two lines
            self.block(surface, goal.text, goal_box, 14, 9, pal.ink, bold=True)
        else:
            self.line(surface, goal.text, goal_box, 15, pal.ink, bold=True, minimum=9)
        for rect, name, _what in self.chips + ([self.more] if self.more is not None else []):
            gfx.rounded_rect(surface, rect, pal.panel_dark, 6)
            self.line(surface, name, rect.inflate(-10, -2), 11, pal.ink_light, "center", bold=True, minimum=8)
        if round_box.w:
            self.line(surface, self.round_words(goal), round_box, 13, pal.ink_soft, "midright", bold=True, minimum=9)

    def regions(self, goal: GoalLine, legal: list[Any]) -> list[HitRegion]:
        """The goal's full words, and each event card's, as tooltips."""
        out = [HitRegion(pygame.Rect(self.rect), ref("goal"), tooltip=goal.text, highlight=False, key=("goal",))]
        for rect, name, what in self.chips:
            out.append(HitRegion(rect, ref("card", name), tooltip=f"{name}: {what}", key=("card", name)))
        if self.more is not None:
            rect, label, what = self.more
            out.append(HitRegion(rect, ref("card", label), tooltip=what, key=("card", "+more")))
        return out
