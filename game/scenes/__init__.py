"""Scenes: the menus, dialogs and game screens the app stacks.

A ruleset gets a dedicated game scene by shipping a package
``game/scenes/<ruleset_id>/`` that exposes ``SCENE`` (a ``RulesetScene``
subclass); every other ruleset is played in the generic ``TableScene``.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import tomllib
from pathlib import Path
from typing import Any

from game.engine import i18n

log = logging.getLogger(__name__)


def ruleset_name(ruleset_id: str, lang: str | None = None) -> str:
    """Return a ruleset's display name (translated when known)."""
    key = f"app.ruleset.{ruleset_id}.name"
    return i18n.t(key, lang) if i18n.has(key) else ruleset_id.replace("_", " ").title()


def ruleset_tagline(ruleset_id: str, lang: str | None = None) -> str:
    """Return a ruleset's one-line pitch for the gallery."""
    key = f"app.ruleset.{ruleset_id}.tagline"
    return i18n.t(key if i18n.has(key) else "app.ruleset.unknown.tagline", lang)


def has_dedicated_scene(ruleset_id: str) -> bool:
    """True when the ruleset has a scene package ``game/scenes/<id>/`` (no import needed).

    Only a package counts: the shell's own modules (``table``, ``menu``...) never do.
    """
    if not ruleset_id.isidentifier():
        return False
    try:
        spec = importlib.util.find_spec(f"game.scenes.{ruleset_id}")
    except (ImportError, ValueError):
        return False
    return spec is not None and spec.submodule_search_locations is not None


def dedicated_scene(ruleset_id: str) -> type | None:
    """Return the ruleset's own scene class (``game.scenes.<id>.SCENE``), or None."""
    if not has_dedicated_scene(ruleset_id):
        return None
    mod = importlib.import_module(f"game.scenes.{ruleset_id}")
    cls = getattr(mod, "SCENE", None)
    if cls is None:
        log.warning("game.scenes.%s has no SCENE: using the table view", ruleset_id)
    return cls


def scene_class_for(ruleset_id: str) -> type:
    """Return the scene class that plays a ruleset (its own, else TableScene)."""
    cls = dedicated_scene(ruleset_id)
    if cls is None:
        from game.scenes.table import TableScene

        return TableScene
    return cls


def reference_path(ruleset_id: str) -> Path | None:
    """Return the ruleset's rules reference file ``reference.toml``, if it ships one."""
    try:
        spec = importlib.util.find_spec(f"game.rulesets.{ruleset_id}")
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        p = Path(folder) / "reference.toml"
        if p.is_file():
            return p
    return None


def load_reference(ruleset_id: str, lang: str | None = None) -> list[tuple[str, str]]:
    """Return the rules reference as (title, body) pairs in ``lang``; ValueError when malformed."""
    path = reference_path(ruleset_id)
    if path is None:
        return []
    try:
        with path.open("rb") as fh:
            data: Any = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path.name}: {exc}") from None
    sections = data.get("section", [])
    if not isinstance(sections, list):
        raise ValueError(f"{path.name}: section: expected [[section]] tables")
    out: list[tuple[str, str]] = []
    for i, sec in enumerate(sections):
        if not isinstance(sec, dict):
            raise ValueError(f"{path.name}: section[{i}]: expected a table")
        out.append((i18n.localize(sec.get("title", ""), lang), i18n.localize(sec.get("body", ""), lang)))
    return out
