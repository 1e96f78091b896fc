"""Reading fields of a seat's view dict as typed values, for the typed view records of the rulesets.

Why it exists: a view is untrusted input as far as drawing is concerned (docs/ARCHITECTURE.md), so the
typed records (game/rulesets/sanctuary/views.py, game/rulesets/quest/views.py) read every field through
these: a missing or malformed field becomes an empty value, never an exception. They were written once
per ruleset before.
"""

from __future__ import annotations

from typing import Any


def as_int(value: Any, default: int = 0) -> int:
    """An int field (``default`` when missing or not an int; a bool is not an int here)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def as_dict(value: Any) -> dict[Any, Any]:
    """A mapping field (empty when missing or not a mapping)."""
    return value if isinstance(value, dict) else {}


def as_ids(value: Any) -> tuple[str, ...]:
    """A list of ids (anything that is not a string dropped; empty when not a list)."""
    return tuple(c for c in value if isinstance(c, str)) if isinstance(value, (list, tuple)) else ()


def as_str(value: Any) -> str | None:
    """A text field (None when missing or not a string)."""
    return value if isinstance(value, str) else None


__all__ = ["as_dict", "as_ids", "as_int", "as_str"]
