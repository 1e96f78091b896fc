"""Events to animations: chips flying from the bag, to the board and from the Market, and the Resolution
replayed step by step on the dungeons as they were, then the Village summary.

Why a pane of its own: the rules clear the table the moment Resolution starts, so what the players watch is
rebuilt here from the typed view before the action (``before``) and the events: the frozen dungeons are
``PlayerRecord``s changed event by event, never a copy of the rule state. It owns the chips in flight
(drawn over everything), the replay with its marks and effects, and the dungeons kept after the game.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.dungeon.views import (DungeonView, PlayerRecord, descended, placed, village_summary, with_map,
                                         with_numbers)
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import RESOLUTION_KINDS, DungeonPane, Fx, Replay
from game.scenes.dungeon.panes.steps import final_numbers, step_of
from game.ui import anim, gfx
from game.ui.physics import FlightField, draw_flying


class ResolutionPane(DungeonPane):
    """The table's motion: flights, the Resolution replay, the Village (see the module docstring)."""

    name = "resolution"

    def __init__(self, scene: Any, flight_area: pygame.Rect, seed: int) -> None:
        super().__init__(scene)
        self.flights = FlightField(flight_area, seed=seed)
        self.in_flight: set[str] = set()                      # chips drawn by their flight, not in place
        self.replay: Replay | None = None
        self.replay_snap: tuple[PlayerRecord, ...] | None = None   # every dungeon as Resolution found it
        self.final_snap: tuple[PlayerRecord, ...] | None = None    # the last dungeons, kept after the game
        self.fx: list[Fx] = []
        self.dropped = False                                   # the chip was dropped in place: no flight
        self._before: DungeonView | None = None
        self._queued_seat: int | None = None
        self._shown: tuple[Any, DungeonView] | None = None

    # ================================================================= what the table shows
    @property
    def showing(self) -> bool:
        """True while the replay or the Village summary holds the table (nothing to click on it)."""
        return self.replay is not None or self.scene.village.lines is not None

    def shown(self, view: DungeonView) -> DungeonView:
        """The view with the dungeons as the table shows them: frozen during the replay, the last ones after
        the game."""
        players: tuple[PlayerRecord, ...] | None = None
        if self.replay is not None or self.replay_snap is not None:
            now = list(self.replay_snap if self.replay_snap is not None else view.players)
            if self.replay is not None and 0 <= self.replay.seat < len(now):
                now[self.replay.seat] = self.replay.player
            players = tuple(now)
        elif self.final_snap is not None and view.over:
            players = self.final_snap
        if players is None:
            return view
        key = (id(view), tuple(id(p) for p in players))
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, replace(view, players=players))
        return self._shown[1]

    def before(self, view: DungeonView) -> None:
        """Keep the view just before an action (Resolution is replayed from it)."""
        self._before = view

    # ================================================================= per frame
    def update(self, dt: float) -> None:
        """Fly the chips."""
        self.flights.update(dt)
        if not self.flights.busy and self.flights.flights:
            self.flights.clear_done()

    def draw_view(self, surface: pygame.Surface, view: DungeonView) -> None:
        """The chips in flight, over everything."""
        model = self.scene.model
        for key, fl in list(self.flights.flights.items()):
            if fl.done:
                continue
            face = key[1] if isinstance(key, tuple) else None
            img = art.chip(model, face, 84 if isinstance(key, tuple) and key[2] == "big" else 48)
            draw_flying(surface, img, fl)

    # ================================================================= chips in flight
    def _sound(self, name: str) -> anim.Animation:
        return anim.Call(lambda: self.scene.app.play_sound(name))

    def chip_drawn(self, e: Event) -> anim.Animation | None:
        """``ChipDrawn``: the chip flies from the bag to the drawn-chip slot (blocking: the next decision waits)."""
        cid = e.data.get("chip")
        faces = e.data.get("faces") or self.scene.tables.chip_faces(cid)
        if not isinstance(cid, str) or not faces:
            return self.scene.animator.sound("chip")
        spots = self.scene.hand.spots()
        key = (cid, faces[0], "big")

        def launch() -> None:
            self.in_flight.add(cid)
            self.flights.chip_from_bag(key, spots["bag"], spots["slot"], radius=42, fly=0.3, home=0.2,
                                       on_done=lambda: self.in_flight.discard(cid))

        return anim.Sequence(self._sound("chip"), anim.Call(launch),
                             anim.Await(self.flights, drive=False, blocking=True))

    def chip_placed(self, e: Event) -> anim.Animation | None:
        """``ChipPlaced``: the chip flies from the slot to its space (it is already there when dropped)."""
        d = e.data
        seat, cid, face = d.get("seat"), d.get("chip"), d.get("face")
        if not isinstance(seat, int) or not isinstance(cid, str):
            return None
        end = self._spot_of(seat, int(d.get("floor", 1)), int(d.get("space", 1)))
        if end is None:
            return self.scene.animator.sound("clack")
        start = end if self.dropped else self.scene.hand.spots()["slot"]
        key = (cid, face, "small")

        def launch() -> None:
            self.in_flight.add(cid)
            self.flights.launch(key, start, end, size=48, fly=0.18 if start != end else 0.05, home=0.18,
                                on_done=lambda: (self.in_flight.discard(cid), self.scene.app.play_sound("clack")))

        return anim.Sequence(anim.Call(launch), anim.Await(self.flights, drive=False, blocking=True))

    def _spot_of(self, seat: int, floor: int, space: int) -> tuple[int, int] | None:
        lay = self.scene.board.lay
        if lay is None or lay.seat != seat:
            return None
        pos = lay.board.pos_of(floor, space)
        return lay.center(*pos) if pos in lay.board.cells else None

    def map_chosen(self, e: Event) -> anim.Animation | None:
        """``MapChosen``: a clack."""
        return self._sound("clack")

    def chip_bought(self, e: Event) -> anim.Animation | None:
        """``ChipBought``: the chip flies from its offer to the bag."""
        ctype, cid = e.data.get("type"), e.data.get("chip")
        rect = self.scene.market.offer_rects.get(ctype) if isinstance(ctype, str) else None
        chip = self.scene.model.chips.get(ctype) if isinstance(ctype, str) else None
        if rect is None or chip is None:
            return self._sound("chip")
        key = (cid, chip.faces[0], "small")
        bag = self.scene.hand.spots()["bag"]
        return anim.Sequence(self._sound("chip"),
                             anim.Call(lambda: self.flights.launch(key, rect.center, bag, size=48, fly=0.3, home=0.2)),
                             anim.Await(self.flights, drive=False, blocking=False))

    # ================================================================= the Resolution replay
    def _start_replay(self, seat: int, p: PlayerRecord) -> None:
        self.replay = Replay(seat, p)
        hand = self.scene.hand
        hand.held.add(seat)
        cs = hand.counters_for(seat, p)
        cs["health"].set(p.health, instant=True)
        cs["gold"].set(p.gold, instant=True)
        cs["vp"].set(p.valor, instant=True)
        cs["xp"].set(p.xp, instant=True)
        self.fx = []

    def _end_replay(self) -> None:
        sc = self.scene
        if self.replay_snap is not None and sc.match.is_over():
            now = sc.dview.players
            self.final_snap = tuple(with_numbers(p, now[s]) if s < len(now) else p
                                    for s, p in enumerate(self.replay_snap))
        self.replay = None
        self.replay_snap = None
        sc.hand.held.clear()
        self.fx = []
        sc.board.forget()

    def _bump(self, seat: int, what: str, delta: int) -> None:
        c = self.scene.hand.counters_for(seat)[what]
        value = c.value + delta
        if what == "health" and c.maximum:
            value = min(c.maximum, value)
        c.set(value)

    def _fx_step(self, fxs: list[Fx], duration: float, then: Any) -> anim.Animation:
        def start() -> None:
            self.fx = list(fxs)
            then()

        def step(k: float) -> None:
            for f in fxs:
                f.t = k

        return anim.Sequence(anim.Call(start), anim.Func(step, duration), anim.Wait(0.06), blocking=True)

    def _queue_resolution(self, e: Event, p: PlayerRecord) -> None:
        """One Resolution event: a strike, a glow, floating words and the counters moving."""
        sc = self.scene
        queue = sc.queue
        seat = int(e.data["seat"])
        if self._queued_seat != seat:
            self._queued_seat = seat
            queue.play(anim.Sequence(anim.Call(lambda: self._start_replay(seat, p)), anim.Wait(0.35), blocking=True))
        if e.kind == "KnockedOut":
            queue.play(anim.Call(lambda: sc.toast.show(f"{sc.seat_name(seat)}: {t('dscene.fx.knocked_out')}",
                                                       "error")))
            queue.play(anim.Call(lambda: sc.hand.counters_for(seat)["health"].set(0)))
            return
        if e.kind == "Resolved":
            summary = t("dscene.fx.summary", vp=e.data.get("vp", 0), gold=e.data.get("gold", 0),
                        xp=e.data.get("xp", 0))
            final = final_numbers(p, e)

            def settle() -> None:
                cs = sc.hand.counters_for(seat)
                for key, v in final.items():
                    cs[key].set(v)
                sc.toast.show(f"{sc.seat_name(seat)}: {summary}", "good")

            queue.play(anim.Sequence(anim.Call(settle), anim.Wait(0.9), blocking=True))
            return
        step = step_of(e, p, sc.tables, gfx.palette())
        if step.pos is None and not step.fxs:
            return
        fxs = [f for f in step.fxs if f.cell is not None]

        def then() -> None:
            for what, delta in step.changes:
                if delta:
                    self._bump(seat, what, delta)
            if step.mark and step.pos is not None and self.replay is not None:
                self.replay.marks[step.pos] = step.mark
            if step.sound:
                sc.app.play_sound(step.sound)

        queue.play(self._fx_step(fxs, 0.5, then))

    def on_events(self, events: list[Event]) -> None:
        """Queue chip flights, the hero's descent, the Resolution replay and the Village screen."""
        sc = self.scene
        sc.animator.viewer = sc.viewer
        base = self._before if self._before is not None else sc.dview
        self._before = None
        snap = list(base.players)
        tables = sc.tables
        resolving = False
        for e in events:
            d = e.data
            seat = d.get("seat")
            mine = isinstance(seat, int) and 0 <= seat < len(snap)
            if e.kind == "ChipPlaced" and mine:
                row, col = tables.grid_of(snap[seat], int(d.get("floor", 1)), int(d.get("space", 1)))
                snap[seat] = placed(snap[seat], str(d.get("chip")), str(d.get("face")), row, col)
            elif e.kind == "HeroDescended" and mine:
                snap[seat] = descended(snap[seat], int(d.get("floor", 1)) - 1)
            elif e.kind == "MapChosen" and mine and d.get("deck") == "depths":
                snap[seat] = with_map(snap[seat], str(d.get("card")), int(d.get("side", 0)), int(d.get("offset", 0)))
            if e.kind == "PhaseBegan" and d.get("phase") == "resolution":
                resolving = True
                self._queued_seat = None
                frozen = tuple(snap)
                sc.queue.play(anim.Call(lambda f=frozen: setattr(self, "replay_snap", f)))
                sc.queue.play(sc.animator.animation_for(e))
                continue
            if resolving and e.kind in RESOLUTION_KINDS and mine:
                self._queue_resolution(e, snap[seat])
                continue
            if e.kind == "PhaseBegan" and d.get("phase") == "village":
                if resolving:
                    sc.queue.play(anim.Call(self._end_replay))
                resolving = False
                sc.queue.play(sc.village.show(village_summary(events, sc.dview)))
                continue
            if e.kind == "LevelUp" or (e.kind == "Healed" and d.get("where") == "village"):
                continue
            sc.animator.feed([e])
        if resolving:
            sc.queue.play(anim.Call(self._end_replay))
