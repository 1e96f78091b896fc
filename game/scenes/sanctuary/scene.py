"""The sanctuary card table: the dedicated scene of seed 004's two-player card duel.

Why it exists: the generic table view lists the state as text; a card duel wants
a table. This scene draws ``view(seat)`` of the player in front: their hand
fanned at the bottom, both battle rows (tapped cards turned sideways,
Technologies tucked under their carrier with Durability pips), each Sanctuary
with an animated Structure dial, its Will pool, Attachments, deck and discard
piles, the stack of Manipulations, arrows for the duel, attacks and blocks, the
priority prompt and the six-phase track. Every interaction maps to an Action of
``legal_actions()``: drag a card from the hand onto the table or its target,
drag an attacker onto the opposing Sanctuary, a challenger or blocker onto an
opposing Character; clicks do the same when the choice is unique. The base
(``RulesetScene``) applies actions, runs bots, the hot-seat curtain, saves and
the result screen.
"""

from __future__ import annotations

import dataclasses
import logging
import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import localize, t
from game.rulesets.sanctuary.state import card_owner
from game.scenes.base import RulesetScene
from game.scenes.sanctuary import cards as art
from game.ui import anim, gfx
from game.ui import text as uitext
from game.ui.cards.arrows import arrow, swords
from game.ui.cards.frame import text_growth
from game.ui.drops import DropMatcher
from game.ui.floaters import FloaterLayer
from game.ui.input import Click, Drop, HitRegion
from game.ui.layout import CardFan, fit_rect

log = logging.getLogger(__name__)

#: the turn of seed 004, in order (the tracker lights the current one)
PHASE_ORDER = ("communion", "meditation", "harvest", "duel", "combat", "contemplation")
#: phases of the state that have no chip of their own on the track
PHASE_SHOWN_AS = {"end": "contemplation"}

CARD = (92, 128)            # a card in a battle row
HAND_CARD = (104, 146)      # a card in the hand
HAND_SPREAD = 84            # how much wider the hand fans out at huge text (its right edge stays on the board)
MINI = (40, 56)             # piles
SANCT_CARD = (56, 78)       # the Sanctuary card in its block
TAB_H, TAB_STEP = 24, 19    # technology tabs tucked under their carrier
TILE = (116, 32)            # an attachment tile

#: a crowded battle row: padding, gaps between cards and lines, the smallest card scale before overlapping
ROW_PAD, ROW_GAP, MIN_GAP, LINE_GAP, MIN_SCALE = 3, 12, 6, 3, 0.5
#: (height, step, tucked under the card) of Technology tabs at full size, and (height, step, -) of the
#: strips a small card of a crowded row carries on its lower half instead
FULL_TAB, COMPACT_TAB = (TAB_H, TAB_STEP, 6), (15, 16, 0)
#: below this scale a card's own name is too small to read: a name plate is drawn over it
PLATE_BELOW = 0.9
_PLATES: dict[tuple[str, int, float], tuple[list[str], int]] = {}
#: how far a name plate reaches past each side of its card (less than half of MIN_GAP: never onto a neighbour)
PLATE_OVERHANG = 3

ATTACK_COLOUR = (206, 60, 40)
BLOCK_COLOUR = (60, 130, 210)
DUEL_COLOUR = (236, 180, 50)


def _t(key: str, **kw: Any) -> str:
    """Return a string of this scene's catalogue (``sanctuary_scene.<key>``)."""
    return t("sanctuary_scene." + key, **kw)


@dataclass(frozen=True)
class RowPlan:
    """Where the Characters of a battle row go: one scale for all, each card's centre, the tab sizes."""

    scale: float
    lines: int
    centers: list[tuple[float, float]]
    tab: tuple[int, int, int]
    compact: bool
    #: the bottom of each card's line (its tabs stay above it)
    bottoms: list[float] = field(default_factory=list)


