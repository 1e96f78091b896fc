"""The action menu pane (the centre's top panel): who decides and what, then one row per choice with its
AP cost, difficulty and exact chance of success; a group with several targets is one row that opens to
list them (its targets also light up on the cards).

Rows are ``MenuRow`` records (rect, payload, label, detail, kind); their payloads are Actions or lists of
Actions, so tests and players click them by payload.
"""

from __future__ import annotations

import re

from typing import Any, NamedTuple

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.skirmish.views import SkirmishView
from game.scenes.skirmish.panes.common import SkirmishPane, group_key, groups, line_size
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion


class MenuRow(NamedTuple):
    """One row of the menu: where, what it plays, its label, its figures, and its kind (group, one, sub, or head:
    the name of the fighter whose rows follow, when several decide, payload None);
    ``lines``: a label too long for one line beside its figures is wrapped over the row's whole width
    (these lines, the figures under the last one), () for a one-line row."""

    rect: pygame.Rect
    payload: Any
    label: str
    detail: str
    kind: str
    lines: tuple[str, ...] = ()


#: the label size of a row whose label takes more than one line
TALL_SIZE = 12
#: how much lower than its usual limit a menu with such rows may reach
TALL_ROOM = 60


class MenuPane(SkirmishPane):
    """The action menu (see the module docstring)."""

    name = "menu"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rows: list[MenuRow] = []
        self.bottom_y = 0

    # ----------------------------------------------------------------- geometry
    @staticmethod
    def header_h() -> int:
        """Height of the menu's title and hint lines (from the real line heights of the text size)."""
        return 8 + gfx.line_height(15, True) + gfx.line_height(12) + 6

    def header(self, view: SkirmishView) -> tuple[Any, Any]:
        """The title and the hint wrapped into the panel's width (``text.Block``s: two lines each at their
        start size, or more lines at a smaller one, before a "…"; issue 15: titles naming two fighters and an
        action were cut). The hint is None when there is none."""
        title, hint = self._title(view)
        width = self.geo.centre.w - 24

        def fit(text: str, start: int, one_min: int, minimum: int, bold: bool = False) -> Any:
            one = uitext.fit_line(text, width, start, one_min, bold=bold)  # one line when it reads well
            if not one.cut:
                return uitext.Block((text,), one.size, False, one.size < start)
            return uitext.fit_block(text, width, 2 * gfx.line_height(start, bold), start, minimum, bold=bold)

        return fit(title, 15, 13, 11, True), (fit(hint, 12, 11, 9) if hint else None)

    def header_height(self, view: SkirmishView) -> int:
        """Height of the title and hint as wrapped for ``view`` (at least ``header_h``)."""
        if view.decision is None or (view.decision.type == "consent" and not self._title(view)[1]):
            return self.header_h()
        tb, hb = self.header(view)
        h = 8 + len(tb.lines) * gfx.line_height(tb.size, True) + (len(hb.lines) * gfx.line_height(hb.size) if hb else 0)
        return max(self.header_h(), h + 6)

    @staticmethod
    def row_h() -> int:
        """Height of one menu row (its label's line plus a margin)."""
        return max(26, gfx.line_height(13, True) + 6)

    def limit(self, view: SkirmishView) -> int:
        """The lowest the menu may reach (it leaves room for the chain under it)."""
        from game.scenes.skirmish.panes.chain import ChainPane

        chain_h = ChainPane.height(len(view.chain)) if view.chain else 0
        return self.geo.centre.y + 300 - chain_h - 4

    def bottom(self, view: SkirmishView) -> int:
        """Where the menu panel ends (set when the rows are laid out)."""
        return self.bottom_y or self.limit(view)

    @staticmethod
    def detail_box(r: pygame.Rect, detail: str) -> tuple[pygame.Rect, int]:
        """Where a menu row's figures go (right-aligned, at most 3/5 of the row) and their font size."""
        inner = r.inflate(-16, 0)
        dsize = line_size(detail, pygame.Rect(0, 0, inner.w * 3 // 5, inner.h), 12, 9)
        dw = min(inner.w * 3 // 5, gfx.text_size(detail, dsize)[0])
        return pygame.Rect(inner.right - dw, inner.y, dw, inner.h), dsize

    def label_box(self, r: pygame.Rect, detail: str) -> pygame.Rect:
        """The room a menu row's label has, left of its figures."""
        dbox = self.detail_box(r, detail)[0]
        return pygame.Rect(r.x + 8, r.y, dbox.x - 12 - r.x - 8, r.h)

    def fitted_detail(self, r: MenuRow) -> str:
        """A row's figures, or, where the action's name would be cut (large text, long names), the same figures
        with each chance as its bare percentage ("5 PA · 66%" for "5 PA · beat 12: 66%"): the name comes first."""
        if gfx.text_size(r.label, 11, r.kind != "sub")[0] <= self.label_box(r.rect, r.detail).w:
            return r.detail
        parts = [m.group(0) if (m := re.search(r"\d+\s*%", seg)) else seg for seg in r.detail.split(" · ")]
        return " · ".join(parts)

    def tall_lines(self, r: pygame.Rect, label: str, detail: str, bold: bool) -> tuple[str, ...]:
        """The lines of a row whose ``label`` does not fit one line beside its figures even at 11 (issue 15:
        "Fendente (Spada lunga) » Gna…"): the label wrapped over the row's width, then the figures (the
        bare percentages), on the last line when they fit beside it, else on a line of their own; () when
        the label fits one line."""
        short = self.fitted_detail(MenuRow(r, None, label, detail, "sub" if not bold else "one"))
        if gfx.text_size(label, 11, bold)[0] <= self.label_box(r, short).w:
            return ()
        width = r.w - 16
        lines = gfx.wrap(label, TALL_SIZE, width, bold)
        figures = gfx.text_size(short, min(12, TALL_SIZE))[0]
        if gfx.text_size(lines[-1], TALL_SIZE, bold)[0] + 12 + figures > width:
            lines.append("")  # the figures go on a line of their own
        return tuple(lines)

    @staticmethod
    def tall_h(lines: tuple[str, ...]) -> int:
        """Height of a row of ``lines``."""
        return len(lines) * gfx.line_height(TALL_SIZE, True) + 6

    # ----------------------------------------------------------------- rows
    def _odds(self, view: SkirmishView, who: str | None, aid: str | None, tid: str | None,
              limb: str | None = None) -> tuple[int | None, str]:
        diff, ch = view.chance(who, aid, tid, limb)
        return diff, (t("skirmish_scene.no_check") if diff is None else
                      t("skirmish_scene.chance", diff=diff, chance=round(100 * ch)))

    def _entries(self, view: SkirmishView, legal: list[Action]) -> list[tuple[Any, str, str, str]]:
        """The rows' payloads and words for the current decision."""
        d, lang, rows = view.decision, self.lang, []
        dtype = d.type if d else None
        if dtype in ("opportunity", "reaction"):
            all_groups = groups(legal)
            order = list(d.who)
            if len(order) > 1:  # several fighters decide: each one's actions under a heading with its name (issue
                # 15: "Saqueador de peajes 1: Golpe…" repeated the long name on every row and cut the action)
                all_groups.sort(key=lambda g: order.index(g[0][1]) if g[0][1] in order else len(order))
            heading = None
            for key, acts in all_groups:
                _kind, who, aid, item = key
                info = view.actions.get(aid)
                cost = info.cost if info else 0
                label = view.act_name(aid, lang) + (f" ({view.item_name(item, lang)})" if item else "")
                if len(order) > 1 and who != heading:
                    heading = who
                    rows.append((None, view.name(who, lang), "", "head"))
                chances = [view.chance(who, aid, a.get("target")) for a in acts]
                ap = t("skirmish_scene.ap", n=cost)
                if chances and chances[0][0] is None:
                    detail = f"{ap} · {t('skirmish_scene.no_check')}"
                else:
                    lo = round(100 * min(c for _, c in chances))
                    hi = round(100 * max(c for _, c in chances))
                    if len(acts) == 1:
                        detail = f"{ap} · " + t("skirmish_scene.chance", diff=chances[0][0], chance=lo)
                    else:
                        rng_txt = f"{lo}%" if lo == hi else t("skirmish_scene.chance_range", lo=lo, hi=hi)
                        detail = f"{ap} · {rng_txt}"
                if len(acts) > 1:
                    detail += " · " + t("skirmish_scene.targets_n", n=len(acts))
                else:
                    label += f" » {view.name(acts[0].get('target'), lang)}"
                rows.append((acts if len(acts) > 1 else acts[0], label, detail, "group" if len(acts) > 1 else "one"))
                if key == self.selected and len(acts) > 1 and len(acts) + len(all_groups) <= 9:
                    for a, (diff, ch) in zip(acts, chances):
                        sub = t("skirmish_scene.no_check") if diff is None else \
                            t("skirmish_scene.chance", diff=diff, chance=round(100 * ch))
                        rows.append((a, f"   » {view.name(a.get('target'), lang)}", sub, "sub"))
        elif dtype in ("aim", "targets"):
            p = view.pending
            actor, act, target = (p.actor, p.act, p.target) if p else (None, None, None)
            for a in legal:
                if dtype == "aim" and a.kind == "aim":
                    limb = a.get("limb")
                    info = view.actions.get(act)
                    cost = (info.cost if info else 0) + (1 if limb else 0)
                    sub = self._odds(view, actor, act, target, limb)[1]
                    rows.append((a, view.part_name(target, limb, lang), f"{t('skirmish_scene.ap', n=cost)} · {sub}",
                                 "one"))
                elif dtype == "targets" and a.kind == "add_target":
                    tid, limb = a.get("target"), a.get("limb")
                    label = view.name(tid, lang) + (f" ({view.part_name(tid, limb, lang)})" if limb else "")
                    rows.append((a, label, self._odds(view, actor, act, tid, limb)[1], "one"))
        return rows

    def arrange(self, view: SkirmishView, legal: list[Action]) -> list[MenuRow]:
        """Lay the rows out under the panel's header, as tall as their text, above the chain."""
        centre = self.geo.centre
        if view.decision is None:
            self.bottom_y = centre.y + 120
            self.rows = []
            return self.rows
        rows = self._entries(view, legal)
        top = centre.y + self.header_height(view)
        n = max(1, len(rows))
        row_h = self.row_h()
        bottom = self.limit(view)
        # a label too long for one line takes two (or three) when the menu has the room for them (it may
        # reach TALL_ROOM lower, the fighter's detail under it gets shorter)
        probe = pygame.Rect(centre.x + 8, 0, centre.w - 16, row_h - 2)
        tall = [self.tall_lines(probe, label, detail, kind != "sub") if kind != "head" else ()
                for _p, label, detail, kind in rows]
        base = [self.head_h() if kind == "head" else row_h for _p, _l, _d, kind in rows]
        heights = [self.tall_h(lines) if lines else b for lines, b in zip(tall, base)]
        if any(tall) and top + sum(heights) + 8 > bottom + TALL_ROOM:
            tall, heights = self._partial(tall, heights, base, self.floor(view) - top - 8)
        if not any(tall) and top + sum(base) + 8 > bottom:  # many rows: the detail card under the menu gives way
            bottom = max(bottom, min(self.floor(view), top + sum(base) + 8))  # before they squeeze
            if top + sum(base) + 8 > bottom:
                heights = [max(18, min(b, (bottom - 8 - top) // n)) for b in base]
        if any(tall):
            bottom = top + sum(heights) + 8
        self.bottom_y = max(centre.y + 120, min(bottom, top + sum(heights) + 8))
        out, y = [], top
        for (payload, label, detail, kind), lines, h in zip(rows, tall, heights):
            r = pygame.Rect(centre.x + 8, y, centre.w - 16, h - 2)
            if r.bottom > self.bottom_y:
                break
            out.append(MenuRow(r, payload, label, detail, kind, lines))
            y += h
        self.rows = out
        return out

    @staticmethod
    def head_h() -> int:
        """Height of a heading row (the name of the fighter whose actions follow)."""
        return gfx.line_height(13, True) + 2

    def floor(self, view: SkirmishView) -> int:
        """The lowest the menu may ever reach: the detail card under it gives way (a long list of targets at
        large text), the chain's box and the ground strip never do."""
        from game.scenes.skirmish.panes.chain import ChainPane

        chain_h = ChainPane.height(len(view.chain)) + 4 if view.chain else 0
        return self.geo.ground.y - 6 - chain_h

    @staticmethod
    def _partial(tall: list[tuple[str, ...]], heights: list[int], base: list[int],
                 room: int) -> tuple[list[tuple[str, ...]], list[int]]:
        """Where every long label's lines do not fit in ``room``: as many long labels as fit take their lines
        (the first ones first), the others one line each (cut, whole on hover)."""
        out_t: list[tuple[str, ...]] = [() for _ in tall]
        out_h = list(base)
        used = sum(out_h)
        for i, (lines, h) in enumerate(zip(tall, heights)):
            if lines and used + h - base[i] <= room:
                out_t[i], out_h[i] = lines, h
                used += h - base[i]
        return out_t, out_h

    def regions(self, view: SkirmishView, legal: list[Action]) -> list[Any]:
        """One region per row that plays something (a group's region opens it)."""
        return [HitRegion(r.rect, r.payload, key=("menu", repr(r.payload)), tooltip=self.cut_tip(r))
                for r in self.arrange(view, legal) if r.payload is not None]

    def cut_tip(self, r: MenuRow) -> str | None:
        """A row's whole label as its tooltip where the row shows it cut (a long menu with no room to wrap)."""
        if r.lines or r.kind == "head":
            return None
        box = self.label_box(r.rect, self.fitted_detail(r))
        return r.label.strip() if gfx.text_size(r.label, 11, r.kind != "sub")[0] > box.w else None

    # ----------------------------------------------------------------- drawing
    def _title(self, view: SkirmishView) -> tuple[str, str]:
        """The panel's title and hint for the current decision."""
        d, lang = view.decision, self.lang
        who = ", ".join(view.name(x, lang) for x in d.who)
        p, hint = view.pending, ""
        if d.type == "reaction" and view.chain:
            e = view.chain[-1]
            title = t("skirmish_scene.react_title", actor=view.name(e.actor, lang), act=view.entry_name(e, lang))
            hint = t("skirmish_scene.react_hint")
        elif d.type == "aim":
            title = t("skirmish_scene.aim_title", act=view.act_name(p.act if p else None, lang),
                      target=view.name(p.target if p else None, lang))
            hint = t("skirmish_scene.aim_hint")
        elif d.type == "targets":
            title = t("skirmish_scene.targets_title", who=who)
        elif d.type == "consent":
            title = t("skirmish_scene.consent_title", taker=view.name(p.actor if p else None, lang),
                      giver=view.name(p.giver if p else None, lang), item=view.item_name(p.item if p else None, lang))
        else:
            title = t("skirmish_scene.menu_title", who=who)
            # what now: pick an action, then (once one is picked) its target
            hint = t("skirmish_scene.pick_target") if self.selected is not None else t("skirmish_scene.what_now.act")
        if not self.mine():
            seat_name = getattr(self.scene, "seat_name", lambda s: str(s))
            hint = t("skirmish_scene.menu_wait", who=seat_name(d.seat))
        return title, hint

    def mine(self) -> bool:
        """True when the seat in front may act (never in a bare host)."""
        can_act = getattr(self.scene, "can_act", None)
        return bool(can_act()) if can_act is not None else False

    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        """The panel, the title and hint, and the rows."""
        self.rec.begin()
        pal = gfx.palette()
        centre = self.geo.centre
        rect = pygame.Rect(centre.x, centre.y, centre.w, self.bottom(view) - centre.y)
        gfx.panel(surface, rect, pal.panel, radius=10)
        if view.decision is None:
            return
        title, hint = self._title(view)
        if view.decision.type == "consent" and not hint:  # no rows under it: the question wraps over the panel
            box = rect.inflate(-24, -16)
            size = 15
            while size > 9 and gfx.text_size(title, size, True, box.w)[1] > box.h:
                size -= 1
            self.put(surface, title, box.topleft, size, pal.ink, "topleft", box, bold=True, max_width=box.w)
            return
        tb, hb = self.header(view)  # each wraps (two lines, or more at a smaller size) rather than being cut
        y = rect.y + 8
        for text in tb.lines:
            lh = gfx.line_height(tb.size, True)
            self.put(surface, text, (rect.x + 12, y), tb.size, pal.ink, "topleft",
                     pygame.Rect(rect.x + 12, y, rect.w - 24, lh), bold=True)
            y += lh
        for text in (hb.lines if hb else ()):
            lh = gfx.line_height(hb.size)
            self.put(surface, text, (rect.x + 12, y), hb.size, pal.ink_soft, "topleft",
                     pygame.Rect(rect.x + 12, y, rect.w - 24, lh))
            y += lh
        details = {id(r): self.fitted_detail(r) for r in self.rows}
        lsize = 13  # one label size for every one-line row (the largest that fits them all, not below 11), then "…"
        for r in self.rows:
            while not r.lines and r.kind != "head" and lsize > 11 and gfx.text_size(
                    r.label, lsize, r.kind != "sub")[0] > self.label_box(r.rect, details[id(r)]).w:
                lsize -= 1
        if any(r.lines for r in self.rows):
            lsize = min(lsize, TALL_SIZE)  # one size beside rows of several lines
        mine = self.mine()
        for r in self.rows:
            if r.kind == "head":  # the name of the fighter whose actions follow
                self.line(surface, r.label, pygame.Rect(r.rect.x + 4, r.rect.y, r.rect.w - 8, r.rect.h), 13,
                          pal.ink_soft, "midleft", bold=True, minimum=11)
                continue
            is_sel = r.kind == "group" and isinstance(r.payload, list) and group_key(r.payload[0]) == self.selected
            col = pal.panel_dark if r.kind != "sub" else gfx.lerp_colour(pal.panel, pal.panel_dark, 0.45)
            if is_sel:
                col = gfx.lerp_colour(pal.panel_dark, pal.accent, 0.5)
            gfx.rounded_rect(surface, r.rect, col, 6)
            ink = pal.ink if mine else pal.ink_soft
            detail = details[id(r)]
            if r.lines:
                self._draw_tall(surface, r, detail, ink)
                continue
            dbox, dsize = self.detail_box(r.rect, detail)
            self.line(surface, detail, dbox, dsize, ink, "midright")
            self.line(surface, r.label, self.label_box(r.rect, detail), lsize, ink, "midleft", bold=r.kind != "sub")

    def _draw_tall(self, surface: pygame.Surface, r: MenuRow, detail: str, ink: Any) -> None:
        """A row on several lines: the label's lines from the top, the figures right-aligned on the last."""
        lh = gfx.line_height(TALL_SIZE, True)
        bold = r.kind != "sub"
        y = r.rect.y + 3
        inner = pygame.Rect(r.rect.x + 8, y, r.rect.w - 16, lh)
        for k, text in enumerate(r.lines):
            box = pygame.Rect(inner.x, y + k * lh, inner.w, lh)
            if text:
                self.line(surface, text, box, TALL_SIZE, ink, "midleft", bold=bold)
        last = pygame.Rect(inner.x, y + (len(r.lines) - 1) * lh, inner.w, lh)
        if r.lines[-1]:
            used = gfx.text_size(r.lines[-1], TALL_SIZE, bold)[0] + 12
            last = pygame.Rect(last.x + used, last.y, last.w - used, lh)
        self.line(surface, detail, last, min(12, TALL_SIZE), ink, "midright")
