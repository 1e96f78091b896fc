"""The large dungeon: maps, chips, the hero, legal spaces, the Depths ghost, Resolution marks and effects;
its regions (spaces to place on or look at, the Depths map to drag, the shift arrows) and the hero's descent.

Why a pane of its own: it is the biggest drawing of the table and the one the replay paints over; it reads
the shown seat's ``PlayerRecord`` and the level's maps (``scene.tables``), the choices in
``scene.selection``, and the replay's marks and effects (``scene.resolution``), never the rule state.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.dungeon.views import DungeonView, PlayerRecord
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import MAX_CELL, MIN_CELL, DungeonPane, Layout, ui
from game.ui import anim, gfx
from game.ui.input import HitRegion


class BoardPane(DungeonPane):
    """The large dungeon of the seat shown (see the module docstring)."""

    name = "board"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.lay: Layout | None = None          # where the shown dungeon was laid out last
        self.scroll: dict[int, float] = {}
        self._auto_row: dict[int, tuple[int, int]] = {}
        self.hero_rows: dict[int, float] = {}      # the hero's floor as drawn (tweened when it descends)
        self._hero_tween: set[int] = set()
        self.ghost_slide = 1.0                      # a new Depths map slides in from the pile
        self._base_cache: tuple | None = None
        self._cache: dict[tuple, pygame.Surface] = {}
        self._tips: dict[tuple, str] = {}

    # ================================================================= layout
    def layout_for(self, seat: int, p: PlayerRecord | None) -> Layout | None:
        """Return where a seat's dungeon goes in the board area (scaled, scrolled to the hero's floor)."""
        tables = self.scene.tables
        board = tables.board(p) if p is not None else None
        if board is None or p is None:
            return None
        cols = [c for (_, c) in board.cells]
        lo, hi = min(cols), max(cols)
        rows = board.floors
        pending = p.status == "depths" and tables.has_card(p.pending_map)
        if pending:
            last = board.offsets[-1] if board.offsets else 0
            lo, hi = min(lo, last - 1), max(hi, last + 6)
            rows += len(tables.side(p.pending_map, 0))
        area = self.rect.inflate(-24, -24)
        area.y += 30
        area.h -= 30
        ncols = hi - lo + 1
        cell = int(min(MAX_CELL, (area.w - 20) / (ncols + 1.1), (area.h - 8) / (rows + 0.7)))
        cell = max(MIN_CELL, cell)
        total_w = (ncols + 1.1) * cell
        ox = round(area.x + (area.w - total_w) / 2 + 1.1 * cell)
        total_h = (rows + 0.7) * cell
        top = area.y + round(0.7 * cell)
        if total_h <= area.h:
            oy = top + round((area.h - total_h) / 2)
            self.scroll[seat] = 0.0
        else:
            focus = rows - 1 if pending else p.hero_row
            if self._auto_row.get(seat) != (focus, rows):
                self._auto_row[seat] = (focus, rows)
                self.scroll[seat] = (focus + 1) * cell - area.h * 0.6 + 0.7 * cell
            max_scroll = total_h - area.h + 8
            self.scroll[seat] = max(0.0, min(max_scroll, self.scroll.get(seat, 0.0)))
            oy = top - round(self.scroll[seat])
        return Layout(seat, board, lo, hi, rows, cell, ox, oy, area.inflate(12, 12))

    def place(self, seat: int, p: PlayerRecord | None) -> Layout | None:
        """Lay the shown dungeon out now (the regions and the drawing use the same layout)."""
        self.lay = self.layout_for(seat, p)
        return self.lay

    def scroll_by(self, dy: float) -> None:
        """The wheel over a tall dungeon."""
        if self.lay is not None:
            s = self.lay.seat
            self.scroll[s] = self.scroll.get(s, 0.0) - dy * self.lay.cell * 0.5

    def forget(self) -> None:
        """The maps changed under the replay: compose the dungeon again."""
        self._base_cache = None

    # ================================================================= drawing
    def draw_view(self, surface: pygame.Surface, view: DungeonView) -> None:
        """The shown seat's dungeon, when the board area shows one."""
        sc = self.scene
        if sc.screen_mode(view) != "dungeon":
            return
        seat = sc.shown_seat()
        p = view.player(seat)
        pal = gfx.palette()
        lay = self.place(seat, p)
        replay = sc.resolution.replay
        name = sc.seat_name(seat)
        title = t("dscene.resolution_of", name=name) if replay else t("dscene.dungeon_of", name=name)
        if lay is None or p is None:
            self.heading(surface, self.rect, title)
            self.put(surface, t("dscene.not_entered", name=name), self.rect.center, 18, pal.ink_light, "center",
                     max_width=self.rect.w - 80)
            return
        self.heading(surface, self.rect, title, t("dscene.floor_of", n=p.hero_row + 1, total=lay.board.floors))
        clip = surface.get_clip()
        surface.set_clip(lay.clip)
        base = self._dungeon_base(lay, p, replay is None)
        surface.blit(base, (lay.ox - lay.cell, lay.oy - lay.cell))
        legal = self._legal_cells(seat, p)
        if legal:
            lit = self._lit(lay.cell)
            for pos in legal:
                surface.blit(lit, lay.cell_rect(*pos).topleft)
        d = round(lay.cell * 0.8)
        flying = sc.resolution.in_flight
        floor = art.svg("floor.svg", (lay.cell, lay.cell))
        for ch in p.chips:
            if ch.chip in flying:
                continue
            mark = replay.marks.get((ch.row, ch.col)) if replay else None
            img = art.chip(sc.model, ch.face, d, dim=mark in ("defeated", "spent"))
            # the chip covers the space: a monster's or chest's badges under it must not peek out around it
            surface.blit(floor, floor.get_rect(center=lay.center(ch.row, ch.col)))
            surface.blit(img, img.get_rect(center=lay.center(ch.row, ch.col)))
        if replay is not None:
            draw_marks(surface, lay, replay.marks)
        if p.status == "depths":
            self._draw_depths_ghost(surface, seat, p, lay)
        self._draw_hero(surface, seat, lay, p.hero_row)
        draw_fx(surface, lay, sc.resolution.fx)
        surface.set_clip(clip)
        if lay.oy + lay.rows * lay.cell > lay.clip.bottom or lay.oy - 0.7 * lay.cell < lay.clip.top:
            self._draw_scrollbar(surface, lay)

    def _draw_scrollbar(self, surface: pygame.Surface, lay: Layout) -> None:
        pal = gfx.palette()
        total = (lay.rows + 0.7) * lay.cell
        view_h = lay.clip.h
        track = pygame.Rect(self.rect.right - 10, lay.clip.y, 4, lay.clip.h)
        frac = min(1.0, view_h / max(1.0, total))
        h = max(16, round(track.h * frac))
        s = self.scroll.get(lay.seat, 0.0)
        max_s = max(1.0, total - view_h)
        bar = pygame.Rect(track.x, track.y + round((track.h - h) * min(1.0, s / max_s)), 4, h)
        pygame.draw.rect(surface, pal.table, track, border_radius=2)
        pygame.draw.rect(surface, pal.accent, bar, border_radius=2)

    def _lit(self, cell: int) -> pygame.Surface:
        """The highlight laid on a legal space (cached per cell size)."""
        key = ("lit", cell, gfx.palette().name)
        hit = self._cache.get(key)
        if hit is None:
            pal = gfx.palette()
            hit = pygame.Surface((cell, cell), pygame.SRCALPHA)
            rr = hit.get_rect().inflate(-6, -6)
            gfx.rounded_rect(hit, rr, gfx.with_alpha(pal.legal, 70), 8)
            gfx.rounded_rect(hit, rr, gfx.with_alpha(pal.legal, 200), 8, 2)
            self._cache[key] = hit
        return hit

    def _dungeon_base(self, lay: Layout, p: PlayerRecord, frame: bool) -> pygame.Surface:
        """The maps of a dungeon composed once: unreached floors shaded, the current floor framed
        (cached by maps, hero floor, cell size and palette)."""
        hero_row = p.hero_row
        maps = tuple((m.card, m.side, m.offset) for m in p.maps)
        key = (maps, lay.cell, lay.lo, lay.hi, lay.rows, hero_row, frame, gfx.palette().name)
        if self._base_cache is not None and self._base_cache[0] == key:
            return self._base_cache[1]
        model, content = self.scene.model, self.scene.tables.content
        cell = lay.cell
        surf = pygame.Surface(((lay.hi - lay.lo + 3) * cell, (lay.rows + 2) * cell), pygame.SRCALPHA)
        row0 = 0
        for i, (card, side, offset) in enumerate(maps):
            img = art.map_side(model, content, card, side, cell)
            x = (offset - lay.lo + 1) * cell
            y = (row0 + 1) * cell
            gfx.shadow(surf, pygame.Rect(x, y, img.get_width(), img.get_height()), 4, (3, 5), blur=5)
            surf.blit(img, (x, y))
            if i == 0:
                arch = art.entrance_arch(round(cell * 2.2))
                surf.blit(arch, arch.get_rect(midbottom=(x + 3 * cell, y + 2)))
            row0 += img.get_height() // cell
        pal = gfx.palette()
        board = lay.board
        for r in range(hero_row + 1, board.floors):  # floors not reached: their features do not count (yet)
            x0 = (board.rows[r][0][1] - lay.lo + 1) * cell
            gfx.rounded_rect(surf, pygame.Rect(x0, (r + 1) * cell, 6 * cell, cell), (10, 8, 6, 110), 2)
        if frame and hero_row < board.floors:  # the current floor
            x0 = (board.rows[hero_row][0][1] - lay.lo + 1) * cell
            fr = pygame.Rect(x0, (hero_row + 1) * cell, 6 * cell, cell)
            gfx.rounded_rect(surf, fr.inflate(6, 6), gfx.with_alpha(pal.accent, 220), 6, 3)
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._base_cache = (key, surf)
        return surf

    def _legal_cells(self, seat: int, p: PlayerRecord) -> list[tuple[int, int]]:
        if not self.scene.my_turn_on(seat) or p.status != "place" or self.lay is None:
            return []
        out = []
        board = self.lay.board
        for a in self.scene.legal:
            if a.kind == "place":
                try:
                    pos = board.pos_of(int(a["floor"]), int(a["space"]))
                except (KeyError, TypeError, ValueError):
                    continue
                if pos not in out:
                    out.append(pos)
        return out

    def _draw_hero(self, surface: pygame.Surface, seat: int, lay: Layout, hero_row: int) -> None:
        if seat not in self._hero_tween:
            self.hero_rows[seat] = float(hero_row)
        row_f = self.hero_rows.get(seat, float(hero_row))
        r = max(0, min(lay.board.floors - 1, int(round(row_f))))
        first_col = lay.board.rows[r][0][1] if lay.board.rows else lay.lo
        x = lay.ox + (first_col - lay.lo) * lay.cell - lay.cell * 0.45
        y = lay.oy + (row_f + 0.5) * lay.cell
        img = art.hero_figure(seat, round(lay.cell * 0.9))
        surface.blit(img, img.get_rect(center=(round(x), round(y))))

    # ---------------------------------------------------------------- Depths placement
    def ghost_rect(self, lay: Layout, p: PlayerRecord, shift: int) -> pygame.Rect:
        """Where the new Depths map goes with this shift."""
        last = lay.board.offsets[-1] if lay.board.offsets else 0
        rows = len(self.scene.tables.side(p.pending_map, 0))
        x = lay.ox + (last + shift - lay.lo) * lay.cell
        y = lay.oy + lay.board.floors * lay.cell
        return pygame.Rect(x, y, 6 * lay.cell, rows * lay.cell)

    def shift_at(self, left: int, p: PlayerRecord) -> int | None:
        """The shift a Depths map dragged to ``left`` (its left edge) stands for."""
        lay = self.lay
        if lay is None or p.status != "depths":
            return None
        base = self.ghost_rect(lay, p, 0).x
        return max(-1, min(1, round((left - base) / lay.cell)))

    def _drag_shift(self, p: PlayerRecord) -> int | None:
        router = self.scene.router
        d = router.dragging
        if d is None or d.payload != ui("ghost"):
            return None
        return self.shift_at(router.mouse[0] - router.drag_offset[0], p)

    def _draw_depths_ghost(self, surface: pygame.Surface, seat: int, p: PlayerRecord, lay: Layout) -> None:
        pal = gfx.palette()
        sc = self.scene
        card = p.pending_map
        if not sc.tables.has_card(card):
            return
        dc = sc.selection.depths_for(seat, p)
        shift = dc["shift"]
        dragged = self._drag_shift(p)
        if dragged is not None:
            shift = dragged
        for k in (-1, 0, 1):  # the three places it may go, outlined
            if k != shift:
                slot = self.ghost_rect(lay, p, k)
                pygame.draw.rect(surface, gfx.lerp_colour(pal.ink_light, pal.table_dark, 0.55), slot, 2,
                                 border_radius=6)
        rect = self.ghost_rect(lay, p, shift)
        if dragged is not None:
            rect.x = sc.router.mouse[0] - sc.router.drag_offset[0]
        rect.y += round((1 - self.ghost_slide) * lay.cell * 3)
        alpha = round(150 + 80 * self.ghost_slide) // 10 * 10
        gkey = ("ghost", card, dc["side"], lay.cell, alpha)
        img = self._cache.get(gkey)
        if img is None:
            img = art.map_side(sc.model, sc.tables.content, card, dc["side"], lay.cell).copy()
            img.set_alpha(alpha)
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[gkey] = img
        gfx.shadow(surface, rect, 6, (4, 8), blur=6)
        surface.blit(img, rect)
        gfx.rounded_rect(surface, rect.inflate(6, 6), pal.accent, 6, 3)

    def draw_arrows(self, surface: pygame.Surface) -> None:
        """The Depths shift arrows, over everything on the board (from this frame's regions)."""
        pal = gfx.palette()
        router = self.scene.router
        if router.dragging is not None:
            return
        for reg in router.regions:
            if reg.payload is None or not (isinstance(reg.payload, tuple) and reg.payload[:2] == ui("shift")):
                continue
            k, rr = reg.payload[2], reg.rect
            colour = pal.accent if reg.legal else pal.panel_dark
            gfx.rounded_rect(surface, rr, (*pal.table_dark[:3], 220), 8)
            gfx.rounded_rect(surface, rr, colour, 8, 2)
            cx, cy = rr.center
            pts = [(cx + 8, cy - 12), (cx - 8, cy), (cx + 8, cy + 12)] if k < 0 else \
                [(cx - 8, cy - 12), (cx + 8, cy), (cx - 8, cy + 12)]
            pygame.draw.polygon(surface, colour, pts)

    # ================================================================= regions
    def regions(self, view: DungeonView, legal: list[Action]) -> list[Any]:
        """Spaces (place a chip: one region per space standing for both faces; else look at it), the Depths map
        and its shift arrows."""
        sc = self.scene
        lay = self.lay
        seat = sc.shown_seat()
        p = view.player(seat)
        if sc.resolution.showing or lay is None or p is None or lay.seat != seat:
            return []
        mine = sc.my_turn_on(seat)
        if p.status == "place" and p.pending_chip and mine:
            return self._place_regions(p, lay)
        out = self._info_regions(p, lay)
        if p.status == "depths" and mine:
            out += self._depths_regions(seat, p, lay)
        return out

    def cell_tip(self, p: PlayerRecord, pos: tuple[int, int], board: Any) -> str:
        """A space in words (cached per board, space, chip and reach)."""
        occ = {(c.row, c.col): c.face for c in p.chips}
        key = (id(board), pos, occ.get(pos), pos[0] > p.hero_row, self.scene.lang)
        hit = self._tips.get(key)
        if hit is None:
            hit = self.scene.words.cell_tip(p, pos, board)
            if len(self._tips) > 2000:
                self._tips.clear()
            self._tips[key] = hit
        return hit

    def _info_regions(self, p: PlayerRecord, lay: Layout) -> list[HitRegion]:
        out = []
        for pos in lay.board.cells:
            rect = lay.cell_rect(*pos)
            if lay.clip.colliderect(rect):
                out.append(HitRegion(rect.clip(lay.clip), ui("cell", pos), tooltip=self.cell_tip(p, pos, lay.board),
                                     highlight=False, key=("cell", pos)))
        return out

    def _place_regions(self, p: PlayerRecord, lay: Layout) -> list[HitRegion]:
        sc = self.scene
        words = sc.words
        faces = sc.tables.chip_faces(p.pending_chip)
        face = sc.selection.face(p.pending_chip, faces)
        other = [f for f in faces if f != face]
        legal = set(sc.legal)
        out = []
        board = lay.board
        for pos in board.cells:
            rect = lay.cell_rect(*pos)
            if not lay.clip.colliderect(rect):
                continue
            floor, space = pos[0] + 1, board.space_of(pos)
            acts = [Action.of("place", face=f, floor=floor, space=space) for f in [face] + other if f]
            tip = self.cell_tip(p, pos, board)
            if acts and acts[0] in legal:
                head = t("dscene.place_here", face=words.tname(face), floor=floor, space=space)
                cell = board.cells[pos]
                if cell.kind == "feature":
                    head += " " + t("dscene.replaces", feature=words.tname(cell.token))
                tip = head + "\n" + words.tdesc(face) + "\n\n" + tip
            out.append(HitRegion(rect.clip(lay.clip), acts, tooltip=tip, drop_target=True,
                                 inspect=ui("cell", pos), key=("cell", pos)))
        return out

    def _depths_regions(self, seat: int, p: PlayerRecord, lay: Layout) -> list[HitRegion]:
        dc = self.scene.selection.depths_for(seat, p)
        rect = self.ghost_rect(lay, p, dc["shift"])
        blank = pygame.Surface((1, 1), pygame.SRCALPHA)
        out = [HitRegion(rect, ui("ghost"), draggable=True, ghost=blank, highlight=True,
                         tooltip=t("dscene.depths_help"), inspect=ui("side", p.pending_map, dc["side"]))]
        for k, name in ((-1, "shift_left"), (1, "shift_right")):
            ok = -1 <= dc["shift"] + k <= 1
            arrow = pygame.Rect(0, 0, 34, 46)
            arrow.center = ((rect.x - 22) if k < 0 else (rect.right + 22), rect.centery)
            out.append(HitRegion(arrow, ui("shift", k), tooltip=t(f"dscene.{name}"), legal=ok,
                                 reason=None if ok else t("dscene.shift_limit")))
        return out

    # ================================================================= animations it owns
    def descend(self, e: Event) -> anim.Animation | None:
        """``HeroDescended``: the hero steps down to the next floor."""
        seat = e.data.get("seat")
        if not isinstance(seat, int):
            return None
        new = float(int(e.data.get("floor", 1)) - 1)
        self._hero_tween.add(seat)
        self.hero_rows.setdefault(seat, new - 1)
        return anim.Tween(self.hero_rows, seat, start=new - 1, end=new, duration=0.4, ease="out_back",
                          on_done=lambda: self._hero_tween.discard(seat), blocking=True)

    def card_moved(self, e: Event) -> anim.Animation | None:
        """``CardMoved``: a Depths map slides in from its pile (a card sound otherwise)."""
        sound = anim.Call(lambda: self.scene.app.play_sound("card"))
        if e.data.get("from") == "depths_pile" or "depths" in str(e.data.get("from", "")):
            self.ghost_slide = 0.0
            return anim.Sequence(sound, anim.Tween(self, "ghost_slide", start=0.0, end=1.0, duration=0.5,
                                                   ease="out_cubic"))
        return sound


