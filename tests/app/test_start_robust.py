"""The program starts whatever the user folder holds (issue 16, items 5 and 6): any settings file gives
defaults, a log line and a notice in the menu; a second running copy is told and does not autosave; anything
that stops the program is written to the log."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest

from game.app.settings import Settings, read_settings, settings_path
from tests.app.conftest import run_frames

REPO = Path(__file__).resolve().parents[2]

BAD_SETTINGS = {
    "invalid_utf8": b'{"language": "es", "text_size": "\xff\xfe"}',
    "latin1": '{"language": "español", "text_size": "large"}'.encode("latin-1"),
    "utf16": '{"language": "it"}'.encode("utf-16"),
    "text_size_list": b'{"text_size": ["huge"]}',
    "text_size_table": b'{"text_size": {"huge": 1}, "language": ["it"]}',
    "nested_brackets": b"[" * 100_000,
    "nested_tables": b'{"a":' * 50_000,
    "huge_number": b'{"volume": ' + b"9" * 5000 + b"}",
    "long_integer": b'{"volume": ' + b"9" * 400 + b"}",
    "nan": b'{"volume": NaN, "animation_speed": Infinity}',
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("name", sorted(BAD_SETTINGS))
def test_seed_issue16_6_any_settings_file_gives_defaults_a_log_line_and_a_notice(
        home: Any, name: str, caplog: pytest.LogCaptureFixture) -> None:
    from game.app.main import App
    from game.scenes.menu import MenuScene

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(BAD_SETTINGS[name])
    with caplog.at_level(logging.WARNING):
        settings, problem = read_settings()
    assert problem and problem.startswith("settings.json: ")
    assert any(r.name == "game.app.settings" for r in caplog.records), "a log line says what was wrong"
    defaults = Settings()
    assert settings.text_size == defaults.text_size and settings.volume == defaults.volume
    app = App(headless=True)  # reads the same file: it starts
    try:
        assert app.settings_problem == problem
        menu = app.push(MenuScene(app))
        run_frames(app, 2)
        assert menu.notices() == ["Your settings file could not be read: the defaults are used (details in the log)."]
    finally:
        for scene in list(app.stack):
            scene.close()
        pygame.quit()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_settings_fifo_is_not_waited_on(home: Any) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    settings, problem = read_settings()
    assert settings == Settings() and problem == "settings.json: cannot be read (not a regular file)"


def test_a_good_settings_file_has_no_notice(home: Any) -> None:
    from game.app.settings import save_settings

    save_settings(Settings(language="it", text_size="large"))
    settings, problem = read_settings()
    assert problem is None and settings.text_size == "large"


@pytest.fixture
def root_logging(home: Any) -> Iterator[Path]:
    """The program's own logging set-up (the log file in the user folder), restored afterwards."""
    from game.cli import setup_logging

    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    setup_logging()
    yield Path(os.environ["MESA_HOME"]) / "log" / "mesa.log"
    for h in root.handlers:
        h.close()
    root.handlers[:], root.level = saved


def test_seed_issue16_6_a_failed_start_is_written_to_the_log(root_logging: Path, monkeypatch: Any) -> None:
    from game.app import main

    def broken(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("the window could not open")

    monkeypatch.setattr(main, "App", broken)
    with pytest.raises(RuntimeError):
        main.run()
    text = root_logging.read_text(encoding="utf-8")
    assert "the program stopped" in text and "RuntimeError: the window could not open" in text
    assert "Traceback" in text


def test_windowed_start_with_a_damaged_settings_file_starts_and_logs(tmp_path: Path) -> None:
    """The windowed build's path (no console streams): the program starts, the log is not empty."""
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_bytes(BAD_SETTINGS["text_size_list"])
    code = ("import sys, threading, pygame\n"
            "sys.stdout = sys.stderr = None\n"
            "from game import cli\n"
            "def stop():\n"
            "    import time; time.sleep(2); pygame.event.post(pygame.event.Event(pygame.QUIT))\n"
            "threading.Thread(target=stop, daemon=True).start()\n"
            "raise SystemExit(cli.gui_main())\n")
    env = {**os.environ, "MESA_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    log_text = (home / "log" / "mesa.log").read_text(encoding="utf-8")
    assert "settings: text_size: expected one of" in log_text


def test_seed_issue16_5_the_menu_says_another_copy_is_running(app: Any) -> None:
    from game.scenes.menu import MenuScene

    app.other_copy = True  # what run() sets when savelock.acquire() is refused
    menu = app.push(MenuScene(app))
    run_frames(app, 2)
    assert menu.notices() == ["Mesa de Héroes is already running: this copy does not autosave, so the other "
                              "one's game is safe."]
