"""Typed state records: declare a state's fields once; JSON, loading and copying come from that.

A ruleset declares its state (and the parts inside it) as dataclasses deriving from ``Record``::

    @dataclass(eq=False)
    class Player(Record):
        hero: str
        health: Annotated[int, Between(0, 999)]
        bag: list[str] = field(default_factory=list)
        last: Json = None                                   # any JSON value, copied deeply
        seen: dict[str, int] = field(default_factory=dict)
        _index: dict = field(default_factory=dict, metadata=DERIVED)   # not saved, rebuilt

    p.to_json()                  -> {"hero": ..., "health": ..., "bag": [...], ...}
    Player.from_json(data, "players[0]")   # RecordError("players[0].health: expected an integer ...")
    p.clone()                    -> an independent deep copy (fast: scalars shared, containers copied)

Supported field types: ``int``, ``float``, ``str``, ``bool``, ``None``, ``X | None``, ``Literal[...]``,
``list[T]``, ``tuple[T, ...]`` (a JSON list, kept as a tuple), fixed ``tuple[A, B]``, ``dict[str, T]``,
nested ``Record`` subclasses, ``Enum`` subclasses (saved by value), ``Json`` (any JSON value),
``Annotated[T, Between(lo, hi)]`` / ``Annotated[T, MaxLen(n)]`` limits, and types registered with
``register_codec`` (the engine registers ``Rng`` and ``Level``; a Level is saved as its content-hash
reference, see ``levelrefs``). A field whose metadata is ``DERIVED`` is neither saved nor loaded (it
is rebuilt by ``after_load``); a field whose metadata has ``{"json": "from"}`` is saved under that key.

Records never import pygame and hold only JSON-safe data, so ``to_json`` is the save format.
"""

from __future__ import annotations

import dataclasses
import enum
import operator
import types
import typing
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, TypeVar

from game.engine.protocol import StateError

__all__ = ["Record", "RecordError", "Json", "Between", "MaxLen", "DERIVED", "register_codec", "dup_json"]

T = TypeVar("T", bound="Record")

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


