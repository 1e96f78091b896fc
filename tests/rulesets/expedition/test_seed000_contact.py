"""Seed 000 step 4: an NPC's secret message; items and messages (true or false) traded between heroes."""

from __future__ import annotations

import json

from game.engine.actions import Action
from game.engine.match import Match
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition.kinds import Ev, Step
from tests.rulesets.expedition.helpers import act, keys, level, new, place, scripted

SECRET_GOAL = {"goal": {"kind": "reach", "sites": ["tower", "mill"]}}


def _to_contact(st) -> None:
    """Hero 0 stays at (1, 1) (meadow), escapes, fails the search: step 4 with the hermit and hero 1 adjacent."""
    rng = scripted(st)
    act(st, "stay")
    rng.ints = [6, 6, 6, 6]
    act(st, "escape")
    rng.ints = [1, 1, 1, 1]
    act(st, "search")
    st.rng = Rng(5)
    assert st.step == Step.CONTACT


def test_seed000_4_contact_only_with_an_adjacent_npc_or_hero() -> None:
    st = new(heroes=3)
    place(st, 2, 6, 0)
    _to_contact(st)
    assert keys(st) == ["talk npc=hermit", "trade hero=1", "done"]
    st = new(heroes=2)
    place(st, 1, 6, 0)
    place(st, 0, 0, 3)
    act(st, "move", x=0, y=4)   # a road, nobody next to it: step 4 passes by itself
    scripted(st).ints = [1, 1, 1, 1]
    act(st, "search")
    assert st.step == Step.MOVE and st.moves_left == 1


def test_seed000_4_1_secret_message_absent_from_other_views_logs_and_determinization() -> None:
    lv = level(**SECRET_GOAL)
    m = Match.new("expedition", lv, ["Ana", "Bo", "Dark"], 11)
    st = m.state
    truth = st.goal_site
    assert truth in ("tower", "mill")
    for seat in (0, 1, 2, None):
        assert st.view(seat)["goal_site"] is None  # drawn secretly
    _to_contact(st)
    ev = m.apply(Action.of("talk", npc="hermit"))
    told = next(e for e in ev if e.kind == Ev.TOLD)
    assert told.private_to == 0 and told.data["site"] == truth
    assert [(k.npc, k.site, k.teller) for k in st.heroes[0].known] == [("hermit", truth, None)]
    site_name = st.model.site(truth).name
    assert st.view(0)["heroes"][0]["known"] == [{"npc": "hermit", "site": truth, "teller": None}]
    for seat in (1, 2, None):
        v = st.view(seat)
        assert v["heroes"][0]["known"] == [] and v["known_counts"][0] == 1
        assert '"site": "%s", "teller"' % truth not in json.dumps(v)
    mine = "\n".join(m.log_for(0))
    assert f"Seek {site_name}." in mine
    for seat in (1, 2, None):
        assert "Seek " not in "\n".join(m.log_for(seat))
    rs = get_ruleset("expedition")
    guesses = {rs.determinize(st.view(1), 1, Rng(k)).goal_site for k in range(24)}
    assert guesses == {"tower", "mill"}   # the other seat's bot does not learn it
    assert {rs.determinize(st.view(0), 0, Rng(k)).goal_site for k in range(8)} == {truth}
    for k in range(4):
        d = rs.determinize(st.view(1), 1, Rng(k))
        assert len(d.heroes[0].known) == 1 and not d.invariants()


def _trading(st, theirs: list[str]):
    st.heroes[1].items = list(theirs)
    _to_contact(st)
    act(st, "trade", hero=1)
    assert st.step == Step.OFFER


def test_seed000_4_2_trade_items_both_ways_and_information_true_or_false() -> None:
    st = new()
    _trading(st, ["glass"])
    act(st, "give", slot=0)       # my knife
    act(st, "take", slot=0)       # their glass
    assert "tell info=0" in keys(st)  # hero 0 knows nothing: index 0 is the level's first rumour (a lie)
    act(st, "tell", info=0)
    act(st, "send")
    assert st.to_act() == 1 and set(keys(st)) == {"accept", "refuse"}  # the other seat decides
    offer = st.view(1)["offer"]
    assert offer["info"] == 0 and "mill" not in json.dumps(offer)
    ev = act(st, "accept")
    assert st.heroes[0].items == ["glass"] and st.heroes[1].items == ["knife"]
    info = next(e for e in ev if e.kind == Ev.INFO)
    assert info.private_to == 1 and info.data["site"] == "mill"
    lie = st.view(1)["heroes"][1]["known"]
    assert lie == [{"npc": "hermit", "site": "mill", "teller": 0}]
    assert st.to_act() == 0 and "trade hero=1" not in keys(st)

    st = new()
    _to_contact(st)
    act(st, "talk", npc="hermit")  # a true message about the goal (the tower)
    act(st, "trade", hero=1)
    act(st, "tell", info=0)        # passed on truthfully
    act(st, "send")
    act(st, "accept")
    truth = st.view(1)["heroes"][1]["known"]
    assert truth == [{"npc": "hermit", "site": "tower", "teller": 0}]
    assert set(truth[0]) == set(lie[0])  # the receiver's record never says which one is true


def test_seed000_4_2_a_refused_offer_changes_nothing() -> None:
    st = new()
    _trading(st, ["glass"])
    act(st, "give", slot=0)
    act(st, "take", slot=0)
    act(st, "send")
    act(st, "refuse")
    assert st.heroes[0].items == ["knife"] and st.heroes[1].items == ["glass"]
    assert st.heroes[1].known == [] and st.step == Step.CONTACT and st.to_act() == 0


def test_seed000_4_2_toggling_and_cancelling_an_offer() -> None:
    st = new()
    _trading(st, ["glass"])
    assert "send" not in keys(st)  # an empty offer cannot be sent
    act(st, "give", slot=0)
    act(st, "give", slot=0)
    assert st.offer is not None and st.offer.give == []
    act(st, "cancel")
    assert st.offer is None and st.step == Step.CONTACT
