"""The dice tray: dice tumble with pymunk physics and settle on the faces the RULES rolled.

Why: rolls are the most dramatic moment at the table, and players trust what
they see. The rules' seeded RNG has already decided every face; physics only
decides how the dice fly, bounce off the walls and where they stop. While a die
moves fast its shown face changes as it "rolls"; on its last tumble it turns to
the rolled face and never changes again. Exploding dice show their chain: a
settled 6 glows and an extra die rolls in beside it.

Top-down view, no gravity: the space's damping plays the felt's friction, and a
hard time limit per die guarantees the tray settles (``busy`` goes False) within
bounded time whatever the physics does. Dice are drawn by code (rounded squares
with pips, or a custom die's labelled/coloured faces).

One module per job; this package re-exports them all (``from game.ui.dice_tray import DiceTray``):

- ``faces``: ``Face``, ``CustomDie``, ``PIPS``, ``normalize``.
- ``physics``: ``TrayPhysics`` (throw, step, settle, skip) and the timing constants
  (``HARD_LIMIT``, ``EXPLODE_DELAY``, ``STEP``...).
- ``drawing``: ``TrayDrawing`` (felt, dice faces, chain links, label).
- ``tray``: ``DiceTray`` (state, custom dice, floor, ``busy``, ``faces``).

The result label spells the roll out ("1 + 2 + 1 + Str 1 = 5") with ``breakdown`` / ``roll_text`` from
``game.engine.dicetext`` (re-exported here), and ``avoid(rects)`` moves or shrinks the tray off the
regions where the player must choose.
"""

from __future__ import annotations

from game.engine.dicetext import breakdown, roll_text
from game.ui.dice_tray.drawing import TrayDrawing
from game.ui.dice_tray.faces import D6_FACES, PIPS, CustomDie, Face, _d6, _Die, normalize
from game.ui.dice_tray.physics import (
    ENTRY_GAP,
    ENTRY_WINDOW,
    EXPLODE_DELAY,
    FELT_DECEL,
    FELT_SPIN_DECEL,
    HARD_LIMIT,
    LABEL_STRIP,
    LAST_TUMBLE,
    MAX_DICE,
    SETTLE_SPEED,
    SOFT_LIMIT,
    STEP,
    TrayPhysics,
)
from game.ui.dice_tray.tray import DiceTray
from game.ui.gfx import Colour

__all__ = [
    "Colour", "CustomDie", "D6_FACES", "DiceTray", "ENTRY_GAP", "ENTRY_WINDOW", "EXPLODE_DELAY", "FELT_DECEL",
    "FELT_SPIN_DECEL", "Face", "HARD_LIMIT", "LABEL_STRIP", "LAST_TUMBLE", "MAX_DICE", "PIPS", "SETTLE_SPEED",
    "SOFT_LIMIT", "STEP", "TrayDrawing", "TrayPhysics", "_Die", "_d6", "breakdown", "normalize", "roll_text",
]
