"""The rules reference: pick a ruleset (tabs) and read its reference.toml sections."""

from __future__ import annotations

import html
import logging
from typing import Any

import pygame

from game.app import draw
from game.app.scene import Scene
from game.engine.i18n import t
from game.scenes import load_reference, ruleset_name

log = logging.getLogger(__name__)

#: section buttons that fit the column above Back (rows shrink from 40 to 28 px as they get more)
MAX_SECTIONS = 16


class RulesScene(Scene):
    """Tabs of rulesets on top, sections on the left, the section's text on the right."""

    name = "rules"

    def __init__(self, app: Any, ruleset_id: str | None = None) -> None:
        super().__init__(app)
        from game.engine.registry import ruleset_ids

        self.ids = ruleset_ids()
        if ruleset_id and ruleset_id not in self.ids:
            self.ids.append(ruleset_id)
        self.current = ruleset_id or (self.ids[0] if self.ids else None)
        self.section = 0

    def _sections(self) -> tuple[list[tuple[str, str]], str | None]:
        if self.current is None:
            return [], None
        try:
            return load_reference(self.current), None
        except ValueError as exc:
            log.warning("rules reference of %s: %s", self.current, exc)
            return [], str(exc)

    def build_ui(self) -> None:
        """Create the tabs, the section list and the text."""
        self.label((40, 16, 600, 48), t("rules.title"), "#heading_label")
        n = max(1, len(self.ids))
        tab_w = min(300 if self.app.settings.text_scale > 1.05 else 220, (1200 - 8 * (n - 1)) // n)
        for i, rid in enumerate(self.ids):
            self.button((40 + i * (tab_w + 8), 70, tab_w, 40), ruleset_name(rid), lambda r=rid: self.pick(r),
                        object_id="#selected_button" if rid == self.current else "#tab_button")
        sections, error = self._sections()
        self.section = min(self.section, max(0, len(sections) - 1))
        y = 126
        shown = sections[:MAX_SECTIONS]
        row_h = min(40, (510 - 4 * (len(shown) - 1)) // max(1, len(shown)))  # all rows above the Back button
        for i, (title, _body) in enumerate(shown):
            self.button((40, y, 350, row_h), title or f"{i + 1}", lambda i=i: self.pick_section(i),
                        object_id="#selected_button" if i == self.section else None,
                        tooltip=html.escape(title) if title else None)
            y += row_h + 4
        if error:
            text = html.escape(t("rules.broken", msg=error))
        elif not sections:
            text = html.escape(t("rules.none"))
        else:
            title, body = sections[self.section]
            paras = "<br><br>".join(html.escape(p.strip()).replace("\n", " ") for p in body.split("\n\n") if p.strip())
            px = round(21 * self.app.settings.text_scale)  # a heading that follows the text size setting
            text = f"<font pixel_size={px}><b>{html.escape(title)}</b></font><br><br>{paras}"
            if len(sections) > MAX_SECTIONS:  # more sections than buttons: show the rest below
                for extra_title, extra_body in sections[MAX_SECTIONS:]:
                    text += f"<br><br><b>{html.escape(extra_title)}</b><br>{html.escape(extra_body)}"
        self.textbox((404, 126, 836, 510), text, "#parchment_box")
        self.button((40, 650, 180, 46), t("common.back"), self.app.pop)

    def pick(self, ruleset_id: str) -> None:
        """Show another ruleset's rules."""
        self.current = ruleset_id
        self.section = 0
        self.rebuild_ui()

    def pick_section(self, index: int) -> None:
        """Show one section."""
        self.section = index
        self.rebuild_ui()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons; Esc or F1 closes."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
