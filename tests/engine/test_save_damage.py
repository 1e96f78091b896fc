"""Damaged saves (issue 16, items 2-4): reported with how far the backup is behind, kept aside for a bug report,
never rotated into the backup; a game left only in its backup is reachable."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from game.engine import journal, paths, saves
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.savedamage import Damaged, damaged_dir, is_sound
from tests.engine import _coin_game as cg
from tests.engine._savefixtures import coingame, path  # noqa: F401 - fixtures used by name


def new_match(seed: int = 3) -> Match:
    return Match.new(cg.RULESET_ID, cg.make_level(target=1000, max_turns=100000), ["Ana", "bot"], seed)


def play(m: Match, n: int, path: Path) -> None:
    for i in range(n):
        m.apply(Action.of("step", n=1 + i % 2))
        saves.autosave(m, path)
    saves.flush()


def autosave_with_backup(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Match, int]:
    """An autosave compacted at least once (so its backup holds an earlier point); return it and the backup's moves."""
    monkeypatch.setattr(journal, "COMPACT_MIN_BYTES", 0)
    m = new_match()
    saves.autosave(m, path)
    play(m, 12, path)
    monkeypatch.setattr(journal, "COMPACT_MIN_BYTES", 1 << 30)
    play(m, 5, path)
    back = len(saves.load_match(saves.backup_path(path)).history)
    assert 0 < back < len(m.history)
    return m, back


def test_seed_issue16_2_a_damaged_autosave_is_reported_with_its_backup_and_kept_aside(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m, back = autosave_with_backup(path, monkeypatch)
    journal.forget(path)
    raw = path.read_bytes()
    first, head = raw.split(b"\n")[:2]
    cut = raw[:len(first) + len(head) // 2]  # cut in half inside its head (a cut in the journal loads like a crash)
    path.write_bytes(cut)
    got = saves.open_checked(path)
    assert isinstance(got, Damaged), "a damaged autosave is never opened in silence"
    assert "truncated" in got.problem and got.backup is not None and got.backup_moves == back
    assert got.kept is not None and got.kept.parent == damaged_dir() and got.kept.read_bytes() == cut
    assert path.read_bytes() == cut, "asking changes nothing"
    # the player opens the backup and plays on: the damaged file never becomes the backup
    match = saves.open_backup(got)
    assert len(match.history) == back and not path.exists()
    play(match, 3, path)
    journal.forget(path)
    for p in (path, saves.backup_path(path)):
        assert p.read_bytes() != cut
        assert is_sound(p)
    assert list(damaged_dir().iterdir()) == [got.kept]


def test_the_moves_the_backup_is_behind_come_from_the_damaged_files_summary(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m, back = autosave_with_backup(path, monkeypatch)
    journal.forget(path)
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"seed":3', b'"seed":4')  # the head fails its checksum; the summary is fine
    path.write_bytes(b"\n".join(lines))
    got = saves.open_checked(path)
    assert isinstance(got, Damaged) and "checksum" in got.problem
    assert got.moves == len(m.history) and got.backup_moves == back


def test_a_new_game_never_rotates_a_damaged_autosave_into_the_backup(path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _m, back = autosave_with_backup(path, monkeypatch)
    journal.forget(path)
    good_backup = saves.backup_path(path).read_bytes()
    path.write_bytes(b"\x00damaged")
    other = new_match(seed=9)  # the player cancelled, then started another game
    play(other, 2, path)
    journal.forget(path)
    assert saves.backup_path(path).read_bytes() == good_backup, "the good backup was kept"
    assert len(saves.load_match(saves.backup_path(path)).history) == back
    kept = list(damaged_dir().iterdir())
    assert len(kept) == 1 and kept[0].read_bytes() == b"\x00damaged"
    # a manual save over a damaged slot does the same
    slot = saves.slot_path(1)
    saves.save_match(other, slot)
    saves.save_match(other, slot)
    slot_backup = saves.backup_path(slot).read_bytes()
    slot.write_bytes(b"{broken")
    saves.save_match(other, slot)
    assert saves.backup_path(slot).read_bytes() == slot_backup


def test_seed_issue16_3_a_game_left_only_in_its_backup_is_listed_and_opened(path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    _m, back = autosave_with_backup(path, monkeypatch)
    journal.forget(path)
    path.unlink()  # what a crash between the two renames leaves on FAT/exFAT (no hard links)
    listed = dict(saves.list_saves())
    assert path in listed and listed[path]["ok"] and listed[path]["only_backup"]
    assert listed[path]["turns"] == back
    got = saves.open_checked(path)
    assert isinstance(got, saves.Loaded) and got.used_backup and len(got.match.history) == back


def test_a_save_failing_its_checksum_is_damaged_not_opened(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    autosave_with_backup(path, monkeypatch)
    journal.forget(path)
    raw = bytearray(path.read_bytes())
    raw[len(raw) - 30] ^= 0x01  # inside the last record
    path.write_bytes(bytes(raw))
    got = saves.open_checked(path)
    assert isinstance(got, Damaged) and "checksum" in got.problem and not is_sound(path)
