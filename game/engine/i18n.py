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

Plurals and lists come from Babel (CLDR data), never from hand-written forms
like "chip(s)". An entry whose text depends on a number has one sub-table per
CLDR plural category, and ``t(key, lang, count=n)`` picks the language's form
(without ``count``: the argument ``n``, else the only whole-number argument)::

    [dungeon.chips.one]          # t("dungeon.chips", count=1) -> "1 chip"
    en = "{count} chip"
    [dungeon.chips.other]        # any category a language lacks falls back to "other"
    en = "{count} chips"

A list or tuple argument is joined the language's way ("Ana, Bo and Cy",
"Ana, Bo y Cy", "Ana, Bo e Cy"); with a plural entry and no ``count``, the
length of the (first) list argument chooses the form, so "{names} wins" /
"{names} win" agrees with the list.
"""

from __future__ import annotations

import locale
import logging
import os
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping

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
    """True when the key is in a loaded catalogue (as one text or as plural forms)."""
    _ensure_engine_catalog()
    return key in _catalog or f"{key}.other" in _catalog


#: the CLDR plural categories a catalogue entry may give as sub-keys (``key.one``, ``key.other``...)
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")


@lru_cache(maxsize=8)
def _plural_rule(lang: str) -> Callable[[float], str]:
    """The CLDR plural rule of ``lang`` (Babel's), as a function from a number to its category."""
    from babel import Locale

    return Locale.parse(lang).plural_form


def plural_form(count: float, lang: str | None = None) -> str:
    """The CLDR plural category ("one", "many", "other"...) of ``count`` in ``lang``."""
    code = lang if lang in LANGUAGES else _lang
    try:
        return _plural_rule(code)(abs(count))
    except Exception as exc:  # pragma: no cover - babel data missing
        log.warning("plural rule for %s: %s", lang, exc)
        return "one" if count == 1 else "other"


def format_list(items: Any, lang: str | None = None, style: str = "standard") -> str:
    """Join ``items`` the language's way: "A, B and C" / "A, B y C" / "A, B e C" (``style="or"`` for "or")."""
    from babel.lists import format_list as babel_list

    words = [str(i) for i in items]
    if not words:
        return ""
    code = lang if lang in LANGUAGES else _lang
    try:
        return babel_list(words, style=style, locale=code)  # type: ignore[arg-type]
    except Exception as exc:  # pragma: no cover - babel data missing
        log.warning("list format for %s: %s", lang, exc)
        return ", ".join(words)


def is_plural(key: str) -> bool:
    """True when ``key`` is given as plural forms (``key.one``, ``key.other``...) rather than one text."""
    _ensure_engine_catalog()
    return f"{key}.other" in _catalog


def _pick(entry: Mapping[str, str], lang: str) -> str:
    return entry.get(lang) or entry.get(FALLBACK) or next(iter(entry.values()))


def _count_of(kwargs: Mapping[str, Any]) -> Any:
    """The number a plural entry agrees with: ``count``, else ``n``, else the length of the first list
    argument, else the only whole-number argument (None when there is none or more than one)."""
    for name in ("count", "n"):
        if name in kwargs:
            return kwargs[name]
    lists = [len(v) for v in kwargs.values() if isinstance(v, (list, tuple))]
    if lists:
        return lists[0]
    ints = [v for v in kwargs.values() if isinstance(v, int) and not isinstance(v, bool)]
    return ints[0] if len(ints) == 1 else None


def _plural_text(key: str, lang: str, kwargs: Mapping[str, Any]) -> str | None:
    """The plural form of ``key`` for the ``count`` argument (or the length of the first list argument)."""
    other = _catalog.get(f"{key}.other")
    if other is None:
        return None
    count = _count_of(kwargs)
    if isinstance(count, bool) or not isinstance(count, (int, float)):
        log.warning("translation %s: plural entry without a count", key)
        return _pick(other, lang)
    form = plural_form(count, lang)
    entry = _catalog.get(f"{key}.{form}") or other
    return _pick(entry, lang)


def t(key: str, lang: str | None = None, /, **kwargs: Any) -> str:
    """Translate ``key`` to ``lang`` (the current language by default) and format it.

    A plural entry picks its form from ``count`` (see the module docstring); list
    arguments are joined with ``format_list``. A missing key returns the key itself
    (and tests check every key has all three languages).
    """
    _ensure_engine_catalog()
    lang = lang or _lang
    entry = _catalog.get(key)
    if entry is not None:
        text = _pick(entry, lang)
    else:
        text = _plural_text(key, lang, kwargs) or key
    if kwargs:
        kwargs = {k: format_list(v, lang) if isinstance(v, (list, tuple)) and "{" + k in text else v
                  for k, v in kwargs.items()}
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


#: a preposition before a definite article that the language writes as one word (es "a el" -> "al")
_CONTRACTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "es": ((" a el ", " al "), (" de el ", " del ")),
    "it": tuple((f" {p} {a}", f" {w}") for p, forms in (
        ("a", (("il ", "al "), ("lo ", "allo "), ("la ", "alla "), ("l'", "all'"), ("i ", "ai "), ("gli ", "agli "),
               ("le ", "alle "))),
        ("di", (("il ", "del "), ("lo ", "dello "), ("la ", "della "), ("l'", "dell'"), ("i ", "dei "),
                ("gli ", "degli "), ("le ", "delle "))),
        ("da", (("il ", "dal "), ("lo ", "dallo "), ("la ", "dalla "), ("l'", "dall'"), ("i ", "dai "),
                ("gli ", "dagli "), ("le ", "dalle "))),
        ("su", (("il ", "sul "), ("lo ", "sullo "), ("la ", "sulla "), ("l'", "sull'"), ("i ", "sui "),
                ("gli ", "sugli "), ("le ", "sulle "))),
    ) for a, w in forms),
}


def contract_articles(text: str, lang: str | None = None) -> str:
    """``text`` with a preposition and the article of a name put after it written as one word, as the language
    does (es "cura 1 de daño a el personaje" -> "al personaje"; it "a il personaggio" -> "al personaggio")."""
    pairs = _CONTRACTIONS.get(lang or _lang)
    if not pairs:
        return text
    padded = f" {text}"
    for loose, joined in pairs:
        if loose in padded:
            padded = padded.replace(loose, joined)
    return padded[1:]


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
