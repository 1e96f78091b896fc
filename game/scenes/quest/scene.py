"""The quest card table: the dedicated scene of seed 002's cooperative card game for 1 to 4 players.

Why it exists: the generic table view lists the state as text; a card game wants a table. This scene
wires panes over ``view(seat)`` of the seat in front, read once per position into a ``Table`` record
(table.py, from the rules' typed ``QuestView``): the encounter band (encounter deck and discard, the
quest card with its progress, the active location, the staging area with its threat total and, in the
quest phase, committed willpower against that threat), the phase track with the open action window
and the seat holding priority, the other seats' compact strips, the large area of the seat in front
(threat dial, piles, engaged enemies with their face-down shadows, heroes with resources and damage,
allies and attachments), combat arrows with the damage preview, the hand fanned at the bottom, and the
table's motion (reveals one by one, floating numbers, dials). The track strip, log, bar, toasts and
inspector are the base's chrome; turn flow, bots, the hot-seat curtain, saves and the result screen
its driver.

Every card carries its legal actions (regions.py): click to play, commit, choose a defender or an
attacker; drag a character onto the quest card to commit it; right-click zooms any card; a click on
a discard pile browses it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import has, t
from game.scenes.base import RulesetScene
from game.scenes.base.pane import PaneHost
from game.scenes.quest import cards as art
from game.scenes.quest.layout import BAND, BOARD, Layout

#: actions the bar names with a short word of ours (the rules' sentence is their tooltip)
BAR_WORDS = ("pass", "done", "keep", "mulligan", "no_defender", "resolve", "end_attacks")
#: the part of the screen the cached table layer covers (the board under the tracker, left of the log)
STATIC_AREA = pygame.Rect(0, 50, 1024, 670)
from game.scenes.quest.painter import CardPainter
from game.scenes.quest.panes.combat import CombatPane
from game.scenes.quest.panes.encounter import EncounterPane
from game.scenes.quest.panes.motion import MotionPane
from game.scenes.quest.panes.turn import StripState, TurnPane
from game.scenes.quest.panes.players import MinePane, OthersPane
from game.scenes.quest.panes.setup import SetupPane
from game.scenes.quest.regions import TableRegions
from game.scenes.quest.table import HIDDEN, PHASES, Table, get
from game.scenes.quest.track import SceneTrack, TrackWords
from game.scenes.quest.words import TableWords, w
from game.scenes.sanctuary.panes.hand import HandPane
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import Click, Drop, HitRegion
from game.ui.cards.hand import NamedFan
from game.ui.payload import Ref


def _keep_clear_beside_a_menu(scene: Any) -> list[pygame.Rect]:
    """While a choice menu is open, the encounter band (headings, threat, staging area), the phase track, the
    player's own characters (whom the menu's lines name) and the partners' strips (their heroes, whom a card
    may aim at): the words the player chooses by, which the guide's bubble covered beside the menu."""
    if not scene.menu_rects():
        return []
    return [BAND.copy(), scene.L.phases.copy(), scene.L.char_row.copy()] + [r.copy() for r in scene.L.others.values()]


def _log_beside_a_menu(scene: Any) -> list[pygame.Rect]:
    """While a choice menu is open, the log column above it (below the Hint and Leave buttons): the board
    beside the menu has no place clear of the words the player chooses by at large text, the log has."""
    menus = scene.menu_rects()
    if not menus:
        return []
    log = scene.log_rect
    heads = [r.rect.bottom for r in scene.router.regions if r.key in ("hint", "tutor-leave") and log.contains(r.rect)]
    top = max(heads, default=log.y + 40) + 8
    bottom = min([m.top for m in menus if m.colliderect(log)], default=log.bottom) - 8
    return [pygame.Rect(log.x, top, log.w, bottom - top)] if bottom - top >= 120 else []


