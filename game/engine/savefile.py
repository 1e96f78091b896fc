"""The save file on disk: its lines, atomic writing, and checking it as untrusted data.

Version 2 (docs/SAVES.md) is JSON lines, each ending in a newline::

    line 1   {"format": "mesa-de-heroes-save", "version": 2, "summary": {..., "head_bytes": N}}
    line 2   the head: level, seed, seats, every action, the recent log, a state, the undo anchor
    line 3+  journal records, each starting {"n": <action count after it>, ...}: an action with its
             log lines (and, now and then, the state after it), or an undo back to n actions

From version 3 every line ends with a checksum of itself (``,"c":"<crc32>"}``, see ``seal``),
so a changed bit anywhere is found and the file is treated as damaged. A manual save is lines 1 and 2; the autosave appends records (game/engine/journal.py) and
is compacted into a fresh head now and then. Reading a file gives the *materialized* save
data (a dict: the head with the journal applied), the same shape ``Match.to_save`` returns;
``check_save`` checks that dict field by field. Versions 1 (one JSON object) and 2 (lines without
checksums) still load.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

from game.engine.actions import Action
from game.engine.i18n import LANGUAGES
from game.engine.limits import LOG_TEXT_CHARS
from game.engine.protocol import SeatSpec

SAVE_FORMAT = "mesa-de-heroes-save"
SAVE_VERSION = 3
#: the first version whose every line carries its checksum
SEALED_VERSION = 3
#: what ``seal`` appends in place of a line's closing brace: ,"c":"<8 hex digits>"}
SEAL_LEN = 16
_SEAL_OPEN = b',"c":"'
_HEX = frozenset(b"0123456789abcdef")
#: the largest line (the head, or one record); a whole journal file may hold up to MAX_FILE_BYTES
MAX_SAVE_BYTES = 16 * 1024 * 1024
MAX_FILE_BYTES = 48 * 1024 * 1024
MAX_ACTIONS = 200_000
MAX_LOG_LINES = 400_000
MAX_LOG_TEXT = LOG_TEXT_CHARS  # one declaration: game/engine/limits.py
MAX_SEATS = 8
#: how many log lines a match and a save keep (older ones are dropped and counted in ``log_dropped``)
LOG_KEEP = 2000
#: temp files older than this (seconds) are left-overs of a crash and may be removed
STALE_TEMP_SECONDS = 60.0
TOP_KEYS_V1 = ("format", "version", "app_version", "ruleset", "level", "seed", "seats", "actions",
               "snapshot", "log", "saved_at")
TOP_KEYS = ("format", "version", "app_version", "ruleset", "level", "seed", "seats", "actions",
            "snapshot", "snapshot_at", "undo", "log", "log_dropped", "saved_at")
#: keys a version-2 head may carry beside TOP_KEYS: ``branch`` (a game that went on from another's
#: position in the replay theatre: where it branched; docs/SAVES.md)
OPTIONAL_KEYS = ("branch",)
BRANCH_KEYS = ("at", "source_actions", "source_digest", "source_saved_at")
_IDENT = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,47}$")


class SaveError(ValueError):
    """A save that cannot be used; ``str()`` is ``file: field: what is wrong``."""

    def __init__(self, where: str, field: str, message: str) -> None:
        self.where = where
        self.field = field
        self.message = message
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")


def dumps(data: Any) -> str:
    """Compact JSON text keeping key order and non-ASCII letters (NaN refused)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# --- checksums ------------------------------------------------------------------------------------

def seal(line: bytes) -> bytes:
    """Return a JSON object's bytes (no newline) with its checksum as a last key: ``...,"c":"1a2b3c4d"}``.

    The CRC-32 covers every byte before the added key, so any changed bit is found.
    """
    body = line[:-1]
    if not line.endswith(b"}") or len(body) < 2:
        raise ValueError("seal: expected a non-empty JSON object")
    return body + b'%s%08x"}' % (_SEAL_OPEN, zlib.crc32(body))


