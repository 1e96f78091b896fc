"""Saves: where they live, saving and autosaving a match, loading, listing and replaying saves.

The file format and its checks are in ``savefile`` (writing, checking) and ``saveread``
(reading, the Load screen's summary); the autosave's append-only journal with its
background writer is ``journal``. This module is the one the rest of the program uses;
its names are re-exported here (docs/SAVES.md).

A save is level + seed + seats + every action, a state (authoritative: loading replays at
most the few actions after it, never the game) and the undo anchor, and the most recent
log lines. Writes are atomic (temp file + fsync + rename, previous kept as ``.bak``); the
autosave appends records after every action and is compacted now and then. Loading never
modifies or deletes a file; any problem is a ``SaveError`` naming the file and the field.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, NamedTuple

from game.engine import journal, paths, savelock
from game.engine.actions import Action
from game.engine.i18n import localize
from game.engine.levels import Level, LevelError
from game.engine.protocol import GameState, SeatSpec, StateError, digest_of
from game.engine.savefile import (
    LOG_KEEP,
    MAX_ACTIONS,
    MAX_LOG_LINES,
    MAX_LOG_TEXT,
    MAX_SAVE_BYTES,
    MAX_SEATS,
    SAVE_FORMAT,
    SAVE_VERSION,
    STALE_TEMP_SECONDS,
    TOP_KEYS,
    SaveError,
    check_save,
    check_version,
    dumps,
    encode,
    write_atomic,
)
from game.engine.savedamage import Damaged, open_backup, open_checked, set_aside_if_damaged
from game.engine.saveread import FileInfo, read_save, read_summary

log = logging.getLogger(__name__)

__all__ = [
    "LOG_KEEP",
    "MAX_ACTIONS",
    "MAX_LOG_LINES",
    "MAX_LOG_TEXT",
    "MAX_SAVE_BYTES",
    "MAX_SEATS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "STALE_TEMP_SECONDS",
    "TOP_KEYS",
    "Damaged",
    "Loaded",
    "SaveError",
    "autosave",
    "autosave_path",
    "backup_path",
    "check_save",
    "display_path",
    "flush",
    "list_saves",
    "load_match",
    "load_match_or_backup",
    "load_save",
    "match_from_save",
    "open_backup",
    "open_checked",
    "replay",
    "save_match",
    "slot_path",
    "snapshot_digest",
    "summary_of",
    "write_save",
]

flush = journal.flush


class Loaded(NamedTuple):
    """What ``load_match_or_backup`` found: the match, the file it came from, and what was wrong with the main file."""

    match: Any  # Match (typed loosely to keep the import order simple)
    path: Path
    used_backup: bool
    problem: str | None


# --- where saves live ---------------------------------------------------------------------------

def display_path(path: Path | str) -> str:
    """Return a short, recognisable name for a save file (``saves/slot1.json`` inside the saves folder)."""
    path = Path(path)
    try:
        return "saves/" + path.resolve().relative_to(paths.saves_dir().resolve()).as_posix()
    except (ValueError, OSError):
        return str(path)


def autosave_path() -> Path:
    """Return the autosave file (written after every action; "Continue" resumes it)."""
    return paths.saves_dir() / "autosave.json"


def slot_path(n: int) -> Path:
    """Return the file of manual save slot ``n`` (1 to 99)."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 99:
        raise ValueError(f"save slot: expected 1 to 99, got {n!r}")
    return paths.saves_dir() / f"slot{n}.json"


def backup_path(path: Path | str) -> Path:
    """Return the backup kept beside a save (``<name>.bak``)."""
    path = Path(path)
    return path.with_name(path.name + ".bak")


# --- writing ------------------------------------------------------------------------------------

def write_save(path: Path | str, data: dict[str, Any]) -> None:
    """Write materialized save data atomically as one whole save (summary + head, no journal)."""
    path = Path(path)
    check_version(data, display_path(path))
    payload = encode(data)
    if len(payload) > MAX_SAVE_BYTES:
        raise SaveError(display_path(path), "", f"save too large ({len(payload)} bytes; the limit is {MAX_SAVE_BYTES})")
    journal.forget(path)  # an autosave session on this file would append to the replaced file
    set_aside_if_damaged(path)  # a damaged file is kept aside, never made the backup
    write_atomic(path, payload)


