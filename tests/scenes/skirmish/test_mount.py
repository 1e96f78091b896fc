"""The arena pane mounted outside the skirmish scene: a bare host (no SkirmishScene, no match, no rule
state) draws it over a ``SkirmishView`` made from a fight's view, as an expedition would show the
fight it hosts; the cards carry their names, answer with their payloads, and inspect large."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.engine.levels import get_level
from game.engine.match import Match
from game.rulesets.skirmish.views import SkirmishView
from game.scenes.base.pane import PaneHost
from game.scenes.skirmish.panes import ArenaPane, FighterRef, TrackPane, group_key
from game.ui import gfx


class BareHost(PaneHost):
    """A parent screen: only a language, the legal actions it offers and an open menu group."""

    def __init__(self) -> None:
        self.lang = "en"
        self.legal: list[Any] = []
        self.selected: tuple | None = None
        self.panes = [ArenaPane(self), TrackPane(self)]


def _child_view(seed: int = 3, moves: int = 6) -> tuple[SkirmishView, list[Any], Any]:
    """A fight played a few moves; return its typed view, its legal actions and the state (for checking only)."""
    m = Match.new("skirmish", get_level("skirmish", "tutorial"), ["a", "b"], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        m.apply(rng.choice(m.legal_actions()))
    st = m.state
    return SkirmishView.from_view(st.view(None), m.level.model, st.decision()), m.legal_actions(), st


def test_arena_pane_draws_a_child_fight_in_a_bare_host() -> None:
    pygame.init()
    view, _legal, st = _child_view()
    host = BareHost()
    surface = pygame.Surface((1280, 720))
    before = pygame.image.tobytes(surface, "RGB")
    arena = host.pane("arena")
    regions = host.pane_regions(view, [])
    host.draw_panes(surface, view)
    assert pygame.image.tobytes(surface, "RGB") != before, "the pane drew"
    cards = [r for r in regions if isinstance(r.payload, FighterRef)]
    assert {r.payload.cid for r in cards if r.key[0] == "card"} == {c["id"] for c in st.combatants}
    drawn = [r.text for r in arena.drawn()]
    for c in st.combatants:  # every name on its own card, whole or cut with "…"
        rect = arena.rects[c["id"]]
        inside = [r.text for r in arena.drawn() if rect.contains(r.box)]
        assert any(st.name(c["id"]).startswith(x.rstrip("…")) and x for x in inside), c["id"]
    assert any(t.startswith("AP") or "AP" in t for t in drawn)
    assert host.pane_text_problems() == []
    # nothing is offered in a host that offers nothing: no drag sources, no drop zones, no targets
    assert not any(r.draggable or r.drop_target for r in regions)
    assert arena.target_regions(view, []) == []
    # right-click words come from the view only
    cid = cards[0].payload.cid
    title, body, rec = host.pane_inspect(cards[0].payload)
    assert rec.id == cid and "HP" in body
    for p in st.c(cid)["parts"]:
        assert st.part_name(st.c(cid), p["id"], "en") in body


def test_host_offering_actions_lights_the_open_groups_targets() -> None:
    pygame.init()
    for seed in range(1, 30):
        view, legal, _st = _child_view(seed, 4)
        open_groups = {}
        for a in legal:
            if group_key(a) is not None:
                open_groups.setdefault(group_key(a), []).append(a)
        several = [(k, acts) for k, acts in open_groups.items() if len({a.get("target") for a in acts}) > 1]
        if several:
            break
    else:
        raise AssertionError("no position with a group of several targets")
    key, acts = several[0]
    host = BareHost()
    host.legal, host.selected = legal, key
    arena = host.pane("arena")
    regions = arena.regions(view, legal) + arena.target_regions(view, legal)
    lit = [r for r in regions if r.key[0] == "tgt"]
    assert {r.payload for r in lit} == {a for a in acts if a.get("target") in arena.rects}
    surface = pygame.Surface((1280, 720))
    arena.draw(surface, view)
    target = arena.rects[lit[0].payload.get("target")]
    edge = [tuple(surface.get_at((target.x + k, target.y)))[:3] for k in range(20, target.w - 20, 7)]
    assert tuple(gfx.palette().legal)[:3] in edge or any(
        sum(abs(a - b) for a, b in zip(px, tuple(gfx.palette().legal)[:3])) < 60 for px in edge), "the target is lit"
