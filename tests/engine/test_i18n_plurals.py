"""Plurals and lists through Babel: ``t`` picks the CLDR form for ``count`` and joins list arguments."""

from __future__ import annotations

import pytest

from game.engine import i18n
from game.engine.i18n import t


@pytest.fixture(autouse=True)
def _chips() -> None:
    i18n.add_strings({
        "test.plural.chips.one": {"en": "{count} chip", "es": "{count} ficha", "it": "{count} gettone"},
        "test.plural.chips.many": {"en": "{count} chips", "es": "{count} de fichas", "it": "{count} di gettoni"},
        "test.plural.chips.other": {"en": "{count} chips", "es": "{count} fichas", "it": "{count} gettoni"},
        "test.plural.win.one": {"en": "{names} wins", "es": "Gana {names}", "it": "Vince {names}"},
        "test.plural.win.other": {"en": "{names} win", "es": "Ganan {names}", "it": "Vincono {names}"},
        "test.plain": {"en": "Hello {who}", "es": "Hola {who}", "it": "Ciao {who}"},
    })


@pytest.mark.parametrize("lang,n,text", [
    ("en", 1, "1 chip"), ("en", 0, "0 chips"), ("en", 2, "2 chips"),
    ("es", 1, "1 ficha"), ("es", 3, "3 fichas"), ("es", 1000000, "1000000 de fichas"),
    ("it", 1, "1 gettone"), ("it", 5, "5 gettoni"),
])
def test_plural_form_follows_cldr_rule(lang: str, n: int, text: str) -> None:
    assert t("test.plural.chips", lang, count=n) == text


def test_missing_category_falls_back_to_other() -> None:
    i18n.add_strings({"test.plural.pts.one": {"en": "{count} point", "es": "{count} punto", "it": "{count} punto"},
                      "test.plural.pts.other": {"en": "{count} points", "es": "{count} puntos", "it": "{count} punti"}})
    assert t("test.plural.pts", "it", count=1000000) == "1000000 punti"  # Italian "many" is not given


def test_list_arguments_join_the_languages_way_and_choose_the_form() -> None:
    assert t("test.plural.win", "en", names=["Player 1", "Bot 2"]) == "Player 1 and Bot 2 win"
    assert t("test.plural.win", "en", names=["Player 1"]) == "Player 1 wins"
    assert t("test.plural.win", "es", names=["Ana", "Bo", "Cy"]) == "Ganan Ana, Bo y Cy"
    assert t("test.plural.win", "it", names=("Ana", "Bo")) == "Vincono Ana e Bo"
    assert t("test.plural.win", "it", names=["Ana"]) == "Vince Ana"


def test_format_list_and_plural_form_helpers() -> None:
    assert i18n.format_list(["a", "b", "c"], "en") == "a, b, and c"
    assert i18n.format_list(["a", "b"], "es", style="or") == "a o b"
    assert i18n.format_list([], "it") == ""
    assert i18n.plural_form(1, "es") == "one" and i18n.plural_form(2, "es") == "other"
    assert i18n.plural_form(1, "xx") in ("one", "other")  # an unknown code never raises


def test_plain_entries_and_missing_keys_unchanged() -> None:
    assert t("test.plain", "es", who="Ana") == "Hola Ana"
    assert t("test.nothing.here", "en") == "test.nothing.here"
    assert i18n.has("test.plural.chips") and i18n.is_plural("test.plural.chips")
    assert not i18n.is_plural("test.plain")


def test_plural_number_from_n_or_the_only_whole_number_else_other() -> None:
    i18n.add_strings({"test.plural.pts.one": {"en": "{who}: {p} point", "es": "{who}: {p} punto", "it": "{who}: {p} punto"},
                      "test.plural.pts.other": {"en": "{who}: {p} points", "es": "{who}: {p} puntos",
                                                "it": "{who}: {p} punti"}})
    assert t("test.plural.chips", "en", n=1) == "{count} chip"  # n chose the form; {count} was not given
    assert t("test.plural.pts", "en", who="Ana", p=1) == "Ana: 1 point"
    assert t("test.plural.pts", "it", who="Ana", p=3) == "Ana: 3 punti"
    assert t("test.plural.pts", "en", who=2, p=1) == "2: 1 points"  # two numbers and no count: "other"


def test_catalogue_plural_sub_tables_load(tmp_path) -> None:
    path = tmp_path / "strings.toml"
    path.write_text('[test.file.cards.one]\nen = "{count} card"\nes = "{count} carta"\nit = "{count} carta"\n'
                    '[test.file.cards.other]\nen = "{count} cards"\nes = "{count} cartas"\nit = "{count} carte"\n',
                    encoding="utf-8")
    i18n.load_catalog(path)
    assert [t("test.file.cards", lang, count=1) for lang in ("en", "es", "it")] == ["1 card", "1 carta", "1 carta"]
    assert t("test.file.cards", "it", count=4) == "4 carte"


def test_game_over_line_joins_winners_and_agrees() -> None:
    assert t("result.won", "en", who=["Player 1", "Bot 2"]) == "Player 1 and Bot 2 win!"
    assert t("result.won", "en", who=["Player 1"]) == "Player 1 wins!"
    assert t("result.won", "es", who=["Ana", "Bo"]) == "¡Ganan Ana y Bo!"
    assert t("result.won", "it", who=["Ana"]) == "Vince Ana!"
