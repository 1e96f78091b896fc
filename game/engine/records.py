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
import operator
import typing
from typing import Any, Callable, ClassVar, TypeVar

from game.engine.protocol import StateError
from game.engine.recordtypes import (  # noqa: F401 - re-exported: the names a ruleset declares with
    DERIVED,
    MAX_JSON_DEPTH,
    Between,
    Json,
    MaxLen,
    RecordError,
    _fail,
    _identity,
    _Plan,
    _plan,
    dup_json,
    register_codec,
)

__all__ = ["Record", "RecordError", "Json", "Between", "MaxLen", "DERIVED", "register_codec", "dup_json"]

T = TypeVar("T", bound="Record")


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
        obj._finish_load()
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
        obj._finish_load()
        return obj

    def _finish_load(self) -> None:
        """Give derived fields their defaults, then let the record rebuild them (``after_load``)."""
        for name, f in type(self)._record_derived:
            if f.default_factory is not dataclasses.MISSING:
                object.__setattr__(self, name, f.default_factory())
            elif f.default is not dataclasses.MISSING:
                object.__setattr__(self, name, f.default)
        self.after_load()

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
