"""The skirmish ruleset's own scene: an arena with body cards, the AP track and the chain (see scene.py).

Exposes ``SCENE`` for the app (``game.scenes.scene_class_for``) and loads the
scene's string catalogue (es/en/it).
"""

from __future__ import annotations

from pathlib import Path

from game.engine.i18n import load_catalog

load_catalog(Path(__file__).with_name("strings.toml"))

from game.scenes.skirmish.scene import SkirmishScene  # noqa: E402 - the catalogue first

SCENE = SkirmishScene

__all__ = ["SCENE", "SkirmishScene"]
