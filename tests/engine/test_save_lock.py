"""A second running copy (issue 16, item 5): the lock in the user folder is seen, the second copy does not
overwrite the first's autosave and says so; a lock left by a killed copy does not count."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from game.engine import journal, paths, savelock, saves
from game.engine.actions import Action
from game.engine.match import Match
from tests.engine import _coin_game as cg

REPO = Path(__file__).resolve().parents[2]
HOLDER = ("import sys\n"
          "from game.engine import savelock\n"
          "print('held' if savelock.acquire() else 'refused', flush=True)\n"
          "sys.stdin.read()\n")


@pytest.fixture(autouse=True)
def coingame(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    paths.saves_dir().mkdir(parents=True)
    with cg.registered():
        yield
    journal.forget()
    savelock.release()


def first_copy() -> subprocess.Popen[str]:
    """Start another process that takes the lock of this user folder, as the app does at start."""
    proc = subprocess.Popen([sys.executable, "-c", HOLDER], cwd=REPO, env=dict(os.environ), text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def match() -> Match:
    m = Match.new(cg.RULESET_ID, cg.make_level(target=500), ["Ana", "bot"], 1)
    m.apply(Action.of("step", n=1))
    return m


@pytest.mark.skipif(os.name == "nt", reason="the kill below is POSIX")
def test_seed_issue16_5_a_second_copy_is_detected_and_does_not_overwrite_the_autosave() -> None:
    theirs = match()
    saves.autosave(theirs)
    journal.forget()
    before = saves.autosave_path().read_bytes()
    proc = first_copy()
    try:
        assert savelock.held_by_other()
        assert not savelock.acquire(), "the second copy cannot take the lock"
        mine = match()
        mine.apply(Action.of("step", n=2))
        for _ in range(3):
            with pytest.raises(saves.SaveError) as info:
                saves.autosave(mine)
            assert str(info.value) == ("saves/autosave.json: not written: another copy of Mesa de Héroes is "
                                       "running and owns the autosave")
        assert saves.autosave_path().read_bytes() == before
    finally:
        proc.send_signal(signal.SIGKILL)  # the first copy is killed: its lock file stays behind
        proc.wait(30)
    assert savelock.lock_path().exists()
    assert not savelock.held_by_other(), "a lock left by a killed copy does not count"
    assert savelock.acquire()
    mine = match()
    saves.autosave(mine)
    assert savelock.lock_path().read_text().strip() == str(os.getpid())


def test_the_copy_holding_the_lock_autosaves_and_a_later_copy_is_refused(tmp_path: Path) -> None:
    assert savelock.acquire() and savelock.acquire()
    saves.autosave(match())
    journal.forget()
    proc = subprocess.run([sys.executable, "-c", HOLDER], cwd=REPO, env=dict(os.environ), text=True,
                          input="", capture_output=True, timeout=120)
    assert proc.stdout.strip() == "refused"

