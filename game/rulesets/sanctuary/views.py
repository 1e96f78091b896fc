"""Typed records of what a seat sees of a sanctuary game, built from ``state.view(seat)`` alone.

Why it exists: the table scene's panes (and the quest table after it) read a seat's view through
these records instead of looking keys up by string in the view dict. ``SanctuaryView.from_view``
takes the plain dict the rules produce (the same one bots and saves see) and never the rule state,
so a pane can be mounted over any view dict, its own game's or a child game's. Missing or malformed
fields become empty values: a view is untrusted input as far as drawing is concerned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.viewfields import as_dict as _dict
from game.engine.viewfields import as_ids as _ids
from game.engine.viewfields import as_int as _int

#: the id a hidden card shows as in a view (another seat's hand, every deck)
HIDDEN = "?"


@dataclass(frozen=True)
class PermView:
    """The table state of one card in play (a Character, Attachment, Technology or Sanctuary)."""

    iid: str
    tapped: bool = False
    damage: int = 0
    entered: int = 0
    durability: int | None = None
    carrier: str | None = None

    @classmethod
    def from_view(cls, iid: str, d: Any) -> PermView:
        """Build from one ``view["perm"][iid]`` entry."""
        d = d if isinstance(d, dict) else {}
        dur = d.get("durability")
        car = d.get("carrier")
        return cls(iid, bool(d.get("tapped")), _int(d.get("damage")), _int(d.get("entered")),
                   dur if isinstance(dur, int) else None, car if isinstance(car, str) else None)


@dataclass(frozen=True)
class CharacterView:
    """A Character in a battle row: its current Strength, damage, turned state and its Technologies."""

    iid: str
    strength: int | None
    damage: int
    tapped: bool
    entered: int
    technologies: tuple[PermView, ...] = ()


@dataclass(frozen=True)
class SideView:
    """One seat's side of the table."""

    seat: int
    sanctuary: str | None
    structure: int
    will: int
    #: the cards in hand, or ``HIDDEN`` for each one the viewer may not see
    hand: tuple[str, ...]
    deck_count: int
    discard: tuple[str, ...]
    characters: tuple[CharacterView, ...]
    attachments: tuple[PermView, ...]
    technologies: tuple[PermView, ...]
    hands_drawn: tuple[int, ...] = ()

    @property
    def hand_count(self) -> int:
        """How many cards are in the hand (visible or not)."""
        return len(self.hand)

    @property
    def hand_hidden(self) -> bool:
        """True when the viewer sees only the backs of this hand."""
        return any(c == HIDDEN for c in self.hand)

    @property
    def discard_count(self) -> int:
        """How many cards are in the discard pile."""
        return len(self.discard)

    @property
    def char_ids(self) -> tuple[str, ...]:
        """The Characters' instance ids, in row order."""
        return tuple(c.iid for c in self.characters)


@dataclass(frozen=True)
class StackItemView:
    """A Manipulation waiting on the stack: the card, who played it, its target (if any)."""

    card: str
    seat: int
    target: str | None


@dataclass(frozen=True)
class DuelView:
    """A declared duel."""

    challenger: str
    target: str


@dataclass(frozen=True)
class CombatView:
    """This turn's combat: attackers in order and attacker -> blocker."""

    attackers: tuple[str, ...] = ()
    blocks: dict[str, str] = field(default_factory=dict)

    def blocker_of(self, attacker: str) -> str | None:
        """The Character blocking ``attacker`` (None when unblocked)."""
        return self.blocks.get(attacker)


