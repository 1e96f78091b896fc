"""The battle rows of the sanctuary table: Characters (turned when tapped, glowing when they duel,
attack or block) with their Technologies tucked under them or carried as strips on a small card.

Why a module of its own: ``CardPainter`` draws any card in play (the Sanctuary block uses it too)
from the typed view: its face at its size and angle, damage, current Strength, the name plate of a
small or turned card, the hourglass of a card that entered this turn; ``RowPane`` lays a seat's row.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import localize
from game.rulesets.sanctuary.views import SanctuaryView
from game.scenes.base.pane import Pane
from game.scenes.sanctuary import cards as art
from game.scenes.sanctuary.geometry import (ATTACK_COLOUR, BLOCK_COLOUR, CARD, DUEL_COLOUR, PLATE_BELOW,
                                            PLATE_OVERHANG, _t, name_plate, seat_of, shield_radius)
from game.ui import gfx
from game.ui import text as uitext


class RowPane(Pane):
    """A seat's battle row: its Characters and their Technologies, placed by the table's layout."""

    def __init__(self, scene: Any, role: str, painter: CardPainter) -> None:
        super().__init__(scene)
        self.role, self.painter = role, painter
        self.name = f"row.{role}"

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Draw the row for this pane's seat ("no Characters" when empty)."""
        L, m = self.scene.L, self.scene.motion
        seat = seat_of(self.role, L)
        chars = view.side(seat).characters
        pal = gfx.palette()
        row = L.row[seat]
        if not chars:
            gfx.text(surface, _t("empty_row"), row.center, 15, gfx.with_alpha(pal.ink_light, 150), "center")
            return
        attackers = set(view.combat.attackers)
        blockers = view.blockers
        duelists = view.duelists
        for ch in chars:
            c = ch.iid
            if c in m.flying or c not in L.cards:
                continue
            center, ang, rect = L.cards[c]
            off = m.shake.get(c, (0.0, 0.0))
            mine = [tc.iid for tc in ch.technologies if tc.iid in L.tabs and tc.iid not in m.flying]
            strips = [(tc, L.tabs[tc].move(round(off[0]), round(off[1]))) for tc in mine if tc in L.compact]
            for tc in reversed(mine):
                if tc not in L.compact:
                    self.painter.draw_tab(surface, view, tc, L.tabs[tc].move(round(off[0]), round(off[1])))
            glow = DUEL_COLOUR if c in duelists else ATTACK_COLOUR if c in attackers else \
                BLOCK_COLOUR if c in blockers else None
            if glow is not None:
                gr = rect.move(round(off[0]), round(off[1])).inflate(10, 10)
                gfx.rounded_rect(surface, gr, gfx.with_alpha(glow, 90), 12)
                gfx.rounded_rect(surface, gr, glow, 12, 3)
            self.painter.draw_card(surface, view, c, ((center[0] + off[0], center[1] + off[1]), ang, rect),
                                   L.card_size.get(c, CARD), plate=c in L.compact, strips=strips)


