"""The pane host: order of drawing, regions and inspection; mounting a pane over any view."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.scenes.base.pane import Pane, PaneHost


class Box(Pane):
    def __init__(self, scene: Any, name: str, drawn: list[str]) -> None:
        super().__init__(scene)
        self.name = name
        self.drawn = drawn

    def draw(self, surface: pygame.Surface, view: Any) -> None:
        self.drawn.append(f"{self.name}:{view['n']}")

    def regions(self, view: Any, legal: list[Action]) -> list[Any]:
        return [(self.name, a) for a in legal]

    def inspect(self, payload: Any) -> Any | None:
        return f"{self.name} shows {payload}" if payload == self.name else None


class Table(PaneHost):
    def __init__(self) -> None:
        self.drawn: list[str] = []
        self.panes = [Box(self, "board", self.drawn), Box(self, "hand", self.drawn)]


def test_panes_draw_in_order_from_the_view_they_are_given() -> None:
    t = Table()
    t.pane("hand").visible = False
    t.draw_panes(pygame.Surface((4, 4)), {"n": 1})
    t.pane("hand").visible = True
    t.draw_panes(pygame.Surface((4, 4)), {"n": 2})  # the same panes over another (child) view
    assert t.drawn == ["board:1", "board:2", "hand:2"]


def test_regions_inspect_and_lookup() -> None:
    t = Table()
    pass_ = Action.of("pass")
    assert t.pane_regions({"n": 0}, [pass_]) == [("board", pass_), ("hand", pass_)]
    assert t.pane_inspect("hand") == "hand shows hand" and t.pane_inspect("nothing") is None
    t.pane("board").layout((1, 2, 3, 4))
    assert t.pane("board").rect == pygame.Rect(1, 2, 3, 4)


def test_phase_banners_are_words_never_raw_ids(app: Any) -> None:
    """A skirmish round begins with "Round N", a known phase with its translated name, an unknown one with none."""
    from game.engine.events import Event
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.scenes.play import scene_for_match

    match = Match.new("skirmish", "tutorial", [SeatSpec("Ana"), SeatSpec("Bot", "bot", "random")], 1)
    scene = scene_for_match(app, match)
    words = scene.banner_words(Event("PhaseBegan", {"phase": "round", "round": 6}))
    assert words == scene.round_label({"round": 6}) and "6" in words and words != "round"
    assert scene.banner_words(Event("PhaseBegan", {"phase": "no_such_phase_id"})) == ""
    assert scene.banner_words(Event("GameOver", {"winners": [0]})) == ""
