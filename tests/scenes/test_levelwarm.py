"""Opening a level list with many mods checks the files off the UI thread (game/scenes/levelwarm.py): the
screen opens at once, counts "Checking level files: 2 of 6" with the levels checked so far, and turns into
the level list (opened from the warm catalogue) when every file is checked.

The checks run through an injectable runner (kept until the test runs them); one test runs a real worker
thread and waits on its Event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine import catalogue, paths
from game.engine.i18n import t
from game.scenes import levelwarm, worker
from tests.scenes.jobrunner import Deferred, deferred  # the fixture is used by name
from tests.scenes.driving import frames

MODS = 5


@pytest.fixture()
def mods(app: Any, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``MODS`` dungeon mod levels in the app's user folder (the bench's, valid; the last one broken here);
    few files count as many."""
    from game.bench.levellist import make_mods

    assert make_mods(paths.mods_dir(), MODS, only="dungeon") == MODS
    folder = paths.mods_dir() / "dungeon"
    (folder / f"bench_{MODS - 1:05d}.toml").write_text("[[[broken", encoding="utf-8")
    catalogue.clear()
    monkeypatch.setattr(levelwarm, "DIRECT_MAX", 3)
    return folder


def open_list(app: Any) -> Any:
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    scene = app.push(levelwarm.level_list_scene(app, "dungeon"))
    frames(app, 1)
    return scene


def test_a_list_with_few_files_opens_at_once(app: Any, deferred: Deferred) -> None:
    from game.scenes.newgame import LevelSelectScene

    scene = open_list(app)
    assert isinstance(scene, LevelSelectScene) and not deferred.works


def test_many_files_are_checked_off_the_ui_thread_and_the_list_fills(app: Any, mods: Path,
                                                                    deferred: Deferred) -> None:
    from game.scenes.newgame import LevelSelectScene

    before = catalogue.stats().loads
    scene = open_list(app)
    assert isinstance(scene, levelwarm.CheckingLevelsScene) and app.top is scene
    job = scene.job
    total = job.total
    assert total > MODS and catalogue.stats().loads == before, "nothing was validated on the UI thread"
    assert scene.progress() == t("levels.checking", done=0, n=total) == f"Checking level files: 0 of {total}"
    assert scene.wakeup_in() is not None
    files = levelwarm.level_files("dungeon")
    levelwarm.check_files(job, files[:2])              # the worker's first two files
    frames(app, 1)
    assert app.top is scene and scene.progress() == f"Checking level files: 2 of {total}"
    assert [ok for _title, ok in job.seen] == [True, True]
    deferred.run()
    assert job.done.is_set() and job.checked == total + 2, "the worker checked every file (two of them twice)"
    assert (f"bench_{MODS - 1:05d}.toml", False) in job.seen, "the broken mod is listed as broken"
    assert sum(ok for _title, ok in job.seen) == total + 2 - 1, "every other level loaded"
    loads = catalogue.stats().loads
    frames(app, 1)
    top = app.top
    assert isinstance(top, LevelSelectScene)
    assert catalogue.stats().loads == loads, "the list opened from the warm catalogue"
    mods_listed = sorted((e.id, e.ok) for e in top.entries if e.source == "mod")
    assert mods_listed == [(f"bench_{i:05d}", i < MODS - 1) for i in range(MODS)]


def test_the_checking_screen_draws_its_progress_and_the_levels_checked(app: Any, mods: Path, deferred: Deferred,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = levelwarm.gfx.text

    def spy(surface: pygame.Surface, s: str, *a: Any, **k: Any) -> Any:
        drawn.append(s)
        return real(surface, s, *a, **k)

    monkeypatch.setattr(levelwarm.gfx, "text", spy)
    scene = open_list(app)
    levelwarm.check_files(scene.job, levelwarm.level_files("dungeon")[-2:])
    drawn.clear()
    frames(app, 1)
    assert f"Checking level files: 2 of {scene.job.total}" in drawn
    assert any(s.startswith(f"bench_{MODS - 1:05d}.toml") and "broken" in s for s in drawn), drawn
    assert any(s.startswith("Bench variant") for s in drawn), "a loaded level shows its title"


def test_leaving_while_checking_stops_the_worker(app: Any, mods: Path, deferred: Deferred) -> None:
    from game.scenes.menu import MenuScene

    scene = open_list(app)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 1 / 30)
    assert isinstance(app.top, MenuScene) and scene.job.stop.is_set()
    deferred.run()
    frames(app, 1)
    assert scene.job.done.is_set() and scene.job.checked == 0 and isinstance(app.top, MenuScene)


def test_the_check_runs_in_a_worker_thread_and_wakes_the_loop(mods: Path) -> None:
    import threading

    woken: list[int] = []
    job = levelwarm.start_check("dungeon", lambda: woken.append(threading.get_ident()),
                                runner=worker.thread_runner)
    assert job.done.wait(120), "the check finished"
    assert job.checked == job.total > MODS and woken and woken[0] != threading.get_ident()


def test_the_gallery_opens_a_ruleset_with_many_files_through_the_check(app: Any, mods: Path,
                                                                      deferred: Deferred) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import GalleryScene, LevelSelectScene

    app.push(MenuScene(app))
    gallery = app.push(GalleryScene(app))
    gallery.choose([rs.id for rs in gallery.rulesets].index("dungeon"))
    frames(app, 1)
    assert isinstance(app.top, levelwarm.CheckingLevelsScene), "the gallery no longer validates on the UI thread"
    deferred.run()
    frames(app, 1)
    assert isinstance(app.top, LevelSelectScene) and app.top.ruleset_id == "dungeon"
