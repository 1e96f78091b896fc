"""Level files: discovery, safe loading, includes, validation and clear errors.

A level is one TOML file in ``levels/<ruleset>/`` (shipped) or in the user's
``mods/<ruleset>/`` folder. Files are untrusted data: size-capped, parsed with
tomllib only, nesting bounded, includes resolved relative to the file and kept
inside its root folder (symlinks resolved), and validated against the
ruleset's typed model. Every problem becomes a ``LevelError`` whose lines read
``path: field.path: what was expected`` with a suggestion for typos, e.g.::

    mods/dungeon/crypt.toml: chips[3].faces[1]: unknown value 'swrod' (did you mean 'sword'?); expected one of: ...

A broken file never stops the others: ``discover_levels`` returns it with its
message so the menu can show it as broken. ``docs/LEVELS.md`` is the modder's
guide to the format.
"""

from __future__ import annotations

import difflib
import hashlib
import inspect
import json
import logging
import math
import os
import re
import tomllib
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from game.engine import paths
from game.engine.levelrefs import remember
from game.engine.i18n import localize

log = logging.getLogger(__name__)

MAX_FILE_BYTES = 256 * 1024      # one level or shared file
MAX_TOTAL_BYTES = 1024 * 1024    # a level and everything it includes
MAX_DEPTH = 24                   # nesting of tables and arrays
MAX_INCLUDE_DEPTH = 4
MAX_INCLUDED_FILES = 32
MAX_LEVELS_PER_DIR = 500
MAX_PROBLEMS = 20
MAX_ASSET_BYTES = 2 * 1024 * 1024
MAX_IMAGE_SIDE = 2048            # pixels per side, read from the file header before decoding
ASSET_SUFFIXES = (".png", ".svg")
SHIPPED_PREFIX = "shipped:"      # include a shared file of the shipped levels folder
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,47}$")


# characters that would split a message line or drive a terminal: shown escaped
_UNSAFE = {c: f"\\x{c:02x}" for c in range(32) if c != 9}
_UNSAFE.update({0x7F: "\\x7f", 0x85: "\\x85", 0x2028: "\\u2028", 0x2029: "\\u2029"})
_UNSAFE.update({ord("\n"): "\\n", ord("\r"): "\\r"})


def _safe(text: Any) -> str:
    """One printable line: control characters and line breaks escaped."""
    return str(text).translate(_UNSAFE)


class LevelError(ValueError):
    """A level file that cannot be used; ``str()`` names the file and field."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = _safe(path)
        self.problems = [_safe(p) for p in problems] or ["invalid level"]
        path = self.path
        super().__init__("\n".join(f"{path}: {p}" for p in self.problems))


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
    root: Path | None = None  # the folder paths in the level may not leave

    def title(self, lang: str | None = None) -> str:
        """Return the localized title."""
        return localize(self.model.title, lang)

    def description(self, lang: str | None = None) -> str:
        """Return the localized description."""
        return localize(self.model.description, lang)

    @classmethod
    def from_data(cls, data: dict[str, Any], *, where: str = "<level>", source: str = "inline",
                  path: Path | None = None, default_id: str | None = None,
                  root: Path | None = None) -> "Level":
        """Validate merged level data (from a file or a save) into a Level; LevelError otherwise."""
        try:
            return cls._from_data(data, where, source, path, default_id, root)
        except LevelError:
            raise
        except RecursionError:
            raise LevelError(where, [f"nested too deeply (more than {MAX_DEPTH} levels)"]) from None
        except Exception as exc:  # noqa: BLE001 - untrusted data never escapes as another exception
            log.exception("unexpected error validating %s", where)
            raise LevelError(where, [f"could not be read: {type(exc).__name__}: {exc}"]) from None

    @classmethod
    def _from_data(cls, data: Any, where: str, source: str, path: Path | None,
                   default_id: str | None, root: Path | None) -> "Level":
        from game.engine.registry import get_ruleset, ruleset_ids

        if not isinstance(data, dict):
            raise LevelError(where, ["(top level): expected a table of level fields"])
        problems: list[str] = []
        _check_data(data, "", 0, problems)
        if problems:
            raise LevelError(where, problems)
        rid = data.get("ruleset")
        ids = ruleset_ids()
        if rid is None:
            raise LevelError(where, [f"ruleset: required field is missing; expected one of: {', '.join(ids)}"])
        if not isinstance(rid, str):
            raise LevelError(where, [f"ruleset: expected text (got {_short(rid)}); expected one of: {', '.join(ids)}"])
        try:
            rs = get_ruleset(rid)
        except KeyError:
            raise LevelError(where, [f"ruleset: unknown ruleset {rid!r}{_suggest(rid, ids)}; "
                                     f"expected one of: {', '.join(ids)}"]) from None
        if rs.level_model is None:
            raise LevelError(where, [f"ruleset: {rid!r} takes no level files"])
        try:
            model = rs.level_model.model_validate(data)
        except ValidationError as exc:
            raise LevelError(where, format_validation_error(exc, rs.level_model)) from None
        except (ValueError, TypeError, AssertionError) as exc:  # validators raising plain errors
            raise LevelError(where, [f"(top level): {exc}"]) from None
        level_id = getattr(model, "id", None) or default_id
        if not level_id:
            raise LevelError(where, ["id: required for a level that has no file name"])
        if not _ID_RE.match(level_id):
            raise LevelError(where, [f"id: the file name {level_id!r} is not a valid level id (lowercase "
                                     "letters, digits, '_' and '-'): rename the file or set id = \"...\""])
        if "id" in type(model).model_fields and getattr(model, "id", None) != level_id:
            model = model.model_copy(update={"id": level_id})  # the same model a save rebuilds
        data = dict(data)
        data["id"] = level_id
        data.pop("include", None)
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        level = cls(rid, level_id, model, data, path, source, digest, root)
        remember(level)  # states name their level by hash (engine/levelrefs.py)
        return level


@dataclass
class LevelEntry:
    """A level file found on disk: loaded, or broken with its message."""

    ruleset: str
    id: str
    path: Path
    source: str  # shipped or mod
    level: Level | None = None
    error: str | None = None
    problems: list[str] = field(default_factory=list)  # the error's lines without the path

    @property
    def ok(self) -> bool:
        """True when the file loaded."""
        return self.level is not None


# --- errors -------------------------------------------------------------------------------------

def _suggest(word: Any, options: Iterable[Any]) -> str:
    if not isinstance(word, str):
        return ""
    opts = [str(o) for o in options]
    close = difflib.get_close_matches(word, opts, n=1, cutoff=0.6)
    if not close:
        low = {o.lower(): o for o in opts}
        if word.lower() in low:
            close = [low[word.lower()]]
    return f" (did you mean {close[0]!r}?)" if close else ""


def _short(value: Any) -> str:
    """A short description of an input value for messages."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _unwrap(tp: Any) -> Any:
    """Strip Annotated and Optional wrappers from a type."""
    for _ in range(12):
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
            continue
        if origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) == 1:
                tp = args[0]
                continue
        break
    return tp


