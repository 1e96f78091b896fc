"""The real main loop with no input at all: a bot's move is applied and shown without the mouse moving.

A player once watched "Bot 2 is thinking…" for two minutes at 0 % CPU until they moved the mouse:
the bot's move had been applied on a timer wake-up with nothing to animate, and an idle frame
draws nothing. These tests drive ``App.run_once`` (the loop's own waiting: naps, wake-ups, the
bot thread's ``App.wake``) without posting a single input event.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.engine.protocol import SeatSpec


def _quiet_scene(app: Any, seats: list[SeatSpec], seed: int) -> Any:
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.table import TableScene
    from tests.tinygame import tiny_level

    class Quiet(TableScene):
        """A scene with no animation for any event (the worst case for waking up)."""

        def on_events(self, events: list[Any]) -> None:
            pass

    app.push(MenuScene(app))
    return app.push(Quiet(app, Match.new("tiny", tiny_level("classic"), seats, seed)))


def _drawn_states(scene: Any) -> list[tuple[int, Any]]:
    shown: list[tuple[int, Any]] = []
    draw = scene.draw

    def recording(surface: pygame.Surface) -> None:
        draw(surface)
        shown.append((len(scene.match.history), scene.match.to_act()))

    scene.draw = recording
    return shown


def test_a_bot_turn_completes_and_is_drawn_with_no_input_events(app: Any, tiny: Any) -> None:
    app.settings.bot_pace = 0.3  # the move is applied on a timer wake-up, after the thread's wake
    scene = _quiet_scene(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed=5)
    shown = _drawn_states(scene)
    pygame.event.clear()
    app.settle_input()
    end = time.monotonic() + 8
    while scene.match.to_act() != 0 and time.monotonic() < end:  # the bot may open the game
        app.run_once()
    assert scene.match.to_act() == 0
    while not scene.can_act() and time.monotonic() < end:
        app.run_once()
    scene.act(scene.legal[0])  # the human's move, played without an input event
    moved = len(scene.match.history)
    assert scene.match.to_act() == 1, "now the bot is to act"
    while time.monotonic() < end:
        app.run_once()
        if len(scene.match.history) > moved and scene.match.to_act() in (0, None) \
                and shown and shown[-1][0] == len(scene.match.history):
            break
    assert len(scene.match.history) > moved, "the bot's move was applied with no input"
    assert shown[-1] == (len(scene.match.history), scene.match.to_act()), \
        "the screen shows the position after the bot's move, not 'thinking'"
    assert app.errors == []


def test_a_wake_from_another_thread_ends_the_idle_wait_at_once(app: Any) -> None:
    import threading

    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    app.step([], 1 / 30)
    pygame.event.clear()
    app.settle_input()
    threading.Timer(0.05, app.wake).start()
    t0 = time.monotonic()
    app.wait_events()
    assert time.monotonic() - t0 < 0.5, "the wake-up ends the wait (the idle timeout is a second)"
