"""The biome map pane: sprite tiles (cached chunks), sites, NPCs, monsters around the hero, hero tokens,
the squares a move may reach lit, and the hovered square's path with what it costs.

It draws a ``Board`` (marks derived from the typed view, see marks.py) through the scene's camera, so
it pans and zooms without repainting the ground. Regions: every reachable square carries its ``move``
Action; the rest of the map is one quiet region whose click explains why that square cannot be reached.
Hero moves slide the token square by square; monsters pop up around the hero when they appear.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.scenes.expedition.camera import Camera
from game.scenes.expedition.panes.common import (ART, ExpeditionPane, hero_token, monster_path, portrait_path, ref,
                                                 site_path, svg)
from game.scenes.expedition.panes.marks import Board, Square, path_to
from game.scenes.expedition.panes.terrain import TerrainPainter
from game.ui import anim, gfx
from game.ui import text as uitext
from game.ui.floaters import FloaterLayer
from game.ui.input import HitRegion
from game.ui.payload import Ref

STEP_TIME = 0.12


def move_target(a: Action) -> Square | None:
    """The square a ``move`` action walks to."""
    if a.kind != "move":
        return None
    x, y = a.get("x"), a.get("y")
    if isinstance(x, int) and isinstance(y, int):
        return (x, y)
    to = a.get("to")
    if isinstance(to, (list, tuple)) and len(to) == 2:
        return (int(to[0]), int(to[1]))
    return None


class MapPane(ExpeditionPane):
    """The biome map (see the module docstring)."""

    name = "map"

    def __init__(self, scene: Any, camera: Camera) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.map)
        self.cam = camera
        self.painter = TerrainPainter()
        self.hover: Square | None = None
        #: where tokens are drawn (``{"p": (x, y)}`` in squares) while they slide; absent: at their square
        self.shown: dict[int, dict[str, tuple[float, float]]] = {}
        #: monsters popping up: id -> scale 0..1
        self.pop: dict[str, float] = {}
        self.path: list[Square] = []
        self.board: Board | None = None
        self.floats = FloaterLayer()
        self.path_rec = uitext.TextRecorder()
        #: where each hero was last drawn (a walk starts there: the rules' path leaves the start out)
        self.drawn_at: dict[int, Square] = {}
        #: where each hero's token was painted last (canvas centre): what the player sees
        self.painted: dict[int, tuple[int, int]] = {}

    # ----------------------------------------------------------------- helpers
    def moves(self, legal: list[Action]) -> dict[Square, Action]:
        """The legal move actions by the square they reach."""
        out: dict[Square, Action] = {}
        for a in legal:
            sq = move_target(a)
            if sq is not None:
                out[sq] = a
        return out

    def token_pos(self, board: Board, seat: int, at: Square) -> tuple[int, int]:
        """The canvas centre of a hero's token (sliding, or at its square; heroes sharing a square sit apart)."""
        slide = self.shown.get(seat)
        fx, fy = slide["p"] if slide else (float(at[0]), float(at[1]))
        t = self.cam.tile
        r = self.cam.cell_rect(0, 0)
        sharing = [h.seat for h in board.heroes if h.at == at]
        dx = 0.0
        if len(sharing) > 1 and seat not in self.shown:
            dx = (sharing.index(seat) - (len(sharing) - 1) / 2) * t * 0.32
        return int(r.x + (fx + 0.5) * t + dx), int(r.y + (fy + 0.5) * t)

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, board: Board) -> None:
        """Ground, sites, lit squares, the hovered path, NPCs, monsters and heroes, clipped to the map."""
        self.rec.begin()
        self.board = board
        pal = gfx.palette()
        pygame.draw.rect(surface, pal.table_dark, self.rect)
        self.cam.resize(board.terrain.cols, board.terrain.rows)
        self.painter.draw(surface, board.terrain, self.cam)
        old = surface.get_clip()
        surface.set_clip(self.rect)
        t = self.cam.tile
        cols, rows = self.cam.visible_cells()

        def seen(sq: Square) -> bool:
            return sq[0] in cols and sq[1] in rows

        for s in board.sites:
            if seen(s.at):
                r = self.cam.cell_rect(*s.at)
                k = int(t * 0.86)
                surface.blit(svg(site_path(s.kind), (k, k)), (r.centerx - k // 2, r.bottom - k))
        if board.goal_at is not None and seen(board.goal_at):
            r = self.cam.cell_rect(*board.goal_at)
            k = max(12, t // 2)
            surface.blit(svg(f"{ART}/goal.svg", (k, k)), (r.right - k, r.y))
        moves = self.moves(self.legal)
        self._lit(surface, moves)
        for n in board.npcs:
            if seen(n.at):
                r = self.cam.cell_rect(*n.at)
                k = int(t * 0.62)
                c = (r.x + k // 2 + 2, r.y + k // 2 + 2)
                pygame.draw.circle(surface, pal.accent if n.told else pal.panel, c, k // 2 + 2)
                img = svg(portrait_path(n.portrait, n.id), (k, k))
                mask = pygame.Surface((k, k), pygame.SRCALPHA)
                pygame.draw.circle(mask, (255, 255, 255, 255), (k // 2, k // 2), k // 2)
                face = img.copy()
                face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
                surface.blit(face, (c[0] - k // 2, c[1] - k // 2))
        for m in board.monsters:
            if seen(m.at):
                r = self.cam.cell_rect(*m.at)
                k = max(6, int(t * 0.84 * self.pop.get(m.id, 1.0)))
                pygame.draw.ellipse(surface, (0, 0, 0, 90), pygame.Rect(r.x + t // 6, r.bottom - t // 5, t * 2 // 3,
                                                                        t // 6))
                surface.blit(svg(monster_path(m.icon, m.body), (k, k)), (r.centerx - k // 2,
                                                                                  r.centery - k // 2))
        for h in sorted(board.heroes, key=lambda h: h.active):
            if h.seat not in self.shown:
                self.drawn_at[h.seat] = h.at
            c = self.token_pos(board, h.seat, h.at)
            self.painted[h.seat] = c
            size = max(12, int(t * 0.7))
            hero_token(surface, h.seat, c, size, active=h.active)
            if h.down:
                pygame.draw.line(surface, pal.bad, (c[0] - size // 2, c[1] - size // 2),
                                 (c[0] + size // 2, c[1] + size // 2), 3)
        surface.set_clip(old)
        pygame.draw.rect(surface, pal.edge, self.rect, 2)

    def _lit(self, surface: pygame.Surface, moves: dict[Square, Action]) -> None:
        """The squares a move may reach, washed in the legal colour."""
        if not moves:
            return
        t = self.cam.tile
        wash = pygame.Surface((t, t), pygame.SRCALPHA)
        wash.fill((*gfx.palette().legal[:3], 70))
        pygame.draw.rect(wash, (*gfx.palette().legal[:3], 200), wash.get_rect(), max(1, t // 24))
        for sq in moves:
            r = self.cam.cell_rect(*sq)
            if r.colliderect(self.rect):
                surface.blit(wash, r)

    def draw_path(self, surface: pygame.Surface, board: Board) -> None:
        """The hovered reachable square, drawn every frame over the cached map: the walk there, a dot per square,
        and what it costs."""
        self.path_rec.begin()
        moves = self.moves(self.legal)
        self.path = []
        hero = board.hero(board.active)
        if hero is None or self.hover is None or self.hover not in moves:
            return
        self.path = path_to(board, hero.at, self.hover)
        if not self.path:
            return
        pal = gfx.palette()
        old = surface.get_clip()
        surface.set_clip(self.rect)
        pts = [self.cam.cell_rect(*hero.at).center] + [self.cam.cell_rect(*sq).center for sq in self.path]
        pts[0] = ((pts[0][0] + pts[1][0]) // 2, (pts[0][1] + pts[1][1]) // 2)  # from the token's edge
        pygame.draw.lines(surface, pal.shadow[:3], False, [(x + 2, y + 2) for x, y in pts], 5)
        pygame.draw.lines(surface, pal.accent, False, pts, 4)
        for p in pts[1:]:
            pygame.draw.circle(surface, pal.accent, p, max(3, self.cam.tile // 10))
        end = self.cam.cell_rect(*self.path[-1])
        words = t("expedition_scene.path_cost", n=board.cost.get(self.hover, len(self.path)))
        box = pygame.Rect(0, 0, max(96, self.cam.tile * 2), 24)
        box.midbottom = (end.centerx, end.y - 2)
        box.clamp_ip(self.rect)
        gfx.rounded_rect(surface, box, pal.panel, 6)
        gfx.rounded_rect(surface, box, pal.edge, 6, 1)
        self.path_rec.line(surface, words, box.inflate(-8, -2), 13, pal.ink, "center", True, 9)
        surface.set_clip(old)

    # ----------------------------------------------------------------- regions
    def regions(self, board: Board, legal: list[Action]) -> list[HitRegion]:
        """The whole map (a quiet region that explains a click), the sites, people and monsters in view (their
        names on hover), then each reachable square with its move; a right-click tells what a square holds."""
        out = [HitRegion(pygame.Rect(self.rect), ref("map"), highlight=False, key=("map",))]
        marks = ([(s.at, "site", s.id, f"{s.name} ({t('expedition_scene.site.' + s.kind)})") for s in board.sites]
                 + [(n.at, "npc", n.id, n.name) for n in board.npcs]
                 + [(m.at, "monster", m.id, m.name) for m in board.monsters]
                 + [(h.at, "hero", str(h.seat), h.name) for h in board.heroes])
        for sq, kind, mid, words in marks:
            r = self.cam.cell_rect(*sq).clip(self.rect)
            if r.w > 2 and r.h > 2:
                out.append(HitRegion(r, ref("mark", kind, mid), tooltip=words, inspect=ref("cell", sq),
                                     highlight=False, key=("mark", kind, mid)))
        # only the seat in front's moves: before a hand-over the next player's squares are neither lit nor
        # clickable (a click there said "Player 1 talks to ..." in the window)
        for sq, a in self.moves(self.legal).items():
            r = self.cam.cell_rect(*sq).clip(self.rect)
            if r.w > 2 and r.h > 2:
                out.append(HitRegion(r, a, inspect=ref("cell", sq), key=("sq", sq)))
        return out

    def square_words(self, board: Board, sq: Square) -> str:
        """What a square holds, in words: its biome, a site, people, heroes, monsters."""
        lk = board.terrain.look(*sq)
        if lk is None:
            return ""
        lines = [lk.name or lk.id]
        if not lk.walkable:
            lines.append(t("expedition_scene.impassable"))
        elif lk.dangerous:
            lines.append(t("expedition_scene.dangerous"))
        site = board.site_at(sq)
        if site is not None:
            lines.append(f"{site.name} ({t('expedition_scene.site.' + site.kind)})")
        npc = board.npc_at(sq)
        if npc is not None:
            lines.append(npc.name)
        lines += [h.name for h in board.heroes if h.at == sq] + [m.name for m in board.monsters if m.at == sq]
        return "\n".join(lines)

    def inspect(self, payload: Any) -> tuple[str, str] | None:
        """A square's biome, site, people and monsters (right-click on the map)."""
        if not isinstance(payload, Ref) or payload.kind != "cell" or self.board is None:
            return None
        sq = tuple(payload.args[0])
        words = self.square_words(self.board, sq)  # type: ignore[arg-type]
        if not words:
            return None
        title, _, body = words.partition("\n")
        return title, body

    def why_not(self, board: Board, sq: Square | None) -> str | None:
        """Why a click on a square does nothing (None when it is a legal move): impassable ground (named), no
        moves left this turn, not the time to move, no way over land, or too far (how far, and how far a move
        walks)."""
        if sq is None:
            return None
        moves = self.moves(self.legal)
        if sq in moves:
            return None
        if not board.terrain.walkable(*sq):
            look = board.terrain.look(*sq)
            if look is not None and look.name:
                return t("expedition_scene.impassable_biome", biome=look.name)
            return t("expedition_scene.impassable")
        ev = self.scene.reader.ev
        mine = self.scene.can_act() and ev.active == self.scene.viewer
        waiting = self.scene.match.to_act()
        if not moves and not self.scene.can_act() and waiting is not None and waiting != self.scene.viewer \
                and not self.scene.match.is_bot(waiting):
            return t("expedition_scene.plays_now", name=self.scene.seat_name(waiting))
        if not moves:
            if mine and ev.moves_left <= 0:
                return t("expedition_scene.no_moves_left")
            return t("expedition_scene.no_move_now")
        hero = board.hero(board.active)
        if hero is None or sq == hero.at:
            return None
        far = len(path_to(board, hero.at, sq, limit=board.terrain.cols * board.terrain.rows))
        if far == 0:
            return t("expedition_scene.no_way")
        return t("expedition_scene.too_far_n", far=far, n=ev.move_budget)

    # ----------------------------------------------------------------- animations
    def animate(self, events: list[Event], board: Any) -> list[Any]:
        """A hero's walk square by square; monsters popping up around the hero."""
        out: list[Any] = []
        for e in events:
            data = e.data if isinstance(e.data, dict) else {}
            if e.kind == "HeroMoved" and isinstance(data.get("path"), list) and data.get("seat") is not None:
                seat = int(data["seat"])
                path = [tuple(p) for p in data["path"]]
                start = self.drawn_at.get(seat)
                if start is not None and path and start != path[0]:
                    path.insert(0, start)
                self.drawn_at[seat] = path[-1] if path else start  # type: ignore[assignment]
                out.append(self._walk(seat, path))
            elif e.kind == "MonstersAppeared":
                ids = [f"{data.get('monster')}-{i}" for i in range(len(data.get("at") or []))]
                for mid in ids:
                    self.pop[mid] = 0.0
                out.append(anim.Parallel(*[anim.Tween(self.pop, mid, end=1.0, duration=0.35, ease="out_back")
                                           for mid in ids]).then(self.pop.clear))
        return out

    def _walk(self, seat: int, path: list[Any]) -> Any:
        """Slide a token along a path of squares."""
        if len(path) < 2:
            return anim.Wait(0)
        pos = {"p": (float(path[0][0]), float(path[0][1]))}

        def begin() -> None:
            self.shown[seat] = pos

        steps: list[Any] = [anim.Call(begin)]
        for sq in path[1:]:
            steps.append(anim.Tween(pos, "p", end=(float(sq[0]), float(sq[1])), duration=STEP_TIME, ease="linear"))
        return anim.Sequence(*steps).then(lambda: self.shown.pop(seat, None))

    @property
    def moving(self) -> bool:
        """True while a token slides or monsters pop up (the map is then repainted every frame)."""
        return bool(self.shown or self.pop)

    def drawn(self) -> list[uitext.DrawnText]:
        """The text of the last painting of the map and of the path over it."""
        return list(self.rec.records) + list(self.path_rec.records)
