"""Level files: discovery, safe loading, includes, validation and clear errors.

A level is one TOML file in ``levels/<ruleset>/`` (shipped) or in the user's
``mods/<ruleset>/`` folder. Files are untrusted data: size-capped, parsed with
tomllib only, nesting bounded, includes resolved relative to the file and kept
inside its root folder (symlinks resolved), and validated against the
ruleset's typed model. Every problem becomes a ``LevelError`` whose message is
``path: field.path: what was expected`` with a suggestion for typos.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from game.engine import paths
from game.engine.i18n import localize

MAX_FILE_BYTES = 256 * 1024
MAX_DEPTH = 24          # nesting of tables and arrays
MAX_INCLUDE_DEPTH = 4
MAX_LEVELS_PER_DIR = 500


class LevelError(ValueError):
    """A level file that cannot be used; ``str()`` names the file and field."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = problems
        super().__init__("\n".join(f"{path}: {p}" for p in problems))


@dataclass(frozen=True)
class Level:
    """A validated level: its ruleset, id, typed model and the merged data it came from."""

    ruleset: str
    id: str
    model: Any
    data: dict[str, Any]
    path: Path | None = None
    source: str = "inline"  # shipped, mod or inline
    content_hash: str = ""

    def title(self, lang: str | None = None) -> str:
        """Return the localized title."""
        return localize(self.model.title, lang)

    def description(self, lang: str | None = None) -> str:
        """Return the localized description."""
        return localize(self.model.description, lang)

    @classmethod
    def from_data(cls, data: dict[str, Any], *, where: str = "<level>", source: str = "inline",
                  path: Path | None = None, default_id: str | None = None) -> "Level":
        """Validate merged level data (from a file or a save) into a Level; LevelError otherwise."""
        from game.engine.registry import get_ruleset, ruleset_ids

        if not isinstance(data, dict):
            raise LevelError(where, ["expected a table at the top level"])
        problems: list[str] = []
        _check_depth(data, "", 0, problems)
        if problems:
            raise LevelError(where, problems)
        rid = data.get("ruleset")
        if not isinstance(rid, str):
            raise LevelError(where, ["ruleset: required: one of " + ", ".join(ruleset_ids())])
        try:
            rs = get_ruleset(rid)
        except KeyError:
            ids = ruleset_ids()
            raise LevelError(where, [f"ruleset: unknown ruleset {rid!r}{_suggest(rid, ids)}"
                                     f" (known: {', '.join(ids)})"]) from None
        if rs.level_model is None:
            raise LevelError(where, [f"ruleset: {rid!r} takes no level files"])
        try:
            model = rs.level_model.model_validate(data)
        except ValidationError as exc:
            raise LevelError(where, format_validation_error(exc, rs.level_model)) from None
        except (ValueError, TypeError) as exc:  # validators raising plain errors
            raise LevelError(where, [str(exc)]) from None
        level_id = model.id or default_id
        if not level_id:
            raise LevelError(where, ["id: required for a level that has no file name"])
        data = dict(data)
        data["id"] = level_id
        data.pop("include", None)
        digest = hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]
        return cls(rid, level_id, model, data, path, source, digest)


