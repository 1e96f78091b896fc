"""Tests of ``python -m game replay SAVEFILE [--json]``: output, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from game.cli import build_parser
from game.engine import saves
from game.engine.actions import Action
from game.engine.match import Match
from tests.engine import _coin_game as cg

REPO = Path(__file__).resolve().parents[2]
# runs the real command line in a child process with the private coin game registered
_CHILD = ("import sys\nfrom game.engine import registry\nfrom tests.engine import _coin_game as cg\n"
          "registry.register(cg.RULESET)\nfrom game.cli import main\nraise SystemExit(main(sys.argv[1:]))\n")


@pytest.fixture(autouse=True)
def coingame() -> Iterator[None]:
    """Register the private coin game for every test here."""
    with cg.registered():
        yield


def make_save(folder: Path, name: str = "game.json") -> tuple[Path, Match]:
    """Write a save of a short coin game with a roll, a hidden draw and a reveal."""
    m = Match.new(cg.RULESET_ID, cg.make_level(target=60), ["Ana", "bot"], 17)
    for a in (Action.of("draw"), Action.of("roll"), Action.of("step", n=2), Action.of("pass"),
              Action.of("reveal"), Action.of("step", n=1)):
        m.apply(a)
    path = folder / name
    saves.save_match(m, path)
    return path, m


def run_cli(*argv: str) -> int:
    """Run the replay command in this process (without re-configuring logging)."""
    args = build_parser().parse_args(["replay", *argv])
    return int(args._module.run(args))


def run_child(*argv: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run ``python -m game``'s entry point in a child process."""
    env = dict(os.environ, MESA_HOME=str(home), PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-c", _CHILD, *argv], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=120)


def test_replay_prints_the_digest_and_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, m = make_save(tmp_path)
    assert run_cli(str(path)) == 0
    out = capsys.readouterr()
    assert out.out.strip() == m.state.digest()
    assert "matches" in out.err and "6 actions" in out.err


def test_replay_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, m = make_save(tmp_path)
    assert run_cli(str(path), "--json") == 0
    report = json.loads(capsys.readouterr().out)
    assert report == {"file": str(path), "ruleset": cg.RULESET_ID, "level": "coin-field", "actions": 6,
                      "digest": m.state.digest(), "snapshot_digest": m.state.digest(), "matches": True,
                      "problems": []}


def test_replay_of_a_save_that_does_not_match_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, m = make_save(tmp_path)
    data = saves.load_save(path)  # the materialized save data (written back as one JSON object)
    data["snapshot"]["scores"][0] += 5
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run_cli(str(path), "--json") == 1
    out = capsys.readouterr()
    report = json.loads(out.out)
    assert report["matches"] is False and report["digest"] == m.state.digest()
    assert report["snapshot_digest"] != report["digest"]
    assert out.err.count("\n") == 1 and out.err.startswith(f"replay failed: {path}: final state")


def test_replay_of_an_illegal_action_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _m = make_save(tmp_path)
    data = saves.load_save(path)  # the materialized save data (written back as one JSON object)
    data["actions"][4][1] = Action.of("draw").to_json()  # the first seat already holds a card then
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run_cli(str(path)) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"replay failed: {path}: actions[4]: draw: IllegalAction: ") and "Traceback" not in err


def test_replay_of_a_ruleset_crash_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path, _m = make_save(tmp_path)

    def boom(self: cg.CoinState, action: Action) -> list:
        raise ZeroDivisionError("rules bug")

    monkeypatch.setattr(cg.CoinState, "_apply", boom)
    assert run_cli(str(path), "--json") == 1
    out = capsys.readouterr()
    assert json.loads(out.out)["problems"] == ["actions[0]: draw: ZeroDivisionError: rules bug"]
    assert out.err.count("\n") == 1 and "Traceback" not in out.err


def test_replay_cli_real_process_exit_codes(tmp_path: Path) -> None:
    path, m = make_save(tmp_path)
    ok = run_child("replay", str(path), home=tmp_path / "home")
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip() == m.state.digest()
    missing = run_child("replay", str(tmp_path / "nope.json"), home=tmp_path / "home")
    assert missing.returncode == 1
    assert missing.stderr.strip() == f"replay failed: {tmp_path / 'nope.json'}: file not found"
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"format": "some-other-app"}', encoding="utf-8")
    bad = run_child("replay", str(foreign), "--json", home=tmp_path / "home")
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    report = json.loads(bad.stdout)
    assert report["matches"] is False and "not a Mesa de H" in report["problems"][0]
    assert len(bad.stderr.strip().splitlines()) == 1
