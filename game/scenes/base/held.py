"""Where a pause holds a turn: the log line the next turn's lines start from, and the phase the held turn
ended in (the driver's ``Ack.split`` and ``Ack.phase``).

Why a module of its own: both read the events of one applied action against the match's log and words,
with no widget and no driver state.
"""

from __future__ import annotations

import logging
from typing import Any

from game.engine.events import Event

log = logging.getLogger(__name__)


def phase_before(events: list[Event], i: int | None) -> Any:
    """The phase the last ``PhaseBegan`` of ``events[:i]`` began (None when none did): where a turn that a
    pause holds at ``i`` ended."""
    if i is None:
        return None
    began = [ev.data.get("phase") for ev in events[:i] if ev.kind == "PhaseBegan" and isinstance(ev.data, dict)]
    return began[-1] if began else None


def line_of(match: Any, events: list[Event], i: int | None, start: int) -> int | None:
    """The position in ``match.log`` of the first line of ``events[i:]`` (None when unknown); a pause holds
    the next turn's lines back from there.

    Lines are matched to events the way the match made them: one per event whose words are
    not None, in order, after the action line; when the counts disagree nothing is held back.
    """
    if i is None:
        return None
    log_ = match.log
    st = match.state
    pos = start + 1 if start < len(log_) and log_[start].kind == "action" else start
    at: list[int] = []
    try:
        for ev in events:
            worded = st.describe_event(ev, "en") is not None or (
                ev.private_to is not None and st.describe_event(ev.public(), "en") is not None)
            at.append(pos if worded else -1)
            pos += worded
    except Exception:  # noqa: BLE001 - no split rather than a broken turn
        log.exception("matching log lines to events")
        return None
    if sum(1 for p in at if p >= 0) != sum(1 for ln in log_[start:] if ln.kind == "event"):
        return None
    return next((p for p in at[i:] if p >= 0), None)
