"""Busy-board frame times at 1280x720 and their floor.

Each ruleset's game scene (its own scene when ``game/scenes/<id>/`` ships one,
else the generic table view) is opened in a headless App on a busy position
(``positions.busy_match``), settled, then driven frame by frame through the real
``App.frame`` (events, update, draw, flip) with the mouse gliding over the board
so hover highlights and tooltips are part of the work. The time of each frame is
one sample.

The floor is a bare loop blitting the same sprites: one frame of the scene is
drawn onto a counting surface that records every blit onto the screen (size,
per-pixel alpha, where); the floor blits surfaces of those sizes at those places
onto the display surface and flips, with nothing else.
"""

from __future__ import annotations

import gc
import logging
import sys
import time
from typing import Any, Callable

from game.bench.common import RESOLUTION, median, percentile, rnd

log = logging.getLogger(__name__)


def make_app() -> Any:
    """Return a headless App with bench settings (English, normal speeds, muted)."""
    from game.app.main import App
    from game.app.settings import Settings

    settings = Settings(language="en", bot_pace=0.0, animation_speed=1.0, muted=True)
    return App(settings, headless=True, catch_errors=False)


def open_scene(app: Any, ruleset_id: str, seed: int = 1) -> Any:
    """Open the ruleset's game scene over the menu on a busy position; return the scene.

    ``ruleset_id`` may also name one of ``positions.EXTRA_POSITIONS`` (e.g. ``dungeon:depths``).
    """
    from game.bench.positions import EXTRA_POSITIONS, busy_match
    from game.scenes.menu import MenuScene
    from game.scenes.play import scene_for_match

    match = EXTRA_POSITIONS[ruleset_id][1]() if ruleset_id in EXTRA_POSITIONS else busy_match(ruleset_id, seed)
    scene = scene_for_match(app, match)
    app.reset(MenuScene(app), scene)
    return scene


def _glide(i: int) -> tuple[int, int]:
    """A mouse path sweeping the canvas in a zigzag (deterministic)."""
    w, h = RESOLUTION
    x = (i * 37) % (2 * w)
    x = x if x < w else 2 * w - x - 1
    y = 60 + (i * 23) % (h - 120)
    return (x, y)


def _motion(pos: tuple[int, int]) -> Any:
    import pygame

    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)