@dataclass
class LevelEntry:
    """A level file found on disk: loaded, or broken with its message."""

    ruleset: str
    id: str
    path: Path
    source: str  # shipped or mod
    level: Level | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the file loaded."""
        return self.level is not None


# --- errors -------------------------------------------------------------------------------------

def _suggest(word: Any, options: Iterable[str]) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _loc_text(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            part = str(part)
            # pydantic puts union member names and tagged-union tags in loc; drop them
            if part.startswith(("function-", "tagged-union[")) or part in ("str", "Translations", "int"):
                continue
            out += ("." if out else "") + part
    return out or "(top level)"


def _model_at(model: Any, loc: tuple[Any, ...]) -> Any:
    """Walk a model class along loc to find the model holding the last key (for suggestions)."""
    import typing

    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int):
            continue
        if isinstance(current, type) and issubclass(current, BaseModel):
            f = current.model_fields.get(str(part))
            if f is None:
                # a tagged union: part is the tag; find the member whose effect/kind literal matches
                return None
            current = f.annotation
        # unwrap containers and unions down to a model
        for _ in range(6):
            origin = typing.get_origin(current)
            if origin is None:
                break
            args = [a for a in typing.get_args(current) if a is not type(None)]
            models = [a for a in args if isinstance(a, type) and issubclass(a, BaseModel)]
            if models:
                current = models[0] if len(models) == 1 else models
                break
            current = args[-1] if args else None
        if isinstance(current, list):
            tag = str(part)
            match = [m for m in current if tag in _literal_values(m)]
            current = match[0] if match else None
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _literal_values(model: type[BaseModel]) -> set[str]:
    import typing

    out: set[str] = set()
    for f in model.model_fields.values():
        if typing.get_origin(f.annotation) is typing.Literal:
            out.update(str(a) for a in typing.get_args(f.annotation))
    return out


def format_validation_error(exc: ValidationError, model: Any) -> list[str]:
    """Turn pydantic errors into ``field.path: message`` lines with suggestions."""
    lines: list[str] = []
    seen: set[str] = set()
    for err in exc.errors(include_url=False):
        loc = tuple(err.get("loc", ()))
        typ = err.get("type", "")
        where = _loc_text(loc)
        inp = err.get("input")
        ctx = err.get("ctx") or {}
        if typ == "extra_forbidden":
            owner = _model_at(model, loc)
            options = list(owner.model_fields) if owner is not None else []
            msg = f"unknown key {str(loc[-1])!r}{_suggest(str(loc[-1]), options)}"
            where = _loc_text(loc[:-1]) if len(loc) > 1 else "(top level)"
        elif typ == "literal_error":
            expected = re.findall(r"'([^']*)'", str(ctx.get("expected", "")))
            msg = f"unknown value {inp!r}{_suggest(inp, expected)}; expected one of: {', '.join(expected)}"
        elif typ == "union_tag_invalid":
            expected = re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
            tag = ctx.get("tag")
            msg = f"unknown {ctx.get('discriminator', 'kind').strip(chr(39))} {tag!r}{_suggest(tag, expected)}; expected one of: {', '.join(expected)}"
        elif typ == "missing":
            msg = "required field is missing"
        else:
            msg = err.get("msg", "invalid value")
            if inp is not None and not isinstance(inp, (dict, list)) and len(repr(inp)) < 60:
                msg += f" (got {inp!r})"
        line = f"{where}: {msg}"
        # str-or-table unions report both branches; keep the first line per location
        if where in seen and typ not in ("extra_forbidden",):
            continue
        seen.add(where)
        lines.append(line)
    return lines[:20] or ["invalid level"]


def _check_depth(value: Any, where: str, depth: int, problems: list[str]) -> None:
    if depth > MAX_DEPTH:
        problems.append(f"{where or '(top level)'}: nested too deeply (more than {MAX_DEPTH} levels)")
        return
    if isinstance(value, dict):
        for k, v in value.items():
            _check_depth(v, f"{where}.{k}" if where else str(k), depth + 1, problems)
            if problems:
                return
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _check_depth(v, f"{where}[{i}]", depth + 1, problems)
            if problems:
                return


# --- reading files ------------------------------------------------------------------------------

def _display(path: Path) -> str:
    """A short, recognisable form of a path for messages (relative to mods or levels)."""
    for base, label in ((paths.mods_dir(), "mods"), (paths.levels_dir(), "levels")):
        try:
            return f"{label}/{path.resolve().relative_to(base.resolve()).as_posix()}"
        except (ValueError, OSError):
            continue
    return str(path)


def read_toml(path: Path, root: Path, where: str) -> dict[str, Any]:
    """Read one TOML file safely (inside ``root``, capped, UTF-8, bounded nesting)."""
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise LevelError(where, ["file not found or unreadable"]) from None
    try:
        real.relative_to(root.resolve())
    except ValueError:
        raise LevelError(where, [f"path leaves its folder ({root.name}/): refused"]) from None
    if not real.is_file():
        raise LevelError(where, ["not a regular file"])
    size = real.stat().st_size
    if size > MAX_FILE_BYTES:
        raise LevelError(where, [f"file too large ({size} bytes; the limit is {MAX_FILE_BYTES})"])
    raw = real.read_bytes()[: MAX_FILE_BYTES + 1]
    if b"\x00" in raw:
        raise LevelError(where, ["binary data: not a TOML text file"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise LevelError(where, [f"line {line}: not valid UTF-8 text"]) from None
    # tomllib recurses on nested arrays/inline tables: refuse absurd bracket depth first
    depth = best = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            best = max(best, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
    if best > MAX_DEPTH * 2 + 8:
        raise LevelError(where, [f"nested too deeply (more than {MAX_DEPTH} levels)"])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LevelError(where, [f"not valid TOML: {exc}"]) from None
    except RecursionError:
        raise LevelError(where, ["nested too deeply"]) from None


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


def load_merged(path: Path, root: Path, *, _depth: int = 0, _stack: tuple[Path, ...] = ()) -> dict[str, Any]:
    """Read a level file and merge its includes (shared files first, then the file itself)."""
    where = _display(path)
    data = read_toml(path, root, where)
    real = path.resolve()
    if real in _stack:
        raise LevelError(where, ["include: files include each other in a cycle"])
    includes = data.get("include", [])
    if not isinstance(includes, list) or not all(isinstance(i, str) for i in includes):
        raise LevelError(where, ["include: expected a list of relative paths"])
    if includes and _depth >= MAX_INCLUDE_DEPTH:
        raise LevelError(where, [f"include: more than {MAX_INCLUDE_DEPTH} levels of includes"])
    merged: dict[str, Any] = {}
    for i, rel in enumerate(includes):
        if not rel or rel.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", rel) or "\x00" in rel:
            raise LevelError(where, [f"include[{i}]: {rel!r}: must be a path relative to this file"])
        target = path.parent / rel
        try:
            target.resolve().relative_to(root.resolve())
        except (ValueError, OSError):
            raise LevelError(where, [f"include[{i}]: {rel!r} leaves the folder: refused"]) from None
        if not target.exists():
            raise LevelError(where, [f"include[{i}]: {rel!r}: file not found"])
        part = load_merged(target, root, _depth=_depth + 1, _stack=_stack + (real,))
        part.pop("include", None)
        merged = _merge(merged, part)
    own = {k: v for k, v in data.items() if k != "include"}
    out = _merge(merged, own)
    out["include"] = includes
    return out


def load_level_file(path: Path, root: Path | None = None, source: str = "mod") -> Level:
    """Load and validate one level file; LevelError naming file and field otherwise."""
    path = Path(path)
    root = Path(root) if root is not None else path.parent
    data = load_merged(path, root)
    return Level.from_data(data, where=_display(path), source=source, path=path, default_id=path.stem)


def is_level_file(path: Path) -> bool:
    """True for files that are levels (shared include files start with ``_`` or live in subfolders)."""
    return path.suffix == ".toml" and not path.name.startswith("_")


def _scan(base: Path, ruleset: str, source: str) -> list[LevelEntry]:
    folder = base / ruleset
    if not folder.is_dir():
        return []
    out: list[LevelEntry] = []
    files = sorted(p for p in folder.iterdir() if is_level_file(p))[:MAX_LEVELS_PER_DIR]
    for p in files:
        try:
            lvl = load_level_file(p, root=base if source == "shipped" else base, source=source)
            if lvl.ruleset != ruleset:
                out.append(LevelEntry(ruleset, p.stem, p, source, None,
                                      f"{_display(p)}: ruleset: says {lvl.ruleset!r} but the file is in {ruleset}/"))
                continue
            out.append(LevelEntry(ruleset, lvl.id, p, source, lvl))
        except LevelError as exc:
            out.append(LevelEntry(ruleset, p.stem, p, source, None, str(exc)))
        except Exception as exc:  # noqa: BLE001 - one broken file never stops the others
            out.append(LevelEntry(ruleset, p.stem, p, source, None, f"{_display(p)}: unexpected error: {exc}"))
    return out


def discover_levels(ruleset: str, *, include_mods: bool = True) -> list[LevelEntry]:
    """Return the shipped and mod levels of a ruleset (broken ones carry their error), in menu order."""
    entries = _scan(paths.levels_dir(), ruleset, "shipped")
    if include_mods:
        entries += _scan(paths.mods_dir(), ruleset, "mod")
    seen: set[tuple[str, str]] = set()
    unique: list[LevelEntry] = []
    for e in entries:
        if (e.source, e.id) in seen:
            e.error = e.error or f"{_display(e.path)}: id: {e.id!r} is used by another level"
            e.level = None
        seen.add((e.source, e.id))
        unique.append(e)

    def order(e: LevelEntry) -> tuple:
        return (e.source != "shipped", e.level.model.order if e.level else 10**6, e.id)

    return sorted(unique, key=order)


def get_level(ruleset: str, level_id: str | None = None) -> Level:
    """Return a level by id (the first shipped one when id is None); LevelError otherwise."""
    entries = discover_levels(ruleset)
    good = [e for e in entries if e.level is not None]
    if level_id is None:
        if not good:
            raise LevelError(ruleset, ["no playable level found"])
        return good[0].level  # type: ignore[return-value]
    for e in entries:
        if e.id == level_id:
            if e.level is None:
                raise LevelError(_display(e.path), [e.error or "broken level"])
            return e.level
    ids = [e.id for e in entries]
    raise LevelError(ruleset, [f"level: no level {level_id!r}{_suggest(level_id, ids)} (known: {', '.join(ids) or 'none'})"])


def json_schema(ruleset: str) -> dict[str, Any]:
    """Return the JSON Schema of a ruleset's level files."""
    from game.engine.registry import get_ruleset

    rs = get_ruleset(ruleset)
    if rs.level_model is None:
        raise KeyError(f"{ruleset!r} takes no level files")
    schema = rs.level_model.model_json_schema()
    schema.setdefault("title", f"Mesa de Héroes level ({ruleset})")
    return schema
