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
from pathlib import Path
from typing import Any

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.dungeon.geometry import Board, build_board
from game.scenes.base import RulesetScene
from game.scenes.base.pane import PaneHost
from game.scenes.dungeon import art
from game.ui import anim, gfx
from game.ui.input import DragCancel, DragStart, Drop, Scroll
from game.ui.physics import FlightField
from game.ui.widgets import Counter

log = logging.getLogger(__name__)

i18n.load_catalog(Path(__file__).with_name("strings.toml"))

from game.scenes.dungeon.panes.board import BoardPane
from game.scenes.dungeon.panes.common import (  # noqa: F401
    MAX_CELL,
    MIN_CELL,
    PHASE_KEYS,
    RESOLUTION_KINDS,
    UI,
    Fx,
    Layout,
    Replay,
    _is_ui,
    _ui,
    fit_line,
)
from game.scenes.dungeon.panes.hand import HandPane
from game.scenes.dungeon.panes.heroes import HeroesPane
from game.scenes.dungeon.panes.market import MarketPane
from game.scenes.dungeon.panes.regions import RegionsPane
from game.scenes.dungeon.panes.resolution import ResolutionPane
from game.scenes.dungeon.panes.table import TablePane
from game.scenes.dungeon.panes.village import VillagePane
from game.scenes.dungeon.panes.whatnow import WhatNowPane
from game.scenes.dungeon.words import DungeonWords

#: the methods each pane owns, reachable on the scene too (the panes call one another through it; tests)
_OWNED = {
    "board": "layout_for _draw_dungeon _draw_scrollbar _lit _dungeon_base _legal_cells _draw_hero _draw_marks _draw_fx _depths_state _ghost_rect _drag_shift _draw_depths_ghost",
    "village": "_title _map_choice_rects _draw_map_choice _side_summary _draw_village",
    "market": "_offer_layout _market_head _layer _draw_market _paint_market",
    "hand": "_draw_bag_grid _hand_spots _draw_hand _draw_counters _counter_dy counter_width counters_for _current_face _chip_prop _draw_drawn_chip",
    "whatnow": "_floor_buttons _depths_actions _depths_buttons _draw_hint",
    "heroes": "_hero_rows _draw_heroes _paint_heroes _miniature _draw_flights",
    "regions": "_build_targets _cell_tip _cell_tip_text _cell_info_regions _place_targets _depths_targets",
    "table": "_backdrop _chrome",
    "resolution": "_snap_place _spot_of _anim_ChipDrawn _anim_ChipPlaced _anim_HeroDescended _anim_CardMoved _anim_MapChosen _anim_ChipBought _cell_of _start_replay _end_replay _bump _fx_step _queue_resolution _village_lines",
}
_OWNER = {m: pane for pane, names in _OWNED.items() for m in names.split()}


class DungeonScene(DungeonWords, PaneHost, RulesetScene):
    """Seed 001's dungeon: one large dungeon, the hero's panel, every hero's miniature, the log."""

    name = "dungeon"
    board_rect = pygame.Rect(10, 56, 640, 590)
    hand_rect = pygame.Rect(658, 56, 254, 590)
    heroes_rect = pygame.Rect(920, 56, 350, 250)
    log_rect = pygame.Rect(920, 314, 350, 332)
    bar_rect = pygame.Rect(10, 654, 900, 46)

    def __init__(self, app: Any, match: Any) -> None:
        self.panes = [TablePane(self), BoardPane(self), VillagePane(self), MarketPane(self), HandPane(self), WhatNowPane(self),
                      HeroesPane(self), RegionsPane(self), ResolutionPane(self)]
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
            a.on(kind, getattr(self.pane("resolution"), f"_anim_{kind}"))

    def __getattr__(self, attr: str) -> Any:
        """A method moved to a pane (``_OWNED``) is still reachable on the scene."""
        owner = _OWNER.get(attr)
        if owner is None or attr == "panes":
            raise AttributeError(attr)
        return getattr(self.pane(owner), attr)

    # ================================================================= content helpers
    @property
    def model(self) -> Any:
        """The level model (tokens, chips, maps: public content)."""
        return self.state.model

    @property
    def content(self) -> Any:
        """The level's compiled content (map sides as cells)."""
        return self.state.content

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
    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the large dungeon (or the map choice / market / village screens), the hand panel and heroes."""
        self.layout = None
        self.draw_panes(surface, view)  # table, then board / village / market by mode, hand, heroes

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

    def on_events(self, events: list[Event]) -> None:
        """Queue the animations of applied events (the resolution pane owns them)."""
        self.pane("resolution").on_events(events)

    def _apply(self, action: Action, seat: int | None) -> bool:
        """Keep a copy of every dungeon just before the action (Resolution is replayed from it)."""
        try:
            self._pre = copy.deepcopy(self.state.view(self.viewer).get("players", []))
        except Exception:  # noqa: BLE001 - a missing snapshot only dulls the replay
            log.exception("snapshot before %s", action.key)
            self._pre = None
        return super()._apply(action, seat)



