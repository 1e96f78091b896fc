"""Set-up: decks chosen, heroes in play, starting threat, encounter deck and staging, 6-card hands, one mulligan.

RULES.md: starting threat = the heroes' threat costs; a 6-card hand with one mulligan (the hand goes
back, the deck is shuffled and 6 new cards are drawn; that hand must be kept).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import Event
from game.rulesets.quest.cards import deck_of
from game.rulesets.quest.parts import P_SETUP, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


def allowed_decks(st: QuestState) -> list[str]:
    """The deck ids a seat may choose, in level order."""
    allowed = st.model.allowed_decks
    return [d.id for d in st.model.decks if not allowed or d.id in allowed]


def begin(st: QuestState, ev: list[Event]) -> None:
    """Fixed and only-choice decks are taken; the others are chosen seat by seat (step DECK)."""
    options = allowed_decks(st)
    for s, p in enumerate(st.players):
        if s < len(st.model.seat_decks):
            p.deck_id = st.model.seat_decks[s]
        elif len(options) == 1:
            p.deck_id = options[0]
    st.phase = P_SETUP
    st.order_left = [s for s, p in enumerate(st.players) if not p.deck_id]
    if st.order_left:
        st.step = Step.DECK
    else:
        deal(st, ev)


def choose_deck(st: QuestState, seat: int, deck_id: str, ev: list[Event]) -> None:
    """A seat takes a deck; when every seat has one, the table is dealt."""
    st.players[seat].deck_id = deck_id
    st.order_left.remove(seat)
    ev.append(Event("DeckChosen", {"seat": seat, "deck": deck_id}))
    if not st.order_left:
        deal(st, ev)


def deal(st: QuestState, ev: list[Event]) -> None:
    """Heroes in play, threat, shuffled decks, 6 cards each; encounter deck, set-up cards, first stage."""
    st.refresh_ids()
    for s, p in enumerate(st.players):
        deck = deck_of(st.level, p.deck_id)
        p.heroes = [f"{s}.h{i}" for i in range(len(deck.heroes))]
        for h in p.heroes:
            st.enter_play(h)
        p.threat = sum(st.defn(h).threat for h in p.heroes) + st.model.start_threat_bonus
        p.deck = sorted(c for c in st.cid if c.startswith(f"{s}.") and ".h" not in c)
        st.rng.shuffle(p.deck)
        ev.append(Event("DeckShuffled", {"seat": s}, random=True))
        st.draw(s, st.model.opening_hand, ev)
    enc = st.encounter
    enc.deck = sorted(c for c in st.cid if c.startswith("e."))
    st.rng.shuffle(enc.deck)
    ev.append(Event("EncounterShuffled", {}, random=True))
    for c in sorted((c for c in st.cid if c.startswith("s.")), key=lambda c: int(c[2:])):
        enc.staging.append(c)
        st.enter_play(c)
    st.step = Step.MULLIGAN
    st.order_left = st.turn_order()
    st.begin_stage(ev)


def keep(st: QuestState, seat: int, ev: list[Event]) -> None:
    """The seat keeps its hand."""
    st.players[seat].kept = True
    st.order_left.remove(seat)
    ev.append(Event("HandKept", {"seat": seat}))


def mulligan(st: QuestState, seat: int, ev: list[Event]) -> None:
    """The seat's one mulligan: hand back, shuffle, 6 new cards (kept)."""
    p = st.players[seat]
    p.deck.extend(p.hand)
    p.hand = []
    st.rng.shuffle(p.deck)
    p.mulliganed = True
    p.kept = True
    ev.append(Event("Mulligan", {"seat": seat}, random=True))
    st.draw(seat, st.model.opening_hand, ev)
    st.order_left.remove(seat)
