"""The dungeon game scene: maps as sprites, the bag, chip faces, Depths placement, Resolution, Market.

Why: seed 001 is a spatial puzzle (chips on rows of spaces, adjacency, lines of
sight, a hero beside the current floor); the generic table view shows it as
text rows, which is unplayable for a person. This scene draws each seat's
dungeon from SVG sprites, turns every rule decision into something to click or
drag, and replays Resolution step by step from the rules' events.

It never changes rule state: clicks and drags become Actions from
``legal_actions()`` (the base applies them and explains refusals). What it
shows comes from ``view(viewer)`` plus the level's public content (tokens and
map cards). Resolution is replayed from a snapshot of the dungeons taken just
before the action that ended the phase (the rules clear the table at once).

Layout (1280x720): tracker on top; the large dungeon (board) on the left; the
hero's panel in the middle (counters, bag, drawn chip, Continue/Stop, hints);
the heroes list (miniatures of every dungeon, click to look) and the log on the
right; the base's action bar at the bottom.
"""

from __future__ import annotations

import copy
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.dungeon.geometry import Board, build_board
from game.scenes.base import RulesetScene
from game.scenes.dungeon import art
from game.ui import anim, gfx
from game.ui import text as uitext
from game.ui.input import Circle, DragCancel, DragStart, Drop, HitRegion, Scroll
from game.ui.physics import FlightField, draw_flying
from game.ui.widgets import Button, Counter

log = logging.getLogger(__name__)

i18n.load_catalog(Path(__file__).with_name("strings.toml"))

UI = "dg"  # first element of the scene's own (non-Action) payloads
PHASE_KEYS = ("dungeon", "resolution", "village", "market")
MIN_CELL, MAX_CELL = 44, 84
RESOLUTION_KINDS = frozenset({"Hit", "MonsterDefeated", "MonsterAttacked", "TrapSprung", "TrapDisarmed",
                              "ChestOpened", "ChestTrapped", "GoldFound", "Healed", "PotionSpent", "Rewarded",
                              "HeroHurt", "KnockedOut", "Resolved"})


def _ui(*parts: Any) -> tuple:
    return (UI, *parts)


def _is_ui(payload: Any) -> bool:
    return isinstance(payload, tuple) and len(payload) >= 2 and payload[0] == UI


def fit_line(text: str, size: int, max_w: int, minimum: int = 9, bold: bool = False) -> tuple[str, int]:
    """Return (text, size) for one line no wider than max_w: shrink down to ``minimum``, then cut with "…"
    (the kit's ``text.fit_line``; a size already below ``minimum`` is kept)."""
    fitted = uitext.fit_line(text, max_w, size, min(minimum, size), bold=bold)
    return fitted.text, fitted.size


@dataclass
class Layout:
    """Where one seat's dungeon is on screen: columns lo..hi, rows, cell size, origin (after scrolling)."""

    seat: int
    board: Board
    lo: int
    hi: int
    rows: int
    cell: int
    ox: int
    oy: int
    clip: pygame.Rect

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        """Return the screen rect of grid position (row, col)."""
        return pygame.Rect(self.ox + (c - self.lo) * self.cell, self.oy + r * self.cell, self.cell, self.cell)

    def center(self, r: int, c: int) -> tuple[int, int]:
        """Return the screen centre of grid position (row, col)."""
        return self.cell_rect(r, c).center


@dataclass
class Fx:
    """A short effect drawn over the board during Resolution: floating text, a strike line, a glow."""

    kind: str                    # text, strike, glow
    cell: tuple[int, int] | None = None
    to: tuple[int, int] | None = None
    text: str = ""
    colour: tuple = (255, 255, 255)
    t: float = 0.0


@dataclass
class Replay:
    """The frozen dungeon of the seat whose Resolution is being shown."""

    seat: int
    player: dict[str, Any]
    marks: dict[tuple[int, int], str] = field(default_factory=dict)


