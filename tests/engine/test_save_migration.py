"""Saves written before the journal format (version 1, tests/data/saves/) still load, replay and go on."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.bench.saveflip import play_and_autosave
from game.engine import paths, saves
from game.engine.protocol import digest_of
from game.engine.rng import Rng

DATA = Path(__file__).resolve().parents[1] / "data" / "saves"
#: the final digests recorded when the fixtures were written (tests/data/saves/README.md)
DIGESTS = {"dungeon": "fe280f3676e39988", "skirmish": "b5330789d164082c", "sanctuary": "3dbcddf22e1fabca"}


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    paths.saves_dir().mkdir(parents=True)
    return paths.saves_dir()


@pytest.mark.parametrize("ruleset_id", sorted(DIGESTS))
def test_a_version_1_save_loads_replays_and_continues_as_version_2(ruleset_id: str, home: Path) -> None:
    src = DATA / f"{ruleset_id}-v1.json"
    assert json.loads(src.read_text(encoding="utf-8"))["version"] == 1, "the fixture is a version-1 save"
    path = home / "autosave.json"
    shutil.copyfile(src, path)
    match = saves.load_match(path)
    assert match.ruleset_id == ruleset_id and len(match.history) == 36
    # the fixture is the file the version-1 code wrote (its snapshot has the recorded digest) ...
    assert digest_of(json.loads(src.read_text(encoding="utf-8"))["snapshot"]) == DIGESTS[ruleset_id]
    assert match.state.invariants() == []
    assert len(match.log) > 36
    # ... and its migrated snapshot is exactly the state today's rules reach by replaying its actions
    # (the state's own JSON shape may change between versions: the digest is of today's shape)
    _state, digest, problems = saves.replay(saves.load_save(path), str(path))
    assert problems == [] and digest == match.state.digest()
    listed = dict(saves.list_saves())[path]
    assert listed["ok"] and listed["turns"] == 36 and listed["ruleset"] == ruleset_id
    # undo cannot reach behind the load point of a save that carries no anchor (no replay of the game)
    before = match.state.digest()
    if match.can_undo(0)[0]:
        match.undo(0)
        assert len(match.history) >= 36
    else:
        assert match.state.digest() == before
    # Continue: the next autosave turns the file into version 2 and the game goes on from there
    play_and_autosave(match, path, 6, Rng(5))
    assert json.loads(path.read_bytes().split(b"\n")[0])["version"] == saves.SAVE_VERSION
    back = saves.load_match(path)
    assert back.state.digest() == match.state.digest() and len(back.history) == len(match.history)
    _state, digest, problems = saves.replay(saves.load_save(path), str(path))
    assert problems == [] and digest == match.state.digest()
    # the version-1 file was kept as the backup, unchanged
    assert saves.backup_path(path).read_bytes() == src.read_bytes()


def test_the_replay_command_verifies_a_version_1_save(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import build_parser

    args = build_parser().parse_args(["replay", str(DATA / "skirmish-v1.json")])
    assert int(args._module.run(args)) == 0
    loaded = saves.load_match(DATA / "skirmish-v1.json")
    assert capsys.readouterr().out.strip() == loaded.state.digest()
