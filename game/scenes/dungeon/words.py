"""The dungeon scene's words: token, chip, hero and map names, statuses, phases, banners, zooms of tokens.

Why: a mixin of ``DungeonScene`` kept apart from the panes and the turn wiring; it reads the level model
(public content), the chip catalogue and the view; it changes nothing."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import i18n
from game.engine.events import Event
from game.engine.i18n import t
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import PHASE_KEYS


class DungeonWords:
    """Names and words the dungeon scene and its panes show (mixed into ``DungeonScene``)."""

    model: Any
    content: Any
    lang: str

    def tname(self, token: str | None) -> str:
        """Return a token's name in the current language."""
        tok = self.model.tokens.get(token) if token else None
        return i18n.localize(tok.name, self.lang) if tok is not None else str(token)

    def tdesc(self, token: str | None) -> str:
        """Return what a token does in words (its description, or its monster numbers)."""
        tok = self.model.tokens.get(token) if token else None
        if tok is None:
            return ""
        for e in tok.effects:
            if getattr(e, "effect", "") == "monster":
                hp, atk = art.monster_stats(self.model, token) or (e.hp, e.attack)
                return t("dscene.monster_stats", hp=hp, attack=atk, vp=e.vp, xp=e.xp, gold=e.gold)
        return i18n.localize(tok.description, self.lang) if tok.description else ""

    def chip_faces(self, chip_id: str | None) -> list[str]:
        """Return the two faces of a chip instance (empty when unknown)."""
        ctype = self.state.catalog.get(chip_id) if chip_id else None
        chip = self.model.chips.get(ctype) if ctype else None
        return list(chip.faces) if chip is not None else []

    def ctype_label(self, ctype: str) -> str:
        """Return a chip type as 'Face / Face'."""
        chip = self.model.chips.get(ctype)
        return " / ".join(self.tname(f) for f in chip.faces) if chip is not None else ctype

    def hero_name(self, seat: int) -> str:
        """Return the hero name of a seat."""
        try:
            hero = self.view["players"][seat]["hero"]
            return i18n.localize(self.model.heroes[hero].name, self.lang)
        except (KeyError, IndexError, TypeError):
            return self.seat_name(seat)

    def side_name(self, card: str | None, side: int) -> str:
        """Return the printed name of one side of a map card."""
        for lst in (self.model.entrance, self.model.depths):
            for c in lst:
                if c.id == card:
                    return i18n.localize(c.sides[side].name, self.lang)
        return str(card)

    def status_text(self, p: dict[str, Any]) -> str:
        """Return a seat's status in words ("choosing the side of ...")."""
        status = p.get("status", "waiting")
        st_key = f"dungeon.status.{status}"
        return t(st_key) if i18n.has(st_key) else str(status)

    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """The four phases of a round, translated."""
        return [t(f"dscene.phase.{k}") for k in PHASE_KEYS]

    def phase_text(self, view: dict[str, Any]) -> str | None:
        """The current phase in words (Resolution and Village while they are replayed)."""
        if self.village is not None:
            return t("dscene.phase.village")
        if self.replay is not None:
            return t("dscene.phase.resolution")
        phase = view.get("phase")
        if phase in PHASE_KEYS:
            return t(f"dscene.phase.{phase}")
        return t("dscene.phase.over") if phase == "over" else None

    def _banner_words(self, event: Event) -> str:
        d = event.data
        if event.kind != "PhaseBegan":
            return ""
        phase = d.get("phase")
        if phase == "round":
            return t("dscene.round_banner", round=d.get("round", ""))
        if phase == "dungeon":
            seat = d.get("seat")
            return t("dscene.dungeon_of", name=self.seat_name(seat)) if isinstance(seat, int) else ""
        if phase in ("resolution", "village", "market"):
            return t(f"dscene.phase.{phase}")
        return ""

    # ================================================================= per frame
    def _inspect_token(self, token: str, extra: str = "", ring: str | None = None) -> None:
        body = self.tdesc(token)
        if extra and extra not in body:
            body = extra if not body else extra + ("" if body in extra else "\n\n" + body)
        self.inspector.open(self.tname(token), body, image=art.chip(self.model, token, 360, ring))

    def _inspect_faces(self, title: str, faces: list[str], subtitle: str = "") -> None:
        body = "\n\n".join(f"{self.tname(f)}: {self.tdesc(f)}" for f in faces)

        def drawer(surf: pygame.Surface, rect: pygame.Rect) -> None:
            d = min(rect.w - 10, rect.h // 2 - 10)
            for i, f in enumerate(faces[:2]):
                img = art.chip(self.model, f, d)
                surf.blit(img, img.get_rect(center=(rect.centerx, rect.y + rect.h // 4 + i * rect.h // 2)))

        self.inspector.open(title, body, subtitle=subtitle, art=drawer)

    # ================================================================= events -> animations

