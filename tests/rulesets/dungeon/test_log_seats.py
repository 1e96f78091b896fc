"""Log lines about a hero take the colour of that hero's seat (the market, the village, a knock-out),
even when another seat's action set them off."""

from __future__ import annotations

from game.engine.levels import get_level
from game.engine.match import Match
from game.engine.rng import Rng


def test_event_lines_belong_to_the_seat_the_event_names() -> None:
    m = Match.new("dungeon", get_level("dungeon", "standard"), ["Ana", "Bea"], 6)
    rng = Rng(2)
    crossed = checked = 0
    while m.to_act() is not None and len(m.history) < 600:
        m.apply(rng.choice(m.legal_actions()))
        entry = m.history[-1]
        lines = [ln for ln in m.log if ln.index == entry.index and ln.kind == "event"]
        worded = [ev for ev in entry.events if m.state.describe_event(ev, "en") is not None
                  or (ev.private_to is not None and m.state.describe_event(ev.public(), "en") is not None)]
        assert len(lines) == len(worded)
        for ln, ev in zip(lines, worded):
            seat = ev.data.get("seat") if isinstance(ev.data, dict) else None
            if isinstance(seat, int):
                assert ln.seat == seat, (ev.kind, ev.data)
                checked += 1
                crossed += seat != entry.seat
    assert checked and crossed, "the game had lines about the other seat set off by an action"


def test_a_chosen_stop_is_logged_once() -> None:
    """Choosing to stop wrote "<who> stops on floor 2" twice (the action's line and the Stopped event's)."""
    m = Match.new("dungeon", get_level("dungeon", "tutorial"), ["Ana", "Bea"], 3)
    rng = Rng(5)
    stops = 0
    while m.to_act() is not None and len(m.history) < 600:
        legal = m.legal_actions()
        stop = [a for a in legal if a.kind == "stop"]
        m.apply(stop[0] if stop and rng.random() < 0.5 else rng.choice(legal))
        entry = m.history[-1]
        if entry.action.kind != "stop":
            continue
        stops += 1
        texts = [ln.text_for(None, "en") for ln in m.log if ln.index == entry.index and ln.text_for(None, "en")]
        assert sum("stops on floor" in x for x in texts) == 1, texts
    assert stops, "the game had a chosen stop"


def test_damage_lines_agree_with_their_number_in_every_language() -> None:
    """Seen in dungeon logs (it): "Melma acida attacca Bot 1: 1 danni (1 parati)" and a trap line "1 danni";
    a feminine chest was "non è del tutto aperto". Each line now agrees with its number, or needs no agreement."""
    from game.engine.events import Event

    st = Match.new("dungeon", get_level("dungeon", "standard"), ["Ana", "Bea"], 6).state
    one = st.describe_event(Event("MonsterAttacked", {"seat": 0, "monster": "slime", "damage": 1, "blocked": 1}), "it")
    two = st.describe_event(Event("MonsterAttacked", {"seat": 0, "monster": "slime", "damage": 2, "blocked": 0}), "it")
    assert one is not None and two is not None
    assert "1 danno" in one and "danni" not in one and "parati" not in one, one
    assert "2 danni" in two, two
    hurt = st.describe_event(Event("HeroHurt", {"seat": 0, "token": "firepot", "damage": 1}), "it")
    trap = st.describe_event(Event("TrapSprung", {"seat": 0, "trap": "spikes", "damage": 1}), "it")
    assert hurt is not None and "1 danno" in hurt, hurt
    assert trap is not None and "1 danno" in trap, trap
    for lang, gendered in (("it", ("aperto", "aperta")), ("es", ("abierto", "abierta"))):
        line = st.describe_event(Event("ChestTrapped", {"seat": 0, "chest": "strongbox", "damage": 2}), lang)
        assert line and not any(w in line for w in gendered), line
