"""Events to animations: chips flying, the hero descending, and the Resolution replay step by step.

Moved out of the dungeon scene; it still reads the scene's state through ``ScenePart``."""

from __future__ import annotations

import copy
from typing import Any

from game.engine.events import Event
from game.engine.i18n import t
from game.scenes.dungeon.panes.common import (
    RESOLUTION_KINDS,
    Fx,
    Replay,
    ScenePart,
)
from game.ui import anim, gfx


class ResolutionPane(ScenePart):
    """Events to animations: chips flying, the hero descending, and the Resolution replay step by step."""

    name = "resolution"

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
        lay = self.scene.layout
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

