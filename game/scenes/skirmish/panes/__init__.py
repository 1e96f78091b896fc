"""The skirmish scene's panes: arena, AP track, action menu, chain, detail card and ground, advantages.

Each is a ``game.scenes.base.pane.Pane`` drawing from a ``SkirmishView``; the scene composes them, and a
parent game can mount the arena (or any of them) over a child fight's view.
"""

from game.scenes.skirmish.panes.advantages import AdvantagesPane
from game.scenes.skirmish.panes.arena import ArenaPane, drop_matcher, item_tooltip
from game.scenes.skirmish.panes.chain import ChainPane, Ghost
from game.scenes.skirmish.panes.common import ChainRef, FighterRef, Geometry, ItemInfo, Zone, group_key
from game.scenes.skirmish.panes.detail import DetailPane, GroundPane
from game.scenes.skirmish.panes.menu import MenuPane, MenuRow
from game.scenes.skirmish.panes.track import TrackPane

__all__ = ["AdvantagesPane", "ArenaPane", "ChainPane", "ChainRef", "DetailPane", "FighterRef", "Geometry", "Ghost",
           "GroundPane", "ItemInfo", "MenuPane", "MenuRow", "TrackPane", "Zone", "drop_matcher", "group_key",
           "item_tooltip"]
