"""Tests of game.engine.saves: the format, atomic writes with backup, refusing bad files, replay."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path
from typing import Iterator

import pytest

from game.engine import paths, savefile, saves
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.saves import SaveError
from tests.engine import _coin_game as cg

STEP1, STEP2 = Action.of("step", n=1), Action.of("step", n=2)
ROLL, DRAW, PASS = Action.of("roll"), Action.of("draw"), Action.of("pass")
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def coingame() -> Iterator[None]:
    """Register the private coin game for every test here."""
    with cg.registered():
        yield


@pytest.fixture()
def saves_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user folder per test, so saves/ starts empty."""
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    return folder


def played(seed: int = 4, actions: tuple[Action, ...] = (STEP1, DRAW, ROLL, STEP2, STEP1)) -> Match:
    """A match with a few actions of every kind; the first seat's name has accents."""
    m = Match.new(cg.RULESET_ID, cg.make_level(target=50), ["Íñigo", "bot"], seed)
    for a in actions:
        m.apply(a)
    return m


def snapshot_of(path: Path) -> tuple[bytes, int]:
    """Bytes and modification time: what a failed load must not change."""
    return path.read_bytes(), path.stat().st_mtime_ns


# --- format and round trip ---------------------------------------------------------------------

def test_save_round_trip(saves_dir: Path) -> None:
    m = played()
    path = saves.slot_path(1)
    saves.save_match(m, path)
    back = saves.load_match(path)
    assert back.state.digest() == m.state.digest()
    assert back.state.legal_actions() == m.state.legal_actions()
    assert back.seats == m.seats and back.seed == m.seed and back.log == m.log
    assert [(e.seat, e.action) for e in back.history] == [(e.seat, e.action) for e in m.history]


def test_save_file_has_the_documented_shape(saves_dir: Path) -> None:
    m = played()
    path = saves.slot_path(1)
    saves.save_match(m, path)
    raw = path.read_bytes()
    assert "Íñigo".encode("utf-8") in raw  # UTF-8, not \\u escapes
    first, head, rest = raw.decode("utf-8").split("\n")
    assert rest == "", "a manual save is two complete lines: summary and head, no journal"
    top = json.loads(first)
    assert list(top) == ["format", "version", "summary", "c"]
    assert top["format"] == "mesa-de-heroes-save" and top["version"] == 3
    # every line ends with its checksum: CRC-32 of the line's bytes before the ,"c" key
    for line in (first, head):
        body, _, tail = line.encode("utf-8").rpartition(b',"c":"')
        assert tail == b"%08x\"}" % zlib.crc32(body)
    summary = top["summary"]
    assert summary["turns"] == 5 and summary["ruleset"] == cg.RULESET_ID and summary["seats"] == ["Íñigo", "Bot 2"]
    assert summary["head_bytes"] == len(head.encode("utf-8")) + 1
    data = json.loads(head)
    assert list(data) == [*saves.TOP_KEYS[2:], "c"]
    assert set(data["level"]) == {"id", "source", "content_hash", "data"}
    assert data["level"]["data"]["ruleset"] == cg.RULESET_ID
    assert data["actions"][1] == [1, {"kind": "draw", "args": {}}]
    assert data["snapshot"] == json.loads(json.dumps(m.state.to_json())) and data["snapshot_at"] == 5
    # the undo anchor is saved: the state right after the last barrier (the roll, action 3)
    assert data["undo"]["floor"] == 3 and data["undo"]["anchor"]["ruleset"] == cg.RULESET_ID
    assert data["log_dropped"] == 0
    # key order is kept (rulesets may build decks in table order): not sorted like a digest's text
    assert list(data["level"]["data"]) == list(m.level.data) != sorted(m.level.data)
    assert list(data["snapshot"]) == list(m.state.to_json()) != sorted(m.state.to_json())
    assert data["seats"][0] == {"name": "Íñigo", "kind": "human", "difficulty": "normal"}