def save_match(match: Any, path: Path | str) -> None:
    """Save a match atomically to ``path`` as one whole file (a manual save: every action, no journal)."""
    write_save(path, match.to_save())


def autosave(match: Any, path: Path | str | None = None) -> Path:
    """Bring the autosave up to date after an action (appends only what is new) and return its path.

    SaveError when another running copy owns the autosave (``savelock``), or when the disk refuses,
    with a stable text (``saves/autosave.json: cannot be written
    (Permission denied)``: no temp file name, so repeated failures show one message). The fsync and
    the occasional compaction happen on a background thread; the file on disk is complete when this
    returns (``flush()`` waits for the rest).
    """
    target = Path(path) if path is not None else autosave_path()
    if savelock.held_by_other():
        raise SaveError(display_path(target), "", "not written: another copy of Mesa de Héroes is running "
                                                  "and owns the autosave")
    try:
        journal.autosave(match, target)
    except OSError as exc:
        raise SaveError(display_path(target), "", f"cannot be written ({exc.strerror or type(exc).__name__})") \
            from exc
    return target


# --- loading ------------------------------------------------------------------------------------

def _state_error(where: str, exc: Exception, field: str = "snapshot") -> SaveError:
    """Word a from_json failure as ``file: snapshot.field: message``."""
    import re

    msg = str(exc) or type(exc).__name__
    if re.match(r"^[A-Za-z_][\w.\[\]]*:\s", msg):
        sub, _, rest = msg.partition(": ")
        return SaveError(where, f"{field}.{sub}", rest)
    return SaveError(where, field, msg)


def _level_from_save(data: dict[str, Any], where: str) -> Level:
    """Build the save's own level (this registers it by content hash before any state is rebuilt)."""
    lvl = data["level"]
    try:
        level = Level.from_data(lvl["data"], where=f"{where}: level.data", source=lvl["source"])
    except LevelError as exc:
        raise SaveError(where, "level.data", "; ".join(exc.problems)) from None
    if level.id != lvl["id"]:
        raise SaveError(where, "level.id", f"says {lvl['id']!r} but the level data says {level.id!r}")
    if lvl["content_hash"] and level.content_hash != lvl["content_hash"]:
        log.warning("%s: level.content_hash differs from the embedded level data (edited save?)", where)
    return level


def _ruleset_of(data: dict[str, Any], where: str) -> Any:
    from game.engine.registry import get_ruleset

    try:
        return get_ruleset(data["ruleset"])
    except KeyError as exc:
        raise SaveError(where, "ruleset", str(exc.args[0]) if exc.args else "unknown ruleset") from None


def _state_from(rs: Any, snapshot: dict[str, Any], where: str, field: str = "snapshot") -> GameState:
    try:
        return rs.from_json(snapshot)
    except StateError as exc:
        raise _state_error(where, exc, field) from None
    except Exception as exc:  # noqa: BLE001 - from_json should raise StateError; never crash on a save
        log.warning("%s: %s.from_json raised %s instead of StateError", where, rs.id, type(exc).__name__)
        raise _state_error(where, exc, field) from None


def saved_state(data: dict[str, Any], where: str = "save", level: Level | None = None) -> GameState:
    """Return the saved game state: the snapshot, plus the few actions after it (version 2)."""
    rs = _ruleset_of(data, where)
    if level is None:
        _level_from_save(data, where)  # registers the level before any state names it
    state = _state_from(rs, data["snapshot"], where)
    start = data.get("snapshot_at", len(data["actions"]))
    for i in range(start, len(data["actions"])):
        seat, raw = data["actions"][i]
        action = Action.from_json(raw)
        if state.to_act() != seat:
            raise SaveError(where, f"actions[{i}]", f"saved for seat {seat} but seat {state.to_act()} is to act")
        try:
            state.apply(action)
        except Exception as exc:  # noqa: BLE001 - IllegalAction or a ruleset bug: the save is unusable
            raise SaveError(where, f"actions[{i}]", f"{action.key}: {type(exc).__name__}: {exc}") from None
    return state


