"""The bench's temporary user folder (game/bench/common.py ``temporary_home``), shared by the level-list,
hostile-mods and scaling figures: a fresh MESA_HOME for the block, a cold level catalogue, and the old
folder back afterwards (also when the block fails)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.bench.common import temporary_home
from game.engine import catalogue, paths


def test_temporary_home_points_the_user_folders_at_a_fresh_folder_and_restores_them() -> None:
    before = os.environ.get("MESA_HOME")
    with temporary_home("mesa-test-") as home:
        assert home.is_dir() and home.name.startswith("mesa-test-")
        assert paths.user_data_dir() == home / "data"
        (home / "data").mkdir()
        (home / "data" / "x.txt").write_text("x", encoding="utf-8")
    assert os.environ.get("MESA_HOME") == before
    assert not home.exists()


def test_temporary_home_restores_an_unset_home_and_cleans_up_after_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MESA_HOME")
    seen: list[Path] = []
    with pytest.raises(RuntimeError):
        with temporary_home() as home:
            seen.append(home)
            raise RuntimeError("a figure failed")
    assert "MESA_HOME" not in os.environ
    assert seen and not seen[0].exists()


def test_temporary_home_starts_and_ends_with_a_cold_catalogue(monkeypatch: pytest.MonkeyPatch) -> None:
    cleared: list[str] = []
    monkeypatch.setattr(catalogue, "clear", lambda: cleared.append("clear"))
    with temporary_home():
        assert cleared == ["clear"]
    assert cleared == ["clear", "clear"]


def test_the_mods_figures_use_valid_mods_and_leave_the_home_as_it_was() -> None:
    from game.bench.hostile import mods_figure
    from game.bench.levellist import level_list_ms

    before = os.environ.get("MESA_HOME")
    mods = mods_figure(3)
    assert mods["files"] == 3 and mods["listed"] >= 3 and mods["left_out"] == 0 and mods["broken"] == 0
    listed = level_list_ms(30)   # every shipped level of every ruleset made into a mod at least once
    assert listed["n_mods"] == 30 and listed["broken"] == 0
    assert os.environ.get("MESA_HOME") == before


def test_paths_temporary_home_nests_and_restores_the_outer_home() -> None:
    with paths.temporary_home("outer-") as outer:
        with paths.temporary_home("inner-") as inner:
            assert paths.saves_dir() == inner / "data" / "saves" and inner != outer
        assert os.environ["MESA_HOME"] == str(outer) and not inner.exists()
    assert not outer.exists()