# --------------------------------------------------------------------------- the record base
class Record:
    """Base of typed state records (subclasses are dataclasses; see the module docstring)."""

    #: compiled per class on first use: (attribute, json key, plan, has default, default factory)
    _record_fields: ClassVar[tuple[tuple[str, str, _Plan, Any], ...] | None] = None
    _record_derived: ClassVar[tuple[tuple[str, Any], ...]] = ()
    #: compiled per class on first use: the fast paths of clone/to_json/from_json (None: not possible)
    _record_fast: ClassVar[_Fast | None] = None

    @classmethod
    def _compile(cls) -> tuple[tuple[str, str, _Plan, Any], ...]:
        compiled = cls.__dict__.get("_record_fields")
        if compiled is not None:
            return compiled
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__}: a Record must be a dataclass")
        hints = typing.get_type_hints(cls, include_extras=True)
        out = []
        derived = []
        for f in dataclasses.fields(cls):
            if f.metadata.get("derived"):
                derived.append((f.name, f))
                continue
            if f.default is not dataclasses.MISSING:
                default: Any = ("value", f.default)
            elif f.default_factory is not dataclasses.MISSING:
                default = ("factory", f.default_factory)
            else:
                default = None
            out.append((f.name, f.metadata.get("json", f.name), _plan(hints[f.name], f"{cls.__name__}.{f.name}"),
                        default))
        compiled = tuple(out)
        cls._record_fields = compiled
        cls._record_derived = tuple(derived)
        cls._record_fast = _Fast.of(cls, compiled, cls._record_derived)
        return compiled

    # ----------------------------------------------------------------- JSON
    def to_json(self) -> dict[str, Any]:
        """Return the record as JSON-safe data (fields in declaration order)."""
        out: dict[str, Any] = {}
        fields = self._compile()
        fast = type(self)._record_fast
        if fast is not None:
            try:
                return fast.to_json(self.__dict__)
            except KeyError:  # a field not set on this instance: the general path below
                pass
        for name, key, plan, _ in fields:
            v = getattr(self, name)
            out[key] = v if plan.dump is None else plan.dump(v)
        return out

    @classmethod
    def from_json(cls: type[T], data: Any, path: str = "") -> T:
        """Rebuild a record from ``to_json`` data; RecordError naming the field path otherwise."""
        fields = cls._compile()
        if not isinstance(data, dict):
            raise _fail(path, "a table", data)
        fast = cls._record_fast
        known = fast.keys if fast is not None else {key for _, key, _, _ in fields}
        for key in data:
            if key not in known:
                raise RecordError(f"{_join(path, str(key))}: unknown field")
        obj = cls.__new__(cls)
        if fast is not None:
            fast.load_into(obj, data, path)
            return obj
        for name, key, plan, default in fields:
            if key in data:
                value = plan.load(data[key], _join(path, key))
            elif default is None:
                raise RecordError(f"{_join(path, key)}: missing")
            elif default[0] == "value":
                value = default[1]
            else:
                value = default[1]()
            object.__setattr__(obj, name, value)
        for name, f in cls._record_derived:
            if f.default_factory is not dataclasses.MISSING:
                object.__setattr__(obj, name, f.default_factory())
            elif f.default is not dataclasses.MISSING:
                object.__setattr__(obj, name, f.default)
        obj.after_load()
        return obj

    # ----------------------------------------------------------------- copying
    def clone(self: T) -> T:
        """Return an independent deep copy (immutable values shared, containers copied)."""
        cls = type(self)
        fields = cls._compile()
        fast = cls._record_fast
        if fast is not None:
            try:
                return fast.clone(self, cls)
            except KeyError:  # a field not set on this instance: the general path below
                pass
        obj = cls.__new__(cls)
        for name, _key, plan, _ in fields:
            v = getattr(self, name)
            object.__setattr__(obj, name, v if plan.copy is None else plan.copy(v))
        for name, f in cls._record_derived:
            if f.default_factory is not dataclasses.MISSING:
                object.__setattr__(obj, name, f.default_factory())
            elif f.default is not dataclasses.MISSING:
                object.__setattr__(obj, name, f.default)
        obj.after_load()
        return obj

    def after_load(self) -> None:
        """Rebuild derived fields (indexes, caches) after ``from_json`` or ``clone``; default: nothing."""


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


