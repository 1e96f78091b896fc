"""The primitives that change the sanctuary table: moving cards, damage, Will, Structure, draws.

A mixin of ``SanctuaryState``: the effect verbs (effects.py) and the turn (turn.py) act on the
state only through these methods, so every change emits its event in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.events import Event, card_moved, damage_dealt
from game.engine.i18n import localize
from game.rulesets.sanctuary.parts import Perm

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import SanctuaryState

_IN_PLAY = ("chars", "attachments", "techs")


class Table:
    """Changes to the table, each with its event (mixed into ``SanctuaryState``).

    Each method's ``self`` is typed as ``SanctuaryState`` so mypy checks the body against the full
    state; ``# type: ignore[misc]`` silences only "the self type is not a supertype of Table" (as in
    checks.py, view.py, words.py and legal.py).
    """

    def name(self: SanctuaryState, iid: str | None, lang: str = "en") -> str:  # type: ignore[misc]
        """Return a card instance's name in a language."""
        if not iid or iid not in self.owner_card:
            return "?"
        return localize(self.defs[iid].name, lang)

    def move(self: SanctuaryState, c: str, src: str, dst: str, ev: list[Event],  # type: ignore[misc]
             carrier: str | None = None) -> None:
        """Move a card between two zones of its owner; entering play gives it fresh table state."""
        p = int(c[0])
        pl = self.players[p]
        getattr(pl, src).remove(c)
        getattr(pl, dst).append(c)
        if dst in _IN_PLAY:
            card = self.defs[c]
            self.perm[c] = Perm(entered=self.turn, carrier=carrier,
                                durability=card.durability if card.type == "technology" else None)
        ev.append(card_moved(c, src, dst, seat=p, revealed=src == "hand", card_id=self.owner_card[c],
                             carrier=carrier))

    def leave_play(self: SanctuaryState, c: str, ev: list[Event], reason: str) -> None:  # type: ignore[misc]
        """Move a card in play to its owner's discard pile (technologies leave with their carrier)."""
        if c not in self.perm or c.endswith(".S"):
            return
        p = int(c[0])
        pl = self.players[p]
        zone = next(z for z in _IN_PLAY if c in getattr(pl, z))
        if zone == "chars":
            if self.combat is not None:
                self.combat.gone[c] = self.strength(c)
            for tc in [x for x in pl.techs if self.perm[x].carrier == c]:
                self.leave_play(tc, ev, "carrier_left")
        # an Attachment leaving keeps the Structure it added on entering (RULES.md: added permanently)
        getattr(pl, zone).remove(c)
        pl.discard.append(c)
        del self.perm[c]
        ev.append(card_moved(c, zone, "discard", seat=p, card_id=self.owner_card[c], reason=reason))

    def destroy(self: SanctuaryState, c: str, ev: list[Event], reason: str) -> None:  # type: ignore[misc]
        """Destroy a card in play."""
        ev.append(Event("Destroyed", {"card": c, "reason": reason}))
        self.leave_play(c, ev, reason)

    def damage_character(self: SanctuaryState, c: str, amount: int, source: str | None, ev: list[Event],  # type: ignore[misc]
                         kind: str = "effect") -> None:
        """Mark damage on a character (destruction is checked by check_deaths)."""
        if amount <= 0 or c not in self.perm:
            return
        self.perm[c].damage += amount
        ev.append(damage_dealt(c, amount, source, kind=kind))

    def check_deaths(self: SanctuaryState, ev: list[Event]) -> None:  # type: ignore[misc]
        """Destroy every character whose damage has reached its Strength (all at once)."""
        perm = self.perm
        dead = [c for p in (0, 1) for c in self.players[p].chars if perm[c].damage >= self.strength(c)]
        for c in dead:
            if c in perm:
                self.destroy(c, ev, "damage")

    def damage_sanctuary(self: SanctuaryState, seat: int, amount: int, source: str | None, ev: list[Event],  # type: ignore[misc]
                         **extra: Any) -> None:
        """Deal damage to a seat's Sanctuary (its Structure goes down)."""
        if amount <= 0:
            return
        pl = self.players[seat]
        pl.structure -= amount
        ev.append(damage_dealt(pl.sanctuary, amount, source, structure=pl.structure, **extra))

    def change_structure(self: SanctuaryState, seat: int, amount: int, source: str | None,  # type: ignore[misc]
                         ev: list[Event]) -> None:
        """Add Structure to a seat's Sanctuary."""
        pl = self.players[seat]
        pl.structure += amount
        ev.append(Event("StructureChanged", {"seat": seat, "amount": amount, "source": source,
                                             "structure": pl.structure}))

    def gain_will(self: SanctuaryState, seat: int, amount: int, ev: list[Event], why: str) -> None:  # type: ignore[misc]
        """Add (or remove, never below 0) Will."""
        pl = self.players[seat]
        new = max(0, pl.will + amount)
        if new != pl.will or amount == 0:
            ev.append(Event("WillChanged", {"seat": seat, "amount": new - pl.will, "will": new, "why": why}))
        pl.will = new

    def draw(self: SanctuaryState, seat: int, n: int, ev: list[Event],  # type: ignore[misc]
             penalty: bool = True) -> None:
        """Draw n cards; each card missing from an empty deck costs 1 Structure (RULES.md)."""
        pl = self.players[seat]
        for _ in range(n):
            if not pl.deck:
                if penalty:
                    pl.structure -= 1
                    ev.append(Event("EmptyDeck", {"seat": seat, "structure": pl.structure}))
                continue
            c = pl.deck.pop()
            pl.hand.append(c)
            ev.append(card_moved(c, "deck", "hand", seat=seat, hidden=True, drawn=True, card_id=self.owner_card[c]))

    def set_tapped(self: SanctuaryState, c: str, tapped: bool, ev: list[Event]) -> None:  # type: ignore[misc]
        """Turn (tap) or ready a card in play."""
        p = self.perm.get(c)
        if p is not None and p.tapped != tapped:
            p.tapped = tapped
            ev.append(Event("Tapped" if tapped else "Readied", {"card": c}))

    def modify_strength(self: SanctuaryState, c: str, amount: int, permanent: bool,  # type: ignore[misc]
                        ev: list[Event]) -> None:
        """Change a character's Strength until end of turn or for good."""
        p = self.perm.get(c)
        if p is None:
            return
        if permanent:
            p.mod_perm += amount
        else:
            p.mod_turn += amount
        ev.append(Event("StrengthChanged", {"card": c, "amount": amount, "permanent": permanent,
                                            "strength": self.strength(c)}))

    def change_durability(self: SanctuaryState, tc: str, amount: int, ev: list[Event]) -> None:  # type: ignore[misc]
        """Change a technology's Durability; at 0 it is destroyed."""
        p = self.perm.get(tc)
        if p is None:
            return
        cap = self.defs[tc].durability + 10
        assert p.durability is not None  # a technology gets its Durability on entering play (move)
        p.durability = min(cap, p.durability + amount)
        ev.append(Event("DurabilityChanged", {"card": tc, "amount": amount, "durability": p.durability}))
        if p.durability <= 0:
            self.destroy(tc, ev, "durability")

    def discard_random(self: SanctuaryState, seat: int, n: int, ev: list[Event]) -> None:  # type: ignore[misc]
        """Discard n random cards from a hand."""
        pl = self.players[seat]
        for _ in range(n):
            if not pl.hand:
                return
            c = pl.hand.pop(self.rng.randbelow(len(pl.hand)))
            pl.discard.append(c)
            ev.append(card_moved(c, "hand", "discard", seat=seat, revealed=True, drawn=True,
                                 card_id=self.owner_card[c]))
