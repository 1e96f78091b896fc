"""The skirmish arena: heroes on the left, the Dark Lord's minions on the right, the AP track on top.

Why a scene of its own: a skirmish is read at a glance from who stands where on
the AP track, what each body can still do (limbs active, waiting or disabled,
equipment on each part) and what is on the reaction chain. The generic table
cannot show that. This scene draws only ``view`` (everything in a skirmish is
public) and maps clicks and drags to Actions from ``legal_actions()``:

* the action menu (centre) lists the acting combatant's actions grouped by
  action and item, with AP cost, difficulty and chance of success (exact, from
  the ruleset's 3d6-exploding table); a group with several targets opens and
  the targets light up on their body cards;
* aiming, extra targets and reactions are picked the same way (menu or cards);
* equipment chips are dragged between body parts, the pack and the ground;
* the chain is drawn as a stack that unwinds as it resolves; checks roll in the
  dice tray and damage numbers float over the cards;
* the set-up advantages get their own clear screen.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import localize, t
from game.rulesets.skirmish.bot import success_chance
from game.scenes.base import RulesetScene
from game.ui import anim, gfx
from game.ui import text as uitext
from game.ui.drops import DropMatcher
from game.ui.floaters import FloaterLayer
from game.ui.layers import LayerCache
from game.ui.input import Drop, HitRegion

log = logging.getLogger(__name__)

ASSETS = "skirmish"
HERO_SPRITES = {"vanguard", "duelist", "embermage", "warden"}
EQUIP_KINDS = ("equip", "pickup", "take", "stow", "drop")
TRACK_MAX = 15
DECISIONS = ("advantage", "opportunity", "reaction")


@dataclass(frozen=True)
class FighterRef:
    """Payload of a body card (click focuses it, right-click shows it large)."""

    cid: str


@dataclass(frozen=True)
class Zone:
    """A drop target for equipment: a body part, a combatant's pack, or the ground."""

    kind: str                  # "part", "pack", "ground"
    who: str | None = None
    part: str | None = None


@dataclass(frozen=True)
class ItemInfo:
    """Payload of an item chip that cannot move now (tooltip and inspect only)."""

    iid: str


@dataclass(frozen=True)
class ChainRef:
    """Payload of a chain entry (hover shows its full words; nothing to click)."""

    index: int


@dataclass
class Ghost:
    """A chain entry that just resolved, sliding off the stack."""

    text: str
    slot: int
    alpha: float = 1.0
    lift: float = 0.0


