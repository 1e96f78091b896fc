"""The sanctuary game in words: actions, log lines and the seat each log line is about.

A mixin of ``SanctuaryState``; every player-facing string goes through the translation layer
(game/rulesets/sanctuary/strings.toml, es/en/it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import localize, t
from game.rulesets.sanctuary.parts import P_SETUP, card_owner
from game.rulesets.sanctuary.turn import next_hand_size

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import SanctuaryState


class Words:
    """Describing actions and events (mixed into ``SanctuaryState``)."""

    def describe(self: SanctuaryState, action: Action, lang: str = "en") -> str:  # type: ignore[misc]
        """Return an action in words."""
        who = self.actor_name(self.to_act())
        a = action.params
        names = {k: self.name(v, lang) for k, v in a.items() if isinstance(v, str)}
        key = f"sanctuary.action.{action.kind}"
        if action.kind == "play" and a.get("target"):
            key = "sanctuary.action.play_on"
        if action.kind == "use" and a.get("target"):
            key = "sanctuary.action.use_on"
        if action.kind == "use":
            ab = self.card(a["card"]).abilities[a["ability"]]
            names["ability"] = localize(ab.name, lang) or str(a["ability"] + 1)
        if action.kind == "mulligan" and self.phase is P_SETUP:
            names["size"] = str(next_hand_size(self, self.setup_seat))
        return t(key, lang, who=who, **names)

    def event_seat(self: SanctuaryState, event: Event, actor: int) -> int | None:  # type: ignore[misc]
        """The seat a log line is about: the seat the event names, else the owner of its card; a damaged
        card's owner, a duel's winner, a game's only winner; None for a duel without winner or a draw."""
        d = event.data if isinstance(event.data, dict) else {}
        k = event.kind
        if k == "DamageDealt":
            return card_owner(d.get("target"))
        if k == "DuelEnded":
            return card_owner(d.get("winner"))
        if k == "GameOver":
            w = d.get("winners") or []
            return w[0] if len(w) == 1 and w[0] in (0, 1) else None
        seat = d.get("seat")
        if seat in (0, 1) and not isinstance(seat, bool):
            return seat
        return card_owner(d.get("card"))

    def describe_event(self: SanctuaryState, event: Event, lang: str = "en") -> str | None:  # type: ignore[misc]
        """Return a log line for an event (None for events the action line already says)."""
        d = event.data
        k = event.kind
        if k == "PhaseBegan":
            if d.get("phase") == "turn":
                return t("sanctuary.event.turn", lang, n=d.get("turn"), who=self.actor_name(d.get("seat")))
            return t("sanctuary.event.phase", lang, phase=t(f"sanctuary.phase.{d.get('phase')}", lang))
        if k == "DamageDealt":
            return t("sanctuary.event.damage_taken", lang, target=self.name(d.get("target"), lang),
                     n=d.get("amount"))
        if k == "Destroyed":
            return t("sanctuary.event.card_destroyed", lang, card=self.name(d.get("card"), lang))
        if k == "DuelEnded":
            if d.get("winner"):
                return t("sanctuary.event.duel_won", lang, card=self.name(d.get("winner"), lang))
            return t("sanctuary.event.duel_draw", lang)
        if k == "EmptyDeck":
            return t("sanctuary.event.empty_deck", lang, who=self.actor_name(d.get("seat")))
        if k == "GameOver":
            w = d.get("winners") or []
            if not w:
                return t("sanctuary.event.draw_game", lang)
            return t("sanctuary.event.won", lang, who=self.actor_name(w[0]))
        if k == "AutoPass":
            return t("sanctuary.event.autopass", lang, who=self.actor_name(d.get("seat")))
        if k == "FirstPlayer":
            return t("sanctuary.event.first", lang, who=self.actor_name(d.get("seat")))
        return None
