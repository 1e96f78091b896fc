"""Shared pieces of the benchmark: the budgets, percentiles and child-process plumbing.

The budgets are DESIGN.md's "Performance budgets"; ``report`` compares every
measured figure with them. Child processes get headless SDL drivers (unless a
real display is configured) and a private user folder, so a bench run never
touches the player's saves or settings and starts from the same state each time.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Iterator, Sequence

log = logging.getLogger(__name__)

#: DESIGN.md "Performance budgets" (the bench reports PASS/MISS against these)
BUDGETS: dict[str, float] = {
    "startup_ratio": 2.5,          # app start within 2.5x a bare pygame init + window + flip
    "frame_median_ms": 4.0,        # busy board at 1280x720
    "frame_p99_ms": 8.0,
    "frame_ratio": 3.0,            # within 3x a bare loop blitting the same sprites
    "idle_cpu_percent": 3.0,       # of one core, nothing moving
    "bot_normal_p95_ms": 250.0,    # default strength
    "peak_rss_mb": 200.0,
    "frozen_size_mb": 80.0,
    "frozen_start_ratio": 1.2,     # frozen start within 1.2x source start
    "scaling_ratio": 2.0,          # autosave / undo after Continue at 10,000 actions within 2x of 100
    "undo_after_continue_ms": 100.0,  # the first undo after Continue at 10,000 actions
    "level_list_ms": 1000.0,       # the level list with 1,000 mods, once its catalogue is warm
}

DIFFICULTIES = ("easy", "normal", "hard")
RESOLUTION = (1280, 720)


def percentile(values: Sequence[float], q: float) -> float:
    """Return the q-th percentile (0..100) with linear interpolation; 0.0 for no values."""
    xs = sorted(values)
    if not xs:
        return 0.0
    if len(xs) == 1:
        return float(xs[0])
    k = (len(xs) - 1) * q / 100.0
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return float(xs[lo] + (xs[hi] - xs[lo]) * (k - lo))


def median(values: Sequence[float]) -> float:
    """Return the median (0.0 for no values)."""
    return percentile(values, 50.0)


def rnd(x: float | None, digits: int = 3) -> float | None:
    """Round a figure for the report (None stays None)."""
    return None if x is None else round(float(x), digits)


class RunFigures:
    """Mixin of the robustness runs' figures (dataclasses with ``failures`` and ``seconds``): ``to_json``."""

    failures: list[str]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe figures: every field, the first 10 failures and how many there were."""
        return {k: (v[:10] if isinstance(v, list) else v) for k, v in self.__dict__.items()} | \
            {"failure_count": len(self.failures), "seconds": round(self.seconds, 2)}


def headless_env(home: Path | None = None) -> dict[str, str]:
    """Return the environment for a child: dummy SDL drivers (unless a display is set), a private MESA_HOME."""
    env = dict(os.environ)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        env["SDL_VIDEODRIVER"] = "dummy"
    env["SDL_AUDIODRIVER"] = "dummy"
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env["MESA_HOME"] = str(home or Path(tempfile.mkdtemp(prefix="mesa-bench-")))
    return env


def use_private_home() -> Path:
    """Point this process's user folders at a fresh temporary MESA_HOME (and headless drivers); return it."""
    home = Path(tempfile.mkdtemp(prefix="mesa-bench-"))
    os.environ["MESA_HOME"] = str(home)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return home


@contextlib.contextmanager
def temporary_home(prefix: str = "mesa-bench-") -> Iterator[Path]:
    """A fresh temporary MESA_HOME for the ``with`` block (``paths.temporary_home``), with the level
    catalogue emptied on the way in (a cold start) and on the way out."""
    from game.engine import catalogue, paths

    with paths.temporary_home(prefix) as home:
        catalogue.clear()
        try:
            yield home
        finally:
            catalogue.clear()


def run_probe(args: list[str], timeout: float, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run ``python -m game.bench.probes ARGS`` and return the JSON object it prints last."""
    cmd = [sys.executable, "-m", "game.bench.probes", *args]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env or headless_env(),
                          cwd=str(Path(__file__).resolve().parents[2]))
    for line in reversed(proc.stdout.strip().splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                data = json.loads(line)
            except ValueError:
                continue
            if isinstance(data, dict):
                return data
    raise RuntimeError(f"probe {' '.join(args)} failed (exit {proc.returncode}): "
                       f"{(proc.stderr or proc.stdout).strip()[-800:]}")


def machine() -> dict[str, Any]:
    """Describe the machine the run is on (for the printed table and docs/PERFORMANCE.md)."""
    import platform

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        load = os.getloadavg()[0]
    except (OSError, AttributeError):
        load = None
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "system": f"{platform.system()} {platform.release()}", "load_1min": load,
            "video_driver": os.environ.get("SDL_VIDEODRIVER", "(default)")}
