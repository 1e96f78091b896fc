"""Settings: round trip, corrupt and partly wrong files, live application, the strings catalogue."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.app.settings import Settings, load_settings, save_settings, settings_path
from tests.app.conftest import click, run_frames


def test_settings_round_trip(home: Any) -> None:
    s = Settings(language="it", fullscreen=True, animation_speed=2.0, bot_pace=0.2, volume=0.3, muted=True,
                 colorblind=True, text_size="large")
    path = save_settings(s)
    assert path == settings_path() and path.parent.is_relative_to(home)
    assert load_settings() == s
    assert not list(path.parent.glob(".settings-*")), "no temp file left behind"


def test_missing_settings_file_gives_defaults(home: Any) -> None:
    s = load_settings()
    assert s == Settings()
    assert s.language in ("es", "en", "it")


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "", "\x00\x01garbage", "null"])
def test_corrupt_settings_file_gives_defaults_and_logs(home: Any, content: str, caplog: Any) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content, encoding="utf-8")
    with caplog.at_level("WARNING"):
        s = load_settings()
    assert s == Settings()
    assert any("settings" in r.message for r in caplog.records)


def test_bad_fields_keep_defaults_good_fields_stay(home: Any, caplog: Any) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"language": "klingon", "volume": 7, "muted": "yes", "text_size": "large",
                                "bot_pace": 1.5, "unknown": 1}), encoding="utf-8")
    with caplog.at_level("WARNING"):
        s = load_settings()
    assert s.language == Settings().language and s.volume == Settings().volume and s.muted is False
    assert s.text_size == "large" and s.bot_pace == 1.5
    assert len([r for r in caplog.records if "settings" in r.message]) >= 3


def test_settings_scene_changes_language_live(app: Any) -> None:
    from game.engine import i18n
    from game.scenes.menu import MenuScene
    from game.scenes.settings import SettingsScene

    app.push(MenuScene(app))
    scene = app.push(SettingsScene(app))
    run_frames(app, 2)
    spanish = next(el for el in scene.elements if getattr(el, "text", None) == "Español")
    click(app, spanish.rect.center)
    assert app.settings.language == "es" and i18n.language() == "es"
    assert any(getattr(el, "text", None) == "Ajustes" for el in app.top.elements), "rebuilt in Spanish"
    assert load_settings().language == "es", "saved at once"
    app.pop()
    run_frames(app, 2)
    assert app.top.buttons["menu.new_game"].text == "Nueva partida"
    i18n.set_language("en")


def test_text_size_and_palette_apply_live(app: Any) -> None:
    import copy

    from game.ui import gfx

    old = copy.copy(app.settings)
    manager = app.manager
    app.settings.text_size = "huge"
    app.settings.colorblind = True
    app.apply_settings(old)
    assert app.manager is not manager, "a new widget theme with bigger fonts"
    assert gfx.text_scale() == pytest.approx(1.5)
    assert gfx.palette().name == "okabe_ito"
    old = copy.copy(app.settings)
    app.settings.colorblind = False
    app.settings.text_size = "normal"
    app.apply_settings(old)
    assert gfx.palette().name == "warm"


def test_app_strings_have_all_three_languages() -> None:
    from pathlib import Path

    from game.engine import i18n

    entries = i18n.load_catalog(Path(__file__).resolve().parents[2] / "game" / "app" / "strings.toml")
    assert len(entries) > 100
    incomplete = [k for k, v in entries.items() if set(v) != {"en", "es", "it"} or not all(v.values())]
    assert incomplete == []


def test_every_t_key_used_by_the_shell_exists() -> None:
    """Every literal key passed to t() in game/app and game/scenes is in a loaded catalogue."""
    import re
    from pathlib import Path

    from game.app.main import load_strings
    from game.engine import i18n

    load_strings()
    root = Path(__file__).resolve().parents[2] / "game"
    keys: set[str] = set()
    for folder in ("app", "scenes"):
        for py in (root / folder).glob("*.py"):  # the shell's own modules, not ruleset scene packages
            keys.update(re.findall(r"""\bt\(\s*["']([a-z_]+(?:\.[a-z0-9_]+)+)["']""", py.read_text(encoding="utf-8")))
    assert len(keys) > 50
    missing = sorted(k for k in keys if not i18n.has(k))
    assert missing == []


def test_text_size_setting_scales_plain_widgets(home: Any) -> None:
    """Buttons, labels and drop-downs without an object id grow with the text size (not only styled ones)."""
    import pygame
    import pygame_gui

    from game.app.theme import theme_dict

    pygame.init()
    pygame.display.set_mode((1280, 720))
    heights = []
    for scale in (1.0, 1.4):
        mgr = pygame_gui.UIManager((1280, 720), theme_dict(scale))
        b = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 200, 40), "Back", manager=mgr)
        lb = pygame_gui.elements.UILabel(pygame.Rect(0, 50, 200, 40), "Language", manager=mgr)
        heights.append((b.font.size("Back")[1], lb.font.size("Language")[1]))
    pygame.quit()
    assert heights[1][0] > heights[0][0] and heights[1][1] > heights[0][1], heights
