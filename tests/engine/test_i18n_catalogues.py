"""Every catalogue entry renders in es, en and it: no missing language, no placeholder left over, no raw key,
no hand-written plural ("card(s)", "carta/e"), and every literal key the code asks for exists.

The catalogues are read from the source tree (``game/**/strings.toml``) so a key added by any ruleset, scene
or the app is checked without importing its module.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from game.engine import i18n
from game.engine.i18n import t

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted((ROOT / "game").rglob("strings.toml"))
LANGS = ("es", "en", "it")
_FIELDS = string.Formatter()
#: what a catalogue key looks like when it leaks into the text a player reads
RAW_KEY = re.compile(r"\b[a-z_]+(?:\.[a-z_0-9]+){2,}\b")
#: a placeholder left unformatted
LEFTOVER = re.compile(r"\{[A-Za-z_][\w.]*(?::[^}]*)?\}")
#: hand-written plural forms: "card(s)", "recurso(s)", "carta/e", "punto/i"
HAND_PLURAL = re.compile(r"\w\((?:s|es|i|e)\)|\b\w+/(?:e|i|s|es)\b")


def _entries() -> dict[str, dict[str, str]]:
    """The entries of the catalogue files only (not strings other tests registered in code)."""
    out: dict[str, dict[str, str]] = {}
    for path in CATALOGUES:
        out.update(i18n.load_catalog(path))
    return out


def _fields(text: str) -> set[str]:
    return {f for _, f, _, _ in _FIELDS.parse(text) if f}


def _render(key: str, lang: str, fields: set[str], count: int) -> str:
    args: dict[str, int] = {name: count for name in fields}
    args["count"] = count
    return t(key, lang, **args)


def test_catalogues_found() -> None:
    assert len(CATALOGUES) >= 10 and len(_entries()) > 1000


def test_every_entry_has_three_languages_with_the_same_placeholders() -> None:
    bad = []
    for key, entry in _entries().items():
        if not all(entry.get(lang) for lang in LANGS):
            bad.append(f"{key}: missing {[x for x in LANGS if not entry.get(x)]}")
            continue
        sets = {lang: _fields(entry[lang]) for lang in LANGS}
        if len({frozenset(s) for s in sets.values()}) > 1:
            bad.append(f"{key}: placeholders differ {sets}")
    assert bad == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_renders_without_leftovers_or_raw_keys(lang: str) -> None:
    bad = []
    for key, entry in _entries().items():
        fields = set().union(*(_fields(v) for v in entry.values()))
        for count in (1, 2):
            text = _render(key, lang, fields, count)
            if not text.strip() or text == key:
                bad.append(f"{key}: renders as {text!r}")
            elif LEFTOVER.search(text):
                bad.append(f"{key}: leftover placeholder in {text!r}")
            elif RAW_KEY.search(text) and not re.search(r"\w\.\w+\.\w", entry["en"].replace("...", "")):
                bad.append(f"{key}: raw key in {text!r}")
    assert bad == []


def test_no_hand_written_plurals() -> None:
    bad = [f"{key} [{lang}]: {text!r}" for key, entry in _entries().items() for lang, text in entry.items()
           if HAND_PLURAL.search(text)]
    assert bad == [], "write plural forms (key.one / key.other) instead"


def test_plural_entries_have_an_other_form_and_the_one_form_is_chosen() -> None:
    entries = _entries()
    plural_keys = {k.rsplit(".", 1)[0] for k in entries if k.rsplit(".", 1)[-1] in ("one", "many", "few")}
    plural_keys = {k for k in plural_keys if f"{k}.one" in entries}
    assert len(plural_keys) >= 30
    for key in plural_keys:
        assert f"{key}.other" in entries, key
        for lang in LANGS:
            fields = _fields(entries[f"{key}.other"][lang])
            assert _render(key, lang, fields, 1) == t(f"{key}.one", lang, **{**{f: 1 for f in fields}, "count": 1}), key
            assert _render(key, lang, fields, 7) == t(f"{key}.other", lang, **{**{f: 7 for f in fields}, "count": 7}), key


def test_one_and_other_forms_differ_where_a_count_shows() -> None:
    entries = _entries()
    same = [k for k in entries if k.endswith(".one") and k[:-4] + ".other" in entries
            and all(entries[k][x] == entries[k[:-4] + ".other"][x] for x in LANGS)
            and "{" in entries[k]["en"]]
    assert same == [], "a plural entry whose forms are all identical needs no forms"


def test_sample_plurals_read_right() -> None:
    _entries()
    assert t("dscene.bag", "en", n=1) == "Bag: 1 chip" and t("dscene.bag", "en", n=3) == "Bag: 3 chips"
    assert t("skirmish.event.wait", "en", who="Ana", points=1) == "Ana gets 1 wait point."
    assert t("skirmish.event.wait", "it", who="Ana", points=2) == "Ana riceve 2 punti di attesa."
    assert t("quest_scene.pile.count", "es", n=1) == "1 carta"


def _literal_keys() -> list[tuple[str, str]]:
    """(file, key) for every t("literal.key") / i18n.t("literal.key") call in game/ (local wrappers excluded)."""
    out = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        src = path.read_text(encoding="utf-8")
        names = [r"i18n\.t"]
        if re.search(r"^from game\.engine\.i18n import .*\bt\b", src, re.M) and not re.search(r"^\s*def t\(", src, re.M):
            names.append("t")
        pat = re.compile(r"(?<![\w.])(?:" + "|".join(names) + r")\(\s*[\"']([a-z_0-9]+(?:\.[a-z_0-9]+)+)[\"']")
        out += [(str(path.relative_to(ROOT)), m.group(1)) for m in pat.finditer(src)]
    return out


def test_every_literal_key_in_the_code_exists() -> None:
    _entries()
    keys = _literal_keys()
    assert len(keys) > 300
    missing = [f"{path}: {key}" for path, key in keys if not i18n.has(key)]
    assert missing == []


@pytest.mark.parametrize("lang", ["it", "es"])
def test_one_abbreviation_for_action_points(lang: str) -> None:
    """Italian and Spanish write PA (punti / puntos de acción) everywhere, never the English AP."""
    texts = [entry[lang] for entry in _entries().values()]
    reference = (ROOT / "game/rulesets/skirmish/reference.toml").read_text(encoding="utf-8")
    blocks = re.findall(rf'body\.{lang} = """(.*?)"""', reference, re.S) + re.findall(rf'{lang} = "([^"]*)"', reference)
    assert any(re.search(r"\bPA\b", text) for text in texts)
    assert [x for x in texts + blocks if re.search(r"\bAP\b", x)] == []
