"""Layering guards: the rules kernel and every ruleset load without pygame (they run headless)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_PROBE = r"""
import json, pkgutil, sys, importlib
import game.engine
for info in pkgutil.walk_packages(game.engine.__path__, "game.engine."):
    importlib.import_module(info.name)
import game.rulesets
names = []
for info in pkgutil.walk_packages(game.rulesets.__path__, "game.rulesets."):
    importlib.import_module(info.name)
    names.append(info.name)
from game.engine.registry import discover, ruleset_ids
discover()
print(json.dumps({"pygame": sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame.")),
                  "modules": names, "rulesets": ruleset_ids()}))
"""


def test_engine_and_every_ruleset_import_without_pygame() -> None:
    out = subprocess.run([sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.strip().splitlines()[-1])
    assert report["pygame"] == [], f"pygame loaded by the rules layer: {report['pygame']}"
    assert {"dungeon", "skirmish", "sanctuary"} <= set(report["rulesets"])
    assert any(name.startswith("game.rulesets.skirmish.") for name in report["modules"])
