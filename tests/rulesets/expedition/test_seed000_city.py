"""RULES.md "City": a market of 4 face-down items browsed secretly and bought openly, selling, healing, quests."""

from __future__ import annotations

import json

from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition.kinds import Ev, Step
from tests.rulesets.expedition.helpers import act, keys, new


def _in_city(**over):
    st = new(**over)
    act(st, "move", x=0, y=0)
    assert st.step == Step.CITY
    return st


def test_seed000_city_market_of_four_face_down_items_browsed_secretly_bought_openly() -> None:
    st = _in_city()
    deck = len(st.decks["normal"])
    ev = act(st, "browse")
    assert len(st.market) == 4 and len(st.decks["normal"]) == deck - 4
    browsed = next(e for e in ev if e.kind == Ev.BROWSED)
    assert browsed.private_to == 0 and browsed.random
    assert st.view(0)["market"] == st.market
    for seat in (1, 2, None):
        v = st.view(seat)
        assert v["market"] == ["?"] * 4
        assert sorted(v["decks"]["normal"]) == sorted(st.decks["normal"] + st.market)  # which 4: unknown
    rs = get_ruleset("expedition")
    dealt = {tuple(rs.determinize(st.view(1), 1, Rng(k)).market) for k in range(10)}
    assert len(dealt) > 1  # the other seats' bots sample the face-down cards
    assert "browse" not in keys(st)  # once a visit
    h = st.heroes[0]
    cheap = next(i for i, iid in enumerate(st.market) if st.model.items[iid].price <= h.gold)
    iid = st.market[cheap]
    gold = h.gold
    ev = act(st, "buy", slot=cheap)
    bought = next(e for e in ev if e.kind == Ev.BOUGHT)
    assert bought.private_to is None and bought.data["item"] == iid  # bought openly
    assert h.gold == gold - st.model.items[iid].price and iid in h.items
    assert iid in json.dumps(st.view(1)["heroes"][0]["items"])
    left = list(st.market)
    act(st, "leave")
    assert st.market == [] and all(st.decks["normal"].count(x) >= left.count(x) for x in left)
    assert len(st.decks["normal"]) == deck - 1


def test_seed000_city_sell_for_half_the_price() -> None:
    st = _in_city()
    h = st.heroes[0]
    act(st, "sell", slot=0)  # the knife: price 6
    assert h.items == [] and h.gold == 21 + 3 and "knife" in st.decks["normal"]


def test_seed000_city_heal_two_free_then_ten_gold_up_to_five_plus_resistance() -> None:
    st = _in_city()
    h = st.heroes[0]
    h.health = 1
    act(st, "heal")
    act(st, "heal")
    assert h.health == 3 and h.gold == 21
    act(st, "heal")
    assert h.health == 4 and h.gold == 11
    act(st, "heal")
    assert h.health == 5 and h.gold == 1
    assert "heal" not in keys(st)  # no gold left
    h.gold = 100
    act(st, "heal")
    assert h.health == 6 == 5 + 1 and "heal" not in keys(st)  # the limit: 5 + resistance


def test_seed000_city_up_to_three_npc_quest_cards() -> None:
    st = _in_city()
    assert {"quest npc=hermit", "quest npc=miller"} <= set(keys(st))
    act(st, "quest", npc="hermit")
    assert st.heroes[0].quests == ["hermit"] and "quest npc=hermit" not in keys(st)
    st.heroes[0].quests = ["hermit", "miller", "x"]
    assert not [k for k in keys(st) if k.startswith("quest")]


def test_seed000_city_replaces_steps_2_to_4() -> None:
    st = _in_city()
    act(st, "leave")
    assert st.step == Step.MOVE and st.moves_left == 1 and st.active == 0


def test_seed000_city_a_game_won_in_town_puts_the_browsed_market_back() -> None:
    st = _in_city(goal={"kind": "gold", "count": 30}, mode="competitive")
    deck = len(st.decks["normal"])
    act(st, "browse")
    st.heroes[0].gold = 28
    act(st, "sell", slot=0)  # the knife: +3 gold, 31: the race is won in town
    assert st.result() is not None and st.result().winners == (0,)
    assert st.market == [] and not st.invariants()
    assert len(st.decks["normal"]) == deck + 1  # the four browsed cards and the knife


def test_seed000_city_the_browsed_market_is_absent_from_the_other_seats_log() -> None:
    from game.engine.actions import Action
    from game.engine.match import Match
    from tests.rulesets.expedition.helpers import level

    m = Match.new("expedition", level(), ["Ana", "Bo", "Dark"], 3)
    m.apply(Action.of("move", x=0, y=0))
    m.apply(Action.of("browse"))
    names = [str(m.state.model.items[i].name) for i in m.state.market]
    mine = "\n".join(m.log_for(0))
    assert all(n in mine for n in names)
    for seat in (1, 2, None):
        theirs = "\n".join(m.log_for(seat))
        assert "market" in theirs and not any(n in theirs for n in names)
