"""The encounter band across the top of the quest table: the encounter deck and discard, the quest card
with its progress, the active location, and the staging area with its threat total.

Why a module of its own: this is the shared, public half of the table every seat looks at; during the
quest phase it also shows the committed willpower against the staging area's threat before the quest
resolves (``QuestPreview``).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.i18n import localize
from game.scenes.base.pane import Pane
from game.scenes.quest import cards as art
from game.scenes.quest.layout import BAND, STAGING, text_h
from game.scenes.quest.table import Table
from game.ui import gfx
from game.ui.cards.frame import badge


class EncounterPane(Pane):
    """Piles, quest card, active location and staging area (see the module docstring)."""

    name = "encounter"

    def draw(self, surface: pygame.Surface, view: Table) -> None:
        """Draw the band from the table record."""
        s = self.scene
        L, tx, pal = s.L, s.texts, gfx.palette()
        gfx.panel(surface, BAND, radius=12)
        lh = L.label_h
        for key, words in ((("encounter_deck",), s.words("encounter_deck")),
                           (("encounter_discard",), s.words("encounter_discard"))):
            r = L.piles[key]
            tx.line(surface, words, pygame.Rect(r.x - 2, BAND.y + 4, r.w + 4, lh), 12, pal.ink, "center", bold=True,
                    minimum=7)
            self.pile(surface, r, key, view)
        label = pygame.Rect(L.quest.x, BAND.y + 4, L.quest.w, lh)
        tx.line(surface, s.words("stage", n=view.stage.index + 1, of=view.stage.count), label, 13, pal.ink, "midleft",
                bold=True, minimum=8)
        self.quest_card(surface, L.quest, view)
        label = pygame.Rect(L.location.x - 4, BAND.y + 4, L.location.w + 8, lh)
        tx.line(surface, s.words("location"), label, 12, pal.ink, "center", bold=True, minimum=7)
        if view.location is not None:
            s.painter.draw(surface, view.location, L.location, tx)
        else:
            gfx.rounded_rect(surface, L.location, gfx.with_alpha(pal.panel_dark, 140), 8)
            gfx.rounded_rect(surface, L.location, pal.edge, 8, 1)
            tx.block(surface, s.words("no_location"), L.location.inflate(-12, -40), 12, 8, pal.ink_soft)
        self.staging(surface, view)

    def pile(self, surface: pygame.Surface, rect: pygame.Rect, key: tuple, view: Table) -> None:
        """The encounter deck (a back and its count) or discard (its top card and count)."""
        s, pal = self.scene, gfx.palette()
        if key == ("encounter_deck",):
            n, top = view.encounter_deck, None
        else:
            n, top = len(view.encounter_discard), (view.encounter_discard[0] if view.encounter_discard else None)
        if n:
            # the top card is a thumbnail: the pile's overlay shows its cards large and named
            img = s.painter.surface_of(view.cards.get(top) if top else None, rect.size, encounter=True, named=False)
            for k in range(min(3, max(0, n - 1)), 0, -1):
                pygame.draw.rect(surface, pal.panel_dark, rect.move(2 * k, 2 * k), border_radius=6)
            surface.blit(img, rect)
        else:
            gfx.rounded_rect(surface, rect, gfx.with_alpha(pal.panel_dark, 120), 6)
            gfx.rounded_rect(surface, rect, pal.edge, 6, 1)
        box = pygame.Rect(rect.x - 4, rect.bottom + 4, rect.w + 8, s.L.count_h)
        s.texts.line(surface, str(n), box, 14, pal.ink, "center", bold=True, minimum=8)

    def quest_card(self, surface: pygame.Surface, rect: pygame.Rect, view: Table) -> None:
        """The quest stage, landscape: its name, text and a progress track with the points needed."""
        s, pal, tx = self.scene, gfx.palette(), self.scene.texts
        main, light = (70, 96, 60), (214, 224, 188)
        gfx.shadow(surface, rect, 10, (3, 5), blur=5)
        pygame.draw.rect(surface, main, rect, border_radius=10)
        inner = rect.inflate(-8, -8)
        pygame.draw.rect(surface, gfx.lerp_colour(pal.panel, light, 0.5), inner, border_radius=7)
        name = localize(view.stage.name, s.lang) if view.stage.name else s.words("quest")
        band = pygame.Rect(inner.x + 4, inner.y + 3, inner.w - 8, text_h(14, 22))
        pygame.draw.rect(surface, gfx.lerp_colour(main, (0, 0, 0), 0.15), band, border_radius=5)
        tx.line(surface, name, band.inflate(-10, -2), 14, pal.ink_light, "midleft", bold=True, minimum=8)
        track_h = text_h(13, 24)
        track = pygame.Rect(inner.x + 6, inner.bottom - track_h - 6, inner.w - 12, track_h)
        body = pygame.Rect(inner.x + 6, band.bottom + 4, inner.w - 12, track.y - band.bottom - 8)
        preview = s.quest_preview(view)
        if preview is not None:
            self.preview(surface, body, preview)
        elif view.stage.text:
            tx.block(surface, localize(view.stage.text, s.lang), body, 11, 7, pal.ink)
        need = max(1, view.stage.points)
        got = min(need, view.stage.progress)
        gfx.rounded_rect(surface, track, pal.panel_dark, 6)
        fill = track.inflate(-4, -4)
        fill.w = round(fill.w * got / need)
        if fill.w:
            gfx.rounded_rect(surface, fill, art.PROGRESS, 5)
        icon = gfx.load_svg("quest/progress.svg", (20, 20))
        surface.blit(icon, icon.get_rect(midleft=(track.x + 3, track.centery)))
        tx.line(surface, s.words("progress", n=view.stage.progress, of=view.stage.points),
                pygame.Rect(track.x + 26, track.y + 1, track.w - 32, track.h - 2), 13, pal.ink_light, "center",
                bold=True, minimum=8)

    def preview(self, surface: pygame.Surface, body: pygame.Rect, preview: Any) -> None:
        """Committed willpower against the staging threat, and what resolving would do, on the quest card
        (in place of its text while the players commit)."""
        s, pal = self.scene, gfx.palette()
        colour = pal.good if preview.delta > 0 else pal.bad if preview.delta < 0 else pal.ink_soft
        gfx.rounded_rect(surface, body, gfx.with_alpha(pal.table_dark, 235), 6)
        gfx.rounded_rect(surface, body, colour, 6, 2)
        s.texts.block(surface, preview.words, body.inflate(-10, -6), 13, 7, pal.ink_light, bold=True)

    def staging(self, surface: pygame.Surface, view: Table) -> None:
        """The staging area: its threat total and the cards in it (engaged enemies never count, d3)."""
        s, L, pal, tx = self.scene, self.scene.L, gfx.palette(), self.scene.texts
        area = pygame.Rect(STAGING)
        gfx.rounded_rect(surface, area, gfx.with_alpha(pal.table_dark, 90), 10)
        tx.line(surface, s.words("staging"), pygame.Rect(area.x + 84, area.y + 4, area.w - 92, text_h(13, 20)), 13,
                pal.ink,
                "midleft", bold=True, minimum=8)
        tb = L.threat_badge
        th = text_h(12, 18)
        tx.line(surface, s.words("threat"), pygame.Rect(tb.x - 4, tb.y - th - 4, tb.w + 8, th), 12, pal.ink, "center",
                bold=True, minimum=7)
        badge(surface, tb.center, min(tb.w, tb.h) // 2 - 4, str(view.staging_threat), art.THREAT, "circle",
              ink=pal.ink_light)
        icon = gfx.load_svg("quest/threat.svg", (26, 26))
        surface.blit(icon, icon.get_rect(midtop=(tb.centerx, min(tb.bottom + 2, area.bottom - 28))))
        for c in view.staging:
            r = L.cards.get(c.iid)
            if r is not None:
                s.painter.draw(surface, c, r, tx, lit=pal.accent if c.iid in view.revealed else None)
        if not view.staging:
            tx.line(surface, s.words("staging_empty"), L.staging_cards.inflate(-20, -80), 13, pal.ink_soft, "center",
                    minimum=8)

    def regions(self, view: Table, legal: list[Any]) -> list[Any]:
        """The piles (browsable) and the quest card (zoom, and the drop target for committing)."""
        from game.ui.input import HitRegion
        from game.ui.payload import Ref

        s, L = self.scene, self.scene.L
        out = [HitRegion(L.piles[("encounter_deck",)], Ref.of("pile", "encounter_deck"),
                         tooltip=s.words("tip.encounter_deck", n=view.encounter_deck)),
               HitRegion(L.piles[("encounter_discard",)], Ref.of("pile", "encounter_discard"),
                         tooltip=s.words("tip.encounter_discard", n=len(view.encounter_discard)))]
        out.append(HitRegion(L.quest, Ref.of("quest"), tooltip=s.words("tip.quest", n=view.stage.progress,
                                                                         of=view.stage.points),
                             drop_target=True, accepts=s.regions.accepts(Ref.of("quest"))))
        return out

    def text_problems(self) -> list[str]:
        """The band's text is recorded with the table's (the scene checks them together)."""
        return []

