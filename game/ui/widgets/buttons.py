"""Buttons and the action bar: every legal action no region stands for, pass-like ones highlighted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

import pygame

from game.engine.i18n import t
from game.ui import gfx
from game.ui.input import HitRegion, InputRouter

# ------------------------------------------------------------------- buttons


@dataclass
class Button:
    """A clickable button; disabled buttons still show their tooltip, which should say why."""

    rect: pygame.Rect
    label: str
    payload: Any = None
    enabled: bool = True
    tooltip: str | None = None
    size: int = 18
    primary: bool = False
    pressed: float = 0.0
    key: Any = None

    def __post_init__(self) -> None:
        self.rect = pygame.Rect(self.rect)
        if self.key is None:
            self.key = ("button", self.label, repr(self.payload))

    def region(self) -> HitRegion:
        """Return the hit region (illegal when disabled, with the tooltip as the reason)."""
        return HitRegion(self.rect, payload=self.payload, tooltip=self.tooltip, legal=self.enabled,
                         reason=None if self.enabled else (self.tooltip or t("ui.not_allowed")),
                         highlight=False, key=self.key)

    def register(self, router: InputRouter) -> None:
        """Register the button's region."""
        router.add(self.region())

    def draw(self, surface: pygame.Surface, hovered: bool = False) -> None:
        """Draw the button (hover lifts it; disabled is flat and faded)."""
        pal = gfx.palette()
        r = self.rect.copy()
        if self.enabled and hovered:
            r.y -= 2
        if self.enabled:
            gfx.shadow(surface, self.rect, 8, (1, 3) if hovered else (1, 2), blur=3)
        if not self.enabled:
            bg = gfx.lerp_colour(pal.panel_dark, pal.table, 0.25)
        elif self.primary:
            bg = gfx.lerp_colour(pal.accent, pal.ink_light, 0.25 if hovered else 0.0)
        else:
            bg = gfx.lerp_colour(pal.panel, pal.ink_light, 0.5 if hovered else 0.0)
        gfx.rounded_rect(surface, r, bg, 8)
        gfx.rounded_rect(surface, r, pal.accent if (hovered and self.enabled) else pal.edge, 8, 2)
        ink = pal.ink if self.enabled else gfx.lerp_colour(pal.ink_soft, bg, 0.35)
        size = min(self.size, gfx.fit_text_size(self.label, r.w - 12, r.h - 2, self.size, bold=self.primary))
        gfx.text(surface, self.label, r.center, size, ink, "center", bold=self.primary)


#: a row whose buttons would need to shrink below this share of their natural width becomes a column
STACK_WHEN_SHRUNK_BY = 1.5
#: the widest a stacked column grows (pixels)
STACK_MAX_W = 560
#: the narrowest column of a grid of choices (pixels); narrower, the bar keeps its row
GRID_MIN_W = 180


