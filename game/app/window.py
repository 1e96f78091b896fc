"""The window part of the App: opening the 1280x720 canvas (SCALED, fullscreen when the desktop is small), the icon,
fullscreen switching and the pygame_gui manager made on first use."""

from __future__ import annotations

import logging
import warnings
from typing import Any

import pygame

from game.app.settings import Settings
from game.engine import paths

log = logging.getLogger(__name__)

LOGICAL_SIZE = (1280, 720)


class WindowMixin:
    """Mixin of ``App``: the window, fullscreen and the widgets manager."""

    settings: Settings
    headless: bool
    _manager: Any

    # --- window ------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.headless:
            return pygame.display.set_mode(LOGICAL_SIZE)
        flags = pygame.SCALED | pygame.RESIZABLE
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            screen = pygame.display.set_mode(LOGICAL_SIZE, flags)
        if not self.settings.fullscreen and not self._window_fits():
            log.info("desktop %s too small for a 1280x720 window: starting in fullscreen",
                     pygame.display.get_desktop_sizes()[:1])
            self.settings.fullscreen = True  # in memory: the Settings screen shows it, F11 leaves it
        if self.settings.fullscreen:
            self._toggle_fullscreen()
        return screen

    @staticmethod
    def _window_fits() -> bool:
        """True unless the desktop is too small for a 1280x720 window with its frame and a taskbar
        (a 1366x768 laptop): SDL's SCALED window cannot shrink below the canvas (it scales by whole
        numbers when windowed), so such screens start in fullscreen, which scales to fit."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except (pygame.error, AttributeError):
            return True
        if not sizes:
            return True
        dw, dh = sizes[0]
        return dw >= LOGICAL_SIZE[0] + 16 and dh >= LOGICAL_SIZE[1] + 72

    def _set_icon(self) -> None:
        icon = paths.assets_dir() / "icon.svg"
        try:
            if icon.exists():
                pygame.display.set_icon(pygame.image.load_sized_svg(str(icon), (64, 64)))
        except (pygame.error, AttributeError) as exc:  # pragma: no cover - cosmetic
            log.warning("icon: %s", exc)

    def _toggle_fullscreen(self) -> None:
        if self.headless:
            return
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            log.warning("fullscreen toggle failed: %s", exc)

    def is_fullscreen(self) -> bool:
        """True when the window covers the screen."""
        if self.headless:
            return self.settings.fullscreen
        return bool(pygame.display.get_surface().get_flags() & pygame.FULLSCREEN) or \
            pygame.display.is_fullscreen()

    def set_fullscreen(self, on: bool) -> None:
        """Switch between window and fullscreen."""
        if on != self.is_fullscreen():
            self._toggle_fullscreen()
        self.settings.fullscreen = on

    @property
    def manager(self) -> Any:
        """The pygame_gui UIManager, made on first use (the menu's first frame does without it)."""
        if self._manager is None:
            self._manager = self._new_manager()
        return self._manager

    def _new_manager(self) -> Any:
        import pygame_gui

        from game.app.theme import theme_dict

        warnings.filterwarnings("ignore", message="Finding font with id", category=UserWarning)
        manager = pygame_gui.UIManager(LOGICAL_SIZE, theme_dict(self.settings.text_scale),
                                       enable_live_theme_updates=False)
        return manager
