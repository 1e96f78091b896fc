"""A broken level's problems read in the player's language (issue 15: the level list showed "line 3, column 5:
not valid TOML: Expected '=' after a key..." in English only), while ``LevelError``'s ``str()`` keeps the
English line ``python -m game validate`` and the logs print. Field paths, keys and file names stay verbatim."""

from __future__ import annotations

import pytest

from game.engine import levelscan
from game.engine.levels import LevelError, discover_levels, load_level_file
from game.engine.levelwords import Msg, localized_error, problem_text
from tests.engine._levelgame import GOOD_LEVEL, LevelEnv, level_env  # noqa: F401 - fixture
from tests.engine.test_levels import _with


def _broken(level_env: LevelEnv, text: str, name: str = "bad.toml") -> LevelError:
    p = level_env.write(level_env.mod, name, text)
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    return exc.value


def _said(err: LevelError, lang: str) -> list[str]:
    return [problem_text(p, lang) for p in err.problems]


def test_toml_syntax_error_says_line_column_and_reason_in_es_and_it(level_env: LevelEnv) -> None:
    err = _broken(level_env, 'format = 1\nruleset = "levelgame"\ntitle "x"\n')
    assert err.problems == ["line 3, column 7: not valid TOML: Expected '=' after a key in a key/value pair"]
    assert _said(err, "es") == ["línea 3, columna 7: TOML no válido: se esperaba '=' después de una clave "
                                "(clave = valor)"]
    assert _said(err, "it") == ["riga 3, colonna 7: TOML non valido: serve '=' dopo una chiave (chiave = valore)"]
    assert _said(err, "en") == list(err.problems)


@pytest.mark.parametrize(("text", "es", "it"), [
    ('format = 1\ntitle = "x"\ntitle = "y"\n', "línea 3, columna 12: TOML no válido: no se puede sobrescribir un valor",
     "riga 3, colonna 12: TOML non valido: non si può sovrascrivere un valore"),
    ('format = 1\ntitle = "x\n', "línea 2, columna 11: TOML no válido: carácter no permitido '\\n'",
     "riga 2, colonna 11: TOML non valido: carattere non ammesso '\\n'"),
    ('format = 1\ntitle = """x\n', "final del archivo: TOML no válido: texto sin cerrar (falta la comilla final)",
     "fine del file: TOML non valido: testo non chiuso (manca la virgoletta finale)"),
    ("format = [1, 2", "final del archivo: TOML no válido: lista sin cerrar (falta ']')",
     "fine del file: TOML non valido: lista non chiusa (manca ']')"),
])
def test_toml_parser_reasons_are_translated(level_env: LevelEnv, text: str, es: str, it: str) -> None:
    err = _broken(level_env, text)
    assert _said(err, "es") == [es]
    assert _said(err, "it") == [it]


def test_unknown_field_with_its_suggestion_in_es_and_it(level_env: LevelEnv) -> None:
    err = _broken(level_env, _with('titel = "x"'))
    line = next(p for p in err.problems if p.startswith("titel:"))
    assert line == "titel: unknown key 'titel' (did you mean 'title'?)" or line.startswith(
        "titel: unknown key 'titel' (did you mean 'title'?); expected one of: ")
    assert problem_text(line, "es").startswith("titel: clave desconocida 'titel' (¿quizá 'title'?)")
    assert problem_text(line, "it").startswith("titel: chiave sconosciuta 'titel' (forse 'title'?)")


def test_wrong_type_in_es_and_it(level_env: LevelEnv) -> None:
    err = _broken(level_env, _with('target_score = "three"'))
    assert "target_score: expected a whole number (got 'three')" in err.problems
    line = next(p for p in err.problems if p.startswith("target_score:"))
    assert problem_text(line, "es") == "target_score: se esperaba un número entero (tiene 'three')"
    assert problem_text(line, "it") == "target_score: serve un numero intero (trovato 'three')"


def test_missing_field_in_es_and_it(level_env: LevelEnv) -> None:
    err = _broken(level_env, _with('[[chips]]\nname = { es = "a" }\nfaces = ["key", "key"]'))
    assert "chips[2].name.en: required field is missing" in err.problems
    line = next(p for p in err.problems if p.startswith("chips[2].name.en:"))
    assert problem_text(line, "es") == "chips[2].name.en: falta este campo obligatorio"
    assert problem_text(line, "it") == "chips[2].name.en: manca questo campo obbligatorio"


