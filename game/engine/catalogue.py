"""The level catalogue: one cache of parsed level files and validated levels, shared by everyone.

Every reader of level files goes through here: the level list and the gallery, every
ruleset (``get_level``, ``load_merged``), ``discover_levels`` and ``python -m game validate``.
It keeps two tables:

- **files**: a TOML file's parsed data (or its problems), keyed by its real path and
  checked against the file's modification time (ns) and size;
- **levels**: a level file's validated ``Level`` (or its ``LevelError``), keyed by its path,
  root folder and source, together with the stamp (modification time and size) of the
  file and of *every* file it read: its includes, their includes and its images (a
  missing one is recorded as missing, so creating it counts as a change).

A lookup stats those files and hands back the stored result when nothing changed, so
opening the level list again costs a few ``stat`` calls per level instead of a parse
and a validation. A file whose modification time is less than ``RACY_NS`` old when it
is recorded may still change within the same clock tick without its stamp changing;
such a file is also compared by content (a hash of its bytes) until it is old enough.

The results also depend on things that are not files: the shipped-levels and mods
folders, the working folder (both appear in messages) and which rulesets are registered
(their level models validate the data). They are part of every stored level's token.

Thread-safe: the tables are guarded by one lock held only to read or store an entry
(loading happens outside it; two threads loading the same file at once both load it,
and the later result is kept). Dependencies are collected per thread/context.

``generation()`` counts changes seen (files re-read, folder listings that differ), so a
screen can cache what it derived from the catalogue (the gallery's level counts).
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

from game.engine.levelerrors import LevelError

#: a file modified less than this long ago is also compared by content (clock ticks, FAT's 2 s)
RACY_NS = 3_000_000_000
#: a racy file's content hash covers at most this many bytes (more than any level file or image may hold)
DIGEST_BYTES = 4 * 1024 * 1024
#: how many parsed files and validated levels are kept (least recently used dropped first)
MAX_FILES = 4096
MAX_LEVELS = 4096
#: of TOML text kept parsed: bounds the memory the files table uses
MAX_FILE_BYTES_KEPT = 64 * 1024 * 1024

Stamp = tuple[int, int]  # (modification time in ns, size in bytes)


@dataclass
class Dep:
    """One file a result was built from: its stamp then (None: missing) and, while racy, its content hash."""

    path: str
    stamp: Stamp | None
    digest: bytes | None = None


@dataclass
class _File:
    stamp: Stamp
    digest: bytes
    size: int
    data: dict[str, Any] | None
    problems: list[str] | None


@dataclass
class _LevelSlot:
    token: tuple[Any, ...]
    deps: list[Dep]
    value: Any                        # the Level, or None when broken
    error: tuple[str, list[str]] | None  # (where, problems) of the LevelError


@dataclass
class Stats:
    """What the catalogue did since the last ``clear`` (tests and the bench read it)."""

    parses: int = 0           # TOML files read and parsed
    file_hits: int = 0        # parsed files handed out without reading them
    loads: int = 0            # levels validated
    level_hits: int = 0       # levels handed out without re-reading anything
    content_checks: int = 0   # racy files compared by content


_LOCK = threading.RLock()
_FILES: "OrderedDict[str, _File]" = OrderedDict()
_LEVELS: "OrderedDict[tuple[Any, ...], _LevelSlot]" = OrderedDict()
_LISTINGS: dict[str, tuple[Any, ...]] = {}
_FILE_BYTES = 0
_GENERATION = 0
STATS = Stats()
_RECORDING: contextvars.ContextVar[list[Dep] | None] = contextvars.ContextVar("level_deps", default=None)
_STAT_MEMO: contextvars.ContextVar[dict[str, Stamp | None] | None] = contextvars.ContextVar("stat_memo", default=None)


# --- stamps and dependencies --------------------------------------------------------------------

def stamp_of(st: os.stat_result) -> Stamp:
    """Return the (mtime ns, size) stamp of a stat result."""
    return (st.st_mtime_ns, st.st_size)


def current_stamp(path: str | Path) -> Stamp | None:
    """Return a file's stamp now (following links), None when it is missing or unreadable."""
    memo = _STAT_MEMO.get()
    if memo is not None:
        key = str(path)
        if key in memo:
            return memo[key]
    try:
        found: Stamp | None = stamp_of(os.stat(path))
    except (OSError, ValueError):
        found = None
    if memo is not None:
        memo[str(path)] = found
    return found