def unseal(line: bytes) -> bytes | None:
    """Return a sealed line's JSON object without the checksum key, or None when the checksum is absent or wrong."""
    if len(line) < SEAL_LEN + 2 or line[-SEAL_LEN:-10] != _SEAL_OPEN or line[-2:] != b'"}':
        return None
    digits = line[-10:-2]
    if not _HEX.issuperset(digits):
        return None
    body = line[:-SEAL_LEN]
    if zlib.crc32(body) != int(digits, 16):
        return None
    return body + b"}"


# --- encoding ---------------------------------------------------------------------------------------

def summary_line(data: dict[str, Any], head_bytes: int) -> bytes:
    """Return line 1: what the Load screen shows, read without the rest of the file."""
    level = data["level"]
    title = level["data"].get("title", level["id"]) if isinstance(level.get("data"), dict) else level["id"]
    summary = {"ruleset": data["ruleset"], "level_id": level["id"], "level_title": title,
               "seats": [s["name"] for s in data["seats"]],
               "seat_kinds": [s.get("kind", "human") for s in data["seats"]],
               "turns": len(data["actions"]), "saved_at": data["saved_at"], "head_bytes": head_bytes}
    return seal(dumps({"format": SAVE_FORMAT, "version": SAVE_VERSION, "summary": summary}).encode("utf-8")) + b"\n"


def head_line(data: dict[str, Any], spliced: dict[str, str] | None = None) -> bytes:
    """Return line 2 from materialized save data; ``spliced`` gives keys whose JSON text is already made."""
    spliced = spliced or {}
    parts = []
    for key in TOP_KEYS[2:]:
        text = spliced[key] if key in spliced else dumps(data[key])
        parts.append(f'"{key}":{text}')
    for key in OPTIONAL_KEYS:
        if data.get(key) is not None:
            parts.append(f'"{key}":{dumps(data[key])}')
    return seal(("{" + ",".join(parts) + "}").encode("utf-8")) + b"\n"


def encode(data: dict[str, Any], spliced: dict[str, str] | None = None) -> bytes:
    """Return the bytes of a whole save (summary + head, no journal) for materialized data."""
    head = head_line(data, spliced)
    if len(head) > MAX_SAVE_BYTES:
        raise SaveError("save", "", f"save too large ({len(head)} bytes; the limit is {MAX_SAVE_BYTES})")
    return summary_line(data, len(head)) + head


# --- atomic writing ---------------------------------------------------------------------------------

def fsync_dir(folder: Path) -> None:
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


def remove_stale_temps(folder: Path, name: str) -> None:
    """Delete temp files a crash left behind for this save (only old ones: a writer may be busy)."""
    now = time.time()
    for p in folder.glob(f".{name}.*.tmp"):
        try:
            if now - p.stat().st_mtime > STALE_TEMP_SECONDS:
                p.unlink()
        except OSError:
            pass


def keep_backup(path: Path) -> None:
    """Make the current save the backup while the save itself stays in place (hard link), else move it."""
    bak = path.with_name(path.name + ".bak")
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


