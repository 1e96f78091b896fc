"""Every menu scene opens and renders headless; the scene stack; menu buttons work by click."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tests.app.conftest import click, key, run_frames


def _menu(app: Any) -> Any:
    from game.scenes.menu import MenuScene

    return app.push(MenuScene(app))


def _non_background_pixels(surface: pygame.Surface) -> int:
    """Count distinct colours in a coarse sample (a blank screen has one)."""
    colours = {tuple(surface.get_at((x, y))) for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    return len(colours)


def _scenes(app: Any) -> dict[str, Any]:
    from game.scenes import dialogs, load, newgame, rules, settings

    return {
        "gallery": lambda: newgame.GalleryScene(app),
        "settings": lambda: settings.SettingsScene(app),
        "rules": lambda: rules.RulesScene(app),
        "load": lambda: load.LoadScene(app),
        "error": lambda: dialogs.ErrorScene(app, "ValueError: boom", "/tmp/mesa.log"),
        "message": lambda: dialogs.MessageScene(app, "Title", "Body <with> markup & stuff"),
        "pass": lambda: dialogs.PassScene(app, "Ana"),
    }


@pytest.mark.parametrize("name", ["gallery", "settings", "rules", "load", "error", "message", "pass"])
def test_menu_scene_opens_and_renders(app: Any, name: str) -> None:
    _menu(app)
    scene = app.push(_scenes(app)[name]())
    run_frames(app, 4)
    assert app.top is scene
    assert app.errors == []
    assert scene.elements, "the scene built its widgets"
    assert _non_background_pixels(app.screen) > 5


def test_menu_renders_with_every_button(app: Any) -> None:
    from game.engine.i18n import t

    menu = _menu(app)
    run_frames(app, 3)
    texts = [b.text for b in menu.buttons.values()]
    for key_ in ("menu.continue", "menu.new_game", "menu.load", "menu.settings", "menu.rules", "menu.quit"):
        assert t(key_) in texts
    assert not menu.buttons["menu.continue"].is_enabled, "no autosave yet: Continue is disabled"


def test_scene_stack_push_pop_replace(app: Any) -> None:
    from game.app.scene import Scene

    log: list[str] = []

    class Probe(Scene):
        def __init__(self, app: Any, tag: str) -> None:
            super().__init__(app)
            self.tag = tag
            self.name = tag

        def enter(self) -> None:
            log.append(f"enter {self.tag}")

        def leave(self) -> None:
            log.append(f"leave {self.tag}")

        def close(self) -> None:
            log.append(f"close {self.tag}")

    a, b, c = Probe(app, "a"), Probe(app, "b"), Probe(app, "c")
    app.push(a)
    app.push(b)
    assert app.stack == [a, b]
    app.replace(c)
    assert app.stack == [a, c]
    assert app.pop() is c
    assert app.top is a
    assert log == ["enter a", "leave a", "enter b", "leave b", "close b", "enter c", "leave c", "close c",
                   "enter a"]
    app.frame([], 0.05)
    app.push(Probe(app, "d"))
    assert app.fading(), "a stack change after the first frame starts a fade"
    run_frames(app, 20, dt=0.05)
    assert not app.fading(), "the fade ends"


def test_overlay_draws_scene_below(app: Any) -> None:
    from game.scenes.dialogs import MessageScene

    _menu(app)
    run_frames(app, 2)
    app.push(MessageScene(app, "Hi", "there"))
    run_frames(app, 12, dt=0.05)
    # the corner outside the dialog still shows the (dimmed) wooden table, not black
    corner = app.screen.get_at((5, 360))
    assert corner[:3] != (0, 0, 0)


def test_click_new_game_opens_gallery_then_back(app: Any) -> None:
    from game.scenes.newgame import GalleryScene

    menu = _menu(app)
    run_frames(app, 2)
    click(app, menu.buttons["menu.new_game"].rect.center)
    assert isinstance(app.top, GalleryScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu


def test_quit_button_stops_the_loop(app: Any) -> None:
    menu = _menu(app)
    run_frames(app, 2)
    click(app, menu.buttons["menu.quit"].rect.center)
    assert app.running is False


def test_idle_menu_does_not_tick(app: Any) -> None:
    _menu(app)
    run_frames(app, 30, dt=0.05)  # let the fade end
    assert app.busy() is False, "nothing animates at the menu: the loop may block on events"
    assert app.top.wakeup_in() is None


def test_f11_toggles_fullscreen_setting(app: Any) -> None:
    from game.app.settings import load_settings

    _menu(app)
    before = app.settings.fullscreen
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is (not before)
    assert load_settings().fullscreen is (not before), "the choice is saved"


def test_level_select_lists_broken_mod_with_error(app: Any, home: Any, tiny: Any) -> None:
    from game.scenes.newgame import LevelSelectScene

    mods = home / "data" / "mods" / "tiny"
    mods.mkdir(parents=True)
    (mods / "broken.toml").write_text('format = 1\nruleset = "tiny"\ntitle = "Bad"\ntarget = "lots"\n',
                                      encoding="utf-8")
    (mods / "fine.toml").write_text('format = 1\nruleset = "tiny"\ntitle = "Fine mod"\ntarget = 12\n',
                                    encoding="utf-8")
    _menu(app)
    scene = app.push(LevelSelectScene(app, "tiny"))
    run_frames(app, 3)
    names = {e.path.name: e for e in scene.entries}
    assert names["broken.toml"].ok is False and "target" in (names["broken.toml"].error or "")
    assert names["fine.toml"].ok is True
    assert scene.entries[scene.selected].ok, "the first playable level is preselected"
    broken_index = scene.entries.index(names["broken.toml"])
    texts = [b.text for b in scene.list_buttons]
    assert "MOD" in texts[broken_index] and "broken" in texts[broken_index]
    scene.select(broken_index)
    run_frames(app, 2)
    assert "target" in scene.detail.html_text
    assert not scene.start_btn.is_enabled, "a broken level cannot be started"


def test_seat_setup_builds_specs(app: Any, tiny: Any) -> None:
    from game.scenes.newgame import SeatSetupScene
    from tests.tinygame import tiny_level

    _menu(app)
    scene = app.push(SeatSetupScene(app, "tiny", tiny_level("classic")))
    run_frames(app, 2)
    scene.entries[0].set_text("Ana")
    specs = scene.seat_specs()
    assert [s.kind for s in specs] == ["human", "bot"]
    assert specs[0].name == "Ana" and specs[1].name == "Bot 2"
    assert specs[1].difficulty == "normal"


def test_menu_autosave_name_matches_saves_module(home: Any) -> None:
    from game.engine.saves import autosave_path
    from game.scenes.menu import AUTOSAVE_NAME, autosave_file

    assert autosave_path().name == AUTOSAVE_NAME
    assert autosave_file() is None
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("{}", encoding="utf-8")
    assert autosave_file() == autosave_path()


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_seat_setup_explains_every_difficulty(app: Any, tiny: Any, lang: str) -> None:
    from game.engine import i18n
    from game.engine.bots import DIFFICULTIES
    from game.scenes.newgame import SeatSetupScene
    from tests.tinygame import tiny_level

    i18n.set_language(lang)
    _menu(app)
    scene = app.push(SeatSetupScene(app, "tiny", tiny_level("classic")))
    run_frames(app, 2)
    tip = scene.diff_menus[1].tool_tip_text
    assert tip and "difficulty.help" not in tip
    # the help names every difficulty the menu offers, in the player's language
    for d in DIFFICULTIES:
        assert i18n.t(f"difficulty.{d}") in tip
