"""Opening a ruleset's level list with many mods without freezing the window.

The level list (``newgame.LevelSelectScene``) asks ``discover_levels`` for every level file,
which the level catalogue answers from memory once each file was read and validated. The first
time, with hundreds of full mod levels installed, that validation took seconds (about 35 s for
500 dungeon mods on a loaded machine, docs/RELIABILITY.md) and ran on the UI thread.

``level_list_scene(app, ruleset_id)`` is what opens the list: with few level files it is the list
itself, as before; with many it is ``CheckingLevelsScene``, which checks the files in a worker
thread (through the same catalogue, which is thread-safe), draws the list as it fills ("Checking
level files: 120 of 500" and the last levels checked) and turns into the level list once every
file is in the catalogue (the list then opens from memory). Esc goes back and stops the worker.

The worker thread is game/scenes/worker.py's (tests put a synchronous or deferred runner there).
The call site: the gallery (newgame.py ``GalleryScene.choose``) pushes ``level_list_scene(app, id)``
where it pushed ``LevelSelectScene(app, id)``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pygame

from game.app import draw, theme
from game.app.scene import Scene
from game.engine.i18n import t
from game.scenes import worker
from game.ui import gfx

#: up to this many level files the list opens at once (checked on the UI thread, as before)
DIRECT_MAX = 60
#: how many of the last checked levels the checking screen lists
SHOWN = 14
#: seconds between looks at the worker while it checks (it also wakes the loop when done)
POLL = 0.1


@dataclass
class CheckJob:
    """The level files of one ruleset being checked in a worker; ``checked`` of ``total`` so far."""

    ruleset: str
    total: int
    checked: int = 0
    #: (title or file name, loaded) of every file checked so far, in order
    seen: list[tuple[str, bool]] = field(default_factory=list)
    done: threading.Event = field(default_factory=threading.Event)
    stop: threading.Event = field(default_factory=threading.Event)


def level_files(ruleset_id: str) -> list[tuple[Path, Path, str]]:
    """(file, its base folder, source) of every level file the list of ``ruleset_id`` reads."""
    from game.engine.levelfiles import bases
    from game.engine.levelscan import folder_levels, folder_problem

    out: list[tuple[Path, Path, str]] = []
    for base, source in zip(bases(), ("shipped", "mod")):
        folder = base / ruleset_id
        if not folder.is_dir() or folder_problem(folder) is not None:
            continue
        files, _left_out = folder_levels(folder)
        out += [(p, base, source) for p in files]
    return out


def check_files(job: CheckJob, files: list[tuple[Path, Path, str]]) -> None:
    """The worker: read and validate each file through the catalogue, counting; stops when asked."""
    from game.engine import catalogue
    from game.engine.levelscan import env_token, load_entry

    token = env_token()
    with catalogue.one_look():
        for path, base, source in files:
            if job.stop.is_set():
                return
            entry = load_entry(path, job.ruleset, source, root=base, token=token)
            title = entry.level.title() if entry.level is not None else path.name
            job.seen.append((title, entry.ok))
            job.checked += 1


def start_check(ruleset_id: str, wake: Callable[[], None] | None = None,
                files: list[tuple[Path, Path, str]] | None = None, runner: worker.Runner | None = None) -> CheckJob:
    """Start checking the level files of ``ruleset_id`` off the UI thread; ``wake()`` when done (a file
    that fails is left to the list itself, which shows its error)."""
    files = level_files(ruleset_id) if files is None else files
    job = CheckJob(ruleset_id, len(files))
    worker.start(lambda: check_files(job, files), job.done, wake, runner, f"checking the levels of {ruleset_id}")
    return job


class CheckingLevelsScene(Scene):
    """The level list while its files are checked: the count so far and the last levels checked."""

    name = "levels-checking"

    def __init__(self, app: Any, ruleset_id: str, job: CheckJob) -> None:
        super().__init__(app)
        self.ruleset_id = ruleset_id
        self.job = job

    def update(self, dt: float) -> None:
        """Turn into the level list once every file is checked."""
        if self.job.done.is_set() and self.app.top is self:
            from game.scenes.newgame import LevelSelectScene

            self.app.replace(LevelSelectScene(self.app, self.ruleset_id))

    def wakeup_in(self) -> float | None:
        """A frame now and then while checking (the count moves)."""
        return None if self.job.done.is_set() else POLL

    def handle_event(self, event: pygame.event.Event) -> None:
        """Esc goes back (and stops the check)."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def close(self) -> None:
        """Stop the worker when the screen goes away."""
        self.job.stop.set()

    def progress(self) -> str:
        """The line saying how far the check is."""
        return t("levels.checking", done=self.job.checked, n=self.job.total)

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, the progress line and bar, and the last levels checked."""
        from game.scenes import ruleset_name

        pal = gfx.palette()
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        gfx.text(surface, t("levels.title", ruleset=ruleset_name(self.ruleset_id)), (40, 30), 30, theme.BRASS_LIGHT,
                 bold=True)
        panel = pygame.Rect(40, 84, 700, 560)
        gfx.panel(surface, panel)
        gfx.text(surface, self.progress(), (panel.x + 20, panel.y + 16), 18, pal.ink, max_width=panel.w - 40)
        bar = pygame.Rect(panel.x + 20, panel.y + 52, panel.w - 40, 10)
        pygame.draw.rect(surface, pal.edge, bar, 1)
        if self.job.total:
            filled = bar.inflate(-2, -2)
            filled.w = round(filled.w * min(1.0, self.job.checked / self.job.total))
            pygame.draw.rect(surface, pal.ink_soft, filled)
        y = bar.bottom + 18
        for title, ok in self.job.seen[-SHOWN:]:
            line = title if ok else f"{title}  [{t('levels.broken')}]"
            gfx.text(surface, line, (panel.x + 24, y), 16, pal.ink if ok else pal.ink_soft, max_width=panel.w - 48)
            y += 32


def level_list_scene(app: Any, ruleset_id: str) -> Scene:
    """The level list of ``ruleset_id``: at once with few level files, else checked first off the UI thread."""
    from game.scenes.newgame import LevelSelectScene, count_level_files

    if count_level_files(ruleset_id, refresh=True) <= DIRECT_MAX:
        return LevelSelectScene(app, ruleset_id)
    return CheckingLevelsScene(app, ruleset_id, start_check(ruleset_id, worker.app_waker(app)))


__all__ = ["DIRECT_MAX", "CheckJob", "CheckingLevelsScene", "check_files", "level_files", "level_list_scene",
           "start_check"]
