"""The save format: writing saves atomically, loading them as untrusted data, replaying them.

A save is one UTF-8 JSON object (docs/SAVES.md)::

    {"format": "mesa-de-heroes-save", "version": 1, "app_version": "0.1.0",
     "ruleset": "dungeon", "level": {"id", "source", "content_hash", "data"},
     "seed": 7, "seats": [SeatSpec json], "actions": [[seat, action json], ...],
     "snapshot": state.to_json(), "log": [log line json], "saved_at": "2026-..."}

The snapshot is authoritative (loading is fast and does not depend on the rules
replaying identically); the level is rebuilt from the embedded data, so a save
survives its level file changing or disappearing; level + seed + seats + actions
let ``replay`` rebuild the game and check it against the snapshot.

Writes are atomic: a temp file in the same folder is written, flushed and
fsynced, the previous save is kept as ``<name>.bak``, then the temp file
replaces the save. Loading never modifies or deletes a file; any problem is a
``SaveError`` naming the file and the field.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

from game.engine import paths
from game.engine.actions import Action
from game.engine.i18n import LANGUAGES, localize
from game.engine.levels import Level, LevelError
from game.engine.protocol import GameState, SeatSpec, StateError, digest_of

log = logging.getLogger(__name__)

SAVE_FORMAT = "mesa-de-heroes-save"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024
MAX_ACTIONS = 200_000
MAX_LOG_LINES = 400_000
MAX_LOG_TEXT = 2000
MAX_SEATS = 8
#: temp files older than this (seconds) are left-overs of a crash and may be removed
STALE_TEMP_SECONDS = 60.0
TOP_KEYS = ("format", "version", "app_version", "ruleset", "level", "seed", "seats", "actions",
            "snapshot", "log", "saved_at")
_IDENT = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,47}$")
_FIELD_FIRST = re.compile(r"^[A-Za-z_][\w.\[\]]*:\s")


class SaveError(ValueError):
    """A save that cannot be used; ``str()`` is ``file: field: what is wrong``."""

    def __init__(self, where: str, field: str, message: str) -> None:
        self.where = where
        self.field = field
        self.message = message
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")


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

def _fsync_dir(folder: Path) -> None:
    """Make a rename durable where the platform allows it (not on Windows)."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _remove_stale_temps(folder: Path, name: str) -> None:
    """Delete temp files a crash left behind for this save (only old ones: a writer may be busy)."""
    now = time.time()
    for p in folder.glob(f".{name}.*.tmp"):
        try:
            if now - p.stat().st_mtime > STALE_TEMP_SECONDS:
                p.unlink()
        except OSError:
            pass


