"""tools/expedition_pairs.py and tools/quest_rates.py name their bots the way tools/headtohead.py does:
both call its ``make`` (the tools' folder is on sys.path when they run) instead of loading it by hand."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(f"{name}_tool", TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("tool,fn", [("expedition_pairs", "make"), ("quest_rates", "_bot")])
def test_the_tools_bot_specs_are_headtohead_s(tool: str, fn: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TOOLS))   # as when the tool runs as a script
    make = getattr(_load(tool), fn)
    bot = make("normal:slip=0", 3)
    assert bot.difficulty == "normal:slip=0" and bot.budget.slip == 0
    assert type(make("policy", 3)).__name__ == "PolicyBot"
    with pytest.raises(SystemExit, match="no field 'nosuch'"):
        make("normal:nosuch=1", 3)
    assert sys.modules["headtohead"].make is not None
