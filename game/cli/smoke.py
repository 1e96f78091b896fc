"""``python -m game smoke [--frames N] [--screenshots DIR]``: open every scene headlessly
(menus, dialogs, and every ruleset's game scene with every shipped level: bots on
every seat, and one human seat fed random clicks, keys and drags), run N frames of
random input in each, and exit non-zero on any exception or invariant violation.

The result is the exit code and the log file (the windowed build has no stdout);
a summary is also written to stdout when there is one.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger(__name__)

KEYS_FULL = ("escape", "space", "return", "f1", "undo", "up", "down", "left", "right", "tab", "a", "1")
KEYS_GENTLE = ("space", "up", "down")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments."""
    parser.add_argument("--frames", type=int, default=60, help="frames of random input per scene (default 60)")
    parser.add_argument("--screenshots", type=Path, help="save a PNG of every scene into this folder")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random input (default 1)")
    parser.add_argument("--only", help="run only scenes whose name contains this text")


def _headless_env() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class Smoke:
    """Runs the scenes and collects failures."""

    def __init__(self, frames: int, seed: int, shots: Path | None, only: str | None = None) -> None:
        import pygame

        from game.app.main import App
        from game.app.settings import Settings

        self.pg = pygame
        settings = Settings(language="en", bot_pace=0.0, animation_speed=4.0, muted=True)
        self.app = App(settings, headless=True, catch_errors=True)
        self.frames = max(1, frames)
        self.rng = random.Random(seed)
        self.shots = shots
        self.only = only
        self.failures: list[str] = []
        self.scenes_run = 0
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)

    # --- random input ---------------------------------------------------------------------
    def _key(self, name: str) -> Any:
        pg = self.pg
        if name == "undo":
            return pg.event.Event(pg.KEYDOWN, key=pg.K_z, mod=pg.KMOD_CTRL, unicode="", scancode=0)
        key = pg.key.key_code(name)
        uni = name if len(name) == 1 else ""
        return pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode=uni, scancode=0)

    def _pos(self) -> tuple[int, int]:
        """A random point, biased towards the current scene's clickable things."""
        top = self.app.top
        router = getattr(top, "router", None)
        if router is not None and router.regions and self.rng.random() < 0.6:
            r = self.rng.choice(router.regions).rect
            return (r.centerx, r.centery)
        elements = getattr(top, "elements", None)
        if elements and self.rng.random() < 0.5:
            try:
                r = self.rng.choice(elements).rect
                return (r.centerx, r.centery)
            except AttributeError:
                pass
        return (self.rng.randrange(1280), self.rng.randrange(720))

    def random_events(self, gentle: bool) -> list[Any]:
        """Return this frame's random input."""
        pg = self.pg
        rng = self.rng
        out: list[Any] = []
        roll = rng.random()
        pos = self._pos()
        out.append(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False))
        if roll < 0.35:
            button = 3 if rng.random() < 0.1 else 1
            out.append(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False))
            if rng.random() < 0.2:  # a drag
                end = self._pos()
                out.append(pg.event.Event(pg.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0), touch=False))
                pos = end
            out.append(pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=button, touch=False))
        elif roll < 0.45:
            out.append(self._key(rng.choice(KEYS_GENTLE if gentle else KEYS_FULL)))
        elif roll < 0.5:
            out.append(pg.event.Event(pg.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False, touch=False,
                                      precise_x=0.0, precise_y=0.0))
        return out

    # --- running ----------------------------------------------------------------------------
    def run_scene(self, name: str, make: Callable[[Any], Any], gentle: bool = False, quiet: bool = False) -> None:
        """Open a scene above a fresh menu and feed it random input for N frames."""
        if self.only and self.only not in name:
            return
        from game.scenes.menu import MenuScene

        app = self.app
        self.scenes_run += 1
        errors_before = len(app.errors)
        t0 = time.perf_counter()
        try:
            app.reset(MenuScene(app))
            app.running = True  # a random click on the last scene's Quit must not stop this one's frames
            scene = make(app)
            if scene is not None and scene is not app.top:
                app.push(scene)
            for i in range(self.frames):
                if not app.running:  # this scene's own Quit: the rest of its frames would draw nothing
                    break
                events = [] if quiet else self.random_events(gentle)
                app.step(events, 1 / 30)
                top = app.top
                if top is not None:
                    bad = top.invariants()
                    if bad:
                        self.failures.append(f"{name}: frame {i}: invariant: {'; '.join(bad)}")
                        break
                if len(app.errors) > errors_before:
                    break
                if getattr(top, "_bot_job", None) is not None:
                    time.sleep(0.002)  # let a bot thread finish now and then
            if self.shots is not None:
                safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in name)
                self.pg.image.save(app.screen, str(self.shots / f"{safe}.png"))
        except Exception as exc:  # noqa: BLE001 - every failure is reported, then the next scene runs
            log.exception("smoke %s", name)
            self.failures.append(f"{name}: {type(exc).__name__}: {exc}")
        for msg in app.errors[errors_before:]:
            self.failures.append(f"{name}: {msg}")
        log.info("smoke %s: %.2fs", name, time.perf_counter() - t0)

    def run_all(self) -> None:
        """Every menu scene, every ruleset's screens and game scenes."""
        from game.engine.levels import discover_levels
        from game.engine.match import Match
        from game.engine.protocol import SeatSpec
        from game.engine.registry import all_rulesets
        from game.scenes import dialogs, load, newgame, pause, rules, settings
        from game.scenes.menu import MenuScene
        from game.scenes.play import scene_for_match

        self.run_scene("menu", lambda app: None)
        self.run_scene("menu-idle", lambda app: None, quiet=True)
        self.run_scene("gallery", lambda app: newgame.GalleryScene(app))
        self.run_scene("settings", lambda app: settings.SettingsScene(app))
        self.run_scene("rules", lambda app: rules.RulesScene(app))
        self.run_scene("load", lambda app: load.LoadScene(app))
        self.run_scene("error-dialog", lambda app: dialogs.ErrorScene(app, "RuntimeError: smoke", "mesa.log"))
        self.run_scene("pass-screen", lambda app: dialogs.PassScene(app, "Ana"))
        for rs in all_rulesets():
            if self.only and rs.id not in self.only and not any(
                    k.startswith(self.only) or self.only.startswith(k) for k in ("levels", "rules", "seats", "game",
                                                                                 "pause", "save")):
                continue  # --only names nothing of this ruleset ("seats" alone still runs every seats-<id>)
            entries = discover_levels(rs.id)
            self.run_scene(f"levels-{rs.id}", lambda app, r=rs.id: newgame.LevelSelectScene(app, r))
            self.run_scene(f"rules-{rs.id}", lambda app, r=rs.id: rules.RulesScene(app, r))
            good = [e for e in entries if e.ok]
            if good:
                self.run_scene(f"seats-{rs.id}", lambda app, r=rs.id, lv=good[0].level:
                               newgame.SeatSetupScene(app, r, lv))
            for e in good:
                level = e.level
                lo, _hi = rs.seat_range(level)
                n = max(2, lo) if _hi >= 2 else max(1, lo)
                seed = self.rng.randrange(1_000_000)

                def bots(app: Any, level: Any = level, n: int = n, seed: int = seed, rid: str = rs.id) -> Any:
                    seats = [SeatSpec(f"Bot {i + 1}", "bot", "random") for i in range(n)]
                    return scene_for_match(app, Match.new(rid, level, seats, seed))

                def human(app: Any, level: Any = level, n: int = n, seed: int = seed, rid: str = rs.id) -> Any:
                    seats = [SeatSpec("Ana", "human")] + [SeatSpec(f"Bot {i + 1}", "bot", "random")
                                                          for i in range(1, n)]
                    return scene_for_match(app, Match.new(rid, level, seats, seed))

                def paused(app: Any, level: Any = level, n: int = n, seed: int = seed, rid: str = rs.id) -> Any:
                    game = human(app, level, n, seed, rid)
                    app.push(game)
                    return pause.PauseScene(app, game)

                self.run_scene(f"game-{rs.id}-{e.id}-bots", bots, gentle=True)
                self.run_scene(f"game-{rs.id}-{e.id}-human", human)
                self.run_scene(f"pause-{rs.id}-{e.id}", paused)
                self.run_scene(f"save-{rs.id}-{e.id}", lambda app, h=human: load.LoadScene(
                    app, save_match=h(app).match))
        self.run_scene("load-after-games", lambda app: load.LoadScene(app))
        self.run_scene("menu-after-games", lambda app: MenuScene(app) if False else None)


def run(args: argparse.Namespace) -> int:
    """Run the smoke test; 0 when every scene survived."""
    from game.engine import paths

    _headless_env()
    t0 = time.perf_counter()
    # random clicks change settings and write saves: never the player's own (the log file stays put)
    with paths.temporary_home("mesa-smoke-"):
        smoke = Smoke(args.frames, args.seed, args.screenshots, args.only)
        try:
            smoke.run_all()
        finally:
            import pygame

            pygame.quit()
    ok = not smoke.failures
    summary = (f"smoke: {smoke.scenes_run} scenes x {smoke.frames} frames in {time.perf_counter() - t0:.1f}s: "
               + ("ok" if ok else f"{len(smoke.failures)} failure(s)"))
    log.info(summary)
    for f in smoke.failures:
        log.error("smoke failure: %s", f)
    if sys.stdout is not None:
        print(summary)
        for f in smoke.failures:
            print("  " + f)
    return 0 if ok else 1
