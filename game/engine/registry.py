"""The registry of rulesets: one place every test, tool and menu loops over.

A ruleset package ``game/rulesets/<id>/`` exposes ``RULESET`` (a Ruleset
instance); ``discover()`` imports every such package. Tests may ``register``
extra rulesets (the tiny kernel test game) at run time.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil

from game.engine.protocol import Ruleset

log = logging.getLogger(__name__)

_REGISTRY: dict[str, Ruleset] = {}
_DISCOVERED = False
#: the order rulesets are shown in menus (others follow alphabetically)
MENU_ORDER = ("expedition", "dungeon", "quest", "skirmish", "sanctuary")


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to the registry and return it."""
    if not ruleset.id:
        raise ValueError("a ruleset needs an id")
    _REGISTRY[ruleset.id] = ruleset
    return ruleset


def unregister(ruleset_id: str) -> None:
    """Remove a ruleset (tests use this to clean up)."""
    _REGISTRY.pop(ruleset_id, None)


def discover() -> None:
    """Import every package under game.rulesets that exposes RULESET."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    import game.rulesets as pkg

    names = {m.name for m in pkgutil.iter_modules(pkg.__path__)}
    names.update(n for n in MENU_ORDER if n not in names and _has_module(f"game.rulesets.{n}"))
    for name in sorted(names):
        try:
            mod = importlib.import_module(f"game.rulesets.{name}")
        except ImportError as exc:  # pragma: no cover - a broken package is logged, not fatal
            log.error("ruleset %s failed to import: %s", name, exc)
            continue
        rs = getattr(mod, "RULESET", None)
        if isinstance(rs, Ruleset):
            register(rs)


def _has_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def all_rulesets() -> list[Ruleset]:
    """Return every registered ruleset, in menu order."""
    discover()
    order = {n: i for i, n in enumerate(MENU_ORDER)}
    return sorted(_REGISTRY.values(), key=lambda r: (order.get(r.id, 99), r.id))


def ruleset_ids() -> list[str]:
    """Return the ids of every registered ruleset."""
    return [r.id for r in all_rulesets()]


def get_ruleset(ruleset_id: str) -> Ruleset:
    """Return a registered ruleset; KeyError with the known ids otherwise."""
    discover()
    try:
        return _REGISTRY[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise KeyError(f"unknown ruleset {ruleset_id!r} (known: {known})") from None
