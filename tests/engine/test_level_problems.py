"""Issue 16 items 9, 12 and 13: bounded validation work, levels the rules would reject, honest messages.

- 9: a level with 1,500 broken references computed 1,500 "did you mean" before keeping 20
  lines; now the work is bounded (counted here, not timed) and at most 20 lines come out.
- 12: a skirmish encounter whose groups all need more heroes than can play is refused at
  load, and too few seats are refused at start (never a fight with no enemies).
- 13: control and bidirectional characters are escaped in every message; skirmish and
  sanctuary cross-checks print one located line per problem; a 5,000-digit number gives
  a short message.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

from game.engine import levelchecks, limits
from game.engine.levels import Level, LevelError, load_level_file
from game.engine.match import Match
from tests.engine._limitplay import shipped_data


def _error(data: dict[str, Any], where: str = "mod.toml") -> LevelError:
    with pytest.raises(LevelError) as err:
        Level.from_data(data, where=where, source="mod")
    return err.value


@pytest.fixture
def matches(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    calls = {"n": 0}
    real = difflib.get_close_matches

    def counting(*a: Any, **kw: Any) -> Any:
        calls["n"] += 1
        return real(*a, **kw)

    monkeypatch.setattr(levelchecks.difflib, "get_close_matches", counting)
    return calls


def test_issue16_9_dungeon_1500_broken_references_do_bounded_work(matches: dict[str, int]) -> None:
    data = shipped_data("dungeon")
    data["market"]["stock"] = {f"nochip{i}": 1 for i in range(1500)}
    err = _error(data)
    assert len(err.problems) <= limits.MAX_PROBLEMS
    assert "more problems" in err.problems[-1]
    assert matches["n"] <= 2 * limits.MAX_PROBLEMS, matches


@pytest.mark.parametrize("ruleset", ["skirmish", "expedition", "quest", "sanctuary"])
def test_issue16_9_cross_checks_do_bounded_suggestion_work(ruleset: str, matches: dict[str, int]) -> None:
    data = shipped_data(ruleset)
    if ruleset == "skirmish":
        data["ground"] = [f"noitem{i}" for i in range(12)]
        data["equipment"] = {**data["equipment"], **{f"e{i}": {"name": "E", "parts": ["hand"],
                                                                "actions": [f"noact{i}"] * 6}
                                                      for i in range(300)}}
    elif ruleset == "expedition":
        data["party"] = [f"nohero{i}" for i in range(len(data["party"]))]
        data["npcs"] = {f"n{i}": {**next(iter(data["npcs"].values())), "tells": f"nosite{i}"}
                        for i in range(600)}
    elif ruleset == "quest":
        data["encounter"] = {f"nocard{i}": 1 for i in range(1500)}
    else:
        data["decks"] = {f"d{i}": {**next(iter(data["decks"].values())), "sanctuary": f"nocard{i}"}
                         for i in range(1500)}
    err = _error(data)
    assert 1 <= len(err.problems) <= limits.MAX_PROBLEMS + 1
    assert matches["n"] <= 2 * limits.MAX_PROBLEMS, matches


def test_issue16_9_many_field_errors_are_bounded() -> None:
    data = shipped_data("dungeon")
    data["tokens"] = {f"t{i}": {"name": 5, "symbol": 7} for i in range(3000)}
    err = _error(data)
    assert len(err.problems) == limits.MAX_PROBLEMS + 1
    assert "more problems" in err.problems[-1]


def test_issue16_9_suggestions_are_bounded_in_words_and_options() -> None:
    assert levelchecks.suggest("swrod", ["sword", "shield"]) == " (did you mean 'sword'?)"
    assert levelchecks.suggest("x" * (limits.SUGGEST_CHARS + 1), ["x" * (limits.SUGGEST_CHARS + 1)]) == ""
    many = [f"zz{i}" for i in range(10_000)] + ["sword"]
    assert levelchecks.suggest("swrod", many) == ""  # past the options compared
    with levelchecks.budget(1):
        assert levelchecks.suggest("swrod", ["sword"]) != ""
        assert levelchecks.suggest("swrod", ["sword"]) == ""


def test_issue16_12_an_encounter_no_party_can_meet_is_refused_at_load() -> None:
    data = shipped_data("skirmish")
    data["party"] = data["party"][:2]
    for group in data["encounter"]:
        group["min_heroes"] = 4
    err = _error(data)
    assert any(p.startswith("encounter: every group of minions needs at least 4 heroes") for p in err.problems)


def test_issue16_12_too_few_heroes_for_every_group_is_refused_at_start() -> None:
    data = shipped_data("skirmish")
    for group in data["encounter"]:
        group["min_heroes"] = 3
    level = Level.from_data(data, where="mod.toml")
    assert level.model.seat_count_range()[0] == 4
    with pytest.raises(ValueError, match="takes 4 to"):
        Match.new("skirmish", level, ["a", "b", "c"], 1)
    from game.rulesets.skirmish.state import SkirmishState

    with pytest.raises(ValueError, match="no minions fight 2 heroes"):
        SkirmishState.new(level, ["a", "b", "c"], 1)
    m = Match.new("skirmish", level, ["a", "b", "c", "d"], 1)
    assert any(c["side"] == "minions" for c in m.state.combatants)


@pytest.mark.parametrize("ruleset,mutate,line", [
    ("skirmish", lambda d: d.update(party=["nobody", "noone"]), "party[1]: unknown hero 'noone'"),
    ("sanctuary", lambda d: d["players"][0].update(deck="nodeck"), "players[0].deck: unknown deck 'nodeck'"),
    ("quest", lambda d: d.update(setup=["nocard"]), "setup[0]: unknown card 'nocard'"),
    ("expedition", lambda d: d.update(party=["nohero"]), "party[0]: unknown hero 'nohero'"),
])
def test_issue16_13_cross_checks_print_one_located_line_per_problem(ruleset: str, mutate: Any, line: str) -> None:
    data = shipped_data(ruleset)
    mutate(data)
    err = _error(data)
    assert line in err.problems
    assert not any(p.startswith("(top level)") and ";" in p for p in err.problems), err.problems
    assert all(str(err).splitlines()[i] == f"mod.toml: {p}" for i, p in enumerate(err.problems))


@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200f", "\x1b", "\x9b", "\u2028", "\n"])
def test_issue16_13_control_and_bidi_characters_are_escaped(char: str, tmp_path: Path) -> None:
    data = shipped_data("dungeon")
    data[f"evil{char}key"] = 1
    err = _error(data, where=f"mods/dungeon/x{char}.toml")
    text = str(err)
    assert char not in text
    assert f"\\u{ord(char):04x}" in text or f"\\x{ord(char):02x}" in text or "\\n" in text


def test_issue16_13_a_5000_digit_number_gives_a_short_message(tmp_path: Path) -> None:
    folder = tmp_path / "mods" / "dungeon"
    folder.mkdir(parents=True)
    f = folder / "big.toml"
    f.write_text('format = 1\nruleset = "dungeon"\ntitle = "Big"\nrounds = ' + "9" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(LevelError) as err:
        load_level_file(f)
    text = str(err.value)
    assert "a number of 5000 digits" in text
    assert "set_int_max_str_digits" not in text and len(text) < 300
    data = shipped_data("dungeon")
    data["rounds"] = 10**5000
    short = str(_error(data))
    assert "rounds: must be at most 10 (got a number of about 5001 digits)" in short and len(short) < 300
