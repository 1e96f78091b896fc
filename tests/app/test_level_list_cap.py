"""The level list shows level files past a folder's cap as one visible notice (never dropped silently),
and the gallery's level counts come from the catalogue (no folder listed while drawing)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.app.conftest import run_frames


def test_level_list_names_files_left_out(app: Any, home: Any, tiny: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import levelscan
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import LevelSelectScene

    monkeypatch.setattr(levelscan, "MAX_LEVELS_PER_DIR", 2)
    mods = home / "data" / "mods" / "tiny"
    mods.mkdir(parents=True)
    for i in range(5):
        (mods / f"m{i}.toml").write_text(f'format = 1\nruleset = "tiny"\ntitle = "Mod {i}"\ntarget = 12\n',
                                         encoding="utf-8")
    app.push(MenuScene(app))
    scene = app.push(LevelSelectScene(app, "tiny"))
    run_frames(app, 2)
    notice = [i for i, e in enumerate(scene.entries) if e.skipped]
    assert len(notice) == 1 and scene.entries[notice[0]].skipped == 3
    assert "3 more level files left out (over 2 in one folder)" in scene.list_buttons[notice[0]].text
    scene.select(notice[0])
    run_frames(app, 2)
    assert "at most 2 per folder" in scene.detail.html_text
    assert "mods/tiny/: 3 level files left out" in scene.detail.html_text
    assert not scene.start_btn.is_enabled


def test_gallery_frames_list_no_folder(app: Any, tiny: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import levelscan
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import GalleryScene

    app.push(MenuScene(app))
    app.push(GalleryScene(app))
    calls: list[Any] = []
    real = levelscan.find_level_files
    monkeypatch.setattr(levelscan, "find_level_files", lambda *a, **k: calls.append(a) or real(*a, **k))
    run_frames(app, 5)
    assert calls == []