class _Fast:
    """A record class's precompiled fast paths: its fields read straight from the instance ``__dict__``.

    Only for classes whose instances keep every field in ``__dict__`` (no class in the MRO declares
    slots); the results are exactly those of the general paths in ``Record``.
    """

    __slots__ = ("keys", "dumps", "plain", "get_all", "shared", "get_shared", "copied", "derived", "hook", "loads")

    def __init__(self, fields: tuple[tuple[str, str, _Plan, Any], ...], derived: tuple[tuple[str, Any], ...],
                 hook: bool) -> None:
        self.keys = frozenset(key for _, key, _, _ in fields)
        self.loads = tuple((name, key, plan.load, default) for name, key, plan, default in fields)
        self.dumps = tuple((name, key, plan.dump) for name, key, plan, _ in fields)
        #: every field dumps as it is: to_json is one zip of the keys and the values
        self.plain = tuple(key for _, key, dump in self.dumps) if all(d is None for *_, d in self.dumps) else None
        names = tuple(name for name, _, _ in self.dumps)
        everything = operator.itemgetter(*names) if names else (lambda d: ())
        self.get_all = everything if len(names) != 1 else (lambda d, g=everything: (g(d),))  # type: ignore[misc]
        self.shared = tuple(name for name, _, plan, _ in fields if plan.copy is None)
        n = len(self.shared)
        # with no shared field get_shared is never called (clone checks ``self.shared`` first)
        getter: Callable[[Any], Any] = operator.itemgetter(*self.shared) if n else (lambda d: ())
        self.get_shared = getter if n != 1 else (lambda d, g=getter: (g(d),))  # type: ignore[misc]
        self.copied = tuple((name, plan.copy) for name, _, plan, _ in fields if plan.copy is not None)
        out = []
        for name, f in derived:
            if f.default_factory is not dataclasses.MISSING:
                out.append((name, f.default_factory, None))
            elif f.default is not dataclasses.MISSING:
                out.append((name, None, f.default))
        self.derived = tuple(out)
        self.hook = hook

    @staticmethod
    def of(cls: type[Record], fields: tuple[tuple[str, str, _Plan, Any], ...],
           derived: tuple[tuple[str, Any], ...]) -> "_Fast | None":
        """Return the fast paths of a record class, or None when its instances may use slots."""
        if any(c.__dict__.get("__slots__") for c in cls.__mro__ if c is not object):
            return None
        return _Fast(fields, derived, cls.after_load is not Record.after_load)

    def load_into(self, obj: Any, data: dict[str, Any], path: str) -> None:
        """Fill a new record from checked-key data exactly as ``Record.from_json`` does."""
        od = obj.__dict__
        for name, key, load, default in self.loads:
            if key in data:
                od[name] = load(data[key], f"{path}.{key}" if path else key)
            elif default is None:
                raise RecordError(f"{_join(path, key)}: missing")
            elif default[0] == "value":
                od[name] = default[1]
            else:
                od[name] = default[1]()
        for name, factory, value in self.derived:
            od[name] = factory() if factory is not None else value
        if self.hook:
            obj.after_load()

    def to_json(self, d: dict[str, Any]) -> dict[str, Any]:
        """Return the same data as ``Record.to_json`` from an instance dict (KeyError: a field is not set)."""
        if self.plain is not None:
            return dict(zip(self.plain, self.get_all(d)))
        out: dict[str, Any] = {}
        for name, key, dump in self.dumps:
            v = d[name]
            out[key] = v if dump is None else dump(v)
        return out

    def clone(self, rec: Any, cls: type[Record]) -> Any:
        """Return the same copy as ``Record.clone`` (KeyError when a field is not in the instance dict)."""
        obj = cls.__new__(cls)
        d = rec.__dict__
        od = obj.__dict__
        if self.shared:
            od.update(zip(self.shared, self.get_shared(d)))
        for name, copy in self.copied:
            od[name] = copy(d[name])
        for name, factory, value in self.derived:
            od[name] = factory() if factory is not None else value
        if self.hook:
            obj.after_load()
        return obj


# --------------------------------------------------------------------------- engine codecs
def _register_engine_codecs() -> None:
    from game.engine import levelrefs
    from game.engine.levels import Level
    from game.engine.rng import Rng

    def load_rng(v: Any, path: str) -> Rng:
        try:
            return Rng.from_json(v)
        except (TypeError, ValueError, KeyError) as exc:
            raise RecordError(f"{path}: expected a random generator state ({exc})") from None

    def copy_rng(r: Rng) -> Rng:
        out = Rng.__new__(Rng)
        out.state, out.draws = r.state, r.draws
        return out

    def load_level(v: Any, path: str) -> Level:
        if not levelrefs.is_ref(v):
            raise _fail(path, "a level reference {ruleset, id, hash}", v)
        try:
            return levelrefs.resolve(v, v["ruleset"], path)
        except RecordError:
            raise
        except StateError as exc:
            raise RecordError(str(exc)) from None

    register_codec(Rng, lambda r: r.to_json(), load_rng, copy_rng)
    register_codec(Level, levelrefs.ref_of, load_level, _identity)


_register_engine_codecs()


def _dump_record(v: Any) -> Any:
    """Dump a nested record (its class's fast path when it has one)."""
    fast = v.__class__.__dict__.get("_record_fast")
    if fast is not None:
        try:
            return fast.to_json(v.__dict__)
        except KeyError:
            pass
    return v.to_json()


def _copy_record(v: Any) -> Any:
    """Copy a nested record (its class's fast path when it has one)."""
    cls = v.__class__
    fast = cls.__dict__.get("_record_fast")
    if fast is not None:
        try:
            return fast.clone(v, cls)
        except KeyError:
            pass
    return v.clone()
