"""The match driver of a game scene: turn flow, bots, autosave, undo, hot-seat curtain, result.

It draws nothing. The scene (``RulesetScene``) owns one and forwards to it; the driver calls
back the scene's hooks (``_apply``, ``on_events``, ``sync_log``, ``show_result``, ``tracker_state``)
so a ruleset scene that overrides them keeps its meaning.

Pacing (docs/APP.md, "Turn pacing"): every applied action becomes a *beat*. The beat's action
line is released into the chrome when its animation starts and its event lines, the tracker
and the status when the scene's animation for it has played (a ``Call`` queued after
``on_events``); until then the chrome keeps showing the state before it. Bots and the hot-seat
curtain wait for every beat to be released. When a human seat's turn ended without the player
doing it (the rules passed for them, or their last action ended it), or when a hot-seat game
hands over to another human, the driver waits for an acknowledgement (``ACK``: "End turn" /
"Pass to ...") with a one-line summary before going on.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import has, t
from game.engine.protocol import IllegalAction
from game.scenes.base.bots import BotJob, bot_for_seat, start_job
from game.scenes.base.held import line_of, phase_before
from game.ui import anim

log = logging.getLogger(__name__)

#: action kinds Space may confirm when exactly one of them is legal (an explicit end of a turn)
PASS_KINDS = frozenset({"pass", "stop", "end_turn", "end", "done", "continue", "confirm", "next", "skip",
                        "finish", "end_phase", "ready", "proceed"})
#: event kinds saying the rules passed for a seat (``data["seat"]``) because it could do nothing
AUTO_PASS_KINDS = frozenset({"AutoPass", "ForcedPass", "Passed"})
#: ``PhaseBegan`` phases that start a seat's turn (``data["seat"]``, ``data["turn"]``)
TURN_PHASES = frozenset({"turn"})


class _Ack:
    """Payload of the acknowledgement button ("End turn", "Pass to ...")."""

    def __repr__(self) -> str:
        return "ack"


ACK = _Ack()


@dataclass
class Ack:
    """A pause until the player in front confirms: the button's words and a one-line summary."""

    label: str
    summary: str
    handover: bool = False   # a hot-seat hand-over follows (the curtain comes after it)
    split: int | None = None  # log lines from here on (the next turn) wait for the acknowledgement
    seat: int | None = None   # whose turn ended (the tracker shows it as theirs until confirmed)
    phase: Any = None         # the phase that turn ended in (the tracker lights it until confirmed)


@dataclass
class Beat:
    """One applied action on its way to the chrome: its log lines and what the tracker shows after it."""

    log_start: int
    log_end: int
    after: dict[str, Any] | None = None
    ack: Ack | None = None
    released: bool = False