def make_temp(path: Path, payload: bytes) -> Path:
    """Write bytes to a fresh temp file beside ``path`` and fsync it; return the temp file."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(folder, path.name)
    fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        discard_temp(tmp)
        raise
    return tmp


def discard_temp(tmp: Path) -> None:
    """Remove a temp file (quietly)."""
    try:
        tmp.unlink()
    except OSError:
        pass


def install_temp(tmp: Path, path: Path, sync_dir: bool = True) -> None:
    """Keep the current ``path`` as ``.bak`` and rename the temp file over it."""
    try:
        if path.exists():
            keep_backup(path)
        os.replace(tmp, path)
    except BaseException:
        discard_temp(tmp)
        raise
    if sync_dir:
        fsync_dir(path.parent)


def write_atomic(path: Path, payload: bytes) -> None:
    """Write bytes atomically: temp file + fsync, previous file kept as ``.bak``, then rename."""
    install_temp(make_temp(path, payload), path)


# --- checking untrusted data ------------------------------------------------------------------------

def is_int(v: Any) -> bool:
    """True for an int that is not a bool."""
    return isinstance(v, int) and not isinstance(v, bool)


def _check_text_table(value: Any, where: str, field: str) -> None:
    if not isinstance(value, dict):
        raise SaveError(where, field, "expected a table of texts by language")
    for k, v in value.items():
        if k not in LANGUAGES:
            raise SaveError(where, field, f"unknown language {k!r} (expected {', '.join(LANGUAGES)})")
        if not isinstance(v, str) or len(v) > MAX_LOG_TEXT:
            raise SaveError(where, f"{field}.{k}", f"expected a text of at most {MAX_LOG_TEXT} characters")


def check_log_line(line: Any, field: str, n_seats: int, where: str) -> None:
    """Check one log line's data (``field`` names it in errors)."""
    if not isinstance(line, dict):
        raise SaveError(where, field, "expected a table")
    unknown = set(line) - {"index", "seat", "kind", "text", "private_to", "private_text", "auto"}
    if unknown:
        raise SaveError(where, f"{field}.{sorted(unknown)[0]}", "unknown key")
    if not is_int(line.get("index")) or line["index"] < 0:
        raise SaveError(where, f"{field}.index", "expected a whole number of at least 0")
    seat = line.get("seat")
    if seat is not None and (not is_int(seat) or not 0 <= seat < n_seats):
        raise SaveError(where, f"{field}.seat", f"expected a seat from 0 to {n_seats - 1} or null")
    if line.get("kind") not in ("action", "event", "system"):
        raise SaveError(where, f"{field}.kind", "expected action, event or system")
    _check_text_table(line.get("text"), where, f"{field}.text")
    private = line.get("private_to")
    if private is not None and (not is_int(private) or not 0 <= private < n_seats):
        raise SaveError(where, f"{field}.private_to", f"expected a seat from 0 to {n_seats - 1}")
    if line.get("private_text") is not None:
        _check_text_table(line["private_text"], where, f"{field}.private_text")
    if "auto" in line and not isinstance(line["auto"], bool):
        raise SaveError(where, f"{field}.auto", "expected true or false")


def check_action_pair(pair: Any, field: str, n_seats: int, where: str) -> None:
    """Check one ``[seat, action]`` pair."""
    if not isinstance(pair, list) or len(pair) != 2:
        raise SaveError(where, field, "expected [seat, action]")
    if not is_int(pair[0]) or not 0 <= pair[0] < n_seats:
        raise SaveError(where, f"{field}[0]", f"expected a seat from 0 to {n_seats - 1}")
    try:
        Action.from_json(pair[1])
    except ValueError as exc:
        raise SaveError(where, f"{field}[1]", str(exc)) from None


def check_version(data: Any, where: str) -> int:
    """Check format and version of a save object; return the version."""
    if not isinstance(data, dict):
        raise SaveError(where, "", "not a Mesa de Héroes save (expected a JSON object)")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        got = "missing" if fmt is None else repr(fmt)[:60]
        raise SaveError(where, "format", f"not a Mesa de Héroes save (format is {got}, expected {SAVE_FORMAT!r})")
    version: Any = data.get("version")
    if not is_int(version) or version < 1:
        raise SaveError(where, "version", f"expected a save format version (1 or more), got {version!r}"[:200])
    if version > SAVE_VERSION:
        raise SaveError(where, "version", f"made by a newer version of the program (save format {version}; "
                                          f"this program reads up to {SAVE_VERSION}): update the program")
    return version


def _check_level(level: Any, rid: str, where: str) -> None:
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


def _check_seats(seats: Any, where: str) -> None:
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
        if set(s) - {"name", "kind", "difficulty", "choice"}:  # choice: a hero, faction or deck
            raise SaveError(where, f"seats[{i}]", "unknown key")


def _check_state(value: Any, rid: str, where: str, field: str) -> None:
    if not isinstance(value, dict):
        raise SaveError(where, field, "expected the game state as a table")
    if value.get("ruleset") != rid:
        raise SaveError(where, f"{field}.ruleset", f"expected {rid!r} like the save, got {value.get('ruleset')!r}"[:200])


