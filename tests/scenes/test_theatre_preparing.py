"""The game's replay runs off the UI thread (game/scenes/theatre/preparing.py): the result screen and the
theatre open at once with "preparing the replay" and fill in when the job is done.

The jobs run through an injectable runner: ``Deferred`` keeps them until the test runs them, so each
frame before and after is driven by hand; one test runs a real worker thread and waits on its Event.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.i18n import t
from game.scenes import worker
from game.scenes.theatre import preparing
from tests.engine.replay_games import finished_save, play
from tests.scenes.jobrunner import Deferred, deferred  # the fixture is used by name
from tests.scenes.driving import click, frames


@pytest.fixture()
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines ``draw_preparing`` drew."""
    lines: list[str] = []
    real = preparing.draw_preparing

    def spy(surface: pygame.Surface, rect: pygame.Rect, line: str | None = None) -> None:
        lines.append(line or t("theatre.preparing"))
        real(surface, rect, line)

    monkeypatch.setattr(preparing, "draw_preparing", spy)
    return lines


def ui_texts(app: Any) -> list[str]:
    return [getattr(el, "text", "") for el in app.manager.get_sprite_group().sprites()]


def ui_button(app: Any, text: str) -> Any:
    return next(el for el in app.manager.get_sprite_group().sprites() if getattr(el, "text", None) == text)


def finished_game(app: Any, rid: str = "dungeon") -> tuple[Any, Any]:
    """A finished game in its scene above the menu, and the result screen over it."""
    from game.scenes.dialogs import ResultScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app.push(MenuScene(app))
    m = play(rid)
    game = open_match(app, m)
    frames(app, 3)
    assert isinstance(app.top, ResultScene)
    return game, app.top


def test_preparing_line_is_said_in_every_language() -> None:
    said = {lang: t("theatre.preparing", lang) for lang in ("en", "es", "it")}
    assert said["en"].startswith("Preparing the replay")
    assert said["es"].startswith("Preparando la repetición")
    assert said["it"].startswith("Preparazione del replay")


def test_result_screen_opens_at_once_saying_preparing_then_shows_the_chart(app: Any, deferred: Deferred,
                                                                           drawn: list[str]) -> None:
    _game, result = finished_game(app)
    ex = result.extras
    assert ex.preparing and ex.cursor is None and ex.chart is None, "nothing was replayed on the UI thread"
    assert deferred.works, "the replay waits in the worker"
    assert result.size == result.CHART_SIZE, "the chart's place is kept"
    assert "Replay" in ui_texts(app)
    assert drawn and drawn[-1] == t("theatre.preparing")
    assert result.wakeup_in() is not None, "the loop looks again while the replay runs"
    assert deferred.run() == 1
    drawn.clear()
    frames(app, 2)
    assert not ex.preparing and ex.cursor is not None and ex.chart is not None
    assert ex.view.hits, "the chart is drawn with its clickable points"
    assert drawn == [] and result.wakeup_in() is None
    assert result.size == result.CHART_SIZE and "Replay" in ui_texts(app)


def test_replay_pressed_while_preparing_opens_the_theatre_at_once_and_fills_it_in(app: Any, deferred: Deferred,
                                                                                 drawn: list[str]) -> None:
    from game.scenes.theatre import TheatreScene

    game, result = finished_game(app)
    click(app, ui_button(app, "Replay").rect.center)
    top = app.top
    assert isinstance(top, preparing.PreparingScene) and app.stack[-2] is game
    frames(app, 2)
    assert app.top is top and drawn[-1] == t("theatre.preparing")
    deferred.run()
    frames(app, 1)
    theatre = app.top
    assert isinstance(theatre, TheatreScene) and app.stack[-2] is game
    assert theatre.at == len(game.match.history) == len(theatre.cursor)
    assert theatre.cursor is result.extras.cursor
    assert theatre.chart is result.extras.chart and theatre.chart is not None, "the worker's chart, not made again"


def test_leaving_while_preparing_drops_the_replay(app: Any, deferred: Deferred) -> None:
    game, _result = finished_game(app)
    click(app, ui_button(app, "Replay").rect.center)
    assert isinstance(app.top, preparing.PreparingScene)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], 1 / 30)
    assert app.top is game
    deferred.run()
    frames(app, 2)
    assert app.top is game, "a replay finished after leaving opens nothing"


def test_a_replay_that_fails_removes_replay_and_the_chart_from_the_result_screen(
        app: Any, deferred: Deferred, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.engine.replay as replay

    _game, result = finished_game(app)
    assert "Replay" in ui_texts(app) and result.size == result.CHART_SIZE

    def broken(*_a: Any, **_k: Any) -> Any:
        raise replay.SaveError("game", "actions[3]", "not legal")

    monkeypatch.setattr(replay, "ReplayCursor", broken)
    deferred.run()
    frames(app, 2)
    assert result.extras.job.failed and "actions[3]" in (result.extras.job.error or "")
    assert "Replay" not in ui_texts(app) and result.size == (640, 420)


def test_theatre_of_a_file_opens_at_once_and_shows_why_a_replay_failed(app: Any, deferred: Deferred,
                                                                       drawn: list[str]) -> None:
    import json

    from game.engine import saves
    from game.scenes.menu import MenuScene
    from game.scenes.theatre import theatre_for_file

    data = json.loads(json.dumps(finished_save("skirmish")))
    data["actions"][1][1] = {"kind": "no_such_move", "args": {}}
    saves.write_save(saves.slot_path(3), data)
    app.push(MenuScene(app))
    scene = theatre_for_file(app, saves.slot_path(3))
    assert app.top is scene and isinstance(scene, preparing.PreparingScene)
    frames(app, 1)
    assert drawn[-1] == t("theatre.preparing")
    deferred.run()
    frames(app, 2)
    assert app.top is scene and scene.job.failed
    assert "actions[1]" in drawn[-1] and drawn[-1].startswith("This game cannot be replayed")


def test_theatre_of_a_match_in_play_opens_at_once(app: Any, deferred: Deferred) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.theatre import TheatreScene, theatre_for_match

    app.push(MenuScene(app))
    m = play("sanctuary", stop_at=30)
    scene = theatre_for_match(app, m, 12)
    assert isinstance(scene, preparing.PreparingScene) and not scene.job.done.is_set()
    deferred.run()
    frames(app, 1)
    assert isinstance(app.top, TheatreScene) and app.top.at == 12 and len(app.top.cursor) == 30


def test_the_replay_runs_in_a_worker_thread_and_wakes_the_loop() -> None:
    import threading

    woken: list[str] = []
    main = threading.get_ident()
    seen: list[int] = []
    real = preparing.replay_work

    def work(job: Any, data: Any, chart: bool) -> None:
        seen.append(threading.get_ident())
        real(job, data, chart)

    data = finished_save("quest")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(preparing, "replay_work", work)
        job = preparing.start_replay(data, "game", lambda: woken.append("wake"), runner=worker.thread_runner)
        assert job.done.wait(120), "the replay finished"
    assert seen and seen[0] != main
    assert job.ready and job.charted and job.chart is not None and len(job.cursor) == len(data["actions"])
    assert woken == ["wake"]
