"""The arena pane: the body cards of both sides (heroes left, minions right) with their part chips and
packs, the targets lit on them, equipment drag sources and drop zones, and the numbers that float over
a card when it is hit, healed, missed or blocks.

It reads only a ``SkirmishView`` and the host's legal actions and selected menu group (a bare host has
neither: the cards are drawn and inspected, nothing is offered), so a parent game can mount it over a
child fight's view.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import localize, t
from game.rulesets.skirmish.views import CombatantRecord, SkirmishView
from game.scenes.skirmish.panes.cards import CardPainter
from game.scenes.skirmish.panes.common import (EQUIP_KINDS, STATS, FighterRef, ItemInfo, SkirmishPane, Zone,
                                               group_key, part_state)
from game.ui import anim, gfx
from game.ui.drops import DropMatcher
from game.ui.floaters import FloaterLayer
from game.ui.input import HitRegion


def drop_matcher(legal: Any) -> DropMatcher:
    """The equipment action a drag of an item's possible moves onto a zone stands for."""
    drops = DropMatcher(legal, reason=lambda payload, zone: t("skirmish_scene.no_drop"))
    drops.rule(lambda a, z: z.kind == "ground" and a.kind == "drop")
    drops.rule(lambda a, z: z.kind == "pack" and a.kind == "stow" and a.get("who") == z.who)
    drops.rule(lambda a, z: z.kind == "part" and a.kind in ("equip", "pickup", "take") and a.get("who") == z.who
               and z.part in (a.get("parts") or ()))
    return drops


def stow_owners(legal: list[Action]) -> set[str]:
    """Combatants that may stow something now (they get a pack drop zone even with an empty pack)."""
    return {a.get("who") for a in legal if a.kind == "stow"}


def item_tooltip(view: SkirmishView, iid: str, lang: str) -> str:
    """An item in words: its name, its modifiers, the actions it gives."""
    rec = view.items.get(iid)
    if rec is None:
        return str(iid)
    lines = [localize(rec.name, lang)]
    mods = ", ".join(f"{k.upper() if k in ('ap', 'dr') else k.capitalize()} {v:+d}" for k, v in rec.modifiers)
    if mods:
        lines.append(mods)
    if rec.actions:
        lines.append(", ".join(view.act_name(a, lang) for a in rec.actions))
    return "\n".join(lines)