class ActionBar:
    """A centred row of buttons built from (label, payload, enabled, tooltip) tuples."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], items: Iterable[tuple] = (), size: int = 18,
                 gap: int = 10, max_button: int = 260) -> None:
        self.rect = pygame.Rect(rect)
        self.size, self.gap, self.max_button = size, gap, max_button
        self.buttons: list[Button] = []
        self.set_items(items)

    def set_items(self, items: Iterable[tuple]) -> None:
        """Rebuild the buttons; each item is (label, payload[, enabled[, tooltip[, primary]]])."""
        specs = []
        for it in items:
            label, payload = it[0], it[1]
            enabled = bool(it[2]) if len(it) > 2 else True
            tooltip = it[3] if len(it) > 3 else None
            primary = bool(it[4]) if len(it) > 4 else False
            specs.append((str(label), payload, enabled, tooltip, primary))
        self.buttons = []
        if not specs:
            return
        h = self.rect.h
        widths = [min(self.max_button, gfx.text_size(s[0], self.size, s[4])[0] + 36) for s in specs]
        total = sum(widths) + self.gap * (len(widths) - 1)
        column_top = self.rect.y - (len(specs) - 1) * (h + self.gap // 2)
        if len(specs) > 1 and total > self.rect.w * STACK_WHEN_SHRUNK_BY:
            natural = [gfx.text_size(s[0], self.size, s[4])[0] + 36 for s in specs]
            if column_top >= 4:
                self._stack(specs, natural)
                return
            if self._grid(specs, natural):  # no room for one column: two or three side by side
                return
        if total > self.rect.w:  # shrink evenly to fit
            scale = (self.rect.w - self.gap * (len(widths) - 1)) / max(1, sum(widths))
            widths = [max(40, int(w * scale)) for w in widths]
            total = sum(widths) + self.gap * (len(widths) - 1)
        x = self.rect.centerx - total // 2
        for (label, payload, enabled, tooltip, primary), w in zip(specs, widths):
            self.buttons.append(Button(pygame.Rect(x, self.rect.y, w, h), label, payload, enabled, tooltip,
                                       self.size, primary))
            x += w + self.gap

    def _stack(self, specs: list[tuple[str, Any, bool, str | None, bool]], widths: list[int]) -> None:
        """Too many or too long choices for one row: a column of readable buttons rising from the bar.

        The column keeps the bar's right edge and grows to the left up to ``STACK_MAX_W`` so long labels
        ("Ana plays Keen Blade on Brannoc the Wall") stay at the bar's text size instead of shrinking away.
        """
        h = self.rect.h
        w = max(self.rect.w, min(max(widths), STACK_MAX_W))
        x = max(4, self.rect.right - w)
        y = self.rect.y
        for label, payload, enabled, tooltip, primary in reversed(specs):
            self.buttons.append(Button(pygame.Rect(x, y, w, h), label, payload, enabled, tooltip, self.size,
                                       primary))
            y -= h + self.gap // 2
        self.buttons.reverse()

    def _grid(self, specs: list[tuple[str, Any, bool, str | None, bool]], widths: list[int]) -> bool:
        """Too many choices for one column above the bar: columns side by side, rows rising from the bar.

        Sanctuary's prompt bar sits mid-window: seven "uses <ability> on <card>" choices shrank into 40 px
        slivers there. Returns False (the caller keeps a row) when even three columns do not fit above.
        """
        h, gap, n = self.rect.h, self.gap, len(specs)
        for cols in (2, 3):
            rows = -(-n // cols)
            top = self.rect.y - (rows - 1) * (h + gap // 2)
            cw = min(max(widths), STACK_MAX_W, (self.rect.right - 4 - (cols - 1) * gap) // cols)
            if top < 4 or cw < GRID_MIN_W:
                continue
            left = self.rect.right - cols * cw - (cols - 1) * gap
            short = rows * cols - n  # the last row (on the bar) has fewer: they keep the bar's right edge
            for i, (label, payload, enabled, tooltip, primary) in enumerate(specs):
                row, col = divmod(i, cols)
                col += short if row == rows - 1 else 0
                x = left + col * (cw + gap)
                y = top + row * (h + gap // 2)
                self.buttons.append(Button(pygame.Rect(x, y, cw, h), label, payload, enabled, tooltip, self.size,
                                           primary))
            return True
        return False

    @property
    def stacked(self) -> bool:
        """True when the buttons are laid out in rows over other panes (a column, ``_stack``, or ``_grid``)."""
        return len(self.buttons) > 1 and len({b.rect.y for b in self.buttons}) > 1

    def register(self, router: InputRouter) -> None:
        """Register every button's region."""
        for b in self.buttons:
            b.register(router)

    def draw(self, surface: pygame.Surface, router: InputRouter | None = None) -> None:
        """Draw the buttons; the router tells which one is hovered."""
        hovered_key = router.hovered.key if (router is not None and router.hovered is not None) else None
        if self.stacked:  # a column over other panes: an opaque backing so nothing shows through
            pal = gfx.palette()
            back = self.buttons[0].rect.unionall([b.rect for b in self.buttons[1:]]).inflate(12, 12)
            gfx.shadow(surface, back, 10, (2, 4), blur=4)
            gfx.rounded_rect(surface, back, tuple(pal.panel_dark[:3]), 10)
        for b in self.buttons:
            b.draw(surface, hovered=b.key == hovered_key)
