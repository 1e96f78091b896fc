"""Level loader: valid files, exact error messages, includes, hostile files, discovery, images.

Everything runs against the private ``levelgame`` ruleset (tests/engine/_levelgame.py)
and temporary shipped-levels / mods folders, so it does not depend on the real rulesets.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.engine import levelfiles, levels
from game.engine.levels import (
    Level, LevelError, discover_levels, get_level, json_schema, load_level_file, resolve_asset,
)
from tests.engine._levelgame import GOOD_LEVEL, RULESET, LevelEnv, level_env  # noqa: F401 - fixture

# a PNG signature and IHDR chunk for a 16x16 image (the loader reads the size from the header)
PNG = (b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR" + (16).to_bytes(4, "big")
       + (16).to_bytes(4, "big") + b"\x08\x06\x00\x00\x00" + b"\x00" * 4)


def _problems(exc: pytest.ExceptionInfo[LevelError]) -> list[str]:
    return list(exc.value.problems)


def _with(extra: str) -> str:
    """GOOD_LEVEL with a table appended, or top-level ``key = value`` lines set (replaced or added)."""
    if extra.startswith("["):
        return GOOD_LEVEL + "\n" + extra
    head, sep, tail = GOOD_LEVEL.partition("\n[[chips]]")
    lines = head.splitlines()
    for new in extra.splitlines():
        key = new.split("=")[0].strip()
        same = [i for i, line in enumerate(lines) if line.split("=")[0].strip() == key]
        if same:
            lines[same[0]] = new
        else:
            lines.append(new)
    return "\n".join(lines) + "\n" + sep + tail


# --- a good level -------------------------------------------------------------------------------

def test_good_level_loads_with_defaults_and_translations(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "mossy.toml", GOOD_LEVEL)
    lvl = load_level_file(p)
    assert (lvl.ruleset, lvl.id, lvl.source) == ("levelgame", "mossy", "mod")
    assert lvl.title("es") == "El sótano musgoso" and lvl.title("it") == "La cantina muschiosa"
    assert lvl.title("en") == "The Mossy Cellar"
    assert lvl.description("it") == "Count to three."  # a plain string serves every language
    assert lvl.model.chips[0].effects[0].amount == 2
    assert lvl.model.chips[0].effects[0].target == "line"
    assert lvl.data["id"] == "mossy" and "include" not in lvl.data
    assert len(lvl.content_hash) == 16


def test_level_data_round_trips_through_from_data(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "mossy.toml", GOOD_LEVEL)
    lvl = load_level_file(p)
    again = Level.from_data(lvl.data)
    assert again.id == lvl.id and again.content_hash == lvl.content_hash
    assert again.model == lvl.model
    # and a game of the test ruleset starts from it
    state = RULESET.new_game(again, ["a", "b"], seed=3)
    assert state.to_act() == 0


def test_content_hash_changes_with_content(level_env: LevelEnv) -> None:
    a = load_level_file(level_env.write(level_env.mod, "a.toml", GOOD_LEVEL))
    b = load_level_file(level_env.write(level_env.mod, "b.toml", GOOD_LEVEL.replace("target_score = 3",
                                                                                   "target_score = 4")))
    assert a.content_hash != b.content_hash


def test_byte_order_mark_is_accepted(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "bom.toml", "\ufeff".encode() + GOOD_LEVEL.encode())
    assert load_level_file(p).id == "bom"


# --- error messages -----------------------------------------------------------------------------

def test_error_format_path_field_value_suggestion_and_choices(level_env: LevelEnv) -> None:
    text = GOOD_LEVEL.replace('faces = ["torch", "key"]', 'faces = ["torch", "swrod"]')
    p = level_env.write(level_env.mod, "crypt.toml", text)
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert str(exc.value) == ("mods/levelgame/crypt.toml: chips[1].faces[1]: unknown value 'swrod' "
                              "(did you mean 'sword'?); expected one of: sword, shield, torch, skull, key")


@pytest.mark.parametrize(("snippet", "expected"), [
    ('titel = "x"', "titel: unknown key 'titel' (did you mean 'title'?)"),
    ('difficulty = "hrad"', "difficulty: unknown value 'hrad' (did you mean 'hard'?)"),
    ("target_score = 0", "target_score: must be at least 1 (got 0)"),
    ('target_score = "three"', "target_score: expected a whole number (got 'three')"),
    ("format = 2", "format: unknown value 2; expected one of: 1"),
    ('[[floors]]\nspaces = 3\nobstacels = [1]', "floors[1].obstacels: unknown key 'obstacels' "
                                                "(did you mean 'obstacles'?)"),
    ('[[chips]]\nname = "x"\nfaces = ["key"]', "chips[2].faces: expected at least 2 items (got 1)"),
    ('[[chips]]\nname = "x"\nfaces = ["key", "key"]\neffects = [{ effect = "damag" }]',
     "chips[2].effects[0]: unknown effect 'damag' (did you mean 'damage'?); expected one of: damage, heal, draw"),
    ('[[chips]]\nname = "x"\nfaces = ["key", "key"]\neffects = [{ effect = "heal", amout = 2 }]',
     "chips[2].effects[0].amout: unknown key 'amout' (did you mean 'amount'?); expected one of: effect, amount"),
    ('[[chips]]\nname = "x"\nfaces = ["key", "key"]\neffects = [{ effect = "damage", target = "lnie" }]',
     "chips[2].effects[0].target: unknown value 'lnie' (did you mean 'line'?)"),
    ('[[chips]]\nname = "x"\nfaces = ["key", "key"]\neffects = [{ amount = 2 }]',
     "chips[2].effects[0]: missing key 'effect'; expected one of: damage, heal, draw"),
    ('[[chips]]\nname = "x"\nfaces = ["key", "key"]\neffects = ["damage"]',
     "chips[2].effects[0]: expected a table with effect = one of: damage, heal, draw (got 'damage')"),
    ('[[chips]]\nname = 5\nfaces = ["key", "key"]', "chips[2].name: expected text or a table (en, es, it) (got 5)"),
    ('[[chips]]\nname = { en = "a", fr = "b" }\nfaces = ["key", "key"]',
     "chips[2].name.fr: unknown key 'fr'; expected one of: en, es, it"),
    ('[[chips]]\nname = { es = "a" }\nfaces = ["key", "key"]', "chips[2].name.en: required field is missing"),
    ("[seats]\nmin = 3\nmax = 2", "seats: max must be at least min"),
    ('[[tiles]]\nid = "Big Hall"\nimage = "a.png"', "tiles[0].id: not a valid id"),
])
def test_error_names_field_path_and_says_what_was_expected(level_env: LevelEnv, snippet: str,
                                                           expected: str) -> None:
    p = level_env.write(level_env.mod, "bad.toml", _with(snippet))
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    lines = str(exc.value).splitlines()
    assert all(line.startswith("mods/levelgame/bad.toml: ") for line in lines)
    assert any(expected in line for line in lines), lines
    # no pydantic internals leak into the message
    assert not any(w in str(exc.value) for w in ("constrained-str", "tagged-union", "function-after",
                                                 "Input should", "Translations"))


def test_unknown_keys_rejected_at_every_depth(level_env: LevelEnv) -> None:
    text = (GOOD_LEVEL.replace("order = 5", "order = 5\nbogus_top = 1")
            .replace('name = "Rusty blade"', 'name = "Rusty blade"\nbogus_chip = 1')
            .replace('amount = 2 }', 'amount = 2, bogus_effect = 1 }')
            .replace('es = "Linterna" }', 'es = "Linterna", bogus_lang = "x" }')
            .replace("spaces = 6", "spaces = 6\nbogus_floor = 1"))
    p = level_env.write(level_env.mod, "bogus.toml", text)
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    joined = "\n".join(_problems(exc))
    for where in ("bogus_top:", "chips[0].bogus_chip:", "chips[0].effects[0].bogus_effect:",
                  "chips[1].name.bogus_lang:", "floors[0].bogus_floor:"):
        assert where in joined, joined


def test_unknown_ruleset_suggests_and_lists(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "rs.toml", GOOD_LEVEL.replace('ruleset = "levelgame"',
                                                                     'ruleset = "levelgam"'))
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert "ruleset: unknown ruleset 'levelgam' (did you mean 'levelgame'?); expected one of:" in str(exc.value)


def test_missing_ruleset_and_title_are_named(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "r.toml", 'title = "x"\n')
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert "ruleset: required field is missing" in str(exc.value)
    p = level_env.write(level_env.mod, "t.toml", 'ruleset = "levelgame"\n')
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert str(exc.value) == "mods/levelgame/t.toml: title: required field is missing"


def test_file_name_that_is_not_an_id_is_explained(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "My Level.toml", GOOD_LEVEL)
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert "id: the file name 'My Level' is not a valid level id" in str(exc.value)
    # an explicit id fixes it
    p.write_text(GOOD_LEVEL.replace("format = 1", 'format = 1\nid = "my-level"'), encoding="utf-8")
    assert load_level_file(p).id == "my-level"


def test_toml_syntax_error_gives_line_and_column(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "syn.toml", 'ruleset = "levelgame"\ntitle = \n')
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert str(exc.value).startswith("mods/levelgame/syn.toml: line 2, column 9: not valid TOML")


def test_dates_and_non_finite_numbers_are_refused(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "d.toml", _with("when = 2024-01-01"))
    with pytest.raises(LevelError, match=r"when: dates and times are not used"):
        load_level_file(p)
    p = level_env.write(level_env.mod, "n.toml", _with("[[floors]]\nspaces = nan"))
    with pytest.raises(LevelError, match=r"floors\[1\]\.spaces: expected a finite number"):
        load_level_file(p)


def test_many_problems_are_capped_with_a_count(level_env: LevelEnv) -> None:
    extra = "\n".join(f"bogus{i} = {i}" for i in range(40))
    p = level_env.write(level_env.mod, "many.toml", GOOD_LEVEL.replace("order = 5", "order = 5\n" + extra))
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert len(_problems(exc)) == levels.MAX_PROBLEMS + 1
    assert _problems(exc)[-1] == "(and 20 more problems)"


# --- includes -----------------------------------------------------------------------------------

CHIPS = '''
[[chips]]
name = "Shared shield"
faces = ["shield", "skull"]
'''


def test_include_merges_shared_file_first(level_env: LevelEnv) -> None:
    level_env.write(level_env.mod, "_chips.toml", CHIPS)
    p = level_env.write(level_env.mod, "inc.toml", 'include = ["_chips.toml"]\n' + GOOD_LEVEL)
    lvl = load_level_file(p)
    assert [c.name for c in lvl.model.chips][0] == "Shared shield"
    assert len(lvl.model.chips) == 3
    assert "include" not in lvl.data and len(lvl.data["chips"]) == 3  # saves are self-contained


def test_mod_may_include_a_shipped_shared_file(level_env: LevelEnv) -> None:
    level_env.write(level_env.shipped, "_chips.toml", 'include = ["_more.toml"]\n' + CHIPS)
    level_env.write(level_env.shipped, "_more.toml", CHIPS)
    p = level_env.write(level_env.mod, "reuse.toml", 'include = ["shipped:levelgame/_chips.toml"]\n' + GOOD_LEVEL)
    assert len(load_level_file(p).model.chips) == 4
    p.write_text('include = ["shipped:../home/data/mods/levelgame/reuse.toml"]\n' + GOOD_LEVEL, encoding="utf-8")
    with pytest.raises(LevelError, match="leaves the folder levels/"):
        load_level_file(p)
    p.write_text('include = ["shipped:/etc/x.toml"]\n' + GOOD_LEVEL, encoding="utf-8")
    with pytest.raises(LevelError, match="not an absolute path"):
        load_level_file(p)


def test_nested_include_is_relative_to_the_including_file(level_env: LevelEnv) -> None:
    level_env.write(level_env.mod, "_shared/more.toml", 'include = ["deep/_base.toml"]\n' + CHIPS)
    level_env.write(level_env.mod, "_shared/deep/_base.toml", "target_score = 7\n")
    p = level_env.write(level_env.mod, "nest.toml", 'include = ["_shared/more.toml"]\n' + GOOD_LEVEL)
    lvl = load_level_file(p)
    assert lvl.model.target_score == 3  # the level's own value wins over included ones
    assert len(lvl.model.chips) == 3


def test_diamond_include_is_merged_once(level_env: LevelEnv) -> None:
    level_env.write(level_env.mod, "_a.toml", 'include = ["_c.toml"]\n')
    level_env.write(level_env.mod, "_b.toml", 'include = ["_c.toml"]\n')
    level_env.write(level_env.mod, "_c.toml", CHIPS)
    p = level_env.write(level_env.mod, "dia.toml", 'include = ["_a.toml", "_b.toml"]\n' + GOOD_LEVEL)
    assert len(load_level_file(p).model.chips) == 3


def test_error_in_included_file_names_level_and_included_file(level_env: LevelEnv) -> None:
    level_env.write(level_env.mod, "_chips.toml", "[[chips]\n")
    p = level_env.write(level_env.mod, "inc.toml", 'include = ["_chips.toml"]\n' + GOOD_LEVEL)
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    msg = str(exc.value)
    assert msg.startswith("mods/levelgame/inc.toml: include[0]: mods/levelgame/_chips.toml: line 1")


@pytest.mark.parametrize(("include", "expected"), [
    ("../../outside.toml", "leaves the folder"),
    ("../../../../../../../../etc/passwd.toml", "leaves the folder"),
    ("/etc/passwd.toml", "not an absolute path"),
    ("C:/Windows/x.toml", "not an absolute path"),
    ("\\\\server\\share\\x.toml", "not an absolute path"),
    ("~/x.toml", "not an absolute path"),
    ("", "empty path"),
    ("_nothere.toml", "file not found"),
    ("_chips.txt", "only .toml files"),
    ("inc.toml", "cycle"),
])
def test_bad_includes_are_refused(level_env: LevelEnv, include: str, expected: str) -> None:
    (level_env.home / "outside.toml").write_text(CHIPS, encoding="utf-8")
    level_env.write(level_env.mod, "_chips.txt", CHIPS)
    p = level_env.write(level_env.mod, "inc.toml", f"include = [{include!r}]\n".replace("'", '"')
                        if "\\" not in include else f"include = ['{include}']\n")
    p.write_text(p.read_text(encoding="utf-8") + GOOD_LEVEL, encoding="utf-8")
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert str(exc.value).startswith("mods/levelgame/inc.toml: include[0]: ")
    assert expected in str(exc.value)


def test_include_cycle_between_two_files(level_env: LevelEnv) -> None:
    level_env.write(level_env.mod, "_a.toml", 'include = ["_b.toml"]\n')
    level_env.write(level_env.mod, "_b.toml", 'include = ["_a.toml"]\n')
    p = level_env.write(level_env.mod, "cyc.toml", 'include = ["_a.toml"]\n' + GOOD_LEVEL)
    with pytest.raises(LevelError, match="cycle"):
        load_level_file(p)


def test_include_depth_is_bounded(level_env: LevelEnv) -> None:
    n = levels.MAX_INCLUDE_DEPTH + 2
    for i in range(n):
        level_env.write(level_env.mod, f"_d{i}.toml", f'include = ["_d{i + 1}.toml"]\n' if i < n - 1 else "")
    p = level_env.write(level_env.mod, "deep.toml", 'include = ["_d0.toml"]\n' + GOOD_LEVEL)
    with pytest.raises(LevelError, match="levels of includes"):
        load_level_file(p)


def test_include_not_a_list_is_named(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "inc.toml", 'include = "_chips.toml"\n' + GOOD_LEVEL)
    with pytest.raises(LevelError, match="include: expected a list of relative paths"):
        load_level_file(p)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_symlinked_include_and_level_leaving_the_folder_are_refused(level_env: LevelEnv) -> None:
    outside = level_env.home / "secret.toml"
    outside.write_text(CHIPS, encoding="utf-8")
    (level_env.mod / "_link.toml").symlink_to(outside)
    p = level_env.write(level_env.mod, "inc.toml", 'include = ["_link.toml"]\n' + GOOD_LEVEL)
    with pytest.raises(LevelError, match="leaves the folder"):
        load_level_file(p)
    outside_level = level_env.home / "lvl.toml"
    outside_level.write_text(GOOD_LEVEL, encoding="utf-8")
    (level_env.mod / "linked.toml").symlink_to(outside_level)
    with pytest.raises(LevelError, match="leaves its folder"):
        load_level_file(level_env.mod / "linked.toml")
    # a link that loops on itself is just unreadable
    (level_env.mod / "loop.toml").symlink_to(level_env.mod / "loop.toml")
    with pytest.raises(LevelError, match="not found or unreadable"):
        load_level_file(level_env.mod / "loop.toml")


# --- hostile files ------------------------------------------------------------------------------

def test_ten_megabyte_file_is_refused_quickly(level_env: LevelEnv) -> None:
    p = level_env.mod / "huge.toml"
    with p.open("wb") as fh:
        fh.write(b'ruleset = "levelgame"\ntitle = "x"\n')
        fh.write(b"# padding\n" * (1024 * 1024))
    start = time.perf_counter()
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert time.perf_counter() - start < 1.0
    assert str(exc.value).startswith("mods/levelgame/huge.toml: file too large")


def test_includes_share_one_byte_budget(level_env: LevelEnv, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levelfiles, "MAX_TOTAL_BYTES", 2000)
    big = CHIPS * 10  # about 700 bytes each
    for name in ("_a.toml", "_b.toml", "_c.toml"):
        level_env.write(level_env.mod, name, big)
    p = level_env.write(level_env.mod, "fat.toml", 'include = ["_a.toml", "_b.toml", "_c.toml"]\n' + GOOD_LEVEL)
    with pytest.raises(LevelError, match="too much included data"):
        load_level_file(p)


@pytest.mark.parametrize("depth", [levels.MAX_DEPTH + 1, 200, 5000])
def test_deep_nesting_is_refused_without_recursion_error(level_env: LevelEnv, depth: int) -> None:
    p = level_env.write(level_env.mod, "deep.toml", _with("x = " + "[" * depth + "1" + "]" * depth))
    with pytest.raises(LevelError, match="nested too deeply"):
        load_level_file(p)
    p = level_env.write(level_env.mod, "deep2.toml", _with("x = " + "{a = " * depth + "1" + "}" * depth))
    with pytest.raises(LevelError, match="nested too deeply"):
        load_level_file(p)


def test_brackets_inside_strings_do_not_count_as_nesting(level_env: LevelEnv) -> None:
    art = "[" * 100 + "{" * 100
    text = GOOD_LEVEL.replace('description = "Count to three."', f'description = "{art}"  # {art}')
    lvl = load_level_file(level_env.write(level_env.mod, "art.toml", text))
    assert lvl.description() == art


def test_invalid_utf8_names_the_line(level_env: LevelEnv) -> None:
    raw = GOOD_LEVEL.encode().replace(b"Count to three.", b"Count \xff\xfe three.")
    p = level_env.write(level_env.mod, "enc.toml", raw)
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert str(exc.value) == "mods/levelgame/enc.toml: line 4: not valid UTF-8 text (save the file as UTF-8)"


def test_nul_bytes_are_binary_garbage(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "nul.toml", GOOD_LEVEL.encode() + b"\x00\x00")
    with pytest.raises(LevelError, match="binary data"):
        load_level_file(p)
    p = level_env.write(level_env.mod, "garbage.toml", bytes(range(256)) * 4)
    with pytest.raises(LevelError):
        load_level_file(p)


def test_a_folder_or_missing_file_is_an_error_not_a_crash(level_env: LevelEnv) -> None:
    (level_env.mod / "dir.toml").mkdir()
    with pytest.raises(LevelError, match="not a regular file"):
        load_level_file(level_env.mod / "dir.toml")
    with pytest.raises(LevelError, match="not found"):
        load_level_file(level_env.mod / "nothere.toml")


def test_from_data_never_raises_anything_but_level_error(level_env: LevelEnv) -> None:
    for bad in (None, [], "x", 5, {"ruleset": 5}, {"ruleset": "levelgame", "title": {"en": [1]}},
                {1: 2}, {"ruleset": "levelgame", "title": "t", "chips": [[[]]]}):
        with pytest.raises(LevelError) as exc:
            Level.from_data(bad, where="save.json")  # type: ignore[arg-type]
        assert str(exc.value).startswith("save.json: ")


# --- discovery ----------------------------------------------------------------------------------

def test_discovery_lists_shipped_then_mods_with_broken_ones_and_their_errors(level_env: LevelEnv) -> None:
    level_env.write(level_env.shipped, "second.toml", GOOD_LEVEL.replace("order = 5", "order = 20"))
    level_env.write(level_env.shipped, "first.toml", GOOD_LEVEL.replace("order = 5", "order = 1"))
    level_env.write(level_env.shipped, "_shared.toml", CHIPS)
    level_env.write(level_env.mod, "good-mod.toml", GOOD_LEVEL)
    level_env.write(level_env.mod, "broken.toml", "this is not toml = = =")
    level_env.write(level_env.mod, ".hidden.toml", "garbage")
    level_env.write(level_env.mod, "notes.txt", "not a level")
    entries = discover_levels("levelgame")
    assert [(e.source, e.id, e.ok) for e in entries] == [
        ("shipped", "first", True), ("shipped", "second", True), ("mod", "good-mod", True), ("mod", "broken", False)]
    broken = entries[-1]
    assert broken.error is not None and broken.error.startswith("mods/levelgame/broken.toml: line 1")
    assert broken.problems and not broken.problems[0].startswith("mods/")
    assert discover_levels("levelgame", include_mods=False)[-1].id == "second"


def test_file_whose_ruleset_disagrees_with_its_folder(level_env: LevelEnv) -> None:
    other = level_env.mods / "otherfolder"
    level_env.write(level_env.mod, "ok.toml", GOOD_LEVEL)
    from game.engine.levels import load_entry

    e = load_entry(level_env.write(other, "x.toml", GOOD_LEVEL), "otherfolder", "mod", root=level_env.mods)
    assert not e.ok
    assert e.error == "mods/otherfolder/x.toml: ruleset: says 'levelgame' but the file is in the otherfolder/ folder"


def test_duplicate_ids_mark_the_later_file(level_env: LevelEnv) -> None:
    level_env.write(level_env.shipped, "crypt.toml", GOOD_LEVEL)
    level_env.write(level_env.mod, "crypt.toml", GOOD_LEVEL)  # same id as a shipped level
    level_env.write(level_env.mod, "a.toml", GOOD_LEVEL.replace("format = 1", 'format = 1\nid = "twin"'))
    level_env.write(level_env.mod, "b.toml", GOOD_LEVEL.replace("format = 1", 'format = 1\nid = "twin"'))
    entries = {(e.source, e.path.name): e for e in discover_levels("levelgame")}
    assert entries[("shipped", "crypt.toml")].ok
    assert not entries[("mod", "crypt.toml")].ok
    assert "id: 'crypt' is already used by levels/levelgame/crypt.toml" in (entries[("mod", "crypt.toml")].error or "")
    assert entries[("mod", "a.toml")].ok and not entries[("mod", "b.toml")].ok
    assert "already used by mods/levelgame/a.toml" in (entries[("mod", "b.toml")].error or "")


def test_get_level_by_id_default_and_unknown(level_env: LevelEnv) -> None:
    level_env.write(level_env.shipped, "cellar.toml", GOOD_LEVEL)
    level_env.write(level_env.mod, "broken.toml", GOOD_LEVEL.replace('"easy"', '"hrad"'))
    assert get_level("levelgame").id == "cellar"
    assert get_level("levelgame", "cellar").source == "shipped"
    with pytest.raises(LevelError) as exc:
        get_level("levelgame", "celar")
    assert "no level 'celar' (did you mean 'cellar'?)" in str(exc.value)
    with pytest.raises(LevelError) as exc:
        get_level("levelgame", "broken")
    assert str(exc.value).startswith("mods/levelgame/broken.toml: difficulty: unknown value 'hrad'")
    assert str(exc.value).count("mods/levelgame/broken.toml") == 1


def test_no_levels_at_all(level_env: LevelEnv) -> None:
    assert discover_levels("levelgame") == []
    with pytest.raises(LevelError, match="no playable level"):
        get_level("levelgame")


# --- schema -------------------------------------------------------------------------------------

def test_json_schema_describes_fields_and_effect_verbs(level_env: LevelEnv) -> None:
    schema = json_schema("levelgame")
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert {"ruleset", "title", "chips", "include"} <= set(schema["properties"])
    assert schema["additionalProperties"] is False
    text = str(schema)
    for verb in ("damage", "heal", "draw"):
        assert f"'{verb}'" in text
    with pytest.raises(KeyError):
        json_schema("nope")


# --- images -------------------------------------------------------------------------------------

TILE = '\n[[tiles]]\nid = "hall"\nimage = "{}"\n'


def test_level_image_resolves_inside_the_folder(level_env: LevelEnv) -> None:
    level_env.write(level_env.mod, "art/hall.png", PNG)
    lvl = load_level_file(level_env.write(level_env.mod, "img.toml", GOOD_LEVEL + TILE.format("art/hall.png")))
    real = resolve_asset(lvl, lvl.model.tiles[0].image)
    assert real == (level_env.mod / "art" / "hall.png").resolve() and real.read_bytes() == PNG


def test_missing_image_is_reported_at_load_with_its_field(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "img.toml", GOOD_LEVEL + TILE.format("art/none.png"))
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    assert str(exc.value) == "mods/levelgame/img.toml: tiles[0].image: 'art/none.png': file not found"


@pytest.mark.parametrize(("rel", "expected"), [
    ("../../../etc/x.png", "leaves the folder"),
    ("/etc/x.png", "not an absolute path"),
    ("C:\\x.png", "not an absolute path"),
    ("art/hall.gif", "only .png and .svg"),
    ("art/big.png", "image too large"),
])
def test_resolve_asset_refuses(level_env: LevelEnv, rel: str, expected: str) -> None:
    level_env.write(level_env.mod, "art/hall.gif", b"GIF89a")
    with (level_env.mod / "art" / "big.png").open("wb") as fh:
        fh.truncate(levels.MAX_ASSET_BYTES + 1)
    lvl = load_level_file(level_env.write(level_env.mod, "plain.toml", GOOD_LEVEL))
    with pytest.raises(LevelError) as exc:
        resolve_asset(lvl, rel, "tiles[0].image")
    assert str(exc.value).startswith("mods/levelgame/plain.toml: tiles[0].image: ")
    assert expected in str(exc.value)


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_resolve_asset_refuses_symlink_out(level_env: LevelEnv) -> None:
    outside = level_env.home / "x.png"
    outside.write_bytes(PNG)
    (level_env.mod / "link.png").symlink_to(outside)
    lvl = load_level_file(level_env.write(level_env.mod, "plain.toml", GOOD_LEVEL))
    with pytest.raises(LevelError, match="leaves the folder"):
        resolve_asset(lvl, "link.png")


def test_inline_level_has_no_image_folder(level_env: LevelEnv) -> None:
    lvl = load_level_file(level_env.write(level_env.mod, "plain.toml", GOOD_LEVEL))
    inline = Level.from_data(lvl.data)
    with pytest.raises(LevelError, match="no folder"):
        resolve_asset(inline, "a.png")


def test_asset_path_schema_rejects_bad_extension_before_the_file_system(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "img.toml", GOOD_LEVEL + TILE.format("art/hall.bmp"))
    with pytest.raises(LevelError, match=r"tiles\[0\]\.image: does not match the pattern"):
        load_level_file(p)


def test_paths_in_messages_are_short(level_env: LevelEnv, tmp_path: Path) -> None:
    assert levels._display(level_env.mod / "x.toml") == "mods/levelgame/x.toml"
    assert levels._display(level_env.shipped / "x.toml") == "levels/levelgame/x.toml"


def test_check_level_model_finds_lax_models(level_env: LevelEnv) -> None:
    from pydantic import BaseModel

    from game.engine.schema import LevelBase

    class Lax(BaseModel):
        x: int = 0

    class Model(LevelBase):
        items: list[Lax] = []

    assert levels.check_level_model(RULESET.level_model) == []
    assert levels.check_level_model(Model) == ["Lax: unknown keys would be ignored (derive it from StrictModel)"]


def test_every_registered_ruleset_level_model_rejects_unknown_keys() -> None:
    from game.engine.registry import all_rulesets

    for rs in all_rulesets():
        if rs.level_model is not None:
            assert levels.check_level_model(rs.level_model) == [], rs.id


def test_parse_cache_hands_out_copies_and_sees_edits(level_env: LevelEnv) -> None:
    p = level_env.write(level_env.mod, "cache.toml", GOOD_LEVEL)
    first = load_level_file(p)
    first.data["chips"].append({"mutated": True})
    first.data["chips"][0]["faces"].append("key")
    again = load_level_file(p)
    assert len(again.data["chips"]) == 2 and again.data["chips"][0]["faces"] == ["sword", "skull"]
    p.write_text(GOOD_LEVEL.replace("target_score = 3", "target_score = 9"), encoding="utf-8")
    assert load_level_file(p).model.target_score == 9
