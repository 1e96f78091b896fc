"""Damaged saves: never resumed in silence, never rotated into the backup, kept aside for a bug report.

``open_checked(path)`` is what "Continue" and "Load" call: the save as a ``Loaded``, or, when
the file is damaged, a ``Damaged`` saying what is wrong, how far its backup is behind and
where a copy of the damaged file was kept (``<user data>/damaged/<name>-<time>.json``); the
player then chooses. A game left only in ``<name>.bak`` (a crash between the two renames on
a file system without hard links: FAT, exFAT) is opened from the backup.

``set_aside_if_damaged(path)`` runs before a whole save replaces ``path``: a damaged file is
moved to the damaged folder instead of becoming ``<name>.bak`` over a good backup.
"""

from __future__ import annotations

import logging
import os
import shutil
import stat
import time
from pathlib import Path
from typing import Any, NamedTuple

from game.engine import paths
from game.engine.savefile import MAX_FILE_BYTES, SEALED_VERSION, SaveError, unseal
from game.engine.saveread import BOM, read_save, read_summary

log = logging.getLogger(__name__)


class Damaged(NamedTuple):
    """A save that cannot be opened, and what its backup offers (``backup`` is None when it cannot be used)."""

    path: Path
    problem: str
    kept: Path | None             # the copy of the damaged file kept aside
    moves: int | None             # the moves the damaged file's summary counts (None when unreadable)
    backup: Any                   # the backup's Match, or None
    backup_moves: int | None
    backup_problem: str | None    # why the backup cannot be used (None when it can)


def damaged_dir() -> Path:
    """Return the folder where damaged saves are kept for a bug report."""
    return paths.user_data_dir() / "damaged"


def _aside_name(path: Path, st: os.stat_result) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(st.st_mtime))
    return damaged_dir() / f"{path.stem}-{stamp}{path.suffix or '.json'}"


def keep_copy(path: Path) -> Path | None:
    """Copy a damaged save into the damaged folder (once per version of the file); return the copy, None if not."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_FILE_BYTES:
            return None
        target = _aside_name(path, st)
        if target.is_file() and target.stat().st_size == st.st_size:
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        log.warning("kept a copy of the damaged save %s as %s", path, target)
        return target
    except OSError as exc:
        log.warning("could not keep a copy of the damaged save %s: %s", path, exc)
        return None


def set_aside(path: Path) -> Path | None:
    """Move a damaged save out of the saves folder into the damaged folder; return where it went (None if it stayed)."""
    try:
        st = os.stat(path)
        target = _aside_name(path, st)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)
    except OSError as exc:
        try:
            os.unlink(path)  # another disk, say: the copy kept when it was found damaged is the record
            log.warning("damaged save %s removed (could not move it: %s)", path, exc)
        except OSError:
            log.warning("could not set the damaged save %s aside: %s", path, exc)
        return None
    log.warning("damaged save %s set aside as %s", path, target)
    return target


def is_sound(path: Path) -> bool:
    """True when ``path`` is missing or a save that loads (a version-3 file: every complete line's checksum)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_FILE_BYTES:
        return False
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError:
        return False
    start = len(BOM) if raw.startswith(BOM) else 0
    lines = raw[start:raw.rfind(b"\n") + 1].split(b"\n")[:-1]   # complete lines (a cut last one is a crash's)
    if len(lines) >= 2 and unseal(lines[0]) is not None:
        return all(unseal(line) is not None for line in lines[1:])
    if lines and b'"version":' in lines[0] and _sealed_version(lines[0]):
        return False  # a version-3 first line whose checksum fails
    try:
        read_save(path, str(path))   # version 1 or 2: the whole check
    except SaveError:
        return False
    return True


def _sealed_version(first: bytes) -> bool:
    import json

    try:
        top = json.loads(first)
    except ValueError:
        return False
    version = top.get("version") if isinstance(top, dict) else None
    return isinstance(version, int) and version >= SEALED_VERSION


def set_aside_if_damaged(path: Path) -> None:
    """Before a whole save replaces ``path``: move a damaged file aside so it never becomes the backup."""
    if not is_sound(path):
        set_aside(path)


def open_checked(path: Path | str) -> Any:
    """Open a save for "Continue" or "Load": a ``Loaded``, or a ``Damaged`` for the player to decide.

    SaveError when the file is missing and has no backup, or is not a regular file.
    """
    from game.engine.saves import Loaded, backup_path, display_path, load_match

    path = Path(path)
    bak = backup_path(path)
    if not path.exists() and bak.is_file():
        log.warning("%s: only its backup is left; opening the backup", display_path(path))
        return Loaded(load_match(bak), bak, True, "only the backup was left")
    try:
        return Loaded(load_match(path), path, False, None)
    except SaveError as exc:
        first = exc
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise first
    except OSError:
        raise first from None
    log.warning("%s", first)
    moves: int | None = None
    try:
        summary = read_summary(path, display_path(path))
        if summary is not None and isinstance(summary.get("turns"), int):
            moves = summary["turns"]
    except SaveError:
        pass
    backup = backup_moves = backup_problem = None
    if bak.is_file():
        try:
            backup = load_match(bak)
            backup_moves = len(backup.history)
        except SaveError as exc:
            backup_problem = str(exc)
    else:
        backup_problem = f"{display_path(bak)}: file not found"
    return Damaged(path, str(first), keep_copy(path), moves, backup, backup_moves, backup_problem)


def open_backup(damaged: Damaged) -> Any:
    """The player chose the backup: set the damaged file aside (it never becomes the backup) and return the match."""
    if damaged.backup is None:
        raise SaveError(str(damaged.path), "", damaged.backup_problem or "no backup")
    set_aside(damaged.path)
    return damaged.backup
