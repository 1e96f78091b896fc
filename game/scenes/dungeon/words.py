"""The dungeon table's words and zooms: token, chip, hero and map names, statuses, phases, banners, and the
large views of tokens, chips, map sides and bags the inspector shows.

Why: every pane words the same things (a token's name, a seat's status, a map side's summary); these read
only the level's public content (``TableContent``) and the typed view records, never the rule state.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.dungeon.views import PlayerRecord, TableContent, VillageLine
from game.scenes.dungeon import art

PHASE_KEYS = ("dungeon", "resolution", "village", "market")


class DungeonWords:
    """Names and words of the dungeon table, in the host's language (``host.lang``, ``host.seat_name``)."""

    def __init__(self, host: Any, tables: TableContent) -> None:
        self.host = host
        self.tables = tables
        self.model = tables.model

    @property
    def lang(self) -> str:
        """The language words are in now."""
        return str(self.host.lang)

    def seat_name(self, seat: int | None) -> str:
        """A seat's player name."""
        return str(self.host.seat_name(seat))

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

    def ctype_label(self, ctype: str) -> str:
        """Return a chip type as 'Face / Face'."""
        chip = self.model.chips.get(ctype)
        return " / ".join(self.tname(f) for f in chip.faces) if chip is not None else ctype

    def chip_does(self, ctype: str) -> str:
        """What a chip type does, face by face ("Sword: hits each adjacent monster. / Coin: +1 gold.")."""
        chip = self.model.chips.get(ctype)
        if chip is None:
            return ""
        parts = []
        for face in chip.faces:
            desc = self.tdesc(face)
            parts.append(f"{self.tname(face)}: {desc}" if desc else self.tname(face))
        return "\n".join(parts)

    def hero_name(self, p: PlayerRecord | None, seat: int) -> str:
        """Return the hero name of a seat (the seat's name when unknown)."""
        hero = self.model.heroes.get(p.hero) if p is not None else None
        return i18n.localize(hero.name, self.lang) if hero is not None else self.seat_name(seat)

    def hero_title(self, p: PlayerRecord | None) -> str:
        """Return the hero's title ("the ..."), empty when it has none."""
        hero = self.model.heroes.get(p.hero) if p is not None else None
        return i18n.localize(hero.title, self.lang) if hero is not None and hero.title else ""

    def side_name(self, card: str | None, side: int) -> str:
        """Return the printed name of one side of a map card."""
        for lst in (self.model.entrance, self.model.depths):
            for c in lst:
                if c.id == card:
                    return i18n.localize(c.sides[side].name, self.lang)
        return str(card)

    def side_summary(self, card: str, side: int) -> str:
        """What a map side holds in words: mandatory and optional features, obstacles, monsters."""
        cells = [c for floor in self.tables.side(card, side) for c in floor]
        mand = sum(1 for c in cells if c.kind == "feature" and c.mandatory)
        opt = sum(1 for c in cells if c.kind == "feature" and not c.mandatory)
        obs = sum(1 for c in cells if c.kind == "obstacle")
        mon = sum(1 for c in cells if c.kind == "feature" and art.token_category(self.model, c.token) == "monster")

        def part(what: str, n: int) -> str:
            return t(f"dscene.side_{what}", n=n)  # plural forms: the language's CLDR rule picks one

        return t("dscene.side_summary", mandatory=part("mandatory", mand), optional=part("optional", opt),
                 obstacles=part("obstacles", obs), monsters=part("monsters", mon))

    def command(self, action: Action, p: PlayerRecord | None, price: int | None = None) -> str | None:
        """An action as a button's words, a command to click ("Leave the market", "Draw a chip (8 left)"), for
        the acting seat's record ``p``; None for an action these words do not know (the rules' sentence then).
        The log keeps the rules' sentences about a player ("Ana leaves the market")."""
        k = action.kind
        try:
            if k == "done":
                return t("dscene.cmd.done")
            if k == "buy" and price is not None:
                return t("dscene.cmd.buy", chip=self.ctype_label(str(action["chip"])), price=price)
            if p is None:
                return None
            if k == "draw":
                return t("dscene.cmd.draw", n=len(p.bag))
            if k == "choose_map":
                side = int(action["side"])
                return t("dscene.cmd.choose_map", side=side + 1, name=self.side_name(p.pending_map, side))
            if k == "continue":
                return t("dscene.cmd.continue", floor=p.hero_row + 2)
            if k == "stop":
                return t("dscene.cmd.stop", floor=p.hero_row + 1)
            if k == "place_depths":
                side, shift = int(action["side"]), int(action["shift"])
                return t("dscene.cmd.place_depths", side=side + 1, name=self.side_name(p.pending_map, side),
                         where=t("dungeon.shift." + {-1: "left", 1: "right"}.get(shift, "none")))
            if k == "place":
                face, floor, space = self.tname(str(action["face"])), int(action["floor"]), int(action["space"])
                board = self.tables.board(p)
                cell = board.cells.get(board.pos_of(floor, space)) if board is not None else None
                if cell is not None and cell.kind == "feature":
                    return t("dscene.cmd.place_over", face=face, floor=floor, space=space,
                             feature=self.tname(cell.token))
                return t("dscene.cmd.place", face=face, floor=floor, space=space)
        except (KeyError, ValueError, TypeError, IndexError):
            return None
        return None

    def status_text(self, p: PlayerRecord | None) -> str:
        """Return a seat's status in words ("choosing the side of ...")."""
        status = p.status if p is not None and p.status else "waiting"
        st_key = f"dungeon.status.{status}"
        return t(st_key) if i18n.has(st_key) else str(status)

    def village_lines(self, line: VillageLine) -> list[str]:
        """One hero's Village in words: levelled up, healed, or rested."""
        name = self.seat_name(line.seat)
        out = []
        if line.level_max is not None:
            out.append(t("dscene.village_level", name=name, max=line.level_max))
        if line.healed:
            out.append(t("dscene.village_heal", name=name, n=line.healed, health=line.health, max=line.max_health))
        elif line.level_max is None:
            out.append(t("dscene.village_rest", name=name, health=line.health, max=line.max_health))
        return out

    def phase_names(self) -> list[str]:
        """The four phases of a round, translated."""
        return [t(f"dscene.phase.{k}") for k in PHASE_KEYS]

    def phase_name(self, phase: str | None) -> str | None:
        """A phase in words (None when it is none of them)."""
        if phase in PHASE_KEYS or phase == "over":
            return t(f"dscene.phase.{phase}")
        return None

    def banner(self, event: Event) -> str:
        """The banner words of a ``PhaseBegan`` event (empty: no banner)."""
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

    def cell_tip(self, p: PlayerRecord, pos: tuple[int, int], board: Any) -> str:
        """A space of a dungeon in words: the chip on it, or the printed feature, obstacle or decor."""
        occ = {(c.row, c.col): c.face for c in p.chips}
        cell = board.cells[pos]
        lines = []
        if pos in occ:
            lines.append(t("dscene.cell.chip", name=self.tname(occ[pos])))
            lines.append(self.tdesc(occ[pos]))
        elif cell.kind == "obstacle":
            lines.append(t("dscene.cell.obstacle"))
        elif cell.kind == "feature":
            lines.append(t("dscene.cell.mandatory" if cell.mandatory else "dscene.cell.optional",
                           name=self.tname(cell.token)))
            lines.append(self.tdesc(cell.token))
        elif cell.decor:
            lines.append(t("dscene.cell.decor", decor=t(f"dscene.decor.{cell.decor}")
                           if i18n.has(f"dscene.decor.{cell.decor}") else cell.decor))
        else:
            lines.append(t("dscene.cell.empty"))
        if pos[0] > p.hero_row and cell.kind == "feature":
            lines.append(t("dscene.cell.unreached"))
        return "\n".join(x for x in lines if x)


