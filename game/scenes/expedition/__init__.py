"""The expedition ruleset's own scene: heroes on a biome map, their steps, battles in the arena (see scene.py).

Exposes ``SCENE`` for the app (``game.scenes.scene_class_for``) and loads the scene's string
catalogue (es/en/it).
"""

from __future__ import annotations

from pathlib import Path

from game.engine.i18n import load_catalog

load_catalog(Path(__file__).with_name("strings.toml"))

from game.scenes.expedition.scene import ExpeditionScene  # noqa: E402 - the catalogue first

SCENE = ExpeditionScene

__all__ = ["SCENE", "ExpeditionScene"]
