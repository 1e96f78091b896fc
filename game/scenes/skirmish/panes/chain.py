"""The chain pane: the reaction chain drawn as a stack under the menu (the first declared at the bottom,
the newest on top, reactions tinted), each entry's whole words on hover, and resolved entries sliding
off as ghosts.

The pane keeps the words of the entries as they were declared, so the one that resolves can still be
shown leaving after the rules removed it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.skirmish.views import ChainEntry, SkirmishView
from game.scenes.skirmish.panes.common import ChainRef, SkirmishPane, entry_text, line_size
from game.ui import anim, gfx
from game.ui import text as uitext
from game.ui.input import HitRegion


@dataclass
class Ghost:
    """A chain entry that just resolved, sliding off the stack."""

    text: str
    slot: int
    alpha: float = 1.0
    lift: float = 0.0


#: the size of an entry's words when it takes two lines
ENTRY_SIZE = 10
#: the height the detail card under the chain keeps when long entries take a second line (portrait, name,
#: stats and a few parts)
DETAIL_KEEP = 150
#: the most lines one entry takes (an attack on several targets names them all)
MAX_LINES = 3


class ChainPane(SkirmishPane):
    """The chain box (see the module docstring); it sits under the menu pane."""

    name = "chain"

    def __init__(self, scene: Any, menu: Any, view: SkirmishView | None = None) -> None:
        super().__init__(scene)
        self.menu = menu
        self.ghosts: list[Ghost] = []
        self.texts: list[str] = []
        if view is not None:
            self.sync(view)

    def sync(self, view: SkirmishView) -> None:
        """Take the entries' words from the view (after events, after undo)."""
        self.texts = [entry_text(view, e, self.lang) for e in view.chain]

    # ----------------------------------------------------------------- geometry
    @staticmethod
    def metrics() -> tuple[int, int]:
        """The chain box's heading height and the height of one entry, from the real line heights."""
        return gfx.line_height(12, True) + 8, gfx.line_height(11) + 6

    @classmethod
    def height(cls, n: int) -> int:
        """Height of the chain box for ``n`` entries (at most 176 px: the menu keeps 120 above it)."""
        head, slot = cls.metrics()
        return min(176, head + max(1, n) * (slot + 2) + 6)

    @staticmethod
    def slot(rect: pygame.Rect, i: int, n: int, head: int = 20, slot: int = 20) -> pygame.Rect | None:
        """Where chain entry ``i`` of ``n`` goes: the first declared sits at the bottom, the newest on top."""
        y = rect.bottom - 6 - (slot + 2) * (i + 1) + 2
        if y < rect.y + head:
            return None
        return pygame.Rect(rect.x + 8 + 4 * i, y, rect.w - 16 - 4 * i, slot)

    def box(self, view: SkirmishView) -> pygame.Rect | None:
        """The chain box under the menu (None with no chain and no ghosts); taller by the second lines of
        entries too long for one (``entry_lines``)."""
        if not view.chain and not self.ghosts:
            return None
        centre = self.geo.centre
        extra = sum(len(x) - 1 for x in self.entry_lines(view)) * gfx.line_height(ENTRY_SIZE)
        return pygame.Rect(centre.x, self.menu.bottom(view) + 4, centre.w, self.height(len(view.chain)) + extra)

    def entry_lines(self, view: SkirmishView) -> list[list[str]]:
        """Each entry's lines: one, or two (or up to ``MAX_LINES``) where its words do not fit one line at 10 and the box (with its
        other entries) stays within 176 px or leaves the detail card under it ``DETAIL_KEEP`` px (issue 15:
        "…: Fendente » Gnarl atta…", "1. Vanguardia Votohierro: Tajo » Gólem de piedr…"); else one line, cut."""
        head, slot = self.metrics()
        width = self.geo.centre.w - 16 - 16 - 4 * max(0, len(view.chain) - 1)
        box_h = self.height(len(view.chain))
        free = self.geo.ground.y - 6 - (self.menu.bottom(view) + 4 + box_h)  # down to the ground strip
        room = min(free, max(176 - box_h, free - DETAIL_KEEP))
        lh = gfx.line_height(ENTRY_SIZE)
        out: list[list[str]] = []
        for i, e in enumerate(view.chain):
            text = f"{i + 1}. {entry_text(view, e, self.lang)}"
            one = uitext.fit_line(text, width, 11, 10)
            lines = gfx.wrap(text, ENTRY_SIZE, width) if one.cut else [text]
            if one.cut and 2 <= len(lines) <= MAX_LINES and room >= (len(lines) - 1) * lh:
                room -= (len(lines) - 1) * lh
                out.append(lines)
            else:
                out.append([text])
        return out

    def slot_rects(self, view: SkirmishView, rect: pygame.Rect) -> list[pygame.Rect | None]:
        """Where each entry goes (the first declared at the bottom), a two-line entry as tall as its lines."""
        head, slot = self.metrics()
        lh = gfx.line_height(ENTRY_SIZE)
        out: list[pygame.Rect | None] = []
        bottom = rect.bottom - 6
        for i, lines in enumerate(self.entry_lines(view)):
            h = slot + (len(lines) - 1) * lh
            y = bottom - h
            out.append(pygame.Rect(rect.x + 8 + 4 * i, y, rect.w - 16 - 4 * i, h) if y >= rect.y + head else None)
            bottom = y - 2
        return out

    # ----------------------------------------------------------------- drawing and regions
    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        """The box, its heading and the entries, the newest tinted as next to resolve."""
        self.rec.begin()
        pal = gfx.palette()
        rect = self.box(view)
        if rect is None or not view.chain:
            return
        gfx.panel(surface, rect, gfx.lerp_colour(pal.panel, pal.panel_dark, 0.3), radius=8)
        head, slot = self.metrics()
        self.line(surface, t("skirmish_scene.chain"), pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20, head - 6), 12,
                  pal.ink_soft, bold=True, minimum=9)
        n = len(view.chain)
        for i, (e, r, lines) in enumerate(zip(view.chain, self.slot_rects(view, rect), self.entry_lines(view))):
            if r is None:
                continue
            col = gfx.lerp_colour(pal.panel, pal.accent, 0.35) if e.reaction else pal.panel
            if i == n - 1:
                col = gfx.lerp_colour(col, pal.legal, 0.35)
            gfx.rounded_rect(surface, r, col, 5)
            gfx.rounded_rect(surface, r, pal.edge, 5, 1)
            if len(lines) == 1:
                self.line(surface, lines[0], r.inflate(-16, -2), 11, pal.ink, minimum=10)
                continue
            lh = gfx.line_height(ENTRY_SIZE)
            y = r.y + (r.h - lh * len(lines)) // 2
            for k, text in enumerate(lines):
                self.line(surface, text, pygame.Rect(r.x + 8, y + k * lh, r.w - 16, lh), ENTRY_SIZE, pal.ink)

    def regions(self, view: SkirmishView, legal: list[Action]) -> list[Any]:
        """Hovering a chain entry shows its whole text (the box cuts long entries)."""
        rect = self.box(view)
        if rect is None or not view.chain:
            return []
        out = []
        for i, (e, r) in enumerate(zip(view.chain, self.slot_rects(view, rect))):
            if r is not None:
                out.append(HitRegion(r, ChainRef(i), tooltip=f"{i + 1}. {entry_text(view, e, self.lang)}",
                                     key=("chain", i), highlight=False))
        return out

    def draw_ghosts(self, surface: pygame.Surface, view: SkirmishView) -> None:
        """Resolved entries fading upwards off the stack (every frame, over the cached layer)."""
        if not self.ghosts:
            return
        pal = gfx.palette()
        head, slot = self.metrics()
        centre = self.geo.centre
        rect = pygame.Rect(centre.x, self.menu.bottom(view) + 4, centre.w, 150)
        lh = gfx.line_height(ENTRY_SIZE)
        for g in self.ghosts:
            w = rect.w - 16 - 4 * g.slot
            one = uitext.fit_line(g.text, w - 16, 11, 10)
            # a long entry leaves on its lines, as it stood (issue 15: "Giovane gnarl 1: Equipaggiare (Accetta…")
            lines = gfx.wrap(g.text, ENTRY_SIZE, w - 16)[:MAX_LINES] if one.cut else [g.text]
            r = pygame.Rect(rect.x + 8 + 4 * g.slot, rect.y + head + 2 - g.lift, w, slot + (len(lines) - 1) * lh)
            tmp = pygame.Surface(r.size, pygame.SRCALPHA)
            gfx.rounded_rect(tmp, tmp.get_rect(), pal.panel, 5)
            if len(lines) == 1:
                size = line_size(g.text, pygame.Rect(0, 0, r.w - 16, r.h), 11, 10)
                gfx.text(tmp, uitext.ellipsize(g.text, r.w - 16, size), (8, r.h / 2), size, pal.ink, "midleft")
            else:
                y0 = (r.h - lh * len(lines)) // 2
                for k, text in enumerate(lines):
                    gfx.text(tmp, uitext.ellipsize(text, r.w - 16, ENTRY_SIZE), (8, y0 + k * lh + lh / 2), ENTRY_SIZE,
                             pal.ink, "midleft")
            tmp.set_alpha(int(255 * max(0.0, g.alpha)))
            surface.blit(tmp, r.topleft)

    # ----------------------------------------------------------------- animations
    def animate(self, events: list[Event], view: SkirmishView) -> list[Any]:
        """A declared entry is remembered; a resolved one slides off."""
        out: list[Any] = []
        for e in events:
            if e.kind == "Declared":
                self.texts.append(entry_text(view, ChainEntry.from_dict(e.data), self.lang))
            elif e.kind == "Resolved":
                idx = int(e.data.get("index", len(self.texts) - 1))
                out.append(self.ghost(self.texts.pop() if self.texts else "", idx))
        return out

    def ghost(self, text: str, slot: int) -> anim.Animation:
        """The animation of one resolved entry leaving."""
        g = Ghost(text, slot)

        def start() -> None:
            self.ghosts.append(g)

        def step(p: float) -> None:
            g.alpha = 1.0 - p
            g.lift = 30 * p
            if p >= 1.0 and g in self.ghosts:
                self.ghosts.remove(g)
        return anim.Sequence(anim.Call(start), anim.Func(step, 0.35))
