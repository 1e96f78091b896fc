"""The autosave journal: after every action only what is new is written, so the cost stays flat.

``autosave(match, path)`` keeps one *session* per file. The first call for a match writes
the whole save (or, for a match just loaded from this very file, goes on appending to it);
after that each call appends one record per new action (seat, action, its log lines; the
state after it when it set the undo anchor, and every ``STATE_EVERY`` actions) or an undo
record, as one ``write`` of complete lines, each ending with its checksum: a kill at any moment leaves at most a cut last
line, which loading ignores. The calling thread only encodes the new records and appends
them (no fsync); a background writer thread fsyncs and *compacts*: when the journal has
grown as large as the head, a fresh summary + head (+ the records written meanwhile)
replaces the file atomically, keeping the old one as ``.bak``. Compaction rewrites about
as many bytes as were appended since the last one, so its cost per action stays flat.

``flush()`` waits for the writer (before loading, on exit, for tests and the bench).
Pure Python, no pygame.
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import threading
import time
import weakref
from pathlib import Path
from typing import Any

from game.engine.savefile import (
    SEALED_VERSION,
    SaveError,
    discard_temp,
    dumps,
    encode,
    fsync_dir,
    install_temp,
    make_temp,
    seal,
    write_atomic,
)

log = logging.getLogger(__name__)

#: a record carries the whole state at least every this many actions (bounds the replay at load)
STATE_EVERY = 64
#: the journal is compacted once it is larger than the head and than this many bytes
COMPACT_MIN_BYTES = 256 * 1024
#: sessions kept open at once (one per autosave file; the app has one)
MAX_SESSIONS = 4

_LOCK = threading.Lock()
_SESSIONS: dict[str, _Session] = {}
_QUEUE: queue.Queue[Any] = queue.Queue()
_THREAD: threading.Thread | None = None
#: seconds the writer spent working (fsync and compaction): the bench adds it to the callers' time
STATS = {"writer_seconds": 0.0, "compactions": 0, "appends": 0}


class _Session:
    """One autosave file being appended to for one match."""

    def __init__(self, match: Any, path: Path) -> None:
        self.match = weakref.ref(match)
        self.path = path
        self.lock = threading.Lock()
        self.fd: int | None = None
        self.sent_n = 0            # history entries already in the file
        self.base_n = 0            # action count of the last full state in the file
        self.head_bytes = 0
        self.journal_bytes = 0
        self.compacting = False
        self.tail: list[bytes] = []  # records appended while a compaction is in flight
        self.sync_queued = False
        self.closed = False

    def close(self) -> None:
        with self.lock:
            self.closed = True
            if self.fd is not None:
                try:
                    os.close(self.fd)
                except OSError:
                    pass
                self.fd = None


def _open_append(path: Path) -> int:
    return os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


# --- the writer thread ------------------------------------------------------------------------------

def _writer() -> None:
    while True:
        job = _QUEUE.get()
        t0 = time.perf_counter()
        try:
            job()
        except Exception:  # noqa: BLE001 - a failed background write is logged; the next autosave tries again
            log.exception("autosave writer")
        finally:
            STATS["writer_seconds"] += time.perf_counter() - t0
            _QUEUE.task_done()


def _submit(job: Any) -> None:
    global _THREAD
    with _LOCK:
        if _THREAD is None or not _THREAD.is_alive():
            _THREAD = threading.Thread(target=_writer, name="autosave-writer", daemon=True)
            _THREAD.start()
    _QUEUE.put(job)


def flush() -> None:
    """Wait until the background writer has finished everything queued (fsyncs, compactions)."""
    if _THREAD is not None and _THREAD.is_alive():
        _QUEUE.join()


def _sync(s: _Session) -> None:
    # the fd is only closed on this thread (compaction) or after flush() (close): no lock during the fsync,
    # so the game's next append never waits for the disk
    with s.lock:
        s.sync_queued = False
        fd = s.fd
        if fd is None or s.closed:
            return
    try:
        os.fsync(fd)
    except OSError as exc:
        log.warning("autosave fsync: %s", exc)


def _head_bytes(payload: bytes) -> int:
    first = payload.index(b"\n")
    return payload.index(b"\n", first + 1) - first


def _compact(s: _Session, data: dict[str, Any], spliced: dict[str, str]) -> None:
    """Write a fresh summary + head, append the records written meanwhile, and swap it in."""
    tmp = None
    try:
        payload = encode(data, spliced)
        tmp = make_temp(s.path, payload)           # the slow part, without the session lock
        with s.lock:                               # appends wait only for the tail copy and the rename
            if s.closed:
                discard_temp(tmp)
                return
            fd = os.open(tmp, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
            try:
                for chunk in s.tail:
                    _write_all(fd, chunk)
            finally:
                os.close(fd)
            install_temp(tmp, s.path, sync_dir=False)
            tmp = None
            new_fd = _open_append(s.path)
            if s.fd is not None:
                os.close(s.fd)
            s.fd = new_fd
            s.head_bytes = _head_bytes(payload)
            s.journal_bytes = sum(len(c) for c in s.tail)
            STATS["compactions"] += 1
        fsync_dir(s.path.parent)
    except (OSError, SaveError) as exc:
        log.warning("autosave compaction of %s failed (the journal goes on): %s", s.path, exc)
        if tmp is not None:
            discard_temp(tmp)
    finally:
        with s.lock:
            s.compacting, s.tail = False, []


# --- the calling side -------------------------------------------------------------------------------

def _full_write(match: Any, path: Path, s: _Session) -> None:
    """Write the whole save now (a session's start) and open it for appending."""
    from game.engine.savedamage import set_aside_if_damaged

    data = match.to_save()
    payload = encode(data)
    set_aside_if_damaged(path)   # a damaged file never becomes the backup
    write_atomic(path, payload)
    s.fd = _open_append(path)
    s.head_bytes = _head_bytes(payload)
    s.sent_n = s.base_n = len(match.history)


def _resume(match: Any, path: Path, s: _Session) -> bool:
    """Go on appending to the file this match was loaded from, when it is unchanged; True if so."""
    info = match._origin
    if info is None or Path(info.path) != path or info.version < SEALED_VERSION:
        return False  # another file, or an older format (its lines have no checksums): rewritten whole
    try:
        st = os.stat(path)
    except OSError:
        return False
    if (st.st_ino, st.st_size, st.st_mtime_ns) != (info.ino, info.size, info.mtime_ns):
        return False
    try:
        if info.torn:
            os.truncate(path, info.clean_len)   # the cut last line must not run into the next record
        s.fd = _open_append(path)
    except OSError:
        return False
    s.head_bytes, s.journal_bytes, s.base_n = info.head_bytes, info.journal_bytes, info.base_n
    s.sent_n = info.n
    return True


def _records(match: Any, s: _Session) -> bytes:
    """Encode what changed since the session's last write: an undo record and/or one record per new action."""
    hist = match.history
    out: list[str] = []
    low = min(match._journal_low, len(hist))
    if low < s.sent_n:
        out.append(f'{{"n":{low},"undo":true}}')
        s.sent_n = low
        if s.base_n > low:
            s.base_n = match._floor
    new = hist[s.sent_n:]
    if not new:
        return _sealed(out)
    first = new[0].index
    lines: list[Any] = []
    for line in reversed(match.log):
        if line.index < first:
            break
        lines.append(line)
    lines.reverse()
    by_index: dict[int, list[str]] = {}
    for line in lines:
        by_index.setdefault(line.index, []).append(dumps(line.to_json()))
    n_total = len(hist)
    for e in new:
        n = e.index + 1
        text = (f'{{"n":{n},"seat":{e.seat},"action":{dumps(e.action.to_json())},'
                f'"log":[{",".join(by_index.get(e.index, ()))}]')
        if n == match._floor and e.barrier:
            text += f',"state":{match._anchor},"anchor":true'
            s.base_n = n
        elif match._ckpt is not None and match._ckpt[0] == n:   # the match's undo checkpoint: no new encoding
            text += f',"state":{match._ckpt[1]}'
            s.base_n = n
        elif n == n_total and n - s.base_n >= STATE_EVERY:
            text += f',"state":{dumps(match.state.to_json())}'
            s.base_n = n
        out.append(text + "}")
    s.sent_n = n_total
    return _sealed(out)


def _sealed(records: list[str]) -> bytes:
    """Return journal records as complete lines, each with its checksum (savefile.seal)."""
    return b"".join(seal(x.encode("utf-8")) + b"\n" for x in records)


def _start_compaction(match: Any, s: _Session) -> None:
    """Capture what the new head needs (cheap: list copies and the state's JSON) and queue the rewrite."""
    from game import __version__
    from game.engine.savefile import SAVE_FORMAT, SAVE_VERSION

    history = list(match.history)
    log_lines = list(match.log)
    n = len(history)
    state_text = dumps(match.state.to_json())
    floor, anchor = match._floor, match._anchor
    level = match.level
    data = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "app_version": __version__,
            "ruleset": match.ruleset_id,
            "level": {"id": level.id, "source": level.source, "content_hash": level.content_hash,
                      "data": level.data},
            "seed": match.seed, "seats": [x.to_json() for x in match.seats], "actions": history,
            "snapshot_at": n, "log_dropped": match.log_dropped,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())}
    if getattr(match, "branch", None) is not None:
        data["branch"] = dict(match.branch)
    with s.lock:
        s.compacting, s.tail = True, []
    s.base_n = n

    def job() -> None:
        spliced = {"actions": "[" + ",".join(f"[{e.seat},{dumps(e.action.to_json())}]" for e in history) + "]",
                   "log": "[" + ",".join(dumps(x.to_json()) for x in log_lines) + "]",
                   "snapshot": state_text,
                   "undo": f'{{"floor":{floor},"anchor":{"null" if floor == n else anchor}}}'}
        _compact(s, data, spliced)

    _submit(job)


