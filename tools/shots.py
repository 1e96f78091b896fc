"""Deterministic screenshots of every ruleset scene, for before/after comparisons of scene work.

    python tools/shots.py OUTDIR [--sizes normal,huge] [--lang en] [--only skirmish] [--players 1,2,4]

For each ruleset and each of its shipped levels (first two), a match is seeded, played forward with
seeded random legal actions until the human seat (seat 0) is to act after at least N actions (N in
0, 12 and 40), then its scene is opened headless and drawn for a fixed number of frames with no
input, and saved as ``OUTDIR/<ruleset>-<level>-a<N>-<size>.png``. With ``--players`` each seat count
(within the level's range; the other seats random bots) is shot too, as ``...-<size>-p<players>.png``. Bots never act while the frames run
(it is the human's turn), so the same code gives the same pictures.
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

STOPS = (0, 12, 40)
FRAMES = 45


def _advance(match: object, at_least: int, rng: random.Random) -> bool:
    """Play seeded random actions until seat 0 is to act after ``at_least`` actions; False if the game ended."""
    n = 0
    while True:
        seat = match.to_act()  # type: ignore[attr-defined]
        if seat is None:
            return False
        if n >= at_least and seat == 0:
            return True
        legal = match.legal_actions()  # type: ignore[attr-defined]
        match.apply(rng.choice(legal))  # type: ignore[attr-defined]
        n += 1
        if n > at_least + 400:
            return False


def main(argv: list[str] | None = None) -> int:
    """Write the screenshots; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--sizes", default="normal,huge")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--only", default="")
    parser.add_argument("--players", default="", help="seat counts to shoot, e.g. 1,2,4 (default: one count)")
    args = parser.parse_args(argv)

    import pygame

    from game.app.main import App
    from game.app.settings import Settings
    from game.engine.levels import discover_levels
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.engine.registry import all_rulesets
    from game.scenes.menu import MenuScene
    from game.scenes.play import scene_for_match

    args.out.mkdir(parents=True, exist_ok=True)
    written = 0
    for size in args.sizes.split(","):
        settings = Settings(language=args.lang, bot_pace=0.0, animation_speed=4.0, muted=True, text_size=size)
        app = App(settings, headless=True, catch_errors=False)
        for rs in all_rulesets():
            if args.only and rs.id not in args.only.split(","):
                continue
            entries = [e for e in discover_levels(rs.id, include_mods=False) if e.ok][:2]
            for e in entries:
                lo, hi = rs.seat_range(e.level)
                counts = [max(2, lo) if hi >= 2 else max(1, lo)]
                if args.players:
                    counts = [n for n in (int(x) for x in args.players.split(",")) if lo <= n <= hi]
                for n in counts:
                    for stop in STOPS:
                        seats = [SeatSpec("Ana", "human")] + [SeatSpec(f"Bot {i + 1}", "bot", "random")
                                                              for i in range(1, n)]
                        match = Match.new(rs.id, e.level, seats, 3)
                        if not _advance(match, stop, random.Random(stop * 7 + 1)):
                            continue
                        app.reset(MenuScene(app), scene_for_match(app, match))
                        for _ in range(FRAMES):
                            app.step([], 1 / 30)
                        suffix = f"-p{n}" if args.players else ""
                        name = f"{rs.id}-{e.id}-a{stop}-{size}{suffix}.png"
                        pygame.image.save(app.screen, str(args.out / name))
                        written += 1
    print(f"{written} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
