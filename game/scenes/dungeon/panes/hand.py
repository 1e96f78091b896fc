"""The hero's panel: counters, the bag and the drawn chip.

Moved out of the dungeon scene; it still reads the scene's state through ``ScenePart``."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import i18n
from game.engine.i18n import t
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import (
    ScenePart,
    fit_line,
)
from game.ui import anim, gfx
from game.ui.widgets import Counter


class HandPane(ScenePart):
    """The hero's panel: counters, the bag and the drawn chip."""

    name = "hand"

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """The shown seat's hero card, counters, bag, drawn chip and "What now" box."""
        seat = self.shown_seat()
        self._draw_hand(surface, seat, self.player(seat))

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

