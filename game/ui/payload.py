"""Frozen payload references for hit regions: hashable, immutable, comparable by value.

Why a module of its own: a hit region's payload is what a click or a drop hands
back to the scene, and scenes used three styles for it: bare tuples
(``("deck", 0)``), frozen dataclasses (``Zone("part", who, part)``) and mutable
dicts and lists. Payloads are compared, used as dictionary keys and cached across
frames, so a payload that can change under the router is a bug. ``Ref`` is one
frozen style for all of them: a kind and a tuple of frozen arguments,
``Ref.of("deck", 0)``, equal by value, readable in test failures, and
``freeze`` turns any JSON-like value (lists, dicts, sets) into its hashable form.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def freeze(value: Any) -> Any:
    """Return a hashable, immutable copy of a JSON-like value (lists and sets become tuples, dicts sorted pairs)."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return tuple(sorted((freeze(v) for v in value), key=repr))
    hash(value)  # anything else must already be hashable (Actions, dataclasses, strings, numbers)
    return value


@dataclass(frozen=True)
class Ref:
    """A frozen reference to something a region stands for: a kind and its arguments."""

    kind: str
    args: tuple = ()

    @classmethod
    def of(cls, kind: str, *args: Any) -> "Ref":
        """Build a reference, freezing every argument."""
        return cls(str(kind), tuple(freeze(a) for a in args))

    def __getitem__(self, i: int) -> Any:
        return self.args[i]

    def __len__(self) -> int:
        return len(self.args)

    def is_(self, kind: str) -> bool:
        """True when this reference is of ``kind``."""
        return self.kind == kind

    def __repr__(self) -> str:
        return f"{self.kind}({', '.join(repr(a) for a in self.args)})"