def _is_model(tp: Any) -> bool:
    return inspect.isclass(tp) and issubclass(tp, BaseModel)


def _union_members(tp: Any) -> list[Any] | None:
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [_unwrap(a) for a in typing.get_args(tp) if a is not type(None)]
    return None


def _literal_values(model: Any) -> set[str]:
    """Every value of every Literal field of a model (used to match tagged-union tags)."""
    out: set[str] = set()
    if _is_model(model):
        for f in model.model_fields.values():
            tp = _unwrap(f.annotation)
            if typing.get_origin(tp) is typing.Literal:
                out.update(str(a) for a in typing.get_args(tp))
    return out


def _union_tags(tp: Any) -> list[str]:
    """The tags a discriminated union accepts, in declaration order."""
    out: list[str] = []
    for m in _union_members(_unwrap(tp)) or []:
        if _is_model(m):
            f = m.model_fields.get("effect") or m.model_fields.get("kind")
            if f is not None and typing.get_origin(_unwrap(f.annotation)) is typing.Literal:
                out.extend(str(a) for a in typing.get_args(_unwrap(f.annotation)))
    return out


def _pick_member(members: list[Any], label: Any) -> Any:
    """Find the union member pydantic named ``label`` in an error location."""
    text = str(label)
    for m in members:
        if _is_model(m) and m.__name__ == text:
            return m
    for m in members:
        if _is_model(m) and text in _literal_values(m):
            return m
    scalars = [m for m in members if not _is_model(m)]
    for m in scalars:
        origin = typing.get_origin(m) or m
        name = getattr(origin, "__name__", str(origin)).lower()
        if text.startswith(name) or text.replace("constrained-", "").startswith(name):
            return m
    return scalars[0] if scalars else (members[0] if members else None)


def _keys_of(model: Any) -> list[str]:
    """Return the keys a level file writes for a model: aliases where a field has one (``str`` for ``str_``)."""
    return [f.alias or name for name, f in model.model_fields.items()]


def _field_of(model: Any, name: Any) -> Any:
    if not _is_model(model):
        return None
    f = model.model_fields.get(str(name))
    if f is not None:
        return f
    for f in model.model_fields.values():
        if f.alias == name:
            return f
    return None


@dataclass
class _Where:
    """An error location resolved against the model's types."""

    parts: list[Any]                 # field names and list indexes, union labels removed
    owner: Any                       # the model holding the last field (or unknown key)
    unions: list[tuple[tuple[Any, ...], int, str]]  # (loc prefix, index of label, label)
    final: Any                       # the type expected at the location

    def text(self, upto: int | None = None) -> str:
        """Render as ``chips[3].faces[1]``."""
        out = ""
        for part in self.parts[:upto]:
            if isinstance(part, int):
                out += f"[{part}]"
            else:
                out += ("." if out else "") + _key(part)
        return out or "(top level)"