def check_branch(branch: Any, n_actions: int, where: str) -> None:
    """Check a save's ``branch`` note: the source game's first ``at`` actions are this game's first ones."""
    if not isinstance(branch, dict):
        raise SaveError(where, "branch", "expected a table")
    for key in branch:
        if key not in BRANCH_KEYS:
            raise SaveError(where, f"branch.{str(key)[:40]}", "unknown key")
    for key in BRANCH_KEYS:
        if key not in branch:
            raise SaveError(where, f"branch.{key}", "required field is missing")
    if not is_int(branch["at"]) or not 0 <= branch["at"] <= n_actions:
        raise SaveError(where, "branch.at", f"expected a whole number from 0 to {n_actions}")
    if not is_int(branch["source_actions"]) or not branch["at"] <= branch["source_actions"] <= MAX_ACTIONS:
        raise SaveError(where, "branch.source_actions", "expected a whole number of at least branch.at")
    if not isinstance(branch["source_digest"], str) or not re.fullmatch(r"[0-9a-f]{16}", branch["source_digest"]):
        raise SaveError(where, "branch.source_digest", "expected 16 hexadecimal digits")
    if not isinstance(branch["source_saved_at"], str) or len(branch["source_saved_at"]) > 64:
        raise SaveError(where, "branch.source_saved_at", "expected a date and time text")


def check_save(data: Any, where: str = "save") -> dict[str, Any]:
    """Check every field of materialized save data (not yet the rules state); return it or raise SaveError."""
    version = check_version(data, where)
    keys = TOP_KEYS_V1 if version == 1 else TOP_KEYS
    for key in data:
        if key not in keys and (version == 1 or key not in OPTIONAL_KEYS):
            raise SaveError(where, str(key)[:60], "unknown key")
    for key in keys:
        if key not in data:
            raise SaveError(where, key, "required field is missing")
    if not isinstance(data["app_version"], str) or len(data["app_version"]) > 40:
        raise SaveError(where, "app_version", "expected a short text")
    if not isinstance(data["saved_at"], str) or len(data["saved_at"]) > 64:
        raise SaveError(where, "saved_at", "expected a date and time text")
    rid = data["ruleset"]
    if not isinstance(rid, str) or not _IDENT.match(rid):
        raise SaveError(where, "ruleset", "expected a ruleset id")
    _check_level(data["level"], rid, where)
    seed = data["seed"]
    if not is_int(seed) or abs(seed) >= 1 << 64:
        raise SaveError(where, "seed", "expected a whole number")
    _check_seats(data["seats"], where)
    n_seats = len(data["seats"])
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError(where, "actions", f"expected a list of at most {MAX_ACTIONS} actions")
    for i, pair in enumerate(actions):
        check_action_pair(pair, f"actions[{i}]", n_seats, where)
    _check_state(data["snapshot"], rid, where, "snapshot")
    lines = data["log"]
    if not isinstance(lines, list) or len(lines) > MAX_LOG_LINES:
        raise SaveError(where, "log", f"expected a list of at most {MAX_LOG_LINES} lines")
    for i, line in enumerate(lines):
        check_log_line(line, f"log[{i}]", n_seats, where)
    if data.get("branch") is not None:
        check_branch(data["branch"], len(actions), where)
    if version >= 2:
        at = data["snapshot_at"]
        if not is_int(at) or not 0 <= at <= len(actions):
            raise SaveError(where, "snapshot_at", f"expected a whole number from 0 to {len(actions)}")
        if not is_int(data["log_dropped"]) or data["log_dropped"] < 0:
            raise SaveError(where, "log_dropped", "expected a whole number of at least 0")
        undo = data["undo"]
        if not isinstance(undo, dict) or set(undo) != {"floor", "anchor"}:
            raise SaveError(where, "undo", "expected a table with floor and anchor")
        if not is_int(undo["floor"]) or not 0 <= undo["floor"] <= len(actions):
            raise SaveError(where, "undo.floor", f"expected a whole number from 0 to {len(actions)}")
        if undo["anchor"] is None:
            if undo["floor"] != at:
                raise SaveError(where, "undo.anchor", "null only when the floor is the snapshot's point")
        else:
            _check_state(undo["anchor"], rid, where, "undo.anchor")
    return data
