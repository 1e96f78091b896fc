"""The set-up choices of the seat in front, over its (still empty) area: which deck to play (each deck
a button with its name, its spheres' emblems and its heroes) and the opening hand (keep it, or the one
mulligan), with the hand's cards in a row inside the panel (the fan below is mostly under it).

Why a module of its own: the bar at the side is narrow and these are the first choices of a game; a
deck is chosen by what is in it, so each choice shows it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import localize
from game.scenes.base.pane import Pane
from game.scenes.quest import cards as art
from game.scenes.quest.layout import HAND_CARD, row_rects, scale_to, text_h
from game.scenes.quest.table import Table
from game.ui import gfx
from game.ui import text as uitext

#: the least width of the opening hand's help when it goes beside the row of cards (large text)
HELP_BESIDE_W = 200


class SetupPane(Pane):
    """Deck buttons, or the keep / mulligan choice (only while the seat in front decides them)."""

    name = "setup"

    def choices(self, view: Table) -> list[Action]:
        """The set-up actions the seat in front may take now (empty: nothing to show)."""
        s = self.scene
        if view.phase != "setup" or not s.can_act():
            return []
        return [a for a in s.legal if a.kind in ("deck", "keep", "mulligan")]

    def panel(self) -> pygame.Rect:
        """The choice's panel, over the seat in front's area (above its hand)."""
        L = self.scene.L
        return pygame.Rect(L.side.right + 8, L.mine.y + 8, L.mine.right - L.side.right - 16,
                           max(120, L.char_row.bottom - L.mine.y - 8))

    def boxes(self, view: Table) -> list[tuple[Action, pygame.Rect]]:
        """Each choice's button."""
        acts = self.choices(view)
        if not acts:
            return []
        panel = self.panel()
        top = self.body_top()
        if acts[0].kind == "deck":
            n = len(acts)
            cols = min(4, n)
            rows = (n + cols - 1) // cols
            w = (panel.w - 24 - 12 * (cols - 1)) // cols
            need = 48 + 2 * gfx.line_height(16, True) + 3 * max(16, gfx.line_height(12) + 2)  # name, 3 heroes
            if any(self.wraps(self.scene.deck_def(a.get("deck")), w) for a in acts):
                need += gfx.line_height(11)  # a hero's long name on two lines rather than at 8 px
            h = min(max(170, need), (panel.bottom - top - 12 - 10 * (rows - 1)) // max(1, rows))
            return [(a, pygame.Rect(panel.x + 12 + (i % cols) * (w + 12), top + (i // cols) * (h + 10), w, h))
                    for i, a in enumerate(acts)]
        w = min(300, (panel.w - 36) // 2)
        h = max(44, gfx.line_height(17, True) + 16)
        y = panel.bottom - h - 14
        return [(a, pygame.Rect(panel.centerx - w - 6 + i * (w + 12), y, w, h)) for i, a in enumerate(acts)]

    def draw(self, surface: pygame.Surface, view: Table) -> None:
        """Draw the panel and the buttons."""
        boxes = self.boxes(view)
        if not boxes:
            return
        s, pal, tx = self.scene, gfx.palette(), self.scene.frame_texts
        panel = self.panel()
        gfx.shadow(surface, panel, 12, (3, 6), blur=6)
        gfx.panel(surface, panel, radius=12)
        title = s.words("choose_deck") if boxes[0][0].kind == "deck" else s.words("opening_hand")
        tx.line(surface, title, pygame.Rect(panel.x + 14, panel.y + 8, panel.w - 28, text_h(20, 28)), 20, pal.ink,
                "midleft",
                bold=True, minimum=10)
        hovered = s.router.hovered.key if s.router.hovered is not None else None
        if boxes[0][0].kind != "deck":
            me = view.player(s.L.viewer)
            n = len(me.hand or ()) if me is not None else 0
            top = self.body_top()
            body = pygame.Rect(panel.x + 14, top, panel.w - 28, boxes[0][1].y - top - 10)
            cards = self.hand_rects(view)
            if cards and cards[0][1].x > body.x + HELP_BESIDE_W:  # the help beside the row of cards
                body.w = cards[0][1].x - 12 - body.x
            elif cards:
                body.h = min(body.h, cards[0][1].y - 6 - body.y)
            tx.block(surface, s.words("mulligan_help", n=n), body, 15, 9, pal.ink)
            for cid, r in cards:
                img = s.painter.face(cid, r.size)
                if img is not None:
                    surface.blit(img, r)
        for a, r in boxes:
            lit = hovered == ("setup", a.key)
            bg = gfx.lerp_colour(pal.panel_dark, pal.accent, 0.35 if lit else 0.0) if a.kind == "deck" else \
                (pal.accent if a.kind == "keep" else pal.panel_dark)
            gfx.rounded_rect(surface, r, bg, 10)
            gfx.rounded_rect(surface, r, pal.edge, 10, 2)
            if a.kind == "deck":
                self.deck_box(surface, a, r, gfx.readable_ink(bg))
            else:
                word = s.words("keep") if a.kind == "keep" else s.words("mulligan")
                tx.line(surface, word, r.inflate(-16, -6), 17, gfx.readable_ink(bg), "center", bold=True, minimum=9)

    def body_top(self) -> int:
        """Where the panel's content starts, under its title (the title grows with the text size)."""
        return self.panel().y + 16 + text_h(20, 28)

    def hand_rects(self, view: Table) -> list[tuple[str | None, pygame.Rect]]:
        """While the seat in front keeps or redraws its opening hand: (card id, rect) of each hand card in a row
        inside the panel, above the buttons (the fanned hand below is mostly under the panel)."""
        acts = self.choices(view)
        me = view.player(self.scene.L.viewer)
        if not acts or acts[0].kind == "deck" or me is None or not me.hand:
            return []
        panel, buttons = self.panel(), self.boxes(view)
        n = len(me.hand)
        bottom = buttons[0][1].y - 10
        top = self.body_top() + 2 * gfx.line_height(15) + 6  # two lines of help above the cards
        h = min(HAND_CARD[1], bottom - top)
        if h < HAND_CARD[1]:
            # the help above leaves the cards too small to hold their names (large text): the help goes beside
            # the row instead, where it has the room
            tall = min(HAND_CARD[1], bottom - self.body_top())
            size = scale_to(HAND_CARD, tall)
            width = n * (size[0] + 8) - 8
            if tall > h and panel.w - 28 - width - 12 >= HELP_BESIDE_W:
                area = pygame.Rect(panel.right - 14 - width, bottom - tall, width, tall)
                return [(view.cards.get(iid), r) for iid, r in zip(me.hand, row_rects(area, n, size))]
        if h < 56:  # no room for readable cards: the fan below shows them
            return []
        size = scale_to(HAND_CARD, h)
        width = min(panel.w - 28, n * (size[0] + 8) - 8)
        area = pygame.Rect(panel.centerx - width // 2, bottom - h, width, h)
        return [(view.cards.get(iid), r) for iid, r in zip(me.hand, row_rects(area, n, size))]

    def deck_box(self, surface: pygame.Surface, action: Action, r: pygame.Rect, ink: Any) -> None:
        """A deck's button: name, its heroes' spheres as emblems, the heroes' names."""
        s, tx = self.scene, self.scene.frame_texts
        deck = s.deck_def(action.get("deck"))
        name = localize(art.field(deck, "name"), s.lang) if deck is not None else str(action.get("deck"))
        one = text_h(16, 24)
        if gfx.text_size(name, 16, True)[0] <= r.w - 20:
            name_h = one
            tx.line(surface, name, pygame.Rect(r.x + 10, r.y + 6, r.w - 20, name_h), 16, ink, "midleft", bold=True)
        else:  # a long name wraps to two lines (issue 15: names are never cut where there is room to wrap)
            name_h = 2 * gfx.line_height(16, True) + 4
            tx.block(surface, name, pygame.Rect(r.x + 10, r.y + 6, r.w - 20, name_h), 16, 12, ink, bold=True)
            name_h = max(one, name_h)
        heroes = [s.card_def(h) for h in (art.field(deck, "heroes") or ())] if deck is not None else []
        spheres: list[str] = []
        for h in heroes:
            sp = art.field(h, "sphere") if h is not None else None
            if sp and sp not in spheres:
                spheres.append(sp)
        for i, sp in enumerate(spheres):  # the deck's spheres along the bottom
            _, _, emb = s.sphere_look(sp)
            surface.blit(art.emblem(emb, 26), (r.x + 12 + 30 * i, r.bottom - 32))
        y = r.y + 10 + name_h
        line_h = max(16, gfx.line_height(12) + 2)
        two = 2 * gfx.line_height(11)
        for k, h in enumerate(heroes):
            if h is None or y + line_h > r.bottom - 34:
                break
            hero = localize(art.field(h, "name"), s.lang)
            rest = (len(heroes) - k - 1) * line_h  # the heroes below keep their lines
            if self.hero_wraps(hero, r.w) and y + two + rest <= r.bottom - 34:
                tx.block(surface, hero, pygame.Rect(r.x + 14, y + 1, r.w - 24, two), 11, 8, ink)
                y += two + 2
                continue
            tx.line(surface, hero, pygame.Rect(r.x + 14, y, r.w - 24, line_h), 12, ink, "midleft", minimum=8)
            y += line_h

    @staticmethod
    def hero_wraps(name: str, box_w: int) -> bool:
        """True when a hero's name would shrink below 10 px on one line of a deck's box (it then takes two)."""
        return len(name.split()) > 1 and uitext.fit_line(name, box_w - 24, 12, 10).cut

    def wraps(self, deck: Any, box_w: int) -> bool:
        """True when one of ``deck``'s heroes takes two lines in a box ``box_w`` wide."""
        s = self.scene
        heroes = [s.card_def(h) for h in (art.field(deck, "heroes") or ())] if deck is not None else []
        return any(h is not None and self.hero_wraps(localize(art.field(h, "name"), s.lang), box_w) for h in heroes)

    def regions(self, view: Table, legal: list[Any]) -> list[Any]:
        """One region per choice, its payload the legal action."""
        from game.ui.input import HitRegion

        s = self.scene
        from game.ui.payload import Ref

        out = [HitRegion(r, a, key=("setup", a.key), tooltip=s.rule_hint(a)) for a, r in self.boxes(view)]
        me = view.player(s.L.viewer)
        for iid, (_, r) in zip(me.hand or () if me is not None else (), self.hand_rects(view)):
            ref = Ref.of("card", iid)  # a click zooms the card, as in the fan below
            out.append(HitRegion(r, ref, tooltip=s.card_tip(iid), inspect=ref, key=("setup-card", iid),
                                 highlight=False))
        return out
