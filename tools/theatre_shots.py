"""Deterministic screenshots of the replay theatre and the result screen's chart, for the README.

    python tools/theatre_shots.py OUTDIR [--lang en]

Each ruleset's first level is played to the end by seeded random bots (the same games the theatre
tests replay), then shown headless: ``theatre-board.png`` (the dungeon half way, seen by seat 1),
``theatre-secrets.png`` (sanctuary, what seat 1 could not see), ``theatre-chart.png`` (the quest's
progress and threat), ``result-chart.png`` (the result screen of a finished dungeon game).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAMES = 40


def finished(ruleset_id: str, seed: int = 11) -> object:
    """A finished random-bot game of the ruleset's first level (a Match)."""
    from game.engine.levels import get_level
    from game.engine.match import Match
    from game.engine.registry import get_ruleset

    level = get_level(ruleset_id, None)
    lo, _hi = get_ruleset(ruleset_id).seat_range(level)
    m = Match.new(ruleset_id, level, ["bot"] * max(2, lo), seed)
    rnd = random.Random(seed)
    while not m.is_over():
        m.apply(rnd.choice(m.legal_actions()))
    return m


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    import tempfile

    os.environ["MESA_HOME"] = tempfile.mkdtemp(prefix="theatre-shots-")
    import pygame

    from game.app.main import App
    from game.app.settings import Settings
    from game.engine.replay import ReplayCursor
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match
    from game.scenes.theatre import open_theatre

    args.out.mkdir(parents=True, exist_ok=True)
    app = App(Settings(language=args.lang, bot_pace=0.0, animation_speed=8.0, muted=True), headless=True)

    def run(n: int = FRAMES) -> None:
        for _ in range(n):
            app.step([], 1 / 30)

    def shot(name: str) -> None:
        pygame.image.save(app.screen, str(args.out / name))
        print(args.out / name)

    app.push(MenuScene(app))
    m = finished("dungeon")
    cur = ReplayCursor(m.to_save())  # type: ignore[attr-defined]
    scene = open_theatre(app, cur, len(cur) // 2 - 1)
    scene.next_viewer()
    scene.step(1)
    run()
    shot("theatre-board.png")
    app.reset(MenuScene(app))
    cur = ReplayCursor(finished("sanctuary").to_save())  # type: ignore[attr-defined]
    scene = open_theatre(app, cur, len(cur) // 2)
    scene.next_viewer()
    scene.toggle_panel("secrets")
    run()
    shot("theatre-secrets.png")
    app.reset(MenuScene(app))
    cur = ReplayCursor(finished("quest").to_save())  # type: ignore[attr-defined]
    scene = open_theatre(app, cur, len(cur) * 2 // 3)
    scene.toggle_panel("chart")
    run()
    shot("theatre-chart.png")
    app.reset(MenuScene(app))
    open_match(app, finished("dungeon"))
    run(FRAMES + 20)
    shot("result-chart.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
