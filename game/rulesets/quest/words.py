"""The quest game in words: actions, log lines and the seat each line is about.

A mixin of ``QuestState``; every player-facing string goes through the translation layer
(game/rulesets/quest/strings.toml, es/en/it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import localize, t
from game.rulesets.quest.cards import owner_of

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState

#: events with a log line of their own: kind -> the data fields that name cards
LOGGED: dict[str, tuple[str, ...]] = {
    "PhaseBegan": (), "RoundBegan": (), "Revealed": ("card",), "Surge": ("card",), "Doomed": ("card",), "Guarded": ("card",),
    "TreacheryDiscarded": ("card",), "EncounterReshuffled": (), "QuestResolved": (), "ThreatChanged": (),
    "Progress": ("card",), "QuestProgress": (), "StageCompleted": (), "StageBegan": (), "LocationExplored": ("card",),
    "Travelled": ("card",), "Engaged": ("card",), "ShadowDealt": ("enemy",), "ShadowRevealed": ("enemy", "card"),
    "EnemyAttacks": ("enemy",), "AttackDamage": ("enemy", "card"), "StrikeDamage": ("enemy",),
    "EnemyDefeated": ("card",), "CharacterDestroyed": ("card",), "PlayerEliminated": (), "GameOver": (),
    "FirstPlayer": (), "AutoPass": (), "DeckEmpty": (), "Resolved": ("card",), "Archery": (),
    "WindowOpened": (), "ShadowCancelled": ("enemy",), "Mulligan": (), "ResourcesGained": (),
}


class Words:
    """Describing actions and events (mixed into ``QuestState``)."""

    def describe(self: QuestState, action: Action, lang: str = "en") -> str:  # type: ignore[misc]
        """Return an action in words."""
        who = self.actor_name(self.to_act())
        names: dict[str, Any] = {}
        for k, v in action.params.items():
            if isinstance(v, str):
                names[k] = self.deck_name(v, lang) if k == "deck" else self.name(v, lang)
        key = f"quest.action.{action.kind}"
        if action.kind == "play" and action.get("on"):
            key = "quest.action.play_on"
        elif action.kind in ("play", "use") and action.get("target"):
            key = f"quest.action.{action.kind}_target"
        return t(key, lang, who=who, **names)

    def deck_name(self: QuestState, deck_id: str, lang: str) -> str:  # type: ignore[misc]
        """A deck's name."""
        for d in self.model.decks:
            if d.id == deck_id:
                return localize(d.name, lang)
        return deck_id

    def event_seat(self: QuestState, event: Event, actor: int) -> int | None:  # type: ignore[misc]
        """The seat a log line is about: the seat the event names, else the owner of its card."""
        d = event.data if isinstance(event.data, dict) else {}
        seat = d.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.players):
            return seat
        if event.kind in ("GameOver", "Revealed", "QuestResolved", "StageBegan", "StageCompleted"):
            return None
        return owner_of(d.get("card")) if d.get("card") else actor

    def describe_event(self: QuestState, event: Event, lang: str = "en") -> str | None:  # type: ignore[misc]
        """Return a log line for an event (None for events the action line already says)."""
        k = event.kind
        if k not in LOGGED:
            return None
        d = dict(event.data) if isinstance(event.data, dict) else {}
        if d.get("hidden"):
            return None
        args: dict[str, Any] = {key: v for key, v in d.items() if isinstance(v, (int, str)) and key not in LOGGED[k]}
        for key in LOGGED[k]:
            args[key] = self.name(d.get(key), lang)
        if isinstance(d.get("seat"), int):
            args["who"] = self.actor_name(d["seat"])
        if k == "PhaseBegan":
            args["phase"] = t(f"quest.phase.{d.get('phase')}", lang)
        if k == "GameOver":
            return t("quest.event.won" if d.get("winners") else "quest.event.lost", lang,
                     reason=t(f"quest.end.{d.get('reason')}", lang))
        if k in ("StageBegan", "StageCompleted"):
            stage = d.get("stage", 0)
            stages = self.model.stages
            args["stage"] = localize(stages[stage].name, lang) if isinstance(stage, int) and 0 <= stage < len(stages) else "?"
        if k == "PlayerEliminated":
            args["reason"] = t(f"quest.end.{d.get('reason')}", lang)
        if k == "ResourcesGained":
            args["count"] = d.get("amount")  # the plural agrees with the amount, not with the seat number
        if k == "WindowOpened":
            args["window"] = t(f"quest.window.{d.get('window')}", lang)
        if k == "AttackDamage" and d.get("undefended"):
            return t("quest.event.AttackDamageUndefended", lang, **args)
        return t(f"quest.event.{k}", lang, **args)