class MatchDriver:
    """Plays a Match for a scene: human actions, bot decisions, beats, saves, curtain and result."""

    def __init__(self, host: Any, match: Any) -> None:
        self.host = host
        self.match = match
        self.humans = [i for i, s in enumerate(match.seats) if s.kind == "human"]
        self.viewer: int | None = self.humans[0] if self.humans else None
        to_act = match.to_act()
        if to_act in self.humans:
            self.viewer = to_act
        self.hidden = self._hidden()
        self.hot_seat = len(self.humans) > 1 and self.hidden
        # the pass screen comes before every private view, the first one (a mulligan hand, a resumed
        # save whoever opened it) included
        self.resume_curtain = self.hot_seat and to_act in self.humans
        self.curtain_for: int | None = None
        self.bot_job: BotJob | None = None
        self.bots: dict[int, Any] = {}
        self.cache_key: tuple | None = None
        self.view: dict[str, Any] = {}
        self.legal: list[Action] = []
        self.legal_set: set[Action] = set()
        self.words: dict[tuple[Action, str], str] = {}
        self.result_shown = False  # a finished game (Continue after the end) shows its result again
        self.last_saved = -1
        self.closed = False
        self.beats: deque[Beat] = deque()
        self.log_released = len(match.log)
        self.frozen: dict[str, Any] | None = None   # what the chrome shows while beats wait
        self.ack: Ack | None = None
        self.held: Beat | None = None   # a beat whose next-turn part waits for the acknowledgement
        self.dirty = True                          # the screen must be drawn again
        self.turn_owner = self._last_turn_owner()

    # ================================================================= cache
    def _hidden(self) -> bool:
        try:
            return bool(self.match.state.is_hidden_information())
        except Exception:  # noqa: BLE001
            log.exception("is_hidden_information")
            return True

    def invalidate(self) -> None:
        """Forget the cached view and legal actions (the state was set from outside: a test, a tool)."""
        self.cache_key = None
        self.dirty = True

    def refresh(self) -> None:
        """Recompute the view and legal actions when the position or the seat in front changed."""
        key = (id(self.match.state), len(self.match.history), self.viewer)
        if key == self.cache_key:
            return
        self.cache_key = key
        self.words = {}
        self.view = self.match.state.view(self.viewer)
        self.legal = list(self.match.legal_actions()) if not self.match.is_over() else []
        self.legal_set = set(self.legal)

    def shown_seat(self) -> int | None:
        """The seat to act as the chrome shows it: the one whose turn a pause ("End turn") holds,
        else the one before unreleased beats, else the match's."""
        if self.ack is not None and self.ack.seat is not None:
            return self.ack.seat
        if self.frozen is not None:
            return self.frozen.get("seat")
        return self.match.to_act()

    def deciding(self) -> tuple[int | None, bool]:
        """Who decides now and whether a human at this table plays that seat: ``(seat, is_human)``.

        ``(None, False)`` once the game is over. Read-only: panes ask this instead of the match.
        """
        seat = self.match.to_act()
        if seat is None:
            return None, False
        return seat, not self.match.is_bot(seat)

    def log_upto(self) -> int:
        """How many lines of ``match.log`` the chrome may show now."""
        return self.log_released if self.beats or self.held is not None else len(self.match.log)

    # ================================================================= acting
    def apply(self, action: Action, seat: int | None) -> bool:
        """Apply an action, save, and queue its beat (animation, then log lines and tracker)."""
        m = self.match
        start = len(m.log)
        if not self.beats:
            self.log_released = start
            self.frozen = self.host.tracker_state()
        try:
            events = list(m.apply(action, seat))
        except IllegalAction as exc:
            if not self.beats:
                self.frozen = None
            self.host.toast.show(t("game.illegal", reason=exc.reason), "error")
            return False
        self.cache_key = None
        self.dirty = True
        self.host.autosave()
        beat = Beat(start, len(m.log), ack=self._ack_for(seat, action, events, start))
        self.beats.append(beat)
        queue = self.host.queue
        first = start + 1 if start < len(m.log) and m.log[start].kind == "action" else start
        queue.play(anim.Call(lambda: self._release_upto(first)))
        self.host.on_events(events)
        beat.after = self.host.tracker_state()
        queue.play(anim.Call(lambda: self.release(beat)))
        return True

    def _release_upto(self, n: int) -> None:
        if self.beats and n > self.log_released:
            self.log_released = n
            self.dirty = True
            self.host.sync_log()

    def release(self, beat: Beat) -> None:
        """The animation of ``beat`` has played: its lines, tracker, status (and pause) reach the chrome."""
        held = False
        while self.beats and not beat.released:
            b = self.beats.popleft()
            b.released = True
            self.log_released = max(self.log_released, b.log_end)
            if b.ack is not None:
                self.ack = b.ack
                if b.ack.split is not None and not self.beats:  # the next turn waits for "End turn"
                    self.log_released = b.ack.split
                    self.held = b
                    held = True
                    if self.frozen is not None:
                        self.frozen = dict(self.frozen, seat=b.ack.seat)
                        shown = self.host.phase_text({"phase": b.ack.phase}) if b.ack.phase is not None else None
                        if shown is not None and shown in self.frozen.get("phases", ()):
                            self.frozen["current"] = shown  # the log shows the turn up to its last phase
        if not held:
            self.frozen = beat.after if self.beats else None
        self.dirty = True
        self.host.sync_log()

    def release_all(self) -> None:
        """Release every waiting beat now (undo, a queue that was cleared)."""
        if self.beats:
            self.release(self.beats[-1])

    def _last_turn_owner(self) -> int | None:
        for entry in reversed(self.match.history):
            for ev in reversed(entry.events):
                if ev.kind == "PhaseBegan" and ev.data.get("phase") in TURN_PHASES \
                        and isinstance(ev.data.get("seat"), int):
                    return ev.data["seat"]
        return None

    def _ack_for(self, actor: int | None, action: Action, events: list[Event], start: int) -> Ack | None:
        """The pause after this action, if a human's turn ended unseen or a hot-seat hand-over follows."""
        m = self.match
        humans = set(self.humans)
        owner = self.turn_owner
        passed: list[Any] = []          # a human's decisions the rules passed (several in one turn: its phases)
        turns: set[int] = set()         # which turns (counted from this action) those passes fell in
        turn_no = 0
        ended_by: int | None = None     # a human whose own last action ended the turn
        explicit = action.kind in PASS_KINDS
        boundary: int | None = None     # the event starting the turn after the one that ended unseen
        for i, ev in enumerate(events):
            d = ev.data
            seat = d.get("seat")
            if ev.kind == "PhaseBegan" and d.get("phase") in TURN_PHASES and isinstance(seat, int):
                if owner == actor and actor in humans and not explicit and not passed and seat != actor:
                    ended_by = actor
                    boundary = i if boundary is None else boundary
                if passed and owner == passed[-1] and seat != owner:
                    boundary = i
                if seat != owner:
                    turn_no += 1
                owner = seat
            elif (ev.kind in AUTO_PASS_KINDS or (ev.auto and "pass" in ev.kind.lower())) and seat in humans \
                    and (owner is None or seat == owner) and (ev.auto or not (explicit and seat == actor)):
                # a pass the player chose (quest's ``Passed``) is theirs, not the rules passing for them
                passed.append(seat)
                turns.add(turn_no)
        self.turn_owner = owner
        if m.is_over():
            return None
        nxt = m.to_act()
        handover = (self.hot_seat and actor in humans and nxt in humans and nxt != actor)
        if passed and nxt == passed[-1] and not handover:
            return None  # the same player acts next: the log shows the passes, nothing happened unseen
        if passed:
            who = self.seat_name(passed[-1])
            if turn_no == 0 and boundary is None and not handover and nxt is not None and nxt != passed[-1]:
                # no turn ended in these events (sanctuary's duel: the other seat may answer first): the pause
                # neither says "the turn ends" nor asks for "End turn" (it did so three times a turn)
                return Ack(t("game.ack.go_on"), t(self._ack_key("auto_pass_window"), name=who,
                                                  other=self.seat_name(nxt)), seat=passed[-1])
            # the passes of one turn (its phases, one after another) are one "cannot play anything more"
            summary = t(self._ack_key("auto_pass"), name=who) if len(turns) <= 1 else \
                t(self._ack_key("auto_passes"), name=who, n=len(turns))
        elif ended_by is not None:
            line = m.log[start].text_for(self.viewer, i18n_lang()) if start < len(m.log) else action.key
            summary = t("game.ack.turn_over", action=line)
        elif handover:
            line = m.log[start].text_for(self.viewer, i18n_lang()) if start < len(m.log) else action.key
            return Ack(t("game.pass_to", name=self.seat_name(nxt)), line, handover=True)
        else:
            return None
        return Ack(self.ack_button(), summary, handover=handover, split=line_of(self.match, events, boundary, start),
                   seat=passed[-1] if passed else ended_by, phase=phase_before(events, boundary))

    def ack_button(self) -> str:
        """The pause button's word: ``<ruleset>_scene.ack.button`` for a ruleset without turns, else "End turn"."""
        own = f"{self.match.ruleset_id}_scene.ack.button"
        return t(own) if has(own) else t("game.end_turn")

    def _ack_key(self, name: str) -> str:
        """The pause's words: ``<ruleset>_scene.ack.<name>`` when the ruleset words it its own way, else the table's."""
        own = f"{self.match.ruleset_id}_scene.ack.{name}"
        return own if has(own) else f"game.ack.{name}"

    def acknowledge(self) -> None:
        """The player confirmed the pause: the turn flow goes on (the curtain, the bots)."""
        if self.ack is not None:
            self.ack = None
            self.dirty = True
        if self.held is not None:
            self.log_released = max(self.log_released, self.held.log_end)
            self.held = None
            if not self.beats:
                self.frozen = None
            self.host.sync_log()

    def seat_name(self, seat: int | None) -> str:
        """Return a seat's display name."""
        if seat is None or not 0 <= seat < len(self.match.seats):
            return "-"
        return self.match.seats[seat].name

    # ================================================================= saves and undo
    def autosave(self) -> None:
        """Append this match's new actions to the autosave journal (see game/engine/journal.py)."""
        n = len(self.match.history)
        if n == self.last_saved:
            return
        try:
            from game.engine.saves import autosave

            autosave(self.match)
            self.last_saved = n
        except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
            log.error("autosave failed: %s", exc)
            self.host.toast.show(t("game.autosave_failed", msg=str(exc)), "error")

    def undo(self) -> None:
        """Undo the last action of the seat in front of the screen (the reason when refused)."""
        seat = self.viewer
        toast = self.host.toast
        if seat is None:
            toast.show(t("undo.nothing"), "info")
            return
        ok, reason = self.match.can_undo(seat)
        if not ok:
            toast.show(t(reason or "undo.nothing"), "error")
            return
        self.bot_job = None  # a decision for the old position is stale
        self.host.queue.skip()
        self.release_all()
        self.ack = None
        self.held = None
        self.frozen = None
        self.match.undo(seat)
        self.turn_owner = self._last_turn_owner()
        self.cache_key = None
        self.last_saved = -1
        self.dirty = True
        self.host.autosave()
        self.host.sync_log(rebuild=True)
        toast.show(t("game.undone"), "good")

    # ================================================================= bots
    def bot_for(self, seat: int) -> Any:
        """The bot playing ``seat`` (made once per seat)."""
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = bot_for_seat(self.match, seat)
        return bot

    def start_bot(self, seat: int) -> None:
        """Start the seat's bot deciding in a worker thread (it wakes the loop when done)."""
        self.bot_job = start_job(self.match, seat, self.host._bot_for(seat), self.wake)
        self.dirty = True

    def wake(self) -> None:
        """Called from the bot thread: wake the app's loop now (thread-safe)."""
        waker = getattr(self.host.app, "wake", None)
        if callable(waker):
            waker()

    def drive_bot(self) -> None:
        """Start the bot of the seat to act, or apply its finished choice after the bot pace."""
        m = self.match
        seat = m.to_act()
        if seat is None or not m.is_bot(seat):
            return
        job = self.bot_job
        if job is None or job.seat != seat or job.move != len(m.history):
            self.start_bot(seat)
            return
        if not job.done.is_set() or self.host.queue.blocking or self.beats:
            return  # it applies once the last move has played out
        if time.monotonic() - job.started < self.host.app.settings.bot_pace:
            return
        self.bot_job = None
        action = job.action
        if action is None or action not in set(m.legal_actions()):
            why = job.error or (f"illegal choice {action.key}" if action is not None else "no choice")
            log.error("bot %s: %s; playing the first legal action", self.seat_name(seat), why)
            self.host.toast.show(t("game.bot_failed", name=self.seat_name(seat), msg=why), "error")
            legal = m.legal_actions()
            if not legal:
                return
            action = legal[0]
        self.host._apply(action, seat)

    # ================================================================= per frame
    def step(self) -> None:
        """After the animations of this frame: the result, the pause, the curtain, the bots."""
        host = self.host
        if self.beats and not host.queue.busy:
            self.release_all()  # nothing left to play (e.g. the queue was cleared): show everything
        if host.app.top is not host or self.closed or host.queue.blocking:
            return
        if self.match.is_over():
            if not self.result_shown and not host.queue.busy and not self.beats:
                self.result_shown = True
                host.show_result()
            return
        if self.ack is not None:
            return
        if not self.beats:
            self.check_curtain()
        self.drive_bot()

    def check_curtain(self) -> None:
        """Hot-seat: hide the table behind "pass to <name>" until the human to act sits in front."""
        seat = self.match.to_act()
        if seat is None or self.match.is_bot(seat) or (seat == self.viewer and not self.resume_curtain):
            return
        if self.hot_seat:
            if self.curtain_for == seat:
                return
            from game.scenes.dialogs import PassScene

            self.curtain_for = seat
            self.host.app.push(PassScene(self.host.app, self.seat_name(seat), lambda s=seat: self.reveal(s)))
        else:
            self.viewer = seat
            self.cache_key = None
            self.dirty = True
            self.host.sync_log(rebuild=True)

    def reveal(self, seat: int) -> None:
        """The curtain was lifted by ``seat``: show the table as that seat sees it."""
        self.curtain_for = None
        self.resume_curtain = False
        self.viewer = seat
        self.cache_key = None
        self.dirty = True
        self.host.sync_log(rebuild=True)

    def wakeup_in(self) -> float | None:
        """When the loop must run a frame without input (a bot to start or its pace delay ending)."""
        job = self.bot_job
        if self.dirty:
            return 0.0
        if self.match.is_over():
            return None if self.result_shown else 0.05
        if self.beats or self.ack is not None:
            return None
        seat = self.match.to_act()
        if seat is not None and self.match.is_bot(seat) and (job is None or job.move != len(self.match.history)):
            return 0.0
        if job is not None and job.done.is_set():
            return max(0.0, self.host.app.settings.bot_pace - (time.monotonic() - job.started))
        return None


def i18n_lang() -> str:
    """The current language code."""
    from game.engine import i18n

    return i18n.language()
