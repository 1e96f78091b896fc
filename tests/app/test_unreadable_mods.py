"""An unreadable ``mods/<ruleset>`` folder (issue 16, item 7): its problem shows on that ruleset's list only;
the gallery draws, that ruleset's shipped levels and every other ruleset play."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.engine import paths
from tests.app.conftest import run_frames


@pytest.fixture
def unreadable(home: Any, monkeypatch: pytest.MonkeyPatch) -> Path:
    """mods/dungeon holding a level, listed as a folder without read permission lists (PermissionError)."""
    folder = paths.mods_dir() / "dungeon"
    folder.mkdir(parents=True)
    shutil.copy(paths.levels_dir() / "dungeon" / "standard.toml", folder / "mine.toml")
    real = os.scandir

    def scandir(path: Any = ".") -> Any:
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return folder


def test_seed_issue16_7_an_unreadable_mods_folder_shows_on_its_ruleset_only(unreadable: Path) -> None:
    from game.engine.levels import discover_levels

    entries = discover_levels("dungeon")
    notes = [e for e in entries if not e.ok and e.source == "mod"]
    assert len(notes) == 1 and notes[0].path == unreadable
    assert "mods/dungeon/" in (notes[0].error or "") and "cannot be read (Permission denied)" in (notes[0].error or "")
    assert any(e.ok and e.source == "shipped" for e in entries), "the shipped levels still play"
    assert all(e.ok for e in discover_levels("skirmish")), "other rulesets are not touched"


def test_the_gallery_and_the_level_list_work_with_an_unreadable_mods_folder(app: Any, unreadable: Path) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import GalleryScene, LevelSelectScene

    app.catch_errors = False
    app.push(MenuScene(app))
    app.push(GalleryScene(app))
    run_frames(app, 3)
    scene = app.push(LevelSelectScene(app, "dungeon"))
    run_frames(app, 3)
    assert scene.selected is not None and scene.entries[scene.selected].ok
    broken = [e for e in scene.entries if not e.ok]
    assert len(broken) == 1 and "cannot be read" in (broken[0].error or "")
    scene.select(scene.entries.index(broken[0]))
    run_frames(app, 2)
    assert "cannot be read" in scene.detail_html()
    assert app.errors == []
