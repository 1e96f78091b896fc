"""Bot seats of a game scene: which bot plays a seat, and its decision in a worker thread.

The driver (``driver.py``) starts one ``BotJob`` per decision; the thread asks the bot,
records the answer and calls ``wake`` so the app's loop, which may be asleep waiting
for input, runs the next frame at once (``App.wake``).
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.engine.actions import Action

log = logging.getLogger(__name__)


@dataclass
class BotJob:
    """One bot decision running in a worker thread."""

    seat: int
    move: int                      # len(match.history) when it started (stale after an undo)
    started: float
    done: threading.Event = field(default_factory=threading.Event)
    action: Action | None = None
    error: str | None = None


class ScriptedBot:
    """A bot seat that first asks the ruleset's ``script_choice(view, seat, legal)`` (a level's scripted
    player, e.g. a tutorial opponent); when the script has no say (None, or an action not legal now)
    the seat's ordinary bot decides."""

    def __init__(self, script: Any, fallback: Any) -> None:
        self.script = script
        self.fallback = fallback
        self.difficulty = getattr(fallback, "difficulty", "normal")

    def choose(self, ruleset: Any, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """Return the script's action when it gives a legal one, otherwise the fallback bot's."""
        act = self.script(view, seat, legal)
        if act is not None and act in legal:
            return act
        return self.fallback.choose(ruleset, view, seat, legal)


def bot_for_seat(match: Any, seat: int) -> Any:
    """Return a new bot for ``seat``: the level's script when the ruleset offers one, else the difficulty's bot."""
    from game.engine.bots import make_bot

    spec = match.seats[seat]
    seed = (int(match.seed) * 7919 + seat * 104729) & 0x7FFFFFFF
    try:
        bot = make_bot(spec.difficulty, seed)
    except ValueError:
        bot = make_bot("normal", seed)
    script = getattr(match.ruleset, "script_choice", None)
    if callable(script):
        bot = ScriptedBot(script, bot)
    return bot


def start_job(match: Any, seat: int, bot: Any, wake: Callable[[], None]) -> BotJob:
    """Start ``bot`` deciding for ``seat`` in a daemon thread; ``wake()`` is called when it has chosen."""
    job = BotJob(seat, len(match.history), time.monotonic())
    state = match.state
    view = state.view(seat)
    legal = list(state.legal_actions())
    ruleset = match.ruleset

    def work() -> None:
        try:
            job.action = bot.choose(ruleset, view, seat, legal)
        except Exception as exc:  # noqa: BLE001 - reported on the main thread
            log.exception("bot for seat %s failed", seat)
            job.error = f"{type(exc).__name__}: {exc}"
        job.done.set()
        try:
            wake()
        except Exception:  # noqa: BLE001 - the window may be gone; the loop also polls job.done
            log.debug("bot wake-up failed", exc_info=True)

    threading.Thread(target=work, name=f"bot-{seat}", daemon=True).start()
    return job
