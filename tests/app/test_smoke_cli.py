"""The smoke and play commands."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def test_smoke_short_run_passes_and_writes_screenshots(tmp_path: Any) -> None:
    env = dict(os.environ, MESA_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    shots = tmp_path / "shots"
    proc = subprocess.run([sys.executable, "-m", "game", "smoke", "--frames", "3", "--only", "menu",
                           "--screenshots", str(shots)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert (shots / "menu.png").is_file()
    log = (tmp_path / "home" / "log" / "mesa.log").read_text(encoding="utf-8")
    assert "smoke:" in log, "the result is in the log file (the windowed build has no stdout)"


def test_smoke_reports_a_failing_scene(monkeypatch: Any, tmp_path: Any, home: Any) -> None:
    import argparse

    from game.cli import smoke
    from game.scenes import dialogs

    def broken_draw(self: Any, surface: Any) -> None:
        raise RuntimeError("smoke must notice this")

    monkeypatch.setattr(dialogs.PassScene, "draw", broken_draw)
    code = smoke.run(argparse.Namespace(frames=2, screenshots=None, seed=1, only="pass-screen"))
    assert code == 1


def test_smoke_runs_a_tiny_game_scene(tiny: Any, home: Any) -> None:
    from game.cli.smoke import Smoke
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.scenes.play import scene_for_match
    from tests.tinygame import tiny_level

    sm = Smoke(frames=40, seed=3, shots=None)
    sm.run_scene("tiny-human", lambda app: scene_for_match(
        app, Match.new("tiny", tiny_level("classic"), [SeatSpec("Ana"), SeatSpec("B", "bot", "random")], 2)))
    assert sm.failures == []
    assert sm.scenes_run == 1


def test_smoke_draws_every_scene_after_a_random_quit(monkeypatch: Any, home: Any) -> None:
    """A random click on Quit stopped the app; every later scene then returned before drawing and was never
    really looked at. Each scene now starts running again."""
    from game.cli.smoke import Smoke
    from game.scenes import dialogs

    drawn: list[str] = []
    real_draw = dialogs.PassScene.draw

    def counting_draw(self: Any, surface: Any) -> None:
        drawn.append(self.name)
        real_draw(self, surface)

    monkeypatch.setattr(dialogs.PassScene, "draw", counting_draw)
    sm = Smoke(frames=5, seed=1, shots=None)
    sm.app.quit()  # as a random click on the menu's Quit does
    sm.run_scene("pass-screen", lambda app: dialogs.PassScene(app, "Ana"))
    assert sm.failures == []
    assert len(drawn) >= 5, "the scene after a quit is drawn on every frame"


def test_play_rejects_unknown_ruleset(tmp_path: Any) -> None:
    env = dict(os.environ, MESA_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "game", "play", "no_such_game"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "no_such_game" in proc.stderr


def test_smoke_never_touches_the_players_folders(home: Any) -> None:
    import argparse

    from game.cli import smoke

    code = smoke.run(argparse.Namespace(frames=40, screenshots=None, seed=2, only="settings"))
    assert code == 0
    assert not (home / "config").exists() and not (home / "data").exists()
