"""Input routing: pygame events in, Intents out.

Why: every scene needs the same mouse-first behaviour (hover highlight and a
delayed tooltip naming the rule, click, drag-and-drop with a ghost, right-click
to inspect, an illegal click answered with the reason in words, and the
shortcuts Ctrl+Z, Esc, Space, F1, F11). Scenes register HitRegions while they
draw (immediate mode) and handle the Intent dataclasses the router returns; they
never look at raw pygame events for board interaction.

Coordinates are logical canvas coordinates: the app scales the canvas into the
window with letterboxing, and ``to_logical`` maps window pixels back.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.ui import gfx

log = logging.getLogger(__name__)

Point = tuple[float, float]

# ------------------------------------------------------------------- scaling


def letterbox(window_size: tuple[int, int], canvas_size: tuple[int, int]) -> pygame.Rect:
    """Return the rect inside the window where the canvas is drawn (aspect kept, centred)."""
    ww, wh = max(1, window_size[0]), max(1, window_size[1])
    cw, ch = max(1, canvas_size[0]), max(1, canvas_size[1])
    scale = min(ww / cw, wh / ch)
    w, h = max(1, round(cw * scale)), max(1, round(ch * scale))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


def to_logical(pos: Point, window_size: tuple[int, int], canvas_size: tuple[int, int]) -> tuple[int, int]:
    """Map a window pixel to canvas coordinates (may fall outside the canvas in the bars)."""
    box = letterbox(window_size, canvas_size)
    x = (pos[0] - box.x) * canvas_size[0] / box.w
    y = (pos[1] - box.y) * canvas_size[1] / box.h
    return int(x), int(y)


def to_window(pos: Point, window_size: tuple[int, int], canvas_size: tuple[int, int]) -> tuple[int, int]:
    """Map a canvas point to window pixels (inverse of to_logical)."""
    box = letterbox(window_size, canvas_size)
    return (round(box.x + pos[0] * box.w / canvas_size[0]), round(box.y + pos[1] * box.h / canvas_size[1]))


# -------------------------------------------------------------------- regions


@dataclass(frozen=True)
class Circle:
    """A round hit shape (chips, tokens, dice)."""

    center: Point
    radius: float

    def collidepoint(self, pos: Point) -> bool:
        """True when ``pos`` is inside."""
        dx, dy = pos[0] - self.center[0], pos[1] - self.center[1]
        return dx * dx + dy * dy <= self.radius * self.radius

    @property
    def rect(self) -> pygame.Rect:
        """Bounding rect."""
        r = round(self.radius)
        return pygame.Rect(round(self.center[0]) - r, round(self.center[1]) - r, 2 * r, 2 * r)


@dataclass
class HitRegion:
    """Something on screen the player can point at.

    ``payload`` is whatever the scene wants back (an Action, a card id, a cell).
    ``legal`` False makes clicks and drops return IllegalClick with ``reason``.
    ``tooltip`` shows after a short hover. ``draggable`` regions can be dragged
    onto ``drop_target`` regions; ``accepts(drag_payload)`` may refuse a drop with
    a reason string (None means accepted). ``inspect`` is what right-click shows
    (defaults to the payload). ``ghost`` is the surface dragged (defaults to a
    translucent copy of the region outline). ``key`` names the region for hover
    memory across frames (defaults to repr of the payload).
    """

    shape: pygame.Rect | Circle | tuple
    payload: Any = None
    tooltip: str | None = None
    legal: bool = True
    reason: str | None = None
    draggable: bool = False
    drop_target: bool = False
    accepts: Callable[[Any], str | None] | None = None
    inspect: Any = None
    ghost: pygame.Surface | None = None
    highlight: bool = True
    cursor: int | None = None
    key: Any = None

    def __post_init__(self) -> None:
        if isinstance(self.shape, tuple) and not isinstance(self.shape, Circle):
            self.shape = pygame.Rect(self.shape)
        if self.key is None:
            try:
                self.key = repr(self.payload)
            except Exception:  # pragma: no cover - odd payloads
                self.key = id(self.payload)

    def contains(self, pos: Point) -> bool:
        """True when ``pos`` is inside the region."""
        return bool(self.shape.collidepoint(pos))

    @property
    def rect(self) -> pygame.Rect:
        """Bounding rect of the region."""
        return self.shape.rect if isinstance(self.shape, Circle) else pygame.Rect(self.shape)


# -------------------------------------------------------------------- intents


@dataclass(frozen=True)
class Intent:
    """Base of everything the router returns."""


@dataclass(frozen=True)
class Click(Intent):
    """A legal region was clicked (left button)."""

    payload: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class IllegalClick(Intent):
    """An illegal region (or drop) was clicked: ``reason`` says why, in words."""

    payload: Any
    reason: str
    pos: tuple[int, int]


@dataclass(frozen=True)
class ClickEmpty(Intent):
    """A click that hit no region (close popups, deselect)."""

    pos: tuple[int, int]
    button: int = 1


@dataclass(frozen=True)
class Inspect(Intent):
    """Right-click: show this thing large."""

    payload: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragStart(Intent):
    """A draggable region started moving with the mouse."""

    payload: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class Drop(Intent):
    """A drag ended on an accepting drop target."""

    payload: Any
    target: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class DragCancel(Intent):
    """A drag ended on nothing (the piece goes back)."""

    payload: Any
    pos: tuple[int, int]


@dataclass(frozen=True)
class Scroll(Intent):
    """Mouse wheel over ``payload``'s region (or over nothing: payload None); dy>0 is up."""

    payload: Any
    dy: int
    pos: tuple[int, int]


@dataclass(frozen=True)
class Command(Intent):
    """A keyboard shortcut: undo, pause, confirm, rules, fullscreen (or a scene's own)."""

    name: str


@dataclass(frozen=True)
class SkipAnimation(Intent):
    """A click or key while a blocking animation played: finish it now."""


@dataclass(frozen=True)
class Hover(Intent):
    """The hovered region changed (payload None: nothing hovered)."""

    payload: Any


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