class DungeonScene(RulesetScene):
    """Seed 001's dungeon: one large dungeon, the hero's panel, every hero's miniature, the log."""

    name = "dungeon"
    board_rect = pygame.Rect(10, 56, 640, 590)
    hand_rect = pygame.Rect(658, 56, 254, 590)
    heroes_rect = pygame.Rect(920, 56, 350, 250)
    log_rect = pygame.Rect(920, 314, 350, 332)
    bar_rect = pygame.Rect(10, 654, 900, 46)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        self.pinned: int | None = None
        self._could_act = False
        self.face_choice: dict[str, int] = {}
        self.depths_choice: dict[str, Any] = {"key": None, "side": 0, "shift": 0}
        self.ghost_slide = 1.0
        self.scroll: dict[int, float] = {}
        self._auto_row: dict[int, int] = {}
        self.hero_rows: dict[int, float] = {}
        self._hero_tween: set[int] = set()
        self.counters: dict[int, dict[str, Counter]] = {}
        self._held: set[int] = set()        # seats whose counters the replay drives
        self.replay: Replay | None = None
        self.village: list[str] | None = None
        self.fx: list[Fx] = []
        self.in_flight: set[str] = set()
        self.flights = FlightField(pygame.Rect(10, 56, 1260, 590), seed=int(match.seed))
        self.layout: Layout | None = None
        self._pre: list[dict[str, Any]] | None = None
        self._mini: dict[tuple, pygame.Surface] = {}
        self._base_cache: tuple | None = None
        self._offer_rects: dict[str, pygame.Rect] = {}
        self._props: dict[str, anim.Prop] = {}
        self._chrome_cache: dict[tuple, pygame.Surface] = {}
        self._tips: dict[tuple, str] = {}
        self._hint_cache: tuple | None = None
        self._targets_cache: tuple | None = None
        self._layers: dict[str, tuple] = {}
        self._heroes_cache: tuple | None = None
        self.hint_text = ""             # the whole "What now" text (its tooltip)
        self.hint_truncated = False
        self.hero_text_rects: dict[int, dict[str, pygame.Rect]] = {}  # per seat: name/status/counters (tests)
        # the text rects drawn last, per place: "market", "card" (hero card), "map", "village", "dungeon" (tests)
        self.text_rects: dict[str, dict[str, pygame.Rect]] = {}
        self.replay_snap: list[dict[str, Any]] | None = None
        self.final_snap: list[dict[str, Any]] | None = None
        self._dropped = False
        self._replay_seat_queued: int | None = None
        self.toast.anchor = (self.board_rect.centerx, self.board_rect.y + 48)
        self.router.shortcut(pygame.K_f, "flip")
        self.router.shortcut(pygame.K_LEFT, "shift_left")
        self.router.shortcut(pygame.K_RIGHT, "shift_right")
        a = self.animator
        a.label = self._banner_words
        for kind in ("ChipDrawn", "ChipPlaced", "HeroDescended", "CardMoved", "MapChosen", "ChipBought"):
            a.on(kind, getattr(self, f"_anim_{kind}"))

    # ================================================================= content helpers
    @property
    def model(self) -> Any:
        """The level model (tokens, chips, maps: public content)."""
        return self.state.model

    @property
    def content(self) -> Any:
        """The level's compiled content (map sides as cells)."""
        return self.state.content

    def tname(self, token: str | None) -> str:
        """Return a token's name in the current language."""
        tok = self.model.tokens.get(token) if token else None
        return i18n.localize(tok.name, self.lang) if tok is not None else str(token)

    def tdesc(self, token: str | None) -> str:
        """Return what a token does in words (its description, or its monster numbers)."""
        tok = self.model.tokens.get(token) if token else None
        if tok is None:
            return ""
        for e in tok.effects:
            if getattr(e, "effect", "") == "monster":
                hp, atk = art.monster_stats(self.model, token) or (e.hp, e.attack)
                return t("dscene.monster_stats", hp=hp, attack=atk, vp=e.vp, xp=e.xp, gold=e.gold)
        return i18n.localize(tok.description, self.lang) if tok.description else ""

    def chip_faces(self, chip_id: str | None) -> list[str]:
        """Return the two faces of a chip instance (empty when unknown)."""
        ctype = self.state.catalog.get(chip_id) if chip_id else None
        chip = self.model.chips.get(ctype) if ctype else None
        return list(chip.faces) if chip is not None else []

    def ctype_label(self, ctype: str) -> str:
        """Return a chip type as 'Face / Face'."""
        chip = self.model.chips.get(ctype)
        return " / ".join(self.tname(f) for f in chip.faces) if chip is not None else ctype

    def hero_name(self, seat: int) -> str:
        """Return the hero name of a seat."""
        try:
            hero = self.view["players"][seat]["hero"]
            return i18n.localize(self.model.heroes[hero].name, self.lang)
        except (KeyError, IndexError, TypeError):
            return self.seat_name(seat)

    def side_name(self, card: str | None, side: int) -> str:
        """Return the printed name of one side of a map card."""
        for lst in (self.model.entrance, self.model.depths):
            for c in lst:
                if c.id == card:
                    return i18n.localize(c.sides[side].name, self.lang)
        return str(card)

    def player(self, seat: int) -> dict[str, Any]:
        """Return a seat's player data as the scene shows it (the frozen one during its Resolution replay)."""
        if self.replay is not None and self.replay.seat == seat:
            return self.replay.player
        if self.replay_snap is not None and 0 <= seat < len(self.replay_snap):
            return self.replay_snap[seat]
        if self.final_snap is not None and self.view.get("phase") == "over" and 0 <= seat < len(self.final_snap):
            return self.final_snap[seat]  # the table after the game: the last dungeons, as they were
        try:
            return self.view["players"][seat]
        except (KeyError, IndexError, TypeError):
            return {}

    def board_of(self, p: dict[str, Any]) -> Board | None:
        """Return the board of a player's placed maps (None before the Entrance side is chosen)."""
        maps = [(m["card"], int(m["side"]), int(m["offset"])) for m in p.get("maps", [])
                if isinstance(m, dict) and m.get("card") in self.content.cards]
        if not maps:
            return None
        return build_board(self.content, maps, self.state.level.content_hash)

    # ================================================================= who is shown
    def shown_seat(self) -> int:
        """Return the seat whose dungeon is drawn large."""
        if self.replay is not None:
            return self.replay.seat
        if self.pinned is not None and 0 <= self.pinned < len(self.match.seats):
            return self.pinned
        seat = self.match.to_act()
        if seat is not None and self.view.get("phase") == "dungeon":
            return seat
        return self.viewer if self.viewer is not None else 0

    def my_turn_on(self, seat: int) -> bool:
        """True when the seat in front may act now on this seat's dungeon."""
        return self.can_act() and seat == self.viewer and self.replay is None

    # ================================================================= tracker
    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """The four phases of a round, translated."""
        return [t(f"dscene.phase.{k}") for k in PHASE_KEYS]

    def phase_text(self, view: dict[str, Any]) -> str | None:
        """The current phase in words (Resolution and Village while they are replayed)."""
        if self.village is not None:
            return t("dscene.phase.village")
        if self.replay is not None:
            return t("dscene.phase.resolution")
        phase = view.get("phase")
        if phase in PHASE_KEYS:
            return t(f"dscene.phase.{phase}")
        return t("dscene.phase.over") if phase == "over" else None

    def _banner_words(self, event: Event) -> str:
        d = event.data
        if event.kind != "PhaseBegan":
            return ""
        phase = d.get("phase")
        if phase == "round":
            return t("dscene.round_banner", round=d.get("round", ""))
        if phase == "dungeon":
            seat = d.get("seat")
            return t("dscene.dungeon_of", name=self.seat_name(seat)) if isinstance(seat, int) else ""
        if phase in ("resolution", "village", "market"):
            return t(f"dscene.phase.{phase}")
        return ""

    # ================================================================= per frame
    def update(self, dt: float) -> None:
        """Advance flights, counters and the turn flow; show your own dungeon when your turn comes."""
        super().update(dt)
        self.flights.update(dt)
        if not self.flights.busy and self.flights.flights:
            self.flights.clear_done()
        for seat_counters in self.counters.values():
            for c in seat_counters.values():
                c.update(dt)
        can = self.can_act()
        if can and not self._could_act:
            self.pinned = None
        self._could_act = can

    def is_animating(self) -> bool:
        """Also tick while chips fly or counters roll."""
        if super().is_animating() or self.flights.busy:
            return True
        return any(c.animating for sc in self.counters.values() for c in sc.values())

    # ================================================================= layout
    def layout_for(self, seat: int, p: dict[str, Any]) -> Layout | None:
        """Return where a seat's dungeon goes in the board area (scaled, scrolled to the hero's floor)."""
        board = self.board_of(p)
        if board is None:
            return None
        cols = [c for (_, c) in board.cells]
        lo, hi = min(cols), max(cols)
        rows = board.floors
        pending = p.get("status") == "depths" and p.get("pending_map") in self.content.cards
        if pending:
            last = board.offsets[-1] if board.offsets else 0
            lo, hi = min(lo, last - 1), max(hi, last + 6)
            rows += len(self.content.side(p["pending_map"], 0))
        area = self.board_rect.inflate(-24, -24)
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
            hero = int(p.get("hero_row", 0))
            focus = rows - 1 if pending else hero
            if self._auto_row.get(seat) != (focus, rows):
                self._auto_row[seat] = (focus, rows)  # type: ignore[assignment]
                want = (focus + 1) * cell - area.h * 0.6 + 0.7 * cell
                self.scroll[seat] = want
            max_scroll = total_h - area.h + 8
            self.scroll[seat] = max(0.0, min(max_scroll, self.scroll.get(seat, 0.0)))
            oy = top - round(self.scroll[seat])
        return Layout(seat, board, lo, hi, rows, cell, ox, oy, area.inflate(12, 12))

    # ================================================================= drawing: board
    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the large dungeon (or the map choice / market / village screens), the hand panel and heroes."""
        seat = self.shown_seat()
        p = self.player(seat)
        self._backdrop(surface)
        self.layout = None
        mode = self.screen_mode(view)
        if mode == "village":
            self._draw_village(surface)
        elif mode == "market":
            self._draw_market(surface, view)
        elif mode == "map":
            self._draw_map_choice(surface, seat, p)
        else:
            self._draw_dungeon(surface, seat, p)
        self._draw_hand(surface, seat, p)
        self._draw_heroes(surface, view)
        self._draw_flights(surface)

    def screen_mode(self, view: dict[str, Any]) -> str:
        """What the board area shows: village, market, map (Entrance side choice) or dungeon."""
        p = self.player(self.shown_seat())
        if self.village is not None:
            return "village"
        if self.replay is None and view.get("phase") == "market" and self.match.to_act() is not None:
            return "market"
        if self.replay is None and p.get("status") == "map" and p.get("pending_map") in self.content.cards:
            return "map"
        return "dungeon"

    def _backdrop(self, surface: pygame.Surface) -> None:
        """Blit the table with the three panels already on it: one opaque blit instead of three blended ones."""
        from game.app import draw as app_draw

        area = pygame.Rect(0, self.board_rect.y - 10, 1280, self.board_rect.h + 22)
        key = ("backdrop", gfx.palette().name, surface.get_size())
        hit = self._chrome_cache.get(key)
        if hit is None:
            hit = app_draw.table_background(surface.get_size()).copy()
            self._chrome(hit, self.board_rect, True, 12)
            self._chrome(hit, self.hand_rect, True, 12)
            self._chrome(hit, self.heroes_rect, False, 8)
            hit = hit.subsurface(area).copy()
            if pygame.display.get_surface() is not None:
                hit = hit.convert()
            self._chrome_cache[key] = hit
        surface.blit(hit, area.topleft)

    def _chrome(self, surface: pygame.Surface, rect: pygame.Rect, dark: bool, radius: int) -> None:
        """Draw a panel background from a cache (panels with soft shadows are costly to paint)."""
        pal = gfx.palette()
        key = (tuple(rect), dark, radius, pal.name)
        cache = self._chrome_cache
        hit = cache.get(key)
        if hit is None:
            m = 16
            hit = pygame.Surface((rect.w + 2 * m, rect.h + 2 * m), pygame.SRCALPHA)
            inner = pygame.Rect(m, m, rect.w, rect.h)
            colour = gfx.lerp_colour(pal.table_dark, (20, 18, 16), 0.3) if dark else None
            gfx.panel(hit, inner, colour=colour, edge=pal.edge, radius=radius)
            cache[key] = hit
        surface.blit(hit, (rect.x - 16, rect.y - 16))

    def _title(self, surface: pygame.Surface, text: str, sub: str = "") -> dict[str, pygame.Rect]:
        """Draw the board's heading (shrunk, then cut, to leave room for ``sub`` on its right); return its rects."""
        pal = gfx.palette()
        r = self.board_rect
        room = r.w - 36
        out: dict[str, pygame.Rect] = {}
        ss = 16
        if sub:
            sub, ss = fit_line(sub, 16, room // 3, minimum=11)
            room -= gfx.text_size(sub, ss)[0] + 16
        text, size = fit_line(text, 20, room, minimum=14, bold=True)
        out["title"] = gfx.text(surface, text, (r.x + 18, r.y + 12), size, pal.accent, bold=True)
        if sub:
            out["sub"] = gfx.text(surface, sub, (r.right - 18, out["title"].centery), ss, pal.ink_light, "midright")
        return out

    def _draw_dungeon(self, surface: pygame.Surface, seat: int, p: dict[str, Any]) -> None:
        pal = gfx.palette()
        lay = self.layout_for(seat, p)
        title = t("dscene.resolution_of", name=self.seat_name(seat)) if self.replay else \
            t("dscene.dungeon_of", name=self.seat_name(seat))
        if lay is None:
            self._title(surface, title)
            gfx.text(surface, t("dscene.not_entered", name=self.seat_name(seat)), self.board_rect.center, 18,
                     pal.ink_light, "center", max_width=self.board_rect.w - 80)
            return
        self.layout = lay
        hero_row = int(p.get("hero_row", 0))
        self._title(surface, title, t("dscene.floor_of", n=hero_row + 1, total=lay.board.floors))
        clip = surface.get_clip()
        surface.set_clip(lay.clip)
        base = self._dungeon_base(lay, p, hero_row, self.replay is None)
        surface.blit(base, (lay.ox - lay.cell, lay.oy - lay.cell))
        legal = self._legal_cells(seat, p)
        if legal:
            lit = self._lit(lay.cell)
            for pos in legal:
                surface.blit(lit, lay.cell_rect(*pos).topleft)
        d = round(lay.cell * 0.8)
        for ch in p.get("chips", []):
            try:
                r, c, face, cid = int(ch["row"]), int(ch["col"]), ch["face"], ch["chip"]
            except (KeyError, TypeError, ValueError):
                continue
            if cid in self.in_flight:
                continue
            mark = self.replay.marks.get((r, c)) if self.replay else None
            img = art.chip(self.model, face, d, dim=mark in ("defeated", "spent"))
            surface.blit(img, img.get_rect(center=lay.center(r, c)))
        if self.replay is not None:
            self._draw_marks(surface, lay)
        if p.get("status") == "depths":
            self._draw_depths_ghost(surface, seat, p, lay)
        self._draw_hero(surface, seat, lay, hero_row)
        self._draw_fx(surface, lay)
        surface.set_clip(clip)
        if lay.oy + lay.rows * lay.cell > lay.clip.bottom or lay.oy - 0.7 * lay.cell < lay.clip.top:
            self._draw_scrollbar(surface, lay)

    def _draw_scrollbar(self, surface: pygame.Surface, lay: Layout) -> None:
        pal = gfx.palette()
        total = (lay.rows + 0.7) * lay.cell
        view_h = lay.clip.h
        track = pygame.Rect(self.board_rect.right - 10, lay.clip.y, 4, lay.clip.h)
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
        hit = self._chrome_cache.get(key)
        if hit is None:
            pal = gfx.palette()
            hit = pygame.Surface((cell, cell), pygame.SRCALPHA)
            rr = hit.get_rect().inflate(-6, -6)
            gfx.rounded_rect(hit, rr, gfx.with_alpha(pal.legal, 70), 8)
            gfx.rounded_rect(hit, rr, gfx.with_alpha(pal.legal, 200), 8, 2)
            self._chrome_cache[key] = hit
        return hit

    def _dungeon_base(self, lay: Layout, p: dict[str, Any], hero_row: int, frame: bool) -> pygame.Surface:
        """The maps of a dungeon composed once: unreached floors shaded, the current floor framed
        (cached by maps, hero floor, cell size and palette)."""
        maps = tuple((m["card"], int(m["side"]), int(m["offset"])) for m in p.get("maps", []))
        key = (maps, lay.cell, lay.lo, lay.hi, lay.rows, hero_row, frame, gfx.palette().name)
        if self._base_cache is not None and self._base_cache[0] == key:
            return self._base_cache[1]
        cell = lay.cell
        w = (lay.hi - lay.lo + 3) * cell
        h = (lay.rows + 2) * cell
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        row0 = 0
        for i, (card, side, offset) in enumerate(maps):
            img = art.map_side(self.model, self.content, card, side, cell)
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

    def _legal_cells(self, seat: int, p: dict[str, Any]) -> list[tuple[int, int]]:
        if not self.my_turn_on(seat) or p.get("status") != "place" or self.layout is None:
            return []
        out = []
        board = self.layout.board
        for a in self.legal:
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

    def _draw_marks(self, surface: pygame.Surface, lay: Layout) -> None:
        pal = gfx.palette()
        assert self.replay is not None
        for (r, c), mark in self.replay.marks.items():
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

    def _draw_fx(self, surface: pygame.Surface, lay: Layout) -> None:
        pal = gfx.palette()
        for fx in self.fx:
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

    # ---------------------------------------------------------------- Depths placement
    def _depths_state(self, seat: int, p: dict[str, Any]) -> dict[str, Any]:
        key = (seat, p.get("pending_map"), len(p.get("maps", [])))
        dc = self.depths_choice
        if dc["key"] != key:
            dc.update(key=key, side=0, shift=0)
        return dc

    def _ghost_rect(self, lay: Layout, p: dict[str, Any], shift: int) -> pygame.Rect:
        last = lay.board.offsets[-1] if lay.board.offsets else 0
        rows = len(self.content.side(p["pending_map"], 0))
        x = lay.ox + (last + shift - lay.lo) * lay.cell
        y = lay.oy + lay.board.floors * lay.cell
        return pygame.Rect(x, y, 6 * lay.cell, rows * lay.cell)

    def _drag_shift(self, lay: Layout, p: dict[str, Any]) -> int | None:
        d = self.router.dragging
        if d is None or d.payload != _ui("ghost"):
            return None
        base = self._ghost_rect(lay, p, 0).x
        left = self.router.mouse[0] - self.router.drag_offset[0]
        return max(-1, min(1, round((left - base) / lay.cell)))

    def _draw_depths_ghost(self, surface: pygame.Surface, seat: int, p: dict[str, Any], lay: Layout) -> None:
        pal = gfx.palette()
        card = p.get("pending_map")
        if card not in self.content.cards:
            return
        dc = self._depths_state(seat, p)
        shift = dc["shift"]
        dragged = self._drag_shift(lay, p)
        if dragged is not None:
            shift = dragged
        for k in (-1, 0, 1):  # the three places it may go, outlined
            if k != shift:
                slot = self._ghost_rect(lay, p, k)
                pygame.draw.rect(surface, gfx.lerp_colour(pal.ink_light, pal.table_dark, 0.55), slot, 2,
                                 border_radius=6)
        rect = self._ghost_rect(lay, p, shift)
        if dragged is not None:
            rect.x = self.router.mouse[0] - self.router.drag_offset[0]
        rect.y += round((1 - self.ghost_slide) * lay.cell * 3)
        alpha = round(150 + 80 * self.ghost_slide) // 10 * 10
        gkey = ("ghost", card, dc["side"], lay.cell, alpha)
        img = self._chrome_cache.get(gkey)
        if img is None:
            img = art.map_side(self.model, self.content, card, dc["side"], lay.cell).copy()
            img.set_alpha(alpha)
            if len(self._chrome_cache) > 64:
                self._chrome_cache.clear()
            self._chrome_cache[gkey] = img
        gfx.shadow(surface, rect, 6, (4, 8), blur=6)
        surface.blit(img, rect)
        gfx.rounded_rect(surface, rect.inflate(6, 6), pal.accent, 6, 3)

    # ---------------------------------------------------------------- map choice
    def _map_choice_rects(self) -> tuple[int, list[pygame.Rect]]:
        area = self.board_rect.inflate(-40, -40)
        cell = min(48, (area.w - 40) // 12)
        w, h = 6 * cell, 3 * cell
        y = area.y + 90
        gap = area.w - 2 * w
        return cell, [pygame.Rect(area.x + gap // 3, y, w, h), pygame.Rect(area.x + 2 * gap // 3 + w, y, w, h)]

    def _draw_map_choice(self, surface: pygame.Surface, seat: int, p: dict[str, Any]) -> None:
        pal = gfx.palette()
        card = p["pending_map"]
        out = self._title(surface, t("dscene.choose_map"), self.seat_name(seat))
        self.text_rects["map"] = out
        cell, rects = self._map_choice_rects()
        for side, rect in enumerate(rects):
            img = art.map_side(self.model, self.content, card, side, cell)
            arch = art.entrance_arch(round(cell * 2.2))
            surface.blit(arch, arch.get_rect(midbottom=(rect.centerx, rect.y + 2)))
            gfx.shadow(surface, rect, 4, (4, 6), blur=6)
            surface.blit(img, rect)
            label, ls = fit_line(t("dscene.depths_side", n=side + 1, name=self.side_name(card, side)), 17, rect.w,
                                 minimum=12, bold=True)
            lr = out[f"side.{side}"] = gfx.text(surface, label, (rect.centerx, rect.bottom + 12), ls, pal.accent,
                                                "midtop", bold=True)
            out[f"summary.{side}"] = gfx.text(surface, self._side_summary(card, side), (rect.centerx, lr.bottom + 2),
                                              14, pal.ink_light, "midtop", max_width=rect.w)

    def _side_summary(self, card: str, side: int) -> str:
        cells = [c for floor in self.content.side(card, side) for c in floor]
        mand = sum(1 for c in cells if c.kind == "feature" and c.mandatory)
        opt = sum(1 for c in cells if c.kind == "feature" and not c.mandatory)
        obs = sum(1 for c in cells if c.kind == "obstacle")
        mon = sum(1 for c in cells if c.kind == "feature" and art.token_category(self.model, c.token) == "monster")
        def part(what: str, n: int) -> str:
            return t(f"dscene.side_{what}." + ("one" if n == 1 else "many"), n=n)

        return t("dscene.side_summary", mandatory=part("mandatory", mand), optional=part("optional", opt),
                 obstacles=part("obstacles", obs), monsters=part("monsters", mon))

    # ---------------------------------------------------------------- village
    def _draw_village(self, surface: pygame.Surface) -> None:
        pal = gfx.palette()
        out = self._title(surface, t("dscene.village_title"))
        self.text_rects["village"] = out
        w = self.board_rect.w - 100
        lines = self.village or []
        size = 18
        while size > 12 and sum(gfx.text_size(x, size, max_width=w - 40)[1] + 8 for x in lines) \
                > self.board_rect.h - 140:
            size -= 1
        h = sum(gfx.text_size(x, size, max_width=w - 40)[1] + 8 for x in lines)
        box = pygame.Rect(0, 0, w, h + 26)
        box.center = self.board_rect.center
        inner = gfx.panel(surface, box, radius=12)
        y = inner.y + 10
        for i, line in enumerate(lines):
            out[f"line.{i}"] = rr = gfx.text(surface, line, (inner.x + 10, y), size, pal.ink, max_width=inner.w - 20)
            y = rr.bottom + 8

    # ---------------------------------------------------------------- market
    def _offer_layout(self, view: dict[str, Any]) -> list[tuple[str, pygame.Rect]]:
        market = view.get("market") or {}
        ctypes = [c for c in market if c in self.model.chips]
        ctypes.sort(key=lambda c: (self.model.chips[c].tier, c))
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
        mk = self.model.market
        head = self._market_head(view)
        rects: dict[str, pygame.Rect] = {}
        self.text_rects["market"] = rects
        x = self.board_rect.x + 18
        rects["title"] = gfx.text(surface, head["title"], (x, self.board_rect.y + 10), head["title_size"], pal.accent,
                                  bold=True)
        rects["info"] = gfx.text(surface, "\n".join(head["info"]), (x, head["info_y"]), head["info_size"],
                                 pal.ink_light)
        market = view.get("market") or {}
        self._offer_rects = {}
        rnd = int(view.get("round", 1))
        legal_buys = {str(a["chip"]) for a in self.legal if a.kind == "buy"}
        for ctype, rect in self._offer_layout(view):
            self._offer_rects[ctype] = rect
            chip = self.model.chips[ctype]
            stock = len(market.get(ctype, []))
            locked = rnd < mk.unlock_rounds[chip.tier - 1]
            buyable = ctype in legal_buys
            bg = pal.panel if buyable else gfx.lerp_colour(pal.panel_dark, pal.table, 0.3)
            gfx.shadow(surface, rect, 8, (2, 3), blur=3)
            gfx.rounded_rect(surface, rect, bg, 8)
            gfx.rounded_rect(surface, rect, pal.accent if buyable else pal.edge, 8, 2)
            d = min(40, rect.h - 8)
            for i, face in enumerate(chip.faces):
                img = art.chip(self.model, face, d, dim=stock == 0)
                surface.blit(img, img.get_rect(center=(rect.x + 6 + d // 2 + i * (d - 8), rect.centery)))
            tx = rect.x + 12 + 2 * d - 8
            ink = pal.ink if buyable else pal.ink_soft
            price = self.state.price(ctype)
            coin = art.ui_icon("coin", 18)
            pr = gfx.text(surface, str(price), (rect.right - 10, rect.centery), 18, ink, "midright", bold=True)
            cr = coin.get_rect(midright=(pr.x - 3, pr.centery))
            surface.blit(coin, cr)
            rects[f"offer.{ctype}.price"] = pr.union(cr)
            room = cr.x - tx - 6  # names are cut here: the whole name is in the tooltip and the zoom
            note = t("dscene.locked", n=mk.unlock_rounds[chip.tier - 1]) if locked else t("dscene.stock", n=stock)
            two = rect.h >= 40
            ls, ns = 15, 12
            while two and ls > 10 and gfx.line_height(ls, True) + gfx.line_height(ns) > rect.h - 4:
                ls, ns = ls - 1, max(9, ns - 1)
            label, ls = fit_line(self.ctype_label(ctype), ls, room, minimum=min(ls, 12), bold=True)
            rects[f"offer.{ctype}.label"] = gfx.text(surface, label, (tx, rect.y + 2) if two else (tx, rect.centery),
                                                     ls, ink, "topleft" if two else "midleft", bold=True)
            if two:
                line, ns = fit_line(f"{t('dscene.tier', n=chip.tier)} · {note}", ns, room, minimum=max(9, ns - 2))
                rects[f"offer.{ctype}.note"] = gfx.text(surface, line, (tx, rect.bottom - 2), ns, pal.ink_soft,
                                                        "bottomleft")

    def _draw_bag_grid(self, surface: pygame.Surface, seat: int, p: dict[str, Any], box: pygame.Rect) -> None:
        """What is in a bag: each chip as its first face with the second peeking out behind."""
        pal = gfx.palette()
        bag = sorted((c for c in p.get("bag", []) if isinstance(c, str)),
                     key=lambda c: (self.state.catalog.get(c, ""), c))
        head, hs = fit_line(t("dscene.bag_contents", name=self.seat_name(seat), n=len(bag)), 14, box.w, minimum=10,
                            bold=True)
        hr = gfx.text(surface, head, (box.x, box.y), hs, pal.ink_light, bold=True)
        top = max(box.y + 44, hr.bottom + 18)
        per = max(1, box.w // 46)
        rows = max(1, (box.bottom - top + 20) // 38)
        shown = bag[:per * rows]
        for i, cid in enumerate(shown):
            faces = self.chip_faces(cid)
            if not faces:
                continue
            r, k = divmod(i, per)
            cx, cy = box.x + 18 + k * 46, top + r * 38
            back = art.chip(self.model, faces[1], 22)
            surface.blit(back, back.get_rect(center=(cx + 13, cy + 8)))
            img = art.chip(self.model, faces[0], 32)
            surface.blit(img, img.get_rect(center=(cx, cy)))
        if len(bag) > len(shown):
            gfx.text(surface, f"+{len(bag) - len(shown)}", (box.right, box.bottom), 14, pal.ink_light, "bottomright")

    # ---------------------------------------------------------------- hand panel
    def _hand_spots(self) -> dict[str, Any]:
        r = self.hand_rect
        return {"bag": (r.x + 62, r.y + 238), "slot": (r.x + 176, r.y + 238),
                "faces": [(r.x + 150, r.y + 306), (r.x + 202, r.y + 306)],
                "buttons": [pygame.Rect(r.x + 14, r.y + 330, r.w - 28, 40),
                            pygame.Rect(r.x + 14, r.y + 378, r.w - 28, 40)],
                "hint": pygame.Rect(r.x + 14, r.y + 430, r.w - 28, r.h - 442)}

    def _draw_hand(self, surface: pygame.Surface, seat: int, p: dict[str, Any]) -> None:
        pal = gfx.palette()
        r = self.hand_rect

        fig = art.hero_figure(seat, 58)
        surface.blit(fig, (r.x + 12, r.y + 10))
        hero = self.model.heroes.get(p.get("hero", ""))
        sub = i18n.localize(hero.title, self.lang) if hero is not None and hero.title else ""
        # hero name, title and seat name, one under the other by their real line heights, above the counters
        room_w, top = r.w - 70, r.y + 8
        bottom = r.y + 96 + self._counter_dy() - gfx.line_height(24, True) // 2
        k = 0
        while k < 6 and gfx.line_height(20 - k, True) + 2 * gfx.line_height(14 - k) > bottom - top:
            k += 1
        card: dict[str, pygame.Rect] = {}
        y = top
        for name, text, size, colour, bold in (
                ("hero", self.hero_name(seat), 20 - k, pal.accent, True),
                ("title", sub, 14 - k, pal.ink_light, False),
                ("seat", self.seat_name(seat), 14 - k,
                 gfx.lerp_colour(gfx.seat_colour(seat), pal.ink_light, 0.4), True)):
            line, sz = fit_line(text, size, room_w, minimum=max(9, size - 3), bold=bold)
            card[name] = gfx.text(surface, line, (r.x + 62, y), sz, colour, bold=bold)
            y = card[name].bottom
        self.text_rects["card"] = card
        self._draw_counters(surface, seat, p)
        spots = self._hand_spots()
        bag_n = len(p.get("bag", []))
        bag_img = art.svg("bag.svg", (96, 96))
        surface.blit(bag_img, bag_img.get_rect(center=spots["bag"]))
        label = t("dscene.bag", n=bag_n)
        gfx.text(surface, label, (spots["bag"][0], spots["bag"][1] - 50),
                 min(14, gfx.fit_text_size(label, 108, 24, 14, 8)), pal.ink_light, "midbottom")
        if p.get("status") == "draw" and self.my_turn_on(seat):
            gfx.rounded_rect(surface, pygame.Rect(0, 0, 104, 104).move(spots["bag"][0] - 52, spots["bag"][1] - 52),
                             gfx.with_alpha(pal.legal, 200), 52, 3)
        if self.screen_mode(self.view) == "market":
            box = pygame.Rect(r.x + 12, r.y + 300, r.w - 24, 176)
            key = (seat, tuple(p.get("bag", [])), self.lang, gfx.palette().name, gfx.text_scale())
            self._layer("bag", key, box.inflate(8, 8), surface, lambda surf: self._draw_bag_grid(surf, seat, p, box))
        else:
            self._draw_drawn_chip(surface, seat, p, spots)
        if p.get("status") == "floor_done" and self.replay is None:
            done, ds = fit_line(t("dscene.floor_done", floor=int(p.get("hero_row", 0)) + 1), 15, r.w - 24,
                                minimum=11, bold=True)
            gfx.text(surface, done, (r.centerx, spots["buttons"][0].y - 8), ds, pal.accent, "midbottom", bold=True)
            for b in self._floor_buttons(seat, p):
                b.draw(surface, hovered=self.router.hovered is not None and self.router.hovered.key == b.key)
        if p.get("status") == "depths" and self.replay is None:
            for b in self._depths_buttons(seat, p):
                b.draw(surface, hovered=self.router.hovered is not None and self.router.hovered.key == b.key)
        self._draw_hint(surface, seat, p, spots["hint"])

    def _draw_counters(self, surface: pygame.Surface, seat: int, p: dict[str, Any]) -> None:
        cs = self.counters_for(seat, p)
        r = self.hand_rect
        dy = self._counter_dy()
        spots = {"health": (r.x + 12, r.y + 96 + dy), "gold": (r.x + 162, r.y + 96 + dy),
                 "vp": (r.x + 12, r.y + 132 + dy), "xp": (r.x + 162, r.y + 132 + dy)}
        if seat not in self._held:
            cs["health"].maximum = int(p.get("max_health", 0)) or None
            for k in ("health", "gold", "vp", "xp"):
                cs[k].set(int(p.get(k, 0)))
        for k, c in cs.items():
            c.pos = spots[k]
            # a long number or label (large text, "10/10 health") must not run into the next column
            room = (r.x + 154 - c.pos[0]) if k in ("health", "vp") else (r.right - 8 - c.pos[0])
            c.size = 24
            while c.size > 14 and self.counter_width(c) > room:
                c.size -= 1
            c.draw(surface)

    @staticmethod
    def _counter_dy() -> int:
        """How far the counters move down at larger text (room for the hero card's three lines above)."""
        return min(12, max(0, (gfx.line_height(24, True) - 33) * 3 // 4))

    @staticmethod
    def counter_width(c: Counter) -> int:
        """Return how wide ``c`` draws (icon, number and label) at its size, as Counter.draw lays it out."""
        size = round(c.size * c.scale)
        s = str(round(c.shown)) + (f"/{c.maximum}" if c.maximum is not None else "")
        w = (round(c.size * 1.0) + 6 if c.image is not None else round(c.size * 0.95) if c.icon else 0)
        w += gfx.text_size(s, size, True)[0]
        if c.label:
            w += 6 + gfx.text_size(c.label, max(12, c.size // 2))[0]
        return w

    def counters_for(self, seat: int, p: dict[str, Any] | None = None) -> dict[str, Counter]:
        """Return (making them once) the health, gold, Valor and XP counters of a seat."""
        cs = self.counters.get(seat)
        if cs is None:
            p = p or {}
            icon = {k: art.ui_icon(n, 24) for k, n in (("health", "heart"), ("gold", "coin"), ("vp", "star"),
                                                         ("xp", "flame"))}
            cs = {"health": Counter(int(p.get("health", 0)), (0, 0), t("dscene.health"), size=24,
                                    image=icon["health"], maximum=int(p.get("max_health", 0)) or None),
                  "gold": Counter(int(p.get("gold", 0)), (0, 0), t("dscene.gold"), size=24, image=icon["gold"]),
                  "vp": Counter(int(p.get("vp", 0)), (0, 0), t("dscene.vp"), size=24, image=icon["vp"]),
                  "xp": Counter(int(p.get("xp", 0)), (0, 0), t("dscene.xp"), size=24, image=icon["xp"])}
            self.counters[seat] = cs
        for k, key in (("health", "dscene.health"), ("gold", "dscene.gold"), ("vp", "dscene.vp"),
                       ("xp", "dscene.xp")):
            cs[k].label = t(key)
        return cs

    def _current_face(self, chip_id: str) -> str | None:
        faces = self.chip_faces(chip_id)
        if not faces:
            return None
        return faces[self.face_choice.get(chip_id, 0) % len(faces)]

    def _chip_prop(self, chip_id: str) -> anim.Prop:
        props = self._props
        prop = props.get(chip_id)
        if prop is None:
            prop = anim.Prop(self._hand_spots()["slot"])
            props.clear()
            props[chip_id] = prop
        return prop

    def _draw_drawn_chip(self, surface: pygame.Surface, seat: int, p: dict[str, Any], spots: dict[str, Any]) -> None:
        pal = gfx.palette()
        cid = p.get("pending_chip")
        slot = spots["slot"]
        label = t("dscene.drawn")
        gfx.text(surface, label, (slot[0], slot[1] - 50), min(14, gfx.fit_text_size(label, 104, 24, 14, 8)),
                 pal.ink_light, "midbottom")
        pygame.draw.circle(surface, gfx.lerp_colour(pal.table_dark, (0, 0, 0), 0.3), slot, 46)
        pygame.draw.circle(surface, pal.edge, slot, 46, 2)
        if not cid or cid in self.in_flight:
            return
        face = self._current_face(cid)
        prop = self._chip_prop(cid)
        img = art.chip(self.model, face, 84)
        gfx.draw_prop(surface, prop, img, shadow_px=4)
        faces = self.chip_faces(cid)
        for i, (f, pos) in enumerate(zip(faces, spots["faces"])):
            small = art.chip(self.model, f, 34, dim=f != face)
            surface.blit(small, small.get_rect(center=pos))
            if f == face:
                pygame.draw.circle(surface, pal.accent, pos, 20, 2)
        name, ns = fit_line(self.tname(face), 15, slot[0] - 64 - self.hand_rect.x - 12, minimum=11, bold=True)
        gfx.text(surface, name, (slot[0] - 64, slot[1] + 68), ns, pal.accent, "midright", bold=True)

    def _floor_buttons(self, seat: int, p: dict[str, Any]) -> list[Button]:
        spots = self._hand_spots()
        floor = int(p.get("hero_row", 0)) + 1
        n = len(p.get("bag", []))
        legal = set(self.legal) if self.my_turn_on(seat) else set()
        cont, stop = Action.of("continue"), Action.of("stop")
        return [Button(spots["buttons"][0], t("dscene.continue"), cont, cont in legal,
                       t("dscene.continue_tip", floor=floor + 1, n=n), 17, True, key=("dg-btn", "continue")),
                Button(spots["buttons"][1], t("dscene.stop"), stop, stop in legal,
                       t("dscene.stop_tip", floor=floor), 17, False, key=("dg-btn", "stop"))]

    def _depths_actions(self, seat: int, p: dict[str, Any]) -> list[Action]:
        dc = self._depths_state(seat, p)
        chosen = Action.of("place_depths", side=dc["side"], shift=dc["shift"])
        others = [Action.of("place_depths", side=s, shift=k) for s in (0, 1) for k in (-1, 0, 1)]
        return [chosen] + [a for a in others if a != chosen]

    def _depths_buttons(self, seat: int, p: dict[str, Any]) -> list[Button]:
        spots = self._hand_spots()
        dc = self._depths_state(seat, p)
        card = p.get("pending_map")
        mine = self.my_turn_on(seat)
        b0, b1 = spots["buttons"]
        half = (b0.w - 8) // 2
        out = [Button(pygame.Rect(b0.x + k * (half + 8), b0.y, half, b0.h),
                      t("dscene.side_n", n=k + 1),
                      _ui("side", k), mine, t("dscene.depths_side", n=k + 1, name=self.side_name(card, k)), 15,
                      dc["side"] == k, key=("dg-btn", "side", k)) for k in (0, 1)]
        out.append(Button(b1, t("dscene.depths_confirm"), self._depths_actions(seat, p), mine,
                          t("dscene.shift_word." + str(dc["shift"])), 17, True, key=("dg-btn", "confirm")))
        return out

    def _draw_hint(self, surface: pygame.Surface, seat: int, p: dict[str, Any], rect: pygame.Rect) -> None:
        pal = gfx.palette()
        status = p.get("status", "waiting")
        hint = self.view.get("hint") if seat == self.viewer else None
        if self.replay is not None or self.village is not None:
            text = t("ui.click_to_skip")
        elif self.my_turn_on(seat) or (self.view.get("phase") == "market" and self.can_act()):
            key = "market" if self.view.get("phase") == "market" else status
            text = t(f"dscene.do.{key}") if i18n.has(f"dscene.do.{key}") else ""
            if status == "depths":
                text = t("dscene.depths_help")
        elif self.match.to_act() is not None and self.match.to_act() != self.viewer:
            text = t("dscene.do.watch", name=self.seat_name(self.match.to_act()))
        else:
            text = t(f"dscene.do.{status}") if i18n.has(f"dscene.do.{status}") else ""
        if hint:
            text = (text + "\n\n" if text else "") + i18n.localize(hint, self.lang)
        else:
            text = (text + "\n\n" if text else "") + t("dscene.inspect_hint")
        self.hint_text = text
        key = (text, tuple(rect), pal.name, gfx.text_scale(), self.lang)
        if self._hint_cache is None or self._hint_cache[0] != key:
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            br = box.get_rect()
            gfx.rounded_rect(box, br, (*pal.panel[:3], 235), 8)
            gfx.rounded_rect(box, br, pal.edge, 8, 2)
            title = gfx.text(box, t("dscene.what_now"), (10, 6), 14, pal.ink_soft, bold=True)
            room = br.h - 6 - title.bottom
            size = 14
            while size > 9 and gfx.text_size(text, size, max_width=br.w - 20)[1] > room:
                size -= 1
            lines = gfx.wrap(text, size, br.w - 20)
            fit = max(1, room // gfx.line_height(size))
            if len(lines) > fit:  # still too long: cut the last line that fits; the whole text is the tooltip
                lines = lines[:fit]
                lines[-1] = fit_line(lines[-1] + " …", size, br.w - 20, minimum=size)[0]
                if not lines[-1].endswith("…"):
                    lines[-1] = lines[-1].rstrip(" …") + "…"
            self.hint_truncated = len(lines) < len(gfx.wrap(text, size, br.w - 20))
            gfx.text(box, "\n".join(lines), (10, title.bottom), size, pal.ink)
            self._hint_cache = (key, box)
        surface.blit(self._hint_cache[1], rect.topleft)

    # ---------------------------------------------------------------- heroes panel
    def _hero_rows(self) -> list[tuple[int, pygame.Rect]]:
        n = len(self.match.seats)
        r = self.heroes_rect
        top = max(32, 4 + gfx.line_height(16, True))
        # taller rows at larger text when there is room (name, status and counters at their own sizes)
        want = max(64, gfx.line_height(15, True) + gfx.line_height(12) + gfx.line_height(13, True) + 8)
        h = min(want, (r.h - top - 4) // max(1, n))
        return [(s, pygame.Rect(r.x + 8, r.y + top + s * h, r.w - 16, h - 4)) for s in range(n)]

    def _draw_heroes(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The heroes list, painted into a cached layer while nothing it shows changes."""
        shown, acting = self.shown_seat(), self.match.to_act()
        rows = []
        for s in range(len(self.match.seats)):
            p = self.player(s)
            rows.append((p.get("status"), p.get("health"), p.get("max_health"), p.get("gold"), p.get("vp"),
                         p.get("hero_row"), len(p.get("maps", [])), len(p.get("chips", []))))
        key = (shown, acting, tuple(rows), self.lang, gfx.palette().name, gfx.text_scale())
        if self._heroes_cache is None or self._heroes_cache[0] != key:
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            area = self.heroes_rect.inflate(-4, -4)
            self._paint_heroes(layer, view)
            self._heroes_cache = (key, layer.subsurface(area).copy(), area.topleft)
        surface.blit(self._heroes_cache[1], self._heroes_cache[2])

    def _paint_heroes(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        pal = gfx.palette()

        gfx.text(surface, t("dscene.heroes"), (self.heroes_rect.x + 12, self.heroes_rect.y + 4), 16, pal.ink_soft,
                 bold=True)
        shown = self.shown_seat()
        acting = self.match.to_act()
        for s, rect in self._hero_rows():
            p = self.player(s)
            if s == shown:
                gfx.rounded_rect(surface, rect, gfx.with_alpha(pal.accent, 90), 6)
                gfx.rounded_rect(surface, rect, pal.accent, 6, 2)
            gfx.draw_seat_badge(surface, s, (rect.x + 12, rect.y + 14), 7)
            name = self.seat_name(s) + (" »" if s == acting else "")
            room = rect.w - 150
            counters = rect.h >= 50
            # name, status and counters each get their own line: shrink all three until they fit the row
            k = 0
            while k < 5 and (gfx.line_height(15 - k, True) + gfx.line_height(12 - k)
                             + (gfx.line_height(13 - k, True) if counters else 0)) > rect.h - 2:
                k += 1
            name, ns = fit_line(name, 15 - k, room, bold=True)
            nr = gfx.text(surface, name, (rect.x + 24, rect.y + 2), ns, gfx.seat_ink(s), bold=True)
            st, ss = fit_line(self.status_text(p), 12 - k, room)
            sr = gfx.text(surface, st, (rect.x + 24, nr.bottom), ss, pal.ink_soft)
            self.hero_text_rects[s] = {"name": nr, "status": sr}
            x, y = rect.x + 24, sr.bottom
            row: pygame.Rect | None = None
            for icon, val in (("heart", f"{p.get('health', 0)}/{p.get('max_health', 0)}"),
                              ("coin", str(p.get("gold", 0))), ("star", str(p.get("vp", 0)))):
                if not counters:
                    break
                lh = gfx.line_height(13 - k, True)
                img = art.ui_icon(icon, 14)
                surface.blit(img, img.get_rect(midleft=(x, y + lh // 2)))
                rr = gfx.text(surface, val, (x + 17, y), 13 - k, pal.ink, bold=True)
                ir = pygame.Rect(x, y, rr.right - x, lh)
                row = ir if row is None else row.union(ir)
                x = rr.right + 10
            if row is not None:
                self.hero_text_rects[s]["counters"] = row
            if p.get("maps"):
                mini = self._miniature(s, p, pygame.Rect(0, 0, 112, rect.h - 6))
                surface.blit(mini, mini.get_rect(midright=(rect.right - 6, rect.centery)))

    def status_text(self, p: dict[str, Any]) -> str:
        """Return a seat's status in words ("choosing the side of ...")."""
        status = p.get("status", "waiting")
        st_key = f"dungeon.status.{status}"
        return t(st_key) if i18n.has(st_key) else str(status)

    def _miniature(self, seat: int, p: dict[str, Any], box: pygame.Rect) -> pygame.Surface:
        """A small picture of a seat's dungeon: maps, chips, features and the hero's floor (cached)."""
        maps = tuple((m.get("card"), m.get("side"), m.get("offset")) for m in p.get("maps", []))
        chips = tuple((c.get("row"), c.get("col"), c.get("face")) for c in p.get("chips", []))
        key = (maps, chips, p.get("hero_row"), box.size, gfx.palette().name, seat)
        hit = self._mini.get(key)
        if hit is not None:
            return hit
        pal = gfx.palette()
        surf = pygame.Surface(box.size, pygame.SRCALPHA)
        gfx.rounded_rect(surf, surf.get_rect(), (*pal.table_dark[:3], 255), 4)
        board = self.board_of(p)
        if board is not None:
            cols = [c for (_, c) in board.cells]
            lo, hi = min(cols), max(cols)
            rows = board.floors
            cs = max(2, min((box.w - 8) // (hi - lo + 1), (box.h - 6) // max(1, rows)))
            ox = (box.w - cs * (hi - lo + 1)) // 2
            oy = max(3, (box.h - cs * rows) // 2)
            occ = {(int(c.get("row", -1)), int(c.get("col", -99))): c.get("face") for c in p.get("chips", [])}
            hero = int(p.get("hero_row", 0))
            for (r, c), cell in board.cells.items():
                rect = pygame.Rect(ox + (c - lo) * cs, oy + r * cs, cs - 1, cs - 1)
                if rect.bottom > box.h:
                    continue
                colour: tuple = (112, 102, 92) if r <= hero else (70, 64, 58)
                if cell.kind == "obstacle":
                    colour = (40, 34, 30)
                elif cell.kind == "feature":
                    colour = art.RING_MANDATORY if cell.mandatory else (220, 214, 200)
                if (r, c) in occ:
                    colour = art.CATEGORY_COLOURS[art.token_category(self.model, occ[(r, c)])][0]
                pygame.draw.rect(surf, colour, rect)
            if hero < rows:
                y = oy + hero * cs + cs // 2
                gfx.draw_symbol(surf, gfx.seat_symbol(seat), (max(3, ox - 4), y), max(2, cs // 2),
                                gfx.seat_colour(seat), outline=pal.ink)
        if len(self._mini) > 64:
            self._mini.clear()
        self._mini[key] = surf
        return surf

    # ---------------------------------------------------------------- flights
    def _draw_flights(self, surface: pygame.Surface) -> None:
        for key, fl in list(self.flights.flights.items()):
            if fl.done:
                continue
            face = key[1] if isinstance(key, tuple) else None
            img = art.chip(self.model, face, 84 if isinstance(key, tuple) and key[2] == "big" else 48)
            draw_flying(surface, img, fl)

    # ================================================================= targets
    def targets(self, view: dict[str, Any], legal: list[Action]) -> list:
        """Regions: cells (place), the bag (draw), chip faces, map sides, Depths controls, offers, heroes.

        The list is rebuilt only when something it depends on changed (a move, the seat shown, the face
        or Depths choice, the layout, the language): the base marks legality and reasons on the same
        region objects once, so refusals are not worded again every frame.
        """
        seat = self.shown_seat()
        p = self.player(seat)
        mode = self.screen_mode(view)
        lay = self.layout_for(seat, p) if mode == "dungeon" else None
        cid = p.get("pending_chip")
        key = (id(self.state), len(self.match.history), self.viewer, seat, mode, self.replay is None,
               self.village is None, self.can_act(), self.face_choice.get(cid, 0) if cid else None,
               tuple(self.depths_choice.get(k) for k in ("key", "side", "shift")), self.lang, gfx.text_scale(),
               None if lay is None else (lay.cell, lay.ox, lay.oy, lay.lo, lay.hi, lay.rows),
               self.hint_text if self.hint_truncated else None)
        if self._targets_cache is not None and self._targets_cache[0] == key:
            self.layout = lay
            return self._targets_cache[1]
        out = self._build_targets(view, seat, p, mode, lay)
        self._targets_cache = (key, out)
        return out

    def _build_targets(self, view: dict[str, Any], seat: int, p: dict[str, Any], mode: str,
                       lay: Layout | None) -> list[HitRegion]:
        out: list[HitRegion] = []
        for s, rect in self._hero_rows():
            out.append(HitRegion(rect, _ui("seat", s), tooltip=t("dscene.show_seat", name=self.seat_name(s))
                                 + "\n" + self.status_text(self.player(s)),
                                 highlight=s != seat))
        if self.hint_truncated and self.hint_text:  # the "What now" box was cut: its whole text on hover
            out.append(HitRegion(self._hand_spots()["hint"], _ui("hint"), tooltip=self.hint_text, highlight=False))
        if self.replay is not None or self.village is not None:
            return out
        status = p.get("status")
        spots = self._hand_spots()
        self.layout = lay
        if mode == "market":
            for ctype, rect in self._offer_layout(view):
                out.append(HitRegion(rect, Action.of("buy", chip=ctype), inspect=_ui("ctype", ctype),
                                     tooltip=t("dscene.buy_tip", chip=self.ctype_label(ctype),
                                               price=self.state.price(ctype))))
        mine = self.my_turn_on(seat)
        bag_tip = t("dscene.bag_tip", n=len(p.get("bag", [])))
        if status == "draw" and mine:
            out.append(HitRegion(Circle(spots["bag"], 50), Action.of("draw"), tooltip=bag_tip,
                                 inspect=_ui("bag", seat)))
        else:
            out.append(HitRegion(Circle(spots["bag"], 50), _ui("bag", seat), tooltip=bag_tip, highlight=False))
        if mode == "map":
            _, rects = self._map_choice_rects()
            for side, rect in enumerate(rects):
                out.append(HitRegion(rect, Action.of("choose_map", side=side), inspect=_ui("side", p["pending_map"],
                                     side), tooltip=t("dscene.keep_side", n=side + 1,
                                                      name=self.side_name(p["pending_map"], side)) + "\n"
                                     + self._side_summary(p["pending_map"], side)))
        if status == "place" and p.get("pending_chip") and mine:
            out.extend(self._place_targets(seat, p, spots))
        elif self.layout is not None and self.layout.seat == seat:
            out.extend(self._cell_info_regions(p))
        if status == "floor_done":
            for b in self._floor_buttons(seat, p):
                reg = HitRegion(b.rect, b.payload, tooltip=b.tooltip, highlight=False, key=b.key)
                out.append(reg)
        if status == "depths" and mine and self.layout is not None:
            out.extend(self._depths_targets(seat, p))
        return out

    def _cell_tip(self, p: dict[str, Any], pos: tuple[int, int], board: Board) -> str:
        occ = {(int(c["row"]), int(c["col"])): c["face"] for c in p.get("chips", []) if isinstance(c, dict)}
        key = (id(board), pos, occ.get(pos), pos[0] > int(p.get("hero_row", 0)), self.lang)
        hit = self._tips.get(key)
        if hit is None:
            hit = self._cell_tip_text(p, pos, board, occ)
            if len(self._tips) > 2000:
                self._tips.clear()
            self._tips[key] = hit
        return hit

    def _cell_tip_text(self, p: dict[str, Any], pos: tuple[int, int], board: Board, occ: dict) -> str:
        cell = board.cells[pos]
        lines = []
        if pos in occ:
            lines.append(t("dscene.cell.chip", name=self.tname(occ[pos])))
            lines.append(self.tdesc(occ[pos]))
        elif cell.kind == "obstacle":
            lines.append(t("dscene.cell.obstacle"))
        elif cell.kind == "feature":
            lines.append(t("dscene.cell.mandatory" if cell.mandatory else "dscene.cell.optional",
                           name=self.tname(cell.token)))
            lines.append(self.tdesc(cell.token))
        elif cell.decor:
            lines.append(t("dscene.cell.decor", decor=t(f"dscene.decor.{cell.decor}")
                           if i18n.has(f"dscene.decor.{cell.decor}") else cell.decor))
        else:
            lines.append(t("dscene.cell.empty"))
        if pos[0] > int(p.get("hero_row", 0)) and cell.kind == "feature":
            lines.append(t("dscene.cell.unreached"))
        return "\n".join(x for x in lines if x)

    def _cell_info_regions(self, p: dict[str, Any]) -> list[HitRegion]:
        lay = self.layout
        assert lay is not None
        out = []
        for pos in lay.board.cells:
            rect = lay.cell_rect(*pos)
            if not lay.clip.colliderect(rect):
                continue
            out.append(HitRegion(rect.clip(lay.clip), _ui("cell", pos), tooltip=self._cell_tip(p, pos, lay.board),
                                 highlight=False, key=("cell", pos)))
        return out

    def _place_targets(self, seat: int, p: dict[str, Any], spots: dict[str, Any]) -> list[HitRegion]:
        out: list[HitRegion] = []
        cid = p["pending_chip"]
        faces = self.chip_faces(cid)
        face = self._current_face(cid)
        other = [f for f in faces if f != face]
        lay = self.layout
        if lay is not None and lay.seat == seat:
            board = lay.board
            for pos in board.cells:
                rect = lay.cell_rect(*pos)
                if not lay.clip.colliderect(rect):
                    continue
                floor, space = pos[0] + 1, board.space_of(pos)
                acts = [Action.of("place", face=f, floor=floor, space=space) for f in [face] + other if f]
                tip = self._cell_tip(p, pos, board)
                if acts and acts[0] in self._legal_set:
                    head = t("dscene.place_here", face=self.tname(face), floor=floor, space=space)
                    cell = board.cells[pos]
                    if cell.kind == "feature":
                        head += " " + t("dscene.replaces", feature=self.tname(cell.token))
                    tip = head + "\n" + self.tdesc(face) + "\n\n" + tip
                out.append(HitRegion(rect.clip(lay.clip), acts, tooltip=tip, drop_target=True,
                                     inspect=_ui("cell", pos), key=("cell", pos)))
        if face:
            ghost = art.chip(self.model, face, 84)
            out.append(HitRegion(Circle(spots["slot"], 44), _ui("flip"), draggable=True, ghost=ghost,
                                 inspect=_ui("chip", cid),
                                 tooltip=t("dscene.chip_tip", face=self.tname(face),
                                           other=self.tname(other[0]) if other else self.tname(face))))
            for i, (f, pos) in enumerate(zip(faces, spots["faces"])):
                out.append(HitRegion(Circle(pos, 18), _ui("face", i), tooltip=t("dscene.face_tip", face=self.tname(f))
                                     + "\n" + self.tdesc(f), inspect=_ui("token", f)))
        return out

    def _depths_targets(self, seat: int, p: dict[str, Any]) -> list[HitRegion]:
        lay = self.layout
        assert lay is not None
        dc = self._depths_state(seat, p)
        out = []
        rect = self._ghost_rect(lay, p, dc["shift"])
        blank = pygame.Surface((1, 1), pygame.SRCALPHA)
        out.append(HitRegion(rect, _ui("ghost"), draggable=True, ghost=blank, highlight=True,
                             tooltip=t("dscene.depths_help"), inspect=_ui("side", p["pending_map"], dc["side"])))
        for k, name in ((-1, "shift_left"), (1, "shift_right")):
            ok = -1 <= dc["shift"] + k <= 1
            arrow = pygame.Rect(0, 0, 34, 46)
            arrow.center = ((rect.x - 22) if k < 0 else (rect.right + 22), rect.centery)
            out.append(HitRegion(arrow, _ui("shift", k), tooltip=t(f"dscene.{name}"), legal=ok,
                                 reason=None if ok else t("dscene.shift_limit")))
        for b in self._depths_buttons(seat, p):
            out.append(HitRegion(b.rect, b.payload, tooltip=b.tooltip, highlight=False, key=b.key))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """The base frame, plus the Depths arrows drawn over the board."""
        super().draw(surface)
        pal = gfx.palette()
        dragging = self.router.dragging is not None
        for reg in self.router.regions:
            if _is_ui(reg.payload) and reg.payload[1] == "shift" and not dragging:
                k = reg.payload[2]
                rr = reg.rect
                colour = pal.accent if reg.legal else pal.panel_dark
                gfx.rounded_rect(surface, rr, (*pal.table_dark[:3], 220), 8)
                gfx.rounded_rect(surface, rr, colour, 8, 2)
                cx, cy = rr.center
                pts = [(cx + 8, cy - 12), (cx - 8, cy), (cx + 8, cy + 12)] if k < 0 else \
                    [(cx - 8, cy - 12), (cx + 8, cy), (cx - 8, cy + 12)]
                pygame.draw.polygon(surface, colour, pts)

    # ================================================================= input
    def on_click(self, payload: Any) -> None:
        """The scene's own payloads (faces, seats, Depths controls); cells stand for a face-specific action."""
        if _is_ui(payload):
            self._on_ui(payload[1:])
            return
        if isinstance(payload, list) and payload and isinstance(payload[0], Action) \
                and payload[0].kind in ("place", "place_depths"):
            self._bar_override = False
            self.act(payload[0])
            return
        super().on_click(payload)

    def _on_ui(self, what: tuple) -> None:
        kind = what[0]
        seat = self.shown_seat()
        p = self.player(seat)
        if kind == "seat":
            s = int(what[1])
            self.pinned = None if s == self.shown_seat() and self.pinned is not None else s
            if self.pinned is not None and self.pinned == self.viewer and self.match.to_act() == self.viewer:
                self.pinned = None
        elif kind == "flip":
            self._flip(p)
        elif kind == "face":
            cid = p.get("pending_chip")
            if cid and self.face_choice.get(cid, 0) != int(what[1]):
                self._flip(p)
        elif kind == "side":
            self._depths_state(seat, p)["side"] = int(what[1])
        elif kind == "shift":
            dc = self._depths_state(seat, p)
            dc["shift"] = max(-1, min(1, dc["shift"] + int(what[1])))
        elif kind == "bag":
            self.inspect(_ui("bag", what[1]))

    def _flip(self, p: dict[str, Any]) -> None:
        cid = p.get("pending_chip")
        if not cid or not self.my_turn_on(self.shown_seat()):
            return
        prop = self._chip_prop(cid)

        def swap() -> None:
            self.face_choice[cid] = 1 - self.face_choice.get(cid, 0)

        self.queue.add(anim.flip(prop, 0.26, on_half=swap))
        self.app.play_sound("chip")

    def on_command(self, name: str) -> None:
        """F turns the drawn chip over; the arrows shift a new Depths map."""
        seat = self.shown_seat()
        p = self.player(seat)
        if name == "flip":
            self._flip(p)
        elif name in ("shift_left", "shift_right") and p.get("status") == "depths" and self.my_turn_on(seat):
            self._on_ui(("shift", -1 if name == "shift_left" else 1))
        else:
            super().on_command(name)

    def on_intent(self, intent: Any) -> None:
        """Wheel scrolls a tall dungeon; dropping the Depths map picks its shift."""
        if isinstance(intent, Scroll) and self.board_rect.collidepoint(intent.pos) and self.layout is not None:
            s = self.layout.seat
            self.scroll[s] = self.scroll.get(s, 0.0) - intent.dy * self.layout.cell * 0.5
            return
        if isinstance(intent, (DragCancel, Drop)) and intent.payload == _ui("ghost"):
            lay = self.layout
            seat = self.shown_seat()
            p = self.player(seat)
            if lay is not None and p.get("status") == "depths":
                base = self._ghost_rect(lay, p, 0).x
                left = intent.pos[0] - self.router.drag_offset[0]
                self._depths_state(seat, p)["shift"] = max(-1, min(1, round((left - base) / lay.cell)))
            return
        if isinstance(intent, DragStart):
            return
        if isinstance(intent, Drop) and intent.payload == _ui("flip"):
            if isinstance(intent.target, list):
                self._dropped = True  # the chip is already where it goes: no flight from the hand
                try:
                    self.on_click(intent.target)
                finally:
                    self._dropped = False
            return
        super().on_intent(intent)

    def inspect(self, payload: Any) -> None:
        """Right-click: a cell, token, chip, map side, offer or the bag, shown large."""
        if not _is_ui(payload):
            if isinstance(payload, list) and payload and isinstance(payload[0], Action) and payload[0].kind == "place":
                face = str(payload[0]["face"])
                self._inspect_token(face)
                return
            super().inspect(payload)
            return
        kind = payload[1]
        if kind == "hint":
            self.inspector.open(t("dscene.what_now"), self.hint_text)
            return
        if kind == "cell":
            pos = payload[2]
            p = self.player(self.shown_seat())
            board = self.board_of(p)
            if board is None or pos not in board.cells:
                return
            occ = {(int(c["row"]), int(c["col"])): c["face"] for c in p.get("chips", [])}
            cell = board.cells[pos]
            token = occ.get(pos) or cell.token
            ring = None if pos in occ or cell.kind != "feature" else ("mandatory" if cell.mandatory else "optional")
            if token:
                self._inspect_token(token, self._cell_tip(p, pos, board), ring)
            else:
                self.inspector.open(t("dscene.floor_of", n=pos[0] + 1, total=board.floors),
                                    self._cell_tip(p, pos, board))
        elif kind == "token":
            self._inspect_token(payload[2])
        elif kind == "chip":
            faces = self.chip_faces(payload[2])
            if faces:
                self._inspect_faces(" / ".join(self.tname(f) for f in faces), faces)
        elif kind == "ctype":
            chip = self.model.chips.get(payload[2])
            if chip is not None:
                self._inspect_faces(self.ctype_label(payload[2]), list(chip.faces),
                                    t("dscene.tier", n=chip.tier) + " · " + str(self.state.price(payload[2])) + " "
                                    + t("dscene.gold"))
        elif kind == "side":
            card, side = payload[2], int(payload[3])
            img = art.map_side(self.model, self.content, card, side, 64)
            self.inspector.open(self.side_name(card, side), self._side_summary(card, side), image=img)
        elif kind == "bag":
            seat = int(payload[2])
            p = self.player(seat)
            names = [self.ctype_label(self.state.catalog.get(c, "")) for c in p.get("bag", [])
                     if c in self.state.catalog]
            body = "\n".join(f"· {n}" for n in sorted(names)) or t("dscene.bag_empty")
            self.inspector.open(t("dscene.bag_title", name=self.seat_name(seat)), body,
                                image=art.svg("bag.svg", (200, 200)))

    def _inspect_token(self, token: str, extra: str = "", ring: str | None = None) -> None:
        body = self.tdesc(token)
        if extra and extra not in body:
            body = extra if not body else extra + ("" if body in extra else "\n\n" + body)
        self.inspector.open(self.tname(token), body, image=art.chip(self.model, token, 360, ring))

    def _inspect_faces(self, title: str, faces: list[str], subtitle: str = "") -> None:
        body = "\n\n".join(f"{self.tname(f)}: {self.tdesc(f)}" for f in faces)

        def drawer(surf: pygame.Surface, rect: pygame.Rect) -> None:
            d = min(rect.w - 10, rect.h // 2 - 10)
            for i, f in enumerate(faces[:2]):
                img = art.chip(self.model, f, d)
                surf.blit(img, img.get_rect(center=(rect.centerx, rect.y + rect.h // 4 + i * rect.h // 2)))

        self.inspector.open(title, body, subtitle=subtitle, art=drawer)

    # ================================================================= events -> animations
    def _apply(self, action: Action, seat: int | None) -> bool:
        """Keep a copy of every dungeon just before the action (Resolution is replayed from it)."""
        try:
            self._pre = copy.deepcopy(self.state.view(self.viewer).get("players", []))
        except Exception:  # noqa: BLE001 - a missing snapshot only dulls the replay
            log.exception("snapshot before %s", action.key)
            self._pre = None
        return super()._apply(action, seat)

    def on_events(self, events: list[Event]) -> None:
        """Queue chip flights, the hero's descent, the Resolution replay and the Village screen."""
        self.animator.viewer = self.viewer
        snap = self._pre if self._pre is not None else copy.deepcopy(self.view.get("players", []))
        self._pre = None
        resolving = False
        village: list[str] = []
        for e in events:
            d = e.data
            seat = d.get("seat")
            if e.kind == "ChipPlaced" and isinstance(seat, int) and seat < len(snap):
                self._snap_place(snap[seat], d)
            elif e.kind == "HeroDescended" and isinstance(seat, int) and seat < len(snap):
                snap[seat]["hero_row"] = int(d.get("floor", 1)) - 1
            elif e.kind == "MapChosen" and isinstance(seat, int) and seat < len(snap) and d.get("deck") == "depths":
                snap[seat]["maps"].append({"card": d.get("card"), "side": d.get("side", 0),
                                           "offset": d.get("offset", 0)})
                snap[seat]["status"] = "floor_done"
            if e.kind == "PhaseBegan" and d.get("phase") == "resolution":
                resolving = True
                self._replay_seat_queued = None
                frozen_all = copy.deepcopy(snap)
                self.queue.play(anim.Call(lambda f=frozen_all: setattr(self, "replay_snap", f)))
                self.queue.play(self.animator.animation_for(e))
                continue
            if resolving and e.kind in RESOLUTION_KINDS and isinstance(seat, int) and seat < len(snap):
                self._queue_resolution(e, snap[seat])
                continue
            if e.kind == "PhaseBegan" and d.get("phase") == "village":
                if resolving:
                    self.queue.play(anim.Call(self._end_replay))
                resolving = False
                village = self._village_lines(events, snap)
                self.queue.play(anim.Sequence(anim.Call(lambda v=village: setattr(self, "village", v)),
                                              anim.Wait(1.8), anim.Call(lambda: setattr(self, "village", None)),
                                              blocking=True))
                continue
            if e.kind in ("LevelUp",) or (e.kind == "Healed" and d.get("where") == "village"):
                continue
            self.animator.feed([e])
        if resolving:
            self.queue.play(anim.Call(self._end_replay))

    def _snap_place(self, p: dict[str, Any], d: dict[str, Any]) -> None:
        maps = p.get("maps", [])
        floor, space = int(d.get("floor", 1)), int(d.get("space", 1))
        # the global column of (floor, space): the offset of the map holding that floor
        row, offset, start = floor - 1, 0, 0
        for m in maps:
            card = m.get("card")
            n = len(self.content.side(card, int(m.get("side", 0)))) if card in self.content.cards else 0
            if start <= row < start + n:
                offset = int(m.get("offset", 0))
                break
            start += n
        p.setdefault("chips", []).append({"chip": d.get("chip"), "face": d.get("face"), "row": row,
                                          "col": offset + space - 1})
        p["pending_chip"] = None

    # ---------------------------------------------------------------- dungeon phase animations
    def _spot_of(self, seat: int, floor: int, space: int) -> tuple[int, int] | None:
        lay = self.layout
        if lay is None or lay.seat != seat:
            return None
        pos = lay.board.pos_of(floor, space)
        if pos not in lay.board.cells:
            return None
        return lay.center(*pos)

    def _anim_ChipDrawn(self, e: Event) -> anim.Animation | None:
        d = e.data
        cid = d.get("chip")
        faces = d.get("faces") or self.chip_faces(cid)
        if not isinstance(cid, str) or not faces:
            return self.animator.sound("chip")
        spots = self._hand_spots()
        self.face_choice.setdefault(cid, 0)
        key = (cid, faces[0], "big")

        def launch() -> None:
            self.in_flight.add(cid)
            self.flights.chip_from_bag(key, spots["bag"], spots["slot"], radius=42, fly=0.3, home=0.2,
                                       on_done=lambda: self.in_flight.discard(cid))

        # blocking: the next decision (a bot's too) waits until the chip has landed; a click skips
        return anim.Sequence(anim.Call(lambda: self.app.play_sound("chip")), anim.Call(launch),
                             anim.Await(self.flights, drive=False, blocking=True))

    def _anim_ChipPlaced(self, e: Event) -> anim.Animation | None:
        d = e.data
        seat, cid, face = d.get("seat"), d.get("chip"), d.get("face")
        if not isinstance(seat, int) or not isinstance(cid, str):
            return None
        end = self._spot_of(seat, int(d.get("floor", 1)), int(d.get("space", 1)))
        if end is None:
            return self.animator.sound("clack")
        start = end if self._dropped else self._hand_spots()["slot"]
        key = (cid, face, "small")

        def launch() -> None:
            self.in_flight.add(cid)
            self.flights.launch(key, start, end, size=48, fly=0.18 if start != end else 0.05, home=0.18,
                                on_done=lambda: (self.in_flight.discard(cid), self.app.play_sound("clack")))

        return anim.Sequence(anim.Call(launch), anim.Await(self.flights, drive=False, blocking=True))

    def _anim_HeroDescended(self, e: Event) -> anim.Animation | None:
        seat = e.data.get("seat")
        if not isinstance(seat, int):
            return None
        new = float(int(e.data.get("floor", 1)) - 1)
        self._hero_tween.add(seat)
        self.hero_rows.setdefault(seat, new - 1)
        return anim.Tween(self.hero_rows, seat, start=new - 1, end=new, duration=0.4, ease="out_back",
                          on_done=lambda: self._hero_tween.discard(seat), blocking=True)

    def _anim_CardMoved(self, e: Event) -> anim.Animation | None:
        if e.data.get("from") == "depths_pile" or "depths" in str(e.data.get("from", "")):
            self.ghost_slide = 0.0
            return anim.Sequence(anim.Call(lambda: self.app.play_sound("card")),
                                 anim.Tween(self, "ghost_slide", start=0.0, end=1.0, duration=0.5, ease="out_cubic"))
        return anim.Call(lambda: self.app.play_sound("card"))

    def _anim_MapChosen(self, e: Event) -> anim.Animation | None:
        return anim.Call(lambda: self.app.play_sound("clack"))

    def _anim_ChipBought(self, e: Event) -> anim.Animation | None:
        d = e.data
        ctype, cid = d.get("type"), d.get("chip")
        rect = self._offer_rects.get(ctype) if isinstance(ctype, str) else None
        chip = self.model.chips.get(ctype) if isinstance(ctype, str) else None
        if rect is None or chip is None:
            return anim.Call(lambda: self.app.play_sound("chip"))
        key = (cid, chip.faces[0], "small")
        bag = self._hand_spots()["bag"]
        return anim.Sequence(anim.Call(lambda: self.app.play_sound("chip")),
                             anim.Call(lambda: self.flights.launch(key, rect.center, bag, size=48, fly=0.3, home=0.2)),
                             anim.Await(self.flights, drive=False, blocking=False))

    # ---------------------------------------------------------------- Resolution replay
    def _cell_of(self, p: dict[str, Any], where: Any) -> tuple[int, int] | None:
        if not (isinstance(where, (list, tuple)) and len(where) == 2):
            return None
        board = self.board_of(p)
        if board is None:
            return None
        pos = board.pos_of(int(where[0]), int(where[1]))
        return pos if pos in board.cells else None

    def _start_replay(self, seat: int, p: dict[str, Any]) -> None:
        self.replay = Replay(seat, p)
        self._held.add(seat)
        cs = self.counters_for(seat, p)
        for k in ("health", "gold", "vp", "xp"):
            cs[k].set(int(p.get(k, 0)), instant=True)
        self.fx = []

    def _end_replay(self) -> None:
        if self.replay_snap is not None and self.match.is_over():
            self.final_snap = self.replay_snap
            now = self.state.view(self.viewer).get("players", [])
            for s, p in enumerate(self.final_snap):  # with the final numbers
                if s < len(now):
                    p.update({k: now[s].get(k, p.get(k)) for k in ("health", "max_health", "gold", "vp", "xp")})
                    p["status"] = now[s].get("status", p.get("status"))
        self.replay = None
        self.replay_snap = None
        self._held.clear()
        self.fx = []
        self._base_cache = None

    def _bump(self, seat: int, what: str, delta: int) -> None:
        cs = self.counters_for(seat)
        c = cs[what]
        value = c.value + delta
        if what == "health" and c.maximum:
            value = min(c.maximum, value)
        c.set(value)

    def _fx_step(self, fxs: list[Fx], duration: float = 0.6, then: Any = None) -> anim.Animation:
        def start() -> None:
            self.fx = list(fxs)
            if then is not None:
                then()

        def step(k: float) -> None:
            for f in fxs:
                f.t = k

        return anim.Sequence(anim.Call(start), anim.Func(step, duration), anim.Wait(0.06), blocking=True)

    def _queue_resolution(self, e: Event, p: dict[str, Any]) -> None:
        """One Resolution event: a strike, a glow, floating words and the counters moving."""
        d = e.data
        seat = int(d["seat"])
        pal = gfx.palette()
        if self._replay_seat_queued != seat:
            self._replay_seat_queued = seat
            frozen = copy.deepcopy(p)
            self.queue.play(anim.Sequence(anim.Call(lambda: self._start_replay(seat, frozen)), anim.Wait(0.35),
                                          blocking=True))
        pos = self._cell_of(p, d.get("pos"))
        k = e.kind
        sound = None
        fxs: list[Fx] = []
        changes: list[tuple[str, int]] = []
        mark: str | None = None
        if k == "Hit":
            src, dst = self._cell_of(p, d.get("source")), self._cell_of(p, d.get("target"))
            if src and dst:
                fxs.append(Fx("strike", src, dst, colour=pal.accent))
                fxs.append(Fx("text", dst, text=t("dscene.fx.damage", n=d.get("amount", 1)), colour=pal.bad))
            sound = "hit"
        elif k == "MonsterDefeated":
            fxs.append(Fx("text", pos, text=t("dscene.fx.defeated") + " " + t("dscene.fx.vp", n=d.get("vp", 0)),
                          colour=pal.accent))
            changes = [("vp", int(d.get("vp", 0))), ("xp", int(d.get("xp", 0))), ("gold", int(d.get("gold", 0)))]
            mark = "defeated"
            sound = "clack"
        elif k == "MonsterAttacked":
            dmg, blocked = int(d.get("damage", 0)), int(d.get("blocked", 0))
            text = t("dscene.fx.damage", n=dmg) + ((" (" + t("dscene.fx.blocked", n=blocked) + ")") if blocked else "")
            fxs.append(Fx("glow", pos, colour=pal.bad))
            fxs.append(Fx("text", pos, text=text, colour=pal.bad))
            for g in d.get("guards") or []:
                gp = self._cell_of(p, g)
                if gp:
                    fxs.append(Fx("glow", gp, colour=(90, 150, 230)))
            changes = [("health", -dmg)]
            mark = "hurt"
            sound = "hit"
        elif k in ("TrapSprung", "HeroHurt"):
            fxs += [Fx("glow", pos, colour=pal.bad),
                    Fx("text", pos, text=t("dscene.fx.damage", n=d.get("damage", 0)), colour=pal.bad)]
            changes = [("health", -int(d.get("damage", 0)))]
            sound = "hit"
        elif k == "TrapDisarmed":
            fxs += [Fx("glow", pos, colour=pal.good), Fx("text", pos, text=t("dscene.fx.disarmed"), colour=pal.good)]
            mark = "disarmed"
        elif k == "ChestOpened":
            fxs += [Fx("glow", pos, colour=pal.accent),
                    Fx("text", pos, text=t("dscene.fx.opened") + " " + t("dscene.fx.gold", n=d.get("gold", 0)),
                       colour=pal.accent)]
            changes = [("gold", int(d.get("gold", 0))), ("vp", int(d.get("vp", 0))), ("xp", int(d.get("xp", 0)))]
            mark = "opened"
            sound = "chip"
        elif k == "ChestTrapped":
            fxs += [Fx("glow", pos, colour=pal.bad),
                    Fx("text", pos, text=t("dscene.fx.trapped", n=d.get("damage", 0)), colour=pal.bad)]
            changes = [("health", -int(d.get("damage", 0)))]
            sound = "hit"
        elif k == "GoldFound":
            fxs.append(Fx("text", pos, text=t("dscene.fx.gold", n=d.get("gold", 0)), colour=pal.accent))
            changes = [("gold", int(d.get("gold", 0)))]
            sound = "chip"
        elif k == "Healed":
            fxs += [Fx("glow", pos, colour=pal.good),
                    Fx("text", pos, text=t("dscene.fx.heal", n=d.get("amount", 0)), colour=pal.good)]
            changes = [("health", int(d.get("amount", 0)))]
        elif k == "PotionSpent":
            fxs.append(Fx("text", pos, text=t("dscene.fx.spent"), colour=pal.ink_light))
            mark = "spent"
        elif k == "Rewarded":
            words = t("dscene.fx.vp", n=d.get("vp", 0)) if d.get("vp") else f"+{d.get('xp', 0)} {t('dscene.xp')}"
            fxs.append(Fx("text", pos, text=words, colour=pal.accent))
            changes = [("vp", int(d.get("vp", 0))), ("xp", int(d.get("xp", 0)))]
        elif k == "KnockedOut":
            self.queue.play(anim.Call(lambda: self.toast.show(
                f"{self.seat_name(seat)}: {t('dscene.fx.knocked_out')}", "error")))
            self.queue.play(anim.Call(lambda: self.counters_for(seat)["health"].set(0)))
            return
        elif k == "Resolved":
            summary = t("dscene.fx.summary", vp=d.get("vp", 0), gold=d.get("gold", 0), xp=d.get("xp", 0))
            base_p = p
            final = {"vp": int(base_p.get("vp", 0)) + int(d.get("vp", 0)),
                     "xp": int(base_p.get("xp", 0)) + int(d.get("xp", 0)),
                     "gold": int(base_p.get("gold", 0)) + int(d.get("gold", 0)),
                     "health": max(0, int(base_p.get("health", 0)) + int(d.get("health", 0)))}

            def settle() -> None:
                cs = self.counters_for(seat)
                for key, v in final.items():
                    cs[key].set(v)
                self.toast.show(f"{self.seat_name(seat)}: {summary}", "good")

            self.queue.play(anim.Sequence(anim.Call(settle), anim.Wait(0.9), blocking=True))
            return
        if pos is None and not fxs:
            return
        fxs = [f for f in fxs if f.cell is not None]

        def then(changes: list = changes, mark: str | None = mark, pos: Any = pos, sound: str | None = sound) -> None:
            for what, delta in changes:
                if delta:
                    self._bump(seat, what, delta)
            if mark and pos is not None and self.replay is not None:
                self.replay.marks[pos] = mark
            if sound:
                self.app.play_sound(sound)

        self.queue.play(self._fx_step(fxs, 0.5, then))

    def _village_lines(self, events: list[Event], snap: list[dict[str, Any]]) -> list[str]:
        lines = []
        st = self.state
        for s in range(len(self.match.seats)):
            healed = sum(int(e.data.get("amount", 0)) for e in events
                         if e.kind == "Healed" and e.data.get("where") == "village" and e.data.get("seat") == s)
            level = [e for e in events if e.kind == "LevelUp" and e.data.get("seat") == s]
            try:
                p = st.players[s]
                health, mx = p.health, p.max_health
            except (AttributeError, IndexError):
                health, mx = 0, 0
            name = self.seat_name(s)
            if level:
                lines.append(t("dscene.village_level", name=name, max=level[-1].data.get("max_health", mx)))
            if healed:
                lines.append(t("dscene.village_heal", name=name, n=healed, health=health, max=mx))
            elif not level:
                lines.append(t("dscene.village_rest", name=name, health=health, max=mx))
        return lines

