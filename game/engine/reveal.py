"""Secrets after the game: what the theatre may show of a replayed position, and to whom.

The mechanism is a *diff of views*: at every position the true state (``to_json``) is
compared with what the chosen seat could see (``view(seat)``); every part that differs
(another seat's hand, the bag order, a face-down card, an NPC's message...) is a secret,
listed with its true value and marked "hidden at the time". No ruleset declares anything:
whatever a ruleset's ``view`` hides is found. The log of a finished game shows every
private event in its owner's words, marked the same way; die rolls and draws are already
in the log as the game wrote them.

A finished game reveals everything (``Frame.secrets``, ``Frame.log`` with private lines).
A game still in progress never does: the only viewer is the save's own seat (its first
human seat; a spectator when every seat is a bot), the board is that seat's view, the log
is that seat's log, and there are no secrets (tests/scenes/test_theatre*.py checks every
frame). Pure Python, no pygame.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from game.engine.replay import ReplayCursor

#: state keys (at any depth) that are never secrets: bookkeeping, and the RNG (the outcomes it drew are shown)
SKIP_KEYS = frozenset({"rng", "level", "version", "ruleset", "seats"})
#: at most this many secrets are listed per position (the rest are counted)
MAX_SECRETS = 60
#: a secret's value is cut to this many characters
MAX_VALUE = 120
_MISSING = object()


@dataclass(frozen=True)
class Secret:
    """One thing the viewer could not see at that position: where it is in the state and its true value."""

    path: str
    value: str


@dataclass(frozen=True)
class LogEntry:
    """One log line as the theatre shows it; ``hidden`` when the viewer could not read it at the time."""

    index: int
    seat: int | None
    text: str
    hidden: bool = False
    auto: bool = False


@dataclass
class Frame:
    """What the theatre shows at one position: the board's view, the log, the secrets (finished games only)."""

    at: int
    viewer: int | None
    view: dict[str, Any]
    log: list[LogEntry]
    secrets: list[Secret] = field(default_factory=list)
    more_secrets: int = 0


def own_seat(cursor: ReplayCursor) -> int | None:
    """The seat a save belongs to: its first human seat, None (a spectator) when every seat is a bot."""
    for i, s in enumerate(cursor.seats):
        if s.kind == "human":
            return i
    return None


def viewers(cursor: ReplayCursor) -> list[int | None]:
    """The seats whose view the theatre may show: every seat of a finished game, else only the save's own."""
    if cursor.finished:
        return list(range(len(cursor.seats)))
    return [own_seat(cursor)]


def allowed_viewer(cursor: ReplayCursor, viewer: int | None) -> int | None:
    """``viewer`` when the theatre may show that seat's view, else the save's own seat."""
    choices = viewers(cursor)
    return viewer if viewer in choices else choices[0]


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)
    return text if len(text) <= MAX_VALUE else text[:MAX_VALUE - 1] + "…"


def _diff(true: Any, seen: Any, path: str, out: list[Secret]) -> None:
    if true == seen:
        return
    if isinstance(true, dict) and isinstance(seen, dict):
        for key, value in true.items():
            if key in SKIP_KEYS:
                continue
            _diff(value, seen.get(key, _MISSING), f"{path}.{key}" if path else str(key), out)
        return
    if isinstance(true, list) and isinstance(seen, list) and len(true) == len(seen) \
            and any(isinstance(a, dict) for a in true):   # a list of parts: the parts that differ
        for i, (a, b) in enumerate(zip(true, seen)):
            _diff(a, b, f"{path}[{i}]", out)
        return
    out.append(Secret(path, _short(true)))


def hidden_from(true: dict[str, Any], seen: dict[str, Any]) -> list[Secret]:
    """Every part of the true state that a view lacks or shows otherwise (the secrets of that view)."""
    out: list[Secret] = []
    _diff(true, seen, "", out)
    return out


def frame(cursor: ReplayCursor, at: int, viewer: int | None, lang: str = "en") -> Frame:
    """The theatre's frame at position ``at`` for ``viewer`` (clamped to what the save allows)."""
    viewer = allowed_viewer(cursor, viewer)
    state = cursor.seek(at)
    view = state.view(viewer)
    reveal = cursor.finished
    log: list[LogEntry] = []
    for line in cursor.log_upto(cursor.at):
        own = line.text_for(viewer, lang)
        hidden = False
        text = own
        if reveal and line.private_to is not None and line.private_to != viewer and line.private_text:
            full = line.text_for(line.private_to, lang)
            if full and full != own:
                text, hidden = full, True
        if text:
            log.append(LogEntry(line.index, line.seat, text, hidden, line.auto))
    out = Frame(cursor.at, viewer, view, log)
    if reveal and state.is_hidden_information():
        secrets = hidden_from(state.to_json(), view)
        out.secrets = secrets[:MAX_SECRETS]
        out.more_secrets = max(0, len(secrets) - MAX_SECRETS)
    return out


__all__ = ["Frame", "LogEntry", "Secret", "allowed_viewer", "frame", "hidden_from", "own_seat", "viewers"]
