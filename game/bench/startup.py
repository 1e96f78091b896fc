"""Start-up time: process start to the first interactive menu frame, against its floor.

The app side runs the real command line, ``python -m game bench --startup-probe FILE``
(the same ``game.cli.main`` -> ``game.app.main.run`` path as ``python -m game``),
with ``pygame.display.flip`` wrapped: right after the first flip (the menu's first
frame, after which the loop waits for input) the child writes the wall-clock time
to FILE and exits. The floor is a bare ``pygame.display.init`` + 1280x720 window +
flip in a fresh interpreter. Both are timed from the parent's spawn, alternated,
after one warm-up run each (so byte-code compilation and a cold disk cache count
for neither), and the medians are compared.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.bench.common import headless_env, median, rnd

log = logging.getLogger(__name__)

FLOOR_CODE = (
    "import os, sys, time\n"
    "os.environ['PYGAME_HIDE_SUPPORT_PROMPT'] = '1'\n"
    "import pygame\n"
    "pygame.display.init()\n"
    "pygame.display.set_mode((1280, 720))\n"
    "pygame.display.flip()\n"
    "t = time.time()\n"
    "open(sys.argv[1], 'w').write(repr(t))\n"
)


def probe(out_file: str) -> int:
    """Child side: launch the app exactly like ``python -m game``; after the first frame write the time and exit."""
    import pygame

    real_flip = pygame.display.flip

    def flip_then_report() -> None:
        real_flip()
        t = time.time()
        try:
            Path(out_file).write_text(repr(t), encoding="utf-8")
        finally:
            os._exit(0)  # right after the first interactive frame: nothing else may count

    pygame.display.flip = flip_then_report  # type: ignore[assignment]
    from game.cli import launch_app

    launch_app()
    return 1  # the loop ended without drawing a frame


def _timed(cmd: list[str], env: dict[str, str], timeout: float) -> float:
    """Run one child that writes its first-frame time to a file; return seconds since spawn."""
    fd, name = tempfile.mkstemp(prefix="mesa-start-", suffix=".txt")
    os.close(fd)
    out = Path(name)
    out.write_text("", encoding="utf-8")
    try:
        t0 = time.time()
        proc = subprocess.run([*cmd, str(out)], env=env, capture_output=True, text=True, timeout=timeout)
        text = out.read_text(encoding="utf-8").strip()
        if not text:
            raise RuntimeError(f"start-up probe wrote nothing (exit {proc.returncode}): "
                               f"{(proc.stderr or proc.stdout).strip()[-600:]}")
        return float(text) - t0
    finally:
        try:
            out.unlink()
        except OSError:
            pass


def app_command(executable: str | None = None) -> list[str]:
    """Return the command that starts the app in probe mode (source, or a frozen executable)."""
    if executable:
        return [executable, "bench", "--startup-probe"]
    return [sys.executable, "-m", "game", "bench", "--startup-probe"]


def measure(runs: int, executable: str | None = None, timeout: float = 60.0) -> dict[str, Any]:
    """Return {app_s, floor_s, ratio} (medians of ``runs`` alternated runs after a warm-up of each)."""
    env = headless_env()
    root = str(Path(__file__).resolve().parents[2])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "") if not executable else env.get("PYTHONPATH", "")
    floor_cmd = [sys.executable, "-c", FLOOR_CODE]
    app_cmd = app_command(executable)
    floors, apps = _alternate(floor_cmd, env, app_cmd, env, runs, timeout)
    app_s, floor_s = median(apps), median(floors)
    log.info("startup: app %s floor %s", apps, floors)
    return {"app_s": rnd(app_s), "floor_s": rnd(floor_s), "ratio": rnd(app_s / floor_s if floor_s else None, 2)}


def _alternate(cmd_a: list[str], env_a: dict[str, str], cmd_b: list[str], env_b: dict[str, str],
               runs: int, timeout: float) -> tuple[list[float], list[float]]:
    """Time two commands alternately (one warm-up each first), so a changing machine load hits both alike."""
    _timed(cmd_a, env_a, timeout)
    _timed(cmd_b, env_b, timeout)
    a: list[float] = []
    b: list[float] = []
    for _ in range(max(1, runs)):
        a.append(_timed(cmd_a, env_a, timeout))
        b.append(_timed(cmd_b, env_b, timeout))
    return a, b


def measure_against_source(executable: str, runs: int, timeout: float = 60.0) -> tuple[float, float]:
    """Return (frozen median, source median) of alternated runs (one warm-up each): a fair ratio on a busy machine."""
    env = headless_env()
    root = str(Path(__file__).resolve().parents[2])
    src_env = dict(env, PYTHONPATH=root + os.pathsep + env.get("PYTHONPATH", ""))
    frozen_cmd, source_cmd = app_command(executable), app_command()
    frozen, source = _alternate(frozen_cmd, env, source_cmd, src_env, runs, timeout)
    log.info("frozen start: %s source: %s", frozen, source)
    return median(frozen), median(source)