def autosave(match: Any, path: Path) -> None:
    """Bring the autosave file at ``path`` up to date with ``match`` (see the module docstring)."""
    key = str(path)
    with _LOCK:
        s = _SESSIONS.get(key)
    if s is None or s.match() is not match or s.closed:
        if s is not None:
            flush()
            s.close()
        _prune()
        s = _Session(match, path)
        if not _resume(match, path, s):
            _full_write(match, path, s)
            match._journal_low = len(match.history)
            with _LOCK:
                _SESSIONS[key] = s
            return
        with _LOCK:
            _SESSIONS[key] = s
    payload = _records(match, s)
    match._journal_low = len(match.history)
    if not payload:
        return
    with s.lock:
        if s.fd is None:
            raise SaveError(str(path), "", "the autosave file is not open")
        _write_all(s.fd, payload)
        if s.compacting:
            s.tail.append(payload)
        s.journal_bytes += len(payload)
        compact = not s.compacting and s.journal_bytes > max(COMPACT_MIN_BYTES, s.head_bytes)
        queue_sync = not s.sync_queued
        s.sync_queued = True
    STATS["appends"] += 1
    if queue_sync:
        _submit(lambda: _sync(s))
    if compact:
        _start_compaction(match, s)


def _prune() -> None:
    """Close sessions whose match is gone, and the oldest past MAX_SESSIONS (each holds an open file)."""
    with _LOCK:
        items = list(_SESSIONS.items())
    dead = [k for k, x in items if x.match() is None or x.closed]
    live = [k for k, x in items if k not in dead]
    dead += live[:max(0, len(live) - MAX_SESSIONS + 1)]
    if not dead:
        return
    flush()
    with _LOCK:
        gone = [_SESSIONS.pop(k) for k in dead if k in _SESSIONS]
    for x in gone:
        x.close()


def forget(path: Path | None = None) -> None:
    """Close the session of one autosave file (all when None), after the writer has finished."""
    flush()
    with _LOCK:
        keys = [str(path)] if path is not None else list(_SESSIONS)
        gone = [_SESSIONS.pop(k) for k in keys if k in _SESSIONS]
    for s in gone:
        s.close()


def _after_fork_in_child() -> None:
    """A forked child starts with no writer thread and no sessions (their locks may be held)."""
    global _LOCK, _QUEUE, _THREAD, _SESSIONS
    _LOCK = threading.Lock()
    _QUEUE = queue.Queue()
    _THREAD = None
    _SESSIONS = {}


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
atexit.register(flush)

__all__ = ["COMPACT_MIN_BYTES", "STATE_EVERY", "STATS", "autosave", "flush", "forget"]
