"""The log follows a language change mid-game (issue 15: "the log heading follows a language change"; left from
session 7: "log lines keep the language they were written in"). Every log line is kept in es, en and it
(``LogLine.text_for``); the settings screen is reached from the pause overlay, and the table keeps drawing under
that overlay without being on top, so its log stayed in the old language until the game went on. The table now
re-words its whole log (and its heading) on the first drawing in the new language, in every ruleset."""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator

import pytest

from game.engine.i18n import t
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from tests.scenes.driving import frames

RULESETS = ["dungeon", "skirmish", "sanctuary", "expedition", "quest"]


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """Drop the fonts cached while this test's window lived."""
    yield
    from game.ui import gfx

    gfx.set_text_scale(gfx.text_scale())


def _rows(scene: Any) -> list[str]:
    return [e.text for e in scene.log_panel.entries]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_log_lines_and_heading_follow_a_language_change_under_the_pause(make_app: Any, ruleset: str) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.play import open_match

    app = make_app("en", "normal")
    match = Match.new(ruleset, "tutorial", [SeatSpec("Ana"), SeatSpec("Bob", "bot", "random")], 5)
    rng = Rng(3)
    for _ in range(30):
        if match.is_over():
            break
        match.apply(rng.choice(match.legal_actions()))
    app.push(MenuScene(app))
    scene = open_match(app, match)
    frames(app, 4)
    viewer = scene.viewer
    english = {line.text_for(viewer, "en") for line in match.log} - {line.text_for(viewer, "es") for line in match.log}
    assert any(r in english for r in _rows(scene)), "the log was written in English"
    pause = app.push(PauseScene(app, scene))
    frames(app, 2)
    old = app.settings
    app.settings = dataclasses.replace(old, language="es")  # as the settings screen does, over the pause
    app.apply_settings(old)
    frames(app, 2)
    assert app.top is pause, "the table is still under the pause overlay"
    rows = _rows(scene)
    spanish = {line.text_for(viewer, "es") for line in match.log}
    assert not [r for r in rows if r in english], [r for r in rows if r in english][:3]
    assert sum(1 for r in rows if r in spanish) >= len(rows) // 2, rows[:5]
    assert scene.log_panel.title == t("game.log", "es") != t("game.log", "en")
