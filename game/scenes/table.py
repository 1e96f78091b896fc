"""``TableScene``: the generic game scene for a ruleset without a scene of its own.

It shows the seat's view (``state.view(seat)``) as labelled panels (numbers,
zones, per-seat rows; hidden things say "hidden") and every legal action as a
button, so any ruleset can be played to the end with the mouse. It is plain on
purpose: dedicated scenes replace it ruleset by ruleset.

Labels come from the view's keys; a ruleset can translate them by adding
catalogue keys ``view.<ruleset>.<key>`` (or shared ``view.<key>``).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.i18n import t
from game.scenes.base import PASS_KINDS, RulesetScene
from game.ui import gfx
from game.ui.input import HitRegion, Scroll
from game.ui.widgets import Button, LogPanel

SKIP_KEYS = frozenset({"ruleset", "version", "level", "rng", "seats", "format"})
MAX_ITEMS = 24
INDENT = "\t"  # marks a sub-line (drawn indented)
BUTTON_MARGIN = 8  # room around a cached button for its shadow and hover lift


def _name_of(item: dict[str, Any]) -> str:
    """Return the name-like field of a thing (a card, a unit), or ""."""
    for key in ("name", "title", "card", "label", "id", "kind"):
        v = item.get(key)
        if isinstance(v, (str, int)) and not isinstance(v, bool):
            return str(v).replace("_", " ")
        if isinstance(v, dict) and set(v) <= set(i18n.LANGUAGES) and v:
            return i18n.localize(v)
    return ""


class TableScene(RulesetScene):
    """Any ruleset, as panels of facts and a button per legal action."""

    name = "table"
    board_rect = pygame.Rect(10, 56, 690, 644)
    actions_rect = pygame.Rect(710, 56, 560, 350)
    log_rect = pygame.Rect(710, 414, 560, 286)
    bar_rect = pygame.Rect(710, 700, 560, 0)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        self.log_panel = LogPanel(self.log_rect, title=t("game.log"))
        self.page = 0
        self.scroll = 0
        self._buttons: list[Button] = []
        self._content_h = 0

    # --- labels -----------------------------------------------------------------------------------
    def label_for(self, key: str) -> str:
        """Return a readable, translated label for a view key."""
        for k in (f"view.{self.match.ruleset_id}.{key}", f"view.{key}"):
            if i18n.has(k):
                return t(k)
        return str(key).replace("_", " ").strip().capitalize()

    def fmt(self, value: Any, depth: int = 0) -> str:
        """Return a value in words (None is hidden information)."""
        if value is None:
            return t("table.hidden")
        if isinstance(value, bool):
            return t("table.yes") if value else t("table.no")
        if isinstance(value, str):
            return value.replace("_", " ")
        if isinstance(value, (int, float)):
            return str(value)
        if isinstance(value, dict):
            if set(value) <= set(i18n.LANGUAGES) and value:
                return i18n.localize(value)
            if not value:
                return t("table.empty")
            name = _name_of(value)
            if depth > 1:
                return name or t("table.items", n=len(value))
            parts = [f"{self.label_for(str(k))}: {self.fmt(v, depth + 1)}" for k, v in list(value.items())[:10]]
            more = len(value) - 10
            return ", ".join(parts) + (f", {t('game.more', n=more)}" if more > 0 else "")
        if isinstance(value, (list, tuple)):
            if not value:
                return t("table.empty")
            if depth > 2:
                return t("table.items", n=len(value))
            items = [self.fmt(v, depth + 1) for v in value[:MAX_ITEMS]]
            more = len(value) - MAX_ITEMS
            return ", ".join(items) + (f" {t('game.more', n=more)}" if more > 0 else "")
        return str(value)

    def seat_lines(self, i: int, value: Any) -> list[str]:
        """Return the lines of one seat's entry (a dict becomes one line per field)."""
        name = self.seat_name(i)
        if i == self.match.to_act():
            name = f"» {name}"
        if isinstance(value, dict) and value and not set(value) <= set(i18n.LANGUAGES):
            return [f"{name}:"] + [f"{INDENT}{self.label_for(str(k))}: {self.fmt(v, 1)}" for k, v in value.items()]
        return [f"{name}: {self.fmt(value, 1)}"]

    def sections(self, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
        """Turn the view into (title, lines) panels."""
        n_seats = len(self.match.seats)
        general: list[str] = []
        out: list[tuple[str, list[str]]] = []
        for key, value in view.items():
            if key in SKIP_KEYS:
                continue
            label = self.label_for(key)
            if isinstance(value, (list, tuple)) and len(value) == n_seats and n_seats > 1:
                out.append((label, [line for i, v in enumerate(value) for line in self.seat_lines(i, v)]))
            elif isinstance(value, dict) and value and not set(value) <= set(i18n.LANGUAGES):
                keys = list(value)
                if all(str(k).isdigit() and int(k) < n_seats for k in keys) and n_seats > 1:
                    lines = [line for k, v in value.items() for line in self.seat_lines(int(k), v)]
                else:
                    lines = [f"{self.label_for(str(k))}: {self.fmt(v, 1)}" for k, v in list(value.items())[:MAX_ITEMS]]
                out.append((label, lines))
            elif isinstance(value, (list, tuple)) and value and all(isinstance(v, dict) for v in value):
                out.append((label, [self.fmt(v, 1) for v in value[:MAX_ITEMS]]
                            + ([t("game.more", n=len(value) - MAX_ITEMS)] if len(value) > MAX_ITEMS else [])))
            elif value is None or value == "":
                general.append(f"{label}: —")
            elif key == "phase":
                general.append(f"{label}: {self.phase_text(view) or self.fmt(value)}")
            else:
                general.append(f"{label}: {self.fmt(value)}")
        title = f"{self.match.level.title()} · {t('game.view_of', name=self.seat_name(self.viewer))}" \
            if self.viewer is not None else self.match.level.title()
        return [(title, general)] + out

    # --- hooks -----------------------------------------------------------------------------------
    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        """One button per legal action (paged when there are many), plus the page arrows."""
        r = self.actions_rect
        top = r.y + 40
        acting = self.can_act()
        actions = legal if acting else []
        labels = [self.describe(a) for a in actions]
        cols = 2
        bw = (r.w - 30 - 10 * (cols - 1)) // cols
        layout_key = (self._cache_key, self.lang, gfx.text_scale(), acting)
        if layout_key != self._layout_key:
            self._layout_key = layout_key
            self._one_column = any(gfx.text_size(lb, 15)[0] > bw - 16 for lb in labels)
        if self._one_column:
            cols, bw = 1, r.w - 30
        bh = 38
        rows = (r.bottom - 50 - top) // (bh + 8)
        per_page = rows * cols
        pages = max(1, (len(actions) + per_page - 1) // per_page)
        self.page = min(self.page, pages - 1)
        first = self.page * per_page
        shown = actions[first:first + per_page]
        self._buttons = []
        regions: list[HitRegion] = []
        for i, a in enumerate(shown):
            x = r.x + 15 + (i % cols) * (bw + 10)
            y = top + (i // cols) * (bh + 8)
            b = Button(pygame.Rect(x, y, bw, bh), labels[first + i], a, True, None, 15, a.kind in PASS_KINDS,
                       key=("act", a.key))
            self._buttons.append(b)
            regions.append(HitRegion(b.rect, a, tooltip=self.rule_hint(a), highlight=False, key=b.key))
        self._pages = pages
        if pages > 1:
            prev_b = Button(pygame.Rect(r.x + 15, r.bottom - 46, 120, 36), "«", "page-", self.page > 0, size=16,
                            key="page-")
            next_b = Button(pygame.Rect(r.right - 135, r.bottom - 46, 120, 36), "»", "page+",
                            self.page < pages - 1, size=16, key="page+")
            self._buttons += [prev_b, next_b]
            regions += [HitRegion(prev_b.rect, "page-", highlight=False, key="page-"),
                        HitRegion(next_b.rect, "page+", highlight=False, key="page+")]
        regions.insert(0, HitRegion(self.board_rect, "board", highlight=False, key="board"))
        return regions

    def on_click(self, payload: Any) -> None:
        """Page arrows turn pages; actions are played."""
        if payload == "page-":
            self.page = max(0, self.page - 1)
        elif payload == "page+":
            self.page = min(getattr(self, "_pages", 1) - 1, self.page + 1)
        elif payload == "board":
            return
        else:
            super().on_click(payload)

    def on_intent(self, intent: Any) -> None:
        """The wheel over the panels scrolls them."""
        if isinstance(intent, Scroll) and intent.payload == "board":
            self.scroll = max(0, min(max(0, self._content_h - self.board_rect.h + 20), self.scroll - 40 * intent.dy))
            return
        super().on_intent(intent)

    def _apply(self, action: Action, seat: int | None) -> bool:
        self.page = 0
        return super()._apply(action, seat)

    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the view as panels and the action buttons."""
        pal = gfx.palette()
        area = self.board_rect
        content = self._panels(view)
        self._content_h = content.get_height()
        self.scroll = max(0, min(self.scroll, max(0, self._content_h - area.h + 20)))
        surface.blit(content, area.topleft, pygame.Rect(0, self.scroll, area.w, area.h))
        if self._content_h > area.h:  # a scroll bar says there is more (the wheel scrolls)
            track = pygame.Rect(area.right - 7, area.y + 4, 5, area.h - 8)
            pygame.draw.rect(surface, pal.panel_dark, track, border_radius=3)
            knob_h = max(24, track.h * area.h // self._content_h)
            top = track.y + (track.h - knob_h) * self.scroll // max(1, self._content_h - area.h + 20)
            pygame.draw.rect(surface, pal.accent, (track.x, min(top, track.bottom - knob_h), 5, knob_h),
                             border_radius=3)
        # the choices panel: its frame and every button (plain and hovered) are cached surfaces
        r = self.actions_rect
        seat = self.match.to_act()
        hovered = self.router.hovered.key if self.router.hovered is not None else None
        key = (self._cache_key, self.lang, gfx.text_scale(), pal.name, self.page, self.can_act(),
               self._bot_job is not None, getattr(self, "_pages", 1))
        if key != self._choices_key or self._choices_surf is None:
            panel = pygame.Surface(r.size, pygame.SRCALPHA)
            gfx.panel(panel, pygame.Rect(0, 0, r.w, r.h), radius=8)
            if self.can_act():
                head = t("game.actions")
            elif seat is None:
                head = t("result.title")
            elif self.match.is_bot(seat):
                head = t("game.bot_thinking", name=self.seat_name(seat))
            else:
                head = t("game.waiting_for", name=self.seat_name(seat))
            gfx.text(panel, head, (14, 10), 17, pal.ink, bold=True)
            if getattr(self, "_pages", 1) > 1:
                gfx.text(panel, f"{self.page + 1} / {self._pages}", (r.w // 2, r.h - 28), 15, pal.ink, "center")
            gfx.text(panel, t("game.keys"), (r.w - 12, 12), 12, pal.ink_soft, "topright")
            if pygame.display.get_surface() is not None:
                panel = panel.convert_alpha()
            self._choices_key, self._choices_surf = key, panel
            self._button_cache = {}
        surface.blit(self._choices_surf, r.topleft)
        for b in self._buttons:
            img = self._button_image(b, b.key == hovered)
            surface.blit(img, (b.rect.x - BUTTON_MARGIN, b.rect.y - BUTTON_MARGIN))

    def _button_image(self, b: Button, hovered: bool) -> pygame.Surface:
        """Return a button drawn once (with its shadow) for the plain or hovered state."""
        k = (b.key, b.label, b.enabled, b.primary, b.rect.size, hovered)
        img = self._button_cache.get(k)
        if img is None:
            m = BUTTON_MARGIN
            img = pygame.Surface((b.rect.w + 2 * m, b.rect.h + 2 * m), pygame.SRCALPHA)
            Button(pygame.Rect(m, m, b.rect.w, b.rect.h), b.label, b.payload, b.enabled, b.tooltip, b.size,
                   b.primary, key=b.key).draw(img, hovered=hovered)
            if pygame.display.get_surface() is not None:
                img = img.convert_alpha()
            self._button_cache[k] = img
        return img

    _button_cache: dict = {}
    _choices_key: tuple | None = None
    _choices_surf: pygame.Surface | None = None

    def _panels(self, view: dict[str, Any]) -> pygame.Surface:
        """Return every panel drawn on one tall surface, redrawn only when the view or the look changes."""
        pal = gfx.palette()
        key = (self._cache_key, self.lang, gfx.text_scale(), pal.name, self.match.to_act())
        if key == self._panels_key and self._panels_surf is not None:
            return self._panels_surf
        width = self.board_rect.w
        lh = gfx.line_height(15)
        blocks = []
        total = 0
        for title, lines in self.sections(view):
            wrapped: list[tuple[int, str]] = []
            for line in lines:
                indent = 22 if line.startswith(INDENT) else 0
                wrapped += [(indent, w) for w in gfx.wrap(line.lstrip(INDENT), 15, width - 32 - indent)]
            h = 40 + lh * max(1, len(wrapped)) + 10
            blocks.append((title, wrapped, h))
            total += h + 10
        surf = pygame.Surface((width, max(1, min(total, 12000))), pygame.SRCALPHA)
        y = 0
        for title, wrapped, h in blocks:
            if y >= surf.get_height():
                break
            rect = pygame.Rect(0, y, width, h)
            gfx.panel(surf, rect, radius=8)
            gfx.text(surf, title, (14, y + 8), 17, pal.ink, bold=True)
            ly = y + 36
            for indent, line in wrapped or [(0, t("table.empty"))]:
                gfx.text(surf, line, (16 + indent, ly), 15, pal.ink_soft if indent else pal.ink)
                ly += lh
            y += h + 10
        if pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        self._panels_key, self._panels_surf = key, surf
        return surf

    _layout_key: tuple | None = None
    _one_column = False
    _panels_key: tuple | None = None
    _panels_surf: pygame.Surface | None = None

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The table view has no separate action bar (every action is a button)."""
