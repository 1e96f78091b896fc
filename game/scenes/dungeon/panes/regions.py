"""Hit regions of the table: spaces, the drawn chip, the ghost, offers, hero rows, map sides.

Moved out of the dungeon scene; it still reads the scene's state through ``ScenePart``."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import i18n
from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.dungeon.geometry import Board
from game.rulesets.dungeon.views import DungeonView
from game.scenes.dungeon import art
from game.scenes.dungeon.panes.common import (
    Layout,
    ScenePart,
    _ui,
)
from game.ui.input import Circle, HitRegion


class RegionsPane(ScenePart):
    """Hit regions of the table: spaces, the drawn chip, the ghost, offers, hero rows, map sides."""

    name = "regions"

    def _build_targets(self, view: dict[str, Any], seat: int, p: dict[str, Any], mode: str,
                       lay: Layout | None) -> list[HitRegion]:
        out: list[HitRegion] = []
        for s, rect in self._hero_rows():
            out.append(HitRegion(rect, _ui("seat", s), tooltip=t("dscene.show_seat", name=self.seat_name(s))
                                 + "\n" + self.status_text(self.player(s)),
                                 highlight=s != seat))
        if self.hint_truncated and self.hint_text:  # the "What now" box was cut: its whole text on hover
            out.append(HitRegion(self._hand_spots()["hint"], _ui("hint"), tooltip=self.hint_text, highlight=False))
        if self.replay is not None or self.village is not None:
            return out
        status = p.get("status")
        spots = self._hand_spots()
        self.scene.layout = lay
        if mode == "market":
            market = DungeonView.from_view(view, self.model).market
            for ctype, rect in self._offer_layout(view):
                offer = market.offer(ctype)
                assert offer is not None  # the layout lists the record's offers
                out.append(HitRegion(rect, Action.of("buy", chip=ctype), inspect=_ui("ctype", ctype),
                                     tooltip=t("dscene.buy_tip", chip=self.ctype_label(ctype), price=offer.price)))
        mine = self.my_turn_on(seat)
        bag_tip = t("dscene.bag_tip", n=len(p.get("bag", [])))
        if status == "draw" and mine:
            out.append(HitRegion(Circle(spots["bag"], 50), Action.of("draw"), tooltip=bag_tip,
                                 inspect=_ui("bag", seat)))
        else:
            out.append(HitRegion(Circle(spots["bag"], 50), _ui("bag", seat), tooltip=bag_tip, highlight=False))
        if mode == "map":
            _, rects = self._map_choice_rects()
            for side, rect in enumerate(rects):
                out.append(HitRegion(rect, Action.of("choose_map", side=side), inspect=_ui("side", p["pending_map"],
                                     side), tooltip=t("dscene.keep_side", n=side + 1,
                                                      name=self.side_name(p["pending_map"], side)) + "\n"
                                     + self._side_summary(p["pending_map"], side)))
        if status == "place" and p.get("pending_chip") and mine:
            out.extend(self._place_targets(seat, p, spots))
        elif self.scene.layout is not None and self.scene.layout.seat == seat:
            out.extend(self._cell_info_regions(p))
        if status == "floor_done":
            for b in self._floor_buttons(seat, p):
                reg = HitRegion(b.rect, b.payload, tooltip=b.tooltip, highlight=False, key=b.key)
                out.append(reg)
        if status == "depths" and mine and self.scene.layout is not None:
            out.extend(self._depths_targets(seat, p))
        return out

    def _cell_tip(self, p: dict[str, Any], pos: tuple[int, int], board: Board) -> str:
        occ = {(int(c["row"]), int(c["col"])): c["face"] for c in p.get("chips", []) if isinstance(c, dict)}
        key = (id(board), pos, occ.get(pos), pos[0] > int(p.get("hero_row", 0)), self.lang)
        hit = self._tips.get(key)
        if hit is None:
            hit = self._cell_tip_text(p, pos, board, occ)
            if len(self._tips) > 2000:
                self._tips.clear()
            self._tips[key] = hit
        return hit

    def _cell_tip_text(self, p: dict[str, Any], pos: tuple[int, int], board: Board, occ: dict) -> str:
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
        if pos[0] > int(p.get("hero_row", 0)) and cell.kind == "feature":
            lines.append(t("dscene.cell.unreached"))
        return "\n".join(x for x in lines if x)

    def _cell_info_regions(self, p: dict[str, Any]) -> list[HitRegion]:
        lay = self.scene.layout
        assert lay is not None
        out = []
        for pos in lay.board.cells:
            rect = lay.cell_rect(*pos)
            if not lay.clip.colliderect(rect):
                continue
            out.append(HitRegion(rect.clip(lay.clip), _ui("cell", pos), tooltip=self._cell_tip(p, pos, lay.board),
                                 highlight=False, key=("cell", pos)))
        return out

    def _place_targets(self, seat: int, p: dict[str, Any], spots: dict[str, Any]) -> list[HitRegion]:
        out: list[HitRegion] = []
        cid = p["pending_chip"]
        faces = self.chip_faces(cid)
        face = self._current_face(cid)
        other = [f for f in faces if f != face]
        lay = self.scene.layout
        if lay is not None and lay.seat == seat:
            board = lay.board
            for pos in board.cells:
                rect = lay.cell_rect(*pos)
                if not lay.clip.colliderect(rect):
                    continue
                floor, space = pos[0] + 1, board.space_of(pos)
                acts = [Action.of("place", face=f, floor=floor, space=space) for f in [face] + other if f]
                tip = self._cell_tip(p, pos, board)
                if acts and acts[0] in self._legal_set:
                    head = t("dscene.place_here", face=self.tname(face), floor=floor, space=space)
                    cell = board.cells[pos]
                    if cell.kind == "feature":
                        head += " " + t("dscene.replaces", feature=self.tname(cell.token))
                    tip = head + "\n" + self.tdesc(face) + "\n\n" + tip
                out.append(HitRegion(rect.clip(lay.clip), acts, tooltip=tip, drop_target=True,
                                     inspect=_ui("cell", pos), key=("cell", pos)))
        if face:
            ghost = art.chip(self.model, face, 84)
            out.append(HitRegion(Circle(spots["slot"], 44), _ui("flip"), draggable=True, ghost=ghost,
                                 inspect=_ui("chip", cid),
                                 tooltip=t("dscene.chip_tip", face=self.tname(face),
                                           other=self.tname(other[0]) if other else self.tname(face))))
            for i, (f, pos) in enumerate(zip(faces, spots["faces"])):
                out.append(HitRegion(Circle(pos, 18), _ui("face", i), tooltip=t("dscene.face_tip", face=self.tname(f))
                                     + "\n" + self.tdesc(f), inspect=_ui("token", f)))
        return out

    def _depths_targets(self, seat: int, p: dict[str, Any]) -> list[HitRegion]:
        lay = self.scene.layout
        assert lay is not None
        dc = self._depths_state(seat, p)
        out = []
        rect = self._ghost_rect(lay, p, dc["shift"])
        blank = pygame.Surface((1, 1), pygame.SRCALPHA)
        out.append(HitRegion(rect, _ui("ghost"), draggable=True, ghost=blank, highlight=True,
                             tooltip=t("dscene.depths_help"), inspect=_ui("side", p["pending_map"], dc["side"])))
        for k, name in ((-1, "shift_left"), (1, "shift_right")):
            ok = -1 <= dc["shift"] + k <= 1
            arrow = pygame.Rect(0, 0, 34, 46)
            arrow.center = ((rect.x - 22) if k < 0 else (rect.right + 22), rect.centery)
            out.append(HitRegion(arrow, _ui("shift", k), tooltip=t(f"dscene.{name}"), legal=ok,
                                 reason=None if ok else t("dscene.shift_limit")))
        for b in self._depths_buttons(seat, p):
            out.append(HitRegion(b.rect, b.payload, tooltip=b.tooltip, highlight=False, key=b.key))
        return out

