"""The pause menu (Esc in a game): resume, save to a slot, load, undo, rules, settings, quit to menu.

Once the game is over (the player chose "Look at the table" on the result screen) the menu also
leads back to the result and its Rematch button. In a ruleset whose state accepts a concession
(skirmish: ``concede seat=N``, RULES.md) the player deciding now may concede from here.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.app import draw, fonts, theme
from game.app.scene import Scene
from game.engine.i18n import t


class PauseScene(Scene):
    """An overlay over the game scene below."""

    opaque = False
    name = "pause"

    def __init__(self, app: Any, game: Any) -> None:
        super().__init__(app)
        self.game = game

    def build_ui(self) -> None:
        """Create the menu buttons."""
        x, y, w, h = 640 - 170, 178, 340, 48
        over = self._over()
        if over:  # seven rows plus this one: a little tighter
            y, h = 176, 42
        can_undo = False
        if self.game.viewer is not None:
            can_undo = self.game.match.can_undo(self.game.viewer)[0]
        items = [
            ("pause.resume", self.app.pop, "#primary_button", True),
            ("pause.save", self.save, None, True),
            ("menu.load", self.load, None, True),
            ("pause.undo", self.undo, None, can_undo),
            ("pause.rules", self.rules, None, True),
            ("menu.settings", self.settings, None, True),
            ("pause.quit_menu", self.app.go_to_menu, "#danger_button", True),
        ]
        if over:
            items.insert(1, ("pause.back_to_result", self.back_to_result, "#primary_button", True))
        elif self._may_concede():
            items.insert(-1, ("pause.concede", self.concede, "#danger_button", True))
            y, h = 176, 42
        for key, fn, oid, enabled in items:
            self.button((x, y, w, h), t(key), fn, object_id=oid, enabled=enabled)
            y += h + (8 if len(items) > 7 else 10)

    def _over(self) -> bool:
        match = getattr(self.game, "match", None)
        try:
            return bool(match is not None and match.is_over())
        except Exception:  # noqa: BLE001 - a broken match shows the plain menu
            return False

    def _may_concede(self) -> bool:
        """True when the ruleset takes a concession and the player in front decides now."""
        match = getattr(self.game, "match", None)
        viewer = getattr(self.game, "viewer", None)
        try:
            return (match is not None and callable(getattr(match.state, "concede", None)) and viewer is not None
                    and match.to_act() == viewer and not match.is_bot(viewer))
        except Exception:  # noqa: BLE001 - no concession rather than no menu
            return False

    def concede(self) -> None:
        """Give up the fight for the player in front: their side loses (the result screen follows)."""
        from game.engine.actions import Action

        viewer = self.game.viewer
        self.app.pop()
        self.game._apply(Action.of("concede", seat=viewer), viewer)

    def back_to_result(self) -> None:
        """Close the menu and show the result screen again (with its Rematch button)."""
        self.app.pop()
        show = getattr(self.game, "show_result", None)
        if callable(show):
            show()

    def save(self) -> None:
        """Open the slot picker in save mode."""
        from game.scenes.load import LoadScene

        self.app.push(LoadScene(self.app, save_match=self.game.match))

    def load(self) -> None:
        """Open the load screen."""
        from game.scenes.load import LoadScene

        self.app.push(LoadScene(self.app))

    def undo(self) -> None:
        """Resume and undo."""
        self.app.pop()
        self.game.undo()

    def rules(self) -> None:
        """Show the rules of this game."""
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game.match.ruleset_id))

    def settings(self) -> None:
        """Open the settings."""
        from game.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons; Esc resumes."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the game and draw the menu frame."""
        draw.shade(surface, 215)  # parchment panels (the right column) must read as dimmed too
        draw.panel(surface, (640 - 210, 96, 420, 590), "wood", radius=14)
        title = fonts.render(t("pause.title"), 32, theme.BRASS_LIGHT, bold=True)
        surface.blit(title, ((1280 - title.get_width()) // 2, 110))
        fnt = fonts.font(14, italic=True)
        y = 600  # under the last button, inside the frame (wrapped for long translations / large text)
        for line in fonts.wrap(t("pause.autosaved"), fnt, 380)[:3]:
            img = fnt.render(line, True, theme.TEXT_MUTED)
            surface.blit(img, ((1280 - img.get_width()) // 2, y))
            y += fnt.get_linesize()
