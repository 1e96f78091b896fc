"""Drawing the tray: the felt, dice faces drawn by code (pips or labels and colours), chain links, the result label."""

from __future__ import annotations

import math

import pygame

from game.ui import gfx
from game.ui.dice_tray.faces import PIPS, CustomDie, Face, _Die
from game.ui.dice_tray.physics import LABEL_STRIP

Colour = gfx.Colour


class TrayDrawing:
    """Mixin of ``DiceTray``: painting the felt, the dice, chain links and the result label."""

    rect: pygame.Rect
    size: int
    custom: dict[str, CustomDie]
    dice: list[_Die]
    label: str | None
    _surf_cache: dict[tuple, pygame.Surface]
    label_alpha: float

    # ------------------------------------------------------------------ drawing
    def die_surface(self, face: Face, colour: Colour | None, size: int, exploded: bool = False) -> pygame.Surface:
        """Return the (cached) picture of a die face, drawn by code."""
        pal = gfx.palette()
        key = (face, colour, size, exploded, pal.name)
        hit = self._surf_cache.get(key)
        if hit is not None:
            return hit
        s = size
        surf = pygame.Surface((s, s), pygame.SRCALPHA)
        body = face.colour or colour or pal.die_body
        rad = max(4, s // 6)
        edge = gfx.lerp_colour(body, (0, 0, 0), 0.35)
        pygame.draw.rect(surf, edge, (0, 0, s, s), border_radius=rad)
        pygame.draw.rect(surf, body, (1, 1, s - 2, s - 3), border_radius=rad)
        hi = gfx.lerp_colour(body, (255, 255, 255), 0.45)
        pygame.draw.rect(surf, hi, (3, 2, s - 6, max(2, s // 10)), border_radius=rad // 2)
        ink = face.ink or gfx.readable_ink(body)
        if face.pips:
            pr = max(2, round(s * 0.085))
            off = s * 0.26
            pip_col = pal.bad if (face.pips == 1 and not face.ink and body == pal.die_body) else ink
            for px, py in PIPS[face.pips]:
                c = (round(s / 2 + px * off), round(s / 2 + py * off))
                pygame.draw.circle(surf, gfx.lerp_colour(pip_col, body, 0.5), (c[0], c[1] + 1), pr)
                pygame.draw.circle(surf, pip_col, c, pr)
        else:
            area = pygame.Rect(0, 0, s, s).inflate(-s // 5, -s // 5)
            if face.icon:
                icon_r = s * (0.22 if face.label else 0.3)
                cy = s * (0.38 if face.label else 0.5)
                gfx.draw_symbol(surf, face.icon, (s / 2, cy), icon_r, ink)
                if face.label:
                    lab = pygame.Rect(area.x, round(s * 0.62), area.w, round(s * 0.3))
                    size = gfx.fit_text_size(face.label, lab.w, lab.h, max(8, s // 4), 7, True)
                    gfx.text(surf, face.label, lab.center, size, ink, "center", bold=True)
            elif face.label:  # a word wider than the die breaks on two lines rather than being clipped
                from game.ui.cards.names import fit_card_name

                lines, size = fit_card_name(face.label, area.w, area.h, max(10, s // 2), min_px=7)
                gfx.text(surf, "\n".join(lines), area.center, size, ink, "center", bold=True)
        if exploded:
            pygame.draw.rect(surf, pal.accent, (0, 0, s, s), max(2, s // 16), border_radius=rad)
        self._surf_cache[key] = surf
        return surf

    def draw(self, surface: pygame.Surface, draw_tray: bool = True) -> None:
        """Draw the tray, chain links, shadows and dice, then the label once settled."""
        pal = gfx.palette()
        if draw_tray:
            self.draw_tray(surface)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-6, -6).clip(clip) if clip else self.rect)
        active = [(i, d) for i, d in enumerate(self.dice) if d.body is not None or d.settled]
        s = self.size
        # chain links: a dotted gold line from an exploded 6 to the die it spawned
        for i, d in active:
            if d.parent is not None:
                p = self.dice[d.parent]
                self._dotted(surface, p.pos, d.pos, pal.accent)
        for _, d in active:
            scale = 1.0 + 0.14 * d.lift
            off = 3 + round(10 * d.lift)
            side = round(s * scale)
            skey = ("shadow", side)
            shadow = self._surf_cache.get(skey)
            if shadow is None:
                shadow = pygame.Surface((side, side), pygame.SRCALPHA)
                pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=max(4, s // 6))
                self._surf_cache[skey] = shadow
            surface.blit(shadow, shadow.get_rect(center=(round(d.pos[0] + off), round(d.pos[1] + off))))
        for i, d in active:
            face = d.shown or d.final
            exploded = d.settled and d.explodes
            scale = 1.0 + 0.14 * d.lift
            # a square looks the same turned by 90 degrees: draw the face turned at most 45
            # degrees either way so labels and pips always read (nearly) upright
            deg = ((-math.degrees(d.angle) + 45) % 90) - 45
            rkey = (face, d.colour, s, exploded, round(deg, 1), round(scale, 3), gfx.palette().name)
            if d.sprite is not None and d.sprite[0] == rkey:
                rot = d.sprite[1]
            else:
                img = self.die_surface(face, d.colour, s, exploded)
                rot = pygame.transform.rotozoom(img, deg, scale) if (abs(deg) > 0.5 or scale != 1.0) else img
                d.sprite = (rkey, rot)
            r = rot.get_rect(center=(round(d.pos[0]), round(d.pos[1] - 4 * d.lift)))
            surface.blit(rot, r)
            if exploded:
                bx, by = d.pos[0] + s * 0.5, d.pos[1] - s * 0.5
                pygame.draw.circle(surface, pal.accent, (round(bx), round(by)), max(7, s // 6))
                pygame.draw.circle(surface, pal.ink, (round(bx), round(by)), max(7, s // 6), 1)
                gfx.text(surface, "+", (bx, by - 1), max(12, s // 4), pal.ink, "center", bold=True)
        surface.set_clip(clip)
        if self.label and self.dice and not self.busy:
            a = max(0.0, min(1.0, self.label_alpha))
            size = self.label_size()
            w, h = gfx.text_size(self.label, size, True)
            pill = pygame.Rect(0, 0, w + 28, h + 8)
            pill.midbottom = (self.rect.centerx, self.rect.bottom - 12)
            layer = pygame.Surface(pill.size, pygame.SRCALPHA)
            gfx.rounded_rect(layer, layer.get_rect(), (*pal.panel[:3], 240), pill.h // 2)
            gfx.rounded_rect(layer, layer.get_rect(), pal.accent, pill.h // 2, 2)
            gfx.text(layer, self.label, (pill.w / 2, pill.h / 2), size, pal.ink, "center", bold=True)
            layer.set_alpha(round(255 * a))
            surface.blit(layer, pill)

    def label_size(self) -> int:
        """The result label's size: 22 when it fits the tray's width and label strip, smaller for a long
        breakdown ("4 + (5 + 5 + 2) + 1 + Str 3 = 20") or at large text sizes."""
        if not self.label:
            return 22
        return gfx.fit_text_size(self.label, self.rect.w - 40, LABEL_STRIP + 4, 22, 9, True)

    def label_rect(self) -> pygame.Rect | None:
        """Where the result label is drawn (None without one)."""
        if not self.label or not self.dice:
            return None
        w, h = gfx.text_size(self.label, self.label_size(), True)
        pill = pygame.Rect(0, 0, w + 28, h + 8)
        pill.midbottom = (self.rect.centerx, self.rect.bottom - 12)
        return pill

    def draw_tray(self, surface: pygame.Surface) -> None:
        """Draw the wooden rim and felt floor."""
        pal = gfx.palette()
        key = ("tray", self.rect.size, pal.name)
        bg = self._surf_cache.get(key)
        if bg is None:
            w, h = self.rect.size
            bg = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
            inner = pygame.Rect(8, 8, w, h)
            gfx.shadow(bg, inner, 16, (0, 4), blur=6)
            rim = gfx.lerp_colour(pal.table, (0, 0, 0), 0.25)
            pygame.draw.rect(bg, rim, inner, border_radius=16)
            pygame.draw.rect(bg, gfx.lerp_colour(rim, (255, 255, 255), 0.15), inner, 2, border_radius=16)
            felt = inner.inflate(-16, -16)
            pygame.draw.rect(bg, pal.felt, felt, border_radius=10)
            dark = gfx.lerp_colour(pal.felt, (0, 0, 0), 0.3)
            for k in range(6):  # inner shading near the rim
                pygame.draw.rect(bg, (*dark[:3], 60 - 9 * k), felt.inflate(-2 * k, -2 * k), 2, border_radius=10)
            self._surf_cache[key] = bg
        surface.blit(bg, (self.rect.x - 8, self.rect.y - 8))

    @staticmethod
    def _dotted(surface: pygame.Surface, a: tuple[float, float], b: tuple[float, float], colour: Colour) -> None:
        dx, dy = b[0] - a[0], b[1] - a[1]
        dist = math.hypot(dx, dy)
        n = int(dist // 9)
        for k in range(1, n):
            f = k / n
            pygame.draw.circle(surface, colour, (round(a[0] + dx * f), round(a[1] + dy * f)), 2)
