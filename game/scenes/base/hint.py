"""The hint button's service: the strongest bot's move for the seat in front, from that seat's own view.

``HintService.request()`` starts a search in a worker thread (like a bot seat's move, so the frame never
freezes). The search sees exactly what a bot of that seat would: ``state.view(seat)`` and the seat's
legal actions; it samples hidden information with ``ruleset.determinize`` and never reads the true
state, so a hint cannot reveal a hidden card. The answer is kept for the position it was asked in
(the move count and the seat in front); once the game moves on it is stale and no longer shown.

The sentence saying why: the ruleset's optional ``explain_hint(action, view, lang)`` (a heuristic
reason in words, from the view alone: every ruleset has one in ``game/rulesets/<id>/hints.py``), else the
search's estimate of the seat's chances after the move. It is said again in the new language when the
player switches language while the hint is shown.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any, Callable

from game.engine.actions import Action
from game.engine.bots import BUDGETS, Budget, MCTSBot
from game.engine.i18n import language, t

log = logging.getLogger(__name__)

#: the hint's search: the hard bot's, capped at 0.8 s and never slipping (tests pass a fixed budget)
HINT_BUDGET: Budget = BUDGETS["hard"].replace(seconds=0.8, slip=0.0)


@dataclass
class Hint:
    """One hint: the position it is for, and (when done) the move, its value and the sentence why."""

    seat: int
    move: int
    done: threading.Event = field(default_factory=threading.Event)
    action: Action | None = None
    value: float | None = None     # the search's estimate of the seat's result after the move (0..1)
    tries: int = 0
    error: str | None = None
    #: the sentence why, per language (said again in a new language when the player switches)
    said: dict[str, str] = field(default_factory=dict)
    #: says the sentence in a language (set once the move is known; reads only the seat's view)
    say: Callable[[str], str] | None = None
    #: the sentence is the ruleset's own and names the move itself ("Play Ember Imp: ..."): shown alone
    names_move: bool = False

    @property
    def reason(self) -> str:
        """The sentence why, in the current language (worked out again after a language change)."""
        lang = language()
        if lang not in self.said and self.say is not None and self.done.is_set():
            self.said[lang] = self.say(lang)
        return self.said.get(lang) or next(iter(self.said.values()), "")


def compute_hint(ruleset: Any, view: dict[str, Any], seat: int, legal: list[Action], seed: int,
                 budget: Budget | None = None) -> tuple[Action, float | None, int]:
    """The strongest bot's move for ``seat`` from its ``view`` only: ``(action, estimated value, iterations)``."""
    bot = MCTSBot(seed, "hard", budget or HINT_BUDGET)
    action = bot.choose(ruleset, view, seat, legal)
    stats = bot.last_stats
    value = (stats.get("values") or {}).get(action.key)
    return action, value, int(stats.get("iterations", 0))


def ruleset_reason(ruleset: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
    """The ruleset's own sentence why (``explain_hint``), or None when it has none for this move."""
    explain = getattr(ruleset, "explain_hint", None)
    if not callable(explain):
        return None
    try:
        said = explain(action, view, lang)
    except Exception:  # noqa: BLE001 - a hint without its reason is still a hint
        log.exception("explain_hint(%s)", action.key)
        return None
    return str(said) if said else None


def hint_reason(ruleset: Any, action: Action, view: dict[str, Any], value: float | None, tries: int,
                lang: str) -> str:
    """One sentence saying why: the ruleset's heuristic reason, else the estimated chances."""
    said = ruleset_reason(ruleset, action, view, lang)
    if said:
        return said
    if value is None or tries < 2:
        return t("hint.only_move" if tries == 0 else "hint.no_estimate", lang)
    return t("hint.chances", lang, pct=int(round(max(0.0, min(1.0, value)) * 100)), n=tries)


class HintService:
    """Asks for hints off the UI thread and keeps the latest one for the position it was asked in."""

    #: the budget of every hint (tests set a fixed, clock-free one)
    budget: Budget | None = None

    def __init__(self, match: Any, wake: Callable[[], None] | None = None) -> None:
        self.match = match
        self.wake = wake or (lambda: None)
        self.job: Hint | None = None

    def request(self, seat: int, lang: str) -> Hint | None:
        """Start a hint for ``seat`` (the seat in front, which must be the one to act); None when it cannot."""
        m = self.match
        if m.is_over() or m.to_act() != seat:
            return None
        job = self.job
        if job is not None and job.seat == seat and job.move == len(m.history):
            return job  # already asked (or answered) for this position
        state = m.state
        view = state.view(seat)
        legal = list(state.legal_actions())
        if not legal:
            return None
        job = self.job = Hint(seat, len(m.history))
        seed = (int(m.seed) * 31 + len(m.history) * 7 + seat) & 0x7FFFFFFF
        ruleset = m.ruleset
        budget = self.budget

        def work() -> None:
            try:
                job.action, job.value, job.tries = compute_hint(ruleset, view, seat, legal, seed, budget)
                action, value, tries = job.action, job.value, job.tries
                job.say = lambda lg: hint_reason(ruleset, action, view, value, tries, lg)
                job.said[lang] = job.say(lang)
                # a ruleset whose sentences start with the move ("Play X: ...") is not preceded by it again
                job.names_move = bool(getattr(ruleset, "hint_names_move", False)) \
                    and ruleset_reason(ruleset, action, view, lang) is not None
            except Exception as exc:  # noqa: BLE001 - reported on the main thread
                log.exception("hint for seat %s failed", seat)
                job.error = f"{type(exc).__name__}: {exc}"
            job.done.set()
            try:
                self.wake()
            except Exception:  # noqa: BLE001
                log.debug("hint wake-up failed", exc_info=True)

        threading.Thread(target=work, name=f"hint-{seat}", daemon=True).start()
        return job

    def current(self, seat: int | None) -> Hint | None:
        """The hint for this position and seat, finished or thinking (None when there is none or it is stale)."""
        job = self.job
        if job is None or seat is None or job.seat != seat or job.move != len(self.match.history) \
                or self.match.to_act() != seat:
            return None
        return job

    def ready(self, seat: int | None) -> Hint | None:
        """The finished hint for this position (None while thinking, stale or failed)."""
        job = self.current(seat)
        if job is None or not job.done.is_set() or job.action is None:
            return None
        return job

    def forget(self) -> None:
        """Drop the hint (the player asked to hide it, or undid a move)."""
        self.job = None

    @property
    def thinking(self) -> bool:
        """True while a hint's search runs."""
        return self.job is not None and not self.job.done.is_set()
