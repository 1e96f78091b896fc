"""The expedition table: heroes on a biome map larger than the screen, the step of the moment, battles in
the skirmish arena.

Why a scene of its own: an expedition is read from where the heroes stand on the map, what the goal is,
what each hero carries and knows, and the decision at hand (escape or fight with its odds, search, talk,
trade, the city); a battle is a skirmish game hosted inside the expedition and is played in the
skirmish's own arena panes, mounted here over the child fight's view. The scene is a ``RulesetScene``
(match driver + table chrome) made of panes (game/scenes/expedition/panes/), each drawing records the
``Reader`` (read.py) derives from the typed ``ExpeditionView``, never rule state:

* ``goal`` (the strip over the map), ``map`` (tiles, sites, NPCs, monsters, heroes, reach and path),
  ``minimap`` (overview; a click looks there), ``heroes`` (sheets and inventories);
* ``step`` (the decision panel with the odds on its buttons), ``trade`` and ``city`` (their screens);
* ``battle`` (the skirmish arena, AP track, menu and chain over the child fight).

The map pans by dragging, with the arrow keys and at the map's edge, and zooms with the wheel
(``camera.py``); the ground is painted in cached chunks per zoom.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.scenes.base import RulesetScene
from game.scenes.base.pane import PaneHost
from game.scenes.expedition.panes.battle import BattlePane, child_event
from game.scenes.expedition.camera import PAN_SPEED, Camera
from game.scenes.expedition.panes.city import CityPane
from game.scenes.expedition.panes.common import Geometry
from game.scenes.expedition.panes.goal import GoalPane
from game.scenes.expedition.panes.heroes import HeroesPane
from game.scenes.expedition.panes.map import MapPane
from game.scenes.expedition.panes.minimap import MinimapPane
from game.scenes.expedition.panes.step import StepPane
from game.scenes.expedition.panes.trade import TradePane
from game.scenes.expedition.read import Reader
from game.ui import anim
from game.ui import text as uitext
from game.ui.layers import settings_key
from game.scenes.skirmish.panes import FighterRef
from game.ui.input import Click, Drop, Inspect, Scroll
from game.ui.payload import Ref

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
DRAG = 6


class ExpeditionScene(PaneHost, RulesetScene):
    """The expedition table (see the module docstring)."""

    name = "expedition"
    board_rect = pygame.Rect(Geometry.board)
    log_rect = pygame.Rect(Geometry.log)
    bar_rect = pygame.Rect(Geometry.bar)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        self.cam = Camera(Geometry.map)
        self.reader = Reader(self)
        self.goal = GoalPane(self)
        self.map = MapPane(self, self.cam)
        self.minimap = MinimapPane(self, self.cam)
        self.heroes = HeroesPane(self)
        self.step = StepPane(self)
        self.trade = TradePane(self)
        self.city = CityPane(self)
        self.battle = BattlePane(self)
        self.panes = [self.goal, self.map, self.minimap, self.heroes, self.step, self.trade, self.city, self.battle]
        if self.dice_tray is not None:
            self.dice_tray.rect = pygame.Rect(Geometry.map.centerx - 230, Geometry.map.y + 40, 460, 250)
        self.sheet_seat: int | None = None
        self.selected: tuple | None = None       # the battle menu's open group (skirmish panes read it)
        self.focus: str | None = None            # the battle's detail card (skirmish panes read it)
        self._press: tuple[int, int] | None = None
        self._last: tuple[int, int] = (0, 0)
        self._panning = False
        self._followed: Any = None
        self._layer: tuple[Any, pygame.Surface] | None = None
        #: an NPC's message just heard: (seat, npc, site), shown to that seat until dismissed or it leaves
        self.secret: tuple[int, str, str] | None = None
        #: the last frame of a battle just over, kept on screen until its last blow has played (in the window
        #: the map came back at once and the killing blow's dice rolled over the map)
        self.held: Any = None
        self._last_fight: Any = None
        self._regions: list[Any] | None = None
        self.action_bar.max_button = 470  # the arena's "X prepares: +1 readiness (1 AP)" needs the room
        self.animator.dice_of = self.reader.dice_faces
        self.animator.roll_words = self.reader.roll_words

    # ================================================================= what is shown
    def figure_of(self, c: Any) -> str | None:
        """The skirmish arena's hook: a battle fighter drawn with the expedition's figure (hero, monster icon)."""
        return self.reader.figure_of(c)

    def mode(self) -> str:
        """"battle" while a fight is live, "trade", "city", else "map"."""
        return self.reader.mode()

    def drawn_texts(self) -> list[uitext.DrawnText]:
        """Every line of text the board drew in the last frame, with its box."""
        if self.mode() == "battle":
            return self.battle.drawn() + self.goal.drawn() + self.minimap.drawn() + self.heroes.drawn()
        out = self.goal.drawn() + self.map.drawn() + self.minimap.drawn() + self.heroes.drawn()
        for p in (self.step, self.trade, self.city):
            if p.visible:
                out += p.drawn()
        return out

    def tutor_keep_clear(self) -> list[pygame.Rect]:
        """What the guide's bubble should not cover: the decision panel's title, lines and odds (in the window
        the bubble sat on "Danger! Meadow: monsters may be near. 6 escape dice..." while pointing at its
        buttons)."""
        if self.mode() == "map" and self.step.visible and self.reader.step_card() is not None:
            return [pygame.Rect(self.step.rect)]
        return []

    def text_problems(self) -> list[str]:
        """Text drawn outside its box, or on top of other text, in the last frame (empty: all clean)."""
        return uitext.problems(self.drawn_texts())

    # ================================================================= hooks: words and tracker
    def phase_text(self, view: dict[str, Any]) -> str | None:
        """The step of the turn in words (the battle's decision while one is live)."""
        return self.reader.phase_words()

    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """Move, monsters, search, contact (the tracker highlights the current one)."""
        return self.reader.phase_list()

    def round_label(self, view: dict[str, Any]) -> str | None:
        """The round of the expedition."""
        return t("expedition_scene.round", n=self.reader.ev.round)

    # ================================================================= regions
    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[Any]:
        """The regions of the panes shown now (a screen over the map covers the map's), kept with the layer."""
        self._follow(self.reader.board())
        self._refresh_layer()
        if self._regions is None:
            self._regions = self._targets(legal)
        return list(self._regions)

    def _targets(self, legal: list[Action]) -> list[Any]:
        r = self.reader
        mode = self.mode()
        out: list[Any] = self.minimap.regions(r.board(), legal) + self.heroes.regions(r.sheets(), legal)
        out = self.goal.regions(r.goal(), legal) + out
        if mode == "battle":
            return out if self.held is not None else out + self.battle.regions(r.fight(), legal)
        if mode == "trade":
            return out + self.trade.regions(r.trade_card(), legal)
        if mode == "city":
            return out + self.city.regions(r.city_card(), legal)
        out += self.map.regions(r.board(), legal)
        card = r.step_card()
        if card is not None:
            out += self.step.regions(card, legal)
        return out

    # ================================================================= input
    def handle_event(self, event: pygame.event.Event) -> None:
        """Drag pans the map (a press without a drag clicks), arrows pan, the wheel zooms; the rest as usual."""
        on_map = self._map_free
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and on_map(event.pos) \
                and not self.queue.blocking and not self.inspector.animating and self.app.top is self:
            self._press, self._panning, self._last = event.pos, False, event.pos
            self.router.mouse = event.pos
            return
        if event.type == pygame.MOUSEMOTION and self._press is not None:
            if not self._panning and abs(event.pos[0] - self._press[0]) + abs(event.pos[1] - self._press[1]) >= DRAG:
                self._panning = True
            if self._panning:
                self.cam.pan(self._last[0] - event.pos[0], self._last[1] - event.pos[1])
            self._last = event.pos
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._press is not None:
            press, panned = self._press, self._panning
            self._press, self._panning = None, False
            if not panned:
                super().handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1, touch=False))
            return
        if event.type == pygame.MOUSEWHEEL and self.mode() == "map" and self.cam.view.collidepoint(self.router.mouse):
            if self.cam.zoom(1 if event.y > 0 else -1, self.router.mouse):
                return
        if event.type == pygame.KEYDOWN and event.key in ARROWS and self.mode() == "map":
            dx, dy = ARROWS[event.key]
            self.cam.pan(dx * self.cam.tile * 2, dy * self.cam.tile * 2)
            return
        super().handle_event(event)

    def _map_free(self, pos: tuple[int, int]) -> bool:
        """True when a press at ``pos`` lands on the map itself (not on a panel, token list or screen over it)."""
        if self.mode() != "map" or not self.cam.view.collidepoint(pos):
            return False
        if self.step.visible and self.reader.step_card() is not None and self.step.rect.collidepoint(pos):
            return False
        return not (self.inspector.animating or self.inspector.visible)

    def on_intent(self, intent: Any) -> None:
        """Map clicks explain, the overview centres, tabs choose a sheet, drops play trade toggles."""
        if isinstance(intent, Scroll) and self.mode() == "map" and self.cam.view.collidepoint(intent.pos):
            return
        if isinstance(intent, Drop) and self.mode() == "trade":
            action = self.trade.match_drop(intent.payload, intent.target)
            if action is None:
                self.toast.show(t("expedition_scene.no_drop"), "error")
            else:
                self.act(action)
            return
        if isinstance(intent, Drop) and self.mode() == "battle":
            action = self.battle.match_drop(intent.payload, intent.target)
            if action is None:
                self.toast.show(t("skirmish_scene.no_drop"), "error")
            else:
                self.act(action)
            return
        if isinstance(intent, Inspect) and isinstance(intent.payload, Ref) and intent.payload.kind == "map":
            sq = self.cam.cell_at(intent.pos)
            if sq is not None:
                self.inspect(Ref.of("cell", sq))
            return
        if isinstance(intent, Click) and isinstance(intent.payload, Ref):
            self.on_ref(intent.payload, intent.pos)
            return
        if isinstance(intent, Click) and isinstance(intent.payload, FighterRef):
            self.focus = intent.payload.cid
            return
        super().on_intent(intent)

    def on_ref(self, payload: Any, pos: tuple[int, int]) -> None:
        """A click on something that is not an action: look there, choose a sheet, explain a square."""
        kind = payload.kind
        if kind == "minimap":
            sq = self.minimap.square_at(pos)
            if sq is not None:
                self.cam.center_on(*sq)
        elif kind == "tab":
            self.sheet_seat = payload.args[0]
        elif kind == "dismiss":
            self.secret = None
            self.reader.forget()
        elif kind in ("map", "mark"):
            why = self.map.why_not(self.reader.board(), self.cam.cell_at(pos))
            if why:  # a square no move reaches: the refusal buzz and why (too far, impassable, no moves left)
                self.app.play_sound("illegal")
                self.toast.show(why, "error")

    def choose_among(self, actions: list[Action]) -> None:
        """A battle menu group with several targets opens; other choices go to the bar."""
        if self.mode() == "battle" and self.battle.open_group(actions):
            return
        super().choose_among(actions)

    def act(self, action: Action) -> bool:
        """Play an action; the battle menu closes."""
        self.selected = None
        return super().act(action)

    def inspect(self, payload: Any) -> None:
        """Right-click: an item, a hero's notes, a fighter, a market card large; else the action's words."""
        shown = self.pane_inspect(payload)
        if shown is None:
            super().inspect(payload)
            return
        title, body = shown[0], shown[1]
        if len(shown) > 2 and shown[2] is not None:
            self.inspector.open(title, body, image=shown[2])
        else:
            self.inspector.open(title, body)

    # ================================================================= events
    def on_events(self, events: list[Any]) -> None:
        """Dice in the tray (the battle's too), then the panes' animations: walks, monsters, battle numbers,
        outcomes."""
        shown = [child_event(e) or e if e.kind.endswith("/DiceRolled") else e for e in events]
        if self._last_fight is not None and any(e.kind == "BattleEnded" for e in events):
            self.held = self._last_fight  # the arena stays while the battle's last events play
            self._last_fight = None
        super().on_events(shown)
        for e in events:
            data = e.data if isinstance(e.data, dict) else {}
            if e.kind == "NpcTold" and data.get("npc") and data.get("site") and e.private_to in (None, self.viewer) \
                    and not self.match.is_bot(data.get("seat", -1)):
                self.secret = (int(data["seat"]), str(data["npc"]), str(data["site"]))
        self.reader.forget()
        ev = self.reader.ev
        for e in events:
            if e.kind == "BattleEnded" and self.held is not None:
                self.queue.play(anim.Call(self.release_battle))  # the blows seen: back to the map, the outcome
            for a in self.map.animate([e], ev) + self.battle.animate([e], ev) + self.reader.outcome([e]):
                self.queue.play(a)

    def release_battle(self) -> None:
        """The battle just over leaves the screen: the map (and the outcome) come back."""
        self.held = None
        self.reader.forget()
        self._regions = None

    def _push(self) -> tuple[int, int]:
        """Where the map is being pushed now: the mouse at its edge, arrow keys held (0, 0: nowhere)."""
        if self.mode() != "map" or self._press is not None or self.app.top is not self:
            return 0, 0
        dx, dy = self.cam.edge_push(self.router.mouse)
        keys = pygame.key.get_pressed() if pygame.display.get_init() else None
        if keys is not None:
            for k, (kx, ky) in ARROWS.items():
                if k < len(keys) and keys[k]:
                    dx, dy = dx + kx, dy + ky
        return dx, dy

    def update(self, dt: float) -> None:
        """Edge and arrow-key panning, the battle's needle and numbers, then the base's turn flow."""
        dx, dy = self._push()
        if dx or dy:
            self.cam.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
        self.battle.update(dt)
        self.map.floats.update(dt)
        if self.held is not None and self.queue.current is None and not self.queue.queue:
            self.release_battle()  # a safety net: nothing left to play, the map comes back
        super().update(dt)

    def is_animating(self) -> bool:
        """Edge and arrow-key panning, battle numbers and the needle keep the loop ticking."""
        dx, dy = self._push()
        if (dx or dy) and self._can_pan(dx, dy):
            return True
        return self.battle.animating() or bool(self.map.floats.items) or super().is_animating()

    def _can_pan(self, dx: int, dy: int) -> bool:
        """True when the camera may still move that way."""
        ox, oy = self.cam.ox, self.cam.oy
        moved = self.cam.pan(dx, dy)
        self.cam.ox, self.cam.oy = ox, oy
        return moved

    # ================================================================= drawing
    def _layer_key(self) -> tuple:
        """What the cached board layer shows: the position, who looks and may act, the camera, the choices."""
        cam = self.cam
        return (self.driver.cache_key, id(self.state), self.viewer, self.lang, self.can_act(), self.match.to_act(),
                self.mode(), round(cam.ox), round(cam.oy), cam.tile, self.sheet_seat, self.selected, self.focus,
                self.secret, settings_key(), self.map.moving, self.held is not None)  # a walk's end repaints: the token lands on its square

    def _refresh_layer(self) -> None:
        """Repaint the cached board layer when what it shows changed (every frame while a token walks)."""
        if self.secret is not None and self.secret[0] != self.viewer:  # another player sat down: it is gone
            self.secret = None
            self.reader.forget()
        key = self._layer_key()
        if self._layer is not None and self._layer[0] == key and not self.map.moving:
            return
        layer = self._layer[1] if self._layer is not None else pygame.Surface((1280, 720), pygame.SRCALPHA)
        layer.fill((0, 0, 0, 0))
        self._paint(layer)
        self._layer = (key, layer)
        self._regions = None

    def _paint(self, surface: pygame.Surface) -> None:
        """Goal strip, map (or the battle), overview, hero sheets, then the screen of the step."""
        r = self.reader
        mode = self.mode()
        board = r.board()
        for p in (self.step, self.trade, self.city):
            p.visible = False
        if mode != "city":
            self.city.forget()
        battle = mode == "battle"  # the goal stays in sight: over the overview while the arena has the board
        self.goal.layout(Geometry.goal_aside if battle else Geometry.goal)
        self.minimap.layout(Geometry.minimap_low if battle else Geometry.minimap)
        if battle:
            fight = r.fight()
            if self.held is None and fight.view is not None:
                self._last_fight = fight
            self.battle.draw(surface, fight)
        else:
            self.map.draw(surface, board)
            if mode == "trade":
                self.trade.visible = True
                self.trade.draw(surface, r.trade_card())
            elif mode == "city":
                self.city.visible = True
                self.city.draw(surface, r.city_card())
            else:
                card = r.step_card()
                if card is not None:
                    hero = board.hero(board.active)
                    self.step.avoid = self.cam.cell_rect(*hero.at) if hero is not None else None
                    self.step.visible = True
                    self.step.draw(surface, card)
        self.goal.draw(surface, r.goal())
        self.heroes.draw(surface, r.sheets())

    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The cached layer, then what moves: the hovered path, the overview's frame, numbers, the AP needle."""
        board = self.reader.board()
        self._follow(board)
        self._refresh_layer()
        assert self._layer is not None
        for area in (Geometry.board, Geometry.right):
            surface.blit(self._layer[1], area.topleft, area)
        mode = self.mode()
        if mode == "map" and not (self.step.visible and self.step.rect.collidepoint(self.router.mouse)):
            self.map.hover = self.cam.cell_at(self.router.mouse)
            self.map.draw_path(surface, board)
        else:
            self.map.hover = None
            self.map.path_rec.begin()
        if mode == "battle":
            self.battle.draw_live(surface, self.reader.fight())
        self.minimap.draw(surface, board)
        self.map.floats.draw(surface)

    def _follow(self, board: Any) -> None:
        """Bring the acting hero into view when the turn passes or it moves (the player's panning stays)."""
        hero = board.hero(board.active)
        if hero is None:
            return
        key = (hero.seat, hero.at)
        if key != self._followed and not self.map.shown:
            first = self._followed is None
            self._followed = key
            self.cam.resize(board.terrain.cols, board.terrain.rows)
            if first:
                self.cam.fit()
                self.cam.center_on(hero.at[0], hero.at[1])
            else:
                self.cam.ensure_visible(hero.at[0], hero.at[1], margin=self.cam.tile * 2)
