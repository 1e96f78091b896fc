"""The replay theatre: a saved game shown by its ruleset's own scene, stepped both ways, played at a speed.

The board, the tracker, the log and the animations are the ruleset scene's own, read-only
(``replayed.py``), drawn into an off-screen canvas and shown scaled in the upper left. Around
it the theatre draws its controls (``controls.py``): a timeline slider with the rounds and the
turning points, step / turn / round buttons both ways, play and pause at a chosen speed, the
seat whose view is shown, the secrets of a finished game, the chart of the deciding score, and
"Play on from here".

Keys: Left/Right one action, Ctrl+Left/Right one turn, Page Up/Down one round, Home/End,
Space play or pause, +/- speed, V the next seat's view, S secrets, C chart, Esc back.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game.app import draw
from game.app.scene import Scene
from game.engine import i18n
from game.engine.i18n import t
from game.engine.replay import ReplayCursor
from game.engine.reveal import frame, viewers
from game.engine.series import Chart, game_chart
from game.scenes.theatre import controls
from game.scenes.theatre.replayed import make_scene, place
from game.ui import anim
from game.ui.chart import ChartView
from game.ui.input import Click, InputRouter

log = logging.getLogger(__name__)

#: actions per second the play button may run at
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
#: the board's scale and place on the canvas (the ruleset scene draws at 1280x720)
SCALE = 0.8
BOARD = pygame.Rect(8, 8, round(1280 * SCALE), round(720 * SCALE))


class TheatreScene(Scene):
    """Replays one game (a ReplayCursor) with the ruleset's own scene; see the module docstring."""

    name = "theatre"

    def __init__(self, app: Any, cursor: ReplayCursor, at: int | None = None, viewer: int | None = None,
                 chart: Chart | None = None) -> None:
        super().__init__(app)
        app.apply_palette()
        self.cursor = cursor
        self.inner = make_scene(app, cursor)
        choices = viewers(cursor)
        self.viewer: int | None = viewer if viewer in choices else choices[0]
        self.at = len(cursor) if at is None else max(0, min(len(cursor), at))
        self.playing = False
        self.speed_i = 1
        self.clock = 0.0
        self.panel: str | None = None          # "secrets", "chart" or None
        self.router = InputRouter((1280, 720), shortcuts={})
        self.canvas = pygame.Surface((1280, 720))
        self.chart: Chart | None = chart        # given when worked out already (off the UI thread: preparing.py)
        self._chart_done = chart is not None
        self.chart_view = ChartView(BOARD.inflate(-60, -60))
        self.dragging = False
        self.dirty = True
        self.shared: Any = None   # the file the last Share wrote
        place(self.inner, cursor, self.at, self.viewer)

    # ================================================================= moving
    def go(self, at: int, animate: bool = False) -> None:
        """Show position ``at`` (clamped); animate when it is one action forward."""
        at = max(0, min(len(self.cursor), int(at)))
        if at != self.at or not animate:
            place(self.inner, self.cursor, at, self.viewer, animate and at == self.at + 1)
        self.at = at
        if self.at >= len(self.cursor):
            self.playing = False
        self.dirty = True

    def step(self, n: int) -> None:
        """One action forward (animated) or back."""
        self.playing = False if n < 0 else self.playing
        self.go(self.at + n, animate=n == 1)

    def jump(self, how: str) -> None:
        """To the next or previous turn or round: ``how`` is next_turn, prev_turn, next_round or prev_round."""
        c = self.cursor
        c.seek(self.at)
        getattr(c, how)()
        self.go(c.at)

    def toggle_play(self) -> None:
        """Play or pause (playing from the end starts again from the beginning)."""
        if not self.playing and self.at >= len(self.cursor):
            self.go(0)
        self.playing = not self.playing
        self.clock = 0.0
        self.dirty = True

    @property
    def speed(self) -> float:
        """Actions per second while playing."""
        return SPEEDS[self.speed_i]

    def change_speed(self, d: int) -> None:
        """A step faster or slower."""
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + d))
        self.dirty = True

    def next_viewer(self) -> None:
        """Show the next seat's view (a finished game: every seat; else only the save's own)."""
        choices = viewers(self.cursor)
        k = choices.index(self.viewer) if self.viewer in choices else -1
        self.viewer = choices[(k + 1) % len(choices)]
        self.go(self.at)

    def toggle_panel(self, name: str) -> None:
        """Open or close the secrets or the chart over the board."""
        if name == "secrets" and not self.cursor.finished:
            self.inner.toast.show(t("theatre.secrets_unfinished"), "info")
            return
        self.panel = None if self.panel == name else name
        self.dirty = True

    def get_chart(self) -> Chart | None:
        """The game's chart (made once, on first use)."""
        if not self._chart_done:
            self._chart_done = True
            try:
                self.chart = game_chart(self.cursor)
            except Exception:  # noqa: BLE001 - a chart bug never closes the theatre
                log.exception("chart of %s", self.cursor.ruleset_id)
            self.cursor.seek(self.at)
            self.inner.match.state = self.cursor.state
            self.inner.driver.invalidate()
        return self.chart

    def play_on(self) -> None:
        """Start a new game from this position (choose who sits where first)."""
        from game.scenes.theatre.playon import PlayOnScene

        self.playing = False
        self.app.push(PlayOnScene(self.app, self.cursor, self.at))

    def share(self) -> None:
        """Export the finished game as one small file in the saves folder (game/engine/share.py)."""
        from game.engine.saves import display_path
        from game.engine.share import export_game

        try:
            path = export_game(self.cursor.data)
        except (ValueError, OSError) as exc:
            self.inner.toast.show(t("theatre.share_failed", msg=str(exc)), "error")
            return
        self.shared = path
        self.inner.toast.show(t("theatre.shared", path=display_path(path)), "good")

    def frame(self) -> Any:
        """What this position reveals to the chosen viewer (game/engine/reveal.py)."""
        return frame(self.cursor, self.at, self.viewer, i18n.language())

    # ================================================================= life cycle
    def enter(self) -> None:
        """Follow the animation speed; the log in the current language."""
        super().enter()
        anim.set_speed(self.app.settings.animation_speed)
        self.inner.sync_log(rebuild=True)
        self.dirty = True

    def close(self) -> None:
        """Close the inner scene too."""
        self.inner.close()

    def on_settings_changed(self) -> None:
        """Re-word everything (the log in the new language)."""
        super().on_settings_changed()
        self.inner.on_settings_changed()
        self.go(self.at)

    def update(self, dt: float) -> None:
        """Animations of the board, then the play clock."""
        self.inner.update(dt)
        self.router.update(dt)
        if self.playing:
            self.clock += dt
            if self.clock >= 1.0 / self.speed and (not self.inner.queue.busy or self.speed >= 4.0):
                self.clock = 0.0
                self.go(self.at + 1, animate=True)

    def is_animating(self) -> bool:
        """True while the board moves or the theatre plays."""
        return self.playing or self.inner.is_animating()

    def wakeup_in(self) -> float | None:
        """A frame for a change not drawn yet, and while playing."""
        if self.dirty or self.inner.driver.dirty:
            return 0.0
        return 0.02 if self.playing else None

    # ================================================================= input
    def handle_event(self, event: pygame.event.Event) -> None:
        """The theatre's keys and controls; hover, right-click and wheel on the board go to the board."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN:
            self.on_key(event)
            return
        pos = getattr(event, "pos", None)
        if self.panel is None and pos is not None and BOARD.collidepoint(self.router.logical(pos)) \
                and not self.dragging:
            self._to_board(event)
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            lp = self.router.logical(pos) if pos is not None else (-1, -1)
            if controls.on_slider_event(self, event, lp):
                return
            if self.panel == "chart" and event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                hit = self.chart_view.position_at(lp)
                if hit is not None:
                    self.panel = None
                    self.go(hit)
                    return
        for intent in self.router.handle(event):
            if isinstance(intent, Click):
                controls.on_click(self, intent.payload)
        self.dirty = True

    def _to_board(self, event: pygame.event.Event) -> None:
        """Hover (tooltips), right-click (inspect) and the wheel (the log) on the scaled board."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 or \
                event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return
        lx, ly = self.router.logical(event.pos)
        inner_pos = (round((lx - BOARD.x) / SCALE), round((ly - BOARD.y) / SCALE))
        attrs = dict(event.dict, pos=inner_pos)
        self.inner.router.set_window_size((1280, 720))   # the position is already the board canvas's
        self.inner.handle_event(pygame.event.Event(event.type, attrs))
        self.inner.driver.dirty = True

    def on_key(self, event: pygame.event.Event) -> None:
        """Keyboard control (see the module docstring)."""
        k = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if k == pygame.K_ESCAPE:
            if self.panel is not None:
                self.panel = None
                self.dirty = True
            else:
                self.app.pop()
        elif k == pygame.K_RIGHT:
            self.jump("next_turn") if ctrl else self.step(1)
        elif k == pygame.K_LEFT:
            self.jump("prev_turn") if ctrl else self.step(-1)
        elif k == pygame.K_PAGEDOWN:
            self.jump("next_round")
        elif k == pygame.K_PAGEUP:
            self.jump("prev_round")
        elif k == pygame.K_HOME:
            self.go(0)
        elif k == pygame.K_END:
            self.go(len(self.cursor))
        elif k == pygame.K_SPACE:
            self.toggle_play()
        elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.change_speed(1)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.change_speed(-1)
        elif k == pygame.K_v:
            self.next_viewer()
        elif k == pygame.K_s:
            self.toggle_panel("secrets")
        elif k == pygame.K_c:
            self.toggle_panel("chart")

    # ================================================================= drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The scaled board, the side panel, the timeline and the buttons, the open panel."""
        self.dirty = False
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        self.inner.draw(self.canvas)
        self.inner.draw_top(self.canvas)
        surface.blit(pygame.transform.smoothscale(self.canvas, BOARD.size), BOARD.topleft)
        self.router.begin_frame()
        controls.draw(self, surface)
        if self.panel == "chart":
            self.chart_view.draw(surface, self.get_chart(), self.inner.seat_name, self.at)
        elif self.panel == "secrets":
            controls.draw_secrets(self, surface, BOARD.inflate(-60, -60))

    def draw_top(self, surface: pygame.Surface) -> None:
        """The theatre's tooltips."""
        controls.draw_tooltip(self, surface)

    def invariants(self) -> list[str]:
        """The theatre shows the cursor's position and never a view the save does not allow."""
        out = []
        if self.inner.match.state is not self.cursor.seek(self.at):
            out.append("the board does not show the theatre's position")
        if self.viewer not in viewers(self.cursor):
            out.append("the theatre shows a seat the save does not allow")
        return out


