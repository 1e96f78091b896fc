"""Golden games (tools/golden.py): the recorded seeded bot games still play exactly as recorded.

Issue 11 ports the rulesets onto a new kernel with no change in behaviour; each ruleset's
200 recorded games (tests/golden/<ruleset>.json) pin its actions, events and results down
by digest. The default suite replays every 10th game (staggered so every level, seat count
and bot kind is among them); ``-m slow`` replays all 200.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "golden.py"


def _tool() -> Any:
    name = "golden_tool"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, TOOL)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


golden = _tool()


def _games(ruleset: str, indexes: list[int] | None = None) -> list[dict[str, Any]]:
    data = golden.load_record(ruleset)
    assert data["ruleset"] == ruleset and len(data["games"]) == golden.GAMES
    games = data["games"]
    return games if indexes is None else [games[i] for i in indexes]


@pytest.mark.parametrize("ruleset", golden.RULESETS)
def test_recorded_plan_is_the_plan_the_tool_makes(ruleset: str) -> None:
    """The recorded games are the tool's plan (levels, seats, seeds, bots), one per index."""
    recorded = [golden.plan_of(g) for g in _games(ruleset)]
    assert recorded == golden.game_plans(ruleset)
    assert {p.bots[0] for p in recorded} == {"random", "policy"}


@pytest.mark.parametrize("ruleset", golden.RULESETS)
def test_every_tenth_golden_game_replays_identically(ruleset: str) -> None:
    """Every 10th recorded game reproduces its trace digest (actions, events, result)."""
    data = golden.load_record(ruleset)
    problems = [p for g in _games(ruleset, golden.sample_indices())
                if (p := golden.check_game(ruleset, g, data["mark_every"]))]
    assert not problems, "\n".join(problems)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", golden.RULESETS)
def test_all_golden_games_replay_identically(ruleset: str) -> None:
    """All 200 recorded games of the ruleset reproduce their trace digests."""
    count, problems = golden.check(ruleset)
    assert count == golden.GAMES
    assert not problems, "\n".join(problems)


def test_a_changed_game_is_reported_with_its_place() -> None:
    """A digest that does not match names the ruleset, game, level, seed and the divergence window."""
    game = dict(_games("sanctuary", [3])[0])
    assert game["n_actions"] > 2 * golden.MARK_EVERY
    game["marks"] = [game["marks"][0], "0" * 12, *game["marks"][2:]]
    game["digest"] = "0" * 64
    message = golden.check_game("sanctuary", game)
    assert message is not None
    assert f"sanctuary game 3 (level {game['level']}, 2 seats, seed 3)" in message
    assert f"between actions {golden.MARK_EVERY} and {2 * golden.MARK_EVERY - 1}" in message
    assert golden.check_game("sanctuary", _games("sanctuary", [3])[0]) is None


def test_trace_has_actions_events_flags_and_result_but_no_auto_flag() -> None:
    """A trace line per action and event, events with their flags, the result last; ``auto`` never appears."""
    plan = golden.game_plans("sanctuary", 2)[1]
    assert plan.bots[0] == "policy"
    trace = golden.play("sanctuary", plan)
    assert trace.lines[0].startswith("G sanctuary ")
    assert sum(line.startswith("A ") for line in trace.lines) == trace.n_actions > 0
    events = [line for line in trace.lines if line.startswith("  E ")]
    assert events and all(" random=" in e and " reveal=" in e and " private_to=" in e for e in events)
    assert any("random=1" in e for e in events)
    from game.engine.events import Event

    flagged = Event("X", {"a": 1}, random=True, private_to=1, auto=True)
    assert golden._event_line(flagged) == golden._event_line(Event("X", {"a": 1}, random=True, private_to=1))
    assert trace.lines[-1].startswith("R {") and trace.result is not None
    assert golden.play("sanctuary", plan).digest == trace.digest


def test_dump_prints_the_trace(capsys: pytest.CaptureFixture[str]) -> None:
    """``dump`` prints the game's trace lines, whose digest is the recorded one."""
    import hashlib

    assert golden.main(["dump", "--ruleset", "skirmish", "--game", "4"]) == 0
    out = capsys.readouterr().out
    assert hashlib.sha256(out.encode("utf-8")).hexdigest() == _games("skirmish", [4])[0]["digest"]
