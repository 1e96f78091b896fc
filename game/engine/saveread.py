"""Reading save files: version 1 (one JSON object) and version 2 (summary, head, journal).

``read_save(path, where)`` returns the materialized save data (the head with every journal
record applied, the shape ``Match.to_save`` returns) and a ``FileInfo`` saying where the
last complete record ends (an autosave that is continued appends there). A cut last line
(a kill or a power cut during an append) is ignored: the previous complete record is used.
Any other damage raises ``SaveError`` naming the file and the line or field; from version 3 a
line whose checksum does not match (``savefile.seal``) is damage. A leading UTF-8 byte-order
mark (a text editor's) is skipped. Only regular files are opened (a FIFO or a device would
block or never end).

``read_summary(path)`` is what the Load screen calls: the first line and the last record's
action count, never the whole file (a version-1 file is read whole: it has no summary).
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.engine import savefile
from game.engine.savefile import (
    LOG_KEEP,
    MAX_ACTIONS,
    SEALED_VERSION,
    SaveError,
    check_action_pair,
    check_log_line,
    check_save,
    check_version,
    is_int,
    unseal,
)

BOM = b"\xef\xbb\xbf"
DAMAGED = "damaged: its checksum does not match (the file was changed or damaged)"

_RECORD_N = re.compile(rb'^\{"n":(\d{1,9})[,}]')


@dataclass(frozen=True)
class FileInfo:
    """Where a read file's complete data ends, and its identity, so an autosave can go on appending."""

    path: str
    clean_len: int          # bytes up to the end of the last complete line
    size: int
    ino: int
    mtime_ns: int
    head_bytes: int         # line 2 (the compaction threshold compares the journal with it)
    journal_bytes: int      # complete records after the head
    base_n: int             # action count of the last full state written (snapshot or record state)
    torn: bool              # a cut last line was ignored
    n: int                  # actions in the save
    version: int = 2        # format version of the file (the journal appends only to sealed files)


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_json(text: str, where: str, what: str = "") -> Any:
    """Parse JSON text; SaveError saying truncated or corrupt (``what`` names the line)."""
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        rest = text[exc.pos:].rstrip()
        cut = exc.msg.startswith("Unterminated string") or (len(rest) <= 8 and not any(c in rest for c in "]},"))
        kind = "truncated (the save was cut short)" if cut else "corrupt"
        raise SaveError(where, what, f"{kind}: not valid JSON at line {exc.lineno} column {exc.colno}") from None
    except (ValueError, RecursionError) as exc:
        raise SaveError(where, what, f"corrupt: {exc if isinstance(exc, ValueError) else 'nested too deeply'}") \
            from None


def _decode(raw: bytes, where: str, what: str = "") -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise SaveError(where, what, "truncated (the save was cut short in the middle of a character)") from None
        raise SaveError(where, what, "not UTF-8 text: this is not a save file, or it is damaged") from None


