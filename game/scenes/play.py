"""Starting and resuming games: the glue between menus, matches and game scenes.

``start_new_game`` makes a Match and opens its scene; ``open_match`` opens a loaded match
exactly where it left off (saves are opened through ``game.scenes.load.open_or_ask``, which
asks before resuming a damaged save's backup). The scene
class comes from ``game.scenes.scene_class_for`` (a ruleset's own scene, else
the table view).
"""

from __future__ import annotations

import logging
from typing import Any, Sequence

from game.scenes import scene_class_for

log = logging.getLogger(__name__)


def scene_for_match(app: Any, match: Any) -> Any:
    """Return the game scene that plays ``match``."""
    cls = scene_class_for(match.ruleset_id)
    return cls(app, match)


def open_match(app: Any, match: Any) -> Any:
    """Show ``match`` in its scene above the menu (anything else on the stack is closed)."""
    from game.scenes.menu import MenuScene

    scene = scene_for_match(app, match)
    if app.stack and isinstance(app.stack[0], MenuScene):
        while len(app.stack) > 1:
            app.pop()
        app.push(scene)
    else:
        app.reset(MenuScene(app), scene)
    return scene


def start_new_game(app: Any, ruleset_id: str, level: Any, seats: Sequence[Any], seed: int) -> Any:
    """Start a new match and open its scene; return the scene."""
    from game.engine.match import Match

    match = Match.new(ruleset_id, level, list(seats), int(seed))
    log.info("new game: %s/%s seed %s seats %s", ruleset_id, match.level.id, seed,
             [s.to_json() for s in match.seats])
    return open_match(app, match)

