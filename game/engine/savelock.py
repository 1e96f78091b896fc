"""One running copy owns the autosave: an OS lock on ``<user data>/mesa.lock``.

Two copies of the program writing the same autosave overwrite each other's game. The app
calls ``acquire()`` at start: it takes an exclusive lock on the lock file (``flock`` on
POSIX, ``msvcrt.locking`` on Windows) and keeps it until the process ends. The operating
system drops the lock when the process ends however it ends, so a copy killed with
``kill -9`` leaves a file but no lock: stale locks need no cleaning and no PID guessing.
``saves.autosave`` asks ``held_by_other()`` before writing; a second copy is refused with
one stable message and the menu says why. Where the file system has no locks, nothing is
refused (we cannot tell). Pure Python, no pygame.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from game.engine import paths

log = logging.getLogger(__name__)

LOCK_NAME = "mesa.lock"

#: (lock file, open descriptor) of the lock this process holds
_HELD: tuple[str, int] | None = None


def lock_path() -> Path:
    """Return the lock file of the current user data folder."""
    return paths.user_data_dir() / LOCK_NAME


def _try_lock(fd: int) -> bool:
    """Take the lock on an open file without waiting; False when another process holds it."""
    try:
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except PermissionError:  # Windows: the region is locked by another process
        return os.name != "nt"
    except OSError as exc:  # no locks on this file system: we cannot tell, so we do not refuse
        log.info("lock %s unsupported here: %s", LOCK_NAME, exc)
    return True


def _unlock(fd: int) -> None:
    try:
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        pass


def acquire() -> bool:
    """Take the lock of the user data folder for this process (kept until it ends); False when another copy has it."""
    global _HELD
    path = lock_path()
    if _HELD is not None and _HELD[0] == str(path):
        return True
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
    except OSError as exc:
        log.warning("cannot create the lock file %s: %s (a second copy will not be detected)", path, exc)
        return True
    if not _try_lock(fd):
        os.close(fd)
        log.warning("another copy of the program holds %s: this copy does not autosave", path)
        return False
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))  # for a person looking; the lock is what counts
    except OSError:
        pass
    release()
    _HELD = (str(path), fd)
    return True


def release() -> None:
    """Give the lock back (the app's exit does it anyway)."""
    global _HELD
    if _HELD is None:
        return
    _unlock(_HELD[1])
    try:
        os.close(_HELD[1])
    except OSError:
        pass
    _HELD = None


def held_by_other() -> bool:
    """True when another running copy holds the lock of the current user data folder."""
    path = lock_path()
    if _HELD is not None and _HELD[0] == str(path):
        return False
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
    except OSError:  # no lock file: nobody has taken it
        return False
    try:
        if _try_lock(fd):
            _unlock(fd)
            return False
        return True
    finally:
        os.close(fd)
