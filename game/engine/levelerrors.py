"""Level errors: ``LevelError`` and the words of every problem a level file can have.

A problem reads ``path: field.path: what was expected`` with a suggestion for typos.
This module turns pydantic's validation errors into such lines (resolving the error
locations against the model's types, so union labels never show), and checks raw
data for what JSON cannot hold (dates, NaN) or nests too deeply. It is one of the
level modules; ``game.engine.levels`` re-exports its public names. Its lines are
``Msg`` strings (``game.engine.levelwords``): English, and translatable for the level list.
"""

from __future__ import annotations

import inspect
import json
import logging
import math
import re
import types
import typing
from dataclasses import dataclass
from typing import Any, Iterable

from pydantic import BaseModel, ValidationError

from game.engine.levelchecks import suggest
from game.engine.levelwords import Msg
from game.engine.limits import MAX_PROBLEMS

log = logging.getLogger(__name__)

MAX_DEPTH = 24                   # nesting of tables and arrays
#: pydantic errors looked at per file (the first MAX_PROBLEMS lines come from these; the rest are counted)
MAX_ERRORS_READ = 10 * MAX_PROBLEMS
_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,47}$")


# characters that would split a message line, drive a terminal or reorder the text around them
# (bidirectional controls: a right-to-left override prints the rest of the line reversed): shown escaped
_UNSAFE = {c: f"\\x{c:02x}" for c in range(32) if c != 9}
_UNSAFE.update({c: f"\\x{c:02x}" for c in range(0x7F, 0xA0)})
_UNSAFE.update({c: f"\\u{c:04x}" for c in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F),
                                            *range(0x2066, 0x206A), 0x2028, 0x2029, 0xFEFF)})
_UNSAFE.update({ord("\n"): "\\n", ord("\r"): "\\r"})


def _safe(text: Any) -> str:
    """One printable line: control characters and line breaks escaped (a ``Msg`` keeps its key)."""
    if isinstance(text, Msg):
        return Msg(text.key, _safe(text.prefix), **{k: _safe(v) if isinstance(v, str) else v
                                                    for k, v in text.args.items()})
    return str(text).translate(_UNSAFE)


