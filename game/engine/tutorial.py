"""Guided tutorials as level data: the script model the app's tutor (game/scenes/base/tutor.py) follows.

A level may carry a ``[[tutorial]]`` array of steps (schema: ``schema.TutorialStep``; docs/LEVELS.md,
"Guided tutorials"). Each step shows one short sentence and waits for one of:

- ``"ack"``: the player reads it and presses Next;
- ``"any"``: any action of the player;
- ``{kind, args}``: an action of that kind whose arguments include the given ones; with ``alongside``,
  only at a decision that also offers an action of that other kind (quest: ``play`` in the planning step,
  which offers ``done``, and not an event played in an action window, which offers ``pass``).

After the awaited action the step's ``after`` text (when it has one) explains what happened and waits
for Next. Other legal actions are allowed: the script does not forbid them, it waits (the tutor points at
the hint's move meanwhile). It *adapts* only when a step's moment has passed: its action was possible at
an earlier decision and is not any more; then the script goes on to the next step. This module is pure
(no pygame): the run is a small state machine the tests drive without a window.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from game.engine.actions import Action
from game.engine.i18n import localize


@dataclass(frozen=True)
class Step:
    """One step of a script: its sentence, what it waits for, and what it explains afterwards."""

    text: Any                      # localized text (a string or {en, es, it})
    wait: str = "ack"              # "ack", "any" or "action"
    kind: str | None = None        # the action kind awaited (wait == "action")
    args: tuple[tuple[str, Any], ...] = ()
    after: Any = ""
    alongside: str | None = None   # the decision must also offer an action of this kind

    def fits(self, legal: Iterable[Action]) -> bool:
        """True when the decision offering ``legal`` is this step's moment (its ``alongside`` kind is offered)."""
        return self.alongside is None or any(a.kind == self.alongside for a in legal)

    def matches(self, action: Action) -> bool:
        """True when ``action`` is what this step waits for (any action for "any", none for "ack")."""
        if self.wait == "any":
            return True
        if self.wait != "action" or action.kind != self.kind:
            return False
        params = action.params
        for name, want in self.args:
            if name not in params or not _same(params[name], want):
                return False
        return True

    def words(self, lang: str | None = None) -> str:
        """The step's sentence in ``lang``."""
        return localize(self.text, lang)

    def after_words(self, lang: str | None = None) -> str:
        """What the step explains after its action ("" when nothing)."""
        return localize(self.after, lang) if self.after else ""


def _same(have: Any, want: Any) -> bool:
    """Argument equality across frozen tuples and level lists; booleans never equal numbers."""
    if isinstance(want, (list, tuple)):
        return isinstance(have, (list, tuple)) and len(have) == len(want) and all(
            _same(h, w) for h, w in zip(have, want))
    if isinstance(want, bool) or isinstance(have, bool):
        return isinstance(want, bool) and isinstance(have, bool) and want == have
    return bool(have == want)


def script_of(level: Any) -> list[Step]:
    """The tutorial steps of a validated level (empty when it has none)."""
    model = getattr(level, "model", None)
    out: list[Step] = []
    for raw in getattr(model, "tutorial", None) or []:
        wait = raw.wait
        if isinstance(wait, str):
            out.append(Step(raw.text, wait, after=raw.after))
        else:
            args = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in wait.args.items()))
            out.append(Step(raw.text, "action", wait.kind, args, raw.after, wait.alongside))
    return out


@dataclass
class TutorialRun:
    """Where a player is in a script: the current step and whether its explanation is showing."""

    steps: list[Step]
    index: int = 0
    explaining: bool = False       # the current step's action happened; its ``after`` text waits for Next
    left: bool = False             # the player left the tutorial
    skipped: list[int] = field(default_factory=list)
    seen: bool = False             # the current step's action was possible at a decision since it began
    fits_now: bool = False         # the last decision seen (``adapt``/``expected``) fits an ``alongside`` step

    @property
    def done(self) -> bool:
        """True when the script has run out (or the player left it)."""
        return self.left or self.index >= len(self.steps)

    @property
    def step(self) -> Step | None:
        """The current step (None when done)."""
        return None if self.done else self.steps[self.index]

    def waits_for_next(self) -> bool:
        """True when the Next button is what the script waits for (an ``ack`` step or an explanation)."""
        st = self.step
        return st is not None and (self.explaining or st.wait == "ack")

    def expected(self, legal: Iterable[Action]) -> list[Action]:
        """The legal actions the current step waits for (empty while explaining or for "ack"/"any")."""
        st = self.step
        if st is None or self.explaining or st.wait != "action":
            return []
        legal = list(legal)
        self.fits_now = st.fits(legal)
        return [a for a in legal if st.matches(a)] if self.fits_now else []

    def next(self) -> None:
        """The player pressed Next: end the explanation or the "ack" step."""
        if self.waits_for_next():
            self._advance()

    def on_action(self, action: Action) -> bool:
        """The player applied ``action``; return True when it was the step's (the script moves on)."""
        st = self.step
        if st is None or self.explaining or not st.matches(action) or (
                st.alongside is not None and not self.fits_now):
            return False
        if st.after_words("en"):
            self.explaining = True
        else:
            self._advance()
        return True

    def adapt(self, legal: list[Action]) -> bool:
        """The player must act now: note whether the step's action is possible, and move on once its moment passed.

        A step whose action is not possible *yet* waits (the player plays on, the tutor points at the
        hint). Once its action was possible at an earlier decision and is not any more (the player did
        something else and the game moved on), the script goes to the next step. Returns True when it
        moved; the steps passed over are remembered in ``skipped``.
        """
        st = self.step
        if st is None or self.explaining or st.wait != "action":
            return False
        self.fits_now = st.fits(legal)
        if self.fits_now and any(st.matches(a) for a in legal):
            self.seen = True
            return False
        if not self.seen:
            return False
        self.skipped.append(self.index)
        self._advance()
        return True

    def leave(self) -> None:
        """The player left the tutorial: nothing more is shown."""
        self.left = True

    def _advance(self) -> None:
        self.explaining = False
        self.seen = False
        self.fits_now = False
        self.index += 1
