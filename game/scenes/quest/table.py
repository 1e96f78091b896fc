"""What the quest table draws, read from the rules' typed view (``QuestView``) in one place.

Why it exists: every pane of the quest scene draws from these frozen records, never from rule state
and never from the view dict. ``Table.of(view, model)`` reads a ``QuestView`` field by field (and
the quest stages' words from the level), in the shape the panes want: attachments under their
carrier, shadows with their enemy, discards newest first, the current attack or strike from the
decision. A missing field becomes an empty value here and in no pane; the scene builds one
``Table`` per position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the seven phases of seed 002's round, in order
PHASES = ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh")
#: the id a hidden card shows as (another seat's hand, a face-down shadow)
HIDDEN = "?"


def get(obj: Any, name: str, default: Any = None) -> Any:
    """A field of a record or a dict (``default`` when missing)."""
    if obj is None:
        return default
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _opt_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _ids(value: Any) -> tuple[str, ...]:
    if isinstance(value, (list, tuple)):
        return tuple(x if isinstance(x, str) else get(x, "iid", HIDDEN) for x in value)
    return ()


@dataclass(frozen=True)
class CardState:
    """One card on the table: a hero, ally, enemy, location or staged card, with its tokens."""

    iid: str
    cid: str | None = None
    exhausted: bool = False
    damage: int = 0
    resources: int = 0
    progress: int = 0
    committed: bool = False
    attachments: tuple[str, ...] = ()
    shadows: tuple[str, ...] = ()
    #: current stats when the rules give them (boosts included); None: read the card definition
    stats: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerState:
    """One seat's side of the table."""

    seat: int
    threat: int = 0
    heroes: tuple[CardState, ...] = ()
    allies: tuple[CardState, ...] = ()
    engaged: tuple[CardState, ...] = ()
    hand: tuple[str, ...] | None = None
    hand_count: int = 0
    deck: int = 0
    discard: tuple[str, ...] = ()
    out: bool = False

    @property
    def characters(self) -> tuple[CardState, ...]:
        """Heroes then allies."""
        return self.heroes + self.allies


@dataclass(frozen=True)
class Stage:
    """The quest card in play: which stage of how many, its words and its progress."""

    index: int = 0
    count: int = 1
    name: Any = ""
    text: Any = ""
    points: int = 0
    progress: int = 0


@dataclass(frozen=True)
class Table:
    """Everything the quest scene draws (see the module docstring)."""

    round: int = 0
    phase: str = ""
    step: str = ""
    first_player: int = 0
    window: str | None = None
    priority: int | None = None
    stage: Stage = field(default_factory=Stage)
    location: CardState | None = None
    staging: tuple[CardState, ...] = ()
    staging_threat: int = 0
    encounter_deck: int = 0
    encounter_discard: tuple[str, ...] = ()
    players: tuple[PlayerState, ...] = ()
    cards: dict[str, str] = field(default_factory=dict)
    attack: dict[str, Any] = field(default_factory=dict)
    revealed: tuple[str, ...] = ()
    decision: Any = None
    #: action events and card actions waiting on the stack, oldest first: (card instance, seat, target or None)
    stack: tuple[tuple[str, int, str | None], ...] = ()

    def player(self, seat: int) -> PlayerState | None:
        """The side of ``seat`` (None when there is no such seat)."""
        return next((p for p in self.players if p.seat == seat), None)

    def find(self, iid: str) -> CardState | None:
        """The card in play with this instance id (None when it is not on the table)."""
        for c in self.staging:
            if c.iid == iid:
                return c
        if self.location is not None and self.location.iid == iid:
            return self.location
        for p in self.players:
            for c in p.heroes + p.allies + p.engaged:
                if c.iid == iid:
                    return c
        return None

    def owner(self, iid: str) -> int | None:
        """The seat whose side a card is on (None: staging, location, nowhere)."""
        for p in self.players:
            if any(c.iid == iid for c in p.heroes + p.allies + p.engaged) or (p.hand and iid in p.hand):
                return p.seat
        return None

    @classmethod
    def of(cls, view: Any, model: Any = None) -> Table:
        """Read the rules' typed view (``QuestView``, or the view dict it is built from)."""
        if isinstance(view, dict):
            from game.rulesets.quest.views import QuestView

            view = QuestView.from_view(view)
        return cls.from_quest_view(view, model)

    @classmethod
    def from_quest_view(cls, qv: Any, model: Any = None) -> Table:
        """Read the rules' typed ``QuestView`` (game/rulesets/quest/views.py); the quest stage's words and
        points come from the level (``model.stages``), the current attack from the decision."""
        cards = {k: v for k, v in (get(qv, "cards") or {}).items() if isinstance(k, str) and isinstance(v, str)}

        def card(cv: Any, shadow: Any = None) -> CardState:
            iid = _str(get(cv, "iid")) or HIDDEN
            stats = {k: v for k in ("willpower", "attack", "defense", "threat", "hp")
                     if (v := _opt_int(get(cv, k))) is not None}
            return CardState(iid, _str(get(cv, "card")) or cards.get(iid), bool(get(cv, "exhausted")),
                             _int(get(cv, "damage")), _int(get(cv, "resources")), _int(get(cv, "progress")),
                             bool(get(cv, "committed")), _ids(get(cv, "attachments")),
                             (shadow,) if isinstance(shadow, str) else (), stats)

        players = []
        for p in get(qv, "players") or ():
            hand = _ids(get(p, "hand"))
            players.append(PlayerState(
                _int(get(p, "seat")), _int(get(p, "threat")), tuple(card(h) for h in get(p, "heroes") or ()),
                tuple(card(a) for a in get(p, "allies") or ()),
                tuple(card(get(e, "card"), get(e, "shadow")) for e in get(p, "engaged") or ()),
                None if any(h == HIDDEN for h in hand) else hand, len(hand), _int(get(p, "deck_count")),
                tuple(reversed(_ids(get(p, "discard")))), bool(get(p, "eliminated"))))
        index = _int(get(qv, "stage"))
        stages = list(get(model, "stages") or ())
        st = stages[index] if 0 <= index < len(stages) else None
        needs = get(qv, "stage_points") or ()  # with this many players (quest_points_per_player)
        points = _int(needs[index]) if 0 <= index < len(needs) else _int(get(st, "quest_points"))
        stage = Stage(index, max(1, len(stages)), get(st, "name", ""), get(st, "text", ""),
                      points, _int(get(qv, "progress")))
        dec = get(qv, "decision") or {}
        attack = {k: dec[k] for k in ("enemy", "defender", "attackers", "seat") if isinstance(dec, dict) and k in dec}
        window = get(qv, "window")
        active = get(qv, "active")
        return cls(_int(get(qv, "round")), _str(get(qv, "phase")) or "", _str(get(qv, "step")) or "",
                   _int(get(qv, "first_player")), window if isinstance(window, str) and window else None,
                   _opt_int(get(qv, "holder")), stage, card(active) if active is not None else None,
                   tuple(card(c) for c in get(qv, "staging") or ()), _int(get(qv, "staging_threat")),
                   _int(get(qv, "encounter_deck")), tuple(reversed(_ids(get(qv, "encounter_discard")))),
                   tuple(players), cards, attack, (), dec, _stack(get(qv, "stack")))


def _stack(items: Any) -> tuple[tuple[str, int, str | None], ...]:
    """The stack's items as (card, seat, target); items without a card are left out."""
    out = []
    for i in items or ():
        card = _str(get(i, "card"))
        if card:
            out.append((card, _int(get(i, "seat")), _str(get(i, "target"))))
    return tuple(out)