def plan_row(row: pygame.Rect, angles: list[float], tabs: list[int]) -> RowPlan:
    """Plan a battle row of cards turned by ``angles`` (0 or 90) with ``tabs[i]`` Technologies under card i.

    The largest scale (at most 1) at which the cards fit in one or two lines without touching wins
    (one line unless two are clearly larger); below ``MIN_SCALE`` the cards keep that scale and
    overlap along their line just enough to stay inside the row. Pure geometry, so tests can check it."""
    n = len(angles)
    if n == 0:
        return RowPlan(1.0, 1, [], FULL_TAB, False, [])
    boxes = [(CARD[1], CARD[0]) if abs(a) % 180 == 90 else (CARD[0], CARD[1]) for a in angles]
    avail_w = row.w - 2 * ROW_PAD

    def extra(k: int, tab: tuple[int, int, int]) -> float:
        return 0.0 if k == 0 or tab == COMPACT_TAB else tab[0] - tab[2] + (k - 1) * tab[1]

    def split(lines: int) -> list[list[int]]:
        per = -(-n // lines)
        return [list(range(i, min(n, i + per))) for i in range(0, n, per)]

    def fit(lines: int, tab: tuple[int, int, int]) -> float:
        groups = split(lines)
        line_h = (row.h - 2 * ROW_PAD - LINE_GAP * (len(groups) - 1)) / len(groups)
        s = 1.0
        for g in groups:
            s = min(s, (avail_w - MIN_GAP * (len(g) - 1)) / sum(boxes[i][0] for i in g))
            for i in g:  # a card's bottom: half an upright card below the line's centre... plus its tabs
                s = min(s, (line_h - extra(tabs[i], tab)) / (CARD[1] / 2 + boxes[i][1] / 2))
        return s

    best: tuple[float, int, tuple[int, int, int]] | None = None
    for lines in (1, 2) if n > 1 else (1,):
        s = fit(lines, FULL_TAB)
        tab = FULL_TAB
        if s < PLATE_BELOW:  # small cards carry their Technologies on them: the tabs take no height
            s, tab = min(fit(lines, COMPACT_TAB), PLATE_BELOW - 0.01), COMPACT_TAB
        if best is None or s > best[0] + 0.05:
            best = (s, lines, tab)
    assert best is not None
    scale, lines, tab = best
    if scale < MIN_SCALE:
        scale, lines, tab = MIN_SCALE, (2 if n > 1 else 1), COMPACT_TAB
    groups = split(lines)
    line_h = (row.h - 2 * ROW_PAD - LINE_GAP * (len(groups) - 1)) / len(groups)
    top_pad = ROW_PAD
    if lines == 1:  # a single line sits a little lower when there is room (as the table always had it)
        need = max(scale * (CARD[1] / 2 + boxes[i][1] / 2) + extra(tabs[i], tab) for i in range(n))
        top_pad = max(ROW_PAD, min(8.0, row.h - ROW_PAD - need))
    centers: list[tuple[float, float]] = [(0.0, 0.0)] * n
    bottoms: list[float] = [float(row.bottom - ROW_PAD)] * n
    for li, g in enumerate(groups):
        widths = [boxes[i][0] * scale for i in g]
        gap = ROW_GAP if len(g) > 1 else 0.0
        if sum(widths) + gap * (len(g) - 1) > avail_w and len(g) > 1:
            gap = (avail_w - sum(widths)) / (len(g) - 1)  # may be negative: a bounded overlap
        total = sum(widths) + gap * (len(g) - 1)
        x = row.centerx - total / 2
        cy = row.y + top_pad + li * (line_h + LINE_GAP) + scale * CARD[1] / 2
        for i, w in zip(g, widths):
            centers[i] = (x + w / 2, cy)
            bottoms[i] = row.y + ROW_PAD + li * (line_h + LINE_GAP) + line_h if lines > 1 else row.bottom - ROW_PAD
            x += w + gap
    return RowPlan(scale, lines, centers, tab, scale < PLATE_BELOW, bottoms)


def tracker_size(width: int, label: str, phases: list[str], current: str | None, seat_name: str,
                 start: int = 16, lowest: int = 9) -> int:
    """The largest text size (``start`` down to ``lowest``) at which the phase track (as PhaseTracker lays
    it out: turn label, chips with arrows, the seat to act on the right) fits in ``width`` px."""
    for size in range(start, lowest - 1, -1):
        need = 16 + (gfx.text_size(label, size + 1, True)[0] + 14 if label else 0)
        for i, ph in enumerate(phases):
            need += gfx.text_size(ph, size - 1, ph == current)[0] + 18 + (14 if i < len(phases) - 1 else 0)
        need += gfx.text_size(seat_name, size, True)[0] + 44 + 8
        if need <= width:
            return size
    return lowest


@dataclass(frozen=True)
class Target:
    """A drop target standing for a card or Sanctuary in play (the drop's meaning depends on what is dragged)."""

    iid: str


@dataclass(frozen=True)
class Zone:
    """A drop zone for untargeted plays: the battle row, the attachment column or the stack."""

    name: str


@dataclass
class Layout:
    """Where everything is this frame (computed from the view before regions and drawing)."""

    me: int = 0
    opp: int = 1
    band: dict[int, pygame.Rect] = field(default_factory=dict)
    sanct: dict[int, pygame.Rect] = field(default_factory=dict)
    att: dict[int, pygame.Rect] = field(default_factory=dict)
    row: dict[int, pygame.Rect] = field(default_factory=dict)
    piles: dict[int, pygame.Rect] = field(default_factory=dict)
    deck: dict[int, pygame.Rect] = field(default_factory=dict)
    discard: dict[int, pygame.Rect] = field(default_factory=dict)
    hand_pile: dict[int, pygame.Rect] = field(default_factory=dict)
    dial: dict[int, tuple[int, int]] = field(default_factory=dict)
    will: dict[int, pygame.Rect] = field(default_factory=dict)
    #: card instance -> (centre, angle shown, bounding rect)
    cards: dict[str, tuple[tuple[float, float], float, pygame.Rect]] = field(default_factory=dict)
    tabs: dict[str, pygame.Rect] = field(default_factory=dict)
    #: the face size of each Character in a row (smaller than CARD in a crowded row)
    card_size: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: cards and tabs of crowded rows: drawn small, their names on a readable plate
    compact: set[str] = field(default_factory=set)
    tiles: dict[str, pygame.Rect] = field(default_factory=dict)
    hand: list[tuple[str, Any]] = field(default_factory=list)          # (iid, Slot)
    stack: list[tuple[dict[str, Any], pygame.Rect]] = field(default_factory=list)
    stack_zone: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    prompt: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    mulligan: dict[str, pygame.Rect] = field(default_factory=dict)

    def rect_of(self, iid: str | None) -> pygame.Rect | None:
        """Return the on-screen rect of a card in play (card, tab or tile)."""
        if not iid:
            return None
        if iid in self.cards:
            return self.cards[iid][2]
        return self.tabs.get(iid) or self.tiles.get(iid)


class SanctuaryScene(RulesetScene):
    """The card table of the sanctuary ruleset."""

    board_rect = pygame.Rect(10, 56, 990, 656)
    log_rect = pygame.Rect(1008, 56, 262, 656)
    bar_rect = pygame.Rect(700, 262, 300, 42)
    tracker_rect = pygame.Rect(10, 8, 1260, 40)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        self.toast.anchor = (505, 330)
        self.L = Layout()
        self.fan = CardFan((600, 702), HAND_CARD, max_width=600, max_angle=14.0, lift=40, arc=6.0)
        self._tips: dict[Any, str] = {}
        self._tips_key: Any = None
        # shown values that animate towards the state (snapped when nothing animates them)
        self.dial: dict[int, float] = {}
        self.dial_max: dict[int, int] = {}
        self.dial_flash: dict[int, float] = {0: 0.0, 1: 0.0}
        self.angle: dict[str, float] = {}
        self.shake: dict[str, tuple[float, float]] = {}
        self.busy_dial: set[int] = set()
        self.busy_angle: set[str] = set()
        self.floaters = FloaterLayer()
        self.drops = self._drop_matcher()
        # the text drawn on the cached table layer, and the text drawn every frame: text_problems() checks them
        self.texts = uitext.TextRecorder()
        self.frame_texts = uitext.TextRecorder()
        self.flying: dict[str, dict[str, Any]] = {}
        self.leaving: list[dict[str, Any]] = []
        self._last_rects: dict[str, pygame.Rect] = {}
        self._hand_rects: dict[str, pygame.Rect] = {}
        self._drag_from: tuple[int, int] | None = None
        self._blank = pygame.Surface((1, 1), pygame.SRCALPHA)
        self._bar_sig: Any = None
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._static_moving = False
        self._hand_imgs: dict[Any, pygame.Surface] = {}
        self._tile_imgs: dict[Any, pygame.Surface] = {}

    # ================================================================= data helpers
    @property
    def model(self) -> Any:
        """The level model (card pool and decks: public data)."""
        return self.match.level.model

    def cid(self, iid: str | None) -> str | None:
        """Return the card id of an instance (None when unknown)."""
        if not iid:
            return None
        return self.view.get("cards", {}).get(iid)

    def card(self, iid: str | None) -> Any:
        """Return the card definition of an instance (None when unknown)."""
        cid = self.cid(iid)
        return self.model.cards.get(cid) if cid else None

    def cname(self, iid: str | None) -> str:
        """Return an instance's card name in the current language."""
        c = self.card(iid)
        return localize(c.name, self.lang) if c is not None else "?"

    def players(self, view: dict[str, Any]) -> list[dict[str, Any]]:
        """Return the two players of the view (empty tables when missing)."""
        pls = view.get("players")
        if not isinstance(pls, list) or len(pls) < 2:
            return [{}, {}]
        return pls

    def perm(self, view: dict[str, Any], iid: str) -> dict[str, Any]:
        """Return a card's table state (empty when not in play)."""
        return view.get("perm", {}).get(iid) or {}

    # ================================================================= tracker hooks
    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """The six phases of seed 004's turn, translated."""
        return [t(f"sanctuary.phase.{p}") for p in PHASE_ORDER]

    def phase_text(self, view: dict[str, Any]) -> str | None:
        """The current phase (the end-of-turn discard belongs to Contemplation)."""
        ph = PHASE_SHOWN_AS.get(view.get("phase"), view.get("phase"))
        return t(f"sanctuary.phase.{ph}") if ph in PHASE_ORDER else None

    def _draw_tracker(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The phase track with its text size chosen so the six phases fit (large and huge text)."""
        self.tracker.size = tracker_size(self.tracker.rect.w, self.round_label(view) or "",
                                         self.phases(view) or [], self.phase_text(view),
                                         self.tracker_actor_text())
        super()._draw_tracker(surface, view)

    def round_label(self, view: dict[str, Any]) -> str | None:
        """"Set-up" before the first turn, then "Turn N"."""
        if view.get("phase") == "setup":
            return _t("setup")
        return _t("turn", n=view.get("turn", 0))

    # ================================================================= words
    def describe(self, action: Action) -> str:
        """Short button words for the bar actions; the rules' sentence for everything else."""
        k = action.kind
        view = self.view
        if k == "pass":
            return _t("button.pass_resolve") if view.get("stack") else _t("button.pass")
        if k == "no_duel":
            return _t("button.no_duel")
        if k == "end_attack":
            attackers = (view.get("combat") or {}).get("attackers") or []
            return _t("button.end_attack") if attackers else _t("button.no_attack")
        if k == "end_block":
            return _t("button.end_block")
        if k == "keep":
            return _t("button.keep")
        if k == "mulligan":
            return _t("button.mulligan", n=self._next_hand_size(view))
        return super().describe(action)

    def rule_hint(self, action: Action) -> str:
        """Tooltips say the whole sentence of the rules."""
        if action.kind == "mulligan":
            return _t("tip.mulligan", n=self._next_hand_size(self.view))
        if action.kind == "keep":
            return _t("tip.keep")
        return super().describe(action)

    def _next_hand_size(self, view: dict[str, Any]) -> int:
        seat = view.get("setup_seat", 0)
        pl = self.players(view)[seat if seat in (0, 1) else 0]
        drawn = pl.get("hands_drawn") or []
        opening = getattr(self.model, "opening_hand", 6)
        return opening if len(drawn) <= 1 else int(drawn[-1]) - 1

    def faction_name(self, faction: str) -> str:
        """Return a faction's name (the id, titled, for factions a modder adds)."""
        key = f"sanctuary_scene.faction.{faction}"
        from game.engine import i18n

        return t(key) if i18n.has(key) else faction.replace("_", " ").title()

    def card_tip(self, iid: str) -> str:
        """Tooltip text of a card: its rules text and its state on the table (cached per move)."""
        key = (self._cache_key, self.lang)
        if key != self._tips_key:
            self._tips, self._tips_key = {}, key
        hit = self._tips.get(iid)
        if hit is None:
            hit = self._tips[iid] = "\n".join(self._card_lines(iid, full=False))
        return hit

    def _card_lines(self, iid: str, full: bool) -> list[str]:
        from game.rulesets.sanctuary.text import card_text

        card = self.card(iid)
        if card is None:
            return ["?"]
        view = self.view
        lines = card_text(card, self.lang).split("\n")
        if full:
            lines = lines[1:]  # the inspector shows the name as its title
        p = self.perm(view, iid)
        if p:
            if card.type == "character":
                lines.append(_t("status.in_play", strength=view.get("strength", {}).get(iid, card.strength),
                                damage=p.get("damage", 0)))
                if p.get("entered") == view.get("turn") and view.get("phase") not in ("setup", "over"):
                    lines.append(_t("status.fresh"))
            if card.type == "technology":
                lines.append(_t("status.durability", n=p.get("durability")))
                if p.get("carrier"):
                    lines.append(_t("status.carrier", name=self.cname(p.get("carrier"))))
            if card.type == "sanctuary":
                pl = self.players(view)[int(iid[0])] if iid[:1] in ("0", "1") else {}
                lines.append(_t("status.structure_now", n=pl.get("structure", "?"), will=pl.get("will", "?")))
            if p.get("tapped"):
                lines.append(_t("status.tapped"))
            combat = view.get("combat") or {}
            if iid in (combat.get("attackers") or []):
                lines.append(_t("status.attacking"))
            for a, b in (combat.get("blocks") or {}).items():
                if b == iid:
                    lines.append(_t("status.blocking", name=self.cname(a)))
            duel = view.get("duel") or {}
            if iid in (duel.get("challenger"), duel.get("target")):
                lines.append(_t("status.dueling"))
        return lines

    # ================================================================= layout
    def _layout(self, view: dict[str, Any]) -> Layout:
        me = self.viewer if self.viewer in (0, 1) else 0
        L = Layout(me=me, opp=1 - me)
        pls = self.players(view)
        for seat, band in ((L.opp, pygame.Rect(10, 56, 990, 194)), (me, pygame.Rect(10, 318, 990, 194))):
            L.band[seat] = band
            L.sanct[seat] = pygame.Rect(band.x, band.y, 170, band.h)
            L.att[seat] = pygame.Rect(band.x + 176, band.y, 120, band.h)
            L.row[seat] = pygame.Rect(band.x + 302, band.y, 590, band.h)
            L.piles[seat] = pygame.Rect(band.x + 898, band.y, 92, band.h)
            pr = L.piles[seat]
            L.deck[seat] = pygame.Rect(pr.x + 4, pr.y + 10, *MINI)
            L.discard[seat] = pygame.Rect(pr.x + 4, pr.y + 72, *MINI)
            L.hand_pile[seat] = pygame.Rect(pr.x + 4, pr.y + 134, *MINI)
            sr = L.sanct[seat]
            L.dial[seat] = (sr.x + 124, sr.y + 78)
            L.will[seat] = pygame.Rect(sr.x + 8, sr.y + 142, sr.w - 16, 46)
            pl = pls[seat]
            san = pl.get("sanctuary")
            if isinstance(san, str):
                c = (sr.x + 8 + SANCT_CARD[1] / 2, sr.y + 44 + SANCT_CARD[1] / 2)
                ang = self._shown_angle(view, san)
                L.cards[san] = (c, ang, self._rot_rect(c, SANCT_CARD, ang))
            self._layout_row(view, L, seat, pl)
            self._layout_tiles(view, L, seat, pl)
        L.prompt = pygame.Rect(16, 256, 470, 56)
        L.stack_zone = pygame.Rect(494, 254, 200, 60)
        stack = [s for s in view.get("stack") or [] if isinstance(s, dict)]
        if stack:
            n = len(stack)
            h = min(24, (L.stack_zone.h - 4) // max(1, n)) if n > 2 else 26
            for i, s in enumerate(stack):
                r = pygame.Rect(L.stack_zone.x + 4 + 4 * i, L.stack_zone.y + 4 + i * (h + 2), L.stack_zone.w - 12, h)
                L.stack.append((s, r))
        hand = pls[me].get("hand") or []
        hovered = None
        h = self.router.hovered
        if h is not None and isinstance(h.key, tuple) and h.key[:1] == ("hand",):
            hovered = next((i for i, c in enumerate(hand) if c == h.key[1]), None)
        if self.router.dragging is not None:
            hovered = None
        # at larger text the fan spreads to the right (up to the board's edge) so more of each name shows
        spread = round(HAND_SPREAD * (text_growth(HAND_CARD[0]) - 1.0) / 0.4)
        self.fan.max_width, self.fan.anchor = 600 + spread, (600 + spread // 2, 702)
        slots = self.fan.slots(len(hand), hovered)
        L.hand = list(zip(hand, slots))
        if view.get("phase") == "setup" and view.get("setup_seat") == me and self.viewer == me \
                and not self.match.is_bot(me):  # only the player deciding sees the choice
            box = pygame.Rect(0, 0, 600, 118)
            box.center = (505, 500)
            L.mulligan["box"] = box
            L.mulligan["keep"] = pygame.Rect(box.x + 40, box.bottom - 50, 220, 40)
            L.mulligan["mulligan"] = pygame.Rect(box.right - 260, box.bottom - 50, 220, 40)
        self.L = L
        return L

    @staticmethod
    def _rot_rect(center: tuple[float, float], size: tuple[int, int], angle: float) -> pygame.Rect:
        a = math.radians(angle)
        w = abs(size[0] * math.cos(a)) + abs(size[1] * math.sin(a))
        h = abs(size[0] * math.sin(a)) + abs(size[1] * math.cos(a))
        r = pygame.Rect(0, 0, round(w), round(h))
        r.center = (round(center[0]), round(center[1]))
        return r

    def _shown_angle(self, view: dict[str, Any], iid: str) -> float:
        want = 90.0 if self.perm(view, iid).get("tapped") else 0.0
        if iid in self.busy_angle:
            return self.angle.get(iid, want)
        self.angle[iid] = want
        return want

    def _layout_row(self, view: dict[str, Any], L: Layout, seat: int, pl: dict[str, Any]) -> None:
        """Place a seat's Characters (and the Technologies tucked under them) in its battle row.

        Few cards sit in one line at full size. A crowded row is planned by ``plan_row``: the cards
        shrink, a second line opens when that keeps them larger, and only past the smallest scale do
        they overlap (by a bounded amount). Slots follow the tapped state, not the tap animation, so
        nothing slides while a card turns."""
        chars = [c for c in pl.get("chars") or [] if isinstance(c, str)]
        row = L.row[seat]
        if not chars:
            return
        techs = [x for x in pl.get("techs") or [] if isinstance(x, str)]
        under: dict[str, list[str]] = {c: [] for c in chars}
        for tc in techs:
            car = self.perm(view, tc).get("carrier")
            if car in under:
                under[car].append(tc)
        targets = [90.0 if self.perm(view, c).get("tapped") else 0.0 for c in chars]
        plan = plan_row(row, targets, [len(under[c]) for c in chars])
        size = (max(8, round(CARD[0] * plan.scale)), max(8, round(CARD[1] * plan.scale)))
        tab_h, tab_step, tuck = plan.tab
        for c, center in zip(chars, plan.centers):
            a = self._shown_angle(view, c)
            rect = self._rot_rect(center, size, a)
            L.cards[c] = (center, a, rect)
            L.card_size[c] = size
            if plan.compact:
                L.compact.add(c)
            i = chars.index(c)
            mine = under[c]
            if plan.compact:
                slot = self._rot_rect(center, size, targets[i])
                for tc, r in zip(mine, self._strips(c, slot, targets[i] != 0.0, len(mine))):
                    L.tabs[tc] = r
                    L.compact.add(tc)
                continue
            slot_bottom = round(center[1] + (size[1] if targets[i] == 0.0 else size[0]) / 2)
            step = float(tab_step)
            if len(mine) > 1:  # so many Technologies that they would leave the line: they close up
                step = max(3.0, min(step, (plan.bottoms[i] - tab_h - slot_bottom + tuck) / (len(mine) - 1)))
            for k, tc in enumerate(mine):
                L.tabs[tc] = pygame.Rect(rect.x + 4, round(slot_bottom - tuck + k * step), max(8, rect.w - 8), tab_h)

    def _strips(self, iid: str, slot: pygame.Rect, turned: bool, n: int) -> list[pygame.Rect]:
        """The Technology strips a small card carries: stacked upwards from just above its Strength
        shield (beside it on a turned card), never over its name plate (they close up when many)."""
        if n == 0:
            return []
        h, step = COMPACT_TAB[0], COMPACT_TAB[1]
        r = self._shield_radius(slot.w if not turned else slot.h)
        if turned:  # the shield sits bottom left: the strips start beside it
            x, bottom = slot.x + 2 * r + 8, slot.bottom - 3
        else:
            x, bottom = slot.x + 3, slot.bottom - 2 * r - 6
        w = max(12, slot.right - 3 - x)
        card = self.card(iid)
        top = slot.y + 4
        if card is not None:
            lines, size = self.name_plate(localize(card.name, self.lang), slot.w + 2 * PLATE_OVERHANG)
            top = slot.y + 2 + gfx.line_height(size, True) * len(lines) + 4
        if n > 1:
            step = max(5.0, min(step, (bottom - h - top) / (n - 1)))
        return [pygame.Rect(x, round(bottom - h - k * step), w, h) for k in range(n)]

    @staticmethod
    def _shield_radius(face_w: int) -> int:
        """The radius of the current-Strength shield drawn on a card whose face is ``face_w`` wide."""
        return max(10, round(13 * min(1.0, face_w / CARD[0])))

    def _layout_tiles(self, view: dict[str, Any], L: Layout, seat: int, pl: dict[str, Any]) -> None:
        atts = [c for c in pl.get("attachments") or [] if isinstance(c, str)]
        col = L.att[seat]
        top = col.y + 26
        n = len(atts)
        step = TILE[1] + 4
        if n > 1 and top + step * (n - 1) + TILE[1] > col.bottom - 4:
            step = (col.bottom - 4 - TILE[1] - top) / (n - 1)
        for i, c in enumerate(atts):
            L.tiles[c] = pygame.Rect(col.x + 2, round(top + i * step), TILE[0], TILE[1])

    # ================================================================= targets
    def _index(self, legal: list[Action]) -> dict[str, list[Action]]:
        """Legal actions by the card that acts (played, used, challenging, attacking, blocking, discarded)."""
        out: dict[str, list[Action]] = {}
        for a in legal:
            actor = a.get("card") if a.kind in ("play", "use", "attack", "discard") else \
                a.get("challenger") if a.kind == "duel" else a.get("blocker") if a.kind == "block" else None
            if actor:
                out.setdefault(actor, []).append(a)
        return out

    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        """Hit regions: drop zones, every card on the table, the hand, piles and the mulligan choice."""
        L = self._layout(view)
        sig = (bool(view.get("stack")), bool((view.get("combat") or {}).get("attackers")), view.get("setup_seat"),
               self.lang)
        if sig != self._bar_sig:  # the bar's words depend on these: make the base rebuild its buttons
            self._bar_sig = sig
            self._bar_lang = ""
        acting = self.can_act()
        by_card = self._index(legal) if acting else {}
        waiting = None if acting else self._waiting_reason()
        regs: list[HitRegion] = []
        me, opp = L.me, L.opp
        pls = self.players(view)
        # drop zones for untargeted plays (lowest)
        for name, rect in (("chars", L.row[me]), ("attachments", L.att[me]), ("stack", L.stack_zone)):
            z = Zone(name)
            regs.append(HitRegion(rect, z, drop_target=True, highlight=False, key=("zone", name),
                                  accepts=lambda p, z=z: self._accepts(p, z)))
        # the whole block of the opposing Sanctuary takes attackers (a bigger, clearer target than its card)
        opp_sanct = Target(f"{opp}.S")
        regs.append(HitRegion(L.sanct[opp], opp_sanct, drop_target=True, highlight=False, key=("sanctblock", opp),
                              accepts=lambda p, x=opp_sanct: self._accepts(p, x)))
        # piles
        for seat in (0, 1):
            pl = pls[seat]
            n_deck = len(pl.get("deck") or [])
            regs.append(HitRegion(L.deck[seat], ("deck", seat), key=("deck", seat),
                                  tooltip=f"{_t('deck')}: {self.seat_name(seat)}\n{_t('tip.deck', n=n_deck)}"))
            regs.append(HitRegion(L.discard[seat], ("discard", seat), key=("discard", seat),
                                  tooltip=f"{_t('discard_title', name=self.seat_name(seat))}\n"
                                          f"{_t('tip.discard', n=len(pl.get('discard') or []))}"))
            if seat == opp:
                regs.append(HitRegion(L.hand_pile[seat], ("handcount", seat), highlight=False, key=("handcount", seat),
                                      tooltip=_t("tip.hand_count", name=self.seat_name(seat),
                                                 n=len(pl.get("hand") or []))))
            regs.append(HitRegion(pygame.Rect(L.dial[seat][0] - 40, L.dial[seat][1] - 40, 80, 80), ("dial", seat),
                                  highlight=False, key=("dial", seat),
                                  tooltip=_t("tip.structure", n=pl.get("structure", "?"))))
            regs.append(HitRegion(L.will[seat], ("will", seat), highlight=False, key=("will", seat),
                                  tooltip=_t("tip.will", n=pl.get("will", 0))))
        # every card in play: a drop target / info region, and an action region for the cards that can act
        step = view.get("step")
        # hit order follows drawing order: a carrier is drawn over its tabs, each tab over the ones after it
        # (strips a small card carries lie on top of it)
        tabs = [(k, (r.center, 0.0, r)) for k, r in reversed(list(L.tabs.items())) if k not in L.compact]
        strips = [(k, (r.center, 0.0, r)) for k, r in L.tabs.items() if k in L.compact]
        for iid, (center, ang, rect) in tabs + list(L.cards.items()) + strips \
                + [(k, (r.center, 0, r)) for k, r in L.tiles.items()]:
            tip = self.card_tip(iid)
            regs.append(HitRegion(rect, Target(iid), drop_target=True, highlight=False, tooltip=tip,
                                  inspect=("card", iid), key=("target", iid),
                                  accepts=lambda p, x=Target(iid): self._accepts(p, x)))
            owner = int(iid[0]) if iid[:1] in ("0", "1") else -1
            if owner != me:
                continue
            acts = by_card.get(iid, [])
            hint = self._hint_for(acts)
            if acts:
                drag = any(a.kind in ("duel", "block", "attack") or a.get("target") for a in acts)
                regs.append(HitRegion(rect, acts, tooltip=f"{tip}\n\n{hint}" if hint else tip, draggable=drag,
                                      inspect=("card", iid), key=("act", iid), ghost=self._blank))
            elif acting and step in ("attack", "declare", "block") and iid in (pls[me].get("chars") or []):
                probe = {"attack": Action.of("attack", card=iid), "declare": Action.of("duel", challenger=iid),
                         "block": Action.of("block", blocker=iid)}[step]
                if view.get("active") == me or step == "block":
                    regs.append(HitRegion(rect, [probe], tooltip=tip, inspect=("card", iid), key=("act", iid)))
        # the stack
        for s, r in L.stack:
            regs.append(HitRegion(r, ("stack", s.get("card")), highlight=False, tooltip=self.card_tip(s.get("card", "")),
                                  inspect=("card", s.get("card")), key=("stackitem", s.get("card"))))
        # the hand (left to right: the right-most card is on top, the lifted one last)
        hand_regs: list[HitRegion] = []
        first_of: dict[str, str] = {}
        for c in pls[me].get("hand") or []:
            if isinstance(c, str) and c != "?":
                first_of.setdefault(self.cid(c) or c, c)
        self._hand_rects = {}
        lifted = None
        for iid, slot in L.hand:
            if iid == "?":
                continue
            rect = slot.rect.copy()
            if slot.lifted:
                rect.union_ip(rect.move(0, self.fan.lift))
            self._hand_rects[iid] = slot.rect
            rep = first_of.get(self.cid(iid) or iid, iid)
            acts = by_card.get(rep, [])
            tip = self.card_tip(iid)
            if acts:
                hint = self._hint_for(acts)
                region = HitRegion(rect, acts, tooltip=f"{tip}\n\n{hint}", draggable=any(a.kind == "play" for a in acts),
                                   inspect=("card", iid), key=("hand", iid), ghost=self._hand_ghost(iid),
                                   highlight=False)
            else:
                reason = waiting or self._hand_reason(iid)
                region = HitRegion(rect, [Action.of("play", card=iid)], tooltip=tip, legal=False, reason=reason,
                                   inspect=("card", iid), key=("hand", iid), highlight=False)
            if slot.lifted:
                lifted = region
            else:
                hand_regs.append(region)
        if lifted is not None:
            hand_regs.append(lifted)
        regs += hand_regs
        # the mulligan choice
        if L.mulligan:
            regs.append(HitRegion(L.mulligan["keep"], Action.of("keep"), key=("mull", "keep"),
                                  tooltip=_t("tip.keep")))
            regs.append(HitRegion(L.mulligan["mulligan"], Action.of("mulligan"), key=("mull", "mulligan"),
                                  tooltip=_t("tip.mulligan", n=self._next_hand_size(view))))
        return regs

    def _waiting_reason(self) -> str | None:
        seat = self.match.to_act()
        if seat is None:
            return _t("prompt.over")
        return t("game.waiting_for", name=self.seat_name(seat))

    def _hand_reason(self, iid: str) -> str:
        self.card_tip(iid)  # makes sure the per-move cache is current
        hit = self._tips.get(("reason", iid))
        if hit is None:
            hit = self._tips[("reason", iid)] = self._hand_reason_now(iid)
        return hit

    def _hand_reason_now(self, iid: str) -> str:
        card = self.card(iid)
        probe = Action.of("play", card=iid)
        why = self.explain(probe)
        if card is not None and card.target != "none" and "cannot target" in why:
            return _t("reason.no_target", card=self.cname(iid))
        return why

    def _hint_for(self, acts: list[Action]) -> str:
        kinds = {a.kind for a in acts}
        if "discard" in kinds:
            return _t("hint.discard", n=getattr(self.model, "hand_limit", 8))
        if "play" in kinds:
            return _t("hint.drag_play")
        if "attack" in kinds:
            return _t("hint.drag_attack")
        if "duel" in kinds:
            return _t("hint.drag_duel")
        if "block" in kinds:
            return _t("hint.drag_block")
        if "use" in kinds:
            return _t("hint.use")
        return ""

    def _hand_ghost(self, iid: str) -> pygame.Surface:
        card = self.card(iid)
        if card is None:
            return self._blank
        return art.face(self.cid(iid) or "?", card, HAND_CARD, self.lang)

    # ================================================================= drops
    def _drop_matcher(self) -> DropMatcher:
        """What a drag means on a card or zone: played on it, dueling or blocking it, attacking the opposing
        Sanctuary, or an untargeted play of the zone's card type; one's own card counts as its zone."""
        drops = DropMatcher(lambda: self._legal_set, reason=lambda acts, marker: self._refusal(acts))
        zone_type = {"chars": "character", "attachments": "attachment", "stack": "manipulation"}

        def on_card(a: Action, m: Any) -> bool:
            if not isinstance(m, Target):
                return False
            return (a.kind in ("play", "use", "duel") and a.get("target") == m.iid) \
                or (a.kind == "block" and a.get("attacker") == m.iid) \
                or (a.kind == "attack" and m.iid == f"{1 - self.L.me}.S")

        def in_zone(a: Action, m: Any) -> bool:
            if not isinstance(m, Zone) or a.kind != "play" or a.get("target") is not None:
                return False
            card = self.card(a.get("card"))
            return card is not None and card.type == zone_type.get(m.name)

        def own_card(m: Any) -> Zone | None:
            if isinstance(m, Target) and m.iid[:1] == str(self.L.me) and not m.iid.endswith(".S"):
                return Zone("attachments" if m.iid in self.L.tiles else "chars")
            return None

        drops.rule(on_card)
        drops.rule(in_zone)
        drops.redirect(own_card)
        return drops

    def _match(self, acts: Any, marker: Any) -> Action | None:
        """Return the legal action a drag of ``acts`` onto ``marker`` means (None when it means nothing)."""
        return self.drops.match(acts, marker)

    def _refusal(self, acts: Any) -> str:
        """Why the dragged card cannot go there, naming it."""
        actor = None
        if isinstance(acts, (list, tuple)) and acts and isinstance(acts[0], Action):
            a = acts[0]
            actor = a.get("card") or a.get("challenger") or a.get("blocker")
        return _t("reason.not_there", card=self.cname(actor))

    def _accepts(self, acts: Any, marker: Any) -> str | None:
        """None when the drag may drop here, else the reason in words."""
        return self.drops.reason(acts, marker)

    def on_intent(self, intent: Any) -> None:
        """Drops on a card or zone become the matching action; a click on a pile opens it (as a right-click
        does); everything else goes to the base."""
        if isinstance(intent, Click) and not self.inspector.visible and isinstance(intent.payload, tuple) \
                and len(intent.payload) == 2 and intent.payload[0] in ("deck", "discard"):
            self.inspect(intent.payload)
            return
        if isinstance(intent, Drop) and isinstance(intent.target, (Target, Zone)):
            action = self._match(intent.payload, intent.target)
            if action is not None:
                self.act(action)
            else:
                self.app.play_sound("illegal")
                self.toast.show(self._accepts(intent.payload, intent.target) or "", "error")
            return
        super().on_intent(intent)

    # ================================================================= inspect
    def inspect(self, payload: Any) -> None:
        """Right-click: a card large with its full text, a discard pile browsable, the deck's count and rule."""
        if isinstance(payload, Target):
            payload = ("card", payload.iid)
        if isinstance(payload, tuple) and len(payload) == 2 and payload[0] == "card" and self.card(payload[1]):
            self.zoom_card(self.inspector, payload[1])
            return
        if isinstance(payload, tuple) and len(payload) == 2 and payload[0] == "discard" and payload[1] in (0, 1):
            self.open_discard(payload[1])
            return
        if isinstance(payload, tuple) and len(payload) == 2 and payload[0] == "deck" and payload[1] in (0, 1):
            self.zoom_deck(payload[1])
            return
        super().inspect(payload)

    def zoom_card(self, inspector: Any, iid: str) -> None:
        """Open ``inspector`` on a card: drawn large, its name, type and faction, full text and table state."""
        card = self.card(iid)
        if card is None:
            return
        cid = self.cid(iid) or "?"
        sub = _t("faction_line", type=t(f"sanctuary.type.{card.type}"), faction=self.faction_name(card.faction))

        def drawer(surface: pygame.Surface, rect: pygame.Rect, cid: str = cid, card: Any = card) -> None:
            r = fit_rect((100, 140), rect)
            gfx.shadow(surface, r, 10)
            surface.blit(art.face(cid, card, r.size, self.lang), r)

        owner = card_owner(iid)
        body = "\n".join(self._card_lines(iid, full=True))
        if owner is not None and self.perm(self.view, iid):
            body += "\n" + _t("status.owner", name=self.seat_name(owner))
        inspector.open(localize(card.name, self.lang), body, subtitle=sub, art=drawer, seat=owner)

    def open_discard(self, seat: int) -> Any:
        """Open the browsable overlay of a seat's discard pile (public: every card, newest first)."""
        from game.scenes.sanctuary.piles import PileScene

        overlay = PileScene(self.app, self, seat)
        self.app.push(overlay)
        return overlay

    def zoom_deck(self, seat: int) -> None:
        """The deck is hidden: its zoom tells how many cards are left and the empty-deck rule, never a card."""
        n = len(self.players(self.view)[seat].get("deck") or [])
        name = self.seat_name(seat)
        lines = [_t("deck_zoom.count", n=n) if n != 1 else _t("deck_zoom.count_one"), _t("deck_zoom.hidden"),
                 _t("deck_zoom.draws", name=name), "", _t("deck_zoom.empty_rule")]
        if n == 0:
            lines += ["", _t("deck_zoom.empty_now", name=name)]

        def drawer(surface: pygame.Surface, rect: pygame.Rect, n: int = n) -> None:
            r = fit_rect((100, 140), rect.inflate(-30, -30))
            for j in range(min(3, (n + 9) // 10) - 1, -1, -1):
                gfx.shadow(surface, r.move(-6 * j, -6 * j), 10)
                surface.blit(art.back(r.size), r.move(-6 * j, -6 * j))
            if not n:
                gfx.rounded_rect(surface, r, gfx.with_alpha(gfx.palette().table_dark, 160), 12)
                gfx.rounded_rect(surface, r, gfx.palette().edge, 12, 2)
            gfx.text(surface, str(n), r.center, 64, gfx.palette().ink_light, "center", bold=True, shadow=(0, 0, 0))

        self.inspector.open(_t("deck_title", name=name), "\n".join(lines), subtitle=_t("deck_zoom.subtitle"),
                            art=drawer, seat=seat)

    # ================================================================= events -> animation
    def on_events(self, events: list[Event]) -> None:
        """Damage numbers, the Structure dial, cards flying in and out, tapping, banners, sounds."""
        viewer = self.viewer
        batch: list[Any] = []

        def flush() -> None:
            if batch:
                self.queue.play(anim.Sequence(anim.Parallel(list(batch)), anim.Wait(0.35), blocking=True))
                batch.clear()

        for ev in events:
            if hasattr(ev, "visible_to") and not ev.visible_to(viewer):
                ev = ev.public()
            k, d = ev.kind, ev.data
            try:
                if k == "DamageDealt":
                    a = self._anim_damage(d)
                    if a is not None:
                        batch.append(a)
                    continue
                flush()
                if k == "CardMoved":
                    self._anim_move(d)
                elif k in ("Tapped", "Readied"):
                    self._anim_tap(d.get("card"), 90.0 if k == "Tapped" else 0.0)
                elif k == "StructureChanged":
                    seat = d.get("seat")
                    self._anim_dial(seat, d.get("structure"), good=True)
                    self._float_at(self._dial_pos(seat), f"+{d.get('amount')}", gfx.palette().good)
                elif k == "EmptyDeck":
                    seat = d.get("seat")
                    self._anim_dial(seat, d.get("structure"), good=False)
                    self._float_at(self._dial_pos(seat), _t("float.empty_deck"), gfx.palette().bad)
                elif k == "WillChanged" and d.get("amount"):
                    amt = int(d.get("amount") or 0)
                    seat = d.get("seat")
                    if seat in (0, 1) and d.get("why") != "communion":
                        r = self.L.will.get(seat)
                        if r is not None:
                            self._float_at((r.right - 44, r.y + 14), f"{amt:+d}",
                                           WILL_FLOAT if amt > 0 else gfx.palette().ink_soft, size=18, rise=14)
                elif k == "StrengthChanged":
                    amt = int(d.get("amount") or 0)
                    self._float_card(d.get("card"), f"{amt:+d}", gfx.palette().good if amt > 0 else gfx.palette().bad)
                elif k == "DurabilityChanged":
                    amt = int(d.get("amount") or 0)
                    r = self.L.tabs.get(d.get("card"))
                    if r is not None:
                        self._float_at(r.center, f"{amt:+d}", gfx.palette().bad if amt < 0 else gfx.palette().good,
                                       size=16)
                elif k == "PhaseBegan" and d.get("phase") == "turn":
                    words = _t("banner.turn", n=d.get("turn"), name=self.seat_name(d.get("seat")))
                    self.queue.add(self.banner.show_anim(words, duration=0.9))
                elif k == "DuelDeclared":
                    self.queue.add(anim.Call(lambda: self.app.play_sound("clack")))
                    self.queue.add(self.banner.show_anim(_t("banner.duel"), duration=0.7))
                elif k in ("AttackerDeclared", "BlockerDeclared"):
                    self.queue.add(anim.Call(lambda: self.app.play_sound("clack")))
                elif k == "GameOver":
                    words = t("ui.game_over")
                    w = d.get("winners") or []
                    if w:
                        words = t("sanctuary.event.won", who=self.seat_name(w[0]))
                    self.queue.play(anim.Sequence(anim.Call(lambda: self.app.play_sound("victory")),
                                                  self.banner.show_anim(words, duration=2.0, big=True),
                                                  blocking=True))
            except Exception:  # noqa: BLE001 - an animation never breaks play
                log.exception("sanctuary animation for %s", k)
        flush()

    def _dial_pos(self, seat: Any) -> tuple[int, int]:
        return self.L.dial.get(seat, (100, 100)) if seat in (0, 1) else (100, 100)

    def _anim_dial(self, seat: Any, value: Any, good: bool) -> anim.Animation | None:
        if seat not in (0, 1) or not isinstance(value, int):
            return None
        self.busy_dial.add(seat)
        self.dial.setdefault(seat, float(value))
        a = anim.Parallel(anim.Tween(self.dial, seat, end=float(value), duration=0.6, ease="out_cubic"),
                          anim.Tween(self.dial_flash, seat, start=1.0 if good else -1.0, end=0.0, duration=0.8))
        a.then(lambda s=seat: self.busy_dial.discard(s))
        self.queue.add(a)
        return a

    def _anim_damage(self, d: dict[str, Any]) -> anim.Animation | None:
        target = d.get("target")
        amount = d.get("amount")
        if not isinstance(target, str):
            return None
        pal = gfx.palette()
        parts: list[anim.Animation] = [anim.Call(lambda: self.app.play_sound("hit"))]
        if target.endswith(".S") and target[:1] in ("0", "1"):
            seat = int(target[0])
            self.busy_dial.add(seat)
            value = d.get("structure")
            if isinstance(value, int):
                self.dial.setdefault(seat, float(value + (amount or 0)))
                tw = anim.Parallel(anim.Tween(self.dial, seat, end=float(value), duration=0.6, ease="out_cubic"),
                                   anim.Tween(self.dial_flash, seat, start=-1.0, end=0.0, duration=0.8))
                tw.then(lambda s=seat: self.busy_dial.discard(s))
                parts.append(tw)
            pos = self._dial_pos(seat)
            parts.append(anim.Call(lambda p=pos: self._float_at(p, f"−{amount}", pal.bad, size=30)))
            parts.append(anim.shake(self.shake, 7, 0.35, attr=target))
        else:
            rect = self.L.rect_of(target) or self._last_rects.get(target)
            if rect is not None:
                c = rect.center
                parts.append(anim.Call(lambda p=c: self._float_at(p, f"−{amount}", pal.bad, size=28)))
            parts.append(anim.shake(self.shake, 6, 0.3, attr=target))
        return anim.Parallel(parts)

    def _anim_tap(self, iid: Any, end: float) -> None:
        if not isinstance(iid, str):
            return
        self.busy_angle.add(iid)
        self.angle.setdefault(iid, 90.0 - end)
        tw = anim.Tween(self.angle, iid, end=end, duration=0.25, ease="out_cubic")
        tw.then(lambda i=iid: self.busy_angle.discard(i))
        self.queue.add(tw)

    def _anim_move(self, d: dict[str, Any]) -> None:
        iid, src, dst = d.get("card"), d.get("from"), d.get("to")
        if not isinstance(iid, str) or d.get("hidden"):
            return
        seat = d.get("seat") if d.get("seat") in (0, 1) else (int(iid[0]) if iid[:1] in ("0", "1") else None)
        if seat is None:
            return
        L = self.L
        if src == "hand" and dst in ("chars", "attachments", "techs", "stack"):
            if seat == L.me and iid in self._hand_rects:
                start = self._hand_rects[iid].center
            else:
                start = L.hand_pile.get(seat, L.deck.get(seat, pygame.Rect(0, 0, 1, 1))).center
            fl = {"start": start, "t": 0.0, "iid": iid}
            self.flying[iid] = fl
            self.queue.play(anim.Sequence(
                anim.Call(lambda: self.app.play_sound("card")),
                anim.Tween(fl, "t", end=1.0, duration=0.35, ease="out_cubic"),
                blocking=True).then(lambda i=iid: self.flying.pop(i, None)))
        elif dst == "discard" and src in ("chars", "attachments", "techs", "stack"):
            rect = self._last_rects.get(iid)
            if rect is None:
                return
            lv = {"iid": iid, "start": rect.center, "end": L.discard[seat].center, "t": 0.0,
                  "size": CARD if src == "chars" else (TILE if src == "attachments" else (CARD[0], TAB_H))}
            if src == "stack":
                lv["size"] = (rect.w, rect.h)
            lv["base"] = L.card_size.get(iid, CARD) if src == "chars" else CARD  # a crowded row's cards are small
            self.leaving.append(lv)
            self.queue.play(anim.Sequence(
                anim.Wait(0.05),
                anim.Tween(lv, "t", end=1.0, duration=0.45, ease="in_out_quad"),
                blocking=src != "stack").then(lambda x=lv: self.leaving.remove(x) if x in self.leaving else None))
        elif src == "deck" and dst == "hand":
            self.queue.add(anim.Call(lambda: self.app.play_sound("card")))

    def _float_card(self, iid: Any, text: str, colour: Any) -> None:
        rect = self.L.rect_of(iid) if isinstance(iid, str) else None
        if rect is not None:
            self._float_at(rect.center, text, colour)

    def _float_at(self, pos: tuple[float, float], text: str, colour: Any, size: int = 24, rise: float = 40.0) -> None:
        self.queue.add(self.floaters.spawn_anim(text, pos, colour, size=size, rise=rise, life=1.1))

    @property
    def floats(self) -> list[dict[str, Any]]:
        """The floating numbers showing now, as plain records (text, pos, colour, size, rise...)."""
        return [dataclasses.asdict(f) for f in self.floaters.items]

    # ================================================================= drawing
    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the table for the seat in front: both sides, the middle band, the hand, effects."""
        self.frame_texts.begin()
        L = self.L
        if not L.band:
            L = self._layout(view)
        if not self.queue.busy:  # nothing animates: shown values follow the state
            self.busy_dial.clear()
            self.busy_angle.clear()
            self.flying.clear()
            self.leaving.clear()
            self.floaters.clear()
        pls = self.players(view)
        self._draw_static(surface, view, L, pls)
        self._draw_hand(surface, view, L, pls[L.me])
        if L.mulligan:
            self._draw_mulligan(surface, view, L)
        # cards in flight
        for iid, fl in list(self.flying.items()):
            end_rect = L.rect_of(iid)
            card = self.card(iid)
            if card is None:
                continue
            if end_rect is None and card.type == "manipulation":  # to the stack (it may already have resolved)
                end_rect = next((r for s, r in L.stack if s.get("card") == iid), L.stack_zone)
            if end_rect is None:
                continue
            tt = fl["t"]
            pos = anim.lerp(fl["start"], end_rect.center, tt)
            img = art.face(self.cid(iid) or "?", card, L.card_size.get(iid, CARD), self.lang)  # its size in the row
            scale = 1.0 + 0.25 * math.sin(math.pi * tt)
            img = pygame.transform.smoothscale_by(img, scale)
            gfx.shadow(surface, img.get_rect(center=(round(pos[0]), round(pos[1]))), 8, (4, 8), blur=5)
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        for lv in list(self.leaving):
            card = self.card(lv["iid"])
            if card is None:
                continue
            tt = lv["t"]
            pos = anim.lerp(lv["start"], lv["end"], tt)
            w, h = lv["size"]
            sc = max(0.2, 1.0 - 0.6 * tt)
            bw, bh = lv.get("base", CARD)
            size = (max(4, round(bw * sc)), max(4, round(bh * sc)))
            img = art.face(self.cid(lv["iid"]) or "?", card, CARD, self.lang)
            img = pygame.transform.smoothscale(img, size)
            img.set_alpha(round(255 * (1 - 0.7 * tt)))
            surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
        self.floaters.draw(surface)
        # remember where cards were (leaving animations start there)
        self._last_rects = {iid: rect for iid, (_, _, rect) in L.cards.items()}
        self._last_rects.update(L.tabs)
        self._last_rects.update(L.tiles)
        for s, r in L.stack:
            if isinstance(s.get("card"), str):
                self._last_rects[s["card"]] = r

    STATIC_AREA = pygame.Rect(0, 50, 1004, 468)

    def _put(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, colour: Any, align: str,
             left: int, width: int, bold: bool = False) -> pygame.Rect:
        """Draw a fitted line on the table layer and record it with the width it must stay in."""
        rect = gfx.text(surface, text, pos, size, colour, align, bold=bold)
        if text:
            box = pygame.Rect(left, rect.y, width, rect.h)
            self.texts.records.append(uitext.DrawnText(pygame.Rect(rect), box, text, size, text.endswith("…")))
        return rect

    def text_problems(self, overlaps: bool = True) -> list[str]:
        """Text drawn outside its box, or (with ``overlaps``) on another line's box, in the last drawn frame.
        The table packs some lines closer than the font's line spacing (a seat's name over its Sanctuary's,
        a pile's count over its label) without their letters touching: those show up as overlaps."""
        return uitext.problems(self.texts.records + self.frame_texts.records, overlaps)

    def _draw_static(self, surface: pygame.Surface, view: dict[str, Any], L: Layout,
                     pls: list[dict[str, Any]]) -> None:
        """Both sides, the middle band and the arrows: painted once per move into a cached layer
        (repainted every frame only while something on them animates)."""
        from game.app import draw

        moving = self.queue.busy
        key = (self._cache_key, self.lang, gfx.palette().name, gfx.text_scale(), self.match.to_act(),
               self._bot_job is not None)
        if moving or key != self._static_key or self._static is None or self._static_moving:
            size = surface.get_size()
            if self._static is None or self._static.get_size() != size:
                self._static = pygame.Surface(size)
            layer = self._static
            layer.blit(draw.table_background(size), self.STATIC_AREA, self.STATIC_AREA)
            self.texts.begin()
            for seat in (L.opp, L.me):
                self._draw_side(layer, view, L, seat, pls[seat])
            self._draw_middle(layer, view, L, words=False)
            self._draw_arrows(layer, view, L)
            self._draw_middle(layer, view, L, band=False)
            self._static_key = key
            self._static_moving = moving
        surface.blit(self._static, self.STATIC_AREA, self.STATIC_AREA)

    # ---------------------------------------------------------------- one side of the table
    def _draw_side(self, surface: pygame.Surface, view: dict[str, Any], L: Layout, seat: int,
                   pl: dict[str, Any]) -> None:
        pal = gfx.palette()
        band = L.band[seat]
        # felt under the battle row and the attachment column
        felt = pygame.Rect(L.att[seat].x, band.y, L.piles[seat].right - L.att[seat].x, band.h)
        gfx.rounded_rect(surface, felt, gfx.with_alpha(pal.felt, 235), 12)
        gfx.rounded_rect(surface, felt, gfx.with_alpha(pal.table_dark, 255), 12, 2)
        active = view.get("active") == seat and view.get("phase") not in ("setup", "over")
        if active:
            gfx.rounded_rect(surface, felt.inflate(4, 4), gfx.with_alpha(gfx.seat_colour(seat), 200), 14, 3)
        self._draw_sanctuary(surface, view, L, seat, pl)
        self._draw_attachments(surface, view, L, seat, pl)
        self._draw_row(surface, view, L, seat, pl)
        self._draw_piles(surface, view, L, seat, pl)

    def _draw_sanctuary(self, surface: pygame.Surface, view: dict[str, Any], L: Layout, seat: int,
                        pl: dict[str, Any]) -> None:
        pal = gfx.palette()
        r = L.sanct[seat]
        gfx.panel(surface, r, radius=10)
        gfx.draw_seat_badge(surface, seat, (r.x + 16, r.y + 17), 8)
        name = self.seat_name(seat)
        self.texts.fit(surface, name, pygame.Rect(r.x + 30, r.y + 5, r.w - 40, 24), 16, 8, gfx.seat_ink(seat),
                       "midleft", (r.x + 30, r.y + 17), bold=True)
        san = pl.get("sanctuary")
        if isinstance(san, str) and self.card(san) is not None:
            sname = self.cname(san)
            sname, fs = art.fit_line(sname, r.w - 16, start=12, min_px=10, bold=False)
            self._put(surface, sname, (r.x + 10, r.y + 31), fs, pal.ink_soft, "midleft", r.x + 10, r.w - 16)
        if isinstance(san, str) and san in L.cards:
            self._draw_card(surface, view, san, L.cards[san], SANCT_CARD)
        # Structure dial
        structure = pl.get("structure", 0)
        structure = structure if isinstance(structure, int) else 0
        card = self.card(san) if isinstance(san, str) else None
        start = card.structure if card is not None else max(1, structure)
        self.dial_max[seat] = max(self.dial_max.get(seat, start), start, structure)
        if seat not in self.busy_dial:
            self.dial[seat] = float(structure)
        shown = self.dial.get(seat, float(structure))
        cx, cy = L.dial[seat]
        off = self.shake.get(f"{seat}.S", (0.0, 0.0))
        cx, cy = round(cx + off[0]), round(cy + off[1])
        self._draw_dial(surface, (cx, cy), 36, shown, self.dial_max[seat], self.dial_flash.get(seat, 0.0))
        gfx.text(surface, _t("structure"), (cx, cy + 40), 12, pal.ink_soft, "midtop", bold=True)
        # Will pool
        will = pl.get("will", 0)
        will = will if isinstance(will, int) else 0
        wr = L.will[seat]
        pygame.draw.line(surface, pal.panel_dark, (wr.x, wr.y - 2), (wr.right, wr.y - 2), 1)
        gfx.text(surface, _t("will"), (wr.x, wr.y + 2), 12, pal.ink_soft, bold=True)
        gfx.text(surface, str(will), (wr.right, wr.y - 2), 22, art.WILL_COLOUR, "topright", bold=True)
        n = min(will, 14)
        step = min(15, (wr.w - 10) / max(1, n)) if n else 0
        for i in range(n):
            c = (round(wr.x + 7 + i * step), wr.y + 32)
            pygame.draw.circle(surface, art.WILL_COLOUR, c, 6)
            pygame.draw.circle(surface, (190, 210, 250), (c[0] - 2, c[1] - 2), 2)
            pygame.draw.circle(surface, pal.ink, c, 6, 1)
        if will > 14:
            gfx.text(surface, "…", (wr.right, wr.y + 32), 14, pal.ink_soft, "midright")

    def _draw_dial(self, surface: pygame.Surface, center: tuple[int, int], radius: int, value: float,
                   maximum: int, flash: float) -> None:
        pal = gfx.palette()
        frac = max(0.0, min(1.0, value / max(1, maximum)))
        colour = pal.good if frac > 0.5 else pal.accent if frac > 0.25 else pal.bad
        pygame.draw.circle(surface, pal.table_dark, center, radius + 3)
        pygame.draw.circle(surface, pal.panel_dark, center, radius)
        if frac > 0:
            rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
            rect.center = center
            start = math.pi / 2
            pygame.draw.arc(surface, colour, rect, start - 2 * math.pi * frac, start, 9)
            # tick marks every 5
            for k in range(0, maximum + 1, 5):
                a = math.pi / 2 - 2 * math.pi * k / max(1, maximum)
                p1 = (center[0] + (radius - 10) * math.cos(a), center[1] - (radius - 10) * math.sin(a))
                p2 = (center[0] + radius * math.cos(a), center[1] - radius * math.sin(a))
                pygame.draw.line(surface, pal.ink, p1, p2, 1)
        inner = radius - 11
        fill = pal.panel
        if flash > 0.01:
            fill = gfx.lerp_colour(pal.panel, pal.good, flash * 0.8)
        elif flash < -0.01:
            fill = gfx.lerp_colour(pal.panel, pal.bad, -flash * 0.8)
        pygame.draw.circle(surface, fill, center, inner)
        pygame.draw.circle(surface, pal.edge, center, inner, 2)
        gfx.text(surface, str(round(value)), center, 26, pal.ink, "center", bold=True)

    def _draw_attachments(self, surface: pygame.Surface, view: dict[str, Any], L: Layout, seat: int,
                          pl: dict[str, Any]) -> None:
        pal = gfx.palette()
        col = L.att[seat]
        san = self.card(pl.get("sanctuary"))
        limit = san.attachment_limit if san is not None else "?"
        atts = [c for c in pl.get("attachments") or [] if isinstance(c, str)]
        gfx.text(surface, _t("attachments", n=len(atts), limit=limit), (col.x + 6, col.y + 6), 12,
                 pal.ink_light, bold=True)
        for iid in atts:
            rect = L.tiles.get(iid)
            card = self.card(iid)
            if rect is None or card is None:
                continue
            tapped = bool(self.perm(view, iid).get("tapped"))
            off = self.shake.get(iid, (0.0, 0.0))
            self._draw_tile(surface, rect.move(round(off[0]), round(off[1])), card, tapped)

    def _draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, card: Any, tapped: bool) -> None:
        key = (id(card), rect.size, tapped, self.lang, gfx.palette().name, gfx.text_scale())
        layer = self._tile_imgs.get(key)
        if layer is None:
            if len(self._tile_imgs) > 200:
                self._tile_imgs.clear()
            layer = self._tile_imgs[key] = self._paint_tile(rect, card, tapped)
        surface.blit(layer, layer.get_rect(center=rect.center))

    def _paint_tile(self, rect: pygame.Rect, card: Any, tapped: bool) -> pygame.Surface:
        pal = gfx.palette()
        main, light = art.faction_colours(card.faction)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        r = layer.get_rect()
        pygame.draw.rect(layer, main, r, border_radius=6)
        inner = r.inflate(-4, -4)
        pygame.draw.rect(layer, gfx.lerp_colour(pal.panel, light, 0.5), inner, border_radius=5)
        pygame.draw.rect(layer, main, (inner.x, inner.y, 6, inner.h), border_radius=3)
        name = localize(card.name, self.lang)
        name, size = art.fit_line(name, r.w - 40, start=12)
        gfx.text(layer, name, (12, r.centery), size, pal.ink, "midleft", bold=True)
        art.badge(layer, (r.right - 14, r.centery), 10, f"+{card.will}", art.WILL_COLOUR)
        if tapped:
            layer = pygame.transform.rotate(layer, -12)
            layer.set_alpha(200)
        return layer

    def _draw_row(self, surface: pygame.Surface, view: dict[str, Any], L: Layout, seat: int,
                  pl: dict[str, Any]) -> None:
        pal = gfx.palette()
        chars = [c for c in pl.get("chars") or [] if isinstance(c, str)]
        row = L.row[seat]
        if not chars:
            gfx.text(surface, _t("empty_row"), row.center, 15, gfx.with_alpha(pal.ink_light, 150), "center")
            return
        combat = view.get("combat") or {}
        attackers = set(combat.get("attackers") or [])
        blockers = set((combat.get("blocks") or {}).values())
        duel = view.get("duel") or {}
        duelists = {duel.get("challenger"), duel.get("target")} - {None}
        techs = [x for x in pl.get("techs") or [] if isinstance(x, str)]
        for c in chars:
            if c in self.flying or c not in L.cards:
                continue
            center, ang, rect = L.cards[c]
            off = self.shake.get(c, (0.0, 0.0))
            mine = [tc for tc in techs if tc in L.tabs and self.perm(view, tc).get("carrier") == c
                    and tc not in self.flying]
            strips = [(tc, L.tabs[tc].move(round(off[0]), round(off[1]))) for tc in mine if tc in L.compact]
            for tc in reversed(mine):
                if tc not in L.compact:
                    self._draw_tab(surface, view, tc, L.tabs[tc].move(round(off[0]), round(off[1])))
            glow = DUEL_COLOUR if c in duelists else ATTACK_COLOUR if c in attackers else \
                BLOCK_COLOUR if c in blockers else None
            if glow is not None:
                gr = rect.move(round(off[0]), round(off[1])).inflate(10, 10)
                gfx.rounded_rect(surface, gr, gfx.with_alpha(glow, 90), 12)
                gfx.rounded_rect(surface, gr, glow, 12, 3)
            self._draw_card(surface, view, c, ((center[0] + off[0], center[1] + off[1]), ang, rect),
                            L.card_size.get(c, CARD), plate=c in L.compact, strips=strips)

    def _draw_tab(self, surface: pygame.Surface, view: dict[str, Any], iid: str, rect: pygame.Rect,
                  compact: bool = False) -> None:
        """Draw a Technology tab under its carrier: +Strength, its name when there is room, Durability pips
        (one pip and the number when there are many, or the tab is a small one of a crowded row)."""
        pal = gfx.palette()
        card = self.card(iid)
        if card is None:
            return
        main, light = art.faction_colours(card.faction)
        pygame.draw.rect(surface, main, rect, border_radius=5)
        inner = rect.inflate(-4, -4)
        pygame.draw.rect(surface, gfx.lerp_colour((200, 204, 212), light, 0.3), inner, border_radius=4)
        dur = self.perm(view, iid).get("durability")
        dur = dur if isinstance(dur, int) else card.durability
        n = max(dur, card.durability)
        numeric = n > 4 or compact  # many pips would crowd the name out: one pip and the number
        label = f"{dur}/{card.durability}" if numeric else ""
        pip = not compact or inner.w >= gfx.text_size(f"+{card.strength} {label}", 10, True)[0] + 16
        pip_w = (gfx.text_size(label, 10, True)[0] + (11 if pip else 2)) if numeric else n * 9
        mid = rect.centery if compact else inner.bottom - 9  # the middle of the part not under the card
        name = f"+{card.strength} {localize(card.name, self.lang)}"
        avail = inner.w - pip_w - 8
        size = gfx.fit_text_size(name, avail, inner.h, start=10 if compact else 11, minimum=8, bold=True)
        if compact and gfx.text_size(name, size, True)[0] > avail:
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

    def _draw_card(self, surface: pygame.Surface, view: dict[str, Any], iid: str,
                   placed: tuple[tuple[float, float], float, pygame.Rect], size: tuple[int, int],
                   plate: bool = False, strips: list[tuple[str, pygame.Rect]] | None = None) -> None:
        """Draw a card in play: its face turned by its tap angle, damage and current Strength on top (a
        small card of a crowded row, or a turned one, also gets its name on a plate that reads left to
        right)."""
        pal = gfx.palette()
        card = self.card(iid)
        center, ang, _ = placed
        if card is None:
            img = art.back(size)
        else:
            img = art.face(self.cid(iid) or "?", card, size, self.lang)
        if abs(ang) > 0.5:
            img = pygame.transform.rotate(img, -ang)
        rect = img.get_rect(center=(round(center[0]), round(center[1])))
        gfx.shadow(surface, rect, 8, (2, 4), blur=4)
        surface.blit(img, rect)
        if card is None or card.type != "character":
            return
        k = min(1.0, size[0] / CARD[0])
        small = k < PLATE_BELOW
        top = rect.y
        if plate or small or abs(ang) >= 45:
            top = self._draw_plate(surface, card, rect).bottom
        for tc, r in strips or ():
            self._draw_tab(surface, view, tc, r, compact=True)
        p = self.perm(view, iid)
        strength = view.get("strength", {}).get(iid, card.strength)
        dmg = p.get("damage", 0) or 0
        if strength != card.strength or small:
            # a small face's own shield is too small to read: the current Strength is always shown
            colour = pal.good if strength > card.strength else (110, 110, 110) if strength < card.strength \
                else art.STRENGTH_COLOUR
            r = self._shield_radius(size[0])
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
        if p.get("entered") == view.get("turn") and view.get("active") == int(iid[0]) \
                and view.get("phase") not in ("setup", "over"):
            # entered this turn: a small hourglass (it cannot duel or attack yet)
            hr = max(7, round(10 * k))
            cx, cy = (rect.x + hr + 4, rect.bottom - hr - 6) if abs(ang) < 45 else (rect.x + hr + 4, top + hr + 4)
            pygame.draw.circle(surface, pal.panel, (cx, cy), hr)
            pygame.draw.circle(surface, pal.ink, (cx, cy), hr, 1)
            u = hr * 0.55
            pygame.draw.polygon(surface, pal.ink_soft, [(cx - u, cy - u * 1.2), (cx + u, cy - u * 1.2), (cx, cy)])
            pygame.draw.polygon(surface, pal.ink_soft, [(cx - u, cy + u * 1.2), (cx + u, cy + u * 1.2), (cx, cy)])

    def name_plate(self, name: str, width: int) -> tuple[list[str], int]:
        """Return the lines and text size of a name plate ``width`` px wide: one line at 11 or 10 px when it
        fits, else the largest size from 11 down to 8 at which the name fits on up to three lines without
        breaking a word; failing that, size 8 with a word too long for the plate (or a fourth line)
        shortened with "…"."""
        key = (name, width, gfx.text_scale())
        hit = _PLATES.get(key)
        if hit is None:
            if len(_PLATES) > 512:
                _PLATES.clear()
            hit = _PLATES[key] = self._name_plate(name, width)
        return list(hit[0]), hit[1]

    @staticmethod
    def _name_plate(name: str, width: int) -> tuple[list[str], int]:
        return uitext.plate_lines(name, width)

    def plate_of(self, iid: str) -> tuple[list[str], int]:
        """The name plate of a card in a battle row as drawn now: its lines and text size."""
        card = self.card(iid)
        placed = self.L.cards.get(iid)
        if card is None or placed is None:
            return [], 0
        return self.name_plate(localize(card.name, self.lang), placed[2].w + 2 * PLATE_OVERHANG)

    def _draw_plate(self, surface: pygame.Surface, card: Any, rect: pygame.Rect) -> pygame.Rect:
        """Draw a card's name on a plate across the top of ``rect`` (a ribbon a little wider than a small
        card, into the gap beside it); return the plate's rect."""
        pal = gfx.palette()
        width = rect.w + 2 * PLATE_OVERHANG
        lines, size = self.name_plate(localize(card.name, self.lang), width)
        lh = gfx.line_height(size, True)
        plate = pygame.Rect(rect.centerx - width // 2, rect.y + 2, width, lh * len(lines) + 3)
        main = art.faction_colours(card.faction)[0]
        dark = gfx.lerp_colour(main, (0, 0, 0), 0.25)
        gfx.shadow(surface, plate, 4, (1, 2), blur=2)
        gfx.rounded_rect(surface, plate, gfx.with_alpha(dark, 240), 4)
        gfx.rounded_rect(surface, plate, gfx.lerp_colour(main, (255, 255, 255), 0.25), 4, 1)
        for i, line in enumerate(lines):
            uitext.put(surface, line, (plate.centerx, plate.y + 1 + i * lh), size, pal.ink_light, "midtop",
                       plate.inflate(0, 2), self.texts.records, bold=True, cut=line.endswith("…"))
        return plate

    def _draw_piles(self, surface: pygame.Surface, view: dict[str, Any], L: Layout, seat: int,
                    pl: dict[str, Any]) -> None:
        pal = gfx.palette()
        deck_n = len(pl.get("deck") or [])
        disc = pl.get("discard") or []
        for k, rect in enumerate(([L.deck[seat], L.discard[seat]] + ([L.hand_pile[seat]] if seat == L.opp else []))):
            if k == 0:
                n, label = deck_n, _t("deck")
                for j in range(min(3, (n + 9) // 10)):
                    surface.blit(art.back(MINI), rect.move(-j * 2, -j * 2))
                if not n:
                    gfx.rounded_rect(surface, rect, gfx.with_alpha(pal.table_dark, 160), 5)
                    gfx.rounded_rect(surface, rect, pal.edge, 5, 1)
            elif k == 1:
                n, label = len(disc), _t("discard")
                top = disc[-1] if disc else None
                card = self.card(top) if isinstance(top, str) else None
                if card is not None:
                    surface.blit(art.face(self.cid(top) or "?", card, MINI, self.lang), rect)
                else:
                    gfx.rounded_rect(surface, rect, gfx.with_alpha(pal.table_dark, 160), 5)
                    gfx.rounded_rect(surface, rect, pal.edge, 5, 1)
            else:
                n, label = len(pl.get("hand") or []), _t("hand")
                for j in range(min(n, 4)):
                    img = pygame.transform.rotate(art.back(MINI), 8 * (j - 1.5))
                    surface.blit(img, img.get_rect(center=(rect.centerx + 3 * (j - 1.5), rect.centery)))
            room = L.piles[seat].right - rect.right - 8
            self._put(surface, str(n), (rect.right + 6, rect.centery - 8), 18, pal.ink_light, "midleft",
                      rect.right + 5, room + 3, bold=True)
            label, size = art.fit_line(label, room, start=11, bold=False)
            self._put(surface, label, (rect.right + 5, rect.centery + 10), size, pal.ink_light, "midleft",
                      rect.right + 5, room)

    # ---------------------------------------------------------------- the middle band
    def _draw_middle(self, surface: pygame.Surface, view: dict[str, Any], L: Layout, band: bool = True,
                     words: bool = True) -> None:
        pal = gfx.palette()
        if band:
            gfx.rounded_rect(surface, pygame.Rect(10, 254, 990, 60), gfx.with_alpha(pal.table_dark, 200), 12)
        if not words:
            return
        seat = self.match.to_act()
        text = self.prompt_text(view)
        x = L.prompt.x
        if seat is not None:
            gfx.draw_seat_badge(surface, seat, (x + 9, L.prompt.centery), 8)
            x += 22
        size = 15
        while size > 11 and gfx.text_size(text, size, max_width=L.prompt.right - x)[1] > L.prompt.h - 4:
            size -= 1
        uitext.put(surface, text, (x, L.prompt.centery), size, pal.ink_light, "midleft",
                   pygame.Rect(x, L.prompt.y, L.prompt.right - x, L.prompt.h), self.texts.records,
                   max_width=L.prompt.right - x)
        # the stack of Manipulations
        sz = L.stack_zone
        if L.stack:
            label, size = art.fit_line(_t("stack"), sz.w - 40, start=10)  # left: the target arrows leave on the right
            self._put(surface, label, (sz.x + 4, sz.y - 1), size, pal.accent, "bottomleft", sz.x + 4, sz.w - 40,
                      bold=True)
        for s, r in L.stack:
            iid = s.get("card")
            if iid in self.flying:
                continue
            owner = s.get("seat") if s.get("seat") in (0, 1) else 0
            card = self.card(iid)
            main = art.faction_colours(card.faction)[0] if card is not None else pal.edge
            gfx.rounded_rect(surface, r, pal.panel, 6)
            gfx.rounded_rect(surface, r, main, 6, 2)
            gfx.draw_seat_badge(surface, owner, (r.x + 10, r.centery), 5)
            label = self.cname(iid)
            if s.get("target"):
                label += f" » {self.cname(s.get('target'))}"
            label, fs = art.fit_line(label, r.w - 26, start=13)
            uitext.put(surface, label, (r.x + 20, r.centery), fs, pal.ink, "midleft", r, self.texts.records,
                       bold=True, cut=label.endswith("…"))

    def prompt_text(self, view: dict[str, Any]) -> str:
        """The priority prompt: what the player in front may do now, or who is deciding."""
        seat = self.match.to_act()
        phase = view.get("phase")
        if seat is None or phase == "over":
            return _t("prompt.over")
        phase_word = t(f"sanctuary.phase.{PHASE_SHOWN_AS.get(phase, phase)}")
        if seat != self.viewer or self.match.is_bot(seat):
            return _t("prompt.waiting", name=self.seat_name(seat), phase=phase_word)
        step = view.get("step")
        if phase == "setup":
            hand = len(self.players(view)[seat].get("hand") or [])
            m = self._next_hand_size(view)
            return _t("prompt.mulligan", n=hand, m=m) if m >= 0 else _t("prompt.mulligan_last", n=hand)
        if phase == "end":
            return _t("prompt.discard", n=getattr(self.model, "hand_limit", 8))
        if step == "declare":
            return _t("prompt.declare")
        if step == "attack":
            return _t("prompt.attack")
        if step == "block":
            return _t("prompt.block")
        stack = view.get("stack") or []
        if stack:
            top = stack[-1]
            return _t("prompt.respond", card=self.cname(top.get("card") if isinstance(top, dict) else None))
        if phase == "harvest" and view.get("active") == seat:
            return _t("prompt.harvest")
        return _t("prompt.priority", phase=phase_word)

    # ---------------------------------------------------------------- arrows
    def _draw_arrows(self, surface: pygame.Surface, view: dict[str, Any], L: Layout) -> None:
        combat = view.get("combat") or {}
        blocks = combat.get("blocks") or {}
        active = view.get("active") if view.get("active") in (0, 1) else 0
        for a in combat.get("attackers") or []:
            ra = L.rect_of(a)
            if ra is None:
                continue
            b = blocks.get(a)
            rb = L.rect_of(b) if b else None
            if rb is not None:
                continue
            dial = L.dial[1 - active]
            start = (ra.centerx, ra.top if L.band[active].y > dial[1] else ra.bottom)
            arrow(surface, start, dial, ATTACK_COLOUR, bend=0.18)
        for a, b in blocks.items():
            ra, rb = L.rect_of(a), L.rect_of(b)
            if ra is None or rb is None:
                continue
            down = rb.centery > ra.centery
            arrow(surface, (rb.centerx, rb.top if down else rb.bottom), (ra.centerx, ra.bottom if down else ra.top),
                   BLOCK_COLOUR, bend=0.1)
        duel = view.get("duel") or {}
        ra, rb = L.rect_of(duel.get("challenger")), L.rect_of(duel.get("target"))
        if ra is not None and rb is not None:
            down = rb.centery > ra.centery
            p1 = (ra.centerx, ra.bottom if down else ra.top)
            p2 = (rb.centerx, rb.top if down else rb.bottom)
            arrow(surface, p1, p2, DUEL_COLOUR, both=True, bend=0.12)
            mid = ((p1[0] + p2[0]) // 2, (p1[1] + p2[1]) // 2)
            swords(surface, mid)
        # targets of the Manipulations on the stack
        for s, r in L.stack:
            rt = L.rect_of(s.get("target"))
            if rt is not None:
                end = (rt.centerx, rt.bottom if rt.centery < r.centery else rt.top)
                arrow(surface, (r.right - 14, r.centery), end, (170, 110, 220), bend=0.2, width=4)

    # ---------------------------------------------------------------- the hand
    def _draw_hand(self, surface: pygame.Surface, view: dict[str, Any], L: Layout, pl: dict[str, Any]) -> None:
        pal = gfx.palette()
        dragging = self.router.dragging
        drag_key = dragging.key if dragging is not None else None
        playable = set()
        if self.can_act():
            idx = self._index(self.legal)
            first_of: dict[str, str] = {}
            for c in pl.get("hand") or []:
                if isinstance(c, str) and c != "?":
                    first_of.setdefault(self.cid(c) or c, c)
            playable = {c for c in pl.get("hand") or [] if first_of.get(self.cid(c) or c, c) in idx}
        order = [i for i, (_, s) in enumerate(L.hand) if not s.lifted] + \
            [i for i, (_, s) in enumerate(L.hand) if s.lifted]
        step = L.hand[1][1].center[0] - L.hand[0][1].center[0] if len(L.hand) > 1 else HAND_CARD[0]
        for i in order:
            iid, slot = L.hand[i]
            if drag_key == ("hand", iid) or iid in self.flying:
                continue
            card = self.card(iid) if iid != "?" else None
            variant = "glow" if iid in playable else "dim" if (card is not None and self.can_act()
                                                                and view.get("phase") != "setup") else "plain"
            # the next card covers this one's right part: its name fits the part that shows
            shown = round(step) if (i < len(L.hand) - 1 and not slot.lifted and not L.hand[i + 1][1].lifted
                                    and step < HAND_CARD[0] - 4) else None
            key = (self.cid(iid) if card is not None else "?", variant, round(slot.angle * 2) / 2, self.lang,
                   pal.name, gfx.text_scale(), shown)
            img = self._hand_imgs.get(key)
            if img is None:
                if len(self._hand_imgs) > 300:
                    self._hand_imgs.clear()
                img = self._hand_imgs[key] = self._paint_hand_card(iid, card, variant, slot.angle, shown)
            rect = img.get_rect(center=(round(slot.center[0]), round(slot.center[1])))
            gfx.shadow(surface, rect.inflate(-12, -12), 8, (3, 6), blur=5)
            surface.blit(img, rect)

    def _paint_hand_card(self, iid: str, card: Any, variant: str, angle: float,
                         shown: int | None = None) -> pygame.Surface:
        pal = gfx.palette()
        if card is None:
            img = art.back(HAND_CARD)
        else:
            img = art.face(self.cid(iid) or "?", card, HAND_CARD, self.lang, name_width=shown)
        if variant == "glow":
            glow = pygame.Surface((HAND_CARD[0] + 10, HAND_CARD[1] + 10), pygame.SRCALPHA)
            gfx.rounded_rect(glow, glow.get_rect(), gfx.with_alpha(pal.legal, 120), 11)
            glow.blit(img, (5, 5))
            img = glow
        elif variant == "dim":
            img = img.copy()
            img.fill((170, 170, 170, 255), special_flags=pygame.BLEND_RGBA_MULT)
        if abs(angle) > 0.3:
            img = pygame.transform.rotate(img, angle)
        return img

    def _draw_mulligan(self, surface: pygame.Surface, view: dict[str, Any], L: Layout) -> None:
        pal = gfx.palette()
        box = L.mulligan["box"]
        gfx.panel(surface, box, radius=12)
        seat = view.get("setup_seat", 0)
        hand = len(self.players(view)[seat].get("hand") or [])
        m = self._next_hand_size(view)
        text = _t("prompt.mulligan", n=hand, m=m) if m >= 0 else _t("prompt.mulligan_last", n=hand)
        size = 17
        room = L.mulligan["keep"].y - box.y - 14  # the question stays above the buttons
        while size > 8 and gfx.text_size(text, size, True, max_width=box.w - 30)[1] > room:
            size -= 1
        uitext.put(surface, text, (box.centerx, box.y + 10), size, pal.ink, "midtop",
                   pygame.Rect(box.x + 15, box.y + 10, box.w - 30, room), self.frame_texts.records, bold=True,
                   max_width=box.w - 30)
        hovered = self.router.hovered.key if self.router.hovered is not None else None
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
            self.frame_texts.fit(surface, label, r.inflate(-16, -4), 17, 8, pal.ink, "center", bold=True)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The action bar sits in the middle band; the key reminder goes to the free corner below the table."""
        if self.action_bar.buttons and (self.can_act() or self._bar_override):
            self.action_bar.draw(surface, self.router)
        pal = gfx.palette()
        gfx.text(surface, t("game.keys"), (16, 706), 12, gfx.with_alpha(pal.ink_light, 200), "bottomleft",
                 max_width=280)

    def draw_top(self, surface: pygame.Surface) -> None:
        """While a board card is dragged, an arrow from it to the mouse (then the base's overlays)."""
        d = self.router.dragging
        if d is not None and isinstance(d.key, tuple) and d.key[:1] == ("act",):
            src = d.rect.center
            kinds = {a.kind for a in d.payload} if isinstance(d.payload, list) else set()
            colour = DUEL_COLOUR if "duel" in kinds else BLOCK_COLOUR if "block" in kinds else \
                ATTACK_COLOUR if "attack" in kinds else (170, 110, 220)
            arrow(surface, src, self.router.mouse, colour, bend=0.15)
        if d is not None:  # the zones that would take the dragged card say what dropping there does
            pal = gfx.palette()
            for r in self.router.drop_candidates():
                if isinstance(r.payload, Zone):
                    words = _t(f"zone.{r.payload.name}")
                    box = r.rect.inflate(-12, -8)
                    size = 15 if r.payload.name == "chars" else 11
                    gfx.text(surface, words, (box.centerx, box.bottom), size, pal.accent, "midbottom",
                             max_width=box.w, bold=True, shadow=(0, 0, 0))
        super().draw_top(surface)

    def show_result(self) -> None:
        """The base's result screen, with the end of the game in words."""
        from game.engine import i18n
        from game.scenes.dialogs import ResultScene

        res = self.match.result()
        if res is None or not res.reason or i18n.has(res.reason) \
                or not i18n.has(f"sanctuary_scene.end.{res.reason}"):
            super().show_result()
            return
        winners = [self.seat_name(w) for w in res.winners]
        scores = [(self.seat_name(i), str(int(sc) if float(sc).is_integer() else round(float(sc), 2)))
                  for i, sc in enumerate(res.scores or ())]
        self.app.play_sound("victory")
        self.app.push(ResultScene(self.app, winners, scores, self.rematch, _t(f"end.{res.reason}")))

    def on_settings_changed(self) -> None:
        """Repaint card faces in the new language, palette or text size."""
        art.clear_cache()
        super().on_settings_changed()


WILL_FLOAT = (120, 170, 250)