def test_save_does_not_need_the_level_file(saves_dir: Path, tmp_path: Path) -> None:
    # a level loaded from a file; the file then disappears: the save rebuilds it from the embedded data
    from game.engine.levels import load_level_file

    lvl_file = tmp_path / "gone.toml"
    lvl_file.write_text('ruleset = "coingame"\ntitle = "Gone soon"\ntarget = 9\n', encoding="utf-8")
    level = load_level_file(lvl_file)
    m = Match.new(cg.RULESET_ID, level, ["human", "bot"], 1)
    m.apply(STEP2)
    path = saves.slot_path(2)
    saves.save_match(m, path)
    lvl_file.unlink()
    back = saves.load_match(path)
    assert back.level.id == "gone" and back.level.model.target == 9
    assert back.state.digest() == m.state.digest()


def test_autosave_writes_the_autosave_file(saves_dir: Path) -> None:
    other = played(actions=(STEP1,))
    assert saves.autosave(other) == saves_dir / "autosave.json"
    m = played()
    saves.autosave(m)  # a new match: the whole save is written, the previous autosave becomes the backup
    assert saves.load_match(saves.backup_path(saves.autosave_path())).state.digest() == other.state.digest()
    size = saves.autosave_path().stat().st_size
    m.apply(STEP1)
    saves.autosave(m)  # then only the new action is appended
    raw = saves.autosave_path().read_bytes()
    assert raw.count(b"\n") == 3 and raw.endswith(b"\n") and len(raw) - size < 600
    assert json.loads(raw.split(b"\n")[2])["n"] == len(m.history)
    assert saves.load_match(saves.autosave_path()).state.digest() == m.state.digest()
    assert saves.load_match(saves.backup_path(saves.autosave_path())).state.digest() == other.state.digest()


def test_slot_and_autosave_paths_live_in_the_saves_folder(saves_dir: Path) -> None:
    assert saves.autosave_path() == saves_dir / "autosave.json"
    assert saves.slot_path(3) == saves_dir / "slot3.json"
    for bad in (0, 100, "1", True):
        with pytest.raises(ValueError):
            saves.slot_path(bad)  # type: ignore[arg-type]


def test_list_saves_summarises_good_and_broken_files(saves_dir: Path) -> None:
    saves.save_match(played(), saves.slot_path(1))
    saves.save_match(played(actions=(STEP1,)), saves.autosave_path())
    (saves_dir / "slot2.json").write_text("{not json", encoding="utf-8")
    (saves_dir / ".slot1.json.99.tmp").write_text("{half", encoding="utf-8")
    listed = saves.list_saves()
    names = [p.name for p, _ in listed]
    assert names == ["autosave.json", "slot1.json", "slot2.json"]
    auto, slot1, broken = (s for _, s in listed)
    assert auto["ok"] and auto["turns"] == 1 and auto["ruleset"] == cg.RULESET_ID
    assert slot1["turns"] == 5 and slot1["level_title"] == "Coin field" and slot1["seats"] == ["Íñigo", "Bot 2"]
    assert slot1["saved_at"]
    assert not broken["ok"] and broken["error"].startswith("saves/slot2.json: ")


# --- atomic writes -----------------------------------------------------------------------------

def test_write_save_keeps_the_previous_file_as_bak(saves_dir: Path) -> None:
    path = saves.slot_path(1)
    first, second = played(actions=(STEP1,)), played(actions=(STEP1, STEP2))
    saves.save_match(first, path)
    assert not saves.backup_path(path).exists()
    saves.save_match(second, path)
    assert saves.backup_path(path).name == "slot1.json.bak"
    assert saves.load_match(path).state.digest() == second.state.digest()
    assert saves.load_match(saves.backup_path(path)).state.digest() == first.state.digest()
    assert [p.name for p in saves_dir.iterdir() if p.name.endswith(".tmp")] == []


def test_write_save_without_hard_links_still_keeps_the_backup(saves_dir: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src: object, dst: object) -> None:
        raise OSError("hard links not supported here")

    monkeypatch.setattr(os, "link", no_links)
    path = saves.slot_path(1)
    first, second = played(actions=(STEP1,)), played(actions=(STEP1, STEP2))
    saves.save_match(first, path)
    saves.save_match(second, path)
    assert saves.load_match(path).state.digest() == second.state.digest()
    assert saves.load_match(saves.backup_path(path)).state.digest() == first.state.digest()
    assert sorted(p.name for p in saves_dir.iterdir()) == ["slot1.json", "slot1.json.bak"]


