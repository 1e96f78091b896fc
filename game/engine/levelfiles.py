"""Reading level files safely: size caps, UTF-8, bounded nesting, includes kept inside their folder.

``load_merged`` reads a level file and merges the shared files it includes (relative
to the including file, or ``shipped:`` from the shipped levels folder), refusing
absolute paths, paths or links leaving the root folder, cycles, and too many or too
large files. Parsed files come from the level catalogue (``game/engine/catalogue.py``),
which re-reads a file only when its modification time or size changed, and which
is told every file a level read so it can tell when the level must be loaded again.
"""

from __future__ import annotations

import logging
import os
import re
import stat as _stat
import tomllib
from pathlib import Path
from typing import Any

from game.engine import catalogue, paths
from game.engine.levelerrors import MAX_DEPTH, LevelError, _check_data, _short
from game.engine.levelwords import Msg, prefixed, toml_reason

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 256 * 1024      # one level or shared file
MAX_TOTAL_BYTES = 1024 * 1024    # a level and everything it includes
MAX_INCLUDE_DEPTH = 4
MAX_INCLUDED_FILES = 32
SHIPPED_PREFIX = "shipped:"      # include a shared file of the shipped levels folder


_BASES: dict[tuple[str | None, str | None], tuple[Path, Path]] = {}


def bases() -> tuple[Path, Path]:
    """Return (shipped levels folder, mods folder), remembered per ``MESA_RESOURCES``/``MESA_HOME`` setting."""
    key = (os.environ.get("MESA_RESOURCES"), os.environ.get("MESA_HOME"))
    found = _BASES.get(key)
    if found is None:
        found = _BASES[key] = (paths.levels_dir(), paths.mods_dir())
    return found


def _display(path: Path) -> str:
    """A short, recognisable form of a path for messages (relative to mods, levels or here)."""
    path = Path(path)
    levels_dir, mods_dir = bases()
    for base, label in ((mods_dir, "mods"), (levels_dir, "levels")):
        try:
            return f"{label}/{path.absolute().relative_to(base.absolute()).as_posix()}"
        except (ValueError, OSError):
            continue
    try:
        return path.absolute().relative_to(Path.cwd()).as_posix()
    except (ValueError, OSError):
        return path.as_posix()


_TOKENS = re.compile(r'#[^\n]*|"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|[\[\]{}]')


def _bracket_depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings and comments (tomllib recurses on it)."""
    depth = best = 0
    for m in _TOKENS.finditer(text):
        tok = m.group()
        if tok in ("[", "{"):
            depth += 1
            best = max(best, depth)
        elif tok in ("]", "}"):
            depth = max(0, depth - 1)
    return best


def _odd_number(exc: ValueError) -> str:
    """A short line for a number TOML could not read (no Python advice about ``sys`` settings)."""
    m = re.search(r"value has (\d+) digits", str(exc))
    if m:
        return f"not valid TOML: a number of {m.group(1)} digits (numbers in level files are small)"
    return f"not valid TOML: {str(exc)[:200]}"


def _toml_error(exc: tomllib.TOMLDecodeError) -> str:
    """The parser's complaint as ``line 3, column 5: not valid TOML: <reason>`` (a ``Msg``: it is translated)."""
    msg = str(exc)
    m = re.match(r"^(.*) \(at line (\d+), column (\d+)\)$", msg, re.S)
    if m:
        return Msg("levelerr.toml_at", line=m.group(2), column=m.group(3), reason=toml_reason(m.group(1)))
    m = re.match(r"^(.*) \(at end of document\)$", msg, re.S)
    if m:
        return Msg("levelerr.toml_end", reason=toml_reason(m.group(1)))
    return f"not valid TOML: {msg}"


def _inside(real: Path, root: Path) -> bool:
    try:
        real.relative_to(root.resolve())
        return True
    except (ValueError, OSError):
        return False

