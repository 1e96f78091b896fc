"""tools/headtohead.py: paired games with the seats swapped, a tally per bot, budget overrides."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "headtohead.py"


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("headtohead_tool", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    monkeypatch.setattr(sys, "argv", ["headtohead.py", *args])
    code = _tool().main()
    return code, capsys.readouterr().out.strip().splitlines()


def test_games_come_in_pairs_with_the_seats_swapped(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, lines = _run(monkeypatch, capsys, "sanctuary", "random", "policy", "--games", "3", "--seed", "7")
    assert code == 0
    games, tally = lines[:-1], json.loads(lines[-1])
    assert len(games) == 4 and tally["games"] == 4  # rounded up to whole pairs
    first, second = games[0].split(" seats ")[0].split(": ")[1], games[1].split(" seats ")[0].split(": ")[1]
    assert first == second == "quick seed 7"  # same level and seed ...
    assert "seats random | policy" in games[0] and "seats policy | random" in games[1]  # ... seats swapped
    assert sum(tally["wins"].values()) + tally["draws"] == 4 and tally["errors"] == 0


def test_budget_overrides_and_unknown_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = _tool()
    bot = tool.make("normal:slip=0,depth=6", 1)
    assert bot.budget.slip == 0.0 and bot.budget.depth == 6 and bot.difficulty == "normal:slip=0,depth=6"
    with pytest.raises(SystemExit, match="no field 'bogus'"):
        tool.make("hard:bogus=1", 1)


def test_only_unscripted_two_seat_levels_are_played() -> None:
    from game.engine.registry import get_ruleset

    levels = _tool().two_seat_levels(get_ruleset("sanctuary"))
    ids = {lv.id for lv in levels}
    assert ids and "tutorial" not in ids
    assert all(not any(p.script for p in lv.model.players) for lv in levels)
