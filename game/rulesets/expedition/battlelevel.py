"""The skirmish level of a battle, built fast: the same ``Level`` as ``Level.from_data``, minus repeated work.

Every battle (and every load of a game with a live battle) needs the skirmish level of its roster.
The roster changes from battle to battle (a hero's health is in it), but nothing else does: the
bodies, actions and equipment of the expedition level are the same big tables each time, and
validating them again was the dearest part of a soak game. So, per expedition level, the first
battle goes through ``Level.from_data`` in full; later rosters reuse that level's validated content
models (pydantic takes an instance of the right model as it is), validate the roster and the
skirmish cross-checks in full, and splice the content hash's canonical text from cached pieces.
Anything unusual (a problem in the roster, a validation error) falls back to ``Level.from_data``,
so errors read exactly as before. tests/rulesets/expedition/test_speed.py proves the two equal.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from game.engine.levelerrors import _check_data
from game.engine.levelrefs import remember
from game.engine.levels import Level
from game.engine.registry import get_ruleset

#: the content tables taken over as validated models
_TYPED = ("bodies", "actions", "equipment")


@dataclass(frozen=True)
class _Template:
    """What stays the same in every battle level of one expedition level."""

    typed: dict[str, Any]  # table name -> the validated table (model instances)
    pieces: dict[str, str]  # top-level key -> its canonical JSON text (every key but the roster)
    keys: tuple[str, ...]


_TEMPLATES: dict[str, _Template] = {}


def _dumps(value: Any) -> str:
    """The canonical text ``Level.from_data`` hashes (same options)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _template(level: Level) -> _Template:
    data = dict(level.data)
    pieces = {k: _dumps(v) for k, v in data.items() if k != "roster"}
    typed = {k: getattr(level.model, k) for k in _TYPED}
    return _Template(typed, pieces, tuple(sorted(data)))


def _hash(t: _Template, data: dict[str, Any]) -> str:
    """``Level.from_data``'s content hash, from cached pieces (keys sorted as ``sort_keys`` sorts them)."""
    if tuple(sorted(data)) != t.keys:
        return hashlib.sha256(_dumps(data).encode("utf-8")).hexdigest()[:16]
    parts = [f"{_dumps(k)}: {_dumps(data[k]) if k == 'roster' else t.pieces[k]}" for k in t.keys]
    return hashlib.sha256(("{" + ", ".join(parts) + "}").encode("utf-8")).hexdigest()[:16]


def battle_level(owner_hash: str, data: dict[str, Any], where: str, default_id: str) -> Level:
    """The validated skirmish level of ``data`` (equal to ``Level.from_data(data, ...)``)."""
    t = _TEMPLATES.get(owner_hash)
    same = t is not None and all(k in data and t.pieces[k] == _dumps(data[k]) for k in ("id", "ruleset"))
    if t is None or not same or data.get("id") != default_id:
        level = Level.from_data(data, where=where, default_id=default_id)
        if len(_TEMPLATES) > 32:
            _TEMPLATES.clear()
        _TEMPLATES[owner_hash] = _template(level)
        return level
    problems: list[str] = []
    _check_data(data.get("roster"), "roster", 1, problems)
    if problems:
        return Level.from_data(data, where=where, default_id=default_id)
    try:
        model = get_ruleset("skirmish").level_model.model_validate({**data, **t.typed})
    except Exception:  # noqa: BLE001 - the full path words the error exactly as it always has
        return Level.from_data(data, where=where, default_id=default_id)
    level = Level("skirmish", default_id, model, dict(data), None, "inline", _hash(t, data), None)
    remember(level)
    return level