def match_from_save(data: Any, where: str = "save", info: FileInfo | None = None, checked: bool = False) -> Any:
    """Rebuild a Match from save data (checked here unless ``checked``); SaveError naming ``where`` and the field."""
    from game.engine.match import LogLine, Match

    if not checked:
        check_save(data, where)
    rs = _ruleset_of(data, where)
    level = _level_from_save(data, where)
    seats = [SeatSpec.from_json(s) for s in data["seats"]]
    state = saved_state(data, where, level)
    n_names = len(getattr(state, "seat_names", seats))
    if n_names != len(seats):
        raise SaveError(where, "seats", f"{len(seats)} seats but the snapshot has {n_names}")
    actions = [(seat, Action.from_json(a)) for seat, a in data["actions"]]
    lines = [LogLine.from_json(line) for line in data["log"][-LOG_KEEP:]]
    floor = anchor = None
    checkpoint = None
    dropped = 0
    if data["version"] >= 2:
        floor = data["undo"]["floor"]
        raw_anchor = data["undo"]["anchor"]
        if raw_anchor is None:
            raw_anchor = data["snapshot"]
        _state_from(rs, raw_anchor, where, "undo.anchor")  # checked now, not at the first undo
        anchor = dumps(raw_anchor)
        if data["snapshot_at"] > floor:  # the saved state serves as the undo checkpoint, as it did live
            checkpoint = (data["snapshot_at"], dumps(data["snapshot"]))
        dropped = data["log_dropped"] + max(0, len(data["log"]) - LOG_KEEP)
    match = Match._restored(data["ruleset"], level, seats, data["seed"], state, actions, lines,
                            floor=floor, anchor=anchor, log_dropped=dropped, checkpoint=checkpoint)
    match._origin = info
    branch = data.get("branch")
    match.branch = dict(branch) if branch is not None else None
    return match


def load_save(path: Path | str) -> dict[str, Any]:
    """Read and check a save file (any version) into materialized data; SaveError naming the file and field."""
    journal.flush()
    return read_save(Path(path), display_path(path))[0]


def load_match(path: Path | str) -> Any:
    """Load a save file into a Match (no replay of the game); SaveError otherwise."""
    journal.flush()
    where = display_path(path)
    data, info = read_save(Path(path), where)  # checked while reading
    return match_from_save(data, where, info, checked=True)


def load_match_or_backup(path: Path | str) -> Loaded:
    """Load a save, or its ``.bak`` when the save itself is unusable; SaveError when both fail."""
    path = Path(path)
    try:
        return Loaded(load_match(path), path, False, None)
    except SaveError as exc:
        first = exc
    bak = backup_path(path)
    if not bak.exists():
        raise first
    try:
        match = load_match(bak)
    except SaveError as exc:
        raise SaveError(display_path(path), "", f"unusable, and so is its backup ({first.message}; backup: {exc})") from None
    log.warning("%s: using the backup: %s", display_path(path), first)
    return Loaded(match, bak, True, str(first))


# --- listing ------------------------------------------------------------------------------------

def summary_of(data: dict[str, Any]) -> dict[str, Any]:
    """Return what a save list shows: ruleset, level id and title, seats, turn count, saved_at."""
    level = data["level"]
    title = level["data"].get("title", level["id"])
    return {
        "ruleset": data["ruleset"],
        "level_id": level["id"],
        "level_title": localize(title) or level["id"],
        "seats": [s["name"] for s in data["seats"]],
        "seat_kinds": [s.get("kind", "human") for s in data["seats"]],
        "turns": len(data["actions"]),
        "saved_at": data["saved_at"],
    }


