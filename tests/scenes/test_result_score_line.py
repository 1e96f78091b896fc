"""The result screen's score lines say what they count, in the player's language and with the number's plural
form: Valor in dungeon, Structure in sanctuary, gold in expedition, victory points in quest; a ruleset without
such a line (or a score that is no number) gets the plain "Ana: 7"."""

from __future__ import annotations

from typing import Any

import pytest

from game.app.main import load_strings
from game.engine import i18n
from game.engine.registry import all_rulesets
from game.scenes.dialogs import score_line
from tests.scenes.driving import finished_match, frames
from tests.scenes.lookover_help import sized_app  # noqa: F401 - the fixture


@pytest.mark.parametrize("lang,score,text", [
    ("en", "1", "Ana: 1 victory point"), ("en", "3", "Ana: 3 victory points"),
    ("es", "1", "Ana: 1 punto de victoria"), ("it", "4", "Ana: 4 punti vittoria"),
])
def test_quest_score_is_victory_points_with_their_plural(lang: str, score: str, text: str) -> None:
    all_rulesets()  # the rulesets' catalogues are loaded
    load_strings()  # and the app's
    i18n.set_language(lang)
    try:
        assert score_line("quest.result.score", "Ana", score) == text
    finally:
        i18n.set_language("en")


def test_other_rulesets_name_their_score_and_an_unknown_key_falls_back() -> None:
    all_rulesets()
    load_strings()
    assert score_line("dungeon.result.score", "Ana", "7") == "Ana: 7 Valor"
    assert score_line("sanctuary.result.score", "Bo", "12") == "Bo: 12 Structure"
    assert score_line("expedition.result.score", "Cy", "40") == "Cy: 40 gold"
    assert score_line("skirmish.result.score", "Di", "2") == "Di: 2"
    assert score_line("dungeon.result.score", "Ana", "n/a") == "Ana: n/a Valor"


def test_expedition_result_lists_the_heroes_gold_not_the_dark_lord_and_says_why(app: object) -> None:
    from game.engine.protocol import SeatSpec
    from game.scenes.base.result import show_result
    from game.scenes.dialogs import ResultScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import scene_for_match

    m = finished_match("expedition", None, [SeatSpec("Ana", "bot", "random"), SeatSpec("Lord", "bot", "random")], 11, 2)
    app.push(MenuScene(app))  # type: ignore[attr-defined]
    scene = app.push(scene_for_match(app, m))  # type: ignore[attr-defined]
    show_result(scene)
    top = app.top  # type: ignore[attr-defined]
    assert isinstance(top, ResultScene)
    assert [name for name, _score in top.scores] == ["Ana"], "the Dark Lord's seat has no gold line"
    assert top.reason and "result." not in top.reason


def test_the_result_words_need_no_scrolling_beside_the_chart(sized_app: Any) -> None:
    """Seen at es huge: the winner, a blank line and the reason filled the box and the score lines were below
    its fold (a scroll bar); at large text the chart is shorter and the blank line goes."""
    from game.engine.protocol import SeatSpec
    from game.scenes.dialogs import ResultScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    m = finished_match("dungeon", "standard", [SeatSpec("Ana", "bot", "random"), SeatSpec("Bo", "bot", "random")], 11, 2)
    sized_app.push(MenuScene(sized_app))
    open_match(sized_app, m)
    frames(sized_app, 30)
    result = sized_app.top
    assert isinstance(result, ResultScene) and result.size[1] > 420, "the chart is shown"
    assert len(result.scores) == 2
    assert result.body_box.scroll_bar is None, "every line of the result is in view"
    assert not result.body_box.rect.colliderect(result.chart_rect())
