"""The battle screen: the skirmish arena's own panes (body cards, AP track, action menu, chain, detail card,
ground, advantage picks) mounted in the expedition scene over the hosted child fight's view.

Why mount rather than redraw: a battle is a skirmish game hosted inside the expedition (engine/hosting.py),
so the same match applies its actions (the host routes them to the child) and the skirmish panes already
draw a ``SkirmishView`` and answer regions with the child's Actions. This pane builds that view from
the child's record in the expedition view, keeps the menu's open group and the detail card's focus on
the scene (the panes read them from their host), and strips the child prefix off its events so the
arena's floating numbers play here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.skirmish.views import SkirmishView
from game.scenes.expedition.panes.common import ExpeditionPane, svg
from game.scenes.skirmish.panes import (AdvantagesPane, ArenaPane, ChainPane, DetailPane, GroundPane, MenuPane,
                                        TrackPane, group_key)
from game.ui import gfx
from game.ui import text as uitext


@dataclass(frozen=True)
class Fight:
    """A live battle as the seat in front sees it: the child's typed view and a line of words over it."""

    view: SkirmishView | None
    title: str = ""


def child_event(e: Event) -> Event | None:
    """A hosted child's event as the child emitted it (its prefix off), None for the parent's own."""
    if "/" not in e.kind:
        return None
    return Event(e.kind.rsplit("/", 1)[1], e.data, e.random, e.reveal, e.private_to, e.auto)


class BattlePane(ExpeditionPane):
    """The mounted arena (see the module docstring)."""

    name = "battle"

    def __init__(self, scene: Any) -> None:
        super().__init__(scene)
        self.rect = pygame.Rect(self.geo.board)
        self.arena = ArenaPane(scene)
        self.track = TrackPane(scene)
        self.menu = MenuPane(scene)
        self.chain = ChainPane(scene, self.menu)
        self.detail = DetailPane(scene, self.menu, self.chain)
        self.ground = GroundPane(scene, self.arena)
        self.advantages = AdvantagesPane(scene)
        self.last: SkirmishView | None = None

    def parts(self, view: SkirmishView) -> list[Any]:
        """The skirmish panes shown for this view (the advantage picks cover the centre)."""
        if ArenaPane.picking(view):
            return [self.arena, self.advantages]
        return [self.arena, self.menu, self.chain, self.detail, self.ground]

    # ----------------------------------------------------------------- drawing
    def draw(self, surface: pygame.Surface, fight: Fight) -> None:
        """The felt and the fight's panes (the cached part: the track, ghosts and numbers are ``draw_live``)."""
        self.rec.begin()
        pal = gfx.palette()
        pygame.draw.rect(surface, pal.table_dark, self.rect)
        sv = fight.view
        if sv is None:
            self.line(surface, t("expedition_scene.battle_over"), self.rect, 20, pal.ink_light, "center", bold=True)
            return
        if self.last is None or self.last is not sv:
            self.chain.sync(sv)
            self.last = sv
            who = sv.decision.who if sv.decision is not None else ()
            if who:  # a new position: the detail card shows who decides (a click on a card shows another)
                self.scene.focus = who[0]
        self.track.follow(sv.needle)
        for p in self.parts(sv):
            p.draw(surface, sv)

    def draw_live(self, surface: pygame.Surface, fight: Fight) -> None:
        """What moves every frame: the AP track's sliding needle, the chain's ghosts, the floating numbers."""
        sv = fight.view
        if sv is None:
            return
        self.track.draw(surface, sv)
        self.chain.draw_ghosts(surface, sv)
        self.arena.floats.draw(surface)

    def drawn(self) -> list[uitext.DrawnText]:
        """The text of the mounted panes' last drawing."""
        sv = self.last
        parts = self.parts(sv) if sv is not None else []
        return list(self.rec.records) + [r for p in parts for r in p.drawn()] + (self.track.drawn() if sv else [])

    def text_problems(self) -> list[str]:
        """Text of the mounted panes outside its box or on other text."""
        return uitext.problems(self.drawn())

    # ----------------------------------------------------------------- regions and input
    def regions(self, fight: Fight, legal: list[Action]) -> list[Any]:
        """The skirmish panes' regions: cards and chips, ground, menu, targets, chain (or the picks)."""
        sv = fight.view
        if sv is None:
            return []
        self.arena.arrange(sv)
        if ArenaPane.picking(sv):
            return self.arena.regions(sv, legal) + self.advantages.regions(sv, legal)
        return (self.arena.regions(sv, legal) + self.ground.regions(sv, legal) + self.menu.regions(sv, legal)
                + self.arena.target_regions(sv, legal) + self.chain.regions(sv, legal))

    def open_group(self, actions: list[Action]) -> bool:
        """A menu group with several targets opens (its targets light up); True when it was one."""
        keys = {group_key(a) for a in actions}
        if len(keys) == 1 and None not in keys:
            key = keys.pop()
            self.scene.selected = None if self.scene.selected == key else key
            return True
        return False

    def match_drop(self, payload: Any, zone: Any) -> Action | None:
        """The equipment action a drag onto a part, pack or the ground stands for."""
        return self.arena.drops.match(payload, zone)

    def inspect(self, payload: Any) -> Any | None:
        """A fighter's card or an item large (title, words, picture)."""
        shown = self.arena.inspect(payload)
        if shown is None:
            return None
        title, body, c = shown
        if c is None:
            return title, body, None
        from game.scenes.skirmish.panes.common import figure

        return title, body, svg(figure(self.scene, c), (160, 160))

    # ----------------------------------------------------------------- motion
    def animate(self, events: list[Event], view: Any) -> list[Any]:
        """The arena's numbers for the child's events (damage, healing, misses, blocks)."""
        sv = self.last
        if sv is None:
            return []
        inner = [c for c in (child_event(e) for e in events) if c is not None]
        return self.arena.animate(inner, sv) + self.chain.animate(inner, sv) if inner else []

    def update(self, dt: float) -> None:
        """Slide the needle, age the numbers."""
        self.track.update(dt)
        self.arena.floats.update(dt)

    def animating(self) -> bool:
        """True while numbers float, ghosts slide or the needle moves."""
        return bool(self.arena.floats.items or self.chain.ghosts or self.track.moving)