class CardPainter:
    """Draws cards in play for a scene (its card lookups, language and text recorder)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    def draw_tab(self, surface: pygame.Surface, view: SanctuaryView, iid: str, rect: pygame.Rect,
                  compact: bool = False) -> None:
        """Draw a Technology tab under its carrier: +Strength, its name when there is room, Durability pips
        (one pip and the number when there are many, or the tab is a small one of a crowded row)."""
        pal = gfx.palette()
        card = self.scene.card(iid)
        if card is None:
            return
        main, light = art.faction_colours(card.faction)
        pygame.draw.rect(surface, main, rect, border_radius=5)
        inner = rect.inflate(-4, -4)
        pygame.draw.rect(surface, gfx.lerp_colour((200, 204, 212), light, 0.3), inner, border_radius=4)
        perm = view.perm(iid)
        dur = perm.durability if perm is not None else None
        dur = dur if isinstance(dur, int) else card.durability
        n = max(dur, card.durability)
        numeric = n > 4 or compact  # many pips would crowd the name out: one pip and the number
        label = f"{dur}/{card.durability}" if numeric else ""
        pip = not compact or inner.w >= gfx.text_size(f"+{card.strength} {label}", 10, True)[0] + 16
        pip_w = (gfx.text_size(label, 10, True)[0] + (11 if pip else 2)) if numeric else n * 9
        mid = rect.centery if compact else inner.bottom - 9  # the middle of the part not under the card
        name = f"+{card.strength} {localize(card.name, self.scene.lang)}"
        avail = inner.w - pip_w - 8
        size = gfx.fit_text_size(name, avail, inner.h, start=10 if compact else 11, minimum=8, bold=True)
        if gfx.text_size(name, size, True)[0] > avail:  # never a name cut mid-word under the pips
            name, size = f"+{card.strength}", 10  # the name is on the zoom and the tooltip
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(inner.x, inner.y, avail + 4, inner.h).clip(clip) if clip else None)
        gfx.text(surface, name, (inner.x + 3, mid), size, pal.ink, "midleft", bold=True)
        surface.set_clip(clip)
        if numeric:
            r = gfx.text(surface, label, (inner.right - 2, mid), 10, pal.ink, "midright", bold=True)
            if pip:
                c = (r.x - 6, mid)
                pygame.draw.circle(surface, (214, 176, 70), c, 4)
                pygame.draw.circle(surface, pal.ink, c, 4, 1)
            return
        for i in range(n):
            c = (inner.right - 6 - i * 9, mid)
            if i < dur:
                pygame.draw.circle(surface, (214, 176, 70), c, 4)
            pygame.draw.circle(surface, pal.ink, c, 4, 1)

    def draw_card(self, surface: pygame.Surface, view: SanctuaryView, iid: str,
                   placed: tuple[tuple[float, float], float, pygame.Rect], size: tuple[int, int],
                   plate: bool = False, strips: list[tuple[str, pygame.Rect]] | None = None,
                   named: bool = True) -> None:
        """Draw a card in play: its face turned by its tap angle, damage and current Strength on top (a
        small card of a crowded row, or a turned one, also gets its name on a plate that reads left to
        right)."""
        pal = gfx.palette()
        card = self.scene.card(iid)
        center, ang, _ = placed
        k = min(1.0, size[0] / CARD[0])
        small = k < PLATE_BELOW
        plated = card is not None and card.type == "character" and (plate or small or abs(ang) >= 45)
        if card is None:
            img = art.back(size)
        else:  # a card whose name goes on a plate shows no second, smaller copy of it
            img = art.face(self.scene.cid(iid) or "?", card, size, self.scene.lang, named=named and not plated)
        if abs(ang) > 0.5:
            img = pygame.transform.rotate(img, -ang)
        rect = img.get_rect(center=(round(center[0]), round(center[1])))
        gfx.shadow(surface, rect, 8, (2, 4), blur=4)
        surface.blit(img, rect)
        if card is None or card.type != "character":
            return
        top = rect.y
        if plated:
            top = self.draw_plate(surface, card, rect).bottom
        for tc, r in strips or ():
            self.draw_tab(surface, view, tc, r, compact=True)
        p = view.perm(iid)
        ch = view.character(iid)
        strength = ch.strength if ch is not None and ch.strength is not None else card.strength
        dmg = p.damage if p is not None else 0
        if strength != card.strength or small:
            # a small face's own shield is too small to read: the current Strength is always shown
            colour = pal.good if strength > card.strength else (110, 110, 110) if strength < card.strength \
                else art.STRENGTH_COLOUR
            r = shield_radius(size[0])
            # over the face's own shield: bottom right, or bottom left on a card turned clockwise
            corner = (rect.right - r - 4, rect.bottom - r - 3) if abs(ang) < 45 else \
                (rect.x + r + 4, rect.bottom - r - 3)
            art.badge(surface, corner, r, str(strength), colour, "shield")
        if dmg:
            r = pygame.Rect(0, 0, max(24, round(30 * k)), max(18, round(22 * k)))
            if top > rect.y:  # under the name plate
                r.topright = (rect.right - 2, top + 2)
            else:  # under the face's name band
                r.topright = (rect.right - 4, rect.y + round(size[0] * 0.27)) if abs(ang) < 45 else \
                    (rect.x + 6 + r.w, rect.y + 4)
            pygame.draw.rect(surface, pal.bad, r, border_radius=9)
            pygame.draw.rect(surface, pal.ink, r, 1, border_radius=9)
            gfx.text(surface, f"−{dmg}", r.center, max(12, round(14 * k)), pal.ink_light, "center", bold=True)
        if p is not None and p.entered == view.turn and view.active == int(iid[0]) \
                and view.phase not in ("setup", "over"):
            # entered this turn: a small hourglass (it cannot duel or attack yet)
            hr = max(7, round(10 * k))
            cx, cy = (rect.x + hr + 4, rect.bottom - hr - 6) if abs(ang) < 45 else (rect.x + hr + 4, top + hr + 4)
            pygame.draw.circle(surface, pal.panel, (cx, cy), hr)
            pygame.draw.circle(surface, pal.ink, (cx, cy), hr, 1)
            u = hr * 0.55
            pygame.draw.polygon(surface, pal.ink_soft, [(cx - u, cy - u * 1.2), (cx + u, cy - u * 1.2), (cx, cy)])
            pygame.draw.polygon(surface, pal.ink_soft, [(cx - u, cy + u * 1.2), (cx + u, cy + u * 1.2), (cx, cy)])

    def plate_of(self, iid: str) -> tuple[list[str], int]:
        """The name plate of a card in a battle row as drawn now: its lines and text size."""
        card = self.scene.card(iid)
        placed = self.scene.L.cards.get(iid)
        if card is None or placed is None:
            return [], 0
        return name_plate(localize(card.name, self.scene.lang), placed[2].w + 2 * PLATE_OVERHANG)

    def draw_plate(self, surface: pygame.Surface, card: Any, rect: pygame.Rect) -> pygame.Rect:
        """Draw a card's name on a plate across the top of ``rect`` (a ribbon a little wider than a small
        card, into the gap beside it); return the plate's rect."""
        pal = gfx.palette()
        width = rect.w + 2 * PLATE_OVERHANG
        lines, size = name_plate(localize(card.name, self.scene.lang), width)
        lh = gfx.line_height(size, True)
        plate = pygame.Rect(rect.centerx - width // 2, rect.y + 2, width, lh * len(lines) + 3)
        main = art.faction_colours(card.faction)[0]
        dark = gfx.lerp_colour(main, (0, 0, 0), 0.25)
        gfx.shadow(surface, plate, 4, (1, 2), blur=2)
        gfx.rounded_rect(surface, plate, gfx.with_alpha(dark, 240), 4)
        gfx.rounded_rect(surface, plate, gfx.lerp_colour(main, (255, 255, 255), 0.25), 4, 1)
        for i, line in enumerate(lines):
            uitext.put(surface, line, (plate.centerx, plate.y + 1 + i * lh), size, pal.ink_light, "midtop",
                       plate.inflate(0, 2), self.scene.texts.records, bold=True, cut=line.endswith("…"))
        return plate
