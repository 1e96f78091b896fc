"""Tests of ``python -m game simulate`` on the tiny game and deliberately broken variants of it."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.cli import main
from game.engine.actions import Action
from game.engine.registry import register
from tests.tinygame import TinyRuleset, TinyState, registered

LEVEL_TOML = 'ruleset = "tiny"\nid = "{id}"\ntitle = "Tally {id}"\ntarget = {target}\nhand_size = 2\n'


@pytest.fixture(autouse=True)
def _tiny() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture
def level_file(tmp_path: Path) -> str:
    p = tmp_path / "duel.toml"
    p.write_text(LEVEL_TOML.format(id="duel", target=12), encoding="utf-8")
    return str(p)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any]:
    """Run simulate with --json; return the exit code and the parsed object."""
    code = main(["simulate", "tiny", *args, "--json"])
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1, f"expected exactly one JSON line, got {out!r}"
    return code, json.loads(out[0])


@contextlib.contextmanager
def _variant(state_cls: type[TinyState], **attrs: Any) -> Iterator[None]:
    """Register a tiny ruleset whose states are ``state_cls`` (a broken variant) for a block."""

    class Variant(TinyRuleset):
        def new_game(self, level: Any, seats: Any, seed: int) -> TinyState:
            s = super().new_game(level, seats, seed)
            s.__class__ = state_cls
            return s

        def from_json(self, data: dict[str, Any]) -> TinyState:
            s = super().from_json(data)
            s.__class__ = state_cls
            if hasattr(s, "after_load"):
                s.after_load()
            return s

    for k, v in attrs.items():
        setattr(Variant, k, v)
    with registered():
        register(Variant())
        yield


# --- clean runs --------------------------------------------------------------------------------------

def test_clean_run_reports_every_field_and_exits_zero(capsys: pytest.CaptureFixture[str], level_file: str) -> None:
    code, rep = _run(capsys, "--level", level_file, "--games", "30", "--seed", "4")
    assert code == 0
    for key in ("games", "actions", "errors", "invariant_violations", "seconds", "wins", "draws", "errors_detail"):
        assert key in rep
    assert rep["games"] == 30 and rep["errors"] == 0 and rep["invariant_violations"] == 0
    assert set(rep["wins"]) == {"0", "1"}
    assert sum(rep["wins"].values()) + rep["draws"] == 30
    assert rep["actions"] >= 30 * 3 and rep["levels"] == ["duel"]


def test_human_summary(capsys: pytest.CaptureFixture[str], level_file: str) -> None:
    assert main(["simulate", "tiny", "--level", level_file, "--games", "5"]) == 0
    out = capsys.readouterr().out
    assert "simulate tiny: 5 games" in out and "errors: 0; invariant violations: 0" in out


def test_same_seed_same_report(capsys: pytest.CaptureFixture[str], level_file: str) -> None:
    def stable(rep: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in rep.items() if k not in ("seconds", "decision_seconds")}

    _, a = _run(capsys, "--level", level_file, "--games", "12", "--seed", "9")
    _, b = _run(capsys, "--level", level_file, "--games", "12", "--seed", "9")
    assert stable(a) == stable(b)
    runs = [stable(_run(capsys, "--level", level_file, "--games", "12", "--seed", str(s))[1]) for s in (10, 11, 12)]
    assert any(r["actions"] != a["actions"] or r["wins"] != a["wins"] for r in runs)


def test_search_bots_and_timing(capsys: pytest.CaptureFixture[str], level_file: str) -> None:
    code, rep = _run(capsys, "--level", level_file, "--games", "2", "--bots", "normal,random")
    assert code == 0 and rep["bots"] == ["normal", "random"]
    assert rep["decision_seconds"]["normal"]["n"] > 0
    assert rep["decision_seconds"]["normal"]["p95"] < 1.0


def test_roundtrip_every_action(capsys: pytest.CaptureFixture[str], level_file: str) -> None:
    code, rep = _run(capsys, "--level", level_file, "--games", "6", "--roundtrip-every", "1")
    assert code == 0
    assert rep["roundtrips"] == rep["actions"] + 2 * rep["games"]


def test_every_shipped_level_in_turn_and_broken_ones_reported(capsys: pytest.CaptureFixture[str],
                                                               tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "levels" / "tiny"
    folder.mkdir(parents=True)
    (folder / "a.toml").write_text(LEVEL_TOML.format(id="a", target=10), encoding="utf-8")
    (folder / "b.toml").write_text(LEVEL_TOML.format(id="b", target=14), encoding="utf-8")
    (folder / "_shared.toml").write_text("target = 11\n", encoding="utf-8")
    (folder / "c.toml").write_text(LEVEL_TOML.format(id="c", target=99), encoding="utf-8")
    monkeypatch.setenv("MESA_RESOURCES", str(tmp_path))
    code, rep = _run(capsys, "--games", "8")
    assert rep["levels"] == ["a", "b"]
    assert rep["games"] == 8
    assert code == 1 and rep["errors"] == 1
    assert rep["errors_detail"][0]["kind"] == "level" and "target" in rep["errors_detail"][0]["message"]
    code, rep = _run(capsys, "--games", "4", "--level", "b")
    assert code == 0 and rep["levels"] == ["b"]


# --- usage errors ------------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [["--bots", "genius"], ["--level", "nowhere"], ["--bots", "random,random,random"]])
def test_bad_arguments_exit_two(capsys: pytest.CaptureFixture[str], level_file: str, args: list[str]) -> None:
    extra = [] if "--level" in args else ["--level", level_file]
    code = main(["simulate", "tiny", *args, *extra, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 2 and "error" in out


def test_unknown_ruleset_exits_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "no_such_game"]) == 2
    assert "unknown ruleset" in capsys.readouterr().out


# --- problems are found, counted and replayable ------------------------------------------------------

class _BreaksInvariant(TinyState):
    def invariants(self) -> list[str]:
        return ["the tally glows"] if self.moves >= 3 else super().invariants()


class _Crashes(TinyState):
    def _apply(self, action: Action) -> list:
        if self.total >= 6:
            raise RuntimeError("kaboom")
        return super()._apply(action)


class _ForgetsMoves(TinyState):
    def after_load(self) -> None:
        """Loading loses the move counter: a save/load bug the round trip must catch."""
        self.moves = 0


class _DuplicateLegal(TinyState):
    def legal_actions(self) -> list[Action]:
        acts = super().legal_actions()
        return acts + acts[:1] if self.moves == 2 else acts


class _LeaksRng(TinyState):
    def view(self, seat: int | None) -> dict[str, Any]:
        data = super().view(seat)
        data["rng"] = self.rng.to_json()
        return data


@pytest.mark.parametrize(("state_cls", "kind", "field"), [
    (_BreaksInvariant, "invariant", "invariant_violations"),
    (_Crashes, "exception", "errors"),
    (_ForgetsMoves, "roundtrip", "errors"),
    (_DuplicateLegal, "legal", "errors"),
    (_LeaksRng, "view", "errors"),
])
def test_problems_are_counted_per_game(capsys: pytest.CaptureFixture[str], level_file: str,
                                       state_cls: type[TinyState], kind: str, field: str) -> None:
    with _variant(state_cls):
        code, rep = _run(capsys, "--level", level_file, "--games", "12", "--roundtrip-every", "1")
    assert code == 1
    assert rep["games"] == 12
    assert rep[field] > 0
    detail = rep["errors_detail"][0]
    assert detail["kind"] == kind
    assert isinstance(detail["seed"], int) and isinstance(detail["action_index"], int)
    assert len(rep["errors_detail"]) <= 10


def test_crash_message_and_replay_of_one_game(capsys: pytest.CaptureFixture[str], level_file: str) -> None:
    with _variant(_Crashes):
        _, rep = _run(capsys, "--level", level_file, "--games", "10", "--seed", "40")
        first = rep["errors_detail"][0]
        assert "kaboom" in first["message"] and "RuntimeError" in first["message"]
        _, again = _run(capsys, "--level", level_file, "--games", "1", "--seed", str(first["seed"]))
    assert again["errors"] == 1
    assert again["errors_detail"][0]["action_index"] == first["action_index"]


def test_too_long_games_are_errors(capsys: pytest.CaptureFixture[str], level_file: str) -> None:
    with _variant(TinyState, max_game_length=2):
        code, rep = _run(capsys, "--level", level_file, "--games", "5")
    assert code == 1 and rep["errors"] == 5
    assert {d["kind"] for d in rep["errors_detail"]} == {"length"}
    assert all(d["action_index"] == 2 for d in rep["errors_detail"])


class _LeaksRngLate(TinyState):
    """Leaks the RNG in its view only from the 4th move on (a leak in the middle of a game)."""

    def view(self, seat: int | None) -> dict[str, Any]:
        data = super().view(seat)
        if self.moves >= 4:
            data["rng"] = self.rng.to_json()
        return data


def test_random_bots_views_are_checked_every_k_actions(capsys: pytest.CaptureFixture[str],
                                                       level_file: str) -> None:
    # random bots read no view: it is built and checked every K actions, not at every action
    _, every = _run(capsys, "--level", level_file, "--games", "6", "--roundtrip-every", "1")
    _, sparse = _run(capsys, "--level", level_file, "--games", "6", "--roundtrip-every", "3")
    assert every["views_checked"] == every["actions"]
    assert 0 < sparse["views_checked"] < sparse["actions"]
    # a leak in mid-game is still caught by the sparse checks
    with _variant(_LeaksRngLate):
        code, rep = _run(capsys, "--level", level_file, "--games", "6", "--roundtrip-every", "3")
    assert code == 1 and rep["errors_detail"][0]["kind"] == "view"


def test_search_bots_views_are_checked_at_every_decision(capsys: pytest.CaptureFixture[str],
                                                         level_file: str) -> None:
    _, rep = _run(capsys, "--level", level_file, "--games", "2", "--bots", "easy", "--roundtrip-every", "50")
    assert rep["views_checked"] == rep["actions"]


def test_nested_games_are_counted(capsys: pytest.CaptureFixture[str], level_file: str) -> None:
    """Games inside games: every child game started (the host game's duels) is counted; none in the tiny game."""
    from game.cli.simulate import Report, simulate
    from game.engine.registry import get_ruleset
    from tests import hostgame

    with hostgame.registered():
        level = hostgame.host_level("sprint")
        rep = simulate(get_ruleset("host"), levels=[level], games=3, seed=2, bots=None,
                       report=Report("host", 2, ["random"]))
        assert rep.errors == 0 and rep.nested_games >= 3  # a duel every two turns
        assert rep.to_json()["nested_games"] == rep.nested_games
    code, tiny = _run(capsys, "--level", level_file, "--games", "3")
    assert code == 0 and tiny["nested_games"] == 0
