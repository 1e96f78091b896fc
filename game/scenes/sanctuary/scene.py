"""The sanctuary card table: the dedicated scene of seed 004's two-player card duel.

Why it exists: the generic table view lists the state as text; a card duel wants a table. This
scene wires panes over ``view(seat)`` of the player in front, read through the typed records of
game/rulesets/sanctuary/views.py: each side (Sanctuary block with its animated Structure dial and
Will pool, Attachments, the battle row with Technologies tucked under their carrier, the piles),
the middle (priority prompt, stack of Manipulations, arrows of the duel, attacks and blocks), the
hand fanned at the bottom, the mulligan choice, and the table's motion (panes/). The six-phase
track, log, bar, toasts and inspector are the base's chrome; turn flow, bots, the hot-seat
curtain, saves and the result screen its driver.

Every interaction maps to an Action of ``legal_actions()`` (regions.py): drag a card from the hand
onto the table or its target, an attacker onto the opposing Sanctuary, a challenger or blocker onto
an opposing Character; clicks do the same when the choice is unique.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import localize, t
from game.rulesets.sanctuary.views import HIDDEN, SanctuaryView
from game.scenes.base import RulesetScene
from game.scenes.base.pane import PaneHost
from game.scenes.sanctuary import cards as art
from game.scenes.sanctuary.geometry import (ATTACK_COLOUR, BLOCK_COLOUR, CARD, COMPACT_TAB, DUEL_COLOUR, HAND_CARD,
                                            MIN_SCALE, PHASE_ORDER, PHASE_SHOWN_AS, Layout, RowPlan, Target, Zone,
                                            _t, plan_row, tracker_size)
from game.scenes.sanctuary.panes.hand import HandPane, MulliganPane
from game.scenes.sanctuary.panes.middle import STACK_ARROW, ArrowsPane, BandPane, MiddlePane
from game.scenes.sanctuary.panes.motion import MotionPane
from game.scenes.sanctuary.panes.row import CardPainter, RowPane
from game.scenes.sanctuary.panes.side import AttachmentsPane, PilesPane, SanctuaryPane, SidePane
from game.scenes.sanctuary.placing import TablePlacer
from game.scenes.sanctuary.regions import TableRegions
from game.scenes.sanctuary.words import CardWords
from game.ui import gfx
from game.ui import text as uitext
from game.ui.cards.arrows import arrow
from game.ui.input import Click, Drop, HitRegion
from game.ui.cards.hand import NamedFan

# the geometry's names, for callers and tests that import them from here
__all__ = ["CARD", "COMPACT_TAB", "HAND_CARD", "MIN_SCALE", "PHASE_ORDER", "Layout", "RowPlan", "SanctuaryScene",
           "Target", "Zone", "plan_row", "tracker_size"]


class SanctuaryScene(PaneHost, RulesetScene):
    """The card table of the sanctuary ruleset: driver + chrome (the base) + the table's panes."""

    board_rect = pygame.Rect(10, 56, 990, 656)
    log_rect = pygame.Rect(1008, 56, 262, 656)
    bar_rect = pygame.Rect(700, 262, 300, 42)
    tracker_rect = pygame.Rect(10, 8, 1260, 40)
    #: the part of the screen the cached table layer covers (both sides and the middle band)
    STATIC_AREA = pygame.Rect(0, 50, 1004, 468)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        self.toast.anchor = (505, 330)
        self.L = Layout()
        self.fan = NamedFan((600, 702), HAND_CARD, max_width=600, max_angle=14.0, lift=40, arc=6.0)
        # the text drawn on the cached table layer, and the text drawn every frame: text_problems() checks them
        self.texts = uitext.TextRecorder()
        self.frame_texts = uitext.TextRecorder()
        self._blank = pygame.Surface((1, 1), pygame.SRCALPHA)
        self._bar_sig: Any = None
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._static_moving = False
        self._tv: SanctuaryView | None = None
        self._tv_src: Any = None
        self.words = CardWords(self)
        self.placer = TablePlacer(self)
        self.table_regions = TableRegions(self)
        self.painter = CardPainter(self)
        self.motion = MotionPane(self)
        sides = {role: SidePane(self, role, [SanctuaryPane(self, role, self.painter), AttachmentsPane(self, role),
                                             RowPane(self, role, self.painter), PilesPane(self, role)])
                 for role in ("opp", "me")}
        self.middle = MiddlePane(self)
        self.hand_pane = HandPane(self, HAND_CARD, lambda: self.L.hand, self._hand_variants, self._hand_face,
                                  art.back, lambda iid: self.cid(iid) if self.card(iid) is not None else "?")
        self.hand_pane.hidden = self._hand_hidden
        #: drawn into the cached table layer, in this order
        self.table_panes = [sides["opp"], sides["me"], BandPane(self), ArrowsPane(self), self.middle]
        self.panes = [*self.table_panes, self.hand_pane, MulliganPane(self), self.motion]

    # ================================================================= data helpers
    @property
    def model(self) -> Any:
        """The level model (card pool and decks: public data)."""
        return self.match.level.model

    @property
    def table_view(self) -> SanctuaryView:
        """The typed records of the view in front (rebuilt when the view changes)."""
        view = self.view
        if self._tv is None or self._tv_src is not view:
            self._tv, self._tv_src = SanctuaryView.from_view(view), view
        return self._tv

    def cid(self, iid: str | None) -> str | None:
        """Return the card id of an instance (None when unknown)."""
        if not iid:
            return None
        return self.table_view.cards.get(iid)

    def card(self, iid: str | None) -> Any:
        """Return the card definition of an instance (None when unknown)."""
        cid = self.cid(iid)
        return self.model.cards.get(cid) if cid else None

    def cname(self, iid: str | None) -> str:
        """Return an instance's card name in the current language."""
        c = self.card(iid)
        return localize(c.name, self.lang) if c is not None else "?"

    def next_hand_size(self, view: SanctuaryView) -> int:
        """The size of the next opening hand after a mulligan (below 0: no mulligan left)."""
        seat = view.setup_seat if view.setup_seat is not None else 0
        drawn = view.side(seat).hands_drawn
        opening = getattr(self.model, "opening_hand", 6)
        return opening if len(drawn) <= 1 else int(drawn[-1]) - 1

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
        tv = self.table_view
        if k == "pass":
            return _t("button.pass_resolve") if tv.stack else _t("button.pass")
        if k == "no_duel":
            return _t("button.no_duel")
        if k == "end_attack":
            return _t("button.end_attack") if tv.combat.attackers else _t("button.no_attack")
        if k == "end_block":
            return _t("button.end_block")
        if k == "keep":
            return _t("button.keep")
        if k == "mulligan":
            return _t("button.mulligan", n=self.next_hand_size(tv))
        return super().describe(action)

    def rule_hint(self, action: Action) -> str:
        """Tooltips say the whole sentence of the rules."""
        if action.kind == "mulligan":
            return _t("tip.mulligan", n=self.next_hand_size(self.table_view))
        if action.kind == "keep":
            return _t("tip.keep")
        return super().describe(action)

    def faction_name(self, faction: str) -> str:
        """Return a faction's name (the id, titled, for factions a modder adds)."""
        return self.words.faction_name(faction)

    def card_tip(self, iid: str) -> str:
        """Tooltip text of a card: its rules text and its state on the table (cached per move)."""
        return self.words.card_tip(iid)

    @property
    def _tips(self) -> dict[Any, str]:
        return self.words.tips()

    def prompt_text(self, view: dict[str, Any]) -> str:
        """The priority prompt: what the player in front may do now, or who is deciding."""
        return self.middle.prompt_text(SanctuaryView.from_view(view))

    def plate_of(self, iid: str) -> tuple[list[str], int]:
        """The name plate of a card in a battle row as drawn now: its lines and text size."""
        return self.painter.plate_of(iid)

    # ================================================================= regions
    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        """Hit regions, lowest first: drop zones, piles and counters, every card on the table, the stack,
        the hand and the mulligan choice."""
        tv = self.table_view
        self.placer.layout(tv)
        sig = (bool(tv.stack), bool(tv.combat.attackers), tv.setup_seat, self.lang)
        if sig != self._bar_sig:  # the bar's words depend on these: make the base rebuild its buttons
            self._bar_sig = sig
            self._bar_lang = ""
        acting = self.can_act()
        by_card = TableRegions.index(legal) if acting else {}
        waiting = None if acting else self.table_regions.waiting_reason()
        tr = self.table_regions
        regs = tr.zones(tv)
        for side in self.table_panes[:2]:
            for part in side.parts:
                regs += part.regions(tv, legal)
        regs += tr.cards(tv, by_card, acting)
        regs += self.middle.regions(tv, legal)
        regs += tr.hand(tv, by_card, waiting)
        regs += self.pane("mulligan").regions(tv, legal)
        return regs

    def _match(self, acts: Any, marker: Any) -> Action | None:
        """Return the legal action a drag of ``acts`` onto ``marker`` means (None when it means nothing)."""
        return self.table_regions.match(acts, marker)

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
                self.toast.show(self.table_regions.accepts(intent.payload, intent.target) or "", "error")
            return
        super().on_intent(intent)

    def tutor_free_areas(self) -> list[pygame.Rect]:
        """The opponent's battle row while no Character stands in it (its top a little higher, so a bubble of
        a few lines stays clear of the prompt band below)."""
        tv = self.table_view
        opp = self.L.opp
        if opp not in self.L.row or tv.side(opp).characters:
            return []
        return [self.L.row[opp].move(0, -4)]

    def tutor_keep_clear(self) -> list[pygame.Rect]:
        """The priority prompt (the bubble sat on its first line) and the opening-hand question."""
        kept = [pygame.Rect(self.L.prompt)]
        if self.L.mulligan:
            kept.append(pygame.Rect(self.L.mulligan["box"]))
        return kept

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
            self.words.zoom_deck(self.inspector, payload[1])
            return
        super().inspect(payload)

    def zoom_card(self, inspector: Any, iid: str) -> None:
        """Open ``inspector`` on a card: drawn large, its name, type and faction, full text and table state."""
        self.words.zoom_card(inspector, iid)

    def open_discard(self, seat: int) -> Any:
        """Open the browsable overlay of a seat's discard pile (public: every card, newest first)."""
        from game.scenes.sanctuary.piles import PileScene

        overlay = PileScene(self.app, self, seat)
        self.app.push(overlay)
        return overlay

    # ================================================================= events -> animation
    def on_events(self, events: list[Event]) -> None:
        """Damage numbers, the Structure dial, cards flying in and out, tapping, banners, sounds."""
        self.pane_animations(events, self.table_view)

    @property
    def floats(self) -> list[dict[str, Any]]:
        """The floating numbers showing now, as plain records (text, pos, colour, size, rise...)."""
        return [dataclasses.asdict(f) for f in self.motion.floaters.items]

    @property
    def dial(self) -> dict[int, float]:
        """The Structure each dial shows now (animating towards the state)."""
        return self.motion.dial

    @property
    def angle(self) -> dict[str, float]:
        """The angle each card in play is drawn at now (animating when it taps or readies)."""
        return self.motion.angle

    # ================================================================= drawing
    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the table for the seat in front: both sides, the middle band, the hand, effects."""
        self.frame_texts.begin()
        tv = self.table_view
        if not self.L.band:
            self.placer.layout(tv)
        self.motion.settle()
        self._draw_static(surface, tv)
        self.hand_pane.draw(surface, tv)
        self.pane("mulligan").draw(surface, tv)
        self.motion.draw(surface, tv)

    def _hand_variants(self, view: SanctuaryView) -> dict[str, str]:
        """Each hand card's look: glowing when playable, dimmed when the player could act but not with it."""
        playable = self.table_regions.playable(view)
        acting = self.can_act()
        out: dict[str, str] = {}
        for iid, _ in self.L.hand:
            known = iid != HIDDEN and self.card(iid) is not None
            out[iid] = "glow" if iid in playable else "dim" if (known and acting and view.phase != "setup") \
                else "plain"
        return out

    def _hand_face(self, iid: str, size: tuple[int, int], name_width: int | None) -> pygame.Surface | None:
        card = self.card(iid) if iid != HIDDEN else None
        if card is None:
            return None
        return art.face(self.cid(iid) or "?", card, size, self.lang, name_width=name_width)

    def _hand_hidden(self, iid: str) -> bool:
        """A hand card not drawn in the fan: being dragged, or flying to the table."""
        d = self.router.dragging
        return (d is not None and d.key == ("hand", iid)) or iid in self.motion.flying

    def text_problems(self, overlaps: bool = True) -> list[str]:
        """Text drawn outside its box, or (with ``overlaps``) on another line's box, in the last drawn frame.
        The table packs some lines closer than the font's line spacing (a seat's name over its Sanctuary's,
        a pile's count over its label) without their letters touching: those show up as overlaps."""
        return uitext.problems(self.texts.records + self.frame_texts.records, overlaps)

    def _draw_static(self, surface: pygame.Surface, view: SanctuaryView) -> None:
        """Both sides, the middle band and the arrows: painted once per move into a cached layer
        (repainted every frame only while something on them animates)."""
        from game.app import draw

        moving = self.queue.busy
        key = (self._cache_key, self.lang, gfx.palette().name, gfx.text_scale(), self.driver.deciding(),
               self._bot_job is not None)
        if moving or key != self._static_key or self._static is None or self._static_moving:
            size = surface.get_size()
            if self._static is None or self._static.get_size() != size:
                self._static = pygame.Surface(size)
            layer = self._static
            layer.blit(draw.table_background(size), self.STATIC_AREA, self.STATIC_AREA)
            self.texts.begin()
            for pane in self.table_panes:
                pane.draw(layer, view)
            self._static_key = key
            self._static_moving = moving
        surface.blit(self._static, self.STATIC_AREA, self.STATIC_AREA)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The action bar sits in the middle band; the key reminder goes to the free corner below the table."""
        if self.action_bar.buttons and (self.can_act() or self._bar_override):
            self.action_bar.draw(surface, self.router)
        pal = gfx.palette()
        keys = "\n".join(uitext.join_lines(t("game.keys"), 280, 12))  # broken between keys, never before a "·"
        gfx.text(surface, keys, (16, 706), 12, gfx.with_alpha(pal.ink_light, 200), "bottomleft")

    def draw_top(self, surface: pygame.Surface) -> None:
        """While a board card is dragged, an arrow from it to the mouse (then the base's overlays)."""
        d = self.router.dragging
        if d is not None and isinstance(d.key, tuple) and d.key[:1] == ("act",):
            src = d.rect.center
            kinds = {a.kind for a in d.payload} if isinstance(d.payload, list) else set()
            colour = DUEL_COLOUR if "duel" in kinds else BLOCK_COLOUR if "block" in kinds else \
                ATTACK_COLOUR if "attack" in kinds else STACK_ARROW
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

    def undo(self) -> None:
        """Undo; a refusal because of a draw, a shuffle or a reveal says which one (issue 15)."""
        from game.scenes.sanctuary.words import undo_barrier_text

        seat = self.viewer
        text = undo_barrier_text(self.match, seat, self.lang) if seat is not None else None
        if text is not None:
            self.toast.show(text, "error")
            self.app.play_sound("illegal")
            return
        super().undo()

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
        self.app.push(ResultScene(self.app, winners, scores, self.rematch, _t(f"end.{res.reason}"),
                                  score_key="sanctuary.result.score"))

    def on_settings_changed(self) -> None:
        """Repaint card faces in the new language, palette or text size."""
        art.clear_cache()
        super().on_settings_changed()