def open_regular(path: Path, where: str) -> Any:
    """Open a file for reading in binary, refusing anything but a regular file (never blocks on a FIFO).

    SaveError when it is missing, not a regular file or unreadable.
    """
    try:
        if os.name == "nt":  # no O_NONBLOCK: look first (a named pipe there is not a path in a folder anyway)
            if not stat.S_ISREG(os.stat(path).st_mode):
                raise SaveError(where, "", "not a regular file")
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        else:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise SaveError(where, "", "file not found") from None
    except IsADirectoryError:
        raise SaveError(where, "", "not a regular file") from None
    except OSError as exc:
        raise SaveError(where, "", f"cannot be read ({exc.strerror or exc})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SaveError(where, "", "not a regular file")
        if os.name != "nt":
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def _read_bytes(path: Path, where: str) -> tuple[bytes, os.stat_result]:
    try:
        with open_regular(path, where) as fh:
            st = os.fstat(fh.fileno())
            raw = fh.read(savefile.MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise SaveError(where, "", f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > savefile.MAX_FILE_BYTES:
        raise SaveError(where, "", f"file too large (the limit is {savefile.MAX_FILE_BYTES} bytes)")
    if not raw.strip():
        raise SaveError(where, "", "empty file (the save was cut short)")
    return raw, st


def read_save(path: Path, where: str) -> tuple[dict[str, Any], FileInfo | None]:
    """Read a save file of any version into checked materialized data (and, for version 2, its FileInfo)."""
    raw, st = _read_bytes(path, where)
    start = len(BOM) if raw.startswith(BOM) else 0
    first_nl = raw.find(b"\n", start)
    first = raw[start:] if first_nl < 0 else raw[start:first_nl]
    if len(first) > savefile.MAX_SAVE_BYTES:
        raise SaveError(where, "", f"file too large (the limit is {savefile.MAX_SAVE_BYTES} bytes)")
    opened = unseal(first)
    top = parse_json(_decode(first if opened is None else opened, where), where)
    version = check_version(top, where)
    if version == 1 or "summary" not in top:  # version 1, or save data written as one JSON object
        if raw[start + len(first):].strip():
            raise SaveError(where, "", "corrupt: data after the save")
        return check_save(top, where), None
    sealed = version >= SEALED_VERSION
    if sealed and opened is None:
        raise SaveError(where, "summary", DAMAGED)
    if first_nl < 0:
        raise SaveError(where, "", "truncated (the save was cut short after its summary)")
    if set(top) != {"format", "version", "summary"} or not isinstance(top["summary"], dict):
        raise SaveError(where, "summary", "expected format, version and a summary table")
    head_end = raw.find(b"\n", first_nl + 1)
    if head_end < 0:
        raise SaveError(where, "", "truncated (the save was cut short in its head)")
    head = _line(raw[first_nl + 1:head_end], sealed, where, "head")
    if not isinstance(head, dict):
        raise SaveError(where, "head", "expected a table")
    data = {"format": top["format"], "version": version, **head}
    check_save(data, where)
    clean = raw.rfind(b"\n") + 1
    info = _apply_journal(data, raw, head_end + 1, clean, where, sealed)
    return data, FileInfo(str(path), clean, st.st_size, st.st_ino, st.st_mtime_ns, head_end - first_nl,
                          clean - head_end - 1, info, clean < len(raw), len(data["actions"]), version)


def _line(raw: bytes, sealed: bool, where: str, what: str) -> Any:
    """Parse one line of a version-2 file, or check and parse one sealed line of a version-3 file."""
    if sealed:
        opened = unseal(raw)
        if opened is None:
            raise SaveError(where, what, DAMAGED)
        raw = opened
    return parse_json(_decode(raw, where, what), where, what)


def _apply_journal(data: dict[str, Any], raw: bytes, start: int, end: int, where: str, sealed: bool) -> int:
    """Apply the complete records in ``raw[start:end]`` to the data; return the last full state's action count."""
    actions: list[Any] = data["actions"]
    lines: list[Any] = data["log"]
    n_seats = len(data["seats"])
    base_n = data["snapshot_at"]
    undo = data["undo"]
    if undo["anchor"] is None:
        undo["anchor"] = data["snapshot"]
    rid = data["ruleset"]
    pos, k = start, 0
    while pos < end:
        nl = raw.find(b"\n", pos, end)
        field = f"journal[{k}]"
        rec = _line(raw[pos:nl], sealed, where, field)
        pos, k = nl + 1, k + 1
        if not isinstance(rec, dict) or not is_int(rec.get("n")):
            raise SaveError(where, field, "expected a record starting with its action count n")
        n = rec["n"]
        if rec.get("undo") is True and set(rec) == {"n", "undo"}:
            if not undo["floor"] <= n <= len(actions):
                raise SaveError(where, f"{field}.n", f"undo to {n}: expected {undo['floor']} to {len(actions)}")
            del actions[n:]
            lines[:] = [ln for ln in lines if ln["index"] < n]
            if base_n > n:
                data["snapshot"], base_n = undo["anchor"], undo["floor"]
            continue
        if set(rec) - {"n", "seat", "action", "log", "state", "anchor"} or n != len(actions) + 1:
            raise SaveError(where, field, f"expected action record number {len(actions) + 1}")
        check_action_pair([rec.get("seat"), rec.get("action")], f"{field}.action", n_seats, where)
        log = rec.get("log")
        if not isinstance(log, list):
            raise SaveError(where, f"{field}.log", "expected a list of log lines")
        for i, line in enumerate(log):
            check_log_line(line, f"{field}.log[{i}]", n_seats, where)
        actions.append([rec["seat"], rec["action"]])
        lines.extend(log)
        if len(lines) > LOG_KEEP * 2:
            data["log_dropped"] += len(lines) - LOG_KEEP
            del lines[:len(lines) - LOG_KEEP]
        if "state" in rec:
            state = rec["state"]
            if not isinstance(state, dict) or state.get("ruleset") != rid:
                raise SaveError(where, f"{field}.state", f"expected a {rid} game state")
            data["snapshot"], base_n = state, n
            if rec.get("anchor") is True:
                undo["floor"], undo["anchor"] = n, state
        elif "anchor" in rec:
            raise SaveError(where, f"{field}.anchor", "an anchor needs its state")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(where, "journal", f"more than {MAX_ACTIONS} actions")
    if len(lines) > LOG_KEEP:
        data["log_dropped"] += len(lines) - LOG_KEEP
        del lines[:len(lines) - LOG_KEEP]
    data["snapshot_at"] = base_n
    return base_n


def _last_record_n(fh: Any, size: int, head_end: int) -> int | None:
    """Return the action count of the last complete journal record (reading from the end), None if none."""
    window = 16384
    while True:
        start = max(head_end, size - window)
        fh.seek(start)
        buf = fh.read(size - start)
        last = buf.rfind(b"\n")
        if last <= 0:
            return None
        prev = buf.rfind(b"\n", 0, last)
        if prev >= 0:
            m = _RECORD_N.match(buf[prev + 1:last])
            return int(m.group(1)) if m else None
        if start == head_end:
            m = _RECORD_N.match(buf[:last])
            return int(m.group(1)) if m else None
        window *= 4


def read_summary(path: Path, where: str) -> dict[str, Any] | None:
    """Return a version-2 save's summary from its first line and last record; None for a version-1 file."""
    try:
        with open_regular(path, where) as fh:
            st = os.fstat(fh.fileno())
            first = fh.readline(65536)
            if not first.endswith(b"\n"):
                return None
            line = first[len(BOM):-1] if first.startswith(BOM) else first[:-1]
            opened = unseal(line)
            top = parse_json(_decode(line if opened is None else opened, where), where)
            if not isinstance(top, dict) or top.get("version") == 1 or "summary" not in top:
                return None
            if check_version(top, where) >= SEALED_VERSION and opened is None:
                raise SaveError(where, "summary", DAMAGED)
            summary = top.get("summary")
            if not isinstance(summary, dict) or not is_int(summary.get("head_bytes")):
                raise SaveError(where, "summary", "expected a summary table with head_bytes")
            head_end = len(first) + summary["head_bytes"]
            if st.st_size < head_end:
                raise SaveError(where, "", "truncated (the save was cut short in its head)")
            n = _last_record_n(fh, st.st_size, head_end) if st.st_size > head_end else None
    except OSError as exc:
        raise SaveError(where, "", f"cannot be read ({exc.strerror or exc})") from None
    out = dict(summary)
    if n is not None:
        out["turns"] = n
        out["saved_at"] = datetime.fromtimestamp(st.st_mtime, timezone.utc).isoformat(timespec="seconds")
    return out
