"""The validated level: ``Level`` (from merged data or a file), ``LevelEntry`` and level-model checks.

``Level.from_data`` validates merged level data against its ruleset's typed model
(also the copy a save carries); ``load_level_file`` reads a file with its includes
(``levelfiles``), validates it and checks its images (``levelassets``). Every Level
built registers itself in ``game/engine/levelrefs.py`` so states can name it by hash.
Loading a file here always validates it again (from the catalogue's parsed files);
``game/engine/levelscan.py`` keeps validated levels for the level list and ``get_level``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from game.engine.i18n import localize
from game.engine.levelassets import _check_assets
from game.engine.levelchecks import budget
from game.engine.levelerrors import (
    _ID_RE, MAX_DEPTH, LevelError, _check_data, _is_model, _short, _suggest, format_validation_error,
)
from game.engine.levelfiles import _display, load_merged, root_for
from game.engine.levelrefs import remember

log = logging.getLogger(__name__)


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
            with budget():  # "did you mean" work bounded to the lines shown (levelchecks.py)
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
    """A level file found on disk: loaded, or broken with its message.

    An entry with ``skipped`` > 0 is no level but a notice: its ``path`` is a folder
    holding more level files than are read (``error`` says how many were left out, and why).
    """

    ruleset: str
    id: str
    path: Path
    source: str  # shipped or mod
    level: Level | None = None
    error: str | None = None
    problems: list[str] = field(default_factory=list)  # the error's lines without the path
    skipped: int = 0  # a notice: this many level files of the folder ``path`` were left out

    @property
    def ok(self) -> bool:
        """True when the file loaded."""
        return self.level is not None


def load_level_file(path: Path, root: Path | None = None, source: str = "mod") -> Level:
    """Load and validate one level file; LevelError naming file and field otherwise."""
    path = Path(path)
    root = Path(root) if root is not None else root_for(path)
    where = _display(path)
    try:
        data = _expand(load_merged(path, root), path, root)
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

def _expand(data: dict[str, Any], path: Path, root: Path) -> dict[str, Any]:
    """Let the level's ruleset read files its data names (``expand_level``: expedition's Tiled maps).

    The result is plain level data (what saves carry), validated like any other; a ruleset without
    the hook, or an unknown ruleset (reported by validation), leaves the data as it is.
    """
    from game.engine.registry import get_ruleset

    rid = data.get("ruleset")
    try:
        rs = get_ruleset(rid) if isinstance(rid, str) else None
    except KeyError:
        return data
    hook = getattr(rs, "expand_level", None)
    return hook(data, path, root) if callable(hook) else data


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
