"""A dungeon level's broken cross references come out one per line, each naming its field
(they used to be one "(top level): a; b; c; ..." line)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.engine import paths
from game.engine.levels import LevelError, load_level_file

from .helpers import make_level


def _broken_copy(tmp_path: Path) -> Path:
    """Copy the shipped dungeon folder and break the tutorial's chip references in several places."""
    folder = tmp_path / "dungeon"
    shutil.copytree(paths.levels_dir() / "dungeon", folder)
    level = folder / "tutorial.toml"
    text = level.read_text(encoding="utf-8")
    text = text.replace('bag = ["sword_chest", "coin_potion",', 'bag = ["swrod_chest", "coin_potoin",', 1)
    text = text.replace("sword_coin = 3\n", "sword_coin = 3\nshield_poton = 2\n", 1)
    text = text.replace('entrance_deck = ["e02",', 'entrance_deck = ["e99",', 1)
    assert text != level.read_text(encoding="utf-8")
    level.write_text(text, encoding="utf-8")
    return level


def test_cross_check_problems_are_one_line_each_naming_the_field(tmp_path: Path) -> None:
    level = _broken_copy(tmp_path)
    with pytest.raises(LevelError) as info:
        load_level_file(level, root=level.parent)
    lines = str(info.value).splitlines()
    assert len(lines) == len(info.value.problems) >= 4, lines
    expected = {
        r"heroes\.wren\.bag\[0\]: unknown chip 'swrod_chest' \(did you mean 'sword_chest'\?\)",
        r"heroes\.wren\.bag\[1\]: unknown chip 'coin_potoin' \(did you mean 'coin_potion'\?\)",
        r"market\.stock\.shield_poton: unknown chip 'shield_poton' \(did you mean 'shield_potion'\?\)",
        r"entrance_deck\[0\]: unknown card 'e99'",
    }
    for pattern in expected:
        assert sum(1 for ln in lines if re.search(rf"tutorial\.toml: {pattern}", ln)) == 1, (pattern, lines)
    for ln in lines:
        assert "(top level)" not in ln and "; " not in ln, ln
        assert re.match(r"^.*tutorial\.toml: [a-z_]+[\w.\[\]]*: \S", ln), ln


def test_seed_free_cross_checks_each_have_their_own_location() -> None:
    """Duplicates and deck subsets point at the entry itself, not at the whole file."""
    from .helpers import PLAIN3, card

    with pytest.raises(LevelError) as info:
        make_level([card("e1", PLAIN3), card("e1", PLAIN3)], seat_heroes=["h0", "h0"],
                   entrance_deck=["e1", "e1", "nope"])
    problems = info.value.problems
    assert any(p.startswith("entrance[1].id: card id 'e1' is used twice (also entrance[0])") for p in problems)
    assert any(p.startswith("seat_heroes[1]: hero 'h0' is listed twice") for p in problems)
    assert any(p.startswith("entrance_deck[1]: card 'e1' is listed twice") for p in problems)
    assert any(p.startswith("entrance_deck[2]: unknown card 'nope'") for p in problems)
    assert not any("(top level)" in p for p in problems), problems


def test_many_problems_stop_at_twenty_lines_and_count_the_rest() -> None:
    from game.rulesets.dungeon.level import MAX_CROSS_PROBLEMS

    bad = [f"nochip{i}" for i in range(30)]
    with pytest.raises(LevelError) as info:
        make_level(bags=[bad])
    problems = info.value.problems
    assert len(problems) == MAX_CROSS_PROBLEMS, problems
    assert problems[0].startswith("heroes.h0.bag[0]: unknown chip 'nochip0'")
    assert problems[-1].startswith(f"heroes.h0.bag[{MAX_CROSS_PROBLEMS - 1}]: unknown chip")
    assert problems[-1].endswith(f"(and {30 - MAX_CROSS_PROBLEMS} more problems)")


def test_a_table_key_that_is_not_an_id_is_named_as_the_key_itself(tmp_path: Path) -> None:
    # pydantic reports a bad dict key at (..., key, "[key]"); the line names the key, without the marker
    folder = tmp_path / "dungeon"
    shutil.copytree(paths.levels_dir() / "dungeon", folder)
    level = folder / "tutorial.toml"
    text = level.read_text(encoding="utf-8")
    level.write_text(text.replace("[market.stock]\n", '[market.stock]\n"Bad Key" = 2\n', 1), encoding="utf-8")
    with pytest.raises(LevelError) as info:
        load_level_file(level, root=level.parent)
    lines = str(info.value).splitlines()
    assert any(': market.stock."Bad Key": not a valid id' in line for line in lines), lines
    assert not any("[key]" in line for line in lines), lines
