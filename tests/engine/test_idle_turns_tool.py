"""tools/idle_turns.py: how often a seat has nothing to do in a turn (issue 15, item 3)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOL = Path(__file__).resolve().parents[2] / "tools" / "idle_turns.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("idle_turns_tool", TOOL)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def test_a_tally_counts_idle_cardless_stuck_early_turns_and_the_longest_run() -> None:
    tool = _tool()
    T = tool.Turn
    turns = [T(1, True, False, 5), T(1, True, False, 4), T(1, True, True, 3), T(0, False, False, 1),
             T(2, True, False, 0), T(1, True, False, 6), T(1, True, False, 6)]
    tally = tool.Tally()
    tally.add_game(turns, has_cards=True)
    row = tally.row()
    assert row["turns"] == 7 and row["games"] == 1
    assert row["idle_pct"] == round(100 / 7, 1)           # the turn without a decision
    assert row["cardless_pct"] == round(600 / 7, 1)       # all but the third
    assert row["stuck_pct"] == round(400 / 7, 1)          # cardless with 3+ cards in hand: 1st, 2nd, 6th, 7th
    assert row["early_cardless_pct"] == 80.0              # 4 of the first 5
    assert row["longest_cardless_run"] == 4               # the 4th to the 7th


def test_a_ruleset_without_cards_reports_no_card_figures() -> None:
    tool = _tool()
    tally = tool.Tally()
    tally.add_game([tool.Turn(1, True, False, -1)], has_cards=False)
    row = tally.row()
    assert row["cardless_pct"] is None and row["stuck_pct"] is None and row["idle_pct"] == 0.0


def test_measures_every_seat_of_a_sanctuary_level() -> None:
    tool = _tool()
    rows = tool.measure(["sanctuary"], 1, 3, "policy", ["quick"])
    assert [(r["level"], r["deck"], r["seat"]) for r in rows] == [("quick", "ember", 0), ("quick", "grove", 1)]
    for r in rows:
        assert r["turns"] > 3 and r["games"] == 1
        assert 0.0 <= r["cardless_pct"] <= 100.0 and r["stuck_pct"] <= r["cardless_pct"]


def test_quest_decks_rotate_so_every_deck_is_played() -> None:
    tool = _tool()
    rows = tool.measure(["quest"], 4, 1, "policy", ["01_mill_road"], seats=1)
    assert len({r["deck"] for r in rows}) == 4
