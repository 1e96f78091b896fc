"""Seed 002 clauses 3 (quest: commit, staging, resolution) and 4 (travel)."""

from __future__ import annotations

from game.engine.events import Event
from game.rulesets.quest.parts import Step
from game.rulesets.quest.phases import questing
from tests.rulesets.quest.helpers import act, done_until, game, instance, take_out, to_staging, to_top


def _clear_staging(st) -> None:
    for c in list(st.encounter.staging):
        take_out(st, c)
        st.encounter.discard.append(c)


def test_seed002_3a_3a1_committed_characters_exhaust() -> None:
    st = game(1)
    done_until(st, "commit")
    maelis = instance(st, "maelis_lanternkeeper", "0.")
    act(st, "commit", card=maelis)
    assert st.table[maelis].committed and st.table[maelis].exhausted
    assert all(a.get("card") != maelis for a in st.legal_actions())  # an exhausted character cannot commit again


def test_seed002_3b_one_encounter_card_per_player() -> None:
    for n in (1, 2, 3):
        st = game(n)
        _clear_staging(st)
        for _ in range(n):
            to_top(st, "misty_ford")  # no surge, no effect
        ev: list[Event] = []
        questing.auto_staging(st, ev)
        assert sum(1 for e in ev if e.kind == "Revealed") == n
        assert len(st.encounter.staging) == n


def test_seed002_3b1_when_revealed_effects_resolve_at_once() -> None:
    st = game(2)
    to_top(st, "chill_wind")  # when revealed: each player raises threat by 1
    threats = [p.threat for p in st.players]
    ev: list[Event] = []
    questing.reveal(st, ev)
    assert [p.threat for p in st.players] == [t + 1 for t in threats]


def test_seed002_3b2_surge_reveals_another_card() -> None:
    st = game(1)
    _clear_staging(st)
    to_top(st, "misty_ford")
    lurker = to_top(st, "fen_lurker")  # surge; the ford is under it
    ev: list[Event] = []
    questing.reveal(st, ev)
    revealed = [st.cid[e.data["card"]] for e in ev if e.kind == "Revealed"]
    assert revealed == ["fen_lurker", "misty_ford"]
    assert lurker in st.encounter.staging and len(st.encounter.staging) == 2


def test_seed002_3b3_treachery_resolved_then_discarded() -> None:
    st = game(1)
    rocks = to_top(st, "falling_rocks")  # 1 damage to a random character
    ev: list[Event] = []
    questing.reveal(st, ev)
    assert rocks in st.encounter.discard and rocks not in st.encounter.staging
    assert sum(st.table[c].damage for c in st.characters(0)) == 1
    kinds = [e.kind for e in ev]
    assert kinds.index("Damaged") < kinds.index("TreacheryDiscarded")


def test_seed002_3b4_empty_encounter_deck_is_reshuffled_from_its_discard() -> None:
    st = game(1)
    enc = st.encounter
    enc.discard += enc.deck
    enc.deck = []
    n = len(enc.discard)
    ev: list[Event] = []
    questing.reveal(st, ev)
    assert any(e.kind == "EncounterReshuffled" and e.random for e in ev)
    revealed = [e.data["card"] for e in ev if e.kind == "Revealed"]
    assert len(enc.deck) == n - len(revealed)  # the whole discard became the deck
    assert set(enc.discard) <= set(revealed)  # only treacheries just resolved are in the discard again


def _resolve(st, will: int, threat: int) -> list[Event]:
    """Commit characters with exactly ``will`` willpower against ``threat`` in the staging area."""
    _clear_staging(st)
    for c in st.characters(0):
        st.table[c].committed = False
    left = will
    for c in sorted(st.characters(0), key=lambda c: -st.stat(c, "willpower")):
        w = st.stat(c, "willpower")
        if 0 < w <= left:
            st.table[c].committed = True
            left -= w
    assert left == 0, "pick another willpower"
    while threat > 0:
        card = "misty_ford" if threat >= 2 else "bog_crawler"
        threat -= st.defn(to_staging(st, card)).threat
    assert threat == 0
    ev: list[Event] = []
    st.step = Step.RESOLVE
    questing.auto_resolve(st, ev)
    return ev


def test_seed002_3d1_committed_willpower_against_the_staging_threat() -> None:
    st = game(1)
    ev = _resolve(st, 4, 3)
    resolved = next(e for e in ev if e.kind == "QuestResolved")
    assert resolved.data == {"willpower": 4, "threat": 3}
    assert not any(st.table[c].committed for c in st.characters(0))


def test_seed002_3d2_more_willpower_puts_the_difference_as_progress() -> None:
    st = game(1)
    _resolve(st, 5, 2)
    assert st.encounter.progress == 3


def test_seed002_3d3_more_threat_raises_each_players_threat_by_the_difference() -> None:
    st = game(2)
    threats = [p.threat for p in st.players]
    _resolve(st, 1, 4)
    assert [p.threat for p in st.players] == [t + 3 for t in threats]
    assert st.encounter.progress == 0


def test_seed002_3d4_equal_willpower_and_threat_change_nothing() -> None:
    st = game(1)
    threat = st.players[0].threat
    _resolve(st, 3, 3)
    assert st.players[0].threat == threat and st.encounter.progress == 0


def test_seed002_4a_travel_only_without_an_active_location() -> None:
    st = game(2)
    _clear_staging(st)
    ford, road = to_staging(st, "misty_ford"), to_staging(st, "sunken_road")
    st.step = Step.TRAVEL
    st.order_left = [0, 1]
    assert {a.get("card") for a in st.legal_actions()} == {ford, road, None}
    act(st, "travel", card=ford)
    assert st.encounter.active == ford
    assert questing.travel_options(st) == []  # seat 1 may not travel now: it is skipped
    assert st.step is not Step.TRAVEL


def test_seed002_4a1_the_active_location_no_longer_adds_its_threat() -> None:
    st = game(1)
    _clear_staging(st)
    ford, road = to_staging(st, "misty_ford"), to_staging(st, "sunken_road")
    assert st.staging_threat() == 2 + 3
    questing.travel(st, 0, ford, [])
    assert st.staging_threat() == 3 and ford not in st.encounter.staging and road in st.encounter.staging


def test_seed002_4a2_progress_goes_on_the_active_location_first() -> None:
    st = game(1)
    _clear_staging(st)
    ford = to_staging(st, "misty_ford")  # 3 quest points
    questing.travel(st, 0, ford, [])
    ev: list[Event] = []
    st.add_progress(2, ev)
    assert st.table[ford].progress == 2 and st.encounter.progress == 0
    st.add_progress(4, ev)  # 1 explores the ford, 3 go on the quest
    assert st.encounter.active is None and ford in st.encounter.discard
    assert st.encounter.progress == 3
    assert any(e.kind == "LocationExplored" for e in ev)


def test_seed002_3b2_the_surged_card_is_resolved_too() -> None:
    st = game(1)
    to_top(st, "chill_wind")  # when revealed: threat +1
    to_top(st, "fen_lurker")  # surge
    threat = st.players[0].threat
    questing.reveal(st, [])
    assert st.players[0].threat == threat + 1