@contextlib.contextmanager
def one_look() -> Iterator[None]:
    """Inside the block each file is stat-ed once (a level list checks shared includes once, not per level)."""
    if _STAT_MEMO.get() is not None:
        yield
        return
    token = _STAT_MEMO.set({})
    try:
        yield
    finally:
        _STAT_MEMO.reset(token)


def is_racy(stamp: Stamp | None) -> bool:
    """True when a file's stamp is too recent to prove it unchanged (it is compared by content)."""
    return stamp is not None and time.time_ns() - stamp[0] < RACY_NS


def _digest_file(path: str) -> bytes | None:
    """Hash a file's first ``DIGEST_BYTES`` (files past every cap are judged by their size alone)."""
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read(DIGEST_BYTES)).digest()
    except OSError:
        return None


def note(path: str | Path, stamp: Stamp | None, digest: bytes | None = None) -> None:
    """Record that the result being built depends on this file (missing files too: ``stamp`` None)."""
    deps = _RECORDING.get()
    if deps is not None:
        deps.append(Dep(str(path), stamp, digest))


def note_path(path: str | Path) -> None:
    """Record a dependency on a file by path, stat-ing it now."""
    if _RECORDING.get() is not None:
        note(os.path.abspath(path), current_stamp(path))


@contextlib.contextmanager
def recording() -> Iterator[list[Dep]]:
    """Collect the files read inside the block (nested blocks also report to the outer one)."""
    outer = _RECORDING.get()
    deps: list[Dep] = []
    token = _RECORDING.set(deps)
    try:
        yield deps
    finally:
        _RECORDING.reset(token)
        if outer is not None:
            outer.extend(deps)


def deps_fresh(deps: list[Dep]) -> bool:
    """True when every file still has the stamp (and, when racy, the content) it had."""
    for i, dep in enumerate(deps):
        now = current_stamp(dep.path)
        if now != dep.stamp:
            return False
        if dep.digest is not None:
            STATS.content_checks += 1
            if _digest_file(dep.path) != dep.digest:
                return False
            if not is_racy(now):  # old enough now: its stamp alone proves it from here on
                deps[i] = Dep(dep.path, dep.stamp)
    return True


def _settle(deps: list[Dep]) -> list[Dep]:
    """Deduplicate and give every racy dependency a content hash."""
    out: dict[str, Dep] = {}
    for d in deps:
        if d.path in out:
            continue
        if d.digest is None and is_racy(d.stamp):
            d = Dep(d.path, d.stamp, _digest_file(d.path))
        out[d.path] = d
    return list(out.values())


# --- parsed files -------------------------------------------------------------------------------

