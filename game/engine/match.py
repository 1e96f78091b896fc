"""One game being played: the live state plus everything around it.

A ``Match`` ties a ruleset, a level, the seats and a seed to the live
``GameState``, and keeps what the app needs beside the rules: the history of
actions with their events, a log in every language, undo, and saving.

Undo follows DESIGN.md: a seat may take back its own most recent action (and
any bot actions after it), but never past an event that drew a random outcome
or revealed hidden information (a *barrier*), and never past another human's
action. The match keeps one JSON snapshot, the *anchor*, taken right after the
last barrier; undo rebuilds the state from the anchor and re-applies the
actions since. Nothing random happens between the anchor and now (the RNG is in
the snapshot anyway), so the rebuilt state is exactly the old one. Saves carry the
anchor, so undo after loading costs what it costs live (no replay of the game).

The log is bounded: the most recent ``LOG_KEEP`` lines are kept (trimmed in chunks
of ``LOG_SLACK``, so a reader that tracks ``len(match.log)`` sees it shrink and
rebuilds); ``log_dropped`` counts the lines dropped from the front.

Pure Python, no pygame: the app, the command line and tests all use it.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Sequence

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import LANGUAGES, has, t
from game.engine.levels import Level, get_level
from game.engine.limits import LOG_TEXT_CHARS, clip_log
from game.engine.protocol import GameState, IllegalAction, Result, Ruleset, SeatSpec, seat_specs
from game.engine.registry import get_ruleset
from game.engine.savefile import LOG_KEEP

#: lines past LOG_KEEP before the log is trimmed back to LOG_KEEP (trimming is in chunks)
LOG_SLACK = 500
#: a checkpoint (the state's JSON) is kept every this many actions after the anchor, so an undo
#: replays at most this many actions, however long ago the last barrier was
CHECKPOINT_EVERY = 16

log = logging.getLogger(__name__)

LOG_KINDS = ("action", "event", "system")


@dataclass(frozen=True)
class HistoryEntry:
    """One applied action: its position, the seat that chose it, its events, and whether it is an undo barrier."""

    index: int
    seat: int
    action: Action
    events: tuple[Event, ...] = ()
    barrier: bool = False

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data (for tools and debugging; saves keep only seat and action)."""
        return {"index": self.index, "seat": self.seat, "action": self.action.to_json(),
                "events": [e.to_json() for e in self.events], "barrier": self.barrier}


@dataclass(frozen=True)
class LogLine:
    """One line of the game log, already written in every language.

    ``text`` maps language codes to the public text (what every seat may read; it
    may be empty when only the owner of a private event gets a line). A line about
    an event private to one seat carries that seat in ``private_to`` and its full
    wording in ``private_text``.
    """

    index: int
    seat: int | None
    kind: str
    text: dict[str, str]
    private_to: int | None = None
    private_text: dict[str, str] | None = None
    #: the line words an automatic step (Event.auto): the log may fold a run of them into one line
    auto: bool = False

    def __post_init__(self) -> None:
        # a line is what a save holds: never longer than limits.LOG_TEXT_CHARS in any language
        if any(len(v) > LOG_TEXT_CHARS for v in self.text.values()):
            object.__setattr__(self, "text", {k: clip_log(v) for k, v in self.text.items()})
        if self.private_text is not None and any(len(v) > LOG_TEXT_CHARS for v in self.private_text.values()):
            object.__setattr__(self, "private_text", {k: clip_log(v) for k, v in self.private_text.items()})

    def text_for(self, viewer: int | None, lang: str = "en") -> str:
        """Return the line as ``viewer`` may read it in ``lang`` ("" when there is nothing to show)."""
        source = self.text
        if self.private_text is not None and viewer is not None and viewer == self.private_to:
            source = self.private_text
        return source.get(lang) or source.get("en") or ""

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data."""
        out: dict[str, Any] = {"index": self.index, "seat": self.seat, "kind": self.kind, "text": dict(self.text)}
        if self.private_to is not None:
            out["private_to"] = self.private_to
        if self.private_text is not None:
            out["private_text"] = dict(self.private_text)
        if self.auto:
            out["auto"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "LogLine":
        """Rebuild from to_json data already checked by the save loader."""
        private_text = data.get("private_text")
        return cls(data["index"], data.get("seat"), data["kind"], dict(data["text"]),
                   data.get("private_to"), dict(private_text) if private_text is not None else None,
                   data.get("auto") is True)


def _frozen_json(data: Any) -> str:
    """Return JSON text of state data, keeping key order (rulesets may build decks in table order)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _words(fn: Any, fallback: str) -> dict[str, str | None]:
    """Call ``fn(lang)`` for every language; a ruleset bug there never stops the game (it is logged)."""
    out: dict[str, str | None] = {}
    for lang in LANGUAGES:
        try:
            text = fn(lang)
        except Exception:  # noqa: BLE001 - wording must not break play; the bug goes to the log
            log.exception("describing %s in %s failed", fallback, lang)
            text = fallback
        out[lang] = text if isinstance(text, str) or text is None else str(text)
    return out