def _key(name: Any) -> str:
    """A key as it appears in a field path: bare when simple, quoted like TOML otherwise."""
    text = str(name)
    return text if _BARE_KEY.match(text) else json.dumps(text, ensure_ascii=False)


_BARE_KEY = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")


_SYNTHETIC = re.compile(r"^(function-|tagged-union\[|constrained-|literal\[|list\[|dict\[|json-or-python|lax-|strict-)")


def _resolve(model: Any, loc: tuple[Any, ...]) -> _Where:
    """Walk ``loc`` through the model's types, dropping pydantic's union labels."""
    tp: Any = model
    parts: list[Any] = []
    owner: Any = model
    unions: list[tuple[tuple[Any, ...], int, str]] = []
    for i, part in enumerate(loc):
        if part == "[key]":  # pydantic's marker: the error is about the table key just named, not its value
            tp = str
            continue
        tp = _unwrap(tp)
        members = _union_members(tp)
        if members is not None:
            unions.append((tuple(loc[:i]), i, str(part)))
            tp = _pick_member(members, part)
            continue
        if _is_model(tp):
            owner = tp
            f = _field_of(tp, part)
            parts.append(str(part))
            tp = f.annotation if f is not None else None
            continue
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if isinstance(part, int) and origin in (list, tuple, set, frozenset):
            parts.append(part)
            if origin is tuple and args and args[-1] is not Ellipsis:
                tp = args[part] if 0 <= part < len(args) else None
            else:
                tp = args[0] if args else None
            continue
        if origin is dict:
            parts.append(str(part))
            tp = args[1] if len(args) == 2 else None
            continue
        if isinstance(part, int) or not _SYNTHETIC.match(str(part)):
            parts.append(part)
        tp = None
    return _Where(parts, owner, unions, _unwrap(tp))


def _describe_type(tp: Any) -> str:
    """A few words for what a type accepts."""
    tp = _unwrap(tp)
    if tp is str:
        return "text"
    if tp is bool:
        return "true or false"
    if tp is int:
        return "a whole number"
    if tp is float:
        return "a number"
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return "one of " + ", ".join(str(a) for a in typing.get_args(tp))
    if origin in (list, tuple, set, frozenset):
        return "a list"
    if origin is dict:
        return "a table"
    if _is_model(tp):
        keys = _keys_of(tp)
        shown = ", ".join(keys[:6]) + (", ..." if len(keys) > 6 else "")
        return f"a table ({shown})"
    members = _union_members(tp)
    if members:
        tags = _union_tags(tp)
        if tags and all(_is_model(m) for m in members):
            disc = "effect" if all("effect" in m.model_fields for m in members) else "kind"
            return f"a table with {disc} = one of: {', '.join(tags)}"
        return " or ".join(_describe_type(m) for m in members)
    name = getattr(tp, "__name__", "")
    return {"str": "text", "int": "a whole number"}.get(name, "a value")


_TYPE_WORDS = {
    "string_type": "expected text", "string_unicode": "expected text",
    "int_type": "expected a whole number", "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number", "float_type": "expected a number",
    "float_parsing": "expected a number", "finite_number": "expected a finite number",
    "bool_type": "expected true or false", "bool_parsing": "expected true or false",
    "list_type": "expected a list", "tuple_type": "expected a list", "set_type": "expected a list",
    "dict_type": "expected a table", "model_type": "expected a table",
    "model_attributes_type": "expected a table", "missing": "required field is missing",
}


