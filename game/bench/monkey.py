"""Monkey testing: random mouse and keyboard input into every scene, headless.

Each run starts a scene (the menu, the settings, the gallery, a level list, the
load screen, the rules, a game of each ruleset at its start and deep into it, a
hot-seat game, a paused game) over a fresh menu and feeds it random input:
mouse moves, clicks and drags (biased towards what is clickable), right clicks,
wheel turns, keys (Esc, Space, Enter, F1, Ctrl+Z, arrows, Tab, letters) and text.
Whatever the input leads to (new games from the menu, the pause menu, dialogs)
is played on. The app runs with ``catch_errors=False``, so any exception in a
scene escapes and is counted; while the monkey runs ``Match.apply`` and
``Match.undo`` check the state's invariants after every applied action, and any
ERROR logged by the program (a bot that failed, a wording that raised) counts
too. ``tools/monkey.py`` is the long run (100,000 events per scene).
"""

from __future__ import annotations

import logging
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from game.bench.common import RunFigures
from game.engine.rng import Rng

log = logging.getLogger(__name__)

KEYS = ("escape", "space", "return", "f1", "undo", "up", "down", "left", "right", "tab", "backspace", "a", "z",
        "1", "2", "page up", "page down", "home", "end", "delete")


@dataclass
class MonkeyStats(RunFigures):
    """What one monkey run did and found."""

    scene: str
    events: int = 0
    frames: int = 0
    actions: int = 0
    invariant_checks: int = 0
    restarts: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


