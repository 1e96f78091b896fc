"""The InputRouter: pygame events against this frame's regions into Intents (hover, tooltip, click, drag, keys)."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.ui import gfx
from game.ui.input.intents import (
    Click,
    ClickEmpty,
    Command,
    DragCancel,
    DragStart,
    Drop,
    Hover,
    IllegalClick,
    Inspect,
    Intent,
    Scroll,
    SkipAnimation,
)
from game.ui.input.regions import Circle, HitRegion, Point, to_logical

# Key map: (key, needs_ctrl) -> command name
DEFAULT_SHORTCUTS: dict[tuple[int, bool], str] = {
    (pygame.K_z, True): "undo",
    (pygame.K_ESCAPE, False): "pause",
    (pygame.K_SPACE, False): "confirm",
    (pygame.K_RETURN, False): "confirm",
    (pygame.K_F1, False): "rules",
    (pygame.K_F11, False): "fullscreen",
}

DRAG_THRESHOLD = 6  # px the mouse must move with the button held before a press becomes a drag


class InputRouter:
    """Turns pygame events into Intents against the regions registered this frame.

    Usage per frame::

        router.begin_frame()                 # forget last frame's regions
        router.add(HitRegion(rect, action, tooltip=..., legal=...))
        ...                                  # while drawing
        for ev in pygame.event.get():
            for intent in router.handle(ev, blocked=queue.blocking):
                ...

    Hover and tooltips: ``hovered`` is the region under the mouse;
    ``tooltip_text`` becomes non-empty after ``tooltip_delay`` seconds of
    hovering (call ``update(dt)``; ``wants_tick`` tells the loop a tooltip is
    pending so it should not sleep).
    """

    def __init__(self, canvas_size: tuple[int, int] = (1280, 720), tooltip_delay: float = 0.45,
                 shortcuts: dict[tuple[int, bool], str] | None = None) -> None:
        self.canvas_size = canvas_size
        self.window_size = canvas_size
        self.tooltip_delay = tooltip_delay
        self.shortcuts = dict(DEFAULT_SHORTCUTS if shortcuts is None else shortcuts)
        self.regions: list[HitRegion] = []
        self.mouse: tuple[int, int] = (-1, -1)
        self.hovered: HitRegion | None = None
        self._hover_key: Any = None
        self._hover_time = 0.0
        self._press: tuple[HitRegion, tuple[int, int]] | None = None
        self.dragging: HitRegion | None = None
        self.drag_offset: tuple[int, int] = (0, 0)

    # -- registration ---------------------------------------------------------
    def begin_frame(self) -> None:
        """Forget the regions of the previous frame (call before drawing)."""
        self.regions = []

    def add(self, region: HitRegion) -> HitRegion:
        """Register a region; later regions are on top (drawn later, hit first)."""
        self.regions.append(region)
        return region

    def add_many(self, regions: list[HitRegion]) -> None:
        """Register several regions."""
        self.regions.extend(regions)

    def shortcut(self, key: int, name: str, ctrl: bool = False) -> None:
        """Add or replace a keyboard shortcut producing Command(name)."""
        self.shortcuts[(key, ctrl)] = name

    def set_window_size(self, size: tuple[int, int]) -> None:
        """Tell the router the window size so it maps window pixels to the canvas.

        Only for apps that scale the canvas themselves; with ``pygame.SCALED`` SDL
        already reports logical positions: leave the window size equal to the canvas.
        """
        self.window_size = (max(1, size[0]), max(1, size[1]))

    # -- queries --------------------------------------------------------------
    def logical(self, pos: Point) -> tuple[int, int]:
        """Map a window position to canvas coordinates."""
        if tuple(self.window_size) == tuple(self.canvas_size):
            return int(pos[0]), int(pos[1])
        return to_logical(pos, self.window_size, self.canvas_size)

    def region_at(self, pos: Point, want: Callable[[HitRegion], bool] | None = None) -> HitRegion | None:
        """Return the top-most region containing ``pos`` (optionally filtered)."""
        for r in reversed(self.regions):
            if r.contains(pos) and (want is None or want(r)):
                return r
        return None

    @property
    def tooltip_text(self) -> str | None:
        """Return the hovered region's tooltip once the hover delay has passed (None otherwise)."""
        h = self.hovered
        if h is None or self.dragging is not None or self._press is not None:
            return None
        text = h.tooltip
        if not h.legal and h.reason:
            text = f"{text}\n{h.reason}" if text else h.reason
        if text and self._hover_time >= self.tooltip_delay:
            return text
        return None

    @property
    def wants_tick(self) -> bool:
        """True while a tooltip is waiting to appear or a drag is live (the loop should keep ticking)."""
        if self.dragging is not None:
            return True
        h = self.hovered
        return bool(h is not None and (h.tooltip or h.reason) and self._hover_time < self.tooltip_delay)

    def update(self, dt: float) -> None:
        """Advance the hover timer and re-check the hovered region (regions may have moved)."""
        self._refresh_hover()
        if self.hovered is not None:
            self._hover_time += max(0.0, dt)

    def _refresh_hover(self) -> Intent | None:
        region = self.region_at(self.mouse) if self.mouse[0] >= 0 else None
        key = None if region is None else region.key
        self.hovered = region
        if key != self._hover_key:
            self._hover_key = key
            self._hover_time = 0.0
            return Hover(None if region is None else region.payload)
        return None

    # -- events ---------------------------------------------------------------
    def handle(self, event: pygame.event.Event, blocked: bool = False) -> list[Intent]:
        """Translate one pygame event into intents (``blocked`` while a blocking animation plays)."""
        out: list[Intent] = []
        et = event.type
        if et == pygame.WINDOWLEAVE:
            self.mouse = (-1, -1)
            h = self._refresh_hover()
            return [h] if h else out
        if et == pygame.KEYDOWN:
            return self._key(event, blocked)
        if et not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return out
        if et == pygame.MOUSEWHEEL:
            if blocked:
                return out
            pos = self.mouse
            r = self.region_at(pos)
            return [Scroll(None if r is None else r.payload, int(event.y), pos)]
        pos = self.logical(event.pos)
        self.mouse = pos
        h = self._refresh_hover()
        if h is not None:
            out.append(h)
        if et == pygame.MOUSEMOTION:
            if self._press is not None and self.dragging is None and not blocked:
                region, start = self._press
                if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_THRESHOLD:
                    self.dragging = region
                    rr = region.rect
                    self.drag_offset = (start[0] - rr.x, start[1] - rr.y)
                    out.append(DragStart(region.payload, pos))
            return out
        if blocked:
            if et == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
                if self.dragging is not None:
                    out.append(DragCancel(self.dragging.payload, pos))
                self._press = None
                self.dragging = None
                out.append(SkipAnimation())
            elif et == pygame.MOUSEBUTTONUP and (self.dragging is not None or self._press is not None):
                # an animation began mid-drag: the piece goes back rather than sticking to the mouse
                if self.dragging is not None:
                    out.append(DragCancel(self.dragging.payload, pos))
                self._press = None
                self.dragging = None
            return out
        if et == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                region = self.region_at(pos)
                if region is not None and region.draggable and region.legal:
                    self._press = (region, pos)
                    return out
                out.append(self._click(region, pos))
            elif event.button == 3:
                if self.dragging is not None:
                    out.append(DragCancel(self.dragging.payload, pos))
                    self.dragging = None
                    self._press = None
                    return out
                region = self.region_at(pos)
                if region is not None:
                    out.append(Inspect(region.inspect if region.inspect is not None else region.payload, pos))
                else:
                    out.append(ClickEmpty(pos, 3))
            return out
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dragging is not None:
                out.append(self._drop(self.dragging, pos))
                self.dragging = None
                self._press = None
            elif self._press is not None:
                region, _ = self._press
                self._press = None
                out.append(self._click(region, pos))
        return out

    def _click(self, region: HitRegion | None, pos: tuple[int, int]) -> Intent:
        if region is None:
            return ClickEmpty(pos)
        if not region.legal:
            return IllegalClick(region.payload, region.reason or gfx_text_not_allowed(), pos)
        return Click(region.payload, pos)

    def _drop(self, dragged: HitRegion, pos: tuple[int, int]) -> Intent:
        target = self.region_at(pos, lambda r: r.drop_target and r is not dragged)
        if target is None:
            return DragCancel(dragged.payload, pos)
        if not target.legal:
            return IllegalClick(target.payload, target.reason or gfx_text_not_allowed(), pos)
        if target.accepts is not None:
            why = target.accepts(dragged.payload)
            if why:
                return IllegalClick(target.payload, why, pos)
        return Drop(dragged.payload, target.payload, pos)

    def _key(self, event: pygame.event.Event, blocked: bool) -> list[Intent]:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        name = self.shortcuts.get((event.key, ctrl))
        if blocked:
            if name in ("pause", "fullscreen"):
                return [Command(name)]
            if name is not None or event.key in (pygame.K_SPACE, pygame.K_RETURN):
                return [SkipAnimation()]
            return []
        if name is not None:
            if name == "pause" and self.dragging is not None:
                payload = self.dragging.payload
                self.dragging = None
                self._press = None
                return [DragCancel(payload, self.mouse)]
            return [Command(name)]
        return []

    # -- drawing helpers ------------------------------------------------------
    def drop_candidates(self) -> list[HitRegion]:
        """Return the drop targets that would accept the current drag (for highlighting)."""
        if self.dragging is None:
            return []
        out = []
        for r in self.regions:
            if r.drop_target and r is not self.dragging and r.legal:
                if r.accepts is None or not r.accepts(self.dragging.payload):
                    out.append(r)
        return out

    def draw_highlights(self, surface: pygame.Surface) -> None:
        """Outline the hovered region (legal colour, or illegal colour) and, while dragging, every accepting target."""
        pal = gfx.palette()
        if self.dragging is not None:
            for r in self.drop_candidates():
                gfx.highlight(surface, r.rect, pal.legal, 2, glow=False)
            target = self.region_at(self.mouse, lambda r: r.drop_target and r is not self.dragging)
            if target is not None:
                ok = target.legal and (target.accepts is None or not target.accepts(self.dragging.payload))
                gfx.highlight(surface, target.rect, pal.legal if ok else pal.illegal, 4)
            return
        h = self.hovered
        if h is not None and h.highlight:
            if isinstance(h.shape, Circle):
                c = (round(h.shape.center[0]), round(h.shape.center[1]))
                pygame.draw.circle(surface, pal.legal if h.legal else pal.illegal, c, round(h.shape.radius) + 3, 3)
            else:
                gfx.highlight(surface, h.rect, pal.legal if h.legal else pal.illegal, 3)

    def draw_ghost(self, surface: pygame.Surface) -> None:
        """Draw the dragged region's ghost under the mouse."""
        d = self.dragging
        if d is None:
            return
        x, y = self.mouse[0] - self.drag_offset[0], self.mouse[1] - self.drag_offset[1]
        if d.ghost is not None:
            g = d.ghost
            if g.get_alpha() is None:
                g = g.copy()
                g.set_alpha(190)
            surface.blit(g, (x, y))
            return
        rr = d.rect
        ghost = pygame.Surface(rr.size, pygame.SRCALPHA)
        gfx.rounded_rect(ghost, ghost.get_rect(), gfx.with_alpha(gfx.palette().panel, 150), 8)
        gfx.rounded_rect(ghost, ghost.get_rect(), gfx.with_alpha(gfx.palette().accent, 230), 8, 3)
        surface.blit(ghost, (x, y))


def gfx_text_not_allowed() -> str:
    """Return the generic refusal text (a region without a reason)."""
    from game.engine.i18n import t

    return t("ui.not_allowed")
