"""The base of every game scene: a match driver plus the table chrome (docs/APP.md, "Writing a ruleset scene").

``from game.scenes.base import RulesetScene`` is what ruleset scenes need; the parts are
``driver`` (turn flow, bots, saves, undo, curtain, result, pacing: no drawing), ``chrome``
(tracker, log, action bar, toasts, inspector, tooltips), ``logfold`` (folded log runs) and
``bots`` (bot seats in worker threads).
"""

from __future__ import annotations

from typing import Iterable, Sequence

import pygame

from game.engine.actions import Action
from game.scenes.base.bots import BotJob, ScriptedBot
from game.scenes.base.chrome import TableChrome
from game.scenes.base.driver import ACK, PASS_KINDS, Ack, MatchDriver
from game.scenes.base.scene import RulesetScene
from game.ui.input import HitRegion

__all__ = ["ACK", "Ack", "BotJob", "MatchDriver", "PASS_KINDS", "RulesetScene", "ScriptedBot", "TableChrome",
           "seat_regions"]


def seat_regions(rects: Sequence[pygame.Rect], actions: Iterable[Action | list[Action]]) -> list[HitRegion]:
    """Convenience: one HitRegion per rect/action pair (for simple boards)."""
    return [HitRegion(r, a) for r, a in zip(rects, actions)]


