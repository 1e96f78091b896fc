"""Issue 15 item 4 on the seat set-up screen: a Hero/Faction/Deck column with one control per seat;
clicking it changes the SeatSpec the match starts with (driven frame by frame, no waits)."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import i18n
from game.engine.i18n import t
from tests.app.conftest import click, run_frames


@pytest.fixture(autouse=True)
def _forget_choices() -> Any:
    """Each test starts with no remembered choices."""
    from game.scenes import seatchoice

    seatchoice._LAST.clear()
    yield
    seatchoice._LAST.clear()


def _setup(app: Any, ruleset: str, level: str) -> Any:
    from game.engine.levels import get_level
    from game.scenes.menu import MenuScene
    from game.scenes.seats import SeatSetupScene

    app.push(MenuScene(app))
    scene = app.push(SeatSetupScene(app, ruleset, get_level(ruleset, level)))
    run_frames(app, 2)
    return scene


def test_issue15_4_clicking_the_hero_control_changes_the_seat_spec_and_the_game(app: Any) -> None:
    scene = _setup(app, "dungeon", "standard")
    assert scene.choice_header is not None and scene.choice_header.text == "Hero"
    assert [s.choice for s in scene.seat_specs()] == [None, None]
    b = scene.choice_buttons[0]
    assert b.text == "Kestrel (the level's)"  # the level's hero for that seat
    click(app, b.rect.center)  # default -> random
    assert scene.seat_specs()[0].choice == "random"
    click(app, scene.choice_buttons[0].rect.center)  # random -> the first hero
    click(app, scene.choice_buttons[0].rect.center)  # -> the second: Brannoc
    assert scene.seat_specs()[0].choice == "brannoc"
    assert scene.choice_buttons[0].text == "Brannoc"
    assert "The Warrior · Health 10" in scene.choice_buttons[0].tool_tip_text
    # seat 2's own hero was Brannoc: it now shows the next free one, the one it will play
    assert scene.choice_buttons[1].text == "Kestrel (the level's)"
    # the other seat is not offered the hero seat 1 took
    assert "brannoc" not in scene.choices.values(1, scene.count)
    scene.start()
    run_frames(app, 1)
    match = app.stack[-1].match
    assert match.seats[0].choice == "brannoc"
    assert [p.hero for p in match.state.players] == ["brannoc", "kestrel"]
    assert dict(app.stack[-1].tables.catalog) == dict(match.state.catalog)  # the scene draws Brannoc's chips
    assert app.errors == []


def test_issue15_4_deck_column_and_a_bot_seat_choice(app: Any) -> None:
    scene = _setup(app, "sanctuary", "ember_vs_gear")
    assert scene.choice_header.text == "Deck"
    for _ in range(3):  # the bot seat: default -> random -> ember -> gear
        click(app, scene.choice_buttons[1].rect.center)
    specs = scene.seat_specs()
    assert specs[1].kind == "bot" and specs[1].choice == "gear"
    assert specs[0].choice is None
    # decks are not unique: seat 1 may take the deck seat 2 took
    assert "gear" in scene.choices.values(0, scene.count)


def test_issue15_4_the_dark_lord_seat_has_no_choice_and_a_ruleset_without_one_has_no_column(app: Any,
                                                                                           tiny: Any) -> None:
    scene = _setup(app, "skirmish", "01_toll_bridge")
    last = scene.choice_buttons[-1]
    assert not last.is_enabled and last.text == t("seats.choice.none")
    assert scene.choice_buttons[0].is_enabled
    scene.set_count(3)
    run_frames(app, 1)
    assert len(scene.choice_buttons) == 3 and not scene.choice_buttons[2].is_enabled
    from game.scenes.menu import MenuScene
    from game.scenes.seats import SeatSetupScene
    from tests.tinygame import tiny_level

    app.push(MenuScene(app))
    plain = app.push(SeatSetupScene(app, "tiny", tiny_level("classic")))
    run_frames(app, 2)
    assert plain.choice_header is None and plain.choice_buttons == []
    assert [h.text for h in plain.headers][:1] == [t("seats.col.seat")]


def test_issue15_4_choices_are_remembered_for_the_level(app: Any) -> None:
    scene = _setup(app, "expedition", "lantern_road")
    for _ in range(4):
        click(app, scene.choice_buttons[0].rect.center)
    assert scene.seat_specs()[0].choice == "seer"
    again = _setup(app, "expedition", "lantern_road")
    assert again.seat_specs()[0].choice == "seer"


@pytest.mark.parametrize("lang", ["es", "it"])
def test_issue15_4_the_column_speaks_the_players_language(app: Any, lang: str) -> None:
    i18n.set_language(lang)
    try:
        scene = _setup(app, "quest", "01_mill_road")
        assert scene.choice_header.text == t("seats.choice_col.deck")
        assert scene.choice_header.text != "Deck"
        assert scene.choice_buttons[0].text == t("seats.choice.in_game")  # a quest deck is chosen at the table
        click(app, scene.choice_buttons[0].rect.center)
        click(app, scene.choice_buttons[0].rect.center)
        tip = scene.choice_buttons[0].tool_tip_text
        assert ("Héroes" if lang == "es" else "Eroi") in tip
    finally:
        i18n.set_language("en")


def test_issue15_4_a_right_click_goes_back_to_the_previous_choice(app: Any) -> None:
    scene = _setup(app, "dungeon", "standard")
    first = scene.choices.values(0, scene.count)
    click(app, scene.choice_buttons[0].rect.center, button=3)  # the level's -> the last one, backwards
    assert scene.seat_specs()[0].choice == first[-1]
    click(app, scene.choice_buttons[0].rect.center)            # and forwards again
    assert scene.seat_specs()[0].choice is None
    assert "right-click" in scene.choice_buttons[0].tool_tip_text
    assert app.errors == []


@pytest.mark.parametrize("ruleset", ["dungeon", "skirmish", "sanctuary", "expedition"])
def test_issue15_1_a_tutorials_bot_seats_start_easy(app: Any, ruleset: str) -> None:
    """A newcomer in the dungeon tutorial's default game lost to the Normal bot 4 to 10 Valor (session 7): a
    tutorial's opponents start easy (still a click away from harder); other levels keep Normal."""
    tutorial = _setup(app, ruleset, "tutorial")
    bots = [s for s in tutorial.seat_specs() if s.kind == "bot"]
    assert all(s.difficulty == "easy" for s in bots)
    assert all(s["difficulty"] == "easy" for s in tutorial.seats if s["kind"] == "bot")
    from game.engine.levels import discover_levels

    other = next(e.id for e in discover_levels(ruleset) if e.ok and e.id != "tutorial")
    plain = _setup(app, ruleset, other)
    assert all(s["difficulty"] == "normal" for s in plain.seats if s["kind"] == "bot")


def test_issue15_1_a_cooperative_tutorials_bot_partner_stays_normal(app: Any) -> None:
    """Quest is cooperative: its bot seats are partners, and an easy partner would only weaken the team."""
    tutorial = _setup(app, "quest", "tutorial")
    assert [s["difficulty"] for s in tutorial.seats if s["kind"] == "bot"]
    assert all(s["difficulty"] == "normal" for s in tutorial.seats if s["kind"] == "bot")
