"""The field types records understand: how each is dumped, loaded (checked) and copied.

``records.py`` declares ``Record``; this module compiles, once per field type, the three small
functions a record uses for that field (a ``_Plan``), so saving, loading and cloning a record run
no type inspection. Also here: the markers and limits a field may carry (``Json``, ``DERIVED``,
``Between``, ``MaxLen``), ``RecordError`` and the registry of custom codecs.
"""

from __future__ import annotations

import enum
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable

from game.engine.protocol import StateError


#: marks a field that is neither saved nor loaded (rebuilt by ``after_load``)
DERIVED: dict[str, Any] = {"derived": True}

#: any JSON value (None, bool, int, float, str, list, dict with str keys); copied deeply
Json = typing.Annotated[Any, "json"]

#: nesting bound for Json fields in loaded data
MAX_JSON_DEPTH = 64


class RecordError(StateError):
    """Data that does not fit a record: ``str()`` is ``field.path: expected ...``."""


@dataclass(frozen=True)
class Between:
    """A limit on a number field: ``lo <= value <= hi``."""

    lo: float
    hi: float


@dataclass(frozen=True)
class MaxLen:
    """A limit on the length of a text, list or table field."""

    n: int


# --------------------------------------------------------------------------- codecs
Codec = tuple[Callable[[Any], Any], Callable[[Any, str], Any], Callable[[Any], Any] | None]
_CODECS: dict[type, Codec] = {}


def register_codec(tp: type, dump: Callable[[Any], Any], load: Callable[[Any, str], Any],
                   copy: Callable[[Any], Any] | None) -> None:
    """Teach records a custom field type: how to dump it, load it (data, path) and copy it (None: immutable, shared)."""
    _CODECS[tp] = (dump, load, copy)


