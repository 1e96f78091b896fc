"""Issue 15 item 8 and 4 on the shell screens: the pause menu dims the whole table and leads back to the
result (Rematch) after "Look at the table"; rules-menu tooltips say more than their labels; the seat
set-up has column headers and a difficulty help the player can hover."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from tests.app.conftest import key, run_frames, wait_until


def _start(app: Any, seats: list[SeatSpec], seed: int = 5) -> Any:
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match
    from tests.tinygame import tiny_level

    app.push(MenuScene(app))
    scene = open_match(app, Match.new("tiny", tiny_level("classic"), seats, seed))
    run_frames(app, 2)
    return scene


def test_issue15_8_after_look_at_the_table_the_pause_menu_leads_back_to_rematch(app: Any, tiny: Any) -> None:
    from game.scenes.dialogs import ResultScene
    from game.scenes.pause import PauseScene

    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    assert not t("pause.back_to_result") in app.top.button_texts()  # not over
    key(app, pygame.K_ESCAPE)
    while not scene.match.is_over():
        scene.match.apply(scene.match.legal_actions()[0])
    scene.driver.invalidate()
    assert wait_until(app, lambda: isinstance(app.top, ResultScene))
    app.pop()  # "Look at the table"
    run_frames(app, 2)
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    pause.press(t("pause.back_to_result"))
    run_frames(app, 2)
    assert isinstance(app.top, ResultScene)
    assert t("result.rematch") in app.top.button_texts()
    assert app.errors == []


def test_issue15_8_pause_overlay_dims_the_right_column(app: Any, tiny: Any) -> None:
    from game.scenes.pause import PauseScene

    _start(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    run_frames(app, 2)
    before = app.screen.copy()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    run_frames(app, 2)
    after = app.screen

    def lum(surf: pygame.Surface, x: int, y: int) -> float:
        r, g, b, *_ = surf.get_at((x, y))
        return 0.3 * r + 0.59 * g + 0.11 * b

    # the right column (the log, outside the menu frame) and the left edge: both at most a fifth as bright
    for x, y in ((1150, 400), (1250, 650), (40, 400), (200, 650)):
        assert lum(after, x, y) <= 0.2 * lum(before, x, y) + 6, (x, y)  # + the veil's own dark brown


def test_issue15_8_rules_menu_tooltips_say_more_than_their_labels(app: Any) -> None:
    from game.scenes.rules import RulesScene, gist

    scene = app.push(RulesScene(app, "dungeon"))
    run_frames(app, 2)
    buttons = [el for el in scene.buttons() if getattr(el, "tool_tip_text", None)]
    assert len(buttons) >= 5
    for el in buttons:
        assert el.tool_tip_text.strip() != el.text.strip()
        assert el.text not in el.tool_tip_text or len(el.tool_tip_text) > len(el.text) + 20
    assert gist("First sentence here. Second one.") == "First sentence here."
    assert gist("x" * 300).endswith("…") and len(gist("x" * 300)) == 140


def test_issue15_8_difficulty_help_and_column_headers_on_the_seat_setup(app: Any) -> None:
    from game.engine.levels import get_level
    from game.scenes.newgame import SeatSetupScene

    scene = app.push(SeatSetupScene(app, "skirmish", get_level("skirmish", "01_toll_bridge")))
    run_frames(app, 2)
    heads = [h.text for h in scene.headers]
    assert heads == [t("seats.col.seat"), t("seats.col.name"), t("seats.col.kind"), t("seats.col.difficulty")]
    help_text = scene.diff_help.tool_tip_text
    assert "Hard" in help_text and "Easy" in help_text  # the README's promise: hover to read it
    for dm in scene.diff_menus:
        button = dm.current_state.selected_option_button
        assert button.tool_tip_text and "Normal" in button.tool_tip_text
    dm = scene.diff_menus[-1]
    dm.current_state.selected_option_button.set_tooltip(None)  # as after the menu opened and closed again
    dm.current_state.selected_option_button.tool_tip_text = None
    run_frames(app, 1)
    assert "Normal" in (dm.current_state.selected_option_button.tool_tip_text or "")
    assert app.errors == []


def test_issue15_9_round_limit_variant_shows_in_the_level_list(app: Any) -> None:
    from game.scenes.newgame import LevelSelectScene

    scene = app.push(LevelSelectScene(app, "skirmish"))
    run_frames(app, 2)
    texts = [b.text for b in scene.list_buttons]
    tagged = [i for i, text in enumerate(texts) if "[Nightfall]" in text]
    assert len(tagged) == 1
    assert all("Nightfall" not in text for i, text in enumerate(texts) if i not in tagged)
    scene.select(tagged[0])
    run_frames(app, 1)
    assert "Nightfall: round limit 12, then a draw" in scene.detail_html()
    assert app.errors == []


def test_issue15_9_rules_screen_of_a_variant_game_names_its_round_limit(app: Any) -> None:
    from game.engine.levels import get_level
    from game.scenes.rules import RulesScene

    variant = RulesScene(app, "skirmish", get_level("skirmish", "05_toll_bridge_clock"))
    plain = RulesScene(app, "skirmish", get_level("skirmish", "01_toll_bridge"))
    menu = RulesScene(app, "skirmish")
    first = [s.sections()[0][0][1] for s in (variant, plain, menu)]
    assert "This game's level: Nightfall: round limit 12, then a draw." in first[0]
    assert "This game's level" not in first[1] and "This game's level" not in first[2]