def test_unknown_value_and_bound_in_es_and_it(level_env: LevelEnv) -> None:
    err = _broken(level_env, _with("target_score = 0"))
    line = next(p for p in err.problems if p.startswith("target_score:"))
    assert line == "target_score: must be at least 1 (got 0)"
    assert problem_text(line, "es") == "target_score: debe ser al menos 1 (tiene 0)"
    assert problem_text(line, "it") == "target_score: deve essere almeno 1 (trovato 0)"


def test_duplicate_id_in_es_and_it(level_env: LevelEnv) -> None:
    level_env.write(level_env.shipped, "crypt.toml", GOOD_LEVEL)
    level_env.write(level_env.mod, "crypt.toml", GOOD_LEVEL)
    twin = next(e for e in discover_levels("levelgame") if e.source == "mod" and e.path.name == "crypt.toml")
    assert twin.error == ("mods/levelgame/crypt.toml: id: 'crypt' is already used by levels/levelgame/crypt.toml: "
                          "rename the file or set a different id")
    assert localized_error(twin.error, twin.problems, "es") == (
        "mods/levelgame/crypt.toml: id: 'crypt' ya lo usa levels/levelgame/crypt.toml: cambia el nombre del "
        "archivo o pon otro id")
    assert localized_error(twin.error, twin.problems, "it") == (
        "mods/levelgame/crypt.toml: id: 'crypt' è già usato da levels/levelgame/crypt.toml: rinomina il file o "
        "scegli un altro id")


def test_folder_with_too_many_files_in_es_and_it(level_env: LevelEnv, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levelscan, "MAX_LEVELS_PER_DIR", 2)
    for i in range(3):
        level_env.write(level_env.mod, f"m{i}.toml", GOOD_LEVEL.replace("format = 1", f'format = 1\nid = "m{i}"'))
    notice = next(e for e in discover_levels("levelgame") if e.skipped)
    assert notice.problems == ["1 level file left out: at most 2 level files are read per folder (the first 2 by "
                               "name); move the others to another folder or remove them"]
    es = localized_error(notice.error, notice.problems, "es")
    assert es.startswith("mods/levelgame/: 1 archivo de nivel no se lee: se leen como mucho 2 archivos")
    it = localized_error(notice.error, notice.problems, "it")
    assert it.startswith("mods/levelgame/: 1 file di livello non viene letto: si leggono al massimo 2 file")
    assert levelscan.cap_problem(4).startswith("4 level files left out")
    assert problem_text(levelscan.cap_problem(4), "es").startswith("4 archivos de nivel no se leen")


def test_an_included_files_problem_keeps_its_key_and_the_include_prefix(level_env: LevelEnv) -> None:
    level_env.write(level_env.mod, "_shared.toml", 'title "x"\n')
    err = _broken(level_env, 'include = ["_shared.toml"]\n' + GOOD_LEVEL)
    (line,) = err.problems
    assert line == ("include[0]: mods/levelgame/_shared.toml: line 1, column 7: not valid TOML: "
                    "Expected '=' after a key in a key/value pair")
    assert problem_text(line, "it").startswith("include[0]: mods/levelgame/_shared.toml: riga 1, colonna 7: ")
    again = _broken(level_env, 'include = ["_shared.toml"]\n' + GOOD_LEVEL)  # from the catalogue: still keyed
    assert isinstance(again.problems[0], Msg) and problem_text(again.problems[0], "es").startswith(
        "include[0]: mods/levelgame/_shared.toml: línea 1, columna 7")


def test_control_characters_in_a_translated_line_stay_escaped(level_env: LevelEnv) -> None:
    err = _broken(level_env, _with('"ti\\ntel" = "x"'))
    line = next(p for p in err.problems if "unknown key" in p)
    assert "\n" not in line and "\n" not in problem_text(line, "es") and "\\n" in problem_text(line, "es")


def test_english_str_is_unchanged_for_tools(level_env: LevelEnv) -> None:
    err = _broken(level_env, _with('target_score = "three"'))
    assert str(err) == "\n".join(f"mods/levelgame/bad.toml: {p}" for p in err.problems)
    assert type(str(err)) is str and all(isinstance(p, str) for p in err.problems)
