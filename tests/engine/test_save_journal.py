"""The autosave journal: appends, cut last lines, Continue, compaction, undo records, bounded log, summaries."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

import pytest

from game.engine import journal, paths, savefile, saves
from game.engine.actions import Action
from game.engine.match import CHECKPOINT_EVERY, LOG_SLACK, Match
from game.engine.savefile import LOG_KEEP
from game.engine.saves import SaveError
from tests.engine import _coin_game as cg
from tests.engine._savefixtures import coingame, path  # noqa: F401 - fixtures used by name

STEP1, STEP2, ROLL, PASS = Action.of("step", n=1), Action.of("step", n=2), Action.of("roll"), Action.of("pass")


def long_match(seats: list[str] | None = None) -> Match:
    return Match.new(cg.RULESET_ID, cg.make_level(target=1000, max_turns=100000), seats or ["Ana", "bot"], 3)


def play(m: Match, n: int, path: Path | None = None, every: int = 7, still: bool = False) -> None:
    """Apply n actions (a roll every ``every``; passes when ``still``), autosaving after each when ``path`` is given."""
    for i in range(n):
        m.apply(ROLL if i % every == every - 1 else PASS if still else (STEP1 if i % 2 else STEP2))
        if path is not None:
            saves.autosave(m, path)


def resealed(line: bytes, old: bytes, new: bytes) -> bytes:
    """A sealed line with ``old`` replaced by ``new`` and a right checksum (an edit the checksum cannot see)."""
    body = savefile.unseal(line)
    assert body is not None and old in body
    return savefile.seal(body.replace(old, new))


def lines_of(path: Path) -> list[bytes]:
    saves.flush()
    return path.read_bytes().split(b"\n")


def test_each_autosave_appends_one_record_and_the_file_loads(path: Path) -> None:
    m = long_match()
    saves.autosave(m, path)
    assert len(lines_of(path)) == 3  # summary, head, "" after the last newline
    play(m, 5, path, every=5)
    lines = lines_of(path)
    assert len(lines) == 3 + 5 and lines[-1] == b""
    records = [json.loads(x) for x in lines[2:-1]]
    assert [r["n"] for r in records] == [1, 2, 3, 4, 5]
    assert records[0]["seat"] == 0 and records[0]["action"] == STEP2.to_json() and records[0]["log"]
    assert "state" in records[4] and records[4].get("anchor") is True, "a roll sets the undo anchor: its state"
    back = saves.load_match(path)
    assert back.state.digest() == m.state.digest() and back.log == m.log
    assert saves.replay(saves.load_save(path))[2] == []


def test_a_cut_last_line_is_ignored_and_continue_appends_after_the_last_good_record(path: Path) -> None:
    m = long_match()
    saves.autosave(m, path)
    play(m, 4, path)
    good = m.state.digest()
    m.apply(STEP1)
    saves.autosave(m, path)
    raw = path.read_bytes()
    path.write_bytes(raw[:-9])  # a kill in the middle of the last append
    loaded = saves.load_match_or_backup(path)
    assert not loaded.used_backup and len(loaded.match.history) == 4 and loaded.match.state.digest() == good
    cont = loaded.match
    play(cont, 3, path)  # Continue: the cut line is dropped, the records go on after the last good one
    back = saves.load_match(path)
    assert len(back.history) == 7 and back.state.digest() == cont.state.digest()
    assert saves.replay(saves.load_save(path))[2] == []
    assert not saves.backup_path(path).exists(), "going on appending did not rewrite the file"


def test_a_damaged_record_before_the_last_is_refused_naming_it(path: Path) -> None:
    m = long_match()
    saves.autosave(m, path)
    play(m, 4, path)
    lines = lines_of(path)
    edited = lines[3].replace(b'"n":2', b'"n":9')
    path.write_bytes(b"\n".join([*lines[:3], edited, *lines[4:]]))
    with pytest.raises(SaveError, match=r"autosave.json: journal\[1\]: damaged: its checksum does not match"):
        saves.load_match(path)
    lines[3] = resealed(lines[3], b'"n":2', b'"n":9')  # an edit with a right checksum: the record check finds it
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(SaveError, match=r"autosave.json: journal\[1\]: expected action record number 2"):
        saves.load_match(path)


def test_compaction_rewrites_the_head_keeps_a_backup_and_every_state_loads(path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal, "COMPACT_MIN_BYTES", 0)
    before = journal.STATS["compactions"]
    m = long_match()
    saves.autosave(m, path)
    for _ in range(12):
        play(m, 10, path)
        saves.flush()
        back = saves.load_match(path)
        assert back.state.digest() == m.state.digest() and len(back.history) == len(m.history)
    assert journal.STATS["compactions"] > before + 3
    head = json.loads(lines_of(path)[1])
    assert len(head["actions"]) > 60, "the head was rewritten with the actions so far"
    bak = saves.load_match(saves.backup_path(path))
    assert 0 < len(bak.history) <= len(m.history)
    assert saves.replay(saves.load_save(path))[2] == []


def test_an_undo_is_journaled_and_loads_as_undone(path: Path) -> None:
    m = long_match(["Ana", "Bo"])
    saves.autosave(m, path)
    play(m, 10, path)
    target = m.state.digest()
    m.apply(STEP1)
    saves.autosave(m, path)
    m.undo(0 if m.history[-1].seat == 0 else 1)
    saves.autosave(m, path)
    assert json.loads(savefile.unseal(lines_of(path)[-2]) or b"") == {"n": 10, "undo": True}
    back = saves.load_match(path)
    assert back.state.digest() == target and len(back.history) == 10
    play(back, 2, path)
    again = saves.load_match(path)
    assert again.state.digest() == back.state.digest() and saves.replay(saves.load_save(path))[2] == []


def test_undo_after_continue_does_not_replay_the_game(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m = long_match()
    saves.autosave(m, path)
    play(m, 300, path, every=1000)  # no barrier: only checkpoints bound the replay
    m.apply(STEP1)
    saves.autosave(m, path)
    back = saves.load_match(path)
    live = long_match()
    for e in m.history:
        live.apply(e.action)
    live.undo(0)

    def no_new_game(*args: object, **kwargs: object) -> None:
        raise AssertionError("undo after Continue replayed the game from its start")

    applied: list[Action] = []
    real_from_json = back.ruleset.from_json

    def counting_from_json(data: dict) -> object:
        state = real_from_json(data)
        real_apply = state.apply
        state.apply = lambda a: (applied.append(a), real_apply(a))[1]  # type: ignore[method-assign]
        return state

    monkeypatch.setattr(type(back.ruleset), "new_game", no_new_game)
    monkeypatch.setattr(back.ruleset, "from_json", counting_from_json)
    assert back.can_undo(0) == (True, "")
    back.undo(0)
    assert back.state.digest() == live.state.digest()
    assert len(applied) <= CHECKPOINT_EVERY, f"replayed {len(applied)} actions"


def test_the_log_is_bounded_in_the_match_and_the_save(path: Path) -> None:
    m = long_match()
    saves.autosave(m, path)
    play(m, 3000, path, every=100, still=True)
    assert len(m.log) <= LOG_KEEP + LOG_SLACK and m.log_dropped > 0
    total = len(m.log) + m.log_dropped
    assert m.log_for(0)[-1] == m.log[-1].text_for(0)
    back = saves.load_match(path)
    assert back.log == m.log[-len(back.log):] and len(back.log) <= LOG_KEEP
    assert back.log_dropped + len(back.log) == total
    slot = saves.slot_path(1)
    saves.save_match(m, slot)
    head = json.loads(slot.read_bytes().split(b"\n")[1])
    assert len(head["log"]) <= LOG_KEEP + LOG_SLACK and len(head["actions"]) == 3000


def test_the_list_reads_the_summary_and_the_last_record_not_the_head(path: Path) -> None:
    m = long_match()
    saves.autosave(m, path)
    play(m, 9, path)
    listed = dict(saves.list_saves())[path]
    assert listed["ok"] and listed["turns"] == 9 and listed["seats"] == ["Ana", "Bot 2"]
    assert listed["level_title"] == "Coin field"
    lines = lines_of(path)
    lines[1] = resealed(lines[1], b'"seed":3', b'"seed":"x"')  # damage in the head, same length class
    path.write_bytes(b"\n".join(lines))
    assert dict(saves.list_saves())[path]["ok"], "the list does not read the head"
    with pytest.raises(SaveError, match="seed"):
        saves.load_match(path)
    path.write_bytes(b"\n".join(lines[:1]) + b"\n" + lines[1][:100])
    listed = dict(saves.list_saves())[path]
    assert not listed["ok"] and "truncated" in listed["error"]
