"""The words of a game scene: phases, rounds, banners, actions, seats and results in the current language.

``RulesetScene`` mixes this in; a ruleset scene overrides what its rules word differently
(``phase_text``, ``phases``, ``round_label``, ``rule_hint``...). Wording never breaks play: an
action whose rules cannot describe it shows its key.
"""

from __future__ import annotations

import logging
from typing import Any

from game.engine import i18n
from game.engine.actions import Action
from game.engine.i18n import t

log = logging.getLogger(__name__)


class TableWords:
    """Words hooks of a game scene (needs ``self.match``, ``self.driver``, ``self.state``, ``self.lang``)."""

    match: Any
    driver: Any

    def phase_text(self, view: dict[str, Any]) -> str | None:
        """Return the current phase/turn in words for the tracker (default: the view's ``phase``, translated
        by a catalogue key ``<ruleset>.phase.<id>`` or ``phase.<id>`` when the ruleset has one)."""
        phase = view.get("phase")
        if not isinstance(phase, (str, int)) or isinstance(phase, bool) or phase == "":
            return None
        for key in (f"{self.match.ruleset_id}.phase.{phase}", f"phase.{phase}"):
            if i18n.has(key):
                return t(key)
        return str(phase).replace("_", " ")

    def banner_words(self, event: Any) -> str:
        """Return the banner for a phase that begins ("Round 6", a translated phase name), else "".

        A phase with no words in the catalogues gets no banner (never its raw id).
        """
        if getattr(event, "kind", None) != "PhaseBegan" or not isinstance(event.data, dict):
            return ""
        if isinstance(event.data.get("round"), int) and event.data.get("phase") == "round":
            return self.round_label({"round": event.data["round"]}) or ""
        phase = event.data.get("phase")
        for key in (f"{self.match.ruleset_id}.phase.{phase}", f"phase.{phase}"):
            if i18n.has(key):
                return t(key)
        return ""

    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """Return every phase name in order (the tracker shows the current one among them), or None."""
        return None

    def round_label(self, view: dict[str, Any]) -> str | None:
        """Return the round or turn label for the tracker (default: from view ``round`` or ``turn``)."""
        for key in ("round", "turn"):
            v = view.get(key)
            if isinstance(v, int) and not isinstance(v, bool):
                if key == "round":
                    return t("ui.round", n=v) if i18n.has("ui.round") else t("game.round_n", n=v)
                return t("game.turn_n", n=v)
        return None

    def rule_hint(self, action: Action) -> str:
        """Return the tooltip text for an action (default: its description; rulesets may add the rule)."""
        return self.describe(action)

    def describe(self, action: Action) -> str:
        """Return an action in words in the current language (memoized per position)."""
        d = self.driver
        d.refresh()
        memo_key = (action, self.lang)
        text = d.words.get(memo_key)
        if text is None:
            try:
                text = self.state.describe(action, self.lang) or action.key
            except Exception:  # noqa: BLE001 - wording never breaks play
                log.exception("describe(%s)", action.key)
                text = action.key
            d.words[memo_key] = text
        return text

    def seat_name(self, seat: int | None) -> str:
        """Return a seat's display name."""
        return self.driver.seat_name(seat)

    def result_reason(self, reason: str) -> str:
        """Return a result's reason in words: ``<ruleset>.result.<reason>``, then ``result.<reason>``."""
        from game.scenes.base.result import result_reason

        return result_reason(self.match.ruleset_id, reason)
