"""Log lines about a combatant take the colour of the combatant's seat, not the seat that acted."""

from __future__ import annotations

from game.engine.levels import discover_levels
from game.engine.match import Match
from game.engine.rng import Rng


def test_event_lines_belong_to_the_seat_of_the_combatant_they_name() -> None:
    level = next(e.level for e in discover_levels("skirmish") if e.level is not None)
    m = Match.new("skirmish", level, ["Ana", "Bea"], 4)
    rng = Rng(9)
    crossed = checked = 0
    while m.to_act() is not None and len(m.history) < 400:
        m.apply(rng.choice(m.legal_actions()))
        entry = m.history[-1]
        lines = [ln for ln in m.log if ln.index == entry.index and ln.kind == "event"]
        worded = [ev for ev in entry.events if m.state.describe_event(ev, "en") is not None]
        assert len(lines) == len(worded)
        for ln, ev in zip(lines, worded):
            who = ev.data.get("who") if isinstance(ev.data, dict) else None
            if isinstance(who, str):
                assert ln.seat == m.state.c(who)["seat"], (ev.kind, ev.data)
                checked += 1
                crossed += ln.seat != entry.seat
            else:
                assert ln.seat in (None, 0, 1)
    assert checked and crossed, "the game had lines about the other seat's combatants"
