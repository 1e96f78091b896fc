"""The skirmish arena: heroes on the left, the Dark Lord's minions on the right, the AP track on top.

Why a scene of its own: a skirmish is read at a glance from who stands where on
the AP track, what each body can still do (limbs active, waiting or disabled,
equipment on each part) and what is on the reaction chain. The generic table
cannot show that. The scene is a ``RulesetScene`` (match driver + table chrome)
made of panes (game/scenes/skirmish/panes/), each drawing from a typed
``SkirmishView`` (game/rulesets/skirmish/views.py), never from the rule state:

* ``arena``: the body cards of both sides, part chips, packs, targets lit on them,
  floating damage numbers; equipment chips are dragged between parts, pack and ground;
* ``ap_track``: the AP track and its sliding needle;
* ``menu``: the acting combatant's actions grouped by action and item, with AP
  cost, difficulty and the exact chance of success; a group with several targets
  opens and its targets light up on the cards;
* ``chain``: the reaction chain as a stack that unwinds as it resolves;
* ``detail`` and ``ground``: the focused combatant large, the items on the floor;
* ``advantages``: the set-up advantage picks on a clear screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import localize, t
from game.rulesets.skirmish.views import SkirmishView
from game.scenes.base import RulesetScene
from game.scenes.base.pane import PaneHost
from game.scenes.skirmish.panes import (AdvantagesPane, ArenaPane, ChainPane, ChainRef, DetailPane, FighterRef,
                                        Geometry, GroundPane, ItemInfo, MenuPane, TrackPane, Zone, group_key)
from game.scenes.skirmish.panes.arena import item_tooltip
from game.scenes.skirmish.panes.common import DECISIONS, fit, sprite
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import Drop, HitRegion

__all__ = ["SkirmishScene", "FighterRef", "Zone", "ItemInfo", "ChainRef", "fit"]


class SkirmishScene(PaneHost, RulesetScene):
    """The skirmish arena scene (see the module docstring)."""

    name = "skirmish"
    board_rect = pygame.Rect(Geometry.board)
    log_rect = pygame.Rect(1030, 56, 240, 590)
    bar_rect = pygame.Rect(10, 654, 1012, 46)
    track_rect = pygame.Rect(Geometry.track)
    centre_rect = pygame.Rect(Geometry.centre)
    ground_rect = pygame.Rect(Geometry.ground)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)
        if self.dice_tray is not None:  # roll over the detail card, leaving the menu and the chain in sight
            self.dice_tray.rect = pygame.Rect(self.centre_rect.x - 6, self.ground_rect.bottom - 236, 400, 236)
        self.animator.dice_bonus = self._dice_bonus  # "1 + 2 + 1 + Str 1 = 5" on the tray
        self.selected: tuple | None = None       # (who, act, item) group whose targets are shown
        self.focus: str | None = None            # combatant shown in the detail card
        self._sview: tuple[Any, SkirmishView] | None = None
        sv = self.sview
        self.arena = ArenaPane(self)
        self.track = TrackPane(self, sv.needle)
        self.menu = MenuPane(self)
        self.chain = ChainPane(self, self.menu, sv)
        self.detail = DetailPane(self, self.menu, self.chain)
        self.ground = GroundPane(self, self.arena)
        self.advantages = AdvantagesPane(self)
        # drawing order of the cached layer; the track is drawn every frame over it
        self.panes = [self.arena, self.menu, self.chain, self.detail, self.ground, self.advantages, self.track]
        self._board_cache: tuple[Any, pygame.Surface] | None = None
        self._targets_cache: tuple[Any, list[HitRegion]] | None = None
        self._decision_key: Any = None
        self.action_bar.max_button = 470  # "X si prepara: +1 punto di prontezza (1 PA)" needs the room

    def _dice_bonus(self, event: Any) -> str | None:
        """The stat a check adds to its dice, by its short name, for the tray's breakdown."""
        data = event.data if isinstance(getattr(event, "data", None), dict) else {}
        if data.get("purpose") != "check":
            return None
        return self.state.check_bonus_name(data.get("act"), self.lang)

    # ================================================================= the typed view
    @property
    def sview(self) -> SkirmishView:
        """The ``SkirmishView`` of the seat in front (rebuilt when the position changes)."""
        view = self.view
        key = self.driver.cache_key
        if self._sview is None or self._sview[0] != key:
            self._sview = (key, SkirmishView.from_view(view, self.match.level.model))
        return self._sview[1]

    def _static_panes(self, sv: SkirmishView) -> list[Any]:
        """The panes of the cached layer for this view: the advantage picks cover menu, chain, detail and ground."""
        if ArenaPane.picking(sv):
            return [self.arena, self.advantages]
        return [self.arena, self.menu, self.chain, self.detail, self.ground]

    # ================================================================= text
    def drawn_texts(self) -> list[uitext.DrawnText]:
        """Every line of text the board drew in the last frame (cached layer, then the track), with its box."""
        return [r for p in self._static_panes(self.sview) for r in p.drawn()] + self.track.drawn()

    def text_problems(self) -> list[str]:
        """Text drawn outside its box, or on top of other text, in the last drawn frame (empty: all clean)."""
        return uitext.problems(self.drawn_texts())

    # ================================================================= where the tutorial's bubble goes
    def tutor_free_areas(self) -> list[pygame.Rect]:
        """The heroes' and the minions' columns below their last card (empty in a small fight)."""
        out = []
        for col in (Geometry.heroes, Geometry.minions):
            cards = [r.rect for r in self.router.regions if isinstance(r.payload, FighterRef) and col.contains(r.rect)]
            top = max((c.bottom for c in cards), default=col.y) + 8
            if col.bottom - top >= 90:
                out.append(pygame.Rect(col.x, top, col.w, col.bottom - top))
        return out

    def tutor_keep_clear(self) -> list[pygame.Rect]:
        """The detail card: the focused fighter's stats and parts, read while choosing."""
        return [self.detail.box(self.sview)]

    @property
    def floaters(self) -> list[Any]:
        """The floating numbers showing now (the kit's ``Floater`` records)."""
        return self.arena.floats.items

    @property
    def ghosts(self) -> list[Any]:
        """The resolved chain entries sliding off now."""
        return self.chain.ghosts

    @property
    def needle_shown(self) -> float:
        """Where the track's needle is drawn now (it slides to the rules' needle)."""
        return self.track.needle_shown

    # ================================================================= hooks: words and tracker
    def describe(self, action: Action) -> str:
        """The rules' words for an action, with card numbers where two combatants share a name."""
        text = super().describe(action)
        who = action.get("who") if isinstance(action, Action) else None
        if who:
            sv = self.sview
            c = sv.get(who)
            plain = localize(c.name, self.lang) if c is not None else ""
            tagged = sv.name(who, self.lang)
            if plain and tagged != plain and text.startswith(plain):
                text = tagged + text[len(plain):]
        return text

    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """Advantages, Opportunity, Reaction (the tracker highlights the current one)."""
        return [t(f"skirmish_scene.phase.{k}") for k in DECISIONS]

    def phase_text(self, view: dict[str, Any]) -> str | None:
        """The current decision in words."""
        sv = self.sview
        d = sv.decision
        if d is None:
            return None
        kind = d.type if d.type in DECISIONS else ("reaction" if sv.chain else "opportunity")
        return t(f"skirmish_scene.phase.{kind}")

    def round_label(self, view: dict[str, Any]) -> str | None:
        """Set-up before round 1, then the round number."""
        if not view.get("round"):
            return t("skirmish_scene.setup")
        return super().round_label(view)

    # ================================================================= regions
    def _reset_on_new_decision(self, sv: SkirmishView) -> None:
        key = (len(self.match.history), id(self.state))
        if key != self._decision_key:
            self._decision_key = key
            if self.selected is not None and not any(group_key(a) == self.selected for a in self.legal):
                self.selected = None
            if sv.decision is not None and sv.decision.who:
                self.focus = sv.decision.who[0]

    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        """The panes' regions (cached per position): cards and chips, ground, menu, targets, chain."""
        sv = self.sview
        self._reset_on_new_decision(sv)
        key = (len(self.match.history), id(self.state), self.viewer, self.lang, self.selected, self.can_act(),
               self.match.to_act())
        if self._targets_cache is not None and self._targets_cache[0] == key:
            return self._targets_cache[1]
        if ArenaPane.picking(sv):
            regions = self.track.regions(sv, legal) + self.arena.regions(sv, legal) + self.advantages.regions(sv, legal)
        else:
            regions = (self.track.regions(sv, legal) + self.arena.regions(sv, legal) + self.ground.regions(sv, legal) + self.menu.regions(sv, legal)
                       + self.arena.target_regions(sv, legal) + self.chain.regions(sv, legal))
        self._targets_cache = (key, regions)
        return regions

    # ================================================================= input
    def choose_among(self, actions: list[Action]) -> None:
        """A menu group with several targets opens (its targets light up); other choices go to the bar."""
        keys = {group_key(a) for a in actions}
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

    def match_drop(self, payload: Any, zone: Zone) -> Action | None:
        """The equipment action a drag of ``payload`` (its possible moves) onto ``zone`` stands for."""
        return self.arena.drops.match(payload, zone)

    def on_intent(self, intent: Any) -> None:
        """Drops on equipment zones play the matching equip/stow/drop action."""
        if isinstance(intent, Drop) and isinstance(intent.target, Zone):
            action = self.match_drop(intent.payload, intent.target)
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
        self.chain.sync(self.sview)

    def act(self, action: Action) -> bool:
        """Play an action; the selection closes."""
        self.selected = None
        self._board_cache = None
        return super().act(action)

    def inspect(self, payload: Any) -> None:
        """Right-click: the full body card of a combatant, an item's details, or the action's words."""
        shown = self.arena.inspect(payload)
        if shown is not None:
            title, body, c = shown
            if c is None:
                self.inspector.open(title, body)
            else:
                self.inspector.open(title, body, image=gfx.load_svg(sprite(c), (160, 160)), seat=c.seat)
            return
        if isinstance(payload, (list, tuple)) and payload and isinstance(payload[0], Action) \
                and payload[0].get("item"):
            iid = payload[0].get("item")
            self.inspector.open(self.sview.item_name(iid, self.lang), item_tooltip(self.sview, iid, self.lang)
                                + "\n\n" + "\n".join(self.describe(a) for a in payload))
            return
        super().inspect(payload)

    # ================================================================= events
    def on_events(self, events: list[Any]) -> None:
        """Dice in the tray, then each event's pane animation in order (numbers, ghosts), the needle's aim."""
        super().on_events(events)
        sv = self.sview
        for e in events:
            for anim_ in self.arena.animate([e], sv) + self.chain.animate([e], sv):
                self.queue.play(anim_)
        self.chain.sync(sv)
        self._board_cache = None
        self.track.follow(sv.needle)

    def update(self, dt: float) -> None:
        """Slide the needle, age the floating numbers, then the base's turn flow."""
        self.track.follow(self.sview.needle)
        self.track.update(dt)
        self.arena.floats.update(dt)
        super().update(dt)

    def is_animating(self) -> bool:
        """Floating numbers, ghosts and the sliding needle keep the loop ticking."""
        return bool(self.floaters or self.ghosts or self.track.moving) or super().is_animating()

    # ================================================================= drawing
    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The cached layer (cards, menu, chain, detail, ground or the picks), then track, ghosts, floaters."""
        sv = self.sview
        key = (len(self.match.history), id(self.state), self.viewer, self.lang, self.selected, self.focus,
               self.can_act(), gfx.palette().name, gfx.text_scale())
        if self._board_cache is None or self._board_cache[0] != key:
            layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for p in self._static_panes(sv):
                p.draw(layer, sv)
            self._board_cache = (key, layer)
        surface.blit(self._board_cache[1], (0, 0))
        self.track.draw(surface, sv)
        self.chain.draw_ghosts(surface, sv)
        self.arena.floats.draw(surface)
