"""The typed sanctuary view records (game/rulesets/sanctuary/views.py) read back what ``view(seat)`` shows."""

from __future__ import annotations

import json

from game.rulesets.sanctuary.state import Combat, Duel
from game.rulesets.sanctuary.views import HIDDEN, SanctuaryView
from tests.rulesets.sanctuary.helpers import at, fetch, started


def _table() -> object:
    st = at(started(), "combat", "block", active=0)
    knight = fetch(st, 0, "knight", "chars", entered=1)
    squire = fetch(st, 1, "squire", "chars", entered=1)
    blade = fetch(st, 0, "blade", "techs", carrier=knight)
    shrine = fetch(st, 1, "shrine", "attachments")
    st.perm[squire].tapped = True
    st.perm[knight].damage = 1
    st.combat = Combat(attackers=[knight], blocks={knight: squire})
    st.duel = Duel(challenger=knight, target=squire)
    return st, knight, squire, blade, shrine


def test_records_follow_the_view_dict() -> None:
    st, knight, squire, blade, shrine = _table()
    v = SanctuaryView.from_view(json.loads(json.dumps(st.view(0))))  # only what a seat is sent
    assert (v.viewer, v.turn, v.phase, v.step, v.active) == (0, st.turn, "combat", "block", 0)
    me, opp = v.side(0), v.side(1)
    assert me.hand == tuple(st.players[0].hand) and not me.hand_hidden
    assert opp.hand_hidden and opp.hand_count == len(st.players[1].hand) and set(opp.hand) == {HIDDEN}
    assert me.deck_count == len(st.players[0].deck) and opp.discard == tuple(st.players[1].discard)
    assert (me.structure, me.will, me.sanctuary) == (st.players[0].structure, st.players[0].will, "0.S")
    k = v.character(knight)
    assert k is not None and k.strength == st.strength(knight) and k.damage == 1 and not k.tapped
    assert [t.iid for t in k.technologies] == [blade] and k.technologies[0].durability == st.card(blade).durability
    assert v.character(squire).tapped and opp.char_ids == (squire,)
    assert [a.iid for a in opp.attachments] == [shrine]
    assert v.combat.attackers == (knight,) and v.combat.blocker_of(knight) == squire and v.blockers == {squire}
    assert v.duel is not None and v.duelists == {knight, squire}
    assert v.cards[knight] == "knight" and v.perm(knight).damage == 1 and v.perm("nope") is None


def test_stack_and_priority() -> None:
    st = at(started(), "harvest", active=0)
    st.stack.items.append({"card": "0.00", "seat": 0, "target": None})
    st.stack.items.append({"card": "1.00", "seat": 1, "target": "0.00"})
    v = SanctuaryView.from_view(st.view(1))
    assert [(s.card, s.seat, s.target) for s in v.stack] == [("0.00", 0, None), ("1.00", 1, "0.00")]
    assert v.priority == st.stack.holder and v.viewer == 1 and v.side(0).hand_hidden


def test_malformed_view_gives_empty_records() -> None:
    v = SanctuaryView.from_view({"players": "x", "perm": 3, "stack": [1, {"card": 2}], "combat": [], "turn": "a"})
    assert v.turn == 0 and v.stack == () and v.duel is None and v.combat.attackers == ()
    assert v.side(0).hand == () and v.side(1).characters == () and v.viewer is None
    assert SanctuaryView.from_view(None).sides[0].deck_count == 0