def parsed_file(real: Path, stamp: Stamp, where: str, read: Callable[[], bytes],
                parse: Callable[[bytes], dict[str, Any]]) -> dict[str, Any]:
    """Return a copy of a file's parsed data: from the table when its stamp (and content) match.

    ``read`` returns the file's bytes; ``parse`` turns them into data or raises LevelError.
    A parse error is remembered as well and raised again (naming ``where``) until the file changes.
    """
    global _FILE_BYTES, _GENERATION
    key = str(real)
    with _LOCK:
        slot = _FILES.get(key)
        if slot is not None:
            _FILES.move_to_end(key)
    raw: bytes | None = None
    if slot is not None and slot.stamp == stamp:
        if is_racy(stamp):
            STATS.content_checks += 1
            raw = read()
            if hashlib.sha256(raw).digest() != slot.digest:
                slot = None
        if slot is not None:
            STATS.file_hits += 1
            note(real, stamp, slot.digest if is_racy(stamp) else None)
            return _answer(slot, where)
    if raw is None:
        raw = read()
    digest = hashlib.sha256(raw).digest()
    STATS.parses += 1
    try:
        new = _File(stamp, digest, len(raw), parse(raw), None)
    except LevelError as exc:
        new = _File(stamp, digest, len(raw), None, list(exc.problems))
    with _LOCK:
        old = _FILES.pop(key, None)
        if old is not None:
            _FILE_BYTES -= old.size
            if old.digest != digest:
                _GENERATION += 1
        _FILES[key] = new
        _FILE_BYTES += new.size
        while _FILES and (len(_FILES) > MAX_FILES or _FILE_BYTES > MAX_FILE_BYTES_KEPT):
            _k, dropped = _FILES.popitem(last=False)
            _FILE_BYTES -= dropped.size
    note(real, stamp, digest if is_racy(stamp) else None)
    return _answer(new, where)


def _answer(slot: _File, where: str) -> dict[str, Any]:
    if slot.data is None:
        raise LevelError(where, list(slot.problems or []))
    return copy_data(slot.data)


def copy_data(value: Any) -> Any:
    """A deep copy of JSON-like data (stored parses are never handed out themselves)."""
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_data(v) for v in value]
    return value


# --- validated levels ---------------------------------------------------------------------------

def level(key: tuple[Any, ...], token: tuple[Any, ...], load: Callable[[], Any]) -> Any:
    """Return the level stored under ``key`` when its token and files are unchanged; else ``load()`` it.

    ``load`` returns a Level or raises LevelError; both outcomes are stored with the files
    it read. The stored LevelError is raised again on a hit.
    """
    global _GENERATION
    with _LOCK:
        slot = _LEVELS.get(key)
        if slot is not None:
            _LEVELS.move_to_end(key)
    if slot is not None and slot.token == token and deps_fresh(slot.deps):
        STATS.level_hits += 1
        for d in slot.deps:  # an outer recording (a level list) depends on these files too
            note(d.path, d.stamp, d.digest)
        return _level_answer(slot)
    STATS.loads += 1
    with recording() as deps:
        try:
            value, error = load(), None
        except LevelError as exc:
            value, error = None, (exc.path, list(exc.problems))
    new = _LevelSlot(token, _settle(deps), value, error)
    with _LOCK:
        if slot is not None:
            _GENERATION += 1
        _LEVELS[key] = new
        while len(_LEVELS) > MAX_LEVELS:
            _LEVELS.popitem(last=False)
    return _level_answer(new)


def _level_answer(slot: _LevelSlot) -> Any:
    if slot.error is not None:
        raise LevelError(slot.error[0], list(slot.error[1]))
    return slot.value


# --- folder listings ----------------------------------------------------------------------------

def listing(folder: Path, names: list[str]) -> None:
    """Tell the catalogue what a folder holds now; a different listing than last time is a change."""
    global _GENERATION
    key = str(folder)
    now = tuple(names)
    with _LOCK:
        if _LISTINGS.get(key) != now:
            if key in _LISTINGS:
                _GENERATION += 1
            _LISTINGS[key] = now


def generation() -> int:
    """A number that grows whenever the catalogue sees a change (re-read files, other listings)."""
    return _GENERATION


def clear() -> None:
    """Forget everything (a cold start; tests and the bench)."""
    global _FILE_BYTES, _GENERATION, STATS
    with _LOCK:
        _FILES.clear()
        _LEVELS.clear()
        _LISTINGS.clear()
        _FILE_BYTES = 0
        _GENERATION += 1
        STATS = Stats()


def stats() -> Stats:
    """Return the counters since the last ``clear``."""
    return STATS
