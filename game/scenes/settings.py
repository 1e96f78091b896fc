"""The settings screen: language, fullscreen, animation speed, bot pace, volume and
mute, colour-blind-safe palette, text size. Every change applies live and is saved.
"""

from __future__ import annotations

import copy
from typing import Any, Callable, Sequence

import pygame

from game.app import draw
from game.app.scene import Scene
from game.app.settings import ANIM_SPEEDS, BOT_PACES, TEXT_SIZES, save_settings, settings_path
from game.engine.i18n import LANGUAGES, t


def _num(x: float) -> str:
    return f"{x:g}"


class SettingsScene(Scene):
    """One row per setting, each a set of choice buttons (the current one highlighted)."""

    name = "settings"

    def build_ui(self) -> None:
        """Create the rows."""
        import pygame_gui

        s = self.app.settings
        self.label((40, 16, 600, 48), t("settings.title"), "#heading_label")
        y = 84
        self._row(y, "settings.language", [(t(f"language_name.{c}_name"), c) for c in LANGUAGES], s.language,
                  lambda v: self.change("language", v))
        y += 62
        onoff = [(t("common.off"), False), (t("common.on"), True)]
        self._row(y, "settings.fullscreen", onoff, s.fullscreen, lambda v: self.change("fullscreen", v))
        y += 62
        self._row(y, "settings.animation_speed", [(t("settings.times", x=_num(v)), v) for v in ANIM_SPEEDS],
                  s.animation_speed, lambda v: self.change("animation_speed", v))
        y += 62
        self._row(y, "settings.bot_pace", [(t("settings.seconds", s=_num(v)), v) for v in BOT_PACES],
                  s.bot_pace, lambda v: self.change("bot_pace", v))
        y += 62
        self.label((60, y, 420, 44), t("settings.volume"))
        self.slider = self.add(pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(480, y + 4, 360, 36), int(round(s.volume * 100)), (0, 100), manager=self.app.manager))
        self.vol_label = self.label((850, y, 90, 44), t("settings.percent", p=int(round(s.volume * 100))))
        self.button((950, y, 200, 44), f"{t('settings.mute')}: {t('common.on') if s.muted else t('common.off')}",
                    lambda: self.change("muted", not s.muted),
                    object_id="#selected_button" if s.muted else None)
        y += 62
        self._row(y, "settings.colorblind", onoff, s.colorblind, lambda v: self.change("colorblind", v))
        y += 62
        self._row(y, "settings.text_size", [(t(f"text_size.{k}"), k) for k in TEXT_SIZES], s.text_size,
                  lambda v: self.change("text_size", v))
        y += 70
        self.label((60, y, 1160, 30), t("settings.where", path=str(settings_path())), "#muted_label")
        self.button((40, 650, 180, 46), t("common.back"), self.app.pop)

    def _row(self, y: int, key: str, options: Sequence[tuple[str, Any]], current: Any,
             on_pick: Callable[[Any], None]) -> None:
        self.label((60, y, 420, 44), t(key))
        x = 480
        w = min(170, (760 - 8 * (len(options) - 1)) // max(1, len(options)))
        for text, value in options:
            self.button((x, y, w, 44), text, lambda v=value: on_pick(v),
                        object_id="#selected_button" if value == current else None)
            x += w + 8

    def change(self, field: str, value: Any) -> None:
        """Change one setting and apply everything live."""
        old = copy.copy(self.app.settings)
        setattr(self.app.settings, field, value)
        self.app.apply_settings(old)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons, the volume slider; Esc goes back."""
        import pygame_gui

        if self.handle_ui_event(event):
            return
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            vol = max(0, min(100, int(event.value))) / 100.0
            self.app.settings.volume = vol
            self.vol_label.set_text(t("settings.percent", p=int(round(vol * 100))))
            self.app.apply_audio()
            try:
                save_settings(self.app.settings)
            except OSError:
                pass
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table and the panel behind the rows."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        draw.panel(surface, (40, 72, 1200, 560), "wood", radius=12)
