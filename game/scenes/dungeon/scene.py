"""The dungeon game scene: maps as sprites, the bag, chip faces, Depths placement, Resolution, Market.

Why: seed 001 is a spatial puzzle (chips on rows of spaces, adjacency, lines of sight, a hero beside the
current floor); the generic table view shows it as text rows, which is unplayable for a person. This
scene draws each seat's dungeon from SVG sprites, turns every rule decision into something to click or
drag, and replays Resolution step by step from the rules' events.

It is a ``RulesetScene`` (match driver + table chrome) made of panes (game/scenes/dungeon/panes/), each
drawing from the typed ``DungeonView`` (game/rulesets/dungeon/views.py) as the table shows it (the frozen
dungeons during a replay) and the level's public content (``TableContent``), never from rule state:

* ``table``: the felt and the panels; ``board``: the large dungeon, its spaces, the Depths map;
* ``village``: the Entrance side choice and the Village summary; ``market``: the offers;
* ``hand``: the hero card, counters, bag and drawn chip; ``whatnow``: the "What now" box and buttons;
* ``heroes``: every seat's row with a miniature; ``resolution``: chips in flight and the replay.

The scene wires them: who is shown, the player's choices (``selection``), input and zooms. Layout
(1280x720): tracker on top; the board on the left; the hero's panel in the middle; the heroes list and the
log on the right; the base's action bar at the bottom.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.dungeon.views import DungeonView, PlayerRecord, TableContent
from game.scenes.base import RulesetScene
from game.scenes.base.pane import PaneHost
from game.scenes.dungeon.panes.board import BoardPane
from game.scenes.dungeon.panes.common import is_ui, ui
from game.scenes.dungeon.panes.hand import HandPane
from game.scenes.dungeon.panes.heroes import HeroesPane
from game.scenes.dungeon.panes.market import MarketPane
from game.scenes.dungeon.panes.resolution import ResolutionPane
from game.scenes.dungeon.panes.table import TablePane
from game.scenes.dungeon.panes.village import VillagePane
from game.scenes.dungeon.panes.whatnow import WhatNowPane
from game.scenes.dungeon.selection import Selection
from game.scenes.dungeon.words import DungeonWords, Zoom
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import DragCancel, DragStart, Drop, HitRegion, Scroll

i18n.load_catalog(Path(__file__).with_name("strings.toml"))


class DungeonScene(PaneHost, RulesetScene):
    """Seed 001's dungeon: one large dungeon, the hero's panel, every hero's miniature, the log."""

    name = "dungeon"
    board_rect = pygame.Rect(10, 56, 640, 590)
    hand_rect = pygame.Rect(658, 56, 254, 590)
    heroes_rect = pygame.Rect(920, 56, 350, 250)
    log_rect = pygame.Rect(920, 314, 350, 332)
    bar_rect = pygame.Rect(10, 654, 900, 46)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        # a seat may choose its hero (public): the chip catalogue follows the heroes the view shows
        heroes = [p.hero for p in DungeonView.from_view(self.view, match.level.model).players]
        self.tables = TableContent.of(match.level, len(match.seats), heroes if len(heroes) == len(match.seats)
                                      else None)
        self.model = self.tables.model
        self.words = DungeonWords(self, self.tables)
        self.zoom = Zoom(self.inspector, self.words)
        self.selection = Selection()
        self._could_act = False
        self._dview: tuple[Any, DungeonView] | None = None
        self._targets: tuple[Any, list[HitRegion]] | None = None
        self.table = TablePane(self)
        self.board = BoardPane(self)
        self.village = VillagePane(self)
        self.market = MarketPane(self)
        self.hand = HandPane(self)
        self.whatnow = WhatNowPane(self)
        self.heroes = HeroesPane(self)
        self.resolution = ResolutionPane(self, pygame.Rect(10, 56, 1260, 590), int(match.seed))
        self.panes = [self.table, self.board, self.village, self.market, self.hand, self.whatnow, self.heroes,
                      self.resolution]
        self._place_panes()
        self.toast.anchor = (self.board_rect.centerx, self.board_rect.y + 48)
        self.router.shortcut(pygame.K_f, "flip")
        self.router.shortcut(pygame.K_LEFT, "shift_left")
        self.router.shortcut(pygame.K_RIGHT, "shift_right")
        a = self.animator
        a.label = self.words.banner
        r = self.resolution
        for kind, fn in (("ChipDrawn", r.chip_drawn), ("ChipPlaced", r.chip_placed), ("MapChosen", r.map_chosen),
                         ("ChipBought", r.chip_bought), ("HeroDescended", self.board.descend),
                         ("CardMoved", self.board.card_moved)):
            a.on(kind, fn)

    def _place_panes(self) -> None:
        """Give each pane its rect (the scene's layout rects may be changed)."""
        for pane, rect in ((self.board, self.board_rect), (self.village, self.board_rect),
                           (self.market, self.board_rect), (self.hand, self.hand_rect),
                           (self.whatnow, self.hand_rect), (self.heroes, self.heroes_rect),
                           (self.table, self.board_rect), (self.resolution, self.board_rect)):
            if pane.rect != rect:
                pane.layout(rect)

    # ================================================================= the typed view
    @property
    def dview(self) -> DungeonView:
        """The ``DungeonView`` of the seat in front (rebuilt when the position changes)."""
        view = self.view
        key = self.driver.cache_key
        if self._dview is None or self._dview[0] != key:
            self._dview = (key, DungeonView.from_view(view, self.model))
        return self._dview[1]

    def table_view(self) -> DungeonView:
        """The typed view as the table shows it (the frozen dungeons during a replay, the last after the game)."""
        return self.resolution.shown(self.dview)

    def player(self, seat: int) -> PlayerRecord | None:
        """A seat's record as the table shows it."""
        return self.table_view().player(seat)

    # ================================================================= who is shown
    def shown_seat(self) -> int:
        """Return the seat whose dungeon is drawn large."""
        replay = self.resolution.replay
        if replay is not None:
            return replay.seat
        pinned = self.selection.pinned
        if pinned is not None and 0 <= pinned < len(self.match.seats):
            return pinned
        seat = self.match.to_act()
        if seat is not None and self.dview.phase == "dungeon":
            return seat
        return self.viewer if self.viewer is not None else 0

    def my_turn_on(self, seat: int) -> bool:
        """True when the seat in front may act now on this seat's dungeon."""
        return self.can_act() and seat == self.viewer and self.resolution.replay is None

    def screen_mode(self, view: DungeonView) -> str:
        """What the board area shows: village, market, map (Entrance side choice) or dungeon."""
        if self.village.lines is not None:
            return "village"
        if self.resolution.replay is None:
            if view.phase == "market" and self.match.to_act() is not None:
                return "market"
            p = view.player(self.shown_seat())
            if p is not None and p.status == "map" and self.tables.has_card(p.pending_map):
                return "map"
        return "dungeon"

    # ================================================================= tracker words
    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """The four phases of a round, translated."""
        return self.words.phase_names()

    def phase_text(self, view: dict[str, Any]) -> str | None:
        """The current phase in words (Resolution and Village while they are replayed)."""
        return self.playing_phase() or self.words.phase_name(self.dview.phase)

    def tutor_keep_clear(self) -> list[pygame.Rect]:
        """The board's heading ("Dungeon of Ana", "Floor 1 of 3"): the guide's bubble covered most of it."""
        b = self.board_rect
        return [pygame.Rect(b.x, b.y, b.w, 14 + gfx.line_height(20, True))]

    def playing_phase(self) -> str | None:
        """Resolution or Village while their replay plays (the tracker names it although the state it shows
        is still the one before the last Dungeon move); None otherwise."""
        if self.village.lines is not None:
            return t("dscene.phase.village")
        if self.resolution.replay is not None:
            return t("dscene.phase.resolution")
        return None

    # ================================================================= frame
    def update(self, dt: float) -> None:
        """Advance flights, counters and the turn flow; show your own dungeon when your turn comes."""
        super().update(dt)
        self.resolution.update(dt)
        self.hand.update(dt)
        can = self.can_act()
        if can and not self._could_act:
            self.selection.pinned = None
        self._could_act = can

    def is_animating(self) -> bool:
        """Also tick while chips fly or counters roll."""
        return super().is_animating() or self.resolution.flights.busy or self.hand.animating

    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Every pane in order, from the typed view as the table shows it."""
        self._place_panes()
        self.draw_panes(surface, self.table_view())

    def draw(self, surface: pygame.Surface) -> None:
        """The base frame, plus the Depths arrows drawn over the board."""
        super().draw(surface)
        self.board.draw_arrows(surface)

    def targets(self, view: dict[str, Any], legal: list[Action]) -> list:
        """Every pane's regions: cells, the bag, chip faces, map sides, Depths controls, offers, heroes.

        The list is rebuilt only when something it depends on changed (a move, the seat shown, the face
        or Depths choice, the layout, the language): the base marks legality and reasons on the same
        region objects once, so refusals are not worded again every frame.
        """
        self._place_panes()
        tv = self.table_view()
        seat = self.shown_seat()
        mode = self.screen_mode(tv)
        lay = self.board.place(seat, tv.player(seat)) if mode == "dungeon" else None
        self.board.lay = lay
        p = tv.player(seat)
        cid = p.pending_chip if p is not None else None
        key = (self.driver.cache_key, seat, mode, self.resolution.replay is None,
               self.village.lines is None, self.can_act(), self.selection.face_index(cid) if cid else None,
               self.selection.depths_key(), self.lang, gfx.text_scale(), None if lay is None else lay.key(),
               self.whatnow.text if self.whatnow.truncated or self.whatnow.omitted else None, tuple(self.board_rect),
               self.market.first_row)
        if self._targets is not None and self._targets[0] == key:
            return self._targets[1]
        out = []
        for pane in (self.heroes, self.whatnow, self.market, self.hand, self.village, self.board):
            out += pane.regions(tv, legal)
        self._targets = (key, out)
        return out

    # ================================================================= words
    def describe(self, action: Action) -> str:
        """An action as a command on a button or in a menu ("Leave the market"); the log and the theatre keep
        the rules' sentences about the player ("Ana leaves the market")."""
        if self.match.to_act() is None:
            return super().describe(action)
        view = self.dview
        seat = self.match.to_act()
        offer = view.market.offer(str(action.get("chip"))) if action.kind == "buy" else None
        words = self.words.command(action, view.player(seat) if seat is not None else None,
                                   offer.price if offer is not None else None)
        return words if words else super().describe(action)

    def rule_hint(self, action: Action) -> str:
        """A button's tooltip: the rules' own sentence of what it does."""
        return super().describe(action)

    # ================================================================= text
    def drawn_texts(self) -> list[uitext.DrawnText]:
        """Every line of text the panes drew in the last frame, with the box it must stay in."""
        return [r for p in self.panes if hasattr(p, "drawn") for r in p.drawn()]

    def text_problems(self) -> list[str]:
        """Text drawn outside its box, or on top of other text, in the last drawn frame (empty: all clean)."""
        return uitext.problems(self.drawn_texts())

    # ================================================================= input
    def guide_first(self, action: Action) -> Any | None:
        """A placement shows the face up of the drawn chip: the tutor first points at the face it needs."""
        if action.kind != "place":
            return None
        p = self.table_view().player(self.shown_seat())
        cid = p.pending_chip if p is not None else None
        if not cid:
            return None
        faces = self.tables.chip_faces(cid)
        face = action.get("face")
        if face in faces and self.selection.face(cid, faces) != face:
            return ui("face", faces.index(face))
        return None

    def on_click(self, payload: Any) -> None:
        """The scene's own payloads (faces, seats, Depths controls); cells stand for a face-specific action."""
        if is_ui(payload):
            self._on_ui(payload[1:])
            return
        if isinstance(payload, list) and payload and isinstance(payload[0], Action) \
                and payload[0].kind in ("place", "place_depths"):
            self.chrome.bar_override = False
            self.act(payload[0])
            return
        super().on_click(payload)

    def _on_ui(self, what: tuple) -> None:
        kind = what[0]
        seat = self.shown_seat()
        p = self.player(seat)
        sel = self.selection
        if kind == "seat":
            s = int(what[1])
            sel.pinned = None if s == self.shown_seat() and sel.pinned is not None else s
            if sel.pinned is not None and sel.pinned == self.viewer and self.match.to_act() == self.viewer:
                sel.pinned = None
        elif kind == "flip":
            self._flip(p)
        elif kind == "face":
            cid = p.pending_chip if p is not None else None
            if cid and sel.face_index(cid) != int(what[1]):
                self._flip(p)
        elif kind == "side" and p is not None:
            sel.depths_for(seat, p)["side"] = int(what[1])
        elif kind == "shift" and p is not None:
            dc = sel.depths_for(seat, p)
            dc["shift"] = max(-1, min(1, dc["shift"] + int(what[1])))
        elif kind == "bag":
            self.inspect(ui("bag", what[1]))
        elif kind == "market_scroll":
            self.market.scroll_by(int(what[1]))

    def _flip(self, p: PlayerRecord | None) -> None:
        cid = p.pending_chip if p is not None else None
        if cid and self.my_turn_on(self.shown_seat()):
            self.hand.flip(cid)

    def on_command(self, name: str) -> None:
        """F turns the drawn chip over; the arrows shift a new Depths map."""
        seat = self.shown_seat()
        p = self.player(seat)
        if name == "flip":
            self._flip(p)
        elif name in ("shift_left", "shift_right") and p is not None and p.status == "depths" \
                and self.my_turn_on(seat):
            self._on_ui(("shift", -1 if name == "shift_left" else 1))
        else:
            super().on_command(name)

    def on_intent(self, intent: Any) -> None:
        """Wheel scrolls a tall dungeon; dropping the Depths map picks its shift; dropping the chip places it."""
        if isinstance(intent, Scroll) and intent.payload == ui("hint"):
            self.whatnow.scroll_by(intent.dy)
            return
        if isinstance(intent, Scroll) and self.board_rect.collidepoint(intent.pos) \
                and self.screen_mode(self.table_view()) == "market":
            self.market.scroll_by(-1 if intent.dy > 0 else 1)
            return
        if isinstance(intent, Scroll) and self.board_rect.collidepoint(intent.pos) and self.board.lay is not None:
            self.board.scroll_by(intent.dy)
            return
        if isinstance(intent, (DragCancel, Drop)) and intent.payload == ui("ghost"):
            seat = self.shown_seat()
            p = self.player(seat)
            if p is not None:
                shift = self.board.shift_at(intent.pos[0] - self.router.drag_offset[0], p)
                if shift is not None:
                    self.selection.depths_for(seat, p)["shift"] = shift
            return
        if isinstance(intent, DragStart):
            return
        if isinstance(intent, Drop) and intent.payload == ui("flip"):
            if isinstance(intent.target, list):
                self.resolution.dropped = True  # the chip is already where it goes: no flight from the hand
                try:
                    self.on_click(intent.target)
                finally:
                    self.resolution.dropped = False
            return
        super().on_intent(intent)

    def inspect(self, payload: Any) -> None:
        """Right-click: a cell, token, chip, map side, offer or the bag, shown large."""
        zoom, words = self.zoom, self.words
        if not is_ui(payload):
            if isinstance(payload, list) and payload and isinstance(payload[0], Action) and payload[0].kind == "place":
                zoom.token(str(payload[0]["face"]))
                return
            super().inspect(payload)
            return
        kind = payload[1]
        if kind == "hint":
            self.inspector.open(t("dscene.what_now"), self.whatnow.text)
        elif kind == "cell":
            p = self.player(self.shown_seat())
            if p is not None:
                zoom.cell(p, payload[2], self.tables.board(p))
        elif kind == "token":
            zoom.token(payload[2])
        elif kind == "chip":
            faces = self.tables.chip_faces(payload[2])
            if faces:
                zoom.faces(" / ".join(words.tname(f) for f in faces), faces)
        elif kind == "ctype":
            chip = self.model.chips.get(payload[2])
            offer = self.dview.market.offer(payload[2])
            if chip is not None:
                price = offer.price if offer is not None else \
                    chip.price if chip.price is not None else self.model.market.prices[chip.tier - 1]
                zoom.faces(words.ctype_label(payload[2]), list(chip.faces),
                           t("dscene.tier", n=chip.tier) + " · " + str(price) + " " + t("dscene.gold"))
        elif kind == "side":
            zoom.side(payload[2], int(payload[3]))
        elif kind == "bag":
            zoom.bag(int(payload[2]), self.player(int(payload[2])))

    # ================================================================= events
    def on_events(self, events: list[Event]) -> None:
        """Queue the animations of applied events (the resolution pane owns them)."""
        self.resolution.on_events(events)

    def _apply(self, action: Action, seat: int | None) -> bool:
        """Keep the typed view just before the action (Resolution is replayed from it)."""
        self.resolution.before(self.dview)
        return super()._apply(action, seat)
