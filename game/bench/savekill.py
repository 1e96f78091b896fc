"""kill -9 during autosave: a child autosaves a real match after every action and is killed at random.

The child (a ``fork`` of this process, so it starts at once) plays the match on
with random legal moves, calling ``saves.autosave(match, path)`` (what the app
calls) after every action and reporting each finished save's action count
through a pipe. The autosave appends a journal record per action and compacts
in a background thread; the child lowers the compaction threshold so kills
also land during compactions (the head rewrite, the rename, the backup link).
The match the parent loaded goes on appending to the same file, as "Continue"
does, after the cut last line a kill may leave is dropped. The parent kills it with SIGKILL after a random
delay, then loads the file the way "Continue" does (``load_match_or_backup``)
and checks that:

* it loads (from the save, or from its backup);
* it lost at most the last action: the loaded game has the last reported count
  of actions, or one more (that save finished but was not reported yet);
* the loaded state passes its invariants, and replaying the save from level +
  seed + actions reaches exactly the saved snapshot (``saves.replay``).

The next child resumes from what was loaded (a killed game is continued, as a
player would); a finished game is replaced by a new one. ``tools/save_kill.py``
is the long run.
"""

from __future__ import annotations

import os
import select
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bench.common import RunFigures
from game.engine.rng import Rng


@dataclass
class KillStats(RunFigures):
    """Figures of a kill run."""

    ruleset: str
    kills: int = 0
    saves_reported: int = 0
    loaded_exact: int = 0        # the loaded game had every reported action
    loaded_one_more: int = 0     # the save in flight had finished too
    used_backup: int = 0
    lost_max: int = 0            # most actions lost by one kill (budget: 1)
    games: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _new_match(ruleset_id: str, seed: int) -> Any:
    from game.bench.positions import busiest_level, seat_count
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.engine.registry import get_ruleset
    from game.engine.levels import discover_levels

    rs = get_ruleset(ruleset_id)
    levels = [e.level for e in discover_levels(ruleset_id, include_mods=False) if e.level is not None]
    level = levels[seed % len(levels)] if levels else busiest_level(ruleset_id)
    n = seat_count(rs, level)
    seats = [SeatSpec(f"Bot {i + 1}", "bot", "random") for i in range(n)]
    return Match.new(ruleset_id, level, seats, seed)


#: the child's compaction threshold (bytes of journal): small, so kills land in compactions too
CHILD_COMPACT_MIN_BYTES = 8 * 1024


def _child(match: Any, path: Path, wfd: int, seed: int, go: int) -> None:
    """Play on and autosave after every action, reporting each finished save; never returns.

    The parent says how many actions to play next (a number on the ``go`` pipe), so it can kill the
    child in the middle of them whatever the speed of the machine and of the save.
    """
    from game.engine import journal
    from game.engine.saves import autosave

    try:
        journal.COMPACT_MIN_BYTES = CHILD_COMPACT_MIN_BYTES
        rng = Rng(seed)
        orders = os.fdopen(go, "r")
        while not match.is_over():
            line = orders.readline()
            if not line:
                break
            for _ in range(int(line)):
                if match.is_over():
                    break
                legal = match.legal_actions()
                match.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
                autosave(match, path)
                os.write(wfd, f"{len(match.history)}\n".encode())
        os.write(wfd, b"over\n")
    finally:
        os._exit(0)


def _read_counts(rfd: int, until: float, buf: bytearray) -> bool:
    """Read the child's reports until ``until`` (monotonic) or EOF; True on EOF."""
    while True:
        left = until - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([rfd], [], [], left)
        if not ready:
            return False
        chunk = os.read(rfd, 65536)
        if not chunk:
            return True
        buf.extend(chunk)


def run(ruleset_id: str, kills: int, folder: Path, seed: int = 1, max_delay: float = 0.25) -> KillStats:
    """Kill an autosaving child ``kills`` times; return what was found."""
    from game.engine.saves import SaveError, backup_path, load_match_or_backup, load_save, replay, save_match

    if not hasattr(os, "fork"):
        raise RuntimeError("needs os.fork (Linux or macOS)")
    st = KillStats(ruleset_id)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "autosave.json"
    rng = Rng(seed)
    t0 = time.perf_counter()
    match = _new_match(ruleset_id, seed)
    st.games = 1
    save_match(match, path)
    for k in range(kills):
        rfd, wfd = os.pipe()
        gor, gow = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child
            os.close(rfd)
            os.close(gow)
            _child(match, path, wfd, seed * 1000 + k, gor)
        os.close(wfd)
        os.close(gor)
        buf = bytearray()
        # one action first: wait for its save (a slow machine must not turn the run into kills before any
        # save) and time it; then order a random number of actions and kill at a random moment while
        # they are played and saved, so the kill lands anywhere in the apply/write/fsync cycle
        eof = False
        deadline = time.monotonic() + 20.0
        started = time.monotonic()
        os.write(gow, b"1\n")
        while b"\n" not in buf and not eof and time.monotonic() < deadline:
            eof = _read_counts(rfd, min(deadline, time.monotonic() + 0.05), buf)
        cycle = time.monotonic() - started
        if not eof:
            n = 1 + rng.randbelow(24)
            try:
                os.write(gow, f"{n}\n".encode())
            except BrokenPipeError:  # the game ended with that first action
                pass
            eof = _read_counts(rfd, time.monotonic() + rng.random() * min(max_delay, n * cycle), buf)
        if not eof:
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(gow)
        while True:  # whatever it wrote before dying
            chunk = os.read(rfd, 65536)
            if not chunk:
                break
            buf.extend(chunk)
        os.close(rfd)
        st.kills += 0 if eof else 1
        lines = [ln for ln in buf.decode().split("\n") if ln.strip().isdigit()]
        st.saves_reported += len(lines)
        reported = int(lines[-1]) if lines else len(match.history)
        try:
            loaded = load_match_or_backup(path)
        except SaveError as exc:
            st.failures.append(f"kill {k}: no loadable game: {exc}")
            match = _new_match(ruleset_id, seed + k + 1)
            save_match(match, path)
            continue
        n = len(loaded.match.history)
        if loaded.used_backup:
            st.used_backup += 1
        if n == reported:
            st.loaded_exact += 1
        elif n == reported + 1:
            st.loaded_one_more += 1
        else:
            st.failures.append(f"kill {k}: reported {reported} saved actions but the loaded game has {n}")
        st.lost_max = max(st.lost_max, reported + 1 - n if not eof else reported - n)
        broken = loaded.match.state.invariants()
        if broken:
            st.failures.append(f"kill {k}: loaded state breaks invariants: {'; '.join(broken)[:200]}")
        if k % 4 == 0:
            try:
                _state, _digest, problems = replay(load_save(loaded.path))
            except SaveError as exc:
                problems = [str(exc)]
            if problems:
                st.failures.append(f"kill {k}: replay of the save: {'; '.join(problems)[:300]}")
        match = loaded.match
        if match.is_over():
            match = _new_match(ruleset_id, seed + k + 1)
            st.games += 1
            for p in (path, backup_path(path)):
                try:
                    p.unlink()
                except OSError:
                    pass
            save_match(match, path)
    st.seconds = time.perf_counter() - t0
    return st