class LevelError(ValueError):
    """A level file that cannot be used; ``str()`` names the file and field."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = _safe(path)
        self.problems = [_safe(p) for p in problems] or ["invalid level"]
        path = self.path
        super().__init__("\n".join(f"{path}: {p}" for p in self.problems))



# --- errors -------------------------------------------------------------------------------------

def _suggest(word: Any, options: Iterable[Any]) -> str:
    """`` (did you mean 'x'?)`` (a ``Msg``) for a near option, or ""; bounded work (levelchecks.py)."""
    found = suggest(word, options)
    m = re.match(r"^ \(did you mean (.*)\?\)$", found, re.S)
    return Msg("levelerr.did_you_mean", word=m.group(1)) if m else found


def _got(value: Any) -> str:
    """`` (got 3)``: the value a file wrote, shown short."""
    return Msg("levelerr.got", value=_short(value))


def _short(value: Any) -> str:
    """A short description of an input value for messages."""
    if isinstance(value, dict):
        return Msg("levelerr.type.table")
    if isinstance(value, list):
        return Msg("levelerr.type.list")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and not -10**40 < value < 10**40:  # repr of 5,000 digits is refused by Python
        return Msg("levelerr.short.digits", digits=int(value.bit_length() * 0.30103) + 1)
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
    simple = {str: "text", bool: "bool", int: "int", float: "float"}.get(tp) if isinstance(tp, type) else None
    if simple:
        return Msg(f"levelerr.type.{simple}")
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return Msg("levelerr.type.one_of", options=", ".join(str(a) for a in typing.get_args(tp)))
    if origin in (list, tuple, set, frozenset):
        return Msg("levelerr.type.list")
    if origin is dict:
        return Msg("levelerr.type.table")
    if _is_model(tp):
        keys = _keys_of(tp)
        shown = ", ".join(keys[:6]) + (", ..." if len(keys) > 6 else "")
        return Msg("levelerr.type.table_keys", keys=shown)
    members = _union_members(tp)
    if members:
        tags = _union_tags(tp)
        if tags and all(_is_model(m) for m in members):
            disc = "effect" if all("effect" in m.model_fields for m in members) else "kind"
            return Msg("levelerr.type.tagged", disc=disc, options=", ".join(tags))
        words = [_describe_type(m) for m in members]
        out = words[-1]
        for w in reversed(words[:-1]):
            out = Msg("levelerr.type.either", a=w, b=out)
        return out
    name = getattr(tp, "__name__", "")
    return Msg({"str": "levelerr.type.text", "int": "levelerr.type.int"}.get(name, "levelerr.type.value"))


#: what a pydantic error type expected (the key of levelerr.type.*)
_TYPE_WORDS = {
    "string_type": "text", "string_unicode": "text",
    "int_type": "int", "int_parsing": "int", "int_from_float": "int", "float_type": "float",
    "float_parsing": "float", "finite_number": "finite", "bool_type": "bool", "bool_parsing": "bool",
    "list_type": "list", "tuple_type": "list", "set_type": "list",
    "dict_type": "table", "model_type": "table", "model_attributes_type": "table", "missing": "",
}


def _message(err: dict[str, Any], where: _Where) -> str:
    """The words of one pydantic error (without its location)."""
    typ = err.get("type", "")
    ctx = err.get("ctx") or {}
    inp = err.get("input")
    got = _got(inp) if "input" in err and typ != "missing" else ""
    final = where.final
    if typ == "literal_error":
        if typing.get_origin(final) is typing.Literal:
            expected = [str(a) for a in typing.get_args(final)]
        else:
            expected = re.findall(r"'([^']*)'", str(ctx.get("expected", ""))) or [str(ctx.get("expected", ""))]
        shown = repr(inp) if isinstance(inp, (str, int, float)) and not isinstance(inp, bool) else _short(inp)
        return Msg("levelerr.unknown_value", value=shown, suggestion=_suggest(inp, expected),
                   options=", ".join(expected))
    if typ == "union_tag_invalid":
        expected = _union_tags(final) or re.findall(r"'([^']*)'", str(ctx.get("expected_tags", "")))
        disc = str(ctx.get("discriminator", "kind")).strip("'")
        tag = ctx.get("tag")
        return Msg("levelerr.unknown_tag", disc=disc, tag=repr(tag), suggestion=_suggest(tag, expected),
                   options=", ".join(expected))
    if typ == "union_tag_not_found":
        disc = str(ctx.get("discriminator", "kind")).strip("'")
        expected = _union_tags(final)
        if not isinstance(inp, dict):
            return Msg("levelerr.expected", what=Msg("levelerr.type.tagged", disc=disc, options=", ".join(expected)),
                       got=got)
        return Msg("levelerr.missing_tag", disc=repr(disc), options=", ".join(expected))
    if typ in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        limit = next(iter(ctx.values()), "?")
        return Msg(f"levelerr.bound.{typ}", limit=str(limit), got=got)
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
            return Msg("levelerr.bad_id", got=got)
        return f"does not match the pattern {ctx.get('pattern')}{got}"
    if typ in ("value_error", "assertion_error"):
        msg = str(err.get("msg", "invalid value"))
        return re.sub(r"^(Value error|Assertion failed), ", "", msg)
    if typ == "missing":
        return Msg("levelerr.missing")
    if typ in _TYPE_WORDS:
        if final is not None and _describe_type(final) != "a value":
            return Msg("levelerr.expected", what=_describe_type(final), got=got)
        return Msg("levelerr.expected", what=Msg(f"levelerr.type.{_TYPE_WORDS[typ]}"), got=got)
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
        shaped = {lab: es for lab, es in labels.items()
                  if all(e[0].get("type") in _CONSTRAINTS for e in es)}
        if not deep and shaped:  # the value had the member's type and broke its limit: say the limit
            deep = shaped
        if deep:
            best = min(deep, key=lambda lab: len(deep[lab]))
            keep = deep[best]
        else:
            point = _resolve(model, prefix)
            keep = [Msg("levelerr.expected", f"{point.text()}: ", what=_describe_type(point.final),
                        got=_got(group[0][0].get("input")))]
        out = [e for e in out if not any(e is g for g in group)]
        out[first_index:first_index] = keep
    return out


#: errors about a value of the right type that breaks a limit (not a wrong type)
_CONSTRAINTS = frozenset({"string_too_long", "string_too_short", "too_long", "too_short", "greater_than_equal",
                          "greater_than", "less_than_equal", "less_than", "string_pattern_mismatch"})


def format_validation_error(exc: ValidationError, model: Any) -> list[str]:
    """Turn pydantic errors into ``field.path: message`` lines with suggestions."""
    try:
        return _format_validation_error(exc, model)
    except Exception:  # noqa: BLE001 - a formatting bug must not hide the error itself
        log.exception("formatting a validation error failed")
        return [f"{'.'.join(str(p) for p in e.get('loc', ())) or '(top level)'}: {e.get('msg', 'invalid')}"
                for e in exc.errors(include_url=False)[:MAX_PROBLEMS]] or ["invalid level"]


def _format_validation_error(exc: ValidationError, model: Any) -> list[str]:
    errors = exc.errors(include_url=False)
    unread = max(0, len(errors) - MAX_ERRORS_READ)  # a file with thousands of errors: bounded work
    resolved = [(dict(err), _resolve(model, tuple(err.get("loc", ())))) for err in errors[:MAX_ERRORS_READ]]
    lines: list[str] = []
    for item in _prune_unions(model, resolved):
        if isinstance(item, str):
            line = item
        else:
            err, w = item
            if err.get("type") == "extra_forbidden":
                key = w.parts[-1] if w.parts else "?"
                options = _keys_of(w.owner) if _is_model(w.owner) else []
                line = Msg("levelerr.unknown_key_options" if options else "levelerr.unknown_key", f"{w.text()}: ",
                           key=repr(str(key)), suggestion=_suggest(str(key), options), options=", ".join(options))
            else:
                said = _message(err, w)
                line = Msg(said.key, f"{w.text()}: {said.prefix}", **said.args) if isinstance(said, Msg) \
                    else f"{w.text()}: {said}"
        if line not in lines:
            lines.append(line)
    if len(lines) > MAX_PROBLEMS and not unread:
        extra = len(lines) - MAX_PROBLEMS
        lines = lines[:MAX_PROBLEMS] + [Msg("levelerr.more", n=extra)]
    elif unread:  # the count of lines the unread errors would give is not known without the work
        lines = lines[:MAX_PROBLEMS] + [f"(and more problems: {len(errors)} errors in all)"]
    return lines or ["(top level): invalid level"]


def _check_data(value: Any, where: str, depth: int, problems: list[str]) -> None:
    """Refuse nesting deeper than MAX_DEPTH and values JSON cannot hold (dates, NaN)."""
    trail: list[Any] = []
    problem = _first_bad(value, depth, trail)
    if problem:
        loc = _Where(list(reversed(trail)), None, [], None).text()
        if where:
            loc = where if loc == "(top level)" else f"{where}{'' if loc.startswith('[') else '.'}{loc}"
        problems.append(Msg(problem.key, f"{loc}: ", **problem.args) if isinstance(problem, Msg) else f"{loc}: {problem}")


_PLAIN = (str, int, bool, type(None))


def _first_bad(value: Any, depth: int, trail: list[Any]) -> str | None:
    """The first problem below ``value``; ``trail`` receives its location, innermost first."""
    if depth > MAX_DEPTH:
        return Msg("levelerr.too_deep", depth=MAX_DEPTH)
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
            return Msg("levelerr.expected", what=Msg("levelerr.type.finite"), got=Msg("levelerr.got", value=repr(value)))
    elif not isinstance(value, _PLAIN):
        return (f"dates and times are not used in level files (got {type(value).__name__}); "
                "write them as text")
    return None

