"""The quest ruleset's own scene: a cooperative card table for 1 to 4 players (see scene.py).

Exposes ``SCENE`` for the app (``game.scenes.scene_class_for``) and loads the scene's string
catalogue (es/en/it).
"""

from __future__ import annotations

from pathlib import Path

from game.engine.i18n import load_catalog

load_catalog(Path(__file__).with_name("strings.toml"))

from game.scenes.quest.scene import QuestScene  # noqa: E402 - the catalogue first

SCENE = QuestScene

__all__ = ["SCENE", "QuestScene"]