def _parse_toml(raw: bytes, where: str) -> dict[str, Any]:
    if b"\x00" in raw:
        raise LevelError(where, ["binary data (NUL bytes): not a TOML text file"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise LevelError(where, [Msg("levelerr.utf8", line=line)]) from None
    if text.startswith("\ufeff"):
        text = text[1:]  # editors on Windows like to add a byte-order mark
    if _bracket_depth(text) > MAX_DEPTH:
        raise LevelError(where, [f"nested too deeply (more than {MAX_DEPTH} levels of [ ] and {{ }})"])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LevelError(where, [_toml_error(exc)]) from None
    except RecursionError:
        raise LevelError(where, [Msg("levelerr.too_deep", depth=MAX_DEPTH)]) from None
    except ValueError as exc:  # tomllib raises plain ValueError on some odd numbers
        raise LevelError(where, [_odd_number(exc)]) from None
    problems: list[str] = []
    _check_data(data, "", 0, problems)
    if problems:
        raise LevelError(where, problems)
    return data


def read_toml(path: Path, root: Path, where: str) -> dict[str, Any]:
    """Read one TOML file safely (inside ``root``, capped, UTF-8, bounded nesting); parsed once per version."""
    return _read(Path(path), Path(root), where)[0]


def _read(path: Path, root: Path, where: str) -> tuple[dict[str, Any], Path, int]:
    """``read_toml`` returning also the file's real path and size."""
    real, st = _checked_file(path, root, where, MAX_FILE_BYTES)
    data = catalogue.parsed_file(real, catalogue.stamp_of(st), where,
                                 lambda: _read_capped(real, where, MAX_FILE_BYTES),
                                 lambda raw: _parse_toml(raw, where))
    return data, real, st.st_size


def _checked_file(path: Path, root: Path, where: str, cap: int) -> tuple[Path, os.stat_result]:
    """Return the real path and stat of a regular file that resolves inside ``root`` and is at most ``cap`` bytes."""
    try:
        real = path.resolve(strict=True)
        if real != path.absolute():
            catalogue.note_path(path)  # reached through a link: a retargeted link is a change
    except (OSError, RuntimeError):
        catalogue.note_path(path)  # creating it later is a change
        raise LevelError(where, [Msg("levelerr.not_found")]) from None
    if not _inside(real, root):
        raise LevelError(where, [f"the file leaves its folder ({root.name}/) through a link: refused"])
    try:
        st = real.stat()
    except OSError:
        catalogue.note_path(real)
        raise LevelError(where, [Msg("levelerr.not_found")]) from None
    if not _stat.S_ISREG(st.st_mode):
        catalogue.note(real, catalogue.stamp_of(st))
        raise LevelError(where, ["not a regular file"])
    if st.st_size > cap:
        catalogue.note(real, catalogue.stamp_of(st))
        raise LevelError(where, [Msg("levelerr.too_large", size=st.st_size, cap=cap)])
    return real, st


def _read_capped(real: Path, where: str, cap: int) -> bytes:
    """Read at most ``cap`` bytes of a file already checked by ``_checked_file``."""
    try:
        with open(real, "rb") as fh:
            raw = fh.read(cap + 1)
    except OSError as exc:
        raise LevelError(where, [f"cannot be read: {exc.strerror or exc}"]) from None
    if len(raw) > cap:
        raise LevelError(where, [f"file too large (more than {cap} bytes)"])
    return raw


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """Merge ``over`` onto ``base``: tables merge, lists concatenate, values replace."""
    out = dict(base)
    for k, v in over.items():
        if k in out and isinstance(out[k], dict) and isinstance(v, dict):
            out[k] = _merge(out[k], v)
        elif k in out and isinstance(out[k], list) and isinstance(v, list):
            out[k] = out[k] + v
        else:
            out[k] = v
    return out


def _bad_relative(rel: str) -> str | None:
    """Why a relative path from a level file is refused (None when it looks fine)."""
    if not rel or not rel.strip():
        return "empty path"
    if "\x00" in rel:
        return "NUL character in the path"
    if rel.startswith(("/", "\\", "~")) or re.match(r"^[A-Za-z]:", rel) or os.path.isabs(rel):
        return "must be a path relative to this file, not an absolute path"
    return None


class _Budget:
    """What one level load may still read (bytes and files), across its includes."""

    def __init__(self) -> None:
        self.bytes = MAX_TOTAL_BYTES
        self.files = MAX_INCLUDED_FILES + 1
        self.merged: set[Path] = set()


def load_merged(path: Path, root: Path, *, _depth: int = 0, _stack: tuple[Path, ...] = (),
                _budget: _Budget | None = None) -> dict[str, Any]:
    """Read a level file and merge its includes (shared files first, then the file itself)."""
    budget = _budget or _Budget()
    path, root = Path(path), Path(root)
    where = _display(path)
    data, real, size = _read(path, root, where)
    budget.files -= 1
    budget.bytes -= size
    if budget.files < 0 or budget.bytes < 0:
        raise LevelError(where, [f"include: too much included data (at most {MAX_INCLUDED_FILES} files, "
                                 f"{MAX_TOTAL_BYTES} bytes in all)"])
    includes = data.get("include", [])
    if not isinstance(includes, list):
        raise LevelError(where, [f"include: expected a list of relative paths (got {_short(includes)})"])
    if includes and _depth >= MAX_INCLUDE_DEPTH:
        raise LevelError(where, [f"include: more than {MAX_INCLUDE_DEPTH} levels of includes"])
    merged: dict[str, Any] = {}
    for i, rel in enumerate(includes):
        if not isinstance(rel, str):
            raise LevelError(where, [f"include[{i}]: expected a relative path as text (got {_short(rel)})"])
        # "shipped:dungeon/_chips.toml": a shared file of the shipped levels (mods reuse card sets)
        shipped = rel.startswith(SHIPPED_PREFIX)
        sub = rel[len(SHIPPED_PREFIX):] if shipped else rel
        bad = _bad_relative(sub)
        if bad:
            raise LevelError(where, [f"include[{i}]: {rel!r}: {bad}"])
        if not sub.lower().endswith(".toml"):
            raise LevelError(where, [f"include[{i}]: {rel!r}: only .toml files can be included"])
        sub_root = bases()[0] if shipped else root
        target = (sub_root if shipped else path.parent) / sub
        try:
            treal = target.resolve()
        except (OSError, RuntimeError):
            raise LevelError(where, [f"include[{i}]: {rel!r}: file not found or unreadable"]) from None
        if not _inside(treal, sub_root):
            raise LevelError(where, [f"include[{i}]: {rel!r} leaves the folder {sub_root.name}/: refused"])
        if treal == real or treal in _stack:
            raise LevelError(where, [f"include[{i}]: {rel!r}: files include each other in a cycle"])
        if not treal.exists():
            catalogue.note(treal, None)  # creating it later is a change
            raise LevelError(where, [f"include[{i}]: {rel!r}: file not found"])
        if treal in budget.merged:
            continue  # a shared file reached twice (a diamond) is merged once
        budget.merged.add(treal)
        try:
            part = load_merged(target, sub_root, _depth=_depth + 1, _stack=_stack + (real,), _budget=budget)
        except LevelError as exc:
            raise LevelError(where, [prefixed(f"include[{i}]: {exc.path}: ", p) for p in exc.problems]) from None
        part.pop("include", None)
        merged = _merge(merged, part)
    own = {k: v for k, v in data.items() if k != "include"}
    out = _merge(merged, own)
    out["include"] = includes
    return out


def root_for(path: Path) -> Path:
    """The folder a level file's includes and images must stay in.

    The shipped levels folder or the mods folder when the file is below one;
    otherwise the parent of its ruleset folder (``pack/dungeon/x.toml`` -> ``pack``),
    else the file's own folder.
    """
    path = Path(path)
    real = path.absolute()
    for base in reversed(bases()):
        try:
            real.relative_to(base.absolute())
            return base
        except ValueError:
            continue
    try:
        from game.engine.registry import ruleset_ids

        if path.parent.name in ruleset_ids():
            return path.parent.parent
    except Exception:  # noqa: BLE001 - a broken ruleset must not stop validation
        log.exception("listing rulesets failed")
    return path.parent

