"""The main menu: Continue (the last autosave), New game, Load, Settings, Rules, Quit.

It is the first frame the player sees, so it is drawn by hand (no pygame_gui, no
saves module, no level loading): start-up stays close to a bare pygame window.
The buttons look like the theme's (wood, brass border, parchment text).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.app import draw, fonts, theme
from game.app.scene import Scene
from game.engine.i18n import t

log = logging.getLogger(__name__)

BUTTON_W, BUTTON_H, GAP = 380, 54, 12
AUTOSAVE_NAME = "autosave.json"  # = game.engine.saves.autosave_path().name (a test checks it)


def autosave_file():  # noqa: ANN201 - Path | None
    """Return the autosave path when it (or only its backup, after a crash on FAT/exFAT) exists, else None.

    The menu is the first frame: it does not import the saves module (which pulls
    in the level loader and pydantic) just to see whether a file exists.
    """
    from game.engine import paths

    try:
        p = paths.saves_dir() / AUTOSAVE_NAME
        return p if p.is_file() or p.with_name(AUTOSAVE_NAME + ".bak").is_file() else None
    except OSError as exc:  # a broken save folder never stops the menu
        log.warning("autosave path: %s", exc)
        return None


@dataclass
class MenuButton:
    """A hand-drawn menu button (same look as the theme's buttons)."""

    rect: pygame.Rect
    text: str
    on_click: Callable[[], None]
    is_enabled: bool = True
    primary: bool = False
    hint: str = ""

    def draw(self, surface: pygame.Surface, hovered: bool, focused: bool) -> None:
        """Draw the button in its state."""
        r = self.rect
        if not self.is_enabled:
            bg, border, ink = (59, 43, 32), (107, 84, 53), theme.TEXT_MUTED
        elif self.primary:
            bg = (176, 130, 54) if hovered else (143, 106, 44)
            border, ink = theme.BRASS_LIGHT, (255, 244, 218)
        else:
            bg = (122, 82, 50) if hovered else (90, 58, 36)
            border, ink = (224, 180, 90) if hovered or focused else theme.BRASS, (255, 244, 218)
        if self.is_enabled:
            pygame.draw.rect(surface, (20, 12, 6), r.move(0, 3), border_radius=10)
        pygame.draw.rect(surface, bg, r, border_radius=10)
        pygame.draw.rect(surface, border, r, 3 if focused and self.is_enabled else 2, border_radius=10)
        img = fonts.render(self.text, 22, ink, bold=True)
        surface.blit(img, img.get_rect(center=r.center))


class MenuScene(Scene):
    """The first screen."""

    name = "menu"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons: dict[str, MenuButton] = {}
        self.hover: str | None = None
        self.focus: int | None = None
        self._pressed: str | None = None

    def build_ui(self) -> None:
        """Lay out the menu buttons (in the current language)."""
        x = (1280 - BUTTON_W) // 2
        y = 250
        has_auto = autosave_file() is not None
        items = [
            ("menu.continue", self.on_continue, has_auto, True),
            ("menu.new_game", self.on_new_game, True, False),
            ("menu.load", self.on_load, True, False),
            ("menu.settings", self.on_settings, True, False),
            ("menu.rules", self.on_rules, True, False),
            ("menu.quit", self.app.quit, True, False),
        ]
        self.buttons = {}
        for key, fn, enabled, primary in items:
            self.buttons[key] = MenuButton(pygame.Rect(x, y, BUTTON_W, BUTTON_H), t(key), fn, enabled, primary,
                                           "" if enabled else t("menu.continue_none"))
            y += BUTTON_H + GAP

    # --- actions ---------------------------------------------------------------------------
    def on_continue(self) -> None:
        """Resume the autosave exactly where it was left (a damaged one asks first: open its backup or cancel)."""
        from game.scenes.dialogs import MessageScene
        from game.scenes.load import open_or_ask

        path = autosave_file()
        if path is None:
            return
        try:
            open_or_ask(self.app, path)
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

    # --- input ------------------------------------------------------------------------------
    def _at(self, pos: tuple[int, int]) -> str | None:
        return next((k for k, b in self.buttons.items() if b.rect.collidepoint(pos)), None)

    def _activate(self, key: str | None) -> None:
        b = self.buttons.get(key or "")
        if b is not None and b.is_enabled:
            self.app.play_sound("click")
            b.on_click()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Mouse hover and click; Up/Down/Tab move the focus, Enter activates it."""
        keys = list(self.buttons)
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self._at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = self._at(event.pos)
            pressed, self._pressed = self._pressed, None
            if hit is not None and hit == pressed:
                self._activate(hit)
        elif event.type == pygame.KEYDOWN and keys:
            enabled = [i for i, k in enumerate(keys) if self.buttons[k].is_enabled]
            if event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP) and enabled:
                step = -1 if event.key == pygame.K_UP else 1
                cur = self.focus if self.focus in enabled else (enabled[0] - step if step > 0 else enabled[0])
                self.focus = enabled[(enabled.index(cur) + step) % len(enabled)] if cur in enabled \
                    else enabled[0]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.focus is not None:
                    self._activate(keys[self.focus])
                elif self.buttons["menu.continue"].is_enabled:
                    self._activate("menu.continue")

    def notices(self) -> list[str]:
        """Return the start-up notices: a settings file that could not be used, another running copy."""
        out = []
        if getattr(self.app, "settings_problem", None):
            out.append(t("menu.settings_reset"))
        if getattr(self.app, "other_copy", False):
            out.append(t("menu.other_copy"))
        return out

    def _draw_notices(self, surface: pygame.Surface) -> None:
        """Draw the notices between the buttons and the bottom edge, one line each (smaller text when long)."""
        images = []
        for text in self.notices():
            img = fonts.render(text, 15, theme.TEXT)
            if img.get_width() > 980:
                img = fonts.render(text, max(8, round(15 * 980 / img.get_width())), theme.TEXT)
            images.append(img)
        if not images:
            return
        y = 646
        strip = pygame.Rect(140, y - 4, 1000, sum(i.get_height() for i in images) + 8)
        pygame.draw.rect(surface, theme.WOOD_DARK, strip, border_radius=8)
        pygame.draw.rect(surface, theme.RED, strip, 1, border_radius=8)
        for img in images:
            surface.blit(img, ((1280 - img.get_width()) // 2, y))
            y += img.get_height()

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table, the emblem, the title and the buttons."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        w = surface.get_width()
        draw.panel(surface, ((w - 560) // 2, 24, 560, 206), "wood", radius=16)
        emblem = draw.svg("menu/emblem.svg", (76, 76))
        if emblem is not None:
            surface.blit(emblem, ((w - emblem.get_width()) // 2, 34))
        logo = max(8, round(44 / fonts.text_scale()))  # the title is the logo: the same at every text size
        title = fonts.render(t("app.title"), logo, theme.BRASS_LIGHT, bold=True)
        shadow = fonts.render(t("app.title"), logo, (20, 12, 6), bold=True)
        tx = (w - title.get_width()) // 2
        surface.blit(shadow, (tx + 2, 114))
        surface.blit(title, (tx, 112))
        sub = fonts.render(t("app.subtitle"), 17, theme.TEXT_MUTED, italic=True)
        if sub.get_width() > 540:
            sub = fonts.render(t("app.subtitle"), max(8, round(17 * 540 / sub.get_width())), theme.TEXT_MUTED,
                               italic=True)
        surface.blit(sub, ((w - sub.get_width()) // 2, max(180, min(226 - sub.get_height(), 112 + title.get_height()))))
        for i, (key, b) in enumerate(self.buttons.items()):
            b.draw(surface, hovered=key == self.hover and b.is_enabled, focused=self.focus == i)
        hover = self.buttons.get(self.hover or "")
        if hover is not None and hover.hint:
            hint = fonts.render(hover.hint, 15, theme.TEXT_MUTED, italic=True)
            surface.blit(hint, hint.get_rect(midleft=(hover.rect.right + 14, hover.rect.centery)))
        self._draw_notices(surface)
        foot = fonts.render("F11 · Esc · F1", 13, theme.TEXT_MUTED)
        surface.blit(foot, (w - foot.get_width() - 16, 720 - foot.get_height() - 10))