def _message(err: dict[str, Any], where: _Where) -> str:
    """The words of one pydantic error (without its location)."""
    typ = err.get("type", "")
    ctx = err.get("ctx") or {}
    inp = err.get("input")
    got = f" (got {_short(inp)})" if "input" in err and typ != "missing" else ""
    final = where.final
    if typ == "literal_error":
        if typing.get_origin(final) is typing.Literal:
            expected = [str(a) for a in typing.get_args(final)]
        else:
            expected = re.findall(r"'([^']*)'", str(ctx.get("expected", ""))) or [str(ctx.get("expected", ""))]
        shown = repr(inp) if isinstance(inp, (str, int, float)) and not isinstance(inp, bool) else _short(inp)
        return f"unknown value {shown}{_suggest(inp, expected)}; expected one of: {', '.join(expected)}"
    if typ == "union_tag_invalid":
        expected = _union_tags(final) or re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
        disc = str(ctx.get("discriminator", "kind")).strip("'")
        tag = ctx.get("tag")
        return f"unknown {disc} {tag!r}{_suggest(tag, expected)}; expected one of: {', '.join(expected)}"
    if typ == "union_tag_not_found":
        disc = str(ctx.get("discriminator", "kind")).strip("'")
        expected = _union_tags(final)
        if not isinstance(inp, dict):
            return f"expected a table with {disc} = one of: {', '.join(expected)}{got}"
        return f"missing key {disc!r}; expected one of: {', '.join(expected)}"
    if typ in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        word = {"greater_than_equal": "at least", "greater_than": "more than",
                "less_than_equal": "at most", "less_than": "less than"}[typ]
        limit = next(iter(ctx.values()), "?")
        return f"must be {word} {limit}{got}"
    if typ in ("too_short", "too_long", "string_too_short", "string_too_long"):
        if typ.startswith("string"):
            n = ctx.get("min_length", ctx.get("max_length"))
            word = "at least" if typ.endswith("short") else "at most"
            return f"text must be {word} {n} characters long"
        n = ctx.get("min_length", ctx.get("max_length"))
        word = "at least" if typ == "too_short" else "at most"
        actual = ctx.get("actual_length")
        return f"expected {word} {n} items" + (f" (got {actual})" if actual is not None else "")
    if typ == "string_pattern_mismatch":
        if ctx.get("pattern") == _ID_RE.pattern:
            return f"not a valid id: use lowercase letters, digits, '_' and '-'{got}"
        return f"does not match the pattern {ctx.get('pattern')}{got}"
    if typ in ("value_error", "assertion_error"):
        msg = str(err.get("msg", "invalid value"))
        return re.sub(r"^(Value error|Assertion failed), ", "", msg)
    if typ in _TYPE_WORDS:
        if typ != "missing" and final is not None and _describe_type(final) != "a value":
            return f"expected {_describe_type(final)}{got}"
        return _TYPE_WORDS[typ] + got
    return f"{err.get('msg', 'invalid value')}{got}"


def _prune_unions(model: Any, errors: list[tuple[dict[str, Any], _Where]]) -> list[Any]:
    """Where a value matched no member of a union, keep only the member it was meant for.

    A member whose errors lie deeper than the union accepted the value's shape
    (a table for a model): its errors are the useful ones. When no member got
    that far, one line says what the union accepts.
    """
    out: list[Any] = list(errors)
    points: list[tuple[tuple[Any, ...], int]] = []
    for _, w in errors:
        for prefix, idx, _label in w.unions:
            if (prefix, idx) not in points:
                points.append((prefix, idx))
    for prefix, idx in points:
        group = [e for e in out if not isinstance(e, str)
                 and any(u[0] == prefix and u[1] == idx for u in e[1].unions)]
        labels: dict[str, list[Any]] = {}
        for e in group:
            label = next(u[2] for u in e[1].unions if u[0] == prefix and u[1] == idx)
            labels.setdefault(label, []).append(e)
        if len(labels) <= 1:
            continue
        deep = {lab: es for lab, es in labels.items()
                if any(len(e[0].get("loc", ())) > idx + 1 for e in es)}
        first_index = min(out.index(e) for e in group)
        keep: list[Any]
        if deep:
            best = min(deep, key=lambda lab: len(deep[lab]))
            keep = deep[best]
        else:
            point = _resolve(model, prefix)
            keep = [f"{point.text()}: expected {_describe_type(point.final)} (got {_short(group[0][0].get('input'))})"]
        out = [e for e in out if not any(e is g for g in group)]
        out[first_index:first_index] = keep
    return out


def format_validation_error(exc: ValidationError, model: Any) -> list[str]:
    """Turn pydantic errors into ``field.path: message`` lines with suggestions."""
    try:
        return _format_validation_error(exc, model)
    except Exception:  # noqa: BLE001 - a formatting bug must not hide the error itself
        log.exception("formatting a validation error failed")
        return [f"{'.'.join(str(p) for p in e.get('loc', ())) or '(top level)'}: {e.get('msg', 'invalid')}"
                for e in exc.errors(include_url=False)[:MAX_PROBLEMS]] or ["invalid level"]


def _format_validation_error(exc: ValidationError, model: Any) -> list[str]:
    resolved = [(err, _resolve(model, tuple(err.get("loc", ())))) for err in exc.errors(include_url=False)]
    lines: list[str] = []
    for item in _prune_unions(model, resolved):
        if isinstance(item, str):
            line = item
        else:
            err, w = item
            if err.get("type") == "extra_forbidden":
                key = w.parts[-1] if w.parts else "?"
                options = _keys_of(w.owner) if _is_model(w.owner) else []
                line = (f"{w.text()}: unknown key {str(key)!r}{_suggest(str(key), options)}"
                        + (f"; expected one of: {', '.join(options)}" if options else ""))
            else:
                line = f"{w.text()}: {_message(err, w)}"
        if line not in lines:
            lines.append(line)
    if len(lines) > MAX_PROBLEMS:
        extra = len(lines) - MAX_PROBLEMS
        lines = lines[:MAX_PROBLEMS] + [f"(and {extra} more problems)"]
    return lines or ["(top level): invalid level"]


