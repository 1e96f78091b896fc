"""The rules reference: pick a ruleset (tabs) and read its reference.toml sections.

A section's text may name a level field in braces (``{xp_per_level}``): opened from a game, the
number is that game's level's; from the menu, the ruleset's default (``fill_level_numbers``).
"""

from __future__ import annotations

import html
import logging
import re
from typing import Any

import pygame

from game.app import draw
from game.app.scene import Scene
from game.engine.i18n import t
from game.scenes import load_reference, ruleset_name, ruleset_tagline

log = logging.getLogger(__name__)

#: section buttons that fit the column above Back (rows shrink from 40 to 28 px as they get more)
MAX_SECTIONS = 16


_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def fill_level_numbers(text: str, ruleset_id: str | None, level: Any = None) -> str:
    """Put a level's numbers into ``{field}`` places: the level's value, else the ruleset's default."""
    model = getattr(level, "model", None)
    fields: dict[str, Any] = {}
    if ruleset_id:
        try:
            from game.engine.registry import get_ruleset

            lm = get_ruleset(ruleset_id).level_model
            fields = dict(getattr(lm, "model_fields", {}) or {})
        except Exception as exc:  # noqa: BLE001 - an unknown ruleset leaves the text as it is
            log.debug("level model of %s: %s", ruleset_id, exc)

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        if model is not None and isinstance(getattr(model, name, None), (int, str)):
            return str(getattr(model, name))
        info = fields.get(name)
        default = getattr(info, "default", None)
        return str(default) if isinstance(default, (int, str)) else m.group(0)

    return _FIELD.sub(one, text)


def gist(body: str, limit: int = 140) -> str:
    """The first sentence of a section (a button's tooltip says what the section is about, not its title)."""
    text = " ".join(body.split())
    m = re.search(r"(?<=[.!?:;])\s", text)
    first = text[:m.start()] if m else text
    return first if len(first) <= limit else first[:limit - 1].rstrip() + "…"


def _match_level(app: Any, ruleset_id: str | None) -> Any:
    """The level of the game under this screen, when one of that ruleset is open."""
    for scene in reversed(list(getattr(app, "stack", []) or [])):
        match = getattr(scene, "match", None)
        if match is not None and getattr(match, "ruleset_id", None) == ruleset_id:
            return getattr(match, "level", None)
    return None


class RulesScene(Scene):
    """Tabs of rulesets on top, sections on the left, the section's text on the right."""

    name = "rules"

    def __init__(self, app: Any, ruleset_id: str | None = None, level: Any = None) -> None:
        super().__init__(app)
        from game.engine.registry import ruleset_ids

        self.ids = ruleset_ids()
        if ruleset_id and ruleset_id not in self.ids:
            self.ids.append(ruleset_id)
        self.current = ruleset_id or (self.ids[0] if self.ids else None)
        self.section = 0
        self.level = level if level is not None else _match_level(app, self.current)
        self.pictures: list[str] = []
        self.drawn_pictures = 0

    def sections(self) -> tuple[list[tuple[str, str]], str | None]:
        """The rules text as (title, body) sections with this game's numbers, and an error line if any."""
        if self.current is None:
            return [], None
        try:
            level = self.level if self.level is not None and getattr(self.level, "ruleset", None) == self.current \
                else None
            out = [(title, fill_level_numbers(body, self.current, level))
                   for title, body in load_reference(self.current)]
            notes = self._level_notes(level)
            if out and notes:  # the game's level is a variant (a round limit): its first section says so
                out[0] = (out[0][0], out[0][1] + "\n\n" + t("rules.this_level", notes=" · ".join(notes)))
            return out, None
        except ValueError as exc:
            log.warning("rules reference of %s: %s", self.current, exc)
            return [], str(exc)

    def build_ui(self) -> None:
        """Create the tabs, the section list and the text."""
        self.label((40, 16, 600, 48), t("rules.title"), "#heading_label")
        n = max(1, len(self.ids))
        tab_w = min(300 if self.app.settings.text_scale > 1.05 else 220, (1200 - 8 * (n - 1)) // n)
        for i, rid in enumerate(self.ids):
            oid = "#selected_button" if rid == self.current else "#tab_button"
            self._whole_button((40 + i * (tab_w + 8), 70, tab_w, 40), ruleset_name(rid), lambda r=rid: self.pick(r),
                               oid, oid + "_small",
                               html.escape(t("rules.tip.tab", name=ruleset_name(rid), tagline=ruleset_tagline(rid))))
        sections, error = self.sections()
        self.section = min(self.section, max(0, len(sections) - 1))
        y = 126
        shown = sections[:MAX_SECTIONS]
        row_h = min(40, (510 - 4 * (len(shown) - 1)) // max(1, len(shown)))  # all rows above the Back button
        for i, (title, body) in enumerate(shown):
            sel = i == self.section
            self._whole_button((40, y, 350, row_h), title or f"{i + 1}", lambda i=i: self.pick_section(i),
                               "#selected_button" if sel else None, "#selected_button_small" if sel else "#section_small",
                               html.escape(t("rules.tip.section", gist=gist(body))) if body.strip() else None)
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
        self.pictures = self._pictures() if sections and not error else []
        self.textbox((404, 126, 836, 370 if self.pictures else 510), text, "#parchment_box")
        self.button((40, 650, 180, 46), t("common.back"), self.app.pop)

    def _whole_button(self, rect: tuple[int, int, int, int], text: str, on_click: Any, oid: str | None,
                      small: str, tooltip: str | None) -> Any:
        """A tab or section button; where its words would be cut ("Bolsa de la Mazmo…" at large text), the same
        button with the theme's smaller face (``<id>_small``, ``#section_small``)."""
        b = self.button(rect, text, on_click, object_id=oid, tooltip=tooltip)
        if b.text != text:
            b.kill()
            self.elements.remove(b)
            self._callbacks.pop(b, None)
            b = self.button(rect, text, on_click, object_id=small, tooltip=tooltip)
        return b

    def _level_notes(self, level: Any) -> list[str]:
        """The variant rules of the game's level (``Ruleset.level_notes``), [] from the menu."""
        if level is None or self.current is None:
            return []
        try:
            from game.engine.registry import get_ruleset

            return list(get_ruleset(self.current).level_notes(level))
        except Exception as exc:  # noqa: BLE001 - no note rather than no rules screen
            log.warning("level_notes: %s", exc)
            return []

    def _pictures(self) -> list[str]:
        """The current section's pictures (``pictures`` in reference.toml)."""
        from game.scenes.rules_pictures import section_pictures

        if self.current is None:
            return []
        pics = section_pictures(self.current)
        return pics[self.section] if self.section < len(pics) else []

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
        """Draw the table, and under the text the pictures of what the section talks about."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        self.drawn_pictures = 0
        if self.pictures and self.current is not None:
            from game.scenes.rules_pictures import draw_strip

            self.drawn_pictures = draw_strip(surface, pygame.Rect(404, 504, 836, 132), self.current, self.pictures)
