"""Typed records of what a seat sees of a quest game, built from ``state.view(seat)`` alone.

Why it exists: the quest table scene's panes read a seat's view through these records instead of
looking keys up by string in the view dict. ``QuestView.from_view`` takes the plain dict the rules
produce (the same one bots and saves see) and never the rule state. Missing or malformed fields
become empty values: a view is untrusted input as far as drawing is concerned.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.engine.viewfields import as_dict as _dict
from game.engine.viewfields import as_ids as _ids
from game.engine.viewfields import as_int as _int
from game.engine.viewfields import as_str as _str

#: the id a hidden card shows as in a view (another seat's hand, every deck, a face-down shadow)
HIDDEN = "?"


@dataclass(frozen=True)
class CardView:
    """A card in play: instance, card id, current stats, damage, resources, progress, exhausted, attachments."""

    iid: str
    card: str
    willpower: int = 0
    attack: int = 0
    defense: int = 0
    threat: int = 0
    hp: int = 0
    damage: int = 0
    resources: int = 0
    progress: int = 0
    exhausted: bool = False
    committed: bool = False
    attachments: tuple[str, ...] = ()

    @classmethod
    def of(cls, iid: str, view: dict[str, Any]) -> CardView:
        """Build from the view's ``table``, ``stats`` and ``cards`` entries for one instance."""
        t = _dict(_dict(view.get("table")).get(iid))
        s = _dict(_dict(view.get("stats")).get(iid))
        attached = tuple(a for a, st in _dict(view.get("table")).items()
                         if isinstance(st, dict) and st.get("attached_to") == iid)
        return cls(iid, str(_dict(view.get("cards")).get(iid, "")), _int(s.get("willpower")), _int(s.get("attack")),
                   _int(s.get("defense")), _int(s.get("threat")), _int(s.get("hp")), _int(t.get("damage")),
                   _int(t.get("resources")), _int(t.get("progress")), bool(t.get("exhausted")),
                   bool(t.get("committed")), attached)


@dataclass(frozen=True)
class EnemyView:
    """An engaged enemy with its shadow card: ``None`` (none), ``HIDDEN`` (face down) or the card."""

    card: CardView
    shadow: str | None


@dataclass(frozen=True)
class PlayerView:
    """One seat's side of the table."""

    seat: int
    deck_id: str
    threat: int
    eliminated: bool
    heroes: tuple[CardView, ...]
    allies: tuple[CardView, ...]
    engaged: tuple[EnemyView, ...]
    #: the cards in hand, or ``HIDDEN`` for each one the viewer may not see
    hand: tuple[str, ...]
    deck_count: int
    discard: tuple[str, ...]

    @property
    def hand_hidden(self) -> bool:
        """True when the viewer sees only the backs of this hand."""
        return any(c == HIDDEN for c in self.hand)


@dataclass(frozen=True)
class StackItemView:
    """An action event or card action waiting on the stack."""

    kind: str
    card: str
    seat: int
    target: str | None


@dataclass(frozen=True)
class QuestView:
    """Everything a seat sees, typed: the quest, the staging area, the players, the window and the decision."""

    viewer: int | None
    round: int
    phase: str
    step: str
    window: str
    first_player: int
    to_act: int | None
    holder: int | None
    stage: int
    progress: int
    active: CardView | None
    staging: tuple[CardView, ...]
    staging_threat: int
    willpower: int
    encounter_deck: int
    encounter_discard: tuple[str, ...]
    victory: tuple[str, ...]
    players: tuple[PlayerView, ...]
    stack: tuple[StackItemView, ...]
    decision: dict[str, Any]
    winners: tuple[int, ...] | None
    cards: dict[str, str]
    #: the progress each stage needs with this many seats (quest_points_per_player counted)
    stage_points: tuple[int, ...] = ()

    @classmethod
    def from_view(cls, view: Any) -> QuestView:
        """Build from ``state.view(seat)``."""
        v = _dict(view)
        enc = _dict(v.get("encounter"))
        shadows = _dict(enc.get("shadows"))
        players = []
        for s, p in enumerate(v.get("players") or []):
            p = _dict(p)
            players.append(PlayerView(
                s, str(p.get("deck_id", "")), _int(p.get("threat")), bool(p.get("eliminated")),
                tuple(CardView.of(c, v) for c in _ids(p.get("heroes"))),
                tuple(CardView.of(c, v) for c in _ids(p.get("allies"))),
                tuple(EnemyView(CardView.of(e, v), _str(shadows.get(e))) for e in _ids(p.get("engaged"))),
                _ids(p.get("hand")), len(_ids(p.get("deck"))), _ids(p.get("discard"))))
        items = []
        for i in _dict(v.get("stack")).get("items") or []:
            i = _dict(i)
            items.append(StackItemView(str(i.get("kind", "")), str(i.get("card", "")), _int(i.get("seat")),
                                       _str(i.get("target"))))
        active = _str(enc.get("active"))
        winners = v.get("winners")
        to_act, holder = v.get("to_act"), v.get("holder")
        return cls(
            v.get("viewer") if isinstance(v.get("viewer"), int) else None, _int(v.get("round")),
            str(v.get("phase", "")), str(v.get("step", "")), str(v.get("window", "")), _int(v.get("first_player")),
            to_act if isinstance(to_act, int) else None, holder if isinstance(holder, int) else None,
            _int(enc.get("stage")), _int(enc.get("progress")), CardView.of(active, v) if active else None,
            tuple(CardView.of(c, v) for c in _ids(enc.get("staging"))), _int(v.get("staging_threat")),
            _int(v.get("willpower")), len(_ids(enc.get("deck"))), _ids(enc.get("discard")), _ids(enc.get("victory")),
            tuple(players), tuple(items), _dict(v.get("decision")),
            tuple(w for w in winners if isinstance(w, int)) if isinstance(winners, list) else None,
            {k: str(c) for k, c in _dict(v.get("cards")).items()},
            tuple(_int(n) for n in v.get("stage_points") or [] if isinstance(n, int)))

    def player(self, seat: int) -> PlayerView | None:
        """One seat's side (None for an unknown seat)."""
        return self.players[seat] if 0 <= seat < len(self.players) else None
