"""The hero's panel: the hero card, health/gold/Valor/XP counters, the bag, the drawn chip and its faces
(or, in the Market, what is in the bag); its regions (draw from the bag, turn the chip, drag it).

Why a pane of its own: it is the player's hand in this game. It reads the shown seat's ``PlayerRecord``
and the chip catalogue (``scene.tables``), the face chosen in ``scene.selection``; it owns the counters
(the Resolution replay moves them through ``counters_for`` while it ``holds`` a seat).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.dungeon.views import DungeonView, PlayerRecord
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import DungeonPane, ui
from game.ui import anim, gfx
from game.ui import text as uitext
from game.ui.input import Circle, HitRegion
from game.ui.widgets import Counter

COUNTERS = (("health", "heart", "dscene.health"), ("gold", "coin", "dscene.gold"), ("vp", "star", "dscene.vp"),
            ("xp", "flame", "dscene.xp"))


def numbers(p: PlayerRecord | None) -> dict[str, int]:
    """A player's health, gold, Valor and XP, by counter name."""
    if p is None:
        return {"health": 0, "gold": 0, "vp": 0, "xp": 0}
    return {"health": p.health, "gold": p.gold, "vp": p.valor, "xp": p.xp}


class HandPane(DungeonPane):
    """The hero's panel (see the module docstring)."""

    name = "hand"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.counters: dict[int, dict[str, Counter]] = {}
        self.held: set[int] = set()          # seats whose counters the replay drives
        self._props: dict[str, anim.Prop] = {}

    # ================================================================= places
    def spots(self) -> dict[str, Any]:
        """Where the bag, the drawn chip, its two faces, the two buttons and the "What now" box are."""
        r = self.rect
        # in the Market the bag's contents fill the middle (``bag_box``): the box starts below them; while no
        # buttons stand under the drawn chip (after a floor, for a Depths map) the box takes their room
        top = self.bag_box().bottom + 8 - r.y if self._market() else (430 if self._buttons_shown() else 340)
        return {"bag": (r.x + 62, r.y + 238), "slot": (r.x + 176, r.y + 238),
                "faces": [(r.x + 150, r.y + 306), (r.x + 202, r.y + 306)],
                "buttons": [pygame.Rect(r.x + 14, r.y + 330, r.w - 28, 40),
                            pygame.Rect(r.x + 14, r.y + 378, r.w - 28, 40)],
                "hint": pygame.Rect(r.x + 14, r.y + top, r.w - 28, r.h - top - 12)}

    def bag_box(self) -> pygame.Rect:
        """Where the Market shows the bag's contents: three rows of chips, or as many as the bag needs (at most
        176 px), so the "What now" box below it keeps the rest."""
        r = self.rect
        sc = self.scene
        try:
            p = sc.table_view().player(sc.shown_seat())
            n = len(p.bag) if p is not None else 0
        except Exception:  # noqa: BLE001 - a half-built scene (layout before the first view)
            n = 99
        per = max(1, (r.w - 24) // 46)
        rows = max(3, -(-n // per))  # room for a dozen chips at least (three rows), more when the bag has them
        top = max(44, gfx.line_height(14, True) + 18)
        return pygame.Rect(r.x + 12, r.y + 300, r.w - 24, min(176, top + rows * 38 - 12))

    def _buttons_shown(self) -> bool:
        """True when the shown seat has buttons under its drawn chip (a finished floor, a new Depths map)."""
        sc = self.scene
        try:
            p = sc.table_view().player(sc.shown_seat())
        except Exception:  # noqa: BLE001 - a half-built scene (layout before the first view)
            return True
        return p is not None and p.status in ("floor_done", "depths") and sc.resolution.replay is None

    def _market(self) -> bool:
        sc = self.scene
        try:
            return bool(sc.screen_mode(sc.table_view()) == "market")
        except Exception:  # noqa: BLE001 - a half-built scene (layout before the first view)
            return False

    # ================================================================= drawing
    def draw_view(self, surface: pygame.Surface, view: DungeonView) -> None:
        """The shown seat's hero card, counters, bag and drawn chip (the bag's contents in the Market)."""
        sc = self.scene
        seat = sc.shown_seat()
        p = view.player(seat)
        pal = gfx.palette()
        r = self.rect
        fig = art.hero_figure(seat, 58)
        surface.blit(fig, (r.x + 12, r.y + 10))
        self._hero_card(surface, seat, p)
        self._draw_counters(surface, seat, p)
        spots = self.spots()
        bag_n = len(p.bag) if p is not None else 0
        bag_img = art.svg("bag.svg", (96, 96))
        surface.blit(bag_img, bag_img.get_rect(center=spots["bag"]))
        label = t("dscene.bag_word")  # the count is on the bag ("Sacchetto: 11 gettoni" was cut at huge text)
        at = (spots["bag"][0], spots["bag"][1] - 50)
        # sized for 108 px; up to 116 (to 4 px of the panel's edge and of the "Drawn chip" label), then cut
        self.fit(surface, label, at, min(14, gfx.fit_text_size(label, 108, 24, 14, 8)), 116, pal.ink_light,
                 "midbottom", pygame.Rect(at[0] - 58, at[1] - 24, 116, 24), minimum=8)
        self._bag_count(surface, spots["bag"], bag_n)
        if p is not None and p.status == "draw" and sc.my_turn_on(seat):
            gfx.rounded_rect(surface, pygame.Rect(0, 0, 104, 104).move(spots["bag"][0] - 52, spots["bag"][1] - 52),
                             gfx.with_alpha(pal.legal, 200), 52, 3)
        if sc.screen_mode(view) == "market":
            box = self.bag_box()
            bag = p.bag if p is not None else ()
            key = (seat, bag, sc.lang, pal.name, gfx.text_scale())
            self.layer("bag", key, box.inflate(8, 8), surface, lambda surf: self._draw_bag_grid(surf, seat, bag, box))
        else:
            self._draw_drawn_chip(surface, p, spots)
        if p is not None and p.status == "floor_done" and sc.resolution.replay is None:
            done = t("dscene.floor_done", floor=p.hero_row + 1)
            at = (r.centerx, spots["buttons"][0].y - 8)
            self.fit(surface, done, at, 15, r.w - 24, pal.accent, "midbottom",
                     pygame.Rect(r.x + 12, at[1] - gfx.line_height(15, True), r.w - 24, gfx.line_height(15, True)),
                     minimum=11, bold=True)

    def _bag_count(self, surface: pygame.Surface, bag: tuple[int, int], n: int) -> None:
        """How many chips the bag holds, on a disc at its lower right."""
        pal = gfx.palette()
        text = str(n)
        rad = max(14, (gfx.text_size(text, 15, True)[0] + 10) // 2, gfx.line_height(15, True) // 2 + 2)
        centre = (bag[0] + 34, bag[1] + 30)
        pygame.draw.circle(surface, pal.panel, centre, rad)
        pygame.draw.circle(surface, pal.accent, centre, rad, 2)
        disc = pygame.Rect(0, 0, 2 * rad, 2 * rad)
        disc.center = centre
        self.put(surface, text, centre, 15, pal.ink, "center", disc.inflate(4, 4), bold=True)

    def _hero_card(self, surface: pygame.Surface, seat: int, p: PlayerRecord | None) -> None:
        """Hero name, title and seat name, one under the other by their real line heights, above the counters."""
        pal = gfx.palette()
        words = self.scene.words
        r = self.rect
        room_w, top = r.w - 70, r.y + 8
        bottom = r.y + 96 + self.counter_dy() - gfx.line_height(24, True) // 2
        k = 0
        while k < 6 and gfx.line_height(20 - k, True) + 2 * gfx.line_height(14 - k) > bottom - top:
            k += 1
        box = pygame.Rect(r.x + 62, top, room_w, bottom - top)
        y = top
        for text, size, colour, bold in (
                (words.hero_name(p, seat), 20 - k, pal.accent, True),
                (words.hero_title(p), 14 - k, pal.ink_light, False),
                (self.scene.seat_name(seat), 14 - k, gfx.lerp_colour(gfx.seat_colour(seat), pal.ink_light, 0.4),
                 True)):
            fitted = uitext.fit_line(text, room_w, size, min(max(9, size - 3), size), bold=bold)
            rr = uitext.put(surface, fitted.text, (r.x + 62, y), fitted.size, colour, "topleft", box,
                            self.rec.records, bold, cut=fitted.cut, shrunk=fitted.shrunk)
            y = rr.bottom

    def _draw_bag_grid(self, surface: pygame.Surface, seat: int, bag_ids: tuple[str, ...], box: pygame.Rect) -> None:
        """What is in a bag: each chip as its first face with the second peeking out behind."""
        pal = gfx.palette()
        tables = self.scene.tables
        bag = sorted((c for c in bag_ids if isinstance(c, str)), key=lambda c: (tables.catalog.get(c, ""), c))
        words = t("dscene.bag_contents", name=self.scene.seat_name(seat), n=len(bag))
        if not uitext.fit_line(words, box.w, 14, 12, bold=True).cut:
            bottom = self.fit(surface, words, (box.x, box.y), 14, box.w, pal.ink_light, box=box, minimum=12,
                              bold=True).bottom
        else:  # a long name: the heading takes two lines rather than being cut
            head = pygame.Rect(box.x, box.y, box.w, 2 * gfx.line_height(14, True))
            block = self.rec.block(surface, words, head, 14, max(10, uitext.readable_min(12)), pal.ink_light, True)
            bottom = head.y + len(block.lines) * gfx.line_height(block.size, True)
        top = max(box.y + 44, bottom + 18)
        per = max(1, box.w // 46)
        rows = max(1, (box.bottom - top + 20) // 38)
        shown = bag[:per * rows]
        model = self.scene.model
        for i, cid in enumerate(shown):
            faces = tables.chip_faces(cid)
            if not faces:
                continue
            r, k = divmod(i, per)
            cx, cy = box.x + 18 + k * 46, top + r * 38
            back = art.chip(model, faces[1], 22)
            surface.blit(back, back.get_rect(center=(cx + 13, cy + 8)))
            img = art.chip(model, faces[0], 32)
            surface.blit(img, img.get_rect(center=(cx, cy)))
        if len(bag) > len(shown):
            self.put(surface, f"+{len(bag) - len(shown)}", (box.right, box.bottom), 14, pal.ink_light, "bottomright",
                     box.inflate(8, 8))

    def _draw_counters(self, surface: pygame.Surface, seat: int, p: PlayerRecord | None) -> None:
        cs = self.counters_for(seat, p)
        r = self.rect
        dy = self.counter_dy()
        spots = {"health": (r.x + 12, r.y + 96 + dy), "gold": (r.x + 162, r.y + 96 + dy),
                 "vp": (r.x + 12, r.y + 132 + dy), "xp": (r.x + 162, r.y + 132 + dy)}
        if seat not in self.held and p is not None:
            cs["health"].maximum = p.max_health or None
            for k, v in numbers(p).items():
                cs[k].set(v)
        for k, c in cs.items():
            c.pos = spots[k]
            # a long number or label (large text, "10/10 health") must not run into the next column
            room = (r.x + 154 - c.pos[0]) if k in ("health", "vp") else (r.right - 8 - c.pos[0])
            c.size = 24
            while c.size > 14 and self.counter_width(c) > room:
                c.size -= 1
            c.draw(surface)

    @staticmethod
    def counter_dy() -> int:
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

    def counters_for(self, seat: int, p: PlayerRecord | None = None) -> dict[str, Counter]:
        """Return (making them once) the health, gold, Valor and XP counters of a seat."""
        cs = self.counters.get(seat)
        if cs is None:
            now = numbers(p)
            cs = {k: Counter(now[k], (0, 0), t(key), size=24, image=art.ui_icon(icon, 24),
                             maximum=((p.max_health if p is not None else 0) or None) if k == "health" else None)
                  for k, icon, key in COUNTERS}
            self.counters[seat] = cs
        for k, _, key in COUNTERS:
            cs[k].label = t(key)
        return cs

    def update(self, dt: float) -> None:
        """Roll the counters."""
        for seat_counters in self.counters.values():
            for c in seat_counters.values():
                c.update(dt)

    @property
    def animating(self) -> bool:
        """True while a counter rolls."""
        return any(c.animating for sc in self.counters.values() for c in sc.values())

    # ---------------------------------------------------------------- the drawn chip
    def chip_prop(self, chip_id: str) -> anim.Prop:
        """The drawn chip as a prop (it turns over in place)."""
        prop = self._props.get(chip_id)
        if prop is None:
            prop = anim.Prop(self.spots()["slot"])
            self._props.clear()
            self._props[chip_id] = prop
        return prop

    def flip(self, chip_id: str) -> None:
        """Turn the drawn chip over (the face changes half-way)."""
        sc = self.scene
        sc.queue.add(anim.flip(self.chip_prop(chip_id), 0.26, on_half=lambda: sc.selection.turn(chip_id)))
        sc.app.play_sound("chip")

    def _draw_drawn_chip(self, surface: pygame.Surface, p: PlayerRecord | None, spots: dict[str, Any]) -> None:
        pal = gfx.palette()
        sc = self.scene
        slot = spots["slot"]
        label = t("dscene.drawn")
        at = (slot[0], slot[1] - 50)
        self.fit(surface, label, at, min(14, gfx.fit_text_size(label, 104, 24, 14, 8)), 104, pal.ink_light,
                 "midbottom", pygame.Rect(at[0] - 52, at[1] - 24, 104, 24), minimum=8)
        pygame.draw.circle(surface, gfx.lerp_colour(pal.table_dark, (0, 0, 0), 0.3), slot, 46)
        pygame.draw.circle(surface, pal.edge, slot, 46, 2)
        cid = p.pending_chip if p is not None else None
        if not cid or cid in sc.resolution.in_flight:
            return
        faces = sc.tables.chip_faces(cid)
        face = sc.selection.face(cid, faces)
        img = art.chip(sc.model, face, 84)
        gfx.draw_prop(surface, self.chip_prop(cid), img, shadow_px=4)
        for f, pos in zip(faces, spots["faces"]):
            small = art.chip(sc.model, f, 34, dim=f != face)
            surface.blit(small, small.get_rect(center=pos))
            if f == face:
                pygame.draw.circle(surface, pal.accent, pos, 20, 2)
        room = slot[0] - 64 - self.rect.x - 12
        at = (slot[0] - 64, slot[1] + 68)
        self.fit(surface, sc.words.tname(face), at, 15, room, pal.accent, "midright",
                 pygame.Rect(self.rect.x + 12, at[1] - gfx.line_height(15, True) // 2 - 1, room,
                             gfx.line_height(15, True) + 2), minimum=11, bold=True)

    # ================================================================= regions
    def regions(self, view: DungeonView, legal: list[Action]) -> list[Any]:
        """The bag (draw from it on your turn, else look in it), the drawn chip (turn it, drag it) and its faces."""
        sc = self.scene
        if sc.resolution.showing:
            return []
        seat = sc.shown_seat()
        p = view.player(seat)
        if p is None:
            return []
        spots = self.spots()
        mine = sc.my_turn_on(seat)
        tip = t("dscene.bag_tip", n=len(p.bag))
        if p.status == "draw" and mine:
            out = [HitRegion(Circle(spots["bag"], 50), Action.of("draw"), tooltip=tip, inspect=ui("bag", seat))]
        else:
            out = [HitRegion(Circle(spots["bag"], 50), ui("bag", seat), tooltip=tip, highlight=False)]
        if p.status != "place" or not p.pending_chip or not mine:
            return out
        words = sc.words
        faces = sc.tables.chip_faces(p.pending_chip)
        face = sc.selection.face(p.pending_chip, faces)
        if face:
            other = [f for f in faces if f != face]
            out.append(HitRegion(Circle(spots["slot"], 44), ui("flip"), draggable=True,
                                 ghost=art.chip(sc.model, face, 84), inspect=ui("chip", p.pending_chip),
                                 tooltip=t("dscene.chip_tip", face=words.tname(face),
                                           other=words.tname(other[0]) if other else words.tname(face))))
            for i, (f, pos) in enumerate(zip(faces, spots["faces"])):
                out.append(HitRegion(Circle(pos, 18), ui("face", i), inspect=ui("token", f),
                                     tooltip=t("dscene.face_tip", face=words.tname(f)) + "\n" + words.tdesc(f)))
        return out