def test_a_temp_file_left_behind_is_ignored_and_cleaned_when_old(saves_dir: Path) -> None:
    path = saves.autosave_path()
    saves.save_match(played(), path)
    stale = saves_dir / ".autosave.json.abc123.tmp"
    stale.write_bytes(b'{"format": "mesa-de-heroes-save", "vers')
    fresh = saves_dir / ".autosave.json.def456.tmp"
    fresh.write_bytes(b"{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert saves.load_match(path).state.digest() == played().state.digest()
    assert [p.name for p, _ in saves.list_saves()] == ["autosave.json"]
    saves.save_match(played(), path)
    assert not stale.exists()      # a crash's left-over is removed
    assert fresh.exists()          # a young temp may belong to a writer at work: left alone


def test_failed_write_leaves_the_old_save_and_no_temp(saves_dir: Path) -> None:
    path = saves.slot_path(1)
    saves.save_match(played(), path)
    before = path.read_bytes()
    with pytest.raises(ValueError):
        saves.write_save(path, {"bad": float("nan")})
    assert path.read_bytes() == before
    assert [p.name for p in saves_dir.iterdir()] == ["slot1.json"]


def test_too_large_save_is_refused_before_touching_the_file(saves_dir: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    path = saves.slot_path(1)
    saves.save_match(played(), path)
    before = path.read_bytes()
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 100)
    monkeypatch.setattr(savefile, "MAX_SAVE_BYTES", 100)
    with pytest.raises(SaveError, match="too large"):
        saves.save_match(played(), path)
    assert path.read_bytes() == before
    with pytest.raises(SaveError, match=r"^saves/slot1.json: file too large"):
        saves.load_save(path)


_WRITER = r"""
import sys
from game.engine import registry
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.saves import save_match
from tests.engine import _coin_game as cg

registry.register(cg.RULESET)
path = sys.argv[1]
n = 0
while True:
    m = Match.new(cg.RULESET_ID, cg.make_level(target=1000, max_turns=100000), ["Ana", "bot"], n)
    for i in range(400):
        m.apply(Action.of("step", n=1 + i % 2))
        if i % 4 == 0:
            save_match(m, path)
            n += 1
            if n == 1:
                print("ready", flush=True)
"""


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_save_or_backup_always_loads_when_the_writer_is_killed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = home / "saves" / "autosave.json"
    env = dict(os.environ, MESA_HOME=str(home), PYTHONPATH=str(REPO))
    pick = random.Random(int.from_bytes(os.urandom(4), "big"))
    for round_ in range(5):
        child = subprocess.Popen([sys.executable, "-c", _WRITER, str(path)], cwd=REPO, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            line = child.stdout.readline()  # type: ignore[union-attr]
            assert line.strip() == b"ready", child.stderr.read().decode()  # type: ignore[union-attr]
            time.sleep(pick.uniform(0.0, 0.4))
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=10)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            for stream in (child.stdout, child.stderr):
                if stream is not None:
                    stream.close()
        loaded = saves.load_match_or_backup(path)
        assert loaded.match.state.invariants() == []
        data = saves.load_save(loaded.path)
        state, digest, problems = saves.replay(data)
        assert problems == [], f"round {round_}: {problems}"
        assert digest == loaded.match.state.digest()


# --- refusing bad files ------------------------------------------------------------------------

def test_missing_file_is_refused_naming_it(saves_dir: Path) -> None:
    with pytest.raises(SaveError, match=r"^saves/slot7.json: file not found$"):
        saves.load_match(saves.slot_path(7))


def test_truncated_files_are_refused_at_every_cut(saves_dir: Path) -> None:
    path = saves.slot_path(1)
    saves.save_match(played(), path)
    whole = path.read_bytes()
    cut_path = saves_dir / "cut.json"
    for cut in range(0, len(whole), max(1, len(whole) // 60)):
        cut_path.write_bytes(whole[:cut])
        with pytest.raises(SaveError) as info:
            saves.load_match(cut_path)
        msg = str(info.value)
        assert msg.startswith("saves/cut.json: "), msg
        assert "truncated" in msg or "empty" in msg or "not UTF-8" in msg, msg


def test_corrupted_bytes_give_a_save_error_or_a_valid_match(saves_dir: Path) -> None:
    path = saves.slot_path(1)
    saves.save_match(played(), path)
    whole = bytearray(path.read_bytes())
    bad = saves_dir / "bad.json"
    pick = random.Random(99)
    refused = 0
    for _ in range(150):
        data = bytearray(whole)
        for _ in range(pick.randint(1, 4)):
            data[pick.randrange(len(data))] = pick.randrange(256)
        bad.write_bytes(bytes(data))
        try:
            m = saves.load_match(bad)
        except SaveError as exc:
            assert str(exc).startswith("saves/bad.json: ")
            refused += 1
        else:
            assert m.state.to_act() in (0, 1, None)
    assert refused > 50


@pytest.mark.parametrize("content, expected", [
    (b"", r"^saves/x.json: empty file"),
    (b"\x89PNG\r\n\x1a\n\x00\x00binary", r"^saves/x.json: not UTF-8"),
    (b"[1, 2, 3]", r"^saves/x.json: not a Mesa de H"),
    (b'{"format": "other-game", "version": 1}', r"^saves/x.json: format: not a Mesa de H.*'other-game'"),
    (b'{"name": "my settings"}', r"^saves/x.json: format: not a Mesa de H.*missing"),
    (b'{"format": "mesa-de-heroes-save", "version": 4}', r"^saves/x.json: version: made by a newer version"),
    (b'{"format": "mesa-de-heroes-save", "version": 2, "summary": {}}', r"^saves/x.json: truncated"),
    (b'{"format": "mesa-de-heroes-save", "version": "1"}', r"^saves/x.json: version: expected"),
    (b'{"format": "mesa-de-heroes-save", "version": 1, "a": NaN}', r"^saves/x.json: corrupt"),
    (b"[" * 100000, r"^saves/x.json: "),
])
def test_foreign_and_future_files_are_refused(saves_dir: Path, content: bytes, expected: str) -> None:
    path = saves_dir / "x.json"
    path.write_bytes(content)
    before = snapshot_of(path)
    with pytest.raises(SaveError, match=expected):
        saves.load_match(path)
    assert snapshot_of(path) == before


def _break(data: dict, where: str) -> None:
    """Damage one field of save data (by dotted path)."""
    if where == "snapshot.scores":
        data["snapshot"]["scores"] = "lots"
    elif where == "seats[1].kind":
        data["seats"][1]["kind"] = "wizard"
    elif where == "actions[2][1]":
        data["actions"][2][1] = {"kind": ""}
    elif where == "actions[0][0]":
        data["actions"][0][0] = 5
    elif where == "level.data":
        data["level"]["data"]["targte"] = 3
    elif where == "ruleset":
        data["ruleset"] = "nosuchgame"
        data["level"]["data"]["ruleset"] = "nosuchgame"
        data["snapshot"]["ruleset"] = "nosuchgame"
        if data["undo"]["anchor"] is not None:
            data["undo"]["anchor"]["ruleset"] = "nosuchgame"
    elif where == "snapshot.ruleset":
        data["snapshot"]["ruleset"] = "other"
    elif where == "log[0].kind":
        data["log"][0]["kind"] = "gossip"
    elif where == "seed":
        data["seed"] = 1.5
    elif where == "saved_at":
        del data["saved_at"]
    elif where == "extra":
        data["extra"] = 1
    else:  # pragma: no cover
        raise AssertionError(where)


@pytest.mark.parametrize("field", ["snapshot.scores", "seats[1].kind", "actions[2][1]", "actions[0][0]",
                                   "level.data", "ruleset", "snapshot.ruleset", "log[0].kind", "seed",
                                   "saved_at", "extra"])
def test_bad_fields_are_refused_naming_file_and_field(saves_dir: Path, field: str) -> None:
    data = played().to_save()
    _break(data, field)
    path = saves_dir / "slot1.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot_of(path)
    with pytest.raises(SaveError) as info:
        saves.load_match(path)
    assert str(info.value).startswith(f"saves/slot1.json: {field}: "), str(info.value)
    assert snapshot_of(path) == before


def test_load_uses_the_backup_when_the_save_is_broken(saves_dir: Path) -> None:
    path = saves.autosave_path()
    good = played(actions=(STEP1,))
    saves.save_match(good, path)
    saves.save_match(played(), path)
    path.write_bytes(path.read_bytes()[:100])       # the newest save got cut
    files_before = {p.name: snapshot_of(p) for p in saves_dir.iterdir()}
    loaded = saves.load_match_or_backup(path)
    assert loaded.used_backup and loaded.path == saves.backup_path(path)
    assert loaded.problem is not None and loaded.problem.startswith("saves/autosave.json: ")
    assert loaded.match.state.digest() == good.state.digest()
    assert {p.name: snapshot_of(p) for p in saves_dir.iterdir()} == files_before  # nothing touched


def test_load_uses_the_backup_when_the_save_is_missing(saves_dir: Path) -> None:
    path = saves.autosave_path()
    m = played()
    saves.save_match(m, path)
    saves.save_match(m, path)
    path.unlink()
    loaded = saves.load_match_or_backup(path)
    assert loaded.used_backup and loaded.match.state.digest() == m.state.digest()
    assert "file not found" in (loaded.problem or "")


def test_load_prefers_the_save_over_its_backup(saves_dir: Path) -> None:
    path = saves.slot_path(1)
    saves.save_match(played(actions=(STEP1,)), path)
    newest = played()
    saves.save_match(newest, path)
    loaded = saves.load_match_or_backup(path)
    assert not loaded.used_backup and loaded.problem is None and loaded.path == path
    assert loaded.match.state.digest() == newest.state.digest()


def test_both_save_and_backup_broken_is_one_clear_error(saves_dir: Path) -> None:
    path = saves.slot_path(1)
    path.write_text("{}", encoding="utf-8")
    saves.backup_path(path).write_text("[", encoding="utf-8")
    with pytest.raises(SaveError, match=r"^saves/slot1.json: unusable, and so is its backup"):
        saves.load_match_or_backup(path)
    assert path.exists() and saves.backup_path(path).exists()


# --- replay ------------------------------------------------------------------------------------

def test_replay_matches_the_snapshot(saves_dir: Path) -> None:
    m = played(seed=21, actions=(DRAW, STEP1, PASS, ROLL, Action.of("reveal"), STEP2))
    saves.save_match(m, saves.slot_path(1))
    data = saves.load_save(saves.slot_path(1))
    state, digest, problems = saves.replay(data)
    assert problems == []
    assert digest == m.state.digest() == saves.snapshot_digest(data)
    assert state is not None and state.to_json() == m.state.to_json()


def test_replay_finds_an_illegal_action(saves_dir: Path) -> None:
    data = played().to_save()
    data["actions"][0][1] = Action.of("reveal").to_json()  # nobody holds a card at the start
    _state, _digest, problems = saves.replay(data)
    assert len(problems) == 1 and problems[0].startswith("actions[0]: reveal: IllegalAction: you have no card")


def test_replay_finds_a_seat_out_of_turn(saves_dir: Path) -> None:
    data = played().to_save()
    data["actions"][1][0] = 0
    _state, _digest, problems = saves.replay(data)
    assert problems == ["actions[1]: saved for seat 0 but seat 1 is to act"]


def test_replay_finds_a_snapshot_that_differs(saves_dir: Path) -> None:
    data = played().to_save()
    data["snapshot"]["scores"][0] += 1
    _state, digest, problems = saves.replay(data)
    assert len(problems) == 1 and "differs from the snapshot" in problems[0]
    assert digest != saves.snapshot_digest(data)


def test_replay_reports_broken_invariants(saves_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = played().to_save()
    monkeypatch.setattr(cg.CoinState, "invariants", lambda self: ["cards not conserved"] if self.turn == 3 else [])
    _state, _digest, problems = saves.replay(data)
    assert problems == ["actions[2]: invariant: cards not conserved"]
