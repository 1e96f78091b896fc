"""The ruleset's own scene, made read-only, showing a replayed position.

The theatre does not redraw any board itself: it builds the ruleset's own scene class (with its
panes, log, tracker and animations) on a ``Match`` whose state, history and log it sets to the
cursor's position. ``replayed_scene_class(base)`` subclasses that scene so nothing can reach the
rules: no action is applied, no bot decides, nothing is autosaved, no curtain and no result
screen; its driver (``ReplayDriver``) only releases what the theatre placed.

``place(scene, cursor, at, viewer, animate)`` moves the scene to a position: the state, the
history and the log of the first ``at`` actions (in a finished game private lines are shown to
everyone, marked hidden, game/engine/reveal.py), and the events of the last action animated as
in the game when ``animate``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.engine.i18n import LANGUAGES, t
from game.engine.match import LogLine, Match
from game.engine.replay import ReplayCursor
from game.scenes.base.driver import MatchDriver


class ReplayDriver(MatchDriver):
    """A driver that never plays: no bots, no saves, no curtain, no result; it shows what it is given."""

    def __init__(self, host: Any, match: Any) -> None:
        super().__init__(host, match)
        self.hot_seat = False
        self.resume_curtain = False

    def step(self) -> None:
        """Only release beats whose animation has played."""
        if self.beats and not self.host.queue.busy:
            self.release_all()

    def drive_bot(self) -> None:
        """Nobody plays in the theatre."""

    def check_curtain(self) -> None:
        """No hot-seat curtain: the theatre chooses the viewer."""

    def autosave(self) -> None:
        """A replay is never saved."""

    def wakeup_in(self) -> float | None:
        """Only a change not drawn yet needs a frame."""
        return 0.0 if self.dirty else None


class ReadOnly:
    """Mixed in before a ruleset scene: every way to change the game is closed."""

    driver: Any
    match: Any
    #: no hint button and no tutorial guide on a replayed board (game/scenes/base/tutor.py)
    guided = False

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app, match)  # type: ignore[call-arg]
        self.driver = ReplayDriver(self, match)

    def can_act(self) -> bool:
        """Nobody acts in the theatre."""
        return False

    def act(self, action: Any) -> bool:
        """Clicks on the board do nothing."""
        return False

    def autosave(self) -> None:
        """A replay is never saved."""

    def undo(self) -> None:
        """No undo: the theatre steps back instead."""

    def show_result(self) -> None:
        """The theatre stays on the board at the end."""

    def confirm(self) -> None:
        """Space belongs to the theatre (play / pause)."""

    def _draw_bar(self, surface: Any) -> None:
        """No action bar and no "waiting for" status: nobody is to act in a replay."""


@lru_cache(maxsize=None)
def replayed_scene_class(base: type) -> type:
    """The read-only version of a ruleset scene class."""
    return type(f"Replayed{base.__name__}", (ReadOnly, base), {"name": "theatre-board"})


def make_scene(app: Any, cursor: ReplayCursor) -> Any:
    """Build the ruleset's read-only scene on a match the theatre moves (not yet placed)."""
    from game.scenes import scene_class_for

    state = cursor.seek(0)
    match = Match(cursor.ruleset_id, cursor.level, cursor.seats, cursor.seed, state)
    cls = replayed_scene_class(scene_class_for(cursor.ruleset_id))
    return cls(app, match)


def theatre_log(cursor: ReplayCursor, at: int, viewer: int | None) -> list[LogLine]:
    """The log lines of the first ``at`` actions as the theatre shows them to ``viewer``.

    In a finished game a line the viewer could not read at the time carries its owner's words,
    marked hidden; in an unfinished game the lines are the game's own (each seat reads its part).
    """
    out: list[LogLine] = []
    for line in cursor.log_upto(at):
        if (cursor.finished and line.private_to is not None and line.private_to != viewer
                and line.private_text and line.private_text != line.text):
            text = {lang: t("theatre.hidden_mark", lang, text=line.private_text.get(lang) or "")
                    for lang in LANGUAGES}
            out.append(LogLine(line.index, line.seat, line.kind, text, auto=line.auto))
        else:
            out.append(line)
    return out


def place(scene: Any, cursor: ReplayCursor, at: int, viewer: int | None, animate: bool = False) -> None:
    """Show position ``at`` as ``viewer`` sees it; animate the last action's events when asked."""
    before = cursor.at
    state = cursor.seek(at)
    m = scene.match
    m.state = state
    m.history = cursor.history_upto(cursor.at)
    m.log = theatre_log(cursor, cursor.at, viewer)
    d = scene.driver
    scene.queue.skip()
    d.beats.clear()
    d.ack = d.held = d.frozen = None
    d.log_released = len(m.log)
    d.viewer = viewer
    d.turn_owner = d._last_turn_owner()
    d.invalidate()
    if animate and cursor.at == before + 1:
        scene.on_events(list(cursor.steps[cursor.at - 1].events))
    scene.sync_log(rebuild=True)