class _ErrorLog(logging.Handler):
    """Collects ERROR records the program logs while the monkey runs."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("game.bench"):
            return
        text = f"{record.name}: {record.getMessage()}"
        if record.exc_info and record.exc_info[1] is not None:
            text += f" ({type(record.exc_info[1]).__name__}: {record.exc_info[1]})"
        self.records.append(text[:500])


class Monkey:
    """Feeds random input into scenes of one headless App and checks what happens."""

    def __init__(self, seed: int = 1) -> None:
        import pygame

        from game.app.main import App
        from game.app.settings import Settings

        self.pg = pygame
        self.rng = Rng(seed)
        settings = Settings(language="en", bot_pace=0.0, animation_speed=4.0, muted=True)
        self.app = App(settings, headless=True, catch_errors=False)
        self._stats: MonkeyStats | None = None

    # --- input ---------------------------------------------------------------------------------
    def _pos(self) -> tuple[int, int]:
        rng = self.rng
        top = self.app.top
        router = getattr(top, "router", None)
        regions = getattr(router, "regions", None) if router is not None else None
        if regions and rng.random() < 0.55:
            r = rng.choice(regions).rect
            return (r.x + rng.randbelow(max(1, r.w)), r.y + rng.randbelow(max(1, r.h)))
        elements = getattr(top, "elements", None)
        if elements and rng.random() < 0.5:
            try:
                r = rng.choice(elements).rect
                return (r.x + rng.randbelow(max(1, r.w)), r.y + rng.randbelow(max(1, r.h)))
            except AttributeError:
                pass
        return (rng.randbelow(1280), rng.randbelow(720))

    def _key(self, name: str) -> Any:
        pg = self.pg
        if name == "undo":
            return pg.event.Event(pg.KEYDOWN, key=pg.K_z, mod=pg.KMOD_CTRL, unicode="", scancode=0)
        key = pg.key.key_code(name)
        return pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode=name if len(name) == 1 else "", scancode=0)

    def events(self) -> list[Any]:
        """Return one frame's worth of random input: one to three gestures (one to four events each).

        A real mouse sends several events between two frames; the scene must cope with a click, a key
        and a wheel turn arriving in the same frame.
        """
        roll = self.rng.random()
        gestures = 1 if roll < 0.5 else 2 if roll < 0.8 else 3
        out: list[Any] = []
        for _ in range(gestures):
            out.extend(self._gesture())
        return out

    def _gesture(self) -> list[Any]:
        """Return one random gesture: a move, a click or drag, a key, text, a wheel turn or leaving."""
        pg, rng = self.pg, self.rng
        roll = rng.random()
        pos = self._pos()
        motion = pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)),
                                buttons=(0, 0, 0), touch=False)
        out = [motion]
        if roll < 0.40:
            button = rng.choice((1, 1, 1, 1, 3, 2))
            out.append(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False))
            if rng.random() < 0.2:
                end = self._pos()
                out.append(pg.event.Event(pg.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0), touch=False))
                pos = end
            if rng.random() < 0.95:  # now and then a button stays down (a drag across frames)
                out.append(pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=button, touch=False))
        elif roll < 0.55:
            name = rng.choice(KEYS)
            out.append(self._key(name))
            if rng.random() < 0.5:
                out.append(pg.event.Event(pg.KEYUP, key=out[-1].key, mod=0, unicode="", scancode=0))
        elif roll < 0.60:
            out.append(pg.event.Event(pg.TEXTINPUT, text=rng.choice(("a", "Ñ", "7", " ", "é", "Zz"))))
        elif roll < 0.66:
            out.append(pg.event.Event(pg.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False, touch=False,
                                      precise_x=0.0, precise_y=0.0))
        elif roll < 0.67:
            out.append(pg.event.Event(pg.WINDOWLEAVE))
        return out

    # --- checks --------------------------------------------------------------------------------
    def _patch_match(self) -> Callable[[], None]:
        """Make Match.apply/undo check invariants after every action; return the undo of the patch."""
        from game.engine.match import Match

        real_apply, real_undo = Match.apply, Match.undo
        monkey = self

        def apply(match: Any, action: Any, seat: Any = None) -> Any:
            events = real_apply(match, action, seat)
            monkey._check(match, f"after {action.key}")
            return events

        def undo(match: Any, seat: int) -> int:
            n = real_undo(match, seat)
            monkey._check(match, "after undo")
            return n

        Match.apply = apply  # type: ignore[method-assign]
        Match.undo = undo  # type: ignore[method-assign]

        def restore() -> None:
            Match.apply = real_apply  # type: ignore[method-assign]
            Match.undo = real_undo  # type: ignore[method-assign]

        return restore

    def _check(self, match: Any, when: str) -> None:
        st = self._stats
        if st is None:
            return
        st.actions += 1
        st.invariant_checks += 1
        broken = match.state.invariants()
        if broken:
            st.failures.append(f"{match.ruleset_id}: invariant {when}: {'; '.join(broken)[:300]}")

    # --- running -------------------------------------------------------------------------------
    def run(self, name: str, make: Callable[[Any], Any], events: int) -> MonkeyStats:
        """Open ``make(app)`` over a fresh menu and feed it ``events`` random events."""
        from game.scenes.menu import MenuScene

        app = self.app
        st = MonkeyStats(name)
        self._stats = st
        restore = self._patch_match()
        errors = _ErrorLog()
        logging.getLogger().addHandler(errors)
        t0 = time.perf_counter()

        def start() -> None:
            app.running = True
            app.reset(MenuScene(app))
            scene = make(app)
            if scene is not None and scene is not app.top:
                app.push(scene)

        try:
            start()
            while st.events < events:
                evs = self.events()
                st.events += len(evs)
                st.frames += 1
                try:
                    app.frame(evs, 1 / 30, draw=True)
                    # widget events pygame_gui posted (button presses) are handled next frame
                    app.frame(self.pg.event.get(), 1 / 30, draw=False)
                except Exception as exc:  # noqa: BLE001 - every exception is a finding; start again
                    tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
                    st.failures.append(f"{name}: frame {st.frames}: {type(exc).__name__}: {exc} "
                                       f"| {''.join(tb[-2:]).strip()[:400]}")
                    st.restarts += 1
                    start()
                    continue
                if not app.running or not app.stack:
                    st.restarts += 1
                    start()
                if getattr(app.top, "_bot_job", None) is not None:
                    time.sleep(0.001)  # let a bot thread get on with it
        finally:
            restore()
            logging.getLogger().removeHandler(errors)
            self._stats = None
        st.failures.extend(f"{name}: logged error: {r}" for r in errors.records)
        st.seconds = time.perf_counter() - t0
        return st

    def close(self) -> None:
        """Close the window and pygame."""
        try:
            self.app.reset()
        finally:
            self.pg.quit()


def scene_makers(rulesets: list[str] | None = None) -> dict[str, Callable[[Any], Any]]:
    """Return {name: make(app)} for every scene the monkey starts from."""
    from game.bench.positions import busiest_level, busy_match
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.engine.registry import all_rulesets
    from game.scenes import load, newgame, pause, rules, settings
    from game.scenes.play import scene_for_match

    makers: dict[str, Callable[[Any], Any]] = {
        "menu": lambda app: None,
        "settings": lambda app: settings.SettingsScene(app),
        "gallery": lambda app: newgame.GalleryScene(app),
        "load": lambda app: load.LoadScene(app),
        "rules": lambda app: rules.RulesScene(app),
    }
    for rs in all_rulesets():
        rid = rs.id
        if rulesets and rid not in rulesets:
            continue
        makers[f"levels-{rid}"] = lambda app, r=rid: newgame.LevelSelectScene(app, r)

        def fresh(app: Any, r: str = rid, rs: Any = rs) -> Any:
            level = busiest_level(r)
            lo, hi = rs.seat_range(level)
            n = max(lo, min(2, hi))
            seats = [SeatSpec("Ana", "human")] + [SeatSpec(f"Bot {i}", "bot", "random") for i in range(1, n)]
            return scene_for_match(app, Match.new(r, level, seats, 5))

        def deep(app: Any, r: str = rid) -> Any:
            return scene_for_match(app, busy_match(r, 3, bots="random"))

        def hotseat(app: Any, r: str = rid, rs: Any = rs) -> Any:
            level = busiest_level(r)
            lo, hi = rs.seat_range(level)
            if hi < 2:
                return None
            seats = [SeatSpec("Ana", "human"), SeatSpec("Bea", "human")] + \
                [SeatSpec(f"Bot {i}", "bot", "random") for i in range(2, max(2, lo))]
            return scene_for_match(app, Match.new(r, level, seats, 9))

        def paused(app: Any, r: str = rid) -> Any:
            game = deep(app, r)
            app.push(game)
            return pause.PauseScene(app, game)

        makers[f"game-{rid}"] = fresh
        makers[f"game-{rid}-deep"] = deep
        makers[f"game-{rid}-hotseat"] = hotseat
        makers[f"pause-{rid}"] = paused
    return makers
