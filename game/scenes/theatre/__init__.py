"""The replay theatre (docs/APP.md, "The replay theatre"): any saved or finished game, replayed with its
ruleset's own scene, stepped both ways, its secrets shown after the end, a chart of the deciding score,
and "play on from here". ``open_theatre``, ``theatre_for_match`` and ``theatre_for_file`` open it.
"""

from __future__ import annotations

from pathlib import Path

from game.engine.i18n import load_catalog

load_catalog(Path(__file__).with_name("strings.toml"))

from game.scenes.theatre.scene import (  # noqa: E402 - the catalogue first
    TheatreScene,
    open_theatre,
    theatre_for_file,
    theatre_for_match,
)

__all__ = ["TheatreScene", "open_theatre", "theatre_for_file", "theatre_for_match"]
