"""Helpers for sanctuary tests: a small inline test level and ways to set up exact situations."""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.levels import Level
from game.engine.registry import get_ruleset
from game.rulesets.sanctuary.state import Combat, Perm, Phase, SanctuaryState, Step

RS = get_ruleset("sanctuary")


def dmg(amount: int, to: str = "target") -> dict[str, Any]:
    """A damage effect."""
    return {"effect": "damage", "to": to, "amount": amount}


CARDS: dict[str, Any] = {
    "temple": {"name": "Temple", "type": "sanctuary", "structure": 20, "will": 2, "attachment_limit": 2},
    "squire": {"name": "Squire", "type": "character", "cost": 1, "strength": 2},
    "knight": {"name": "Knight", "type": "character", "cost": 3, "strength": 4},
    "giant": {"name": "Giant", "type": "character", "cost": 5, "strength": 6},
    "drummer": {"name": "Drummer", "type": "character", "cost": 2, "strength": 1,
                "on_turn_start": [{"effect": "fortify", "amount": 1}]},
    "archer": {"name": "Archer", "type": "character", "cost": 2, "strength": 1,
               "abilities": [{"name": "Shoot", "cost": 1, "tap": True, "target": "enemy_character",
                              "effects": [dmg(1)]}]},
    "shrine": {"name": "Shrine", "type": "attachment", "cost": 1, "will": 1, "structure": 3},
    "blade": {"name": "Blade", "type": "technology", "cost": 1, "strength": 2, "durability": 2},
    "bolt": {"name": "Bolt", "type": "manipulation", "cost": 1, "target": "enemy_character", "effects": [dmg(2)]},
    "rally": {"name": "Rally", "type": "manipulation", "cost": 0, "target": "own_character",
              "effects": [{"effect": "strengthen", "to": "target", "amount": 2}]},
    "zap": {"name": "Zap", "type": "manipulation", "cost": 0, "effects": [dmg(1, "opponent_sanctuary")]},
}
DECK = {c: 4 for c in CARDS if c != "temple"}


def level_data(**over: Any) -> dict[str, Any]:
    """Return inline level data for the test pool (40 cards: 4 copies of 10 cards)."""
    data: dict[str, Any] = {
        "format": 1, "ruleset": "sanctuary", "id": "test", "title": "Test", "max_copies": 4,
        "first_player": "first", "cards": CARDS,
        "decks": {"d": {"name": "Deck", "sanctuary": "temple", "cards": DECK}},
        "players": [{"deck": "d"}, {"deck": "d"}],
    }
    data.update(over)
    return data


def level(**over: Any) -> Level:
    """Return the test level."""
    return Level.from_data(level_data(**over))


def new(seed: int = 1, **over: Any) -> SanctuaryState:
    """Return a fresh game on the test level, still in the set-up (mulligans pending)."""
    return RS.new_game(level(**over), ["Ana", "Bo"], seed)


def fetch(st: SanctuaryState, seat: int, cid: str, zone: str = "hand", *, entered: int = 0,
          carrier: str | None = None) -> str:
    """Move a copy of card ``cid`` from the seat's deck (or hand/discard) into ``zone`` and return it."""
    pl = st.players[seat]
    for src in ("deck", "discard", "hand"):
        for c in getattr(pl, src):
            if st.owner_card[c] == cid and not (src == zone):
                getattr(pl, src).remove(c)
                getattr(pl, zone).append(c)
                if zone in ("chars", "attachments", "techs"):
                    st.perm[c] = Perm(entered=entered, carrier=carrier,
                                      durability=st.card(c).durability if zone == "techs" else None)
                return c
    raise AssertionError(f"no spare {cid} for seat {seat}")


def clear_hands(st: SanctuaryState, anchor: bool = True) -> None:
    """Put every hand card back in its deck (scenarios then give exact cards).

    With ``anchor`` each player keeps one free Manipulation ("zap", cost 0), so a player always has
    something to play and nobody passes automatically while a test looks at a step.
    """
    for pl in st.players:
        pl.deck.extend(pl.hand)
        pl.hand.clear()
    if anchor:
        for seat in (0, 1):
            fetch(st, seat, "zap")


def in_hand(st: SanctuaryState, seat: int, cid: str) -> str:
    """Return the first copy of a card in a hand (legal actions offer the first copy of each card)."""
    return next(c for c in st.players[seat].hand if st.owner_card[c] == cid)


def pass_phase(st: SanctuaryState) -> None:
    """Both players pass until the current phase (and its stack) is over."""
    phase, turn = st.phase, st.turn
    while st.phase == phase and st.turn == turn and st.to_act() is not None and st.step == "priority":
        st.apply(Action.of("pass"))


def at(st: SanctuaryState, phase: str, step: str = "priority", active: int = 0, turn: int = 3) -> SanctuaryState:
    """Put the game at a phase/step of a later turn (priority to the active player)."""
    for pl in st.players:
        pl.kept = True
    st.phase, st.step, st.active, st.turn = Phase(phase), Step(step), active, turn
    st.stack.open_window(active)
    if phase == "combat" and st.combat is None:
        st.combat = Combat()
    return st


def started(seed: int = 1, **over: Any) -> SanctuaryState:
    """Return a game past the mulligans (both keep), in the first player's first turn or later."""
    st = new(seed, **over)
    st.apply(Action.of("keep"))
    st.apply(Action.of("keep"))
    return st


def act(st: SanctuaryState, kind: str, **kw: Any) -> list:
    """Apply an action built from keywords."""
    return st.apply(Action.of(kind, **kw))
