"""The main menu: Continue (the last autosave), New game, Load, Settings, Rules, Quit."""

from __future__ import annotations

import logging

import pygame

from game.app import draw, fonts, theme
from game.app.scene import Scene
from game.engine.i18n import t

log = logging.getLogger(__name__)

BUTTON_W, BUTTON_H, GAP = 380, 54, 12


def autosave_file():  # noqa: ANN201 - Path | None
    """Return the autosave path when one exists, else None (no saves module: None)."""
    try:
        from game.engine import saves
    except ImportError:
        return None
    try:
        p = saves.autosave_path()
    except Exception as exc:  # noqa: BLE001 - a broken save folder never stops the menu
        log.warning("autosave path: %s", exc)
        return None
    return p if p.exists() else None


class MenuScene(Scene):
    """The first screen."""

    name = "menu"

    def build_ui(self) -> None:
        """Create the menu buttons."""
        x = (1280 - BUTTON_W) // 2
        y = 250
        has_auto = autosave_file() is not None
        items = [
            ("menu.continue", self.on_continue, "#primary_button", has_auto,
             None if has_auto else t("menu.continue_none")),
            ("menu.new_game", self.on_new_game, "#menu_button", True, None),
            ("menu.load", self.on_load, "#menu_button", True, None),
            ("menu.settings", self.on_settings, "#menu_button", True, None),
            ("menu.rules", self.on_rules, "#menu_button", True, None),
            ("menu.quit", self.app.quit, "#menu_button", True, None),
        ]
        self.buttons = {}
        for key, fn, oid, enabled, tip in items:
            self.buttons[key] = self.button((x, y, BUTTON_W, BUTTON_H), t(key), fn, object_id=oid,
                                            enabled=enabled, tooltip=tip)
            y += BUTTON_H + GAP

    # --- actions ---------------------------------------------------------------------------
    def on_continue(self) -> None:
        """Resume the autosave exactly where it was left."""
        from game.scenes.dialogs import MessageScene
        from game.scenes.play import open_save

        path = autosave_file()
        if path is None:
            return
        try:
            open_save(self.app, path)
        except Exception as exc:  # noqa: BLE001 - SaveError or a broken ruleset: say so
            log.warning("continue failed: %s", exc)
            self.app.push(MessageScene(self.app, t("menu.continue"), t("menu.continue_failed", msg=str(exc))))

    def on_new_game(self) -> None:
        """Open the gallery of rulesets."""
        from game.scenes.newgame import GalleryScene

        self.app.push(GalleryScene(self.app))

    def on_load(self) -> None:
        """Open the load screen."""
        from game.scenes.load import LoadScene

        self.app.push(LoadScene(self.app))

    def on_settings(self) -> None:
        """Open the settings."""
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def on_rules(self) -> None:
        """Open the rules reference."""
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons, and Esc quits from the menu."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and autosave_file() is not None:
            self.on_continue()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table, the emblem and the title."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        w = surface.get_width()
        draw.panel(surface, ((w - 560) // 2, 24, 560, 206), "wood", radius=16)
        emblem = draw.svg("menu/emblem.svg", (76, 76))
        if emblem is not None:
            surface.blit(emblem, ((w - emblem.get_width()) // 2, 34))
        title = fonts.render(t("app.title"), 44, theme.BRASS_LIGHT, bold=True)
        shadow = fonts.render(t("app.title"), 44, (20, 12, 6), bold=True)
        tx = (w - title.get_width()) // 2
        surface.blit(shadow, (tx + 2, 114))
        surface.blit(title, (tx, 112))
        sub = fonts.render(t("app.subtitle"), 17, theme.TEXT_MUTED, italic=True)
        surface.blit(sub, ((w - sub.get_width()) // 2, 180))
        foot = fonts.render("F11 · Esc · F1", 13, theme.TEXT_MUTED)
        surface.blit(foot, (w - foot.get_width() - 16, 720 - foot.get_height() - 10))
