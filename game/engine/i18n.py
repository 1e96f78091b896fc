"""The translation layer: every player-facing string goes through ``t``.

Catalogues are TOML files where each leaf is a table of the three languages::

    [menu.new_game]
    en = "New game"
    es = "Nueva partida"
    it = "Nuova partita"

giving the key ``menu.new_game``. The engine's own catalogue sits beside this
file; each ruleset, the app and the scenes register theirs with
``load_catalog``. Level text may be a plain string or ``{en, es, it}``
(``localize``).
"""

from __future__ import annotations

import locale
import logging
import os
import tomllib
from pathlib import Path
from typing import Any, Mapping

log = logging.getLogger(__name__)

LANGUAGES = ("es", "en", "it")
FALLBACK = "en"
_catalog: dict[str, dict[str, str]] = {}
_loaded: set[Path] = set()
_lang = FALLBACK


def system_language() -> str:
    """Return es, en or it from the system locale (en when unknown)."""
    candidates = [os.environ.get(v, "") for v in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except (ValueError, TypeError):  # pragma: no cover - odd locales
        pass
    for c in candidates:
        code = c.lower()[:2]
        if code in LANGUAGES:
            return code
    return FALLBACK


def set_language(lang: str) -> None:
    """Make ``lang`` the current language (unknown codes fall back to English)."""
    global _lang
    _lang = lang if lang in LANGUAGES else FALLBACK


def language() -> str:
    """Return the current language code."""
    return _lang


def _flatten(prefix: str, table: Mapping[str, Any], out: dict[str, dict[str, str]], source: Path) -> None:
    if any(k in LANGUAGES for k in table):
        bad = [k for k in table if k not in LANGUAGES]
        if bad:
            raise ValueError(f"{source}: {prefix}: unexpected keys {bad} beside language codes")
        if not all(isinstance(v, str) for v in table.values()):
            raise ValueError(f"{source}: {prefix}: translations must be strings")
        out[prefix] = dict(table)
        return
    for k, v in table.items():
        key = f"{prefix}.{k}" if prefix else k
        if not isinstance(v, dict):
            raise ValueError(f"{source}: {key}: expected a table of en/es/it strings")
        _flatten(key, v, out, source)


def load_catalog(path: Path | str) -> dict[str, dict[str, str]]:
    """Load a catalogue file (once) into the global table and return its entries."""
    path = Path(path)
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    entries: dict[str, dict[str, str]] = {}
    _flatten("", data, entries, path)
    if path not in _loaded:
        _loaded.add(path)
        _catalog.update(entries)
    return entries


def add_strings(entries: Mapping[str, Mapping[str, str]]) -> None:
    """Register translations given in code (tests, generated names)."""
    for k, v in entries.items():
        _catalog[k] = dict(v)


def has(key: str) -> bool:
    """True when the key is in a loaded catalogue."""
    _ensure_engine_catalog()
    return key in _catalog


def t(key: str, lang: str | None = None, /, **kwargs: Any) -> str:
    """Translate ``key`` to ``lang`` (the current language by default) and format it.

    A missing key returns the key itself (and tests check every key has all three).
    """
    _ensure_engine_catalog()
    entry = _catalog.get(key)
    if entry is None:
        text = key
    else:
        text = entry.get(lang or _lang) or entry.get(FALLBACK) or next(iter(entry.values()))
    if kwargs:
        try:
            return text.format(**kwargs)
        except (KeyError, IndexError, ValueError) as exc:
            log.warning("translation %s: bad placeholders: %s", key, exc)
            return text
    return text


def localize(value: Any, lang: str | None = None) -> str:
    """Return level text (a string or an {en, es, it} table) in ``lang``."""
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        lang = lang or _lang
        for code in (lang, FALLBACK, *LANGUAGES):
            v = value.get(code)
            if isinstance(v, str) and v:
                return v
        return ""
    if value is None:
        return ""
    # pydantic models of localized text expose .get via model_dump
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return localize(dump(), lang)
    return str(value)


def catalog_keys() -> dict[str, dict[str, str]]:
    """Return a copy of every loaded entry (for completeness tests)."""
    _ensure_engine_catalog()
    return {k: dict(v) for k, v in _catalog.items()}


_ENGINE_CATALOG = Path(__file__).with_name("strings.toml")


_engine_loaded = False


def _ensure_engine_catalog() -> None:
    global _engine_loaded
    if _engine_loaded:
        return
    _engine_loaded = True
    if _ENGINE_CATALOG.exists():
        load_catalog(_ENGINE_CATALOG)