class QuestScene(TrackWords, PaneHost, RulesetScene):
    """The quest card table: driver + chrome (the base) + the table's panes."""

    board_rect = BOARD
    log_rect = pygame.Rect(1028, 56, 242, 596)
    bar_rect = pygame.Rect(1028, 660, 242, 48)
    tracker_rect = pygame.Rect(10, 8, 1260, 40)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        self.toast.anchor = (515, 330)
        self.build_parts()

    def build_parts(self) -> None:
        """The table's own parts: text records, layout, painter, words, regions and panes (a host that
        mounts the quest table over a view without a match calls this too)."""
        self.texts = uitext.TextRecorder()
        self.frame_texts = uitext.TextRecorder()
        self.L = Layout()
        self._table: Table | None = None
        self._table_gen = 0
        self._table_src: Any = None
        self._bar_sig: Any = None
        self._last_rects: dict[str, pygame.Rect] = {}
        self.painter = CardPainter(self)
        self.track = SceneTrack(self)
        self.words_of = TableWords(self)
        self.regions = TableRegions(self)
        self.motion = MotionPane(self)
        self.fan = NamedFan((515, 780), self.L.hand_card, max_width=560, max_angle=10.0, lift=70, arc=5.0)
        self.hand_pane = HandPane(self, self.L.hand_card, self.hand_slots, self._hand_variants, self._hand_face,
                                  lambda size: art.back(size), lambda iid: self.table.cards.get(iid, iid))
        #: painted once per position into a cached layer (every frame only while something animates)
        self.table_panes = [EncounterPane(self), TurnPane(self), OthersPane(self), MinePane(self), CombatPane(self)]
        self.setup_pane = SetupPane(self)
        self.panes = [*self.table_panes, self.setup_pane, self.hand_pane, self.motion]
        self._static: pygame.Surface | None = None
        self._static_key: Any = None
        self._static_moving = False

    # ================================================================= data
    @property
    def table(self) -> Table:
        """The table record of the view in front (rebuilt when the view changes)."""
        view = self.view
        if self._table is None or self._table_src is not view:
            self._table, self._table_src = Table.of(view, self.model), view
            self._table_gen += 1  # the static layer's key: an id() of a freed table may come back
            self.L = Layout.of(self._table, self.viewer if self.viewer is not None else 0)
            self.hand_pane.card_size = self.L.hand_card
            self.fan.card_size = self.L.hand_card
            self.fan.anchor = self.L.hand_anchor
            self.fan.max_width = max(560, self.L.char_row.w)  # room to spread until each name shows (issue 15)
        return self._table

    @property
    def model(self) -> Any:
        """The level's public data (card pool, spheres)."""
        return getattr(self.match.level, "model", None)

    def card_def(self, cid: str | None) -> Any:
        """A card definition by id (None when unknown or hidden)."""
        if not cid or cid == HIDDEN:
            return None
        return self.card_pool().get(cid)

    def card_pool(self) -> dict[str, Any]:
        """The level's card definitions by id (a list in the level, indexed once)."""
        model = self.model
        if getattr(self, "_pool_src", None) is not model:
            cards = get(model, "cards") or {}
            self._pool = dict(cards) if isinstance(cards, dict) else \
                {get(c, "id"): c for c in cards if isinstance(get(c, "id"), str)}
            self._pool_src = model
        return self._pool

    def deck_def(self, deck_id: Any) -> Any:
        """A deck definition of the level by id (None when unknown)."""
        return next((d for d in (get(self.model, "decks") or ()) if get(d, "id") == deck_id), None)

    def sphere_look(self, sphere: str | None) -> tuple[Any, Any, str | None]:
        """(main, light, emblem) of a sphere: the level's colour and emblem when it gives them."""
        main, light = art.sphere_colours(sphere)
        emblem = sphere
        spheres = get(self.model, "spheres") or {}
        sp = spheres.get(sphere) if isinstance(spheres, dict) else \
            next((x for x in spheres if get(x, "id") == sphere), None) if isinstance(spheres, (list, tuple)) else None
        colour = get(sp, "colour")
        if isinstance(colour, str) and colour.startswith("#") and len(colour) == 7:
            try:
                main = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # type: ignore[assignment]
                light = tuple(min(255, 150 + c // 2) for c in main)  # type: ignore[assignment]
            except ValueError:
                pass
        if isinstance(get(sp, "emblem"), str):
            emblem = get(sp, "emblem")
        return main, light, emblem

    def words(self, key: str, **kw: Any) -> str:
        """A string of the scene's catalogue in the current language."""
        return w(key, self.lang, **kw)

    def phase_name(self, phase: str) -> str:
        """A phase's name."""
        return w(f"phase.{phase}", self.lang) if has(f"quest_scene.phase.{phase}") else phase.replace("_", " ")

    def step_name(self, step: str) -> str:
        """A step's words ("" when the catalogue has none)."""
        return w(f"step.{step}", self.lang) if step and has(f"quest_scene.step.{step}") else ""

    def step_words(self, view: Table) -> str:
        """What the round is doing now: the phase and its step in words."""
        step = self.step_name(view.step)
        phase = self.phase_name(view.phase) if view.phase in PHASES else ""
        return f"{phase}: {step}" if phase and step else step or phase

    def has_words(self, key: str) -> bool:
        """True when the scene's catalogue has ``key``."""
        return has(f"quest_scene.{key}")

    def tracker_state(self) -> dict[str, Any]:
        """The tracker's state plus the turn strip's (step, deciding seat, window, priority), so the strip
        holds with the tracker while earlier moves still animate instead of running ahead of it."""
        view = self.table
        return dict(super().tracker_state(), strip=StripState(self.step_words(view), self.seat_to_act(),
                                                              view.window, view.priority))

    def seat_to_act(self) -> int | None:
        """The seat the rules wait for."""
        return self.match.to_act()

    def rect_of(self, iid: Any) -> pygame.Rect | None:
        """Where a card instance is drawn (where it was before the last action, when it has left the table)."""
        if not isinstance(iid, str):
            return None
        return self.L.cards.get(iid) or self.L.attachments.get(iid) or self._last_rects.get(iid)

    def palette_good_or_bad(self, delta: int) -> Any:
        """Good for a positive outcome, bad for a negative one, plain ink otherwise."""
        pal = gfx.palette()
        return pal.good if delta > 0 else pal.bad if delta < 0 else pal.ink_light

    def event_words(self, kind: str, data: dict[str, Any]) -> str:
        """A short floating caption for an event ("Attacks!", "Shadow: <name>", "Surge")."""
        if kind == "ShadowRevealed":
            return self.words("shadow_revealed", name=self.words_of.name(self.table.cards.get(str(data.get("card")))))
        amount = data.get("amount")
        return self.words("event." + kind, n=amount if isinstance(amount, int) else "")

    def lit(self, iid: str) -> Any:
        """The glow of a card the seat in front can use now (None: no glow)."""
        if not self.can_act():
            return None
        return gfx.palette().legal if iid in TableRegions.index(self.legal) else None

    def waiting_reason(self) -> str | None:
        """Why the seat in front cannot act now (None when it can)."""
        seat = self.match.to_act()
        if seat is None or self.can_act():
            return None
        return t("game.waiting_for", name=self.seat_name(seat))

    def quest_preview(self, view: Table) -> Any:
        """Committed willpower against the staging threat (None outside the quest phase)."""
        return self.words_of.quest_preview(view)

    def keyword_words(self, card: Any) -> str:
        """A card's keywords in words."""
        return self.words_of.keyword_words(card)

    def reveal_words(self, cid: str | None) -> str:
        """The reveal caption."""
        return self.words_of.reveal_words(cid)

    def card_tip(self, iid: str, acts: list[Action] | None = None) -> str:
        """A card's tooltip, with what clicking it does."""
        return self.words_of.card_tip(iid, acts)

    def ghost(self, iid: str, size: tuple[int, int]) -> pygame.Surface | None:
        """The translucent card dragged under the mouse."""
        img = self.painter.face(self.table.cards.get(iid), size)
        if img is None:
            return None
        img = img.copy()
        img.set_alpha(190)
        return img

    # ================================================================= tracker and words
    def phase_text(self, view: dict[str, Any]) -> str | None:
        """The current phase in words."""
        ph = self.table.phase
        return self.phase_name(ph) if ph in PHASES else None

    def round_label(self, view: dict[str, Any]) -> str | None:
        """"Set-up" before the first round, then "Round N"."""
        if self.table.phase == "setup":
            return self.words("setup")
        return super().round_label(view)

    def describe(self, action: Action) -> str:
        """Short words for the bar (narrow); the rules' sentence otherwise, saying which copy of a card it means."""
        if action.kind in BAR_WORDS:
            return self.words("bar." + action.kind)
        return self.words_of.marked(action, super().describe(action))

    def sentence(self, action: Action) -> str:
        """The rules' own sentence for an action (``describe`` shortens some for the bar)."""
        return super().describe(action)

    def rule_hint(self, action: Action) -> str:
        """An action's sentence plus its preview (damage, willpower against threat)."""
        pre = self.words_of.action_preview(self.table, action)
        text = self.sentence(action)
        return f"{text}\n{pre}" if pre else text

    # ================================================================= hand
    def hand_slots(self) -> list[tuple[str, Any]]:
        """(card, fan slot) of the seat in front's hand."""
        me = self.table.player(self.viewer if self.viewer is not None else 0)
        hand = list(me.hand or ()) if me is not None else []
        hov = self.router.hovered.key if self.router.hovered is not None else None
        idx = next((i for i, iid in enumerate(hand) if hov == ("hand", iid)), None)
        return list(zip(hand, self.fan.slots(len(hand), idx, [_name_strip(self, iid) for iid in hand])))

    def _hand_variants(self, view: Any) -> dict[str, str]:
        playable = TableRegions.index(self.legal) if self.can_act() else {}
        return {iid: "glow" if iid in playable else "plain" for iid, _ in self.hand_slots()}

    def _hand_face(self, iid: str, size: tuple[int, int], name_width: int | None) -> pygame.Surface | None:
        return self.painter.face(self.table.cards.get(iid), size, name_width)

    # ================================================================= regions and input
    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        """Piles, the band's regions, every card in play, the phase track, the hand."""
        tv = self.table
        sig = (tv.phase, tv.step, self.lang)
        if sig != self._bar_sig:
            self._bar_sig = sig
            self._bar_lang = ""
        regs = self.regions.piles(tv)
        regs += self.pane("encounter").regions(tv, legal)
        regs += self.pane("turn").regions(tv, legal)
        regs += self.regions.cards(tv, legal)
        regs += self.regions.hand(tv, legal)
        regs += self.setup_pane.regions(tv, legal)
        return regs

    def on_intent(self, intent: Any) -> None:
        """Drops become the matching action; a click on a pile or a non-playable card inspects it."""
        if isinstance(intent, Drop):
            action = self.regions.match(intent.payload, intent.target)
            if action is not None:
                self.act(action)
            else:
                self.app.play_sound("illegal")
                self.toast.show(self.words("no_drop"), "error")
            return
        if isinstance(intent, Click) and isinstance(intent.payload, Ref) and not self.inspector.visible:
            if intent.payload.is_("pile") or intent.payload.is_("card") or intent.payload.is_("quest"):
                self.inspect(intent.payload)
                return
        super().on_intent(intent)

    def inspect(self, payload: Any) -> None:
        """Right-click: a card large; a discard pile browsable; the quest card's words."""
        if isinstance(payload, Ref):
            if payload.is_("card"):
                self.words_of.zoom_card(self.inspector, payload[0])
                return
            if payload.is_("pile") and payload[0] in ("discard", "encounter_discard"):
                self.open_pile(tuple(payload.args))
                return
            if payload.is_("pile"):
                self.inspector.open(self.words(payload[0] if payload[0] != "deck" else "deck"),
                                    self.words("tip.deck_rule"))
                return
            if payload.is_("quest"):
                st = self.table.stage
                from game.engine.i18n import localize

                self.inspector.open(localize(st.name, self.lang) if st.name else self.words("quest"),
                                    localize(st.text, self.lang) if st.text else "",
                                    subtitle=self.words("progress", n=st.progress, of=st.points))
                return
        super().inspect(payload)

    def zoom_card(self, inspector: Any, iid: str) -> None:
        """Open ``inspector`` on a card (the pile overlay's zoom)."""
        self.words_of.zoom_card(inspector, iid)

    def open_pile(self, key: tuple) -> Any:
        """Push the browsable overlay of a discard pile."""
        from game.scenes.quest.piles import PileScene

        overlay = PileScene(self.app, self, key)
        self.app.push(overlay)
        return overlay

    # ================================================================= events -> animation
    def on_events(self, events: list[Event]) -> None:
        """Reveals, dials, floating numbers (and the base's banners and sounds)."""
        self._last_rects = {**self.L.attachments, **self.L.cards}
        self._table = None
        tv = self.table
        for e in events:  # in order: a phase banner after the reveals of the phase before it
            super().on_events([e])
            self.pane_animations([e], tv)

    def is_animating(self) -> bool:
        """Also while a card flies or a number floats."""
        return super().is_animating() or self.motion.animating

    def update(self, dt: float) -> None:
        """Age the floating numbers too."""
        super().update(dt)
        self.motion.floaters.update(dt)

    # ================================================================= drawing
    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the table for the seat in front, every pane from the table record: the table from its cached
        layer, the hand and the motion on top every frame."""
        self.frame_texts.begin()
        tv = self.table
        self.motion.settle()
        self._draw_static(surface, tv)
        self.setup_pane.draw(surface, tv)
        self.hand_pane.draw(surface, tv)
        self.motion.draw(surface, tv)

    def _draw_static(self, surface: pygame.Surface, view: Table) -> None:
        """The table panes, painted once per position (and every frame while something on them animates)."""
        from game.app import draw

        moving = self.queue.busy or self.motion.animating
        acting = self.can_act()
        key = (self._cache_key, self._table_gen, self.lang, gfx.palette().name, gfx.text_scale(), self.match.to_act(),
               acting, self._bot_job is not None, surface.get_size())
        if moving or self._static_moving or key != self._static_key or self._static is None:
            size = surface.get_size()
            if self._static is None or self._static.get_size() != size:
                self._static = pygame.Surface(size)
            layer = self._static
            layer.blit(draw.table_background(size), STATIC_AREA, STATIC_AREA)
            self.texts.begin()
            for pane in self.table_panes:
                pane.draw(layer, view)
            self._static_key, self._static_moving = key, moving
        surface.blit(self._static, STATIC_AREA, STATIC_AREA)

    def drawn_texts(self) -> list[uitext.DrawnText]:
        """What the last frame wrote, with the boxes it had to stay in."""
        return self.texts.records + self.frame_texts.records

    def text_problems(self, overlaps: bool = True) -> list[str]:
        """Text of the last frame outside its box (or on another line's box)."""
        return uitext.problems(self.drawn_texts(), overlaps)

    tutor_keep_clear = _keep_clear_beside_a_menu  # the guide's bubble keeps off these
    tutor_free_areas = _log_beside_a_menu  # and may sit there

    def draw_top(self, surface: pygame.Surface) -> None:
        """While a character is dragged, the quest card says what dropping there does."""
        if self.router.dragging is not None:
            pal = gfx.palette()
            for r in self.router.drop_candidates():
                if isinstance(r.payload, Ref) and r.payload.is_("quest"):
                    gfx.highlight(surface, r.rect, pal.legal, 4)
                    gfx.text(surface, self.words("drop_commit"), (r.rect.centerx, r.rect.bottom + 4), 14, pal.accent,
                             "midtop", max_width=r.rect.w + 60, bold=True, shadow=(0, 0, 0))
        super().draw_top(surface)

    def result_reason(self, reason: str) -> str:
        """How the quest ended, in words (the rules' catalogue first, then the scene's)."""
        if has(f"quest.result.{reason}") or not has(f"quest_scene.end.{reason}"):
            return super().result_reason(reason)
        return self.words(f"end.{reason}")

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The action bar; without one, the status (keys, a bot thinking, who is awaited) fitted to the narrow
        space under the log, in one or two lines."""
        if self.action_bar.buttons and (self.can_act() or self._bar_override):
            self.action_bar.draw(surface, self.router)
            return
        seat = self.driver.shown_seat()
        if seat is None:
            return
        if seat == self.viewer and self.driver.frozen is None:
            text = t("game.keys")
        elif self.match.is_bot(seat):
            text = t("game.bot_thinking", name=self.seat_name(seat))
        else:
            text = t("game.waiting_for", name=self.seat_name(seat))
        self.frame_texts.block(surface, text, self.bar_rect.inflate(-8, 0), 14, 8, gfx.palette().ink_light)

    def on_settings_changed(self) -> None:
        """Repaint card faces in the new language, palette or text size."""
        art.clear_cache()
        self._table = None
        self._static_key = None
        super().on_settings_changed()


def _name_strip(scene: QuestScene, iid: str) -> int:
    """How much of hand card ``iid`` must show for its name and type line to read (the fan spreads to it)."""
    card = scene.card_def(scene.table.cards.get(iid))
    if card is None:
        return 0
    return art.name_strip(card, scene.lang, scene.L.hand_card)