def draw_marks(surface: pygame.Surface, lay: Layout, marks: dict[tuple[int, int], str]) -> None:
    """The replay's marks on the spaces: a cross on a defeated monster, rings on opened, disarmed, hurt."""
    pal = gfx.palette()
    for (r, c), mark in marks.items():
        ctr = lay.center(r, c)
        rad = round(lay.cell * 0.42)
        if mark == "defeated":
            pygame.draw.line(surface, pal.bad, (ctr[0] - rad, ctr[1] - rad), (ctr[0] + rad, ctr[1] + rad), 5)
            pygame.draw.line(surface, pal.bad, (ctr[0] - rad, ctr[1] + rad), (ctr[0] + rad, ctr[1] - rad), 5)
        elif mark == "opened":
            pygame.draw.circle(surface, pal.accent, ctr, rad + 2, 4)
        elif mark == "disarmed":
            pygame.draw.circle(surface, pal.good, ctr, rad + 2, 4)
        elif mark == "hurt":
            pygame.draw.circle(surface, pal.bad, ctr, rad + 2, 3)

def draw_fx(surface: pygame.Surface, lay: Layout, fxs: list[Any]) -> None:
    """The replay's effects: strike lines, glows and floating words over the spaces."""
    pal = gfx.palette()
    for fx in fxs:
        if fx.cell is None:
            continue
        a = lay.center(*fx.cell)
        if fx.kind == "strike" and fx.to is not None:
            b = lay.center(*fx.to)
            k = min(1.0, fx.t * 1.6)
            end = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
            pygame.draw.line(surface, fx.colour, a, end, 5)
            pygame.draw.line(surface, (255, 250, 230), a, end, 2)
            if k >= 1:
                rad = round(lay.cell * 0.2 * (1 + fx.t))
                pygame.draw.circle(surface, fx.colour, b, rad, 3)
        elif fx.kind == "glow":
            rad = round(lay.cell * (0.42 + 0.15 * fx.t))
            pygame.draw.circle(surface, fx.colour, a, rad, max(2, round(5 * (1 - fx.t)) + 1))
        elif fx.kind == "text":
            alpha = 255 if fx.t < 0.7 else round(255 * (1 - (fx.t - 0.7) / 0.3))
            pos = (a[0], a[1] - lay.cell * 0.3 - fx.t * lay.cell * 0.6)
            r = gfx.text_size(fx.text, 20, True)
            box = pygame.Rect(0, 0, r[0] + 14, r[1] + 4)
            box.center = (round(pos[0]), round(pos[1]))
            gfx.rounded_rect(surface, box, (*pal.table_dark[:3], min(220, alpha)), 8)
            gfx.text(surface, fx.text, box.center, 20, (*fx.colour[:3], alpha), "center", bold=True)
