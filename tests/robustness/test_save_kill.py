"""Saves under fire: kill -9 during autosave of a real match of every ruleset (quick: a handful of
kills each; ``tools/save_kill.py`` does 1,000), and truncated, corrupted and foreign save files
refused clearly with the backup kept and used."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.bench.savekill import _new_match, run
from game.engine.registry import all_rulesets
from game.engine.rng import Rng
from game.engine.saves import SaveError, backup_path, load_match, load_match_or_backup, save_match

RULESETS = sorted(r.id for r in all_rulesets())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_kill9_during_autosave_always_leaves_a_loadable_game_missing_at_most_the_last_action(
        ruleset_id: str, tmp_path: Path) -> None:
    st = run(ruleset_id, 8, tmp_path, seed=7, max_delay=0.12)
    assert not st.failures, st.failures
    assert st.kills >= 4 and st.saves_reported > 0
    assert st.lost_max <= 1
    assert st.loaded_exact + st.loaded_one_more == st.kills + (8 - st.kills)


def _played(ruleset_id: str, n: int, seed: int = 3):  # noqa: ANN202
    match = _new_match(ruleset_id, seed)
    rng = Rng(seed)
    for _ in range(n):
        if match.is_over():
            break
        legal = match.legal_actions()
        match.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
    return match


def _damage(kind: str, good: bytes, rng: Rng, foreign: bytes) -> bytes:
    if kind == "truncated":
        return good[: rng.randint(1, len(good) - 1)]
    if kind == "empty":
        return b""
    if kind == "flipped":
        data = bytearray(good)
        for _ in range(8):
            i = rng.randbelow(len(data))
            data[i] = rng.randbelow(256)
        return bytes(data)
    if kind == "binary":
        return bytes(rng.randbelow(256) for _ in range(4096))
    if kind == "foreign-json":
        return json.dumps({"format": "someone-elses-save", "version": 3, "board": [1, 2, 3]}).encode()
    if kind == "not-an-object":
        return b"[1, 2, 3]"
    # a save file is JSON lines: line 1 the summary (format, version), line 2 the head (docs/SAVES.md)
    if kind == "newer-version":
        lines = good.split(b"\n")
        top = json.loads(lines[0])
        top["version"] = 99
        return b"\n".join([json.dumps(top).encode(), *lines[1:]])
    if kind == "snapshot-swapped":
        lines, other = good.split(b"\n"), foreign.split(b"\n")
        head = json.loads(lines[1])
        head["snapshot"] = json.loads(other[1])["snapshot"]
        return b"\n".join([lines[0], json.dumps(head).encode(), *lines[2:]])
    raise AssertionError(kind)


# (a whole save of another ruleset is a valid save, not damage: "snapshot-swapped" mixes two)
KINDS = ("truncated", "empty", "flipped", "binary", "foreign-json", "not-an-object",
         "newer-version", "snapshot-swapped")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_damaged_saves_are_refused_clearly_and_the_backup_is_kept_and_used(ruleset_id: str, tmp_path: Path) -> None:
    other = next(r for r in RULESETS if r != ruleset_id) if len(RULESETS) > 1 else ruleset_id
    foreign_path = tmp_path / "foreign.json"
    save_match(_played(other, 5), foreign_path)
    foreign = foreign_path.read_bytes()
    rng = Rng(11)
    for kind in KINDS:
        for attempt in range(3 if kind in ("truncated", "flipped") else 1):
            path = tmp_path / f"{kind}-{attempt}.json"
            first = _played(ruleset_id, 6)
            save_match(first, path)            # becomes the backup
            second = _played(ruleset_id, 12)
            save_match(second, path)
            backup_bytes = backup_path(path).read_bytes()
            bad = _damage(kind, path.read_bytes(), rng, foreign)
            path.write_bytes(bad)
            try:
                load_match(path)
            except SaveError as exc:
                msg = str(exc)
                assert msg.startswith(f"{path}") or path.name in msg, msg
                assert "Traceback" not in msg and len(msg) < 600
            else:
                # a flipped byte may land in a log text: then the save is still a valid game
                assert kind == "flipped", f"{kind}: a damaged save was accepted"
                continue
            loaded = load_match_or_backup(path)
            assert loaded.used_backup and loaded.problem
            assert len(loaded.match.history) == len(first.history)
            assert loaded.match.state.digest() == first.state.digest()
            assert path.read_bytes() == bad, "loading must not modify the damaged file"
            assert backup_path(path).read_bytes() == backup_bytes, "the backup must be kept as it was"


def test_both_save_and_backup_damaged_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    save_match(_played(RULESETS[0], 3), path)
    save_match(_played(RULESETS[0], 4), path)
    path.write_bytes(b"{\"format\": \"mesa-de-her")
    backup_path(path).write_bytes(b"\x00\x01garbage")
    with pytest.raises(SaveError) as info:
        load_match_or_backup(path)
    assert "backup" in str(info.value) and path.name in str(info.value)