def _check_data(value: Any, where: str, depth: int, problems: list[str]) -> None:
    """Refuse nesting deeper than MAX_DEPTH and values JSON cannot hold (dates, NaN)."""
    trail: list[Any] = []
    problem = _first_bad(value, depth, trail)
    if problem:
        loc = _Where(list(reversed(trail)), None, [], None).text()
        if where:
            loc = where if loc == "(top level)" else f"{where}{'' if loc.startswith('[') else '.'}{loc}"
        problems.append(f"{loc}: {problem}")


_PLAIN = (str, int, bool, type(None))


def _first_bad(value: Any, depth: int, trail: list[Any]) -> str | None:
    """The first problem below ``value``; ``trail`` receives its location, innermost first."""
    if depth > MAX_DEPTH:
        return f"nested too deeply (more than {MAX_DEPTH} levels)"
    if isinstance(value, dict):
        for k, v in value.items():
            if not isinstance(k, str):
                return f"keys must be text (got {_short(k)})"
            if isinstance(v, _PLAIN):
                continue
            problem = _first_bad(v, depth + 1, trail)
            if problem:
                trail.append(k)
                return problem
    elif isinstance(value, list):
        for i, v in enumerate(value):
            if isinstance(v, _PLAIN):
                continue
            problem = _first_bad(v, depth + 1, trail)
            if problem:
                trail.append(i)
                return problem
    elif isinstance(value, float):
        if not math.isfinite(value):
            return f"expected a finite number (got {value!r})"
    elif not isinstance(value, _PLAIN):
        return (f"dates and times are not used in level files (got {type(value).__name__}); "
                "write them as text")
    return None


# --- reading files ------------------------------------------------------------------------------

def _display(path: Path) -> str:
    """A short, recognisable form of a path for messages (relative to mods, levels or here)."""
    path = Path(path)
    for base, label in ((paths.mods_dir(), "mods"), (paths.levels_dir(), "levels")):
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


def _toml_error(exc: tomllib.TOMLDecodeError) -> str:
    msg = str(exc)
    m = re.match(r"^(.*) \(at line (\d+), column (\d+)\)$", msg, re.S)
    if m:
        return f"line {m.group(2)}, column {m.group(3)}: not valid TOML: {m.group(1)}"
    m = re.match(r"^(.*) \(at end of document\)$", msg, re.S)
    if m:
        return f"end of file: not valid TOML: {m.group(1)}"
    return f"not valid TOML: {msg}"


def _inside(real: Path, root: Path) -> bool:
    try:
        real.relative_to(root.resolve())
        return True
    except (ValueError, OSError):
        return False


_PARSED: dict[bytes, dict[str, Any]] = {}  # sha256 of the file's bytes -> its checked data
_PARSED_MAX = 256
_PARSED_MAX_BYTES = 2 * 1024 * 1024  # of TOML text: keeps the cache to a few MB of memory
_PARSED_BYTES = 0


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data (cached parses are never handed out themselves)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def read_toml(path: Path, root: Path, where: str) -> dict[str, Any]:
    """Read one TOML file safely (inside ``root``, capped, UTF-8, bounded nesting)."""
    raw = _read_capped(Path(path), Path(root), where, MAX_FILE_BYTES)
    key = hashlib.sha256(raw).digest()  # the same bytes always parse the same: parse once
    cached = _PARSED.get(key)
    if cached is not None:
        return _copy(cached)
    data = _parse_toml(raw, where)
    global _PARSED_BYTES
    if len(_PARSED) >= _PARSED_MAX or _PARSED_BYTES + len(raw) > _PARSED_MAX_BYTES:
        _PARSED.clear()
        _PARSED_BYTES = 0
    _PARSED[key] = _copy(data)
    _PARSED_BYTES += len(raw)
    return data


def _parse_toml(raw: bytes, where: str) -> dict[str, Any]:
    if b"\x00" in raw:
        raise LevelError(where, ["binary data (NUL bytes): not a TOML text file"])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise LevelError(where, [f"line {line}: not valid UTF-8 text (save the file as UTF-8)"]) from None
    if text.startswith("\ufeff"):
        text = text[1:]  # editors on Windows like to add a byte-order mark
    if _bracket_depth(text) > MAX_DEPTH:
        raise LevelError(where, [f"nested too deeply (more than {MAX_DEPTH} levels of [ ] and {{ }})"])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LevelError(where, [_toml_error(exc)]) from None
    except RecursionError:
        raise LevelError(where, [f"nested too deeply (more than {MAX_DEPTH} levels)"]) from None
    except ValueError as exc:  # tomllib raises plain ValueError on some odd numbers
        raise LevelError(where, [f"not valid TOML: {exc}"]) from None
    problems: list[str] = []
    _check_data(data, "", 0, problems)
    if problems:
        raise LevelError(where, problems)
    return data


