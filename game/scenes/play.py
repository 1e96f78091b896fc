"""Starting and resuming games: the glue between menus, matches and game scenes.

``start_new_game`` makes a Match and opens its scene; ``open_save`` loads a save
(or its backup) and opens the scene exactly where the save left off. The scene
class comes from ``game.scenes.scene_class_for`` (a ruleset's own scene, else
the table view).
"""

from __future__ import annotations

import logging
from pathlib import Path
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


def open_save(app: Any, path: Path) -> Any:
    """Load a save (its backup when the save is damaged) and open it; SaveError when both fail."""
    from game.engine.saves import load_match_or_backup

    loaded = load_match_or_backup(path)
    if loaded.used_backup:
        log.warning("loaded the backup of %s: %s", path, loaded.problem)
    return open_match(app, loaded.match)