class ArenaPane(CardPainter, SkirmishPane):
    """Body cards of both sides (see the module docstring)."""

    name = "arena"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.heroes.union(self.geo.minions))
        self.rects: dict[str, pygame.Rect] = {}
        self.chip_rects: dict[tuple[str, str], pygame.Rect] = {}
        self.pack_rects: dict[tuple[str, str], pygame.Rect] = {}
        self.pack_zone: dict[str, pygame.Rect] = {}
        self.floats = FloaterLayer()
        self.drops = drop_matcher(lambda: getattr(self.scene, "_legal_set", None) or set(self.legal))
        self.shown: SkirmishView | None = None  # the view last laid out (what ``inspect`` answers about)

    # ----------------------------------------------------------------- layout
    def arrange(self, view: SkirmishView) -> None:
        """Place the cards in their columns and, outside the advantage picks, their chips and packs."""
        self.shown = view
        self.rects = {}
        for area, side in ((self.geo.heroes, "heroes"), (self.geo.minions, "minions")):
            group = view.side(side)
            if not group:
                continue
            gap = 6
            h = min(128, (area.h - gap * (len(group) - 1)) // len(group))
            # a card whose name needs two lines is taller by one, where its column has the room (issue 15:
            # "Devastador de cuatro br…" beside a "Ready 1" badge at huge text)
            spare = area.h - gap * (len(group) - 1) - h * len(group)
            wraps = [c.id for c in group if h >= 80 and self.name_cut(c, pygame.Rect(area.x, 0, area.w, h))]
            extra = min(gfx.line_height(15, True), spare // len(wraps)) if wraps else 0
            y = area.y
            for c in group:
                ch = h + (extra if c.id in wraps else 0)
                self.rects[c.id] = pygame.Rect(area.x, y, area.w, ch)
                y += ch + gap
        if not self.picking(view):
            self._chips(view)

    @staticmethod
    def picking(view: SkirmishView) -> bool:
        """True on the set-up advantage picks (the picks cover the minions' column)."""
        return view.decision is not None and view.decision.type == "advantage"

    def _chips(self, view: SkirmishView) -> None:
        """Where each part chip, pack chip and pack zone goes."""
        self.chip_rects, self.pack_rects, self.pack_zone = {}, {}, {}
        legal = self.legal
        owners = stow_owners(legal)
        fighters = view.by_id()
        for cid, rect in self.rects.items():
            c = fighters[cid]
            holder = c.holder()
            drop_parts = {p for a in legal if a.kind in ("equip", "pickup", "take") and a.get("who") == cid
                          for p in (a.get("parts") or ())}
            parts = [p for p in c.parts if p.limb or p.id in holder or p.id in drop_parts]
            x0 = rect.x + self.sprite_size(rect) + 12
            ch = 18 if rect.h < 80 else 20
            y = self.chip_top(rect)
            pack = list(c.pack)
            avail = rect.right - 8 - x0 - (22 + 20 * len(pack) if pack or cid in owners else 0)
            n = max(1, len(parts))
            w = max(18, min(40, (avail - 3 * (n - 1)) // n))
            for i, p in enumerate(parts):
                self.chip_rects[(cid, p.id)] = pygame.Rect(x0 + i * (w + 3), y, w, ch)
            px = x0 + n * (w + 3) + 6
            if pack or cid in owners:
                self.pack_zone[cid] = pygame.Rect(px, y, max(22, 16 + 20 * len(pack)), ch)
                for j, iid in enumerate(pack):
                    self.pack_rects[(cid, iid)] = pygame.Rect(px + 16 + 20 * j, y + 1, 18, ch - 2)

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, view: SkirmishView) -> None:
        """Every card (heroes only on the advantage picks), lit for actors and targets."""
        self.rec.begin()
        self.arrange(view)  # from the view drawn: a mounted arena's next battle has other fighters and items
        pal = gfx.palette()
        acting = view.acting
        targets, chips = self._lit(view)
        side = "heroes" if self.picking(view) else None
        for c in view.combatants:
            rect = self.rects.get(c.id)
            if rect is None or (side is not None and c.side != side):
                continue
            ring = pal.accent if c.id in acting else (pal.legal if c.id in targets else None)
            self.draw_card(surface, view, c, rect, ring)
            for key in chips:
                r = self.chip_rects.get(key)
                if key[0] == c.id and r is not None:
                    gfx.rounded_rect(surface, r.inflate(4, 4), pal.legal, 6, 2)

    def _lit(self, view: SkirmishView) -> tuple[set[str], set[tuple[str, str]]]:
        """The cards and chips that are targets now (aiming, extra targets, or the open menu group)."""
        legal = self.legal
        dtype = view.decision.type if view.decision else None
        if dtype == "aim":
            tid = view.pending.target if view.pending else None
            return {tid}, {(tid, a.get("limb")) for a in legal if a.kind == "aim" and a.get("limb")}
        if dtype == "targets":
            return ({a.get("target") for a in legal if a.kind == "add_target"},
                    {(a.get("target"), a.get("limb")) for a in legal if a.kind == "add_target" and a.get("limb")})
        if self.selected is not None:
            return {a.get("target") for a in legal if group_key(a) == self.selected}, set()
        return set(), set()

    # ----------------------------------------------------------------- regions
    def regions(self, view: SkirmishView, legal: list[Action]) -> list[Any]:
        """Cards, part chips (drag sources, drop zones or info), packs and pack zones."""
        self.arrange(view)
        fighters = view.by_id()
        if self.picking(view):
            return [HitRegion(r, FighterRef(cid), key=("card", cid), highlight=False,
                              tooltip=self.card_tooltip(fighters[cid]))
                    for cid, r in self.rects.items() if fighters[cid].side == "heroes"]
        regions = [HitRegion(rect, FighterRef(cid), tooltip=self.card_tooltip(fighters[cid]), key=("card", cid),
                             highlight=False) for cid, rect in self.rects.items()]
        equip = [a for a in legal if a.kind in EQUIP_KINDS]
        actors = view.acting
        for (cid, pid), rect in self.chip_rects.items():
            c = fighters[cid]
            iid = c.holder().get(pid)
            if iid is not None:
                reg = self.item_region(view, rect, iid, equip, ("chip", cid, pid))
                reg.tooltip = self.chip_tooltip(view, c, pid) + "\n" + (reg.tooltip or "")
                regions.append(reg)
            elif cid in actors and any(pid in (a.get("parts") or ()) and a.get("who") == cid for a in equip):
                zone = Zone("part", cid, pid)
                regions.append(HitRegion(rect, zone, drop_target=True, key=("zone", cid, pid),
                                         accepts=self.drops.accepts(zone),
                                         tooltip=self.chip_tooltip(view, c, pid) + "\n"
                                         + t("skirmish_scene.drop_part", part=view.part_name(cid, pid, self.lang))))
            else:
                regions.append(HitRegion(rect, FighterRef(cid), key=("part", cid, pid), highlight=False,
                                         tooltip=self.chip_tooltip(view, c, pid)))
        for (cid, iid), rect in self.pack_rects.items():
            regions.append(self.item_region(view, rect, iid, equip, ("pack", cid, iid)))
        for cid, rect in self.pack_zone.items():
            if cid in actors and any(a.kind == "stow" and a.get("who") == cid for a in equip):
                regions.append(HitRegion(rect, Zone("pack", cid), drop_target=True, key=("zone_pack", cid),
                                         accepts=self.drops.accepts(Zone("pack", cid)),
                                         tooltip=t("skirmish_scene.drop_pack")))
        return regions

    def target_regions(self, view: SkirmishView, legal: list[Action]) -> list[HitRegion]:
        """The targets on the cards and chips: the aimed limb, extra targets, or the open group's targets."""
        out: list[HitRegion] = []
        dtype = view.decision.type if view.decision else None
        if dtype == "aim":
            tid = view.pending.target if view.pending else None
            for a in legal:
                if a.kind != "aim" or tid not in self.rects:
                    continue
                limb = a.get("limb")
                rect = self.rects[tid] if limb is None else self.chip_rects.get((tid, limb))
                if rect is not None:
                    out.append(HitRegion(rect, a, key=("aim", limb)))
        elif dtype == "targets":
            per: dict[str, list[Action]] = {}
            for a in legal:
                if a.kind == "add_target":
                    per.setdefault(a.get("target"), []).append(a)
            for tid, acts in per.items():
                body = [a for a in acts if a.get("limb") is None]
                if tid in self.rects:
                    out.append(HitRegion(self.rects[tid], body[0] if body else acts, key=("add", tid)))
                for a in acts:
                    r = self.chip_rects.get((tid, a.get("limb")))
                    if r is not None:
                        out.append(HitRegion(r, a, key=("add", tid, a.get("limb"))))
        elif self.selected is not None:
            for a in legal:
                if group_key(a) == self.selected and a.get("target") in self.rects:
                    out.append(HitRegion(self.rects[a.get("target")], a, key=("tgt", a.get("target"))))
        return out

    def item_region(self, view: SkirmishView, rect: pygame.Rect, iid: str, equip: list[Action],
                    key: tuple) -> HitRegion:
        """An item chip: a drag source of its moves, or information only."""
        moves = [a for a in equip if a.get("item") == iid]
        if moves:
            return HitRegion(rect, moves, draggable=True, key=key,
                             tooltip=f"{view.item_name(iid, self.lang)}\n{t('skirmish_scene.item_moves')}")
        return HitRegion(rect, ItemInfo(iid), key=key, highlight=False, tooltip=item_tooltip(view, iid, self.lang))

    # ----------------------------------------------------------------- words
    def card_tooltip(self, c: CombatantRecord) -> str:
        """A card's hover text."""
        return t("skirmish_scene.card_tip", name=localize(c.name, self.lang))

    def chip_tooltip(self, view: SkirmishView, c: CombatantRecord, pid: str) -> str:
        """A body part in words: its state (limbs: active, waiting n, disabled) and what it holds."""
        part = c.part(pid)
        if part is None:
            return str(pid)
        state = part_state(part)
        if part.holds is not None:
            state += ", " + t("skirmish_scene.holding", item=view.item_name(part.holds, self.lang))
        return t("skirmish_scene.part_tip", part=view.part_name(c.id, pid, self.lang), state=state)

    def body_text(self, view: SkirmishView, c: CombatantRecord) -> str:
        """The whole body card in words (the inspector's text)."""
        lang = self.lang
        lines = [f"{t('skirmish_scene.hp', left=max(0, c.hp - c.damage), hp=c.hp)} · "
                 f"{t('skirmish_scene.ap_level', n=c.ap_level)} · "
                 f"{t('skirmish_scene.ready', n=c.ready)} · {t('skirmish_scene.wait', n=c.wait)}",
                 f"{t('skirmish.stat_short.ap')} {c.stat('ap')} · " + t("skirmish_scene.stats_line", **{k: c.stat(k) for k in STATS})]
        for p in c.parts:
            lines.append(f"{view.part_name(c.id, p.id, lang)}: {part_state(p)}"
                         + (f" — {view.item_name(p.holds, lang)}" if p.holds is not None else ""))
        if c.pack:
            lines.append(f"{t('skirmish_scene.pack')}: " + ", ".join(view.item_name(i, lang) for i in c.pack))
        return "\n".join(lines)

    # ----------------------------------------------------------------- animations
    def animate(self, events: list[Event], view: SkirmishView) -> list[Any]:
        """Numbers over the cards: damage, healing, a missed check, a block."""
        pal = gfx.palette()
        out: list[Any] = []
        for e in events:
            kind, data = e.kind, e.data
            if kind == "DamageDealt":
                amount = data.get("amount", 0)
                out.append(self.float_over(data.get("target"), f"-{amount}" if amount else "0", pal.bad))
            elif kind == "Healed":
                out.append(self.float_over(data.get("who"), f"+{data.get('amount', 0)}", pal.good))
            elif kind == "DiceRolled" and data.get("purpose") == "check" and not data.get("success"):
                out.append(self.float_over(data.get("target"), t("skirmish_scene.miss"), pal.ink_light))
            elif kind == "Blocked":
                out.append(self.float_over(data.get("target"), t("skirmish_scene.blocked"), pal.accent))
        return out

    def float_over(self, cid: str | None, text: str, colour: tuple) -> anim.Animation:
        """A number rising over a card (nothing when the card is not shown)."""
        def spawn() -> None:
            rect = self.rects.get(cid or "")
            if rect is None:
                return
            self.floats.spawn(text, (rect.x + 40, rect.y + rect.h * 0.45), colour, size=26, rise=40, life=1.3,
                              style="boxed")
        return anim.Sequence(anim.Call(spawn), anim.Wait(0.25))

    def inspect(self, payload: Any) -> Any | None:
        """The title and words of a card or an item this pane shows (None: not this pane's)."""
        view = self.shown
        if view is None:
            return None
        if isinstance(payload, FighterRef):
            c = view.get(payload.cid)
            return None if c is None else (localize(c.name, self.lang), self.body_text(view, c), c)
        if isinstance(payload, ItemInfo):
            return (view.item_name(payload.iid, self.lang), item_tooltip(view, payload.iid, self.lang), None)
        return None