def _read_capped(path: Path, root: Path, where: str, cap: int) -> bytes:
    """Read a regular file that resolves inside ``root`` and is at most ``cap`` bytes."""
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        raise LevelError(where, ["file not found or unreadable"]) from None
    if not _inside(real, root):
        raise LevelError(where, [f"the file leaves its folder ({root.name}/) through a link: refused"])
    try:
        st = real.stat()
    except OSError:
        raise LevelError(where, ["file not found or unreadable"]) from None
    import stat as _stat

    if not _stat.S_ISREG(st.st_mode):
        raise LevelError(where, ["not a regular file"])
    if st.st_size > cap:
        raise LevelError(where, [f"file too large ({st.st_size} bytes; the limit is {cap})"])
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
    data = read_toml(path, root, where)
    real = path.resolve()
    budget.files -= 1
    try:
        budget.bytes -= real.stat().st_size
    except OSError:
        pass
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
        sub_root = paths.levels_dir() if shipped else root
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
            raise LevelError(where, [f"include[{i}]: {rel!r}: file not found"])
        if treal in budget.merged:
            continue  # a shared file reached twice (a diamond) is merged once
        budget.merged.add(treal)
        try:
            part = load_merged(target, sub_root, _depth=_depth + 1, _stack=_stack + (real,), _budget=budget)
        except LevelError as exc:
            raise LevelError(where, [f"include[{i}]: {exc.path}: {p}" for p in exc.problems]) from None
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
    for base in (paths.mods_dir(), paths.levels_dir()):
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


def load_level_file(path: Path, root: Path | None = None, source: str = "mod") -> Level:
    """Load and validate one level file; LevelError naming file and field otherwise."""
    path = Path(path)
    root = Path(root) if root is not None else root_for(path)
    where = _display(path)
    try:
        data = load_merged(path, root)
        level = Level.from_data(data, where=where, source=source, path=path, default_id=path.stem, root=root)
        problems = _check_assets(level)
    except LevelError:
        raise
    except RecursionError:
        raise LevelError(where, [f"nested too deeply (more than {MAX_DEPTH} levels)"]) from None
    except Exception as exc:  # noqa: BLE001 - untrusted data never escapes as another exception
        log.exception("unexpected error loading %s", where)
        raise LevelError(where, [f"could not be read: {type(exc).__name__}: {exc}"]) from None
    if problems:
        raise LevelError(where, problems)
    return level


# --- images a level refers to -------------------------------------------------------------------

