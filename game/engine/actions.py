"""Actions: small immutable values with a stable text form.

Every choice a seat makes is an Action: moving, placing, passing, stopping,
picking a face. Logs, saves, bots and tests all rely on ``key`` (a stable
string) and ``to_json``/``from_json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

Scalar = Union[int, str, bool, None]
ArgValue = Union[Scalar, tuple]

_MAX_ARGS = 16


def _freeze(value: Any, where: str) -> ArgValue:
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, (list, tuple)):
        if len(value) > 64:
            raise ValueError(f"{where}: too many items ({len(value)})")
        return tuple(_freeze(v, where) for v in value)
    raise ValueError(f"{where}: unsupported value {value!r} (use int, str, bool, None or a list)")


def _thaw(value: ArgValue) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def _shape(value: ArgValue) -> Any:
    """The value with each scalar's type beside it (``True`` and ``1`` are equal in Python, not here)."""
    if isinstance(value, tuple):
        return tuple(_shape(v) for v in value)
    return (type(value).__name__, value)


def same_action(a: "Action", b: "Action") -> bool:
    """True when two actions are equal with every argument of the same type (``True`` is not ``1``)."""
    return a == b and type_mismatch(a, b) is None


def type_mismatch(a: "Action", b: "Action") -> tuple[str, str, str] | None:
    """For equal actions, the first argument whose type differs: (name, type in ``a``, type in ``b``)."""
    for (name, va), (_, vb) in zip(a.args, b.args):
        if _shape(va) != _shape(vb):
            return name, _kind_word(va), _kind_word(vb)
    return None


def _kind_word(value: ArgValue) -> str:
    if isinstance(value, bool):
        return "yes/no"
    if isinstance(value, int):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, tuple):
        return "list"
    return "nothing"


def _text(value: ArgValue) -> str:
    if isinstance(value, tuple):
        return "[" + ",".join(_text(v) for v in value) + "]"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


@dataclass(frozen=True, slots=True)
class Action:
    """One choice: a kind (``"place"``, ``"pass"``...) and sorted keyword arguments."""

    kind: str
    args: tuple[tuple[str, ArgValue], ...] = ()

    @classmethod
    def of(cls, kind: str, **args: Any) -> "Action":
        """Build an action from keyword arguments (lists become tuples)."""
        frozen = tuple(sorted((k, _freeze(v, f"action {kind}.{k}")) for k, v in args.items()))
        return cls(kind, frozen)

    def get(self, name: str, default: Any = None) -> Any:
        """Return one argument (lists as tuples), or default."""
        for k, v in self.args:
            if k == name:
                return v
        return default

    def __getitem__(self, name: str) -> Any:
        for k, v in self.args:
            if k == name:
                return v
        raise KeyError(f"action {self.kind} has no argument {name!r}")

    @property
    def params(self) -> dict[str, Any]:
        """The arguments as a plain dict (lists as tuples)."""
        return dict(self.args)

    @property
    def key(self) -> str:
        """The stable text form, e.g. ``place face=sword floor=1 space=3``."""
        if not self.args:
            return self.kind
        return self.kind + " " + " ".join(f"{k}={_text(v)}" for k, v in self.args)

    def __str__(self) -> str:
        return self.key

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data that from_json turns back into an equal action."""
        return {"kind": self.kind, "args": {k: _thaw(v) for k, v in self.args}}

    @classmethod
    def from_json(cls, data: Any) -> "Action":
        """Rebuild an action; raises ValueError naming the bad field."""
        if not isinstance(data, dict):
            raise ValueError("action: expected a table with 'kind' and 'args'")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind or len(kind) > 64:
            raise ValueError("action.kind: expected a short non-empty string")
        args = data.get("args", {})
        if not isinstance(args, dict) or len(args) > _MAX_ARGS:
            raise ValueError(f"action {kind}.args: expected a table of at most {_MAX_ARGS} values")
        for name in args:
            if not isinstance(name, str):
                raise ValueError(f"action {kind}.args: names must be strings")
        return cls.of(kind, **args)
