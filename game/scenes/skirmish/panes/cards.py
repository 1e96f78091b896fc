"""Drawing one body card of the arena: portrait, number and name, AP level, HP bar, ready/wait badges,
the stats line, and the row of part chips (limbs coloured by state, a mark on parts that hold an item)
with the pack beside it.

Why apart from ``arena.py``: the arena pane decides where cards and chips go and what they answer to;
this mixin only paints them from the combatant records of a ``SkirmishView``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import localize, t
from game.rulesets.skirmish.views import CombatantRecord, SkirmishView
from game.scenes.skirmish.panes.common import STATS, abbr, figure, line_size
from game.ui import gfx
from game.ui import text as uitext


class CardPainter:
    """Paints body cards and their chips (mixed into ``ArenaPane``, which owns the rects)."""

    rects: dict[str, pygame.Rect]
    chip_rects: dict[tuple[str, str], pygame.Rect]
    pack_rects: dict[tuple[str, str], pygame.Rect]
    pack_zone: dict[str, pygame.Rect]
    lang: str
    line: Any

    @staticmethod
    def chip_top(rect: pygame.Rect) -> int:
        """The y of a body card's row of part chips."""
        return rect.bottom - (18 if rect.h < 80 else 20) - 4

    @staticmethod
    def sprite_size(rect: pygame.Rect) -> int:
        """The portrait's size on a card of this height."""
        return max(32, min(rect.h - 10, 84))

    def name_cut(self, c: CombatantRecord, rect: pygame.Rect) -> bool:
        """True when ``c``'s name does not fit one line of its card's header at a readable size (it then wraps
        onto a second line where the card has the room, ``_name``)."""
        x0 = rect.x + self.sprite_size(rect) + 12
        head = pygame.Rect(x0, rect.y, rect.right - 8 - x0, max(20, min(26, gfx.line_height(12, True))))
        right = "" if not c.active else t("skirmish_scene.ap_level", n=c.ap_level)
        rw = gfx.text_size(right, line_size(right, head, 13, 5, True), True)[0]
        return uitext.fit_line(localize(c.name, self.lang), head.right - rw - 6 - x0 - 28, 15, 11, bold=True,
                               height=head.h).cut

    def draw_card(self, surface: pygame.Surface, view: SkirmishView, c: CombatantRecord, rect: pygame.Rect,
                  ring: Any) -> None:
        """One body card (``ring``: the highlight colour, or None)."""
        pal = gfx.palette()
        active = c.active
        gfx.panel(surface, rect, pal.panel if active else pal.panel_dark, radius=8)
        if ring is not None:
            gfx.highlight(surface, rect, ring, 3, glow=True)
        s = self.sprite_size(rect)
        pic = gfx.load_svg(figure(getattr(self, "scene", None), c), (s, s))
        if not active:
            pic = pic.copy()
            pic.set_alpha(90)
        img = pic if c.hero else pygame.transform.flip(pic, True, False)
        surface.blit(img, (rect.x + 6, rect.y + (rect.h - s) // 2))
        x0 = rect.x + s + 12
        tw = rect.right - 8 - x0
        compact = rect.h < 80
        head = pygame.Rect(x0, rect.y + (1 if compact else 3), tw,
                           19 if compact else max(20, min(26, gfx.line_height(12, True))))
        gfx.draw_seat_badge(surface, c.seat, (x0 + 6, head.centery), 6)
        self.line(surface, str(c.number), pygame.Rect(x0 + 13, head.y, 14, head.h), 11, pal.ink, bold=True,
                  minimum=8)
        right = "" if not active else t("skirmish_scene.ap_level", n=c.ap_level)
        rsize = line_size(right, head, 13, 5, True)
        rw = gfx.text_size(right, rsize, True)[0]
        if right:
            self.line(surface, right, pygame.Rect(head.right - rw, head.y, rw, head.h), rsize, pal.ink,
                      "midright", bold=True)
        head = self._name(surface, c, rect, head, pygame.Rect(x0 + 28, head.y, head.right - rw - 6 - x0 - 28,
                                                               head.h), compact)
        self._card_body(surface, c, rect, head, x0, tw, compact)
        self.draw_chips(surface, view, c)

    def _name(self, surface: pygame.Surface, c: CombatantRecord, rect: pygame.Rect, head: pygame.Rect,
              box: pygame.Rect, compact: bool) -> pygame.Rect:
        """The combatant's name in the header: one line when it fits at a readable size, else on two lines
        (broken between words) when the card has a spare line under its rows; cut with "…" only when there is
        no room to wrap. Returns the header, taller by the second line when there is one."""
        pal = gfx.palette()
        name = localize(c.name, self.lang)
        one = uitext.fit_line(name, box.w, 15, 11, bold=True, height=box.h)
        words = name.split()
        if one.cut and not compact and len(words) > 1:
            row2 = max(18, min(22, gfx.line_height(11)))
            need = row2 + (18 if rect.h >= 96 else 0) + (17 if c.ready or c.wait else 0) + 4
            spare = self.chip_top(rect) - (head.bottom + need)
            for size in range(15, 10, -1):
                lh = gfx.line_height(size, True)
                extra = max(0, 2 * lh - box.h)
                if extra > spare:
                    continue
                # the second line runs under the AP level too (it only shares the first): "Gnarl attacca…" beside
                # "PA 3" at huge text, while the same name wrapped on a card without one
                wide = max(box.w, head.right - box.x)
                splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
                fits = [p for p in splits if uitext.width_of(p[0], size, True) <= box.w
                        and uitext.width_of(p[1], size, True) <= wide]
                if not fits:
                    continue
                a, b = min(fits, key=lambda p: max(uitext.width_of(x, size, True) for x in p))
                self.line(surface, a, pygame.Rect(box.x, box.y, box.w, lh), size, pal.ink, bold=True)
                self.line(surface, b, pygame.Rect(box.x, box.y + lh, wide, lh), size, pal.ink, bold=True)
                return pygame.Rect(head.x, head.y, head.w, max(head.h, 2 * lh))
        # no room for a second line (a crowded fight's compact card): smaller, down to 9 screen px, before a "…"
        self.line(surface, name, box, 15, pal.ink, bold=True, minimum=min(11, uitext.readable_min(9)))
        return head

    def _card_body(self, surface: pygame.Surface, c: CombatantRecord, rect: pygame.Rect, head: pygame.Rect,
                   x0: int, tw: int, compact: bool) -> None:
        """HP bar and figure, the badges, the stats line."""
        pal = gfx.palette()
        hp, dmg, active = c.hp, c.damage, c.active
        row2 = pygame.Rect(x0, head.bottom, tw, (self.chip_top(rect) - head.bottom - 1) if compact else
                           max(18, min(22, gfx.line_height(11))))
        badges = []
        if c.ready:
            badges.append((t("skirmish_scene.ready", n=c.ready), pal.good))
        if c.wait:
            badges.append((t("skirmish_scene.wait", n=c.wait), pal.accent))
        # a card too low for the badges' own line under the bar (six minions at huge text: the chips covered
        # "Wait 5") puts them beside the bar, as a compact card does
        below = row2.bottom + 2 + (18 if not compact and rect.h >= 96 else 0)
        inline = compact or (bool(badges) and below + 17 > self.chip_top(rect) - 1)
        bh = row2.h if inline else 17
        bsize = min(line_size(b[0], pygame.Rect(0, 0, 999, bh), 11, 6, True) for b in badges) if badges else 11
        bws = [gfx.text_size(b[0], bsize, True)[0] + 10 for b in badges]
        frac_col = pal.good if hp - dmg > hp / 2 else (pal.accent if hp - dmg > hp / 4 else pal.bad)
        hw = 0
        if active:
            hp_text = t("skirmish_scene.hp", left=max(0, hp - dmg), hp=hp)
            hsize = line_size(hp_text, row2, 12, 8)
            hw = min(tw // 2, gfx.text_size(hp_text, hsize)[0])
            self.line(surface, hp_text, pygame.Rect(row2.right - hw, row2.y, hw, row2.h), hsize, pal.ink, "midright")
            bar_w = tw - hw - 8
            if inline and badges:  # no line of its own: the badges sit between the bar and the HP
                bar_w = max(30, bar_w - sum(w + 4 for w in bws))
            bar = pygame.Rect(x0, row2.centery - (4 if compact else 6), bar_w, 9 if compact else 12)
            gfx.bars(surface, bar, max(0, hp - dmg), hp, frac_col)
        else:
            bar = pygame.Rect(x0, row2.y, 30, row2.h)
            self.line(surface, t("skirmish_scene.out"), row2, 13, pal.bad, bold=True, minimum=8)
        y = row2.bottom + 2
        if not compact and rect.h >= 96:
            stats = t("skirmish_scene.stats_line", **{k: c.stat(k) for k in STATS})
            self.line(surface, stats, pygame.Rect(x0, y, tw, 16), 13, pal.ink_soft, minimum=8)
            y += 18
        bx = bar.right + 4 if inline else x0
        room = (row2.right - (hw if active else 0) - 4) if inline else rect.right - 8
        for (text, col), w in zip(badges, bws):
            w = min(w, room - bx)
            if w < 20:
                break
            pos = pygame.Rect(bx, row2.y + 1, w, bh - 2) if inline else pygame.Rect(bx, y, w, bh)
            gfx.rounded_rect(surface, pos, col, 6)
            self.line(surface, text, pos.inflate(-6, 0), bsize, gfx.readable_ink(col), "center", bold=True,
                      minimum=6)
            bx += w + 4

    def draw_chips(self, surface: pygame.Surface, view: SkirmishView, c: CombatantRecord) -> None:
        """The part chips of one card, and its pack."""
        pal = gfx.palette()
        for p in c.parts:
            r = self.chip_rects.get((c.id, p.id))
            if r is None:
                continue
            if p.limb and not p.active:
                col = (150, 144, 136)
            elif p.limb and p.waiting:
                col = pal.accent
            elif p.limb:
                col = pal.good
            else:
                col = pal.panel_dark
            gfx.rounded_rect(surface, r, col, 5)
            gfx.rounded_rect(surface, r, pal.edge, 5, 1)
            label = abbr(view.part_name(c.id, p.id, self.lang))
            ink = gfx.readable_ink(col)
            if p.limb and not p.active:
                pygame.draw.line(surface, pal.bad, r.topleft, r.bottomright, 2)
            if p.limb and p.waiting:
                label += str(p.wait)
            box = r.inflate(-4, 0)
            if p.holds is not None and r.w >= 30:  # a wide chip: a dot on its right says it holds something
                dot = pygame.Rect(r.right - 9, r.y + 2, 7, r.h - 4)
                gfx.rounded_rect(surface, dot, (120, 90, 50), 3)
                box = pygame.Rect(r.x + 2, r.y, r.w - 12, r.h)
            elif p.holds is not None:  # a narrow one: a bar along its bottom
                gfx.rounded_rect(surface, pygame.Rect(r.x + 3, r.bottom - 5, r.w - 6, 3), (120, 90, 50), 1)
                box = pygame.Rect(r.x + 2, r.y, r.w - 4, r.h - 4)
            while len(label) > 1 and uitext.fit_line(label, box.w, 11, 6, bold=True, height=box.h).cut:
                label = label[:-1]  # an abbreviation too wide for its chip is shorter, never "M…" (whole on hover)
            self.line(surface, label, box, 11, ink, "center", bold=True, minimum=6)
        zone = self.pack_zone.get(c.id)
        if zone is not None:
            gfx.rounded_rect(surface, zone, (150, 112, 70), 6)
            gfx.rounded_rect(surface, zone, pal.edge, 6, 1)
            pygame.draw.circle(surface, (90, 64, 40), (zone.x + 8, zone.centery), 5)
            for (cid, iid), r in self.pack_rects.items():
                if cid == c.id:
                    gfx.rounded_rect(surface, r, pal.panel, 4)
                    self.line(surface, view.item_name(iid, self.lang)[:1], r, 11, pal.ink, "center", bold=True,
                              minimum=6)
