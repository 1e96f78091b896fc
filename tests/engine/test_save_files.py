"""Hostile save files and folders (issue 16, items 13 and 14): a FIFO is refused, never waited on; a byte-order
mark is accepted; a read-only folder gives one stable autosave message."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from game.engine import journal, paths, savefile, saves
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.saves import SaveError
from tests.engine import _coin_game as cg
from tests.engine._savefixtures import coingame  # noqa: F401 - fixtures used by name

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    paths.saves_dir().mkdir(parents=True)
    return paths.saves_dir()


def played(n: int = 4) -> Match:
    m = Match.new(cg.RULESET_ID, cg.make_level(target=500), ["Ana", "bot"], 2)
    for i in range(n):
        m.apply(Action.of("step", n=1 + i % 2))
    return m


def finishes(fn: Callable[[], Any], seconds: float = 20.0) -> tuple[bool, Any]:
    """Run ``fn`` in a thread; (True, its result or exception) when it returns in time, (False, None) if it blocks."""
    out: list[Any] = []

    def body() -> None:
        try:
            out.append(fn())
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            out.append(exc)

    th = threading.Thread(target=body, daemon=True)
    th.start()
    th.join(seconds)
    return (not th.is_alive()), (out[0] if out else None)


def _unblock(fifo: Path) -> None:
    """Let a reader stuck on the FIFO go (a writer opens and closes it)."""
    try:
        fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
    except OSError:
        pass


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_every_save_read_refuses_a_fifo_without_waiting(folder: Path) -> None:
    fifo = folder / "slot1.json"
    os.mkfifo(fifo)
    try:
        for fn in (lambda: saves.load_save(fifo), lambda: saves.load_match(fifo),
                   lambda: saves.load_match_or_backup(fifo),
                   lambda: saves.read_summary(fifo, "saves/slot1.json")):
            done, result = finishes(fn)
            assert done, "a save read blocked on a FIFO"
            assert isinstance(result, SaveError) and "not a regular file" in str(result), result
    finally:
        _unblock(fifo)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_seed_issue16_14_replay_command_refuses_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    try:
        proc = subprocess.run([sys.executable, "-m", "game", "replay", str(fifo)], cwd=REPO, capture_output=True,
                              text=True, timeout=120, env={**os.environ, "MESA_HOME": str(tmp_path / "home")})
    finally:
        _unblock(fifo)
    assert proc.returncode == 1
    assert "not a regular file" in proc.stderr and "Traceback" not in proc.stderr


def test_a_save_with_a_byte_order_mark_is_accepted(folder: Path) -> None:
    m = played()
    path = saves.slot_path(2)
    saves.save_match(m, path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert saves.load_match(path).state.digest() == m.state.digest()
    listed = dict(saves.list_saves())[path]
    assert listed["ok"] and listed["turns"] == 4
    # a one-object save written by a tool (with the editor's mark) loads too
    data = m.to_save()
    path.write_bytes(b"\xef\xbb\xbf" + savefile.dumps(data).encode("utf-8"))
    assert saves.load_match(path).state.digest() == m.state.digest()


def test_an_autosave_in_a_read_only_folder_fails_with_one_stable_message(folder: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def refuse(*_a: Any, **kw: Any) -> Any:
        name = f"{kw.get('dir')}/.autosave.json.{len(calls):08x}.tmp"
        calls.append(name)
        raise PermissionError(13, "Permission denied", name)

    monkeypatch.setattr(savefile.tempfile, "mkstemp", refuse)
    messages = set()
    m = played(0)
    for i in range(3):
        m.apply(Action.of("step", n=1))
        with pytest.raises(SaveError) as info:
            saves.autosave(m)
        messages.add(str(info.value))
    assert len(calls) == 3
    assert messages == {"saves/autosave.json: cannot be written (Permission denied)"}
