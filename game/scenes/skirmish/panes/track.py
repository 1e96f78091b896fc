"""The AP track pane: the numbered stops 0-15, the needle sliding down them, and a marker per standing
combatant at its AP level (heroes above the line, minions below, the acting ones ringed).

The unmoving part (panel, line, stops) is a cached layer (``LayerCache``); the needle and markers are
drawn over it every frame, so the needle can slide smoothly between the rules' values.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.rulesets.skirmish.views import SkirmishView
from game.scenes.skirmish.panes.common import TRACK_MAX, SkirmishPane, line_size
from game.ui import anim, gfx
from game.ui.input import HitRegion
from game.ui.layers import LayerCache


class TrackPane(SkirmishPane):
    """The AP track (see the module docstring)."""

    name = "ap_track"

    def __init__(self, scene: Any, needle: float = TRACK_MAX) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.track)
        self.mid = self.geo.TRACK_MID
        self.layers = LayerCache()
        self.needle_shown = float(needle)
        self.needle_to = self.needle_shown

    # ----------------------------------------------------------------- the needle's motion
    def follow(self, needle: float) -> None:
        """Aim the drawn needle at the rules' needle."""
        self.needle_to = float(needle)

    def update(self, dt: float) -> None:
        """Move the drawn needle towards its aim (about 12 steps a second)."""
        gap = self.needle_to - self.needle_shown
        if gap == 0:
            return
        if abs(gap) < 1e-3:
            self.needle_shown = self.needle_to
            return
        step = max(0.5, abs(gap) * 4) * dt * max(0.25, anim.speed())
        self.needle_shown += max(-step, min(step, gap)) if abs(gap) > step else gap

    @property
    def moving(self) -> bool:
        """True while the needle slides."""
        return self.needle_shown != self.needle_to

    # ----------------------------------------------------------------- geometry
    def x(self, level: float) -> float:
        """The x of an AP level on the track."""
        r = self.rect
        return r.x + 24 + (r.w - 48) * level / TRACK_MAX

    @staticmethod
    def stop_size() -> int:
        """Font size of the numbers in the track's stops (two digits inside a 16 px circle)."""
        return line_size("15", pygame.Rect(0, 0, 15, 40), 10, 6, True)

    def base(self) -> pygame.Surface:
        """The track's panel, line and numbered stops (the part that never moves), painted once
        per track size, palette and text size: it was redrawn every frame, half the board's drawing."""
        r = self.rect

        def paint(layer: pygame.Surface) -> None:
            pal = gfx.palette()
            gfx.panel(layer, layer.get_rect(), pal.panel, radius=8, with_shadow=False)
            mid = self.mid
            pygame.draw.line(layer, pal.edge, (self.x(0) - r.x, mid), (self.x(TRACK_MAX) - r.x, mid), 3)
            for n in range(TRACK_MAX + 1):
                x = self.x(n) - r.x
                pygame.draw.circle(layer, pal.panel_dark, (round(x), mid), 8)
                pygame.draw.circle(layer, pal.edge, (round(x), mid), 8, 1)
                gfx.text(layer, str(n), (x, mid), self.stop_size(), pal.ink, "center", bold=True)
        return self.layers.get("track", r.size, paint, extra=tuple(r))

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        """The cached base, the needle, the markers and the needle's legend."""
        self.rec.begin()
        pal = gfx.palette()
        r = self.rect
        surface.blit(self.base(), r.topleft)
        mid = r.y + self.mid
        nx = self.x(self.needle_shown)
        pygame.draw.polygon(surface, pal.bad, [(nx - 7, r.y + 2), (nx + 7, r.y + 2), (nx, r.y + 14)])
        pygame.draw.line(surface, pal.bad, (nx, r.y + 10), (nx, mid - 9), 3)
        pygame.draw.line(surface, pal.bad, (nx, mid + 9), (nx, r.bottom - 4), 3)
        self._markers(surface, view, pal, r, mid)
        # the needle's own number turns red; a legend names it in the corner furthest from the action
        level = int(round(self.needle_to))
        bx = self.x(level)
        pygame.draw.circle(surface, pal.bad, (round(bx), mid), 9)
        gfx.text(surface, str(level), (bx, mid), self.stop_size(), pal.ink_light, "center", bold=True)
        label = t("skirmish_scene.needle", n=level)
        lw = min(140, gfx.text_size(label, 11, True)[0])
        lh = min(mid - 9 - r.y - 3, gfx.line_height(11, True))
        box = pygame.Rect(r.right - 8 - lw, r.y + 2, lw, lh) if level < 12 else pygame.Rect(r.x + 8, r.y + 2, lw, lh)
        self.line(surface, label, box, 11, pal.bad, "midright" if level < 12 else "midleft", bold=True, minimum=7)

    def _markers(self, surface: pygame.Surface, view: SkirmishView, pal: Any, r: pygame.Rect, mid: int) -> None:
        """Markers: heroes above the line, minions below; the markers of one level side by side in one row
        (closer together when many), kept inside the panel, each with its number between it and the edge.
        (Six minions at level 0 stacked a second row over the first row's numbers.)"""
        acting = view.acting
        groups: dict[tuple[str, int], list[Any]] = {}
        for c in view.combatants if view.round else ():
            if c.active:
                groups.setdefault((c.side, c.ap_level), []).append(c)
        for (side, level), members in groups.items():
            n = len(members)
            step = 11.0 if n <= 8 else max(5.0, 88.0 / (n - 1))
            start = self.x(level) - (n - 1) * step / 2
            start = max(r.x + 10, min(start, r.right - 10 - (n - 1) * step))
            y = mid - 17 if side == "heroes" else mid + 17
            for k, c in enumerate(members):
                x = start + k * step
                if c.id in acting:
                    pygame.draw.circle(surface, pal.accent, (round(x), round(y)), 10)
                gfx.draw_seat_badge(surface, c.seat, (x, y), 7)
                if step >= 10:  # the number over a hero's marker, under a minion's, between it and the edge
                    box = pygame.Rect(x - 6, r.y + 1, 12, y - 7 - r.y - 1) if side == "heroes" else \
                        pygame.Rect(x - 6, y + 7, 12, r.bottom - 1 - y - 7)
                    if box.h >= 8:
                        self.line(surface, str(c.number), box, 9, pal.ink, "center", bold=True, minimum=5)

    # ----------------------------------------------------------------- hover
    def regions(self, view: SkirmishView, legal: list[Any]) -> list[Any]:
        """The needle says what it is on hover; each marker stop says who stands there."""
        needle = int(view.needle)
        level = max((c.ap_level for c in view.combatants if c.active and c.side == "heroes"), default=0)
        tip = t("skirmish_scene.needle_tip", n=needle) + "\n" + t("skirmish_scene.react_tip")
        out = [HitRegion(self.rect, ("ap_track", needle), tooltip=tip, highlight=False, key=("ap_track", level))]
        nx = self.x(needle)
        out.append(HitRegion(pygame.Rect(round(nx) - 12, self.rect.y, 24, self.rect.h), ("ap_needle", needle),
                             tooltip=tip, highlight=False, key="ap_needle"))
        return out