def _abbr(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return "".join(w[0] for w in words[:3]).upper()


def _fit(text: str, width: int, start: int, minimum: int, bold: bool = True) -> tuple[str, int]:
    """The text and font size that fit ``width``: smaller first, then cut with an ellipsis (the kit's fit_line)."""
    fitted = uitext.fit_line(text, width, start, minimum, bold=bold, height=40)
    return fitted.text, fitted.size


def _line_size(text: str, box: pygame.Rect, start: int, minimum: int, bold: bool = False) -> int:
    """The largest size <= start (>= minimum) at which one line of ``text`` fits ``box`` (the kit's line_size)."""
    return uitext.line_size(text, box.w, start, minimum, bold, box.h)


class SkirmishScene(RulesetScene):
    """The skirmish arena scene (see the module docstring)."""

    name = "skirmish"
    board_rect = pygame.Rect(10, 56, 1012, 590)
    log_rect = pygame.Rect(1030, 56, 240, 590)
    bar_rect = pygame.Rect(10, 654, 1012, 46)
    track_rect = pygame.Rect(14, 58, 1004, 74)
    TRACK_MID = 36  # the track's line, from its top: heroes' markers above, minions' below
    heroes_rect = pygame.Rect(14, 134, 300, 510)
    minions_rect = pygame.Rect(718, 134, 300, 510)
    centre_rect = pygame.Rect(322, 134, 388, 510)
    ground_rect = pygame.Rect(322, 610, 388, 34)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        if self.dice_tray is not None:  # roll over the detail card, leaving the menu and the chain in sight
            self.dice_tray.rect = pygame.Rect(self.centre_rect.x - 6, self.ground_rect.bottom - 236, 400, 236)
        self.selected: tuple | None = None       # (who, act, item) group whose targets are shown
        self.focus: str | None = None            # combatant shown in the detail card
        self.float_layer = FloaterLayer()
        self.drops = self._drop_matcher()
        self.ghosts: list[Ghost] = []
        self.needle_shown: float = float(self.view.get("needle", TRACK_MAX))
        self._needle_to: float = self.needle_shown
        self._board_cache: tuple[Any, pygame.Surface] | None = None
        self.layers = LayerCache()  # the AP track without needle and markers
        self._decision_key: Any = None
        self._rects: dict[str, pygame.Rect] = {}
        self._chip_rects: dict[tuple[str, str], pygame.Rect] = {}
        self._pack_rects: dict[tuple[str, str], pygame.Rect] = {}
        self._pack_zone: dict[str, pygame.Rect] = {}
        self._ground_rects: dict[str, pygame.Rect] = {}
        self._menu_rows: list[tuple[pygame.Rect, Any, str, str, str]] = []
        self._chain_text: list[str] = [self._entry_text(e) for e in self.view.get("chain", [])]
        self._chain_rows: list[tuple[pygame.Rect, int, str]] = []
        # every line of text the board drew with the box it must stay in (the static layer, then the track):
        # text_problems() checks them, so a larger text size or a longer language cannot spill or overlap
        self._texts: list[uitext.DrawnText] = []
        self._track_texts: list[uitext.DrawnText] = []
        self._recording = self._texts
        self.action_bar.max_button = 470  # "X si prepara: +1 punto di prontezza (1 PA)" needs the room

    # ================================================================= text in boxes
    def _put(self, surface: pygame.Surface, text: str, pos: tuple[float, float], size: int, colour: Any,
             align: str, box: pygame.Rect, bold: bool = False, max_width: int | None = None) -> pygame.Rect:
        """Draw text with gfx.text and remember the rect it took and the box it belongs in."""
        return uitext.put(surface, text, pos, size, colour, align, box, self._recording, bold, max_width)

    def _line(self, surface: pygame.Surface, text: str, box: pygame.Rect, size: int, colour: Any,
              align: str = "midleft", bold: bool = False, minimum: int | None = None) -> pygame.Rect:
        """One line of text inside ``box``: the font shrinks (not below ``minimum``), then the text is cut with "…"."""
        return uitext.line(surface, text, box, size, colour, self._recording, align, bold, minimum)

    def text_problems(self) -> list[str]:
        """Text drawn outside its box, or on top of other text, in the last drawn frame (empty: all clean)."""
        return uitext.problems(self._texts + self._track_texts)

    @property
    def floaters(self) -> list[Any]:
        """The floating numbers showing now (the kit's ``Floater`` records)."""
        return self.float_layer.items

    # ================================================================= reading the view
    def _fighters(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        return [c for c in view.get("combatants", []) if isinstance(c, dict) and "id" in c]

    def _by_id(self, view: dict[str, Any]) -> dict[str, dict[str, Any]]:
        return {c["id"]: c for c in self._fighters(view)}

    def _name(self, cid: str | None) -> str:
        """A combatant's name; a name shared by several gets the number shown on its card (#2)."""
        if cid is None:
            return "-"
        view = self.view
        c = self._by_id(view).get(cid)
        if c is None:
            return str(cid)
        name = localize(c["name"], self.lang)
        if sum(1 for x in self._fighters(view) if localize(x["name"], self.lang) == name) > 1:
            name += f" #{self._side_index(view).get(cid, '?')}"
        return name

    def describe(self, action: Action) -> str:
        """The rules' words for an action, with card numbers where two combatants share a name."""
        text = super().describe(action)
        who = action.get("who") if isinstance(action, Action) else None
        if who:
            plain = localize(self._by_id(self.view).get(who, {}).get("name", ""), self.lang)
            tagged = self._name(who)
            if plain and tagged != plain and text.startswith(plain):
                text = tagged + text[len(plain):]
        return text

    def _item_name(self, iid: str) -> str:
        try:
            return localize(self.state.item_def(iid).name, self.lang)
        except Exception:  # noqa: BLE001 - an unknown item is shown by id
            return str(iid)

    def _act_name(self, aid: str | None) -> str:
        try:
            return localize(self.state.model.actions[aid].name, self.lang)
        except Exception:  # noqa: BLE001
            return str(aid)

    def _part_name(self, cid: str, pid: str | None) -> str:
        if pid is None:
            return t("skirmish_scene.body")
        try:
            return self.state.part_name(self.state.c(cid), pid, self.lang)
        except Exception:  # noqa: BLE001
            return str(pid)

    def _active(self, cid: str) -> bool:
        try:
            return bool(self.state.active(self.state.c(cid)))
        except Exception:  # noqa: BLE001 - an unknown combatant is not on the track
            return False

    def _decision(self) -> dict[str, Any] | None:
        try:
            return self.state.decision()
        except Exception:  # noqa: BLE001 - drawing never breaks on a rules hiccup
            log.exception("decision()")
            return None

    def _entry_text(self, e: dict[str, Any]) -> str:
        try:
            targets = ", ".join(self._name(x.get("id")) + (f" ({self._part_name(x['id'], x.get('limb'))})"
                                                           if x.get("limb") else "") for x in e.get("targets", []))
            act = self._act_name(e["act"]) if e.get("act") else self.state.entry_name(e, self.lang)
            text = f"{self._name(e.get('actor'))}: {act}"
            if e.get("kind") == "equip" and e.get("item"):
                text += f" ({self._item_name(e['item'])})"
            return text + (f" » {targets}" if targets else "")
        except Exception:  # noqa: BLE001
            return str(e.get("act") or e.get("kind"))

    def _chance(self, who: str, aid: str, tid: str, limb: str | None = None) -> tuple[int | None, float]:
        """Difficulty and chance of success of an action on a target (exact 3d6-exploding table)."""
        st = self.state
        adef = st.model.actions.get(aid)
        if adef is None or adef.check is None:
            return None, 1.0
        ch = adef.check
        diff = ch.difficulty + (2 if limb else 0)
        if ch.defense:
            diff += st.stat(st.c(tid), ch.defense)
        bonus = st.stat(st.c(who), ch.offense) if ch.offense else 0
        return diff, success_chance(bonus, diff)

    # ================================================================= hooks: tracker
    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """Advantages, Opportunity, Reaction (the tracker highlights the current one)."""
        return [t(f"skirmish_scene.phase.{k}") for k in DECISIONS]

    def phase_text(self, view: dict[str, Any]) -> str | None:
        """The current decision in words."""
        d = self._decision()
        if d is None:
            return None
        kind = d["type"] if d["type"] in DECISIONS else ("reaction" if self.state.chain else "opportunity")
        return t(f"skirmish_scene.phase.{kind}")

    def round_label(self, view: dict[str, Any]) -> str | None:
        """Set-up before round 1, then the round number."""
        if not view.get("round"):
            return t("skirmish_scene.setup")
        return super().round_label(view)

    # ================================================================= layout
    def _layout(self, view: dict[str, Any]) -> None:
        fighters = self._fighters(view)
        self._rects = {}
        for side, area in (("heroes", self.heroes_rect), ("minions", self.minions_rect)):
            group = [c for c in fighters if c.get("side") == side]
            if not group:
                continue
            gap = 6
            h = min(128, (area.h - gap * (len(group) - 1)) // len(group))
            for i, c in enumerate(group):
                self._rects[c["id"]] = pygame.Rect(area.x, area.y + i * (h + gap), area.w, h)

    def _side_index(self, view: dict[str, Any]) -> dict[str, int]:
        out: dict[str, int] = {}
        counts = {"heroes": 0, "minions": 0}
        for c in self._fighters(view):
            side = c.get("side", "minions")
            counts[side] = counts.get(side, 0) + 1
            out[c["id"]] = counts[side]
        return out

    # ================================================================= targets
    def _reset_on_new_decision(self) -> None:
        key = (len(self.match.history), id(self.state))
        if key != self._decision_key:
            self._decision_key = key
            d = self._decision()
            if self.selected is not None and not any(self._group_key(a) == self.selected for a in self.legal):
                self.selected = None
            if d is not None and d.get("who"):
                self.focus = d["who"][0]

    @staticmethod
    def _group_key(a: Action) -> tuple | None:
        if a.kind in ("use", "react"):
            return (a.kind, a.get("who"), a.get("act"), a.get("item"))
        return None

    def _groups(self, legal: list[Action]) -> list[tuple[tuple, list[Action]]]:
        out: dict[tuple, list[Action]] = {}
        for a in legal:
            k = self._group_key(a)
            if k is not None:
                out.setdefault(k, []).append(a)
        return list(out.items())

    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        """Body cards, menu rows, limb and item chips, drop zones and the advantage cards (cached per position)."""
        self._reset_on_new_decision()
        key = (len(self.match.history), id(self.state), self.viewer, self.lang, self.selected, self.can_act(),
               self.match.to_act())
        if self._targets_cache is not None and self._targets_cache[0] == key:
            return self._targets_cache[1]
        regions = self._build_targets(view, legal)
        self._targets_cache = (key, regions)
        return regions

    _targets_cache: tuple[Any, list[HitRegion]] | None = None

    def _build_targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        self._layout(view)
        regions: list[HitRegion] = []
        d = self._decision()
        dtype = d["type"] if d else None
        if dtype == "advantage":
            return self._advantage_regions(view, legal)
        fighters = self._by_id(view)
        # body cards (inspect, focus)
        for cid, rect in self._rects.items():
            c = fighters[cid]
            regions.append(HitRegion(rect, FighterRef(cid), tooltip=self._card_tooltip(c), key=("card", cid),
                                     highlight=False))
        self._chip_layout(view)
        equip = [a for a in legal if a.kind in EQUIP_KINDS]
        actors = set(d["who"]) if d else set()
        # item chips on parts and in packs: drag sources (or info)
        for (cid, pid), rect in self._chip_rects.items():
            c = fighters[cid]
            iid = self._holder(c).get(pid)
            if iid is not None:
                reg = self._item_region(rect, iid, equip, ("chip", cid, pid))
                reg.tooltip = self._chip_tooltip(c, pid) + "\n" + (reg.tooltip or "")
                regions.append(reg)
            elif cid in actors and any(pid in (a.get("parts") or ()) and a.get("who") == cid for a in equip):
                regions.append(HitRegion(rect, Zone("part", cid, pid), drop_target=True, key=("zone", cid, pid),
                                         accepts=self._accepts(Zone("part", cid, pid)),
                                         tooltip=self._chip_tooltip(c, pid) + "\n"
                                         + t("skirmish_scene.drop_part", part=self._part_name(cid, pid))))
            else:
                regions.append(HitRegion(rect, FighterRef(cid), key=("part", cid, pid), highlight=False,
                                         tooltip=self._chip_tooltip(c, pid)))
        for (cid, iid), rect in self._pack_rects.items():
            regions.append(self._item_region(rect, iid, equip, ("pack", cid, iid)))
        for cid, rect in self._pack_zone.items():
            if cid in actors and any(a.kind == "stow" and a.get("who") == cid for a in equip):
                regions.append(HitRegion(rect, Zone("pack", cid), drop_target=True, key=("zone_pack", cid),
                                         accepts=self._accepts(Zone("pack", cid)), tooltip=t("skirmish_scene.drop_pack")))
        for iid, rect in self._ground_rects.items():
            regions.append(self._item_region(rect, iid, equip, ("ground", iid)))
        if any(a.kind == "drop" for a in equip):
            regions.append(HitRegion(self.ground_rect, Zone("ground"), drop_target=True, key=("zone_ground",),
                                     accepts=self._accepts(Zone("ground")), tooltip=t("skirmish_scene.drop_ground"),
                                     highlight=False))
        # the menu
        self._menu_rows = self._menu(view, legal, d)
        for rect, payload, _label, _detail, _kind in self._menu_rows:
            if payload is not None:
                regions.append(HitRegion(rect, payload, key=("menu", repr(payload))))
        # targets on the cards; the chain's entries say their whole text on hover
        regions += self._card_targets(view, legal, dtype)
        regions += self._chain_regions(view)
        return regions

    def _item_region(self, rect: pygame.Rect, iid: str, equip: list[Action], key: tuple) -> HitRegion:
        moves = [a for a in equip if a.get("item") == iid]
        if moves:
            return HitRegion(rect, moves, draggable=True, key=key,
                             tooltip=f"{self._item_name(iid)}\n{t('skirmish_scene.item_moves')}")
        return HitRegion(rect, ItemInfo(iid), key=key, highlight=False, tooltip=self._item_tooltip(iid))

    def _chip_tooltip(self, c: dict[str, Any], pid: str) -> str:
        """A body part in words: its state (limbs: active, waiting n, disabled) and what it holds."""
        try:
            sc = self.state.c(c["id"])
            part = next(p for p in sc["parts"] if p["id"] == pid)
        except Exception:  # noqa: BLE001
            return str(pid)
        state = self._part_state(sc, part)
        iid = self._holder(c).get(pid)
        if iid is not None:
            state += ", " + t("skirmish_scene.holding", item=self._item_name(iid))
        return t("skirmish_scene.part_tip", part=self._part_name(c["id"], pid), state=state)

    def _item_tooltip(self, iid: str) -> str:
        try:
            idef = self.state.item_def(iid)
        except Exception:  # noqa: BLE001
            return str(iid)
        lines = [localize(idef.name, self.lang)]
        mods = ", ".join(f"{k.upper() if k in ('ap', 'dr') else k.capitalize()} {v:+d}"
                         for k, v in idef.modifiers.items())
        if mods:
            lines.append(mods)
        if idef.actions:
            lines.append(", ".join(self._act_name(a) for a in idef.actions))
        return "\n".join(lines)

    def _accepts(self, zone: Zone) -> Any:
        return self.drops.accepts(zone)

    def _drop_matcher(self) -> DropMatcher:
        """The equipment action a drag of an item's possible moves onto a zone stands for."""
        drops = DropMatcher(lambda: self._legal_set, reason=lambda payload, zone: t("skirmish_scene.no_drop"))
        drops.rule(lambda a, z: z.kind == "ground" and a.kind == "drop")
        drops.rule(lambda a, z: z.kind == "pack" and a.kind == "stow" and a.get("who") == z.who)
        drops.rule(lambda a, z: z.kind == "part" and a.kind in ("equip", "pickup", "take") and a.get("who") == z.who
                   and z.part in (a.get("parts") or ()))
        return drops

    def _match_drop(self, payload: Any, zone: Zone) -> Action | None:
        """The equipment action a drag of ``payload`` (its possible moves) onto ``zone`` stands for."""
        return self.drops.match(payload, zone)

    def _card_targets(self, view: dict[str, Any], legal: list[Action], dtype: str | None) -> list[HitRegion]:
        out: list[HitRegion] = []
        if dtype == "aim":
            p = self.state.pending or {}
            tid = p.get("target")
            for a in legal:
                if a.kind != "aim" or tid not in self._rects:
                    continue
                limb = a.get("limb")
                rect = self._rects[tid] if limb is None else self._chip_rects.get((tid, limb))
                if rect is not None:
                    out.append(HitRegion(rect, a, key=("aim", limb)))
        elif dtype == "targets":
            per: dict[str, list[Action]] = {}
            for a in legal:
                if a.kind == "add_target":
                    per.setdefault(a.get("target"), []).append(a)
            for tid, acts in per.items():
                body = [a for a in acts if a.get("limb") is None]
                if tid in self._rects:
                    out.append(HitRegion(self._rects[tid], body[0] if body else acts, key=("add", tid)))
                for a in acts:
                    r = self._chip_rects.get((tid, a.get("limb")))
                    if r is not None:
                        out.append(HitRegion(r, a, key=("add", tid, a.get("limb"))))
        elif self.selected is not None:
            for a in legal:
                if self._group_key(a) == self.selected and a.get("target") in self._rects:
                    out.append(HitRegion(self._rects[a.get("target")], a, key=("tgt", a.get("target"))))
        return out

    def _card_tooltip(self, c: dict[str, Any]) -> str:
        return t("skirmish_scene.card_tip", name=localize(c["name"], self.lang))

    # ----------------------------------------------------------------- menu rows
    def _menu(self, view: dict[str, Any], legal: list[Action], d: dict[str, Any] | None
              ) -> list[tuple[pygame.Rect, Any, str, str, str]]:
        """Rows of the centre panel: (rect, payload, label, detail, kind)."""
        rows: list[tuple[Any, str, str, str]] = []
        if d is None:
            self._menu_bottom_y = self.centre_rect.y + 120
            return []
        dtype = d["type"]
        if dtype in ("opportunity", "reaction"):
            for key, acts in self._groups(legal):
                kind, who, aid, item = key
                adef = self.state.model.actions.get(aid)
                cost = adef.cost if adef else 0
                label = self._act_name(aid)
                if item:
                    label += f" ({self._item_name(item)})"
                if len(d["who"]) > 1:
                    label = f"{self._name(who)}: {label}"
                chances = [self._chance(who, aid, a.get("target")) for a in acts]
                if chances and chances[0][0] is None:
                    detail = f"{t('skirmish_scene.ap', n=cost)} · {t('skirmish_scene.no_check')}"
                else:
                    lo = round(100 * min(c for _, c in chances))
                    hi = round(100 * max(c for _, c in chances))
                    if len(acts) == 1:
                        detail = f"{t('skirmish_scene.ap', n=cost)} · " + t("skirmish_scene.chance", diff=chances[0][0],
                                                                           chance=lo)
                    else:
                        rng_txt = f"{lo}%" if lo == hi else t("skirmish_scene.chance_range", lo=lo, hi=hi)
                        detail = f"{t('skirmish_scene.ap', n=cost)} · {rng_txt}"
                if len(acts) > 1:
                    detail += " · " + t("skirmish_scene.targets_n", n=len(acts))
                else:
                    label += f" » {self._name(acts[0].get('target'))}"
                rows.append((acts if len(acts) > 1 else acts[0], label, detail, "group" if len(acts) > 1 else "one"))
                if key == self.selected and len(acts) > 1 and len(acts) + len(self._groups(legal)) <= 9:
                    for a, (diff, ch) in zip(acts, chances):
                        sub = t("skirmish_scene.no_check") if diff is None else \
                            t("skirmish_scene.chance", diff=diff, chance=round(100 * ch))
                        rows.append((a, f"   » {self._name(a.get('target'))}", sub, "sub"))
        elif dtype == "aim":
            p = self.state.pending or {}
            for a in legal:
                if a.kind != "aim":
                    continue
                limb = a.get("limb")
                adef = self.state.model.actions.get(p.get("act"))
                cost = (adef.cost if adef else 0) + (1 if limb else 0)
                diff, ch = self._chance(p.get("actor"), p.get("act"), p.get("target"), limb)
                sub = t("skirmish_scene.no_check") if diff is None else \
                    t("skirmish_scene.chance", diff=diff, chance=round(100 * ch))
                rows.append((a, self._part_name(p.get("target"), limb), f"{t('skirmish_scene.ap', n=cost)} · {sub}",
                             "one"))
        elif dtype == "targets":
            p = self.state.pending or {}
            for a in legal:
                if a.kind != "add_target":
                    continue
                tid, limb = a.get("target"), a.get("limb")
                diff, ch = self._chance(p.get("actor"), p.get("act"), tid, limb)
                label = self._name(tid) + (f" ({self._part_name(tid, limb)})" if limb else "")
                sub = t("skirmish_scene.no_check") if diff is None else \
                    t("skirmish_scene.chance", diff=diff, chance=round(100 * ch))
                rows.append((a, label, sub, "one"))
        # geometry: rows under the panel header, as tall as their text
        top = self.centre_rect.y + self._menu_header_h()
        n = max(1, len(rows))
        row_h = self._menu_row_h()
        bottom = self._menu_limit(view)
        self._menu_bottom_y = max(self.centre_rect.y + 120, min(bottom, top + n * row_h + 8))
        bottom = min(bottom, self._menu_bottom_y)
        h = max(18, min(row_h, (bottom - top) // n))
        out = []
        for i, (payload, label, detail, kind) in enumerate(rows):
            r = pygame.Rect(self.centre_rect.x + 8, top + i * h, self.centre_rect.w - 16, h - 2)
            if r.bottom > bottom:
                break
            out.append((r, payload, label, detail, kind))
        return out

    _menu_bottom_y = 0

    @staticmethod
    def _menu_header_h() -> int:
        """Height of the menu's title and hint lines (from the real line heights of the text size)."""
        return 8 + gfx.line_height(15, True) + gfx.line_height(12) + 6

    @staticmethod
    def _menu_row_h() -> int:
        """Height of one menu row (its label's line plus a margin)."""
        return max(26, gfx.line_height(13, True) + 6)

    @staticmethod
    def _chain_metrics() -> tuple[int, int]:
        """The chain box's heading height and the height of one entry, from the real line heights."""
        return gfx.line_height(12, True) + 8, gfx.line_height(11) + 6

    def _chain_height(self, n: int) -> int:
        """Height of the chain box for ``n`` entries (at most 176 px: the menu keeps 120 above it)."""
        head, slot = self._chain_metrics()
        return min(176, head + max(1, n) * (slot + 2) + 6)

    def _menu_bottom(self, view: dict[str, Any]) -> int:
        """Where the menu panel ends (set when the menu rows are laid out)."""
        return self._menu_bottom_y or self._menu_limit(view)

    def _menu_limit(self, view: dict[str, Any]) -> int:
        chain = view.get("chain") or []
        chain_h = self._chain_height(len(chain)) if chain else 0
        return self.centre_rect.y + 300 - chain_h - 4

    # ----------------------------------------------------------------- advantage screen
    def _advantage_rects(self, legal: list[Action]) -> list[tuple[pygame.Rect, Action]]:
        picks = [a for a in legal if a.kind == "advantage"]
        area = self._advantage_layout()[3]
        cols = 4
        nrows = max(1, -(-len(picks) // cols))
        w = (area.w - (cols - 1) * 10) // cols
        h = min(200, (area.h - (nrows - 1) * 12) // nrows)
        return [(pygame.Rect(area.x + (i % cols) * (w + 10), area.y + (i // cols) * (h + 12), w, h), a)
                for i, a in enumerate(picks)]

    def _advantage_layout(self) -> tuple[pygame.Rect, pygame.Rect, int, pygame.Rect]:
        """The advantage screen: title box, rule box, the rule's font size, and the area left for the picks."""
        area = pygame.Rect(self.centre_rect.x, self.centre_rect.y, self.minions_rect.right - self.centre_rect.x,
                           self.centre_rect.h)
        title = pygame.Rect(area.x + 20, area.y + 12, area.w - 40, gfx.line_height(22, True))
        rule = t("skirmish_scene.adv_rule")
        size = 13
        while size > 9 and len(gfx.wrap(rule, size, area.w - 60)) > 2:
            size -= 1
        rh = gfx.text_size(rule, size, max_width=area.w - 60)[1]
        rule_box = pygame.Rect(area.x + 30, title.bottom + 4, area.w - 60, rh)
        picks = pygame.Rect(area.x + 10, rule_box.bottom + 12, area.w - 20, area.bottom - 10 - rule_box.bottom - 12)
        return title, rule_box, size, picks

    def _advantage_regions(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        out = [HitRegion(r, FighterRef(cid), key=("card", cid), highlight=False,
                         tooltip=self._card_tooltip(self._by_id(view)[cid]))
               for cid, r in self._rects.items() if self._by_id(view)[cid].get("side") == "heroes"]
        for rect, a in self._advantage_rects(legal):
            out.append(HitRegion(rect, a, key=("adv", a.get("pick")),
                                 tooltip=t(f"skirmish.advantage.{a.get('pick')}") + "\n"
                                 + t(f"skirmish_scene.adv.{a.get('pick')}")))
        return out

    # ================================================================= input
    def choose_among(self, actions: list[Action]) -> None:
        """A menu group with several targets opens (its targets light up); other choices go to the bar."""
        keys = {self._group_key(a) for a in actions}
        if len(keys) == 1 and None not in keys:
            key = keys.pop()
            self.selected = None if self.selected == key else key
            self._board_cache = None
            return
        super().choose_among(actions)

    def on_click(self, payload: Any) -> None:
        """Cards focus the detail card; everything else is an action (or a group of them)."""
        if isinstance(payload, FighterRef):
            self.focus = payload.cid
            self._board_cache = None
            return
        if isinstance(payload, (Zone, ItemInfo, ChainRef)):
            return
        super().on_click(payload)

    def on_intent(self, intent: Any) -> None:
        """Drops on equipment zones play the matching equip/stow/drop action."""
        if isinstance(intent, Drop) and isinstance(intent.target, Zone):
            action = self._match_drop(intent.payload, intent.target)
            if action is None:
                self.toast.show(t("skirmish_scene.no_drop"), "error")
            else:
                self.act(action)
            return
        super().on_intent(intent)

    def undo(self) -> None:
        """Ctrl+Z: the base undoes; the arena forgets its cached layers and chain words."""
        super().undo()
        self._targets_cache = None
        self._board_cache = None
        self.selected = None
        self._chain_text = [self._entry_text(e) for e in self.state.chain]

    def act(self, action: Action) -> bool:
        """Play an action; the selection closes."""
        self.selected = None
        self._board_cache = None
        return super().act(action)

    def inspect(self, payload: Any) -> None:
        """Right-click: the full body card of a combatant, an item's details, or the action's words."""
        if isinstance(payload, FighterRef):
            c = self._by_id(self.view).get(payload.cid)
            if c is not None:
                self.inspector.open(localize(c["name"], self.lang), self._body_text(c),
                                    image=gfx.load_svg(self._sprite(c), (160, 160)), seat=c.get("seat"))
            return
        if isinstance(payload, ItemInfo):
            self.inspector.open(self._item_name(payload.iid), self._item_tooltip(payload.iid))
            return
        if isinstance(payload, (list, tuple)) and payload and isinstance(payload[0], Action) \
                and payload[0].get("item"):
            iid = payload[0].get("item")
            self.inspector.open(self._item_name(iid), self._item_tooltip(iid) + "\n\n"
                                + "\n".join(self.describe(a) for a in payload))
            return
        super().inspect(payload)

    def _body_text(self, c: dict[str, Any]) -> str:
        st = self.state
        lines = []
        try:
            sc = st.c(c["id"])
            dmg = st.total_damage(sc)
            hp = sc["stats"]["hp"]
            lines.append(f"{t('skirmish_scene.hp', left=max(0, hp - dmg), hp=hp)} · "
                         f"{t('skirmish_scene.ap_level', n=sc['ap_level'])} · "
                         f"{t('skirmish_scene.ready', n=sc['ready'])} · {t('skirmish_scene.wait', n=sc['wait'])}")
            lines.append(f"AP {st.stat(sc, 'ap')} · " + t("skirmish_scene.stats_line",
                                                        **{k: st.stat(sc, k) for k in ("str", "def", "per", "mag", "dr")}))
            holder = st.holder(sc)
            for p in sc["parts"]:
                lines.append(f"{self._part_name(c['id'], p['id'])}: {self._part_state(sc, p)}"
                             + (f" — {self._item_name(holder[p['id']])}" if p["id"] in holder else ""))
            if sc["pack"]:
                lines.append(f"{t('skirmish_scene.pack')}: " + ", ".join(self._item_name(i) for i in sc["pack"]))
        except Exception:  # noqa: BLE001
            log.exception("body text")
        return "\n".join(lines)

    def _part_state(self, sc: dict[str, Any], p: dict[str, Any]) -> str:
        st = self.state
        if not p.get("limb"):
            return t("skirmish_scene.active")
        if not st.part_active(sc, p["id"]):
            return t("skirmish_scene.disabled")
        if st.limb_waiting(sc, p["id"]):
            return t("skirmish_scene.waiting", n=sc["limb_wait"][p["id"]])
        return t("skirmish_scene.active")

    # ================================================================= events
    def on_events(self, events: list[Any]) -> None:
        """Dice in the tray, damage numbers over the cards, the chain unwinding, the needle sliding."""
        super().on_events(events)
        for e in events:
            kind, data = e.kind, e.data
            if kind == "Declared":
                self._chain_text.append(self._entry_text(data))
            elif kind == "Resolved":
                idx = int(data.get("index", len(self._chain_text) - 1))
                text = self._chain_text.pop() if self._chain_text else ""
                self.queue.play(self._ghost_anim(text, idx))
            elif kind == "DamageDealt":
                amount = data.get("amount", 0)
                self.queue.play(self._float_call(data.get("target"), f"-{amount}" if amount else "0",
                                                 gfx.palette().bad))
            elif kind == "Healed":
                self.queue.play(self._float_call(data.get("who"), f"+{data.get('amount', 0)}", gfx.palette().good))
            elif kind == "DiceRolled" and data.get("purpose") == "check" and not data.get("success"):
                self.queue.play(self._float_call(data.get("target"), t("skirmish_scene.miss"), gfx.palette().ink_light))
            elif kind == "Blocked":
                self.queue.play(self._float_call(data.get("target"), t("skirmish_scene.blocked"),
                                                 gfx.palette().accent))
        self._chain_text = [self._entry_text(x) for x in self.state.chain]
        self._board_cache = None
        self._needle_to = float(getattr(self.state, "needle", self.needle_shown))

    def _slide_needle(self, dt: float) -> None:
        """Move the drawn needle towards the rules' needle (about 12 steps a second)."""
        gap = self._needle_to - self.needle_shown
        if abs(gap) < 1e-3:
            self.needle_shown = self._needle_to
            return
        step = max(0.5, abs(gap) * 4) * dt * max(0.25, anim.speed())
        self.needle_shown += max(-step, min(step, gap)) if abs(gap) > step else gap

    def _float_call(self, cid: str | None, text: str, colour: tuple) -> anim.Animation:
        def spawn() -> None:
            rect = self._rects.get(cid or "")
            if rect is None:
                return
            self.float_layer.spawn(text, (rect.x + 40, rect.y + rect.h * 0.45), colour, size=26, rise=40, life=1.3,
                                   style="boxed")
        return anim.Sequence(anim.Call(spawn), anim.Wait(0.25))

    def _ghost_anim(self, text: str, slot: int) -> anim.Animation:
        ghost = Ghost(text, slot)

        def start() -> None:
            self.ghosts.append(ghost)

        def step(p: float) -> None:
            ghost.alpha = 1.0 - p
            ghost.lift = 30 * p
            if p >= 1.0 and ghost in self.ghosts:
                self.ghosts.remove(ghost)
        return anim.Sequence(anim.Call(start), anim.Func(step, 0.35))

    def update(self, dt: float) -> None:
        """Age the floating numbers, then the base's turn flow."""
        self._needle_to = float(getattr(self.state, "needle", self._needle_to))
        if self.needle_shown != self._needle_to:
            self._slide_needle(dt)
        self.float_layer.update(dt)
        super().update(dt)

    def is_animating(self) -> bool:
        """Floating numbers and ghosts keep the loop ticking."""
        return bool(self.floaters or self.ghosts or self.needle_shown != self._needle_to) or super().is_animating()

    # ================================================================= drawing
    def _holder(self, c: dict[str, Any]) -> dict[str, str]:
        out: dict[str, str] = {}
        for iid, parts in (c.get("equipped") or {}).items():
            for p in parts:
                out[p] = iid
        return out

    def _sprite(self, c: dict[str, Any]) -> str:
        kind = str(c.get("kind", ""))
        if c.get("side") == "heroes" and kind in HERO_SPRITES:
            return f"{ASSETS}/{kind}.svg"
        body = str(c.get("body", "humanoid"))
        if body not in ("humanoid", "tentacled", "winged", "four_armed", "arachnid", "ooze", "golem"):
            body = "humanoid"
        return f"{ASSETS}/body_{body}.svg"

    def _chip_layout(self, view: dict[str, Any]) -> None:
        """Where each part chip, pack chip and ground item goes (also used by targets)."""
        self._chip_rects, self._pack_rects, self._pack_zone, self._ground_rects = {}, {}, {}, {}
        legal = self.legal
        fighters = self._by_id(view)
        for cid, rect in self._rects.items():
            c = fighters[cid]
            holder = self._holder(c)
            drop_parts = {p for a in legal if a.kind in ("equip", "pickup", "take") and a.get("who") == cid
                          for p in (a.get("parts") or ())}
            parts = [p for p in c.get("parts", []) if p.get("limb") or p["id"] in holder or p["id"] in drop_parts]
            s = self._sprite_size(rect)
            x0 = rect.x + s + 12
            ch = 18 if rect.h < 80 else 20
            y = self._chip_top(rect)
            pack = list(c.get("pack") or [])
            avail = rect.right - 8 - x0 - (22 + 20 * len(pack) if pack or cid in drop_parts_owner(legal) else 0)
            n = max(1, len(parts))
            w = max(18, min(40, (avail - 3 * (n - 1)) // n))
            for i, p in enumerate(parts):
                self._chip_rects[(cid, p["id"])] = pygame.Rect(x0 + i * (w + 3), y, w, ch)
            px = x0 + n * (w + 3) + 6
            if pack or cid in drop_parts_owner(legal):
                self._pack_zone[cid] = pygame.Rect(px, y, max(22, 16 + 20 * len(pack)), ch)
                for j, iid in enumerate(pack):
                    self._pack_rects[(cid, iid)] = pygame.Rect(px + 16 + 20 * j, y + 1, 18, ch - 2)
        gx = self.ground_rect.x + 70
        ground = list(view.get("ground", []) or [])
        gw = min(96, (self.ground_rect.right - 4 - gx) // max(1, len(ground)) - 4)
        for iid in ground:
            self._ground_rects[iid] = pygame.Rect(gx, self.ground_rect.y + 5, gw, 24)
            gx += gw + 4

    @staticmethod
    def _chip_top(rect: pygame.Rect) -> int:
        """The y of a body card's row of part chips."""
        return rect.bottom - (18 if rect.h < 80 else 20) - 4

    @staticmethod
    def _sprite_size(rect: pygame.Rect) -> int:
        return max(32, min(rect.h - 10, 84))

    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Track, cards, menu, chain, detail card, ground; floaters and ghosts on top."""
        key = (len(self.match.history), id(self.state), self.viewer, self.lang, self.selected, self.focus,
               self.can_act(), gfx.palette().name)
        if self._board_cache is None or self._board_cache[0] != key:
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._draw_static(layer, view)
            self._board_cache = (key, layer)
        surface.blit(self._board_cache[1], (0, 0))
        self._draw_track(surface, view)
        self._draw_ghosts(surface)
        self.float_layer.draw(surface)

    def _draw_static(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        self._texts = []
        self._recording = self._texts
        d = self._decision()
        if d is not None and d["type"] == "advantage":
            self._draw_cards(surface, view, d, side="heroes")  # the picks cover the minions' column
            self._draw_advantages(surface, view, d)
            return
        self._draw_cards(surface, view, d)
        self._draw_menu(surface, view, d)
        self._draw_chain(surface, view)
        self._draw_detail(surface, view)
        self._draw_ground(surface, view)

    # ----------------------------------------------------------------- AP track
    def _track_x(self, level: float) -> float:
        r = self.track_rect
        return r.x + 24 + (r.w - 48) * level / TRACK_MAX

    def _track_base(self) -> pygame.Surface:
        """The AP track's panel, line and numbered stops (the part that never moves), painted once
        per track size, palette and text size: it was redrawn every frame, half the board's drawing."""
        r = self.track_rect

        def paint(layer: pygame.Surface) -> None:
            pal = gfx.palette()
            gfx.panel(layer, layer.get_rect(), pal.panel, radius=8, with_shadow=False)
            mid = self.TRACK_MID
            pygame.draw.line(layer, pal.edge, (self._track_x(0) - r.x, mid), (self._track_x(TRACK_MAX) - r.x, mid), 3)
            for n in range(TRACK_MAX + 1):
                x = self._track_x(n) - r.x
                pygame.draw.circle(layer, pal.panel_dark, (round(x), mid), 8)
                pygame.draw.circle(layer, pal.edge, (round(x), mid), 8, 1)
                gfx.text(layer, str(n), (x, mid), self._stop_size(), pal.ink, "center", bold=True)
        return self.layers.get("track", r.size, paint, extra=tuple(r))

    @staticmethod
    def _stop_size() -> int:
        """Font size of the numbers in the track's stops (two digits inside a 16 px circle)."""
        return _line_size("15", pygame.Rect(0, 0, 15, 40), 10, 6, True)

    def _draw_track(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        pal = gfx.palette()
        r = self.track_rect
        self._track_texts = []
        self._recording = self._track_texts
        try:
            self._draw_track_parts(surface, view, pal, r)
        finally:
            self._recording = self._texts

    def _draw_track_parts(self, surface: pygame.Surface, view: dict[str, Any], pal: Any, r: pygame.Rect) -> None:
        surface.blit(self._track_base(), r.topleft)
        mid = r.y + self.TRACK_MID
        # the needle
        nx = self._track_x(self.needle_shown)
        pygame.draw.polygon(surface, pal.bad, [(nx - 7, r.y + 2), (nx + 7, r.y + 2), (nx, r.y + 14)])
        pygame.draw.line(surface, pal.bad, (nx, r.y + 10), (nx, mid - 9), 3)
        pygame.draw.line(surface, pal.bad, (nx, mid + 9), (nx, r.bottom - 4), 3)
        # markers: heroes above the line, minions below; stacked within a level
        d = self._decision()
        acting = set(d["who"]) if d else set()
        idx = self._side_index(view)
        slots: dict[tuple[str, int], int] = {}
        st = self.state
        counts: dict[tuple[str, int], int] = {}
        for c in self._fighters(view):
            key = (c.get("side", "minions"), int(c.get("ap_level", 0)))
            if self._active(c["id"]):
                counts[key] = counts.get(key, 0) + 1
        for c in self._fighters(view) if view.get("round") else []:
            try:
                if not st.active(st.c(c["id"])):
                    continue
            except Exception:  # noqa: BLE001
                continue
            level = int(c.get("ap_level", 0))
            side = c.get("side", "minions")
            k = slots.get((side, level), 0)
            slots[(side, level)] = k + 1
            col, row = k % 4, k // 4
            in_row = min(4, counts.get((side, level), 1) - row * 4)
            x = self._track_x(level) + (col - (in_row - 1) / 2) * 11
            y = mid - 17 - row * 9 if side == "heroes" else mid + 17 + row * 9
            seat = int(c.get("seat", 0))
            if c["id"] in acting:
                pygame.draw.circle(surface, pal.accent, (round(x), round(y)), 10)
            gfx.draw_seat_badge(surface, seat, (x, y), 7)
            tag = str(idx.get(c["id"], ""))
            if k < 4:  # the number over a hero's marker, under a minion's, between it and the panel's edge
                box = pygame.Rect(x - 6, r.y + 1, 12, y - 7 - r.y - 1) if side == "heroes" else \
                    pygame.Rect(x - 6, y + 7, 12, r.bottom - 1 - y - 7)
                if box.h >= 8:
                    self._line(surface, tag, box, 9, pal.ink, "center", bold=True, minimum=5)
        # the needle's own number turns red; a legend names it in the corner furthest from the action
        level = int(round(self._needle_to))
        bx = self._track_x(level)
        pygame.draw.circle(surface, pal.bad, (round(bx), mid), 9)
        gfx.text(surface, str(level), (bx, mid), self._stop_size(), pal.ink_light, "center", bold=True)
        label = t("skirmish_scene.needle", n=level)
        lw = min(140, gfx.text_size(label, 11, True)[0])
        lh = min(mid - 9 - r.y - 3, gfx.line_height(11, True))
        box = pygame.Rect(r.right - 8 - lw, r.y + 2, lw, lh) if level < 12 else pygame.Rect(r.x + 8, r.y + 2, lw, lh)
        self._line(surface, label, box, 11, pal.bad, "midright" if level < 12 else "midleft", bold=True, minimum=7)

    # ----------------------------------------------------------------- body cards
    def _draw_cards(self, surface: pygame.Surface, view: dict[str, Any], d: dict[str, Any] | None,
                    side: str | None = None) -> None:
        pal = gfx.palette()
        st = self.state
        acting = set(d["who"]) if d else set()
        targets: set[str] = set()
        chips: set[tuple[str, str]] = set()
        dtype = d["type"] if d else None
        if dtype == "aim":
            tid = (self.state.pending or {}).get("target")
            targets = {tid}
            chips = {(tid, a.get("limb")) for a in self.legal if a.kind == "aim" and a.get("limb")}
        elif dtype == "targets":
            targets = {a.get("target") for a in self.legal if a.kind == "add_target"}
            chips = {(a.get("target"), a.get("limb")) for a in self.legal if a.kind == "add_target" and a.get("limb")}
        elif self.selected is not None:
            targets = {a.get("target") for a in self.legal if self._group_key(a) == self.selected}
        idx = self._side_index(view)
        for c in self._fighters(view):
            rect = self._rects.get(c["id"])
            if rect is None or (side is not None and c.get("side") != side):
                continue
            try:
                sc = st.c(c["id"])
                active = st.active(sc)
            except Exception:  # noqa: BLE001
                continue
            hero = c.get("side") == "heroes"
            colour = pal.panel if active else pal.panel_dark
            gfx.panel(surface, rect, colour, radius=8)
            if c["id"] in acting:
                gfx.highlight(surface, rect, pal.accent, 3, glow=True)
            elif c["id"] in targets:
                gfx.highlight(surface, rect, pal.legal, 3, glow=True)
            s = self._sprite_size(rect)
            sprite = gfx.load_svg(self._sprite(c), (s, s))
            if not active:
                sprite = sprite.copy()
                sprite.set_alpha(90)
            sx = rect.x + 6
            img = sprite if hero else pygame.transform.flip(sprite, True, False)
            surface.blit(img, (sx, rect.y + (rect.h - s) // 2))
            x0 = rect.x + s + 12
            tw = rect.right - 8 - x0
            compact = rect.h < 80
            seat = int(c.get("seat", 0))
            head = pygame.Rect(x0, rect.y + (1 if compact else 3), tw,
                               19 if compact else max(20, min(26, gfx.line_height(12, True))))
            gfx.draw_seat_badge(surface, seat, (x0 + 6, head.centery), 6)
            self._line(surface, str(idx.get(c["id"], "")), pygame.Rect(x0 + 13, head.y, 14, head.h), 11, pal.ink,
                       bold=True, minimum=8)
            right = "" if not active else t("skirmish_scene.ap_level", n=sc["ap_level"])
            rsize = _line_size(right, head, 13, 5, True)
            rw = gfx.text_size(right, rsize, True)[0]
            if right:
                self._line(surface, right, pygame.Rect(head.right - rw, head.y, rw, head.h), rsize, pal.ink,
                           "midright", bold=True)
            name = localize(c["name"], self.lang)
            self._line(surface, name, pygame.Rect(x0 + 28, head.y, head.right - rw - 6 - x0 - 28, head.h), 15, pal.ink,
                       bold=True, minimum=11)
            hp = sc["stats"]["hp"]
            dmg = st.total_damage(sc)
            row2 = pygame.Rect(x0, head.bottom, tw, (self._chip_top(rect) - head.bottom - 1) if compact else
                               max(18, min(22, gfx.line_height(11))))
            badges = []
            if sc["ready"]:
                badges.append((t("skirmish_scene.ready", n=sc["ready"]), pal.good))
            if sc["wait"]:
                badges.append((t("skirmish_scene.wait", n=sc["wait"]), pal.accent))
            bh = row2.h if compact else 17
            bsize = min(_line_size(b[0], pygame.Rect(0, 0, 999, bh), 11, 6, True) for b in badges) if badges else 11
            bws = [gfx.text_size(b[0], bsize, True)[0] + 10 for b in badges]
            frac_col = pal.good if hp - dmg > hp / 2 else (pal.accent if hp - dmg > hp / 4 else pal.bad)
            if active:
                hp_text = t("skirmish_scene.hp", left=max(0, hp - dmg), hp=hp)
                hsize = _line_size(hp_text, row2, 12, 8)
                hw = min(tw // 2, gfx.text_size(hp_text, hsize)[0])
                self._line(surface, hp_text, pygame.Rect(row2.right - hw, row2.y, hw, row2.h), hsize, pal.ink,
                           "midright")
                bar_w = tw - hw - 8
                if compact and badges:  # no line of its own: the badges sit between the bar and the HP
                    bar_w = max(30, bar_w - sum(w + 4 for w in bws))
                bar = pygame.Rect(x0, row2.centery - (4 if compact else 6), bar_w, 9 if compact else 12)
                gfx.bars(surface, bar, max(0, hp - dmg), hp, frac_col)
            else:
                bar = pygame.Rect(x0, row2.y, 30, row2.h)
                self._line(surface, t("skirmish_scene.out"), row2, 13, pal.bad, bold=True, minimum=8)
            y = row2.bottom + 2
            if not compact and rect.h >= 96:
                stats = t("skirmish_scene.stats_line", **{k: st.stat(sc, k) for k in ("str", "def", "per", "mag", "dr")})
                self._line(surface, stats, pygame.Rect(x0, y, tw, 16), 13, pal.ink_soft, minimum=8)
                y += 18
            bx = bar.right + 4 if compact else x0
            room = (row2.right - (hw if active else 0) - 4) if compact else rect.right - 8
            for (text, col), w in zip(badges, bws):
                w = min(w, room - bx)
                if w < 20:
                    break
                pos = pygame.Rect(bx, row2.y + 1, w, bh - 2) if compact else pygame.Rect(bx, y, w, bh)
                gfx.rounded_rect(surface, pos, col, 6)
                self._line(surface, text, pos.inflate(-6, 0), bsize, gfx.readable_ink(col), "center", bold=True,
                           minimum=6)
                bx += w + 4
            self._draw_chips(surface, c, sc)
            for key in chips:
                r = self._chip_rects.get(key)
                if key[0] == c["id"] and r is not None:
                    gfx.rounded_rect(surface, r.inflate(4, 4), pal.legal, 6, 2)

    def _draw_chips(self, surface: pygame.Surface, c: dict[str, Any], sc: dict[str, Any]) -> None:
        pal = gfx.palette()
        st = self.state
        holder = self._holder(c)
        for p in c.get("parts", []):
            r = self._chip_rects.get((c["id"], p["id"]))
            if r is None:
                continue
            if p.get("limb") and not st.part_active(sc, p["id"]):
                col = (150, 144, 136)
            elif p.get("limb") and st.limb_waiting(sc, p["id"]):
                col = pal.accent
            elif p.get("limb"):
                col = pal.good
            else:
                col = pal.panel_dark
            gfx.rounded_rect(surface, r, col, 5)
            gfx.rounded_rect(surface, r, pal.edge, 5, 1)
            label = _abbr(self._part_name(c["id"], p["id"]))
            ink = gfx.readable_ink(col)
            if p.get("limb") and not st.part_active(sc, p["id"]):
                pygame.draw.line(surface, pal.bad, r.topleft, r.bottomright, 2)
            if p.get("limb") and st.limb_waiting(sc, p["id"]):
                label += str(sc["limb_wait"][p["id"]])
            box = r.inflate(-4, 0)
            if p["id"] in holder and r.w >= 30:  # a wide chip: a dot on its right says it holds something
                dot = pygame.Rect(r.right - 9, r.y + 2, 7, r.h - 4)
                gfx.rounded_rect(surface, dot, (120, 90, 50), 3)
                box = pygame.Rect(r.x + 2, r.y, r.w - 12, r.h)
            elif p["id"] in holder:  # a narrow one: a bar along its bottom
                gfx.rounded_rect(surface, pygame.Rect(r.x + 3, r.bottom - 5, r.w - 6, 3), (120, 90, 50), 1)
                box = pygame.Rect(r.x + 2, r.y, r.w - 4, r.h - 4)
            self._line(surface, label, box, 11, ink, "center", bold=True, minimum=6)
        zone = self._pack_zone.get(c["id"])
        if zone is not None:
            gfx.rounded_rect(surface, zone, (150, 112, 70), 6)
            gfx.rounded_rect(surface, zone, pal.edge, 6, 1)
            pygame.draw.circle(surface, (90, 64, 40), (zone.x + 8, zone.centery), 5)
            for (cid, iid), r in self._pack_rects.items():
                if cid == c["id"]:
                    gfx.rounded_rect(surface, r, pal.panel, 4)
                    self._line(surface, self._item_name(iid)[:1], r, 11, pal.ink, "center", bold=True, minimum=6)

    # ----------------------------------------------------------------- centre: menu, chain, detail
    def _draw_menu(self, surface: pygame.Surface, view: dict[str, Any], d: dict[str, Any] | None) -> None:
        pal = gfx.palette()
        top = self.centre_rect.y
        bottom = self._menu_bottom(view)
        rect = pygame.Rect(self.centre_rect.x, top, self.centre_rect.w, bottom - top)
        gfx.panel(surface, rect, pal.panel, radius=10)
        if d is None:
            return
        who = ", ".join(self._name(x) for x in d.get("who", []))
        dtype = d["type"]
        mine = self.can_act()
        hint = ""
        if dtype == "reaction" and self.state.chain:
            e = self.state.chain[-1]
            title = t("skirmish_scene.react_title", actor=self._name(e["actor"]),
                      act=self._act_name(e["act"]) if e.get("act") else self.state.entry_name(e, self.lang))
            hint = t("skirmish_scene.react_hint")
        elif dtype == "aim":
            p = self.state.pending or {}
            title = t("skirmish_scene.aim_title", act=self._act_name(p.get("act")), target=self._name(p.get("target")))
            hint = t("skirmish_scene.aim_hint")
        elif dtype == "targets":
            title = t("skirmish_scene.targets_title", who=who)
        elif dtype == "consent":
            p = self.state.pending or {}
            title = t("skirmish_scene.consent_title", taker=self._name(p.get("actor")), giver=self._name(p.get("from")),
                      item=self._item_name(p.get("item")))
        else:
            title = t("skirmish_scene.menu_title", who=who)
            if self.selected is not None:
                hint = t("skirmish_scene.pick_target")
        if not mine:
            hint = t("skirmish_scene.menu_wait", who=self.seat_name(d.get("seat")))
        th = gfx.line_height(15, True)
        if dtype == "consent" and not hint:  # no rows under it: the question wraps over the whole panel
            box = rect.inflate(-24, -16)
            size = 15
            while size > 9 and gfx.text_size(title, size, True, box.w)[1] > box.h:
                size -= 1
            self._put(surface, title, box.topleft, size, pal.ink, "topleft", box, bold=True, max_width=box.w)
            return
        one = pygame.Rect(rect.x + 12, rect.y + 8, rect.w - 24, th)
        two = pygame.Rect(one.x, one.y, one.w, th + gfx.line_height(12))
        if not hint and gfx.text_size(title, 13, True)[0] > one.w \
                and gfx.text_size(title, 11, True, two.w)[1] <= two.h:  # no hint: the title may take two lines
            size = 15
            while gfx.text_size(title, size, True, two.w)[1] > two.h:
                size -= 1
            self._put(surface, title, two.topleft, size, pal.ink, "topleft", two, bold=True, max_width=two.w)
        else:
            self._line(surface, title, one, 15, pal.ink, bold=True, minimum=11)
        if hint:
            self._line(surface, hint, pygame.Rect(rect.x + 12, rect.y + 8 + th, rect.w - 24, gfx.line_height(12)), 12,
                       pal.ink_soft, minimum=9)
        lsize = 13  # one label size for every row (the largest that fits them all, not below 11), then "…"
        for r, _payload, label, detail, kind in self._menu_rows:
            while lsize > 11 and gfx.text_size(label, lsize, kind != "sub")[0] > self._menu_label_box(r, detail).w:
                lsize -= 1
        for r, payload, label, detail, kind in self._menu_rows:
            is_sel = kind == "group" and isinstance(payload, list) and self._group_key(payload[0]) == self.selected
            col = pal.panel_dark if kind != "sub" else gfx.lerp_colour(pal.panel, pal.panel_dark, 0.45)
            if is_sel:
                col = gfx.lerp_colour(pal.panel_dark, pal.accent, 0.5)
            gfx.rounded_rect(surface, r, col, 6)
            ink = pal.ink if mine else pal.ink_soft
            self._menu_row_text(surface, r, label, detail, kind != "sub", ink, lsize)

    @staticmethod
    def _detail_box(r: pygame.Rect, detail: str) -> tuple[pygame.Rect, int]:
        """Where a menu row's figures go (right-aligned, at most 3/5 of the row) and their font size."""
        inner = r.inflate(-16, 0)
        dsize = _line_size(detail, pygame.Rect(0, 0, inner.w * 3 // 5, inner.h), 12, 9)
        dw = min(inner.w * 3 // 5, gfx.text_size(detail, dsize)[0])
        return pygame.Rect(inner.right - dw, inner.y, dw, inner.h), dsize

    def _menu_label_box(self, r: pygame.Rect, detail: str) -> pygame.Rect:
        """The room a menu row's label has, left of its figures."""
        dbox = self._detail_box(r, detail)[0]
        return pygame.Rect(r.x + 8, r.y, dbox.x - 12 - r.x - 8, r.h)

    def _menu_row_text(self, surface: pygame.Surface, r: pygame.Rect, label: str, detail: str, bold: bool,
                       ink: Any, size: int = 13) -> None:
        """A menu row: the figures keep their place on the right, the label is cut to the room left of them."""
        dbox, dsize = self._detail_box(r, detail)
        self._line(surface, detail, dbox, dsize, ink, "midright")
        self._line(surface, label, self._menu_label_box(r, detail), size, ink, "midleft", bold=bold)

    def _chain_rect(self, view: dict[str, Any]) -> pygame.Rect | None:
        chain = view.get("chain") or []
        if not chain and not self.ghosts:
            return None
        return pygame.Rect(self.centre_rect.x, self._menu_bottom(view) + 4, self.centre_rect.w,
                           self._chain_height(len(chain)))

    def _draw_chain(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        pal = gfx.palette()
        chain = view.get("chain") or []
        rect = self._chain_rect(view)
        if rect is None or not chain:
            return
        gfx.panel(surface, rect, gfx.lerp_colour(pal.panel, pal.panel_dark, 0.3), radius=8)
        head, slot = self._chain_metrics()
        self._line(surface, t("skirmish_scene.chain"), pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20, head - 6), 12,
                   pal.ink_soft, bold=True, minimum=9)
        for i, e in enumerate(chain):
            r = self._chain_slot(rect, i, len(chain), head, slot)
            if r is None:
                continue
            reaction = "reaction" in (e.get("tags") or [])
            col = gfx.lerp_colour(pal.panel, pal.accent, 0.35) if reaction else pal.panel
            if i == len(chain) - 1:
                col = gfx.lerp_colour(col, pal.legal, 0.35)
            gfx.rounded_rect(surface, r, col, 5)
            gfx.rounded_rect(surface, r, pal.edge, 5, 1)
            text = f"{i + 1}. {self._entry_text(e)}"
            self._line(surface, text, r.inflate(-16, -2), 11, pal.ink, minimum=10)

    def _chain_regions(self, view: dict[str, Any]) -> list[HitRegion]:
        """Hovering a chain entry shows its whole text (the box cuts long entries)."""
        rect = self._chain_rect(view)
        chain = view.get("chain") or []
        if rect is None or not chain:
            return []
        head, slot = self._chain_metrics()
        out = []
        for i, e in enumerate(chain):
            r = self._chain_slot(rect, i, len(chain), head, slot)
            if r is not None:
                out.append(HitRegion(r, ChainRef(i), tooltip=f"{i + 1}. {self._entry_text(e)}", key=("chain", i),
                                     highlight=False))
        return out

    @staticmethod
    def _chain_slot(rect: pygame.Rect, i: int, n: int, head: int = 20, slot: int = 20) -> pygame.Rect | None:
        """Where chain entry ``i`` of ``n`` goes: the first declared sits at the bottom, the newest on top."""
        y = rect.bottom - 6 - (slot + 2) * (i + 1) + 2
        if y < rect.y + head:
            return None
        return pygame.Rect(rect.x + 8 + 4 * i, y, rect.w - 16 - 4 * i, slot)

    def _draw_ghosts(self, surface: pygame.Surface) -> None:
        if not self.ghosts:
            return
        pal = gfx.palette()
        head, slot = self._chain_metrics()
        rect = pygame.Rect(self.centre_rect.x, self._menu_bottom(self.view) + 4, self.centre_rect.w, 150)
        for g in self.ghosts:
            r = pygame.Rect(rect.x + 8 + 4 * g.slot, rect.y + head + 2 - g.lift, rect.w - 16 - 4 * g.slot, slot)
            tmp = pygame.Surface(r.size, pygame.SRCALPHA)
            gfx.rounded_rect(tmp, tmp.get_rect(), pal.panel, 5)
            size = _line_size(g.text, pygame.Rect(0, 0, r.w - 16, r.h), 11, 10)
            gfx.text(tmp, uitext.ellipsize(g.text, r.w - 16, size), (8, r.h / 2), size, pal.ink, "midleft")
            tmp.set_alpha(int(255 * max(0.0, g.alpha)))
            surface.blit(tmp, r.topleft)

    def _draw_detail(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        pal = gfx.palette()
        cid = self.focus
        c = self._by_id(view).get(cid or "")
        chain_r = self._chain_rect(view)
        top = (chain_r.bottom if chain_r is not None and view.get("chain") else self._menu_bottom(view)) + 6
        rect = pygame.Rect(self.centre_rect.x, top, self.centre_rect.w, self.ground_rect.y - 6 - top)
        if c is None or rect.h < 60:
            return
        gfx.panel(surface, rect, pal.panel, radius=10)
        st = self.state
        try:
            sc = st.c(c["id"])
        except Exception:  # noqa: BLE001
            return
        s = min(72, rect.h - 30)
        surface.blit(gfx.load_svg(self._sprite(c), (s, s)), (rect.x + 8, rect.y + 8))
        x0 = rect.x + s + 18
        tw = rect.right - x0 - 10
        name = localize(c["name"], self.lang)
        y = rect.y + 6
        lh = gfx.line_height(15, True)
        self._line(surface, name, pygame.Rect(x0, y, tw, lh), 15, pal.ink, bold=True, minimum=11)
        y += lh
        line = (f"AP {st.stat(sc, 'ap')} · " + t("skirmish_scene.stats_line",
                                                **{k: st.stat(sc, k) for k in ("str", "def", "per", "mag", "dr")}))
        lh = gfx.line_height(11)
        self._line(surface, line, pygame.Rect(x0, y, tw, lh), 11, pal.ink_soft, minimum=8)
        y += lh
        hp = sc["stats"]["hp"]
        line2 = (f"{t('skirmish_scene.hp', left=max(0, hp - st.total_damage(sc)), hp=hp)} · "
                 f"{t('skirmish_scene.ready', n=sc['ready'])} · {t('skirmish_scene.wait', n=sc['wait'])}")
        lh = gfx.line_height(12)
        self._line(surface, line2, pygame.Rect(x0, y, tw, lh), 12, pal.ink, minimum=9)
        y = max(y + 4, rect.y + 8 + s + 4)  # the parts use the whole width, under the portrait
        x0 = rect.x + 10
        holder = st.holder(sc)
        parts = sc["parts"]
        pk = f"{t('skirmish_scene.pack')}: " + ", ".join(self._item_name(i) for i in sc["pack"]) if sc["pack"] else ""
        bottom = rect.bottom - 6 - (gfx.line_height(10) if pk else 0)
        # the body's parts in one or two columns, the font as large as lets them all fit
        col_w = (rect.right - 8 - x0) // 2
        size = 11
        while size > 7:
            rows = max(1, (bottom - y) // gfx.line_height(size))
            if 2 * rows >= len(parts) or size == 8:
                break
            size -= 1
        lh = gfx.line_height(size)
        rows = max(1, (bottom - y) // lh)
        if len(parts) <= rows:
            col_w = rect.right - 8 - x0
        for i, p in enumerate(parts):
            col, row = divmod(i, rows)
            if col > 1:
                break
            px = x0 + col * col_w
            py = y + row * lh
            state = self._part_state(sc, p)
            colour = pal.ink
            if p.get("limb"):
                colour = pal.good if state == t("skirmish_scene.active") else (
                    pal.bad if state == t("skirmish_scene.disabled") else (170, 110, 20))
            text = self._part_name(c["id"], p["id"])
            if p["id"] in holder:
                text += f": {self._item_name(holder[p['id']])}"
            elif p.get("limb"):
                text += f": {state}"
            pygame.draw.circle(surface, colour, (px + 4, py + lh // 2), 3)
            self._line(surface, text, pygame.Rect(px + 10, py, col_w - 14, lh), size, pal.ink)
        if pk:
            lh = gfx.line_height(10)
            self._line(surface, pk, pygame.Rect(rect.x + 10, rect.bottom - 4 - lh, rect.w - 20, lh), 10, pal.ink_soft,
                       minimum=8)

    def _draw_ground(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        pal = gfx.palette()
        r = self.ground_rect
        gfx.rounded_rect(surface, r, gfx.with_alpha(pal.table_dark, 200), 8)
        self._line(surface, t("skirmish_scene.ground"), pygame.Rect(r.x + 10, r.y + 2, 56, r.h - 4), 13,
                   pal.ink_light, bold=True, minimum=9)
        if not self._ground_rects:
            self._line(surface, t("skirmish_scene.ground_empty"), pygame.Rect(r.x + 74, r.y + 2, r.w - 84, r.h - 4),
                       12, pal.ink_light, minimum=9)
        for iid, ir in self._ground_rects.items():
            gfx.rounded_rect(surface, ir, pal.panel_dark, 6)
            self._line(surface, self._item_name(iid), ir.inflate(-8, -2), 11, pal.ink, "center", minimum=9)

    # ----------------------------------------------------------------- advantage screen
    def _draw_advantages(self, surface: pygame.Surface, view: dict[str, Any], d: dict[str, Any]) -> None:
        pal = gfx.palette()
        area = pygame.Rect(self.centre_rect.x, self.centre_rect.y, self.minions_rect.right - self.centre_rect.x,
                           self.centre_rect.h)
        gfx.panel(surface, area, pal.panel, radius=12)
        who = self._name(d["who"][0]) if d.get("who") else "-"
        left = 1
        for hid, n in self.state.setup:
            if hid == (d["who"][0] if d.get("who") else None):
                left = n
        title = t("skirmish_scene.adv_title", who=who, n=left) if self.can_act() else \
            t("skirmish_scene.adv_wait", who=who)
        title_box, rule_box, rule_size, _ = self._advantage_layout()
        self._line(surface, title, title_box, 22, pal.ink, "center", bold=True, minimum=12)
        self._put(surface, t("skirmish_scene.adv_rule"), rule_box.midtop, rule_size, pal.ink_soft, "midtop", rule_box,
                  max_width=rule_box.w)
        for rect, a in self._advantage_rects(self.legal):
            pick = a.get("pick")
            gfx.panel(surface, rect, gfx.lerp_colour(pal.panel, pal.accent, 0.25), radius=10)
            inner = rect.inflate(-14, -12)
            name = t(f"skirmish.advantage.{pick}")
            if gfx.text_size(name, 16, True)[0] > inner.w:  # "Speed (+1 AP)": the figure on a line of its own
                name = name.replace(" (", "\n(", 1)
            size = 16
            while size > 10 and (len(gfx.wrap(name, size, inner.w, True)) > 2
                                 or gfx.text_size(name, size, True, inner.w)[0] > inner.w):
                size -= 1
            nh = gfx.text_size(name, size, True, inner.w)[1]
            name_box = pygame.Rect(inner.x, inner.y, inner.w, nh)
            self._put(surface, name, name_box.midtop, size, pal.ink, "midtop", name_box, bold=True, max_width=inner.w)
            star_y = name_box.bottom + 18
            gfx.draw_symbol(surface, "star", (rect.centerx, star_y), 14, pal.accent, outline=pal.edge)
            desc = t(f"skirmish_scene.adv.{pick}")
            desc_box = pygame.Rect(inner.x, star_y + 20, inner.w, inner.bottom - star_y - 20)
            dsize = 12
            while dsize > 8 and gfx.text_size(desc, dsize, max_width=inner.w)[1] > desc_box.h:
                dsize -= 1
            self._put(surface, desc, desc_box.midtop, dsize, pal.ink_soft, "midtop", desc_box, max_width=inner.w)


def drop_parts_owner(legal: list[Action]) -> set[str]:
    """Combatants that may stow something now (they get a pack drop zone even with an empty pack)."""
    return {a.get("who") for a in legal if a.kind == "stow"}