def write_save(path: Path | str, data: dict[str, Any]) -> None:
    """Write save data atomically: temp file + fsync, previous file kept as ``.bak``, then rename."""
    path = Path(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")
    if len(payload) > MAX_SAVE_BYTES:
        raise SaveError(display_path(path), "", f"save too large ({len(payload)} bytes; the limit is {MAX_SAVE_BYTES})")
    _remove_stale_temps(folder, path.name)
    fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            _keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise
    _fsync_dir(folder)


def _keep_backup(path: Path) -> None:
    """Make the current save the backup while the save itself stays in place (hard link), else move it."""
    bak = backup_path(path)
    link = path.with_name(f".{path.name}.{os.getpid()}.bak.tmp")
    try:
        try:
            link.unlink()
        except FileNotFoundError:
            pass
        os.link(path, link)
        os.replace(link, bak)
    except OSError:
        # no hard links here (some file systems): fall back to moving the file; the window in which
        # only the backup exists is covered by load_match_or_backup
        try:
            link.unlink()
        except OSError:
            pass
        os.replace(path, bak)


def save_match(match: Any, path: Path | str) -> None:
    """Save a match atomically to ``path``."""
    write_save(path, match.to_save())


def autosave(match: Any) -> Path:
    """Save a match to the autosave file (after every action; OSError when the disk refuses) and return its path."""
    path = autosave_path()
    save_match(match, path)
    return path


# --- checking untrusted data --------------------------------------------------------------------

def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _read_json(path: Path, where: str) -> Any:
    """Read one JSON file with the size cap; SaveError for missing, huge, binary or broken files."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(where, "", "file not found") from None
    except IsADirectoryError:
        raise SaveError(where, "", "not a file") from None
    except OSError as exc:
        raise SaveError(where, "", f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(where, "", f"file too large (the limit is {MAX_SAVE_BYTES} bytes)")
    if not raw.strip():
        raise SaveError(where, "", "empty file (the save was cut short)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise SaveError(where, "", "truncated (the save was cut short in the middle of a character)") from None
        raise SaveError(where, "", "not UTF-8 text: this is not a save file, or it is damaged") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        rest = text[exc.pos:].rstrip()
        cut = exc.msg.startswith("Unterminated string") or (len(rest) <= 8 and not any(c in rest for c in "]},"))
        what = "truncated (the save was cut short)" if cut else "corrupt"
        raise SaveError(where, "", f"{what}: not valid JSON at line {exc.lineno} column {exc.colno}") from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(where, "", f"corrupt: {exc if isinstance(exc, ValueError) else 'nested too deeply'}") from None


def _check_text_table(value: Any, where: str, field: str) -> None:
    if not isinstance(value, dict):
        raise SaveError(where, field, "expected a table of texts by language")
    for k, v in value.items():
        if k not in LANGUAGES:
            raise SaveError(where, field, f"unknown language {k!r} (expected {', '.join(LANGUAGES)})")
        if not isinstance(v, str) or len(v) > MAX_LOG_TEXT:
            raise SaveError(where, f"{field}.{k}", f"expected a text of at most {MAX_LOG_TEXT} characters")


def _check_log_line(line: Any, i: int, n_seats: int, where: str) -> None:
    field = f"log[{i}]"
    if not isinstance(line, dict):
        raise SaveError(where, field, "expected a table")
    unknown = set(line) - {"index", "seat", "kind", "text", "private_to", "private_text", "auto"}
    if unknown:
        raise SaveError(where, f"{field}.{sorted(unknown)[0]}", "unknown key")
    if not _is_int(line.get("index")) or line["index"] < 0:
        raise SaveError(where, f"{field}.index", "expected a whole number of at least 0")
    seat = line.get("seat")
    if seat is not None and (not _is_int(seat) or not 0 <= seat < n_seats):
        raise SaveError(where, f"{field}.seat", f"expected a seat from 0 to {n_seats - 1} or null")
    if line.get("kind") not in ("action", "event", "system"):
        raise SaveError(where, f"{field}.kind", "expected action, event or system")
    _check_text_table(line.get("text"), where, f"{field}.text")
    private = line.get("private_to")
    if private is not None and (not _is_int(private) or not 0 <= private < n_seats):
        raise SaveError(where, f"{field}.private_to", f"expected a seat from 0 to {n_seats - 1}")
    if line.get("private_text") is not None:
        _check_text_table(line["private_text"], where, f"{field}.private_text")
    if "auto" in line and not isinstance(line["auto"], bool):
        raise SaveError(where, f"{field}.auto", "expected true or false")


def check_save(data: Any, where: str = "save") -> dict[str, Any]:
    """Check every field of save data (not yet the rules state); return it or raise SaveError."""
    if not isinstance(data, dict):
        raise SaveError(where, "", "not a Mesa de Héroes save (expected a JSON object)")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        got = "missing" if fmt is None else repr(fmt)[:60]
        raise SaveError(where, "format", f"not a Mesa de Héroes save (format is {got}, expected {SAVE_FORMAT!r})")
    version = data.get("version")
    if not _is_int(version) or version < 1:
        raise SaveError(where, "version", f"expected a save format version (1 or more), got {version!r}"[:200])
    if version > SAVE_VERSION:
        raise SaveError(where, "version", f"made by a newer version of the program (save format {version}; "
                                          f"this program reads up to {SAVE_VERSION}): update the program")
    for key in data:
        if key not in TOP_KEYS:
            raise SaveError(where, str(key)[:60], "unknown key")
    for key in TOP_KEYS:
        if key not in data:
            raise SaveError(where, key, "required field is missing")
    if not isinstance(data["app_version"], str) or len(data["app_version"]) > 40:
        raise SaveError(where, "app_version", "expected a short text")
    if not isinstance(data["saved_at"], str) or len(data["saved_at"]) > 64:
        raise SaveError(where, "saved_at", "expected a date and time text")
    rid = data["ruleset"]
    if not isinstance(rid, str) or not _IDENT.match(rid):
        raise SaveError(where, "ruleset", "expected a ruleset id")
    level = data["level"]
    if not isinstance(level, dict):
        raise SaveError(where, "level", "expected a table with id, source, content_hash and data")
    for key in level:
        if key not in ("id", "source", "content_hash", "data"):
            raise SaveError(where, f"level.{str(key)[:60]}", "unknown key")
    if not isinstance(level.get("id"), str) or not _IDENT.match(level["id"]):
        raise SaveError(where, "level.id", "expected a level id")
    if level.get("source") not in ("shipped", "mod", "inline"):
        raise SaveError(where, "level.source", "expected shipped, mod or inline")
    if not isinstance(level.get("content_hash"), str) or len(level["content_hash"]) > 64:
        raise SaveError(where, "level.content_hash", "expected a short text")
    if not isinstance(level.get("data"), dict):
        raise SaveError(where, "level.data", "expected the level's data as a table")
    if level["data"].get("ruleset") != rid:
        raise SaveError(where, "level.data.ruleset", f"expected {rid!r} like the save")
    seed = data["seed"]
    if not _is_int(seed) or abs(seed) >= 1 << 64:
        raise SaveError(where, "seed", "expected a whole number")
    seats = data["seats"]
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise SaveError(where, "seats", f"expected a list of 1 to {MAX_SEATS} seats")
    for i, s in enumerate(seats):
        try:
            SeatSpec.from_json(s)
        except ValueError as exc:
            msg = str(exc)
            field, _, rest = msg.partition(": ")
            raise SaveError(where, f"seats[{i}]{field[4:]}" if field.startswith("seat") else f"seats[{i}]",
                            rest or msg) from None
        if set(s) - {"name", "kind", "difficulty"}:
            raise SaveError(where, f"seats[{i}]", "unknown key")
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError(where, "actions", f"expected a list of at most {MAX_ACTIONS} actions")
    for i, pair in enumerate(actions):
        if not isinstance(pair, list) or len(pair) != 2:
            raise SaveError(where, f"actions[{i}]", "expected [seat, action]")
        if not _is_int(pair[0]) or not 0 <= pair[0] < len(seats):
            raise SaveError(where, f"actions[{i}][0]", f"expected a seat from 0 to {len(seats) - 1}")
        try:
            Action.from_json(pair[1])
        except ValueError as exc:
            raise SaveError(where, f"actions[{i}][1]", str(exc)) from None
    snapshot = data["snapshot"]
    if not isinstance(snapshot, dict):
        raise SaveError(where, "snapshot", "expected the game state as a table")
    if snapshot.get("ruleset") != rid:
        raise SaveError(where, "snapshot.ruleset", f"expected {rid!r} like the save, got {snapshot.get('ruleset')!r}"[:200])
    lines = data["log"]
    if not isinstance(lines, list) or len(lines) > MAX_LOG_LINES:
        raise SaveError(where, "log", f"expected a list of at most {MAX_LOG_LINES} lines")
    for i, line in enumerate(lines):
        _check_log_line(line, i, len(seats), where)
    return data


def _state_error(where: str, exc: Exception) -> SaveError:
    """Word a from_json failure as ``file: snapshot.field: message``."""
    msg = str(exc) or type(exc).__name__
    if _FIELD_FIRST.match(msg):
        field, _, rest = msg.partition(": ")
        return SaveError(where, f"snapshot.{field}", rest)
    return SaveError(where, "snapshot", msg)


def _level_from_save(data: dict[str, Any], where: str) -> Level:
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


def _state_from_snapshot(rs: Any, snapshot: dict[str, Any], where: str) -> GameState:
    try:
        return rs.from_json(snapshot)
    except StateError as exc:
        raise _state_error(where, exc) from None
    except Exception as exc:  # noqa: BLE001 - from_json should raise StateError; never crash on a save
        log.warning("%s: %s.from_json raised %s instead of StateError", where, rs.id, type(exc).__name__)
        raise _state_error(where, exc) from None


def match_from_save(data: Any, where: str = "save") -> Any:
    """Rebuild a Match from save data (checked here); SaveError naming ``where`` and the field."""
    from game.engine.match import LogLine, Match

    check_save(data, where)
    rs = _ruleset_of(data, where)
    level = _level_from_save(data, where)
    seats = [SeatSpec.from_json(s) for s in data["seats"]]
    state = _state_from_snapshot(rs, data["snapshot"], where)
    n_names = len(getattr(state, "seat_names", seats))
    if n_names != len(seats):
        raise SaveError(where, "seats", f"{len(seats)} seats but the snapshot has {n_names}")
    actions = [(seat, Action.from_json(a)) for seat, a in data["actions"]]
    lines = [LogLine.from_json(line) for line in data["log"]]
    return Match._restored(data["ruleset"], level, seats, data["seed"], state, actions, lines)


# --- loading files ------------------------------------------------------------------------------

def load_save(path: Path | str) -> dict[str, Any]:
    """Read and check a save file; SaveError naming the file and field when it is missing, cut, corrupt, foreign or too new."""
    where = display_path(path)
    return check_save(_read_json(Path(path), where), where)


def load_match(path: Path | str) -> Any:
    """Load a save file into a Match (the snapshot is authoritative); SaveError otherwise."""
    where = display_path(path)
    return match_from_save(_read_json(Path(path), where), where)


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


def list_saves() -> list[tuple[Path, dict[str, Any]]]:
    """Return every save in the saves folder (autosave first) with its summary; broken ones carry ``error``."""
    folder = paths.saves_dir()
    if not folder.is_dir():
        return []
    files = sorted(p for p in folder.glob("*.json") if not p.name.startswith(".") and p.is_file())
    files.sort(key=lambda p: (p.name != autosave_path().name, p.name))
    out: list[tuple[Path, dict[str, Any]]] = []
    for p in files:
        try:
            out.append((p, dict(summary_of(load_save(p)), ok=True)))
        except SaveError as exc:
            out.append((p, {"ok": False, "error": str(exc), "backup": backup_path(p).exists()}))
    return out


# --- replay -------------------------------------------------------------------------------------

def replay(data: dict[str, Any], where: str = "save") -> tuple[GameState | None, str, list[str]]:
    """Rebuild a saved game from level + seed + seats + actions; return (state, digest, problems).

    Every action is checked to be legal for the seat to act, invariants are checked after each,
    and the final digest is compared with the snapshot's. ``problems`` is empty when all is well.
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
    """Return the digest of the saved snapshot (through the ruleset when it loads, else of the raw data)."""
    rs = _ruleset_of(data, "save")
    try:
        return rs.from_json(data["snapshot"]).digest()
    except Exception:  # noqa: BLE001 - a broken snapshot still has a digest to compare
        return digest_of(data["snapshot"])