def _describe(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _fail(path: str, expected: str, value: Any) -> RecordError:
    return RecordError(f"{path or '(top level)'}: expected {expected}, got {_describe(value)}")


def dup_json(value: Any) -> Any:
    """Return a deep copy of JSON data (faster than copy.deepcopy)."""
    cls = value.__class__
    if cls is dict:
        return {k: dup_json(v) for k, v in value.items()}
    if cls is list:
        return [dup_json(v) for v in value]
    return value


def _check_json(value: Any, path: str, depth: int = 0) -> Any:
    if depth > MAX_JSON_DEPTH:
        raise RecordError(f"{path}: nested too deeply")
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise _fail(path, "a finite number", value)
        return value
    if isinstance(value, list):
        return [_check_json(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise _fail(path, "a table with text keys", k)
            out[k] = _check_json(v, f"{path}.{k}", depth + 1)
        return out
    raise _fail(path, "a JSON value", value)


def _identity(v: Any) -> Any:
    return v


# --------------------------------------------------------------------------- compiled field plans
class _Plan:
    """How one type is dumped, loaded and copied (``copy`` None: immutable, shared)."""

    __slots__ = ("dump", "load", "copy", "scalar")

    def __init__(self, dump: Callable[[Any], Any] | None, load: Callable[[Any, str], Any],
                 copy: Callable[[Any], Any] | None, scalar: type | None = None) -> None:
        self.dump = dump
        self.load = load
        self.copy = copy
        #: for a plain ``str`` or ``int`` (no limits): lists and tables of it are checked in one pass
        self.scalar = scalar


def _limit_check(limits: list[Any], value: Any, path: str) -> None:
    for lim in limits:
        if isinstance(lim, Between) and not lim.lo <= value <= lim.hi:
            raise _fail(path, f"a number in {lim.lo:g}..{lim.hi:g}", value)
        if isinstance(lim, MaxLen) and len(value) > lim.n:
            raise RecordError(f"{path}: expected at most {lim.n} entries or characters, got {len(value)}")


def _scalar(tp: type, name: str) -> _Plan:
    if tp is bool:
        def load(v: Any, path: str) -> Any:
            if v is True or v is False:
                return v
            raise _fail(path, "true or false", v)
    elif tp is int:
        def load(v: Any, path: str) -> Any:
            if isinstance(v, int) and not isinstance(v, bool):
                return v
            raise _fail(path, "an integer", v)
    elif tp is float:
        def load(v: Any, path: str) -> Any:
            if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) != float("inf"):
                return v
            raise _fail(path, "a number", v)
    elif tp is str:
        def load(v: Any, path: str) -> Any:
            if isinstance(v, str):
                return v
            raise _fail(path, "a text", v)
    else:  # NoneType
        def load(v: Any, path: str) -> Any:
            if v is None:
                return None
            raise _fail(path, "null", v)
    return _Plan(None, load, None, tp if tp in (str, int) else None)


def _all_of(values: Any, tp: type | None) -> bool:
    """True when every value's class is exactly ``tp`` (str, or int without bool)."""
    return tp is not None and not set(map(type, values)).difference((tp,))


def _plan(tp: Any, owner: str) -> _Plan:
    """Compile the dump/load/copy functions of one annotated type."""
    origin = typing.get_origin(tp)
    if tp is Json or (origin is typing.Annotated and "json" in typing.get_args(tp)[1:]):
        return _Plan(dup_json, lambda v, path: _check_json(v, path), dup_json)
    if origin is typing.Annotated:
        base, *meta = typing.get_args(tp)
        inner = _plan(base, owner)
        limits = [m for m in meta if isinstance(m, (Between, MaxLen))]
        if not limits:
            return inner
        iload = inner.load
        if len(limits) == 1 and isinstance(limits[0], Between) and base in (int, float):
            lo, hi, lim = limits[0].lo, limits[0].hi, limits[0]

            def load_between(v: Any, path: str) -> Any:  # the common case, checked inline
                out = iload(v, path)
                if not lo <= out <= hi:
                    _limit_check([lim], out, path)
                return out
            return _Plan(inner.dump, load_between, inner.copy)
        if len(limits) == 1 and isinstance(limits[0], MaxLen):
            most, mlim = limits[0].n, limits[0]

            def load_maxlen(v: Any, path: str) -> Any:  # the other common case, checked inline
                out = iload(v, path)
                if out is not None and len(out) > most:
                    _limit_check([mlim], out, path)
                return out
            return _Plan(inner.dump, load_maxlen, inner.copy)

        def load(v: Any, path: str) -> Any:
            out = iload(v, path)
            if out is not None:
                _limit_check(limits, out, path)
            return out
        return _Plan(inner.dump, load, inner.copy)
    if tp is Any:
        return _plan(Json, owner)
    if tp in (int, float, str, bool, type(None)):
        return _scalar(tp, owner)
    if isinstance(tp, type) and tp in _CODECS:
        c_dump, c_load, c_copy = _CODECS[tp]
        return _Plan(c_dump, c_load, c_copy)
    from game.engine.records import Record, _copy_record, _dump_record

    if isinstance(tp, type) and issubclass(tp, Record):
        rec = tp

        def load_rec(v: Any, path: str) -> Any:
            return rec.from_json(v, path)
        return _Plan(_dump_record, load_rec, _copy_record)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        members = {m.value: m for m in tp}
        names = ", ".join(repr(v) for v in members)

        def load_enum(v: Any, path: str) -> Any:
            try:
                return members[v]
            except (KeyError, TypeError):
                raise _fail(path, f"one of {names}", v) from None
        return _Plan(lambda v: v.value, load_enum, None)
    if origin is typing.Literal:
        allowed = typing.get_args(tp)
        names = ", ".join(repr(v) for v in allowed)

        def load_lit(v: Any, path: str) -> Any:
            if v in allowed and type(v) in {type(a) for a in allowed}:
                return v
            raise _fail(path, f"one of {names}", v)
        return _Plan(None, load_lit, None)
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(tp), owner)
    if origin is list:
        (item_tp,) = typing.get_args(tp) or (Any,)
        return _sequence(_plan(item_tp, owner), list)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(_plan(args[0], owner), tuple)
        return _fixed_tuple([_plan(a, owner) for a in args])
    if origin is dict:
        key_tp, val_tp = typing.get_args(tp) or (str, Any)
        if key_tp is not str:
            raise TypeError(f"{owner}: record tables need text keys, not {key_tp!r}")
        return _table(_plan(val_tp, owner))
    raise TypeError(f"{owner}: records cannot hold {tp!r}")


def _union(members: tuple[Any, ...], owner: str) -> _Plan:
    nullable = type(None) in members
    rest = [m for m in members if m is not type(None)]
    if len(rest) != 1:
        raise TypeError(f"{owner}: a record field may be one type or None, not {members!r}")
    inner = _plan(rest[0], owner)
    idump, iload, icopy = inner.dump, inner.load, inner.copy
    dump = None if idump is None else (lambda v: None if v is None else idump(v))
    copy = None if icopy is None else (lambda v: None if v is None else icopy(v))

    def load(v: Any, path: str) -> Any:
        if v is None and nullable:
            return None
        return iload(v, path)
    return _Plan(dump, load, copy)


def _sequence(item: _Plan, kind: type) -> _Plan:
    idump, iload, icopy = item.dump, item.load, item.copy
    what = "a list"

    scalar = item.scalar

    def load(v: Any, path: str) -> Any:
        if not isinstance(v, list):
            raise _fail(path, what, v)
        if _all_of(v, scalar):
            return kind(v)
        return kind(iload(x, f"{path}[{i}]") for i, x in enumerate(v))
    dump: Callable[[Any], Any]
    copy: Callable[[Any], Any] | None
    if kind is tuple:
        dump = (lambda v: list(v)) if idump is None else (lambda v: [idump(x) for x in v])
        copy = None if icopy is None else (lambda v: tuple(icopy(x) for x in v))
    else:
        dump = list if idump is None else (lambda v: [idump(x) for x in v])
        copy = list if icopy is None else (lambda v: [icopy(x) for x in v])
    return _Plan(dump, load, copy)


def _fixed_tuple(items: list[_Plan]) -> _Plan:
    n = len(items)

    def load(v: Any, path: str) -> Any:
        if not isinstance(v, list) or len(v) != n:
            raise _fail(path, f"a list of {n} values", v)
        return tuple(p.load(x, f"{path}[{i}]") for i, (p, x) in enumerate(zip(items, v)))

    def dump(v: Any) -> Any:
        return [x if p.dump is None else p.dump(x) for p, x in zip(items, v)]
    mutable = any(p.copy is not None for p in items)
    copy = (lambda v: tuple(x if p.copy is None else p.copy(x) for p, x in zip(items, v))) if mutable else None
    return _Plan(dump, load, copy)


def _table(value: _Plan) -> _Plan:
    vdump, vload, vcopy = value.dump, value.load, value.copy
    scalar = value.scalar

    def load(v: Any, path: str) -> Any:
        if not isinstance(v, dict):
            raise _fail(path, "a table", v)
        if _all_of(v.values(), scalar) and _all_of(v, str):
            return dict(v)
        out = {}
        for k, x in v.items():
            if not isinstance(k, str):
                raise _fail(path, "a table with text keys", k)
            out[k] = vload(x, f"{path}.{k}")
        return out
    dump = dict if vdump is None else (lambda v: {k: vdump(x) for k, x in v.items()})
    copy = dict if vcopy is None else (lambda v: {k: vcopy(x) for k, x in v.items()})
    return _Plan(dump, load, copy)


