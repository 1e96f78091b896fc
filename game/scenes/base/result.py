"""The end of a game scene: the result screen's words (winners, scores, the reason)."""

from __future__ import annotations

import logging
from typing import Any

from game.engine import i18n
from game.engine.i18n import t

log = logging.getLogger(__name__)


def show_result(scene: Any) -> None:
    """Push the result screen for ``scene``'s match (winners and scores)."""
    from game.scenes.dialogs import ResultScene

    res = scene.match.result()
    winners = [scene.seat_name(w) for w in (res.winners if res else ())]
    scores: list[tuple[str, str]] = []
    if res is not None and res.scores:
        unscored = _unscored_seats(scene.match)
        for i, sc in enumerate(res.scores):
            if i in unscored:
                continue
            val = int(sc) if float(sc).is_integer() else round(float(sc), 2)
            scores.append((scene.seat_name(i), str(val)))
    reason = ""
    if res is not None and res.reason:
        reason = scene.result_reason(res.reason)
    scene.app.play_sound("victory")
    scene.app.push(ResultScene(scene.app, winners, scores, scene.rematch, reason,
                               score_key=f"{scene.match.ruleset_id}.result.score"))


def _unscored_seats(match: Any) -> set[int]:
    """Seats whose role keeps no score (the ruleset's optional ``unscored_roles``: expedition's Dark Lord has no
    gold to show)."""
    roles_of = getattr(match.ruleset, "seat_roles", None)
    unscored = set(getattr(match.ruleset, "unscored_roles", ()))
    if not unscored or not callable(roles_of):
        return set()
    try:
        roles = list(roles_of(match.level, len(match.seats)))
    except Exception:  # noqa: BLE001 - a score line too many is better than no result screen
        log.exception("seat_roles of %s", match.ruleset_id)
        return set()
    return {i for i, role in enumerate(roles) if role in unscored}


def result_reason(ruleset_id: str, reason: str) -> str:
    """Return a result's reason in words: ``<ruleset>.result.<reason>``, then ``result.<reason>``.

    A reason with no translation is left out rather than shown as a raw id.
    """
    for key in (f"{ruleset_id}.result.{reason}", f"{ruleset_id}.event.over.{reason}", f"result.{reason}", reason):
        if i18n.has(key):
            return t(key)
    log.warning("no translation for the result reason %r of %s", reason, ruleset_id)
    return ""


def rematch(app: Any, m: Any) -> None:
    """Start the same level with the same seats and the next seed."""
    from game.scenes.play import start_new_game

    start_new_game(app, m.ruleset_id, m.level, m.seats, int(m.seed) + 1)