@dataclass(frozen=True)
class SanctuaryView:
    """The whole table as one seat sees it (``viewer`` None: a spectator)."""

    viewer: int | None
    turn: int
    phase: str
    step: str
    active: int
    priority: int | None
    passes: int
    setup_seat: int | None
    sides: tuple[SideView, SideView]
    stack: tuple[StackItemView, ...]
    duel: DuelView | None
    combat: CombatView
    #: card instance -> card id, for every card the viewer may see
    cards: dict[str, str]
    perms: dict[str, PermView]
    winners: tuple[int, ...] | None = None

    @classmethod
    def from_view(cls, view: Any) -> SanctuaryView:
        """Build the records from ``state.view(seat)`` (a plain dict; missing fields become empty)."""
        v = view if isinstance(view, dict) else {}
        raw_perm = _dict(v.get("perm"))
        perms = {c: PermView.from_view(c, d) for c, d in raw_perm.items() if isinstance(c, str)}
        strength = _dict(v.get("strength"))
        pls = v.get("players")
        pls = pls if isinstance(pls, list) and len(pls) >= 2 else [{}, {}]
        sides = tuple(_side(p, pl if isinstance(pl, dict) else {}, perms, strength) for p, pl in enumerate(pls[:2]))
        stack = tuple(StackItemView(s["card"], _int(s.get("seat")), s.get("target") if isinstance(s.get("target"), str)
                                    else None)
                      for s in v.get("stack") or () if isinstance(s, dict) and isinstance(s.get("card"), str))
        d = v.get("duel")
        duel = DuelView(str(d.get("challenger")), str(d.get("target"))) if isinstance(d, dict) else None
        c = _dict(v.get("combat"))
        blocks = _dict(c.get("blocks"))
        combat = CombatView(_ids(c.get("attackers")),
                            {a: b for a, b in blocks.items() if isinstance(a, str) and isinstance(b, str)})
        cards = _dict(v.get("cards"))
        win = v.get("winners")
        viewer, prio, setup = v.get("viewer"), v.get("priority"), v.get("setup_seat")
        return cls(viewer if viewer in (0, 1) else None, _int(v.get("turn")), str(v.get("phase") or ""),
                   str(v.get("step") or ""), _int(v.get("active")), prio if prio in (0, 1) else None,
                   _int(v.get("passes")), setup if setup in (0, 1) else None,
                   (sides[0], sides[1]), stack, duel, combat, dict(cards), perms,
                   tuple(w for w in win if isinstance(w, int)) if isinstance(win, list) else None)

    def side(self, seat: int) -> SideView:
        """One seat's side of the table."""
        return self.sides[seat]

    def perm(self, iid: str | None) -> PermView | None:
        """The table state of a card in play (None when it is not in play)."""
        return self.perms.get(iid) if iid else None

    def character(self, iid: str | None) -> CharacterView | None:
        """The Character record of a card in either battle row (None otherwise)."""
        for s in self.sides:
            for c in s.characters:
                if c.iid == iid:
                    return c
        return None

    @property
    def duelists(self) -> set[str]:
        """The two Characters of the declared duel (empty without one)."""
        return {self.duel.challenger, self.duel.target} if self.duel else set()

    @property
    def blockers(self) -> set[str]:
        """The Characters blocking this turn."""
        return set(self.combat.blocks.values())


def _side(seat: int, pl: dict[str, Any], perms: dict[str, PermView], strength: dict[str, Any]) -> SideView:
    """One seat's SideView from its ``view["players"][seat]`` entry."""
    techs = tuple(perms.get(t) or PermView(t) for t in _ids(pl.get("techs")))
    chars = []
    for c in _ids(pl.get("chars")):
        p = perms.get(c) or PermView(c)
        s = strength.get(c)
        chars.append(CharacterView(c, s if isinstance(s, int) else None, p.damage, p.tapped, p.entered,
                                   tuple(t for t in techs if t.carrier == c)))
    san = pl.get("sanctuary")
    drawn = pl.get("hands_drawn")
    return SideView(seat, san if isinstance(san, str) else None, _int(pl.get("structure")), _int(pl.get("will")),
                    _ids(pl.get("hand")), len(pl.get("deck") or ()), _ids(pl.get("discard")), tuple(chars),
                    tuple(perms.get(a) or PermView(a) for a in _ids(pl.get("attachments"))), techs,
                    tuple(n for n in drawn if isinstance(n, int)) if isinstance(drawn, list) else ())
