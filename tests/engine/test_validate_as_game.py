"""Issue 16 items 10 and 11: 5,000 mod files, and ``validate`` judging exactly as the game does.

- 10: a mods folder with 5,000 level files: the list validates at most the cap, says how
  many were left out, opens again without validating anything, and the gallery's count
  lists no folder per frame (counted, not timed).
- 11: a mod whose id clashes with a shipped level is broken in ``validate FILE``,
  ``validate FOLDER`` and the level list alike; an upper-case ``.TOML`` is a level file
  in both; a folder named ``x.toml`` is reported by both.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.engine import catalogue, levelscan
from game.engine.levels import count_levels, discover_levels
from tests.engine._levelgame import GOOD_LEVEL, LevelEnv, level_env  # noqa: F401 - fixture
from tests.engine.test_validate_cli import _run

OLD = time.time_ns() - 3600 * 10**9


@pytest.fixture(autouse=True)
def _cold() -> None:
    catalogue.clear()


def _write(env: LevelEnv, folder: Path, name: str, text: str = GOOD_LEVEL) -> Path:
    p = env.write(folder, name, text)
    os.utime(p, ns=(OLD, OLD))
    return p


def test_issue16_10_five_thousand_mod_files(level_env: LevelEnv, monkeypatch: pytest.MonkeyPatch) -> None:
    _write(level_env, level_env.shipped, "intro.toml")
    for i in range(5000):
        (level_env.mod / f"m{i:04d}.toml").write_text(GOOD_LEVEL, encoding="utf-8")
    catalogue.STATS.__init__()  # type: ignore[misc]
    entries = discover_levels("levelgame")
    cap = levelscan.MAX_LEVELS_PER_DIR
    assert catalogue.STATS.loads <= cap + 1
    assert sum(1 for e in entries if e.ok) == cap + 1  # the shipped one and the first ``cap`` mods
    notice = entries[-1]
    assert notice.skipped == 5000 - cap and f"{5000 - cap} level files left out" in (notice.error or "")
    catalogue.STATS.__init__()  # type: ignore[misc]
    again = discover_levels("levelgame")
    assert catalogue.STATS.loads == 0 and len(again) == len(entries)
    assert count_levels("levelgame", refresh=True) == cap + 1
    listed: list[Path] = []
    real = levelscan.find_level_files
    monkeypatch.setattr(levelscan, "find_level_files", lambda *a, **k: listed.append(a[0]) or real(*a, **k))
    for _frame in range(60):
        assert count_levels("levelgame") == cap + 1
    assert listed == []


def test_issue16_11_an_id_clash_with_a_shipped_level_is_broken_everywhere(
        level_env: LevelEnv, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _write(level_env, level_env.shipped, "crypt.toml")
    clash = _write(level_env, level_env.mod, "crypt.toml")
    listed = {e.source: e for e in discover_levels("levelgame") if e.id == "crypt"}
    assert listed["shipped"].ok and not listed["mod"].ok
    problem = "id: 'crypt' is already used by levels/levelgame/crypt.toml"
    assert problem in (listed["mod"].error or "")
    for target in (str(clash), str(level_env.mod)):
        code, out, _ = _run("validate", target, capsys=capsys)
        assert code == 1 and problem in out, out
        assert out.strip().splitlines()[-1] == "1 level checked, 1 broken"
    elsewhere = _write(level_env, tmp_path / "pack" / "levelgame", "crypt.toml")  # not installed yet
    code, out, _ = _run("validate", str(elsewhere), capsys=capsys)
    assert code == 1 and problem in out, out


def test_issue16_11_upper_case_toml_is_a_level_file_in_game_and_validate(
        level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    upper = _write(level_env, level_env.mod, "crypt.TOML")
    entries = [e for e in discover_levels("levelgame") if e.source == "mod"]
    assert [(e.id, e.ok) for e in entries] == [("crypt", True)]
    assert count_levels("levelgame", refresh=True) == 1
    for target in (str(upper), str(level_env.mod)):
        code, out, _ = _run("validate", target, "--list", capsys=capsys)
        assert code == 0 and "mods/levelgame/crypt.TOML: ok (levelgame/crypt)" in out, out


def test_issue16_11_a_folder_named_like_a_level_is_reported_by_game_and_validate(
        level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    _write(level_env, level_env.mod, "good.toml")
    (level_env.mod / "x.toml").mkdir()
    line = "mods/levelgame/x.toml/: a folder, not a level file: a level is a .toml file"
    broken = [e for e in discover_levels("levelgame") if not e.ok]
    assert [e.error for e in broken] == [line]
    code, out, _ = _run("validate", str(level_env.mod), capsys=capsys)
    assert code == 1 and line in out, out
    code, out, _ = _run("validate", str(level_env.mod / "x.toml"), capsys=capsys)
    assert code == 1 and line in out, out
    code, out, _ = _run("validate", capsys=capsys)
    assert code == 1 and line in out, out


def test_issue16_13_validate_escapes_every_line(level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run("validate", str(level_env.home / "no\u202esuch\x1b"), capsys=capsys)
    assert code == 1 and "\u202e" not in out and "\x1b" not in out
    assert "no\\u202esuch\\x1b: no such file or folder" in out