def open_theatre(app: Any, cursor: ReplayCursor, at: int | None = None, chart: Chart | None = None) -> TheatreScene:
    """Push the theatre for ``cursor`` (at the end by default) and return it."""
    scene = TheatreScene(app, cursor, at, chart=chart)
    app.push(scene)
    return scene


def theatre_for_match(app: Any, match: Any, at: int | None = None) -> Scene:
    """Push the theatre of a match being played or just finished: it opens at once and shows the game once
    its save data is replayed off the UI thread (game/scenes/theatre/preparing.py)."""
    from game.scenes.theatre.preparing import PreparingScene, start_replay
    from game.scenes.worker import app_waker

    return app.push(PreparingScene(app, start_replay(match.to_save(), "game", app_waker(app)), at))


def theatre_for_file(app: Any, path: Any, on_failed: Callable[[str], None] | None = None) -> Scene:
    """Push the theatre of a save file or a shared game. A file that cannot be read raises SaveError at
    once; the replay runs off the UI thread, and when it fails ``on_failed`` gets the problem in words
    (without it the theatre's place says it)."""
    from game.engine.saves import display_path, load_save
    from game.scenes.theatre.preparing import PreparingScene, start_replay
    from game.scenes.worker import app_waker

    job = start_replay(load_save(path), display_path(path), app_waker(app))
    return app.push(PreparingScene(app, job, None, on_failed))


__all__ = ["BOARD", "SCALE", "SPEEDS", "TheatreScene", "open_theatre", "theatre_for_file", "theatre_for_match"]