class Match:
    """One game being played: ruleset, level, seats, seed, live state, history and log."""

    def __init__(self, ruleset_id: str, level: Level, seats: Sequence[SeatSpec], seed: int,
                 state: GameState) -> None:
        self.ruleset_id = ruleset_id
        self.level = level
        self.seats: list[SeatSpec] = list(seats)
        self.seed = seed
        self.state = state
        self.history: list[HistoryEntry] = []
        self.log: list[LogLine] = []
        #: how many log lines were dropped from the front (the log keeps the latest LOG_KEEP)
        self.log_dropped = 0
        # undo anchor: the state (JSON text, key order kept) just before history[_floor];
        # no entry at or after _floor is a barrier
        self._floor = 0
        self._anchor = _frozen_json(state.to_json())
        # the latest checkpoint after the anchor: (history length, state JSON text), or None
        self._ckpt: tuple[int, str] | None = None
        # for the autosave journal (game/engine/journal.py): the lowest history length since the last
        # autosave (an undo lowers it), and the file this match was loaded from (FileInfo) if any
        self._journal_low = 0
        self._origin: Any = None
        #: where this game branched from another (the replay theatre's "play on"), saved as ``branch``
        self.branch: dict[str, Any] | None = None

    # --- making matches ------------------------------------------------------------------------
    @classmethod
    def new(cls, ruleset_id: str, level: Level | str | None, seats: Sequence[Any], seed: int) -> "Match":
        """Start a new match; ``level`` may be a Level, a level id or None (the ruleset's first level)."""
        rs = get_ruleset(ruleset_id)
        if not isinstance(level, Level):
            level = get_level(ruleset_id, level)
        if level.ruleset != ruleset_id:
            raise ValueError(f"level {level.id!r} belongs to {level.ruleset!r}, not {ruleset_id!r}")
        specs = seat_specs(seats)
        low, high = rs.seat_range(level)
        if not low <= len(specs) <= high:
            raise ValueError(f"{ruleset_id}/{level.id} takes {low} to {high} seats, not {len(specs)}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed: expected an integer, got {seed!r}")
        from game.engine.choices import check_offered, resolve_random

        specs = resolve_random(rs, level, specs, seed)  # a "random" hero or deck: the real pick is saved
        if any(s.choice is not None for s in specs):
            check_offered(rs, level, specs)
        state = rs.new_game(level, specs, seed)
        return cls(ruleset_id, level, specs, seed, state)

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset this match follows."""
        return get_ruleset(self.ruleset_id)

    # --- whose turn --------------------------------------------------------------------------
    def to_act(self) -> int | None:
        """Return the seat that decides now, or None when the game is over."""
        return self.state.to_act()

    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.state.to_act() is None

    def result(self) -> Result | None:
        """Return the result once the game is over."""
        return self.state.result()

    def is_bot(self, seat: int | None) -> bool:
        """True when a bot plays ``seat``."""
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].kind == "bot"

    def legal_actions(self) -> list[Action]:
        """Return the legal actions of the seat to act."""
        return self.state.legal_actions()

    # --- playing -----------------------------------------------------------------------------
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply an action of the seat to act, record history and log, and return its events.

        IllegalAction from the state passes through unchanged (the state is untouched). When
        ``seat`` is given and it is not that seat's turn, IllegalAction says whose turn it is.
        """
        if not isinstance(action, Action):
            raise TypeError(f"expected an Action, got {type(action).__name__}")
        actor = self.state.to_act()
        if actor is None:
            raise IllegalAction(t("illegal.game_over", "en"), action)
        if seat is not None and seat != actor:
            raise IllegalAction(t("illegal.not_your_turn", "en", who=self.state.actor_name(actor)), action)
        words = _words(lambda lang: self.state.describe(action, lang), action.key)
        events = self.state.apply(action)
        index = len(self.history)
        barrier = any(e.barrier for e in events)
        self.history.append(HistoryEntry(index, actor, action, tuple(events), barrier))
        self.log.append(LogLine(index, actor, "action", {k: v or action.key for k, v in words.items()}))
        for ev in events:
            line = self._event_line(index, actor, ev)
            if line is not None:
                self.log.append(line)
        if self.state.to_act() is None:
            self._log_game_over(index)
        if len(self.log) > LOG_KEEP + LOG_SLACK:
            drop = len(self.log) - LOG_KEEP
            del self.log[:drop]
            self.log_dropped += drop
        if barrier:
            self._floor = index + 1
            self._anchor = _frozen_json(self.state.to_json())
            self._ckpt = None
        elif index + 1 - max(self._floor, self._ckpt[0] if self._ckpt else 0) >= CHECKPOINT_EVERY:
            self._ckpt = (index + 1, _frozen_json(self.state.to_json()))
        return events

    def _event_line(self, index: int, actor: int, ev: Event) -> LogLine | None:
        """Word one event; a private event is logged in its public form plus its owner's form.

        The line belongs to the seat the event is about (``GameState.event_seat``), which is not always
        the seat whose action set it off (a pass that ends the turn logs the next turn's owner).
        """
        if ev.private_to is None:
            words = _words(lambda lang: self.state.describe_event(ev, lang), ev.kind)
            if all(v is None for v in words.values()):
                return None
            return LogLine(index, self._event_seat(ev, actor), "event", {k: v or "" for k, v in words.items()},
                           auto=ev.auto)
        public = ev.public()
        pub = _words(lambda lang: self.state.describe_event(public, lang), ev.kind)
        own = _words(lambda lang: self.state.describe_event(ev, lang), ev.kind)
        if all(v is None for v in pub.values()) and all(v is None for v in own.values()):
            return None
        return LogLine(index, self._event_seat(ev, actor), "event", {k: v or "" for k, v in pub.items()},
                       ev.private_to, {k: v or pub[k] or "" for k, v in own.items()}, auto=ev.auto)

    def _event_seat(self, ev: Event, actor: int) -> int | None:
        """The seat a line is about; a ruleset bug there falls back to the actor (it is logged)."""
        try:
            seat = self.state.event_seat(ev, actor)
        except Exception:  # noqa: BLE001 - the colour of a line never breaks the game
            log.exception("event_seat(%s) failed", ev.kind)
            return actor
        n = len(self.seats)
        return seat if seat is None or (isinstance(seat, int) and 0 <= seat < n) else actor

    def _log_game_over(self, index: int) -> None:
        res = self.state.result()
        if res is None:
            return
        names = [self.state.actor_name(w) for w in res.winners]
        # a ruleset where everybody loses together (quest) words its end; others end in a draw
        none_key = f"{self.ruleset_id}.result.nobody"
        if not has(none_key):
            none_key = "result.draw"
        text = {}
        for lang in LANGUAGES:
            text[lang] = t("result.won", lang, who=names) if names else t(none_key, lang)  # "A and B win!"
        self.log.append(LogLine(index, None, "system", text))

    def log_for(self, viewer: int | None, lang: str = "en") -> list[str]:
        """Return the log as ``viewer`` may read it, one string per non-empty line."""
        out = []
        for line in self.log:
            text = line.text_for(viewer, lang)
            if text:
                out.append(text)
        return out

    # --- undo --------------------------------------------------------------------------------
    def _undo_target(self, seat: int) -> tuple[int | None, str]:
        """Return (history index to roll back to, "") or (None, reason key)."""
        last = None
        for entry in reversed(self.history):
            if entry.seat == seat:
                last = entry.index
                break
        if last is None:
            return None, "undo.nothing"
        for entry in reversed(self.history[last:]):
            if entry.seat != seat and not self.is_bot(entry.seat):
                return None, "undo.other_player"
            if entry.barrier or entry.index < self._floor:
                return None, "undo.barrier"
        return last, ""

    def can_undo(self, seat: int) -> tuple[bool, str]:
        """Return (True, "") when ``seat`` may undo now, else (False, an i18n key saying why)."""
        target, reason = self._undo_target(seat)
        return target is not None, reason

    def undo(self, seat: int) -> int:
        """Roll back to just before ``seat``'s most recent action; return how many actions were undone.

        Raises IllegalAction with the localized reason when undo is not allowed.
        """
        target, reason = self._undo_target(seat)
        if target is None:
            raise IllegalAction(t(reason, "en"))
        rs = self.ruleset
        start, text = self._floor, self._anchor
        if self._ckpt is not None and self._ckpt[0] <= target:
            start, text = self._ckpt
        state = rs.from_json(json.loads(text))
        for entry in self.history[start:target]:
            state.apply(entry.action)
        if self._ckpt is not None and self._ckpt[0] > target:
            self._ckpt = None
        undone = len(self.history) - target
        self.state = state
        del self.history[target:]
        self.log = [line for line in self.log if line.index < target]
        self._journal_low = min(self._journal_low, target)
        log.debug("seat %s undid %d action(s) back to #%d", seat, undone, target)
        return undone

    # --- saving ------------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        """Return the save data (see game.engine.saves and docs/SAVES.md); independent of the live state."""
        from game import __version__
        from game.engine.savefile import SAVE_FORMAT, SAVE_VERSION

        snapshot = json.loads(_frozen_json(self.state.to_json()))
        n = len(self.history)
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "app_version": __version__,
            "ruleset": self.ruleset_id,
            "level": {"id": self.level.id, "source": self.level.source,
                      "content_hash": self.level.content_hash,
                      "data": json.loads(_frozen_json(self.level.data))},
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "actions": [[e.seat, e.action.to_json()] for e in self.history],
            "snapshot": snapshot,
            "snapshot_at": n,
            "undo": {"floor": self._floor, "anchor": None if self._floor == n else json.loads(self._anchor)},
            "log": [line.to_json() for line in self.log],
            "log_dropped": self.log_dropped,
            "saved_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            **({"branch": dict(self.branch)} if self.branch is not None else {}),
        }

    @classmethod
    def from_save(cls, data: Any, where: str = "save") -> "Match":
        """Rebuild a match from save data; raises SaveError naming ``where`` and the field."""
        from game.engine.saves import match_from_save

        return match_from_save(data, where)

    @classmethod
    def _restored(cls, ruleset_id: str, level: Level, seats: list[SeatSpec], seed: int, state: GameState,
                  actions: list[tuple[int, Action]], log_lines: list[LogLine], *, floor: int | None = None,
                  anchor: str | None = None, log_dropped: int = 0,
                  checkpoint: tuple[int, str] | None = None) -> "Match":
        """Assemble a match from checked save parts (used by the save loader).

        ``floor``/``anchor`` (JSON text of the state after ``floor`` actions) come from the save; without
        them (a version-1 save) undo stops at the point where the match was loaded.
        """
        m = cls(ruleset_id, level, seats, seed, state)
        n = len(actions)
        m.history = [HistoryEntry(i, seat, action) for i, (seat, action) in enumerate(actions)]
        if floor is None or anchor is None:
            floor = n
        else:
            m._anchor = anchor
            if floor > 0:  # the anchor was taken right after a barrier
                e = m.history[floor - 1]
                m.history[floor - 1] = HistoryEntry(e.index, e.seat, e.action, (), True)
        m._floor = floor
        if checkpoint is not None and floor < checkpoint[0] <= n:
            m._ckpt = checkpoint
        m.log = log_lines
        m.log_dropped = log_dropped
        m._journal_low = n
        return m
