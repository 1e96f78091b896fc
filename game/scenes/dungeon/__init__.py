"""The dungeon ruleset's own game scene (seed 001): see ``scene.py``.

The app plays ``dungeon`` with ``SCENE`` instead of the generic table view.
"""

from game.scenes.dungeon.scene import DungeonScene

SCENE = DungeonScene

__all__ = ["DungeonScene", "SCENE"]
