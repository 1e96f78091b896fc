"""Issue 16 item 1: one declaration of limits (game/engine/limits.py) for levels, rules and saves.

The cases of the issue (a 1,990-character token name in each ruleset, a negative market
price, a skirmish ``dr = -10**18``) are refused by the level loader with a located line,
and the longest and most extreme values a level may hold play, save and load.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine import limits
from game.engine.levels import Level, LevelError
from game.engine.match import LogLine
from game.engine.savefile import MAX_LOG_TEXT
from tests.engine._limitplay import RULESETS, names, play_save_load, set_at, shipped_data


def _level(data: dict) -> Level:
    return Level.from_data(data, where="mod.toml", source="mod")


def test_issue16_1_save_limits_are_the_declared_ones() -> None:
    assert MAX_LOG_TEXT == limits.LOG_TEXT_CHARS
    from game.rulesets.dungeon.state import Player
    from game.rulesets.expedition.state import Hero

    for cls in (Player, Hero):
        plan = {name: p for name, _key, p, _d in cls._compile()}["gold"]
        with pytest.raises(Exception, match=re.escape(f"in 0..{limits.GOLD_MAX:g}")):
            plan.load(limits.GOLD_MAX + 1, "gold")
        assert plan.load(limits.GOLD_MAX, "gold") == limits.GOLD_MAX


@pytest.mark.parametrize("ruleset", RULESETS)
def test_issue16_1_a_1990_character_name_is_refused_with_its_length(ruleset: str) -> None:
    data = shipped_data(ruleset)
    path = names(data)[0]
    set_at(data, path, "n" * 1990)
    with pytest.raises(LevelError) as err:
        _level(data)
    assert f"at most {limits.NAME_CHARS} characters" in str(err.value)
    assert str(err.value).startswith("mod.toml: ")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_issue16_1_the_longest_names_play_save_and_load(ruleset: str, tmp_path: Path) -> None:
    data = shipped_data(ruleset)
    found = names(data)
    assert found, "the shipped level names things"
    for i, path in enumerate(found):
        # the longest name allowed, with combining marks and a right-to-left run, different for each
        stem = f"{i}-é\u0301\u05d0" * limits.NAME_CHARS
        set_at(data, path, stem[:limits.NAME_CHARS])
    title = "T" * limits.TITLE_CHARS
    data["title"] = title
    level = _level(data)
    loaded = play_save_load(level, tmp_path, actions=80)
    assert loaded.level.title() == title
    assert all(len(v) <= limits.LOG_TEXT_CHARS for line in loaded.log for v in line.text.values())


def test_issue16_1_a_title_over_the_limit_says_its_length() -> None:
    data = shipped_data("dungeon")
    data["title"] = "T" * (limits.TITLE_CHARS + 1)
    with pytest.raises(LevelError) as err:
        _level(data)
    assert f"title: text must be at most {limits.TITLE_CHARS} characters long" in str(err.value)
    assert "expected text or a table" not in str(err.value)


@pytest.mark.parametrize("price", [-1, -1_000_000, -(10**18), limits.PRICE_MAX + 1])
def test_issue16_1_a_market_price_outside_the_limits_is_refused(price: int) -> None:
    data = shipped_data("dungeon")
    data.setdefault("market", {})["prices"] = [2, price, 6]
    with pytest.raises(LevelError) as err:
        _level(data)
    assert "market.prices[1]: must be" in str(err.value)


def test_issue16_1_the_extreme_market_prices_play_save_and_load(tmp_path: Path) -> None:
    for prices in ([0, 0, 0], [limits.PRICE_MAX] * 3):
        data = shipped_data("dungeon")
        data.setdefault("market", {})["prices"] = prices
        play_save_load(_level(data), tmp_path, actions=200, seed=prices[0] + 3)


def _item_with_modifiers(data: dict) -> str:
    return next(iter(data["equipment"]))


@pytest.mark.parametrize("dr", [-(10**18), -limits.MODIFIER_MAX - 1, limits.MODIFIER_MAX + 1])
def test_issue16_1_skirmish_unbounded_modifiers_are_refused(dr: int) -> None:
    data = shipped_data("skirmish")
    item = _item_with_modifiers(data)
    data["equipment"][item]["modifiers"] = {"dr": dr}
    with pytest.raises(LevelError) as err:
        _level(data)
    assert f"equipment.{item}.modifiers.dr: must be" in str(err.value)


@pytest.mark.parametrize("dr", [-limits.MODIFIER_MAX, limits.MODIFIER_MAX])
def test_issue16_1_skirmish_extreme_modifiers_play_save_and_load(dr: int, tmp_path: Path) -> None:
    data = shipped_data("skirmish")
    for item in data["equipment"].values():
        item["modifiers"] = {"dr": dr, "str": limits.MODIFIER_MAX, "ap": limits.MODIFIER_MAX}
    level = _level(data)
    for seed in range(3):
        loaded = play_save_load(level, tmp_path, actions=150, seed=seed)
        assert not loaded.state.invariants(), loaded.state.invariants()


def test_issue16_1_a_log_line_is_never_longer_than_a_save_holds() -> None:
    line = LogLine(0, 0, "event", {"en": "x" * 5000, "es": "y", "it": "z" * 2000}, 0, {"en": "w" * 2001})
    assert len(line.text["en"]) == limits.LOG_TEXT_CHARS and line.text["en"].endswith(limits.ELLIPSIS)
    assert line.text["es"] == "y" and line.text["it"] == "z" * 2000
    assert line.private_text is not None and len(line.private_text["en"]) == limits.LOG_TEXT_CHARS


def test_issue16_1_clip_and_clamp() -> None:
    assert limits.clip("abc", 3) == "abc"
    assert limits.clip("abcd", 3) == "ab…"
    assert limits.clamp_gold(-5) == 0 and limits.clamp_gold(10**18) == limits.GOLD_MAX
    assert limits.clamp_gold(17) == 17


def test_issue16_1_seat_names_are_those_a_save_accepts(tmp_path: Path) -> None:
    from game.engine.match import Match
    from game.engine.protocol import seat_specs
    from game.engine.saves import load_match, save_match

    with pytest.raises(ValueError, match="seats\\[1\\]"):
        seat_specs(["Ana", "B" * (limits.SEAT_NAME_CHARS + 1)])
    longest = "é" * limits.SEAT_NAME_CHARS
    m = Match.new("sanctuary", "quick", [longest, "Bo"], 3)
    save_match(m, tmp_path / "s.json")
    assert load_match(tmp_path / "s.json").seats[0].name == longest