def image_dimensions(path: Path) -> tuple[int, int] | None:
    """Return (width, height) read from a PNG header or an SVG root tag, without decoding; None if unreadable."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        if len(head) < 24 or head[12:16] != b"IHDR":
            return None
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    text = head.decode("utf-8", "replace")
    m = re.search(r"<svg\b[^>]*>", text, re.S)
    if not m:
        return None
    tag = m.group(0)

    def num(name: str) -> float | None:
        a = re.search(rf'\b{name}\s*=\s*["\']\s*([0-9.]+)', tag)
        try:
            return float(a.group(1)) if a else None
        except ValueError:
            return None

    w, h = num("width"), num("height")
    if w is None or h is None:
        vb = re.search(r'viewBox\s*=\s*["\']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)', tag)
        if not vb:
            return None
        w, h = float(vb.group(1)), float(vb.group(2))
    return int(w), int(h)


def resolve_asset(level: Level, relpath: str, field: str = "image") -> Path:
    """Return the real path of an image a level refers to, kept inside its folder and capped.

    Only .png and .svg files of at most 2 MB below the level's root folder, whose
    header says at most 2048x2048 pixels (read without decoding the image).
    """
    where = _display(level.path) if level.path is not None else f"<level {level.id}>"
    if level.path is None:
        raise LevelError(where, [f"{field}: {relpath!r}: this level has no folder to load images from"])
    root = level.root or root_for(level.path)
    if not isinstance(relpath, str):
        raise LevelError(where, [f"{field}: expected a relative path as text (got {_short(relpath)})"])
    bad = _bad_relative(relpath)
    if bad:
        raise LevelError(where, [f"{field}: {relpath!r}: {bad}"])
    if not relpath.lower().endswith(ASSET_SUFFIXES):
        raise LevelError(where, [f"{field}: {relpath!r}: only {' and '.join(ASSET_SUFFIXES)} images are allowed"])
    target = Path(level.path).parent / relpath
    try:
        real = target.resolve()
    except (OSError, RuntimeError):
        raise LevelError(where, [f"{field}: {relpath!r}: file not found or unreadable"]) from None
    if not _inside(real, root):
        raise LevelError(where, [f"{field}: {relpath!r} leaves the folder {root.name}/: refused"])
    try:
        st = real.stat()
    except OSError:
        raise LevelError(where, [f"{field}: {relpath!r}: file not found"]) from None
    import stat as _stat

    if not _stat.S_ISREG(st.st_mode):
        raise LevelError(where, [f"{field}: {relpath!r}: not a regular file"])
    if st.st_size > MAX_ASSET_BYTES:
        raise LevelError(where, [f"{field}: {relpath!r}: image too large ({st.st_size} bytes; "
                                 f"the limit is {MAX_ASSET_BYTES})"])
    dims = image_dimensions(real)
    if dims is None:
        raise LevelError(where, [f"{field}: {relpath!r}: not a readable PNG or SVG image"])
    if max(dims) > MAX_IMAGE_SIDE or min(dims) <= 0:
        raise LevelError(where, [f"{field}: {relpath!r}: image too large ({dims[0]}x{dims[1]} pixels; "
                                 f"at most {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE})"])
    return real


def _asset_refs(value: Any, tp: Any, where: str, out: list[tuple[str, str]], metadata: Iterable[Any] = ()) -> None:
    """Collect (field path, value) of every AssetPath in a validated model, guided by the types."""
    if isinstance(value, str):
        if _has_marker(tp, metadata):
            out.append((where, value))
        return
    if isinstance(value, BaseModel):
        for name, f in type(value).model_fields.items():
            if not _may_hold_assets(f.annotation, tuple(f.metadata)):
                continue
            _asset_refs(getattr(value, name, None), f.annotation, f"{where}.{_key(name)}" if where else name,
                        out, f.metadata)
        return
    inner = _unwrap(tp)
    members = _union_members(inner)
    options = members if members is not None else [inner]
    if isinstance(value, (list, tuple)):
        item_types = [typing.get_args(o)[0] for o in options
                      if typing.get_origin(o) in (list, tuple, set, frozenset) and typing.get_args(o)]
        for i, v in enumerate(value):
            for it in item_types or [None]:
                _asset_refs(v, it, f"{where}[{i}]", out)
    elif isinstance(value, dict):
        value_types = [typing.get_args(o)[1] for o in options
                       if typing.get_origin(o) is dict and len(typing.get_args(o)) == 2]
        for k, v in value.items():
            for vt in value_types or [None]:
                _asset_refs(v, vt, f"{where}.{_key(k)}", out)


_ASSET_TYPES: dict[Any, bool] = {}


def _may_hold_assets(tp: Any, metadata: tuple[Any, ...] = ()) -> bool:
    """True when an AssetPath may sit somewhere inside a field of this type (cached per type)."""
    if _has_marker(tp, metadata):
        return True
    try:
        return _ASSET_TYPES[tp]
    except (KeyError, TypeError):
        pass
    result = _type_holds_assets(tp, set())
    try:
        _ASSET_TYPES[tp] = result
    except TypeError:  # an unhashable type annotation: just do not cache
        pass
    return result


def _type_holds_assets(tp: Any, seen: set[int]) -> bool:
    if id(tp) in seen:
        return False
    seen.add(id(tp))
    if _has_marker(tp):
        return True
    if _is_model(tp):
        return any(_has_marker(f.annotation, f.metadata) or _type_holds_assets(f.annotation, seen)
                   for f in tp.model_fields.values())
    return any(_type_holds_assets(a, seen) for a in typing.get_args(tp) if not isinstance(a, (str, int, float)))


def _has_marker(tp: Any, metadata: Iterable[Any] = ()) -> bool:
    """True when a type (or field metadata) carries schema.ASSET_MARKER, also inside Optional/unions."""
    from game.engine.schema import ASSET_MARKER

    if any(m is ASSET_MARKER for m in metadata):
        return True
    if typing.get_origin(tp) is typing.Annotated:
        args = typing.get_args(tp)
        return any(m is ASSET_MARKER for m in args[1:]) or _has_marker(args[0])
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return any(_has_marker(a) for a in typing.get_args(tp))
    return False


def _check_assets(level: Level) -> list[str]:
    """Check every image a file-based level refers to (AssetPath fields)."""
    if level.path is None:
        return []
    refs: list[tuple[str, str]] = []
    _asset_refs(level.model, type(level.model), "", refs)
    problems: list[str] = []
    for loc, rel in refs:
        if not rel:
            continue
        try:
            resolve_asset(level, rel, loc)
        except LevelError as exc:
            problems.extend(exc.problems)
    return problems[:MAX_PROBLEMS]


# --- finding levels -----------------------------------------------------------------------------

def is_level_file(path: Path) -> bool:
    """True for files that are levels: ``*.toml`` not starting with ``_`` (shared) or ``.`` (hidden)."""
    path = Path(path)
    return path.suffix == ".toml" and not path.name.startswith(("_", "."))


def find_level_files(folder: Path, *, recursive: bool = False) -> list[Path]:
    """Level files in a folder, sorted; recursive skips folders starting with ``_`` or ``.``."""
    folder = Path(folder)
    out: list[Path] = []
    if not recursive:
        try:
            return sorted(p for p in folder.iterdir() if is_level_file(p) and not p.is_dir())
        except OSError:
            return []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(("_", ".")))
        out.extend(Path(dirpath) / f for f in sorted(filenames) if is_level_file(Path(f)))
    return out


def _entry_from_error(ruleset: str, p: Path, source: str, exc: LevelError) -> LevelEntry:
    return LevelEntry(ruleset, p.stem, p, source, None, str(exc), list(exc.problems))


def load_entry(p: Path, ruleset: str | None, source: str, root: Path | None = None) -> LevelEntry:
    """Load one file into a LevelEntry (broken files carry their error); never raises."""
    folder_rs = ruleset or p.parent.name
    try:
        lvl = load_level_file(p, root=root, source=source)
        if ruleset is not None and lvl.ruleset != ruleset:
            err = LevelError(_display(p), [f"ruleset: says {lvl.ruleset!r} but the file is in the {ruleset}/ folder"])
            return LevelEntry(ruleset, lvl.id, p, source, None, str(err), err.problems)
        return LevelEntry(lvl.ruleset, lvl.id, p, source, lvl)
    except LevelError as exc:
        return _entry_from_error(folder_rs, p, source, exc)
    except Exception as exc:  # noqa: BLE001 - one broken file never stops the others
        log.exception("unexpected error loading %s", p)
        err = LevelError(_display(p), [f"could not be read: {type(exc).__name__}: {exc}"])
        return _entry_from_error(folder_rs, p, source, err)


def _scan(base: Path, ruleset: str, source: str) -> list[LevelEntry]:
    folder = base / ruleset
    if not folder.is_dir():
        return []
    files = find_level_files(folder)[:MAX_LEVELS_PER_DIR]
    return [load_entry(p, ruleset, source, root=base) for p in files]


def mark_duplicates(entries: list[LevelEntry]) -> None:
    """Mark every loaded level whose id an earlier loaded level of its ruleset already uses as broken."""
    seen: dict[tuple[str, str], LevelEntry] = {}
    for e in entries:
        if e.level is None:
            continue
        key = (e.ruleset, e.id)
        first = seen.get(key)
        if first is None:
            seen[key] = e
            continue
        problem = (f"id: {e.id!r} is already used by {_display(first.path)}: "
                   "rename the file or set a different id")
        err = LevelError(_display(e.path), [problem])
        e.level = None
        e.problems = err.problems
        e.error = str(err)


def discover_levels(ruleset: str, *, include_mods: bool = True) -> list[LevelEntry]:
    """Return the shipped and mod levels of a ruleset (broken ones carry their error), in menu order."""
    entries = _scan(paths.levels_dir(), ruleset, "shipped")
    if include_mods:
        entries += _scan(paths.mods_dir(), ruleset, "mod")
    mark_duplicates(entries)

    def order(e: LevelEntry) -> tuple[Any, ...]:
        rank = getattr(e.level.model, "order", 100) if e.level else 10**6
        return (e.source != "shipped", rank, e.id)

    return sorted(entries, key=order)


def get_level(ruleset: str, level_id: str | None = None) -> Level:
    """Return a level by id (the first shipped one when id is None); LevelError otherwise."""
    entries = discover_levels(ruleset)
    good = [e for e in entries if e.level is not None]
    if level_id is None:
        if not good:
            raise LevelError(ruleset, ["no playable level found"])
        return good[0].level  # type: ignore[return-value]
    for e in good:
        if e.id == level_id:
            return e.level  # type: ignore[return-value]
    for e in entries:
        if e.id == level_id:
            raise LevelError(_display(e.path), e.problems or [e.error or "broken level"])
    ids = [e.id for e in entries]
    raise LevelError(ruleset, [f"level: no level {level_id!r}{_suggest(level_id, ids)} "
                               f"(known: {', '.join(ids) or 'none'})"])


def check_level_model(model: Any) -> list[str]:
    """Return problems of a ruleset's level model itself: nested models that would ignore unknown keys."""
    problems: list[str] = []
    seen: set[Any] = set()

    def walk(tp: Any) -> None:
        if tp is None or isinstance(tp, (str, int, float, bool)):
            return
        if _is_model(tp):
            if tp in seen:
                return
            seen.add(tp)
            if tp.model_config.get("extra") != "forbid":
                problems.append(f"{tp.__name__}: unknown keys would be ignored (derive it from StrictModel)")
            for f in tp.model_fields.values():
                walk(f.annotation)
            return
        for arg in typing.get_args(tp):
            walk(arg)

    walk(model)
    return problems


def json_schema(ruleset: str) -> dict[str, Any]:
    """Return the JSON Schema of a ruleset's level files."""
    from game.engine.registry import get_ruleset

    rs = get_ruleset(ruleset)
    if rs.level_model is None:
        raise KeyError(f"{ruleset!r} takes no level files")
    schema = rs.level_model.model_json_schema()
    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}
    schema["title"] = f"Mesa de Héroes level ({ruleset})"
    return schema
