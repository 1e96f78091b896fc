"""``python -m game bench --quick``: it runs and its JSON has exactly the keys of issues 7 and 11.

Bench is never a timed test: nothing here compares a figure with a budget; the
PASS/MISS logic is checked on made-up figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.bench.positions import EXTRA_POSITIONS
from game.bench.runner import KEYS, table, verdicts
from game.engine.registry import all_rulesets

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", MESA_HOME=str(tmp_path / "home"))
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_bench_quick_runs_and_writes_exactly_the_issue_keys(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    proc = subprocess.run([sys.executable, "-m", "game", "bench", "--quick", "--json", str(out)], cwd=ROOT,
                          env=_env(tmp_path), capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "PASS" in proc.stdout or "MISS" in proc.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    ids = sorted(r.id for r in all_rulesets())
    assert set(data) == set(KEYS) == {"startup", "scenes", "idle_cpu_percent", "bots", "simulate",
                                      "peak_rss_mb", "frozen", "scaling"}
    sc = data["scaling"]
    assert set(sc) >= {"actions", "autosave_ms", "undo_after_continue_ms"}
    assert sc["actions"]["small"] == 100 and sc["actions"]["large"] > 500
    for key in ("autosave_ms", "undo_after_continue_ms"):
        assert set(sc[key]) == {"small", "large", "ratio"} and sc[key]["small"] > 0 and sc[key]["large"] > 0
    assert set(data["startup"]) == {"app_s", "floor_s", "ratio"}
    assert all(isinstance(v, float) and v > 0 for v in data["startup"].values())
    extra = {name for name, (rid, _) in EXTRA_POSITIONS.items() if rid in ids}
    assert extra, "the dungeon's Depths choice is measured besides the busy positions"
    assert sorted(set(data["scenes"]) - extra) == ids and extra <= set(data["scenes"])
    for fig in data["scenes"].values():
        assert set(fig) == {"median_ms", "p99_ms", "floor_median_ms", "ratio"}
        assert 0 < fig["median_ms"] <= fig["p99_ms"]
    assert set(data["idle_cpu_percent"]) == {"menu", *ids}
    assert all(isinstance(v, float) and v >= 0 for v in data["idle_cpu_percent"].values())
    assert sorted(data["bots"]) == ids
    for by in data["bots"].values():
        assert set(by) == {"easy", "normal", "hard"}
        for f in by.values():
            assert set(f) == {"p50_ms", "p95_ms"} and 0 <= f["p50_ms"] <= f["p95_ms"]
    assert sorted(data["simulate"]) == ids
    for f in data["simulate"].values():
        assert set(f) == {"actions_per_s", "games_per_s"} and f["actions_per_s"] > 0 and f["games_per_s"] > 0
    assert isinstance(data["peak_rss_mb"], float) and data["peak_rss_mb"] > 10
    assert set(data["frozen"]) == {"size_mb", "start_s", "ratio_to_source"}


def test_verdicts_say_miss_over_budget_and_pass_under() -> None:
    good = {"startup": {"app_s": 0.2, "floor_s": 0.1, "ratio": 2.0},
            "scenes": {"x": {"median_ms": 2.0, "p99_ms": 5.0, "floor_median_ms": 1.0, "ratio": 2.0}},
            "idle_cpu_percent": {"menu": 0.5}, "bots": {"x": {"normal": {"p50_ms": 100.0, "p95_ms": 200.0}}},
            "simulate": {}, "peak_rss_mb": 150.0, "frozen": {"size_mb": None, "start_s": None, "ratio_to_source": None}}
    assert all(ok is not False for *_, ok in verdicts(good))
    bad = json.loads(json.dumps(good))
    bad["scenes"]["x"]["p99_ms"] = 9.0
    bad["bots"]["x"]["normal"]["p95_ms"] = 260.0
    bad["peak_rss_mb"] = 201.0
    missed = {name for name, _got, _budget, ok in verdicts(bad) if ok is False}
    assert missed == {"frame x p99", "bot x normal", "peak memory"}
    text = table(bad, {"machine": {}, "quick": True})
    assert text.count("MISS") == 3 and "3 budget(s) missed" in text


def test_bench_command_module_imports_nothing_heavy() -> None:
    """The command line imports every subcommand at start-up: bench must not slow the app's start."""
    code = ("import sys, game.cli.bench; heavy = [m for m in ('game.bench', 'pygame', 'pydantic', "
            "'game.engine.levels') if m in sys.modules]; print(','.join(heavy))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""
