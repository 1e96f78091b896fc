"""Child processes of the benchmark (``python -m game.bench.probes idle|memory ...``).

Each prints one JSON object on its last line of stdout. They run in fresh
interpreters so that their figures (process CPU time, peak resident memory) are
those of the app alone, not of the bench process.

- ``idle WHAT --seconds S --warm W``: the real ``App.run`` loop on the menu (WHAT=menu)
  or on a ruleset's busy game scene with nothing moving; CPU time over S seconds
  after W seconds of settling (``time.process_time``, every thread of the process).
- ``memory --frames N [--few]``: opens every scene ``smoke`` opens (menus, dialogs,
  every ruleset's screens, every level's game scene) for N frames each, then
  reports ``ru_maxrss``; ``--few`` (bench --quick) opens only the menus and one
  busy game per ruleset.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from typing import Any


def idle(what: str, seconds: float, warm: float) -> dict[str, Any]:
    """Run the real loop on a still scene; return CPU percent of one core over ``seconds``."""
    import pygame

    from game.bench.frames import make_app, open_scene
    from game.scenes.menu import MenuScene

    app = make_app()
    if what == "menu":
        app.push(MenuScene(app))
    else:
        open_scene(app, what)
    marks: dict[str, float] = {}

    def start() -> None:
        marks["cpu0"], marks["wall0"] = time.process_time(), time.perf_counter()
        marks["frames0"] = app.frames

    def stop() -> None:
        marks["cpu1"], marks["wall1"] = time.process_time(), time.perf_counter()
        marks["frames1"] = app.frames
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    t1 = threading.Timer(warm, start)
    t2 = threading.Timer(warm + seconds, stop)
    t1.start()
    t2.start()
    app.run()
    cpu = marks["cpu1"] - marks["cpu0"]
    wall = marks["wall1"] - marks["wall0"]
    return {"what": what, "cpu_s": round(cpu, 4), "wall_s": round(wall, 3),
            "percent": round(100.0 * cpu / wall, 3) if wall > 0 else None,
            "frames": int(marks["frames1"] - marks["frames0"])}


def memory(frames: int, few: bool = False) -> dict[str, Any]:
    """Open every scene for ``frames`` frames (``few``: the menus and one busy game per ruleset); return peak MB."""
    import resource

    from game.cli.smoke import Smoke

    t0 = time.perf_counter()
    smoke = Smoke(frames, 1, None)
    try:
        if few:
            from game.bench.positions import busy_match, ruleset_ids
            from game.scenes import newgame, settings
            from game.scenes.play import scene_for_match

            smoke.run_scene("menu", lambda app: None)
            smoke.run_scene("gallery", lambda app: newgame.GalleryScene(app))
            smoke.run_scene("settings", lambda app: settings.SettingsScene(app))
            for rid in ruleset_ids():
                smoke.run_scene(f"game-{rid}", lambda app, r=rid: scene_for_match(app, busy_match(r, bots="random")))
        else:
            smoke.run_all()
    finally:
        import pygame

        pygame.quit()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mb = peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes on macOS, KiB elsewhere
    return {"peak_rss_mb": round(mb, 1), "scenes": smoke.scenes_run, "failures": smoke.failures[:5],
            "seconds": round(time.perf_counter() - t0, 2)}


def main(argv: list[str] | None = None) -> int:
    """Run one probe and print its JSON result."""
    import logging

    logging.basicConfig(level=logging.WARNING)
    parser = argparse.ArgumentParser(prog="python -m game.bench.probes")
    sub = parser.add_subparsers(dest="probe", required=True)
    p = sub.add_parser("idle")
    p.add_argument("what")
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--warm", type=float, default=2.5)
    m = sub.add_parser("memory")
    m.add_argument("--frames", type=int, default=5)
    m.add_argument("--few", action="store_true", help="menus and one busy game per ruleset only (bench --quick)")
    args = parser.parse_args(argv)
    if args.probe == "idle":
        result = idle(args.what, args.seconds, args.warm)
    else:
        result = memory(args.frames, args.few)
    sys.stdout.write(json.dumps(result) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
