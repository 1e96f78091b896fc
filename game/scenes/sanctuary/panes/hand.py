"""The hand of the seat in front, fanned at the bottom of the table, and the mulligan choice over it.

Why a module of its own: ``HandPane`` is the card table's hand for any ruleset (the quest table
next): it takes where the cards go (fan slots), which variant each card shows (glowing when it can
be played, dimmed when not) and a face painter, and caches each painted, turned card. The
sanctuary scene gives it its faces; ``MulliganPane`` is sanctuary's opening-hand choice.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from game.rulesets.sanctuary.views import SanctuaryView
from game.scenes.base.pane import Pane
from game.scenes.sanctuary.geometry import _t
from game.ui import gfx
from game.ui import text as uitext

#: a face painter: (card instance, its size, the width its name may take or None) -> the face, None for a back
FacePainter = Callable[[str, tuple[int, int], "int | None"], "pygame.Surface | None"]


def shown_strip(step: float, width: int, covered: bool) -> int | None:
    """How much of a hand card shows from its left edge when the next card lies ``step`` px to its right
    (None: all of it, the card is not covered or barely)."""
    return round(step) if covered and step < width - 4 else None


class HandPane(Pane):
    """A fanned hand: ``slots()`` gives (card, fan slot) pairs, ``variants(view)`` card -> "glow", "dim"
    or "plain", ``face`` paints a face and ``back`` a back; ``face_key`` tells faces apart in the cache."""

    name = "hand"

    def __init__(self, scene: Any, card_size: tuple[int, int], slots: Callable[[], list[tuple[str, Any]]],
                 variants: Callable[[Any], dict[str, str]], face: FacePainter,
                 back: Callable[[tuple[int, int]], pygame.Surface], face_key: Callable[[str], Any]) -> None:
        super().__init__(scene)
        self.card_size = card_size
        self.slots, self.variants, self.face, self.back, self.face_key = slots, variants, face, back, face_key
        self._imgs: dict[Any, pygame.Surface] = {}
        #: cards not to draw this frame (dragged, or flying to the table)
        self.hidden: Callable[[str], bool] = lambda iid: False

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        """Draw the cards left to right, the lifted one last; a covered card's name fits its visible part."""
        pal = gfx.palette()
        slots = self.slots()
        variants = self.variants(view)
        w = self.card_size[0]
        order = [i for i, (_, s) in enumerate(slots) if not s.lifted] + \
            [i for i, (_, s) in enumerate(slots) if s.lifted]
        step = slots[1][1].center[0] - slots[0][1].center[0] if len(slots) > 1 else w
        for i in order:
            iid, slot = slots[i]
            if self.hidden(iid):
                continue
            variant = variants.get(iid, "plain")
            # the next card covers this one's right part: its name fits the part that shows
            covered = i < len(slots) - 1 and not slot.lifted and not slots[i + 1][1].lifted
            shown = shown_strip(step, w, covered)
            key = (self.face_key(iid), variant, round(slot.angle * 2) / 2, self.scene.lang,
                   pal.name, gfx.text_scale(), shown)
            img = self._imgs.get(key)
            if img is None:
                if len(self._imgs) > 300:
                    self._imgs.clear()
                img = self._imgs[key] = self.paint(iid, variant, slot.angle, shown)
            rect = img.get_rect(center=(round(slot.center[0]), round(slot.center[1])))
            gfx.shadow(surface, rect.inflate(-12, -12), 8, (3, 6), blur=5)
            surface.blit(img, rect)

    def paint(self, iid: str, variant: str, angle: float, shown: int | None = None) -> pygame.Surface:
        """One hand card: its face (or back), a glow or dimming for its variant, turned to its slot."""
        pal = gfx.palette()
        w, h = self.card_size
        img = self.face(iid, self.card_size, shown)
        if img is None:
            img = self.back(self.card_size)
        if variant == "glow":
            glow = pygame.Surface((w + 10, h + 10), pygame.SRCALPHA)
            gfx.rounded_rect(glow, glow.get_rect(), gfx.with_alpha(pal.legal, 120), 11)
            glow.blit(img, (5, 5))
            img = glow
        elif variant == "dim":
            img = img.copy()
            img.fill((170, 170, 170, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if abs(angle) > 0.3:
            img = pygame.transform.rotate(img, angle)
        return img


class MulliganPane(Pane):
    """The opening-hand choice of the seat in front: the question and the Keep / Mulligan buttons."""

    name = "mulligan"

    def draw(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Draw the choice box (only while the layout has one: the player deciding is in front)."""
        s, L = self.scene, self.scene.L
        if not L.mulligan:
            return
        pal = gfx.palette()
        box = L.mulligan["box"]
        gfx.panel(surface, box, radius=12)
        seat = view.setup_seat if view.setup_seat is not None else 0
        hand = view.side(seat).hand_count
        m = s.next_hand_size(view)
        text = _t("prompt.mulligan", n=hand, m=m) if m >= 0 else _t("prompt.mulligan_last", n=hand)
        size = 17
        room = L.mulligan["keep"].y - box.y - 14  # the question stays above the buttons
        while size > 8 and gfx.text_size(text, size, True, max_width=box.w - 30)[1] > room:
            size -= 1
        uitext.put(surface, text, (box.centerx, box.y + 10), size, pal.ink, "midtop",
                   pygame.Rect(box.x + 15, box.y + 10, box.w - 30, room), s.frame_texts.records, bold=True,
                   max_width=box.w - 30)
        hovered = s.router.hovered.key if s.router.hovered is not None else None
        for key, label, primary in (("keep", _t("button.keep"), True), ("mulligan", _t("button.mulligan", n=m), False)):
            r = L.mulligan[key]
            enabled = key == "keep" or m >= 0
            hov = hovered == ("mull", key)
            bg = pal.accent if primary else pal.panel_dark
            if hov and enabled:
                bg = gfx.lerp_colour(bg, pal.ink_light, 0.3)
            if not enabled:
                bg = gfx.lerp_colour(pal.panel_dark, pal.table, 0.3)
            gfx.shadow(surface, r, 8, (1, 3), blur=3)
            gfx.rounded_rect(surface, r, bg, 8)
            gfx.rounded_rect(surface, r, pal.edge, 8, 2)
            s.frame_texts.fit(surface, label, r.inflate(-16, -4), 17, 8, pal.ink, "center", bold=True)

    def regions(self, view: SanctuaryView, legal: list[Any]) -> list[Any]:
        """The two buttons, as the Keep and Mulligan actions."""
        from game.engine.actions import Action
        from game.ui.input import HitRegion

        s, L = self.scene, self.scene.L
        if not L.mulligan:
            return []
        return [HitRegion(L.mulligan["keep"], Action.of("keep"), key=("mull", "keep"), tooltip=_t("tip.keep")),
                HitRegion(L.mulligan["mulligan"], Action.of("mulligan"), key=("mull", "mulligan"),
                          tooltip=_t("tip.mulligan", n=s.next_hand_size(view)))]
