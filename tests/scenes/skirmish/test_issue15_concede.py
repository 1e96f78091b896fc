"""Issue 15 item 9 in the window: the player deciding now may concede from the pause menu (RULES.md);
their side loses and the result screen says why."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.i18n import t
from tests.scenes.skirmish.conftest import frames, start, wait_until


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Any:
    """After the App fixture quits pygame, drop the cached fonts: tests that draw without an App follow."""
    yield
    from game.ui import gfx

    gfx.set_text_scale(gfx.text_scale())


def _key(app: Any, k: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 1 / 30)
    app.step([], 1 / 30)


def test_issue15_9_concede_from_the_pause_menu(app: Any) -> None:
    from game.scenes.dialogs import ResultScene
    from game.scenes.pause import PauseScene

    scene = start(app)
    assert wait_until(app, lambda: scene.match.to_act() == scene.viewer and scene.can_act(), 20)
    _key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.press(t("pause.concede"))
    frames(app, 5)
    res = scene.match.result()
    assert res is not None and res.reason == "conceded" and res.winners == (1,)
    assert wait_until(app, lambda: isinstance(app.top, ResultScene), 20)
    assert app.errors == []


def test_issue15_9_no_concede_button_where_the_ruleset_has_none(app: Any) -> None:
    from game.engine.protocol import SeatSpec
    from game.scenes.pause import PauseScene
    from tests.scenes.sanctuary.conftest import start as start_sanctuary

    start_sanctuary(app, "quick", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    frames(app, 3)
    _key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert t("pause.concede") not in app.top.button_texts()
