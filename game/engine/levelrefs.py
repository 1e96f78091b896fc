"""Levels named by content hash: how a state refers to its level without embedding it.

A state's JSON carries ``{"ruleset", "id", "hash"}`` for its level (see ``ref_of``); whoever
loads the state (a save, a clone, a bot's determinization, a parent game hosting a child) finds
the ``Level`` again with ``resolve``. Every validated ``Level`` is remembered here as it is made,
so a level that was loaded (shipped, mod, or the copy a save carries) can always be found again.

The table keeps the most recently used levels and drops the oldest past ``CAPACITY``; a level
that is still referenced by a live state is kept alive by that state, and a save re-registers
its own copy before its states are rebuilt.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from game.engine.levels import Level

#: how many distinct levels (by content hash) the table remembers
CAPACITY = 2048

_LOCK = threading.Lock()
_BY_HASH: "OrderedDict[str, Level]" = OrderedDict()


def remember(level: "Level") -> str:
    """Record a level under its content hash and return the hash."""
    key = level.content_hash
    if not key:
        return key
    with _LOCK:
        _BY_HASH[key] = level
        _BY_HASH.move_to_end(key)
        while len(_BY_HASH) > CAPACITY:
            _BY_HASH.popitem(last=False)
    return key


def lookup(content_hash: str) -> "Level | None":
    """Return the level with this content hash, or None when none is known."""
    with _LOCK:
        level = _BY_HASH.get(content_hash)
        if level is not None:
            _BY_HASH.move_to_end(content_hash)
        return level


def ref_of(level: "Level") -> dict[str, str]:
    """Return the small JSON reference a state keeps for its level."""
    remember(level)
    return {"ruleset": level.ruleset, "id": level.id, "hash": level.content_hash}


def is_ref(data: Any) -> bool:
    """True when ``data`` is a level reference (not embedded level data)."""
    return isinstance(data, dict) and set(data) == {"ruleset", "id", "hash"} and isinstance(data.get("hash"), str)


def resolve(ref: Any, ruleset: str, where: str = "level") -> "Level":
    """Return the level a reference names; raise StateError naming ``where`` when it is unknown."""
    from game.engine.protocol import StateError

    if not is_ref(ref):
        raise StateError(f"{where}: expected a level reference {{ruleset, id, hash}}")
    if ref["ruleset"] != ruleset:
        raise StateError(f"{where}.ruleset: belongs to {ref['ruleset']!r}, not {ruleset}")
    level = lookup(ref["hash"])
    if level is None:
        raise StateError(f"{where}.hash: no loaded level has content hash {ref['hash']!r} "
                         f"(level {ref['id']!r}: load the save that carries it, or install the mod)")
    return level


def clear() -> None:
    """Forget every level (tests)."""
    with _LOCK:
        _BY_HASH.clear()