def frame_work(draw: Callable[[], Any], painted: list[str] | None = None) -> dict[str, int]:
    """Count the work one call of ``draw`` does: the same on every machine and under any load, unlike its time.

    ``py``: Python function calls; ``c``: calls into C (pygame included); ``blits``: blits onto any
    surface; ``renders``: text rasterized (``Font.render``, i.e. misses of gfx's render cache);
    ``paints``: calls of functions named ``*paint*`` (what fills a cached layer: ``LayerCache``
    paint callbacks, the widgets' ``_paint``, a pane's ``_paint_heroes``), whose qualified names
    are appended to ``painted`` when given. The profile hook slows the call down: time it apart.
    """
    n = {"py": 0, "c": 0, "blits": 0, "renders": 0, "paints": 0}
    top = getattr(draw, "__code__", None)  # ``draw`` itself is not counted

    def count(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is not top:
            n["py"] += 1
            if "paint" in frame.f_code.co_name.lower():
                n["paints"] += 1
                if painted is not None:
                    painted.append(frame.f_code.co_qualname)
        elif event == "c_call":
            n["c"] += 1
            name = getattr(arg, "__name__", "")
            if name in ("blit", "blits", "fblits"):
                n["blits"] += 1
            elif name == "render" and type(getattr(arg, "__self__", None)).__name__ == "Font":
                n["renders"] += 1

    old = sys.getprofile()
    sys.setprofile(count)
    try:
        draw()
    finally:
        sys.setprofile(old)
    return n


def settle(app: Any, frames: int = 90) -> None:
    """Run frames without input so fades, toasts and tray dice end."""
    for _ in range(frames):
        app.frame([], 1 / 60, draw=True)


def time_frames(app: Any, frames: int, cpu: list[float] | None = None) -> list[float]:
    """Return the wall duration (ms) of ``frames`` real frames with the mouse moving over the scene.

    ``cpu``, when given, receives each frame's CPU time of this thread (ms): on a busy machine
    the wall figure includes waiting for a core, the CPU figure is the work itself.
    """
    out: list[float] = []
    pc, tt = time.perf_counter, time.thread_time
    for i in range(frames):
        ev = [_motion(_glide(i))]
        c0, t0 = tt(), pc()
        app.frame(ev, 1 / 60, draw=True)
        out.append((pc() - t0) * 1000.0)
        if cpu is not None:
            cpu.append((tt() - c0) * 1000.0)
    return out


class _Recorder:
    """Collects the blits a frame makes onto the screen."""

    def __init__(self) -> None:
        self.sprites: list[tuple[tuple[int, int], bool, tuple[int, int]]] = []


def record_sprites(app: Any) -> list[tuple[tuple[int, int], bool, tuple[int, int]]]:
    """Draw one frame onto a counting screen; return (size, per-pixel alpha, position) of every blit."""
    import pygame

    rec = _Recorder()

    def note(source: Any, dest: Any, area: Any = None) -> None:
        try:
            size = pygame.Rect(area).size if area is not None else source.get_size()
        except (TypeError, ValueError):
            size = source.get_size()
        try:
            pos = (int(dest[0]), int(dest[1]))
        except (TypeError, IndexError, ValueError):
            pos = (0, 0)
        alpha = bool(source.get_flags() & pygame.SRCALPHA) or source.get_alpha() is not None
        rec.sprites.append((size, alpha, pos))

    class CountingSurface(pygame.Surface):
        """The screen, noting every sprite blitted onto it."""

        def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> Any:
            note(source, dest, area)
            return super().blit(source, dest, area, special_flags)

        def blits(self, blit_sequence: Any, doreturn: Any = 1) -> Any:
            seq = list(blit_sequence)
            for item in seq:
                note(item[0], item[1], item[2] if len(item) > 2 else None)
            return super().blits(seq, doreturn)

        def fblits(self, blit_sequence: Any, special_flags: int = 0) -> Any:
            seq = list(blit_sequence)
            for item in seq:
                note(item[0], item[1])
            return super().fblits(seq, special_flags)

    real = app.screen
    counting = CountingSurface(real.get_size(), 0, real)
    app.screen = counting
    try:
        app.frame([_motion(_glide(7))], 1 / 60, draw=True)
    finally:
        app.screen = real
    return rec.sprites


def floor_frames(sprites: list[tuple[tuple[int, int], bool, tuple[int, int]]], frames: int) -> list[float]:
    """Return frame times (ms) of a bare loop blitting surfaces of the recorded sizes, then flipping."""
    import pygame

    screen = pygame.display.get_surface()
    made = []
    for (w, h), alpha, pos in sprites:
        w, h = max(1, w), max(1, h)
        if alpha:
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            s.fill((120, 90, 60, 200))
            s = s.convert_alpha()
        else:
            s = pygame.Surface((w, h))
            s.fill((120, 90, 60))
            s = s.convert()
        made.append((s, pos))
    out: list[float] = []
    pc = time.perf_counter
    for _ in range(frames):
        pygame.event.pump()
        t0 = pc()
        for s, pos in made:
            screen.blit(s, pos)
        pygame.display.flip()
        out.append((pc() - t0) * 1000.0)
    return out


def measure(ruleset_ids: list[str], frames: int, quick: bool = False,
            errors: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Return {ruleset: {median_ms, p99_ms, floor_median_ms, ratio, _details}} for every ruleset.

    A scene that fails is left out and its error goes to ``errors`` (the other rulesets are still measured).
    """
    from game.bench.positions import EXTRA_POSITIONS

    app = make_app()
    out: dict[str, dict[str, Any]] = {}
    extra = [name for name, (rid, _) in EXTRA_POSITIONS.items() if rid in ruleset_ids]
    try:
        for rid in [*ruleset_ids, *extra]:
            try:
                out[rid] = _measure_one(app, rid, frames, quick)
            except Exception as exc:  # noqa: BLE001 - one broken scene never hides the others' figures
                log.exception("frames %s", rid)
                if errors is not None:
                    errors.append(f"scenes {rid}: {type(exc).__name__}: {exc}")
                app.running = True
    finally:
        import pygame

        try:
            app.reset()
        finally:
            pygame.quit()
    return out


def _measure_one(app: Any, rid: str, frames: int, quick: bool) -> dict[str, Any]:
    scene = open_scene(app, rid)
    settle(app, 30 if quick else 90)
    time_frames(app, 10 if quick else 30)  # warm the caches (text, images) the first frames fill
    sprites = record_sprites(app)
    work = frame_work(lambda: app.frame([_motion(_glide(7))], 1 / 60, draw=True))  # the same place: a steady frame
    gc.collect()
    cpu: list[float] = []
    times = time_frames(app, frames, cpu)
    floor = floor_frames(sprites, max(40, frames // 2))
    med, fmed = median(times), median(floor)
    fig = {"median_ms": rnd(med), "p99_ms": rnd(percentile(times, 99)),
           "floor_median_ms": rnd(fmed), "ratio": rnd(med / fmed if fmed else None, 2),
           "_sprites": len(sprites), "_scene": type(scene).__name__,
           "_cpu_median_ms": rnd(median(cpu)), "_cpu_p99_ms": rnd(percentile(cpu, 99)),
           "_py_calls": work["py"], "_blits": work["blits"]}
    log.info("frames %s: %s", rid, fig)
    return fig