def _listed(path: Path) -> dict[str, Any]:
    """The summary of one file: its first line and last record (version 2) or the whole file (version 1)."""
    where = display_path(path)
    summary = read_summary(path, where)
    if summary is None:
        return summary_of(load_save(path))
    try:
        title = localize(summary.get("level_title")) or str(summary.get("level_id", "?"))
    except Exception:  # noqa: BLE001 - a damaged title is still listed
        title = str(summary.get("level_id", "?"))
    return {"ruleset": str(summary.get("ruleset", "?")), "level_id": str(summary.get("level_id", "?")),
            "level_title": title, "seats": [str(s) for s in summary.get("seats", [])][:8],
            "seat_kinds": [str(s) for s in summary.get("seat_kinds", [])][:8],
            "turns": summary.get("turns", 0), "saved_at": str(summary.get("saved_at", ""))}


def list_saves() -> list[tuple[Path, dict[str, Any]]]:
    """Return every save in the saves folder (autosave first) with its summary; broken ones carry ``error``.

    A save of which only ``<name>.bak`` is left is listed under ``<name>`` with ``only_backup``
    (``open_checked`` opens the backup).

    Reads each file's summary line and last record only (docs/SAVES.md): a file damaged further in
    is listed, and refused when it is opened (then its backup is offered).
    """
    folder = paths.saves_dir()
    if not folder.is_dir():
        return []
    journal.flush()
    files = sorted(p for p in folder.glob("*.json") if not p.name.startswith(".") and p.is_file())
    # a game left only in its backup (a crash on a file system without hard links) is listed under its name
    files += [p for p in (b.with_name(b.name[:-4]) for b in folder.glob("*.json.bak")
                          if not b.name.startswith(".") and b.is_file()) if not p.exists()]
    files.sort(key=lambda p: (p.name != autosave_path().name, p.name))
    out: list[tuple[Path, dict[str, Any]]] = []
    for p in files:
        only_backup = not p.exists()
        try:
            out.append((p, dict(_listed(backup_path(p) if only_backup else p), ok=True, only_backup=only_backup)))
        except SaveError as exc:
            out.append((p, {"ok": False, "error": str(exc), "backup": not only_backup and backup_path(p).exists(),
                            "only_backup": only_backup}))
    return out


# --- replay -------------------------------------------------------------------------------------

def replay(data: dict[str, Any], where: str = "save") -> tuple[GameState | None, str, list[str]]:
    """Rebuild a saved game from level + seed + seats + actions; return (state, digest, problems).

    Every action is checked to be legal for the seat to act, invariants are checked after each,
    and the final digest is compared with the saved state's. ``problems`` is empty when all is well.
    """
    check_save(data, where)
    problems: list[str] = []
    rs = _ruleset_of(data, where)
    level = _level_from_save(data, where)
    seats = [SeatSpec.from_json(s) for s in data["seats"]]
    try:
        state = rs.new_game(level, seats, data["seed"])
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        return None, "", [f"new_game failed: {type(exc).__name__}: {exc}"]
    for i, (seat, raw) in enumerate(data["actions"]):
        action = Action.from_json(raw)
        actor = state.to_act()
        if actor != seat:
            problems.append(f"actions[{i}]: saved for seat {seat} but seat {actor} is to act")
            break
        try:
            state.apply(action)
        except Exception as exc:  # noqa: BLE001 - IllegalAction or a ruleset bug: both are findings
            problems.append(f"actions[{i}]: {action.key}: {type(exc).__name__}: {exc}")
            break
        for broken in state.invariants():
            problems.append(f"actions[{i}]: invariant: {broken}")
    digest = state.digest()
    snap = snapshot_digest(data)
    if not problems and digest != snap:
        problems.append(f"final state {digest} differs from the snapshot {snap}")
    return state, digest, problems


def snapshot_digest(data: dict[str, Any]) -> str:
    """Return the digest of the saved state (through the ruleset when it loads, else of the raw snapshot)."""
    try:
        return saved_state(data).digest()
    except Exception:  # noqa: BLE001 - a broken snapshot still has a digest to compare
        return digest_of(data["snapshot"])