class Zoom:
    """What the inspector shows large: a token, a chip's two faces, a chip type, a map side, a bag."""

    def __init__(self, inspector: Any, words: DungeonWords) -> None:
        self.inspector = inspector
        self.words = words

    def token(self, token: str, extra: str = "", ring: str | None = None) -> None:
        """A token (chip face or printed feature) large, with what it does."""
        w = self.words
        body = w.tdesc(token)
        if extra and extra not in body:
            body = extra if not body else extra + ("" if body in extra else "\n\n" + body)
        self.inspector.open(w.tname(token), body, image=art.chip(w.model, token, 360, ring))

    def faces(self, title: str, faces: list[str], subtitle: str = "") -> None:
        """Both faces of a chip, one above the other."""
        w = self.words
        body = "\n\n".join(f"{w.tname(f)}: {w.tdesc(f)}" for f in faces)

        def drawer(surf: pygame.Surface, rect: pygame.Rect) -> None:
            d = min(rect.w - 10, rect.h // 2 - 10)
            for i, f in enumerate(faces[:2]):
                img = art.chip(w.model, f, d)
                surf.blit(img, img.get_rect(center=(rect.centerx, rect.y + rect.h // 4 + i * rect.h // 2)))

        self.inspector.open(title, body, subtitle=subtitle, art=drawer)

    def cell(self, p: PlayerRecord, pos: tuple[int, int], board: Any) -> None:
        """A space of a dungeon: its chip or feature large, else the floor's words."""
        w = self.words
        if board is None or pos not in board.cells:
            return
        occ = {(c.row, c.col): c.face for c in p.chips}
        cell = board.cells[pos]
        token = occ.get(pos) or cell.token
        ring = None if pos in occ or cell.kind != "feature" else ("mandatory" if cell.mandatory else "optional")
        if token:
            self.token(token, w.cell_tip(p, pos, board), ring)
        else:
            self.inspector.open(t("dscene.floor_of", n=pos[0] + 1, total=board.floors), w.cell_tip(p, pos, board))

    def side(self, card: str, side: int) -> None:
        """One side of a map card large, with its summary."""
        w = self.words
        img = art.map_side(w.model, w.tables.content, card, side, 64)
        self.inspector.open(w.side_name(card, side), w.side_summary(card, side), image=img)

    def bag(self, seat: int, p: PlayerRecord | None) -> None:
        """What is in a seat's bag, as a list of chip types."""
        w = self.words
        tables = w.tables
        names = [w.ctype_label(tables.catalog.get(c, "")) for c in (p.bag if p is not None else ())
                 if c in tables.catalog]
        body = "\n".join(f"· {n}" for n in sorted(names)) or t("dscene.bag_empty")
        self.inspector.open(t("dscene.bag_title", name=w.seat_name(seat)), body, image=art.svg("bag.svg", (200, 200)))
