"""The whole game: rounds, Village, Market, scoring, saves, views, words and invariants."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest

from game.engine import i18n
from game.engine.actions import Action
from game.engine.levels import get_level
from game.engine.protocol import IllegalAction, StateError
from game.engine.rng import Rng
from game.rulesets.dungeon.flow import winners_of

from .helpers import RULESET, act, card, make_level, new
from .helpers import v1_fixture as _v1

ONE = [". # # # # #", "# # # # # #", "# # # # # #"]


def _finish_round(st):
    """Every seat plays its dungeon of this round (first legal choices); the Market is left at once."""
    r = st.round
    while st.phase == "dungeon" and st.round == r:
        p = st.players[st.to_act()]
        if p.status == "map":
            act(st, "choose_map", side=0)
        elif p.status == "draw":
            act(st, "draw")
        elif p.status == "place":
            st.apply(st.legal_actions()[0])
        else:
            st.apply(st.legal_actions()[-1])
    while st.phase == "market":
        act(st, "done")


def test_rules_game_lasts_the_levels_rounds_then_ends():
    level = make_level([card(f"e{i}", ONE) for i in range(1, 5)], bags=[["sword_coin"]], rounds=3)
    st = new(level)
    rounds_seen = []
    while st.to_act() is not None:
        rounds_seen.append(st.round)
        _finish_round(st)
    assert sorted(set(rounds_seen)) == [1, 2, 3]
    assert st.phase == "over" and st.result() is not None


def test_rules_five_rounds_by_default():
    assert make_level().model.rounds == 5
    assert get_level("dungeon", "standard").model.rounds == 5


def test_rules_most_vp_wins_ties_broken_by_gold_then_shared():
    level = make_level(bags=[["sword_coin"], ["sword_coin"], ["sword_coin"]])
    st = new(level, seats=3)
    for p, (vp, gold) in zip(st.players, [(5, 1), (5, 3), (4, 9)]):
        p.vp, p.gold = vp, gold
    assert winners_of(st) == [1]
    st.players[0].gold = 3
    assert winners_of(st) == [0, 1]
    st.players[2].vp = 6
    assert winners_of(st) == [2]


def test_rules_solo_beats_the_levels_vp_target():
    level = make_level([card(f"e{i}", ONE) for i in range(1, 5)], bags=[["sword_coin"]], rounds=1, vp_target=3)
    st = new(level)
    _finish_round(st)
    res = st.result()
    assert res is not None and res.winners == () and res.reason == "target_missed"
    st2 = new(level)
    st2.players[0].vp = 3
    _finish_round(st2)
    assert st2.result().winners == (0,) and st2.result().reason == "target_reached"


def test_rules_village_heals_and_experience_raises_max_health():
    level = make_level([card(f"e{i}", ONE) for i in range(1, 5)], bags=[["sword_coin"]], village_heal=2,
                       xp_per_level=5)
    st = new(level)
    p = st.players[0]
    p.health = 4
    p.xp = 5
    _finish_round(st)
    assert p.max_health == 11 and p.health == 4 + 1 + 2


def test_rules_chips_return_to_the_bag_and_maps_to_their_piles_each_round():
    level = make_level(bags=[["sword_coin", "bow_coin", "coin_potion"]])
    st = new(level)
    before = sorted(st.players[0].bag)
    act(st, "choose_map", side=0)
    act(st, "draw")
    st.apply(st.legal_actions()[0])
    act(st, "draw")
    st.apply(st.legal_actions()[0])
    act(st, "draw")
    st.apply(st.legal_actions()[0])
    while st.phase == "market":
        act(st, "done")
    assert sorted(st.players[0].bag) == before
    assert st.round == 2 and len(st.entrance_pile) == 3  # the used map went back; a new one is drawn


def test_rules_market_tiers_unlock_by_round_prices_and_buys_go_to_the_bag():
    level = make_level([card(f"e{i}", ONE) for i in range(1, 5)], bags=[["sword_coin"]])
    st = new(level)
    st.players[0].gold = 20
    _finish_round_until_market(st)
    kinds = {a["chip"] for a in st.legal_actions() if a.kind == "buy"}
    assert kinds == {"sword_coin"}  # round 1: tier 1 only
    assert "sold from round 2" in st.explain_illegal(Action.of("buy", chip="gem_potion"))
    act(st, "buy", chip="sword_coin")
    p = st.players[0]
    assert p.gold == 20 - 2 and any(c.startswith("m.sword_coin") for c in p.bag)
    act(st, "buy", chip="sword_coin")
    assert st.round == 2  # two buys: the market is over for this seat
    _finish_round_until_market(st)
    kinds = {a["chip"] for a in st.legal_actions() if a.kind == "buy"}
    assert kinds == {"gem_potion"}  # sword_coin sold out; tier 2 now open; tier 3 not yet
    st.players[0].gold = 1
    assert "costs 4 gold" in st.explain_illegal(Action.of("buy", chip="gem_potion"))


def _finish_round_until_market(st):
    r = st.round
    while st.phase == "dungeon" and st.round == r:
        p = st.players[st.to_act()]
        if p.status == "map":
            act(st, "choose_map", side=0)
        elif p.status == "draw":
            act(st, "draw")
        else:
            st.apply(st.legal_actions()[0])


def test_rules_market_skipped_without_gold():
    level = make_level([card(f"e{i}", ONE) for i in range(1, 5)], bags=[["bow_potion"]])
    st = new(level)
    _finish_round_until_market(st)
    assert st.round == 2 and st.phase == "dungeon"  # nothing affordable: no market stop


# --- saves, views, hidden information ----------------------------------------------------------

def _play(st, n, seed=3):
    rng = Rng(seed)
    for _ in range(n):
        if st.to_act() is None:
            break
        st.apply(rng.choice(st.legal_actions()))


def test_json_round_trip_is_exact_and_clone_is_independent():
    st = new(get_level("dungeon", "standard"), seats=3, seed=5)
    _play(st, 120)
    data = st.to_json()
    again = RULESET.from_json(copy.deepcopy(data))
    assert again.to_json() == data
    assert again.legal_actions() == st.legal_actions()
    twin = st.clone()
    _play(twin, 30, seed=9)
    assert st.to_json() == data


@pytest.mark.parametrize("path,value,field", [
    (("version",), 99, "version"),
    (("players", 0, "health"), -3, "players[0].health"),
    (("players", 0, "status"), "flying", "players[0].status"),
    (("phase",), "lunch", "phase"),
    (("rng",), "nope", "rng"),
    (("players", 0, "chips"), "x", "players[0].chips"),
    (("market", "no_such_chip"), [], "market.no_such_chip"),
])
def test_from_json_names_the_bad_field(path, value, field):
    st = new(get_level("dungeon", "standard"), seats=2, seed=2)
    _play(st, 40)
    data = copy.deepcopy(st.to_json())
    target = data
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = value
    with pytest.raises(StateError, match=field.replace("[", r"\[").replace("]", r"\]")):
        RULESET.from_json(data)


def test_from_json_refuses_a_state_that_breaks_conservation():
    st = new(get_level("dungeon", "standard"), seats=2, seed=2)
    data = copy.deepcopy(st.to_json())
    data["players"][0]["bag"].pop()
    with pytest.raises(StateError, match="vanished"):
        RULESET.from_json(data)
    data = copy.deepcopy(st.to_json())
    data["entrance_pile"].append(data["entrance_pile"][0])
    with pytest.raises(StateError, match="map card"):
        RULESET.from_json(data)
    with pytest.raises(StateError):
        RULESET.from_json({"ruleset": "dungeon"})
    with pytest.raises(StateError):
        RULESET.from_json([])  # type: ignore[arg-type]


def test_view_hides_pile_order_and_rng_and_determinize_matches():
    st = new(get_level("dungeon", "standard"), seats=2, seed=4)
    _play(st, 25)
    seat = st.to_act()
    view = st.view(seat)
    assert view["rng"] is None
    assert set(view["entrance_pile"]) <= {"?"} and len(view["entrance_pile"]) == len(st.entrance_pile)
    assert st.is_hidden_information()
    samples = {tuple(RULESET.determinize(view, seat, Rng(k)).entrance_pile) for k in range(6)}
    assert len(samples) > 1  # the order is really sampled
    det = RULESET.determinize(view, seat, Rng(1))
    assert det.legal_actions() == st.legal_actions()
    assert sorted(det.entrance_pile) == sorted(st.entrance_pile)
    assert det.invariants() == []


def test_view_is_readable_for_the_table_view():
    st = new(get_level("dungeon", "tutorial"), seats=1, seed=4)
    act(st, "choose_map", side=0)
    view = st.view(0)
    d = view["display"][0]
    assert d["hero"] == "Wren" and d["status"] == i18n.t("dungeon.status.draw")
    assert [k for k in d if k.startswith("floor_")] == ["floor_1", "floor_2", "floor_3"]
    assert list(view)[:8] == ["ruleset", "version", "level", "seats", "rng", "round", "phase", "hint"]
    assert d["floor_1"].startswith(">")
    assert view["hint"] and "Draw a chip" in view["hint"]["en"]


# --- invariants -----------------------------------------------------------------------------------

def test_invariants_catch_broken_states():
    st = new(get_level("dungeon", "standard"), seats=2, seed=6)
    _play(st, 15)
    assert st.invariants() == []
    p = st.players[st.to_act()]
    p.health = p.max_health + 1
    assert any("health" in m for m in st.invariants())
    p.health = 1
    p.bag.append(p.bag[0])
    assert any("both in" in m for m in st.invariants())


# --- words ------------------------------------------------------------------------------------------

def test_describe_in_three_languages():
    st = new(get_level("dungeon", "tutorial"), seats=1, seed=1)
    st.seat_names[0] = "Ana"
    a = st.legal_actions()[0]
    texts = {lang: st.describe(a, lang) for lang in ("en", "es", "it")}
    assert len(set(texts.values())) == 3 and all("Ana" in t for t in texts.values())
    act(st, "choose_map", side=0)
    ev = act(st, "draw")
    line = st.describe_event(ev[0], "es")
    assert line and "saca una ficha" in line


def test_illegal_actions_are_explained():
    st = new(get_level("dungeon", "tutorial"), seats=1, seed=1)
    with pytest.raises(IllegalAction, match="choose a side"):
        act(st, "draw")
    with pytest.raises(IllegalAction, match="not a dungeon action"):
        act(st, "fly")
    assert "shift -1, 0 or 1" not in st.explain_illegal(Action.of("choose_map", side=0))


def test_every_string_has_english_spanish_and_italian():
    import game.rulesets.dungeon.words  # noqa: F401 - loads the catalogue

    keys = {k: v for k, v in i18n.catalog_keys().items() if k.startswith("dungeon.")}
    assert len(keys) > 60
    for k, v in keys.items():
        assert all(v.get(lang) for lang in ("en", "es", "it")), k


def test_rules_reference_has_sections_in_three_languages():
    path = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "dungeon" / "reference.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    sections = data["section"]
    assert len(sections) >= 6
    for s in sections:
        for part in ("title", "body"):
            assert all(s[part].get(lang) for lang in ("en", "es", "it"))


def test_seat_range_and_roles_come_from_the_level():
    tut = get_level("dungeon", "tutorial")
    assert RULESET.seat_range(tut) == (1, 2)
    assert RULESET.seat_roles(tut, 2) == ["wren", "brannoc"]
    assert RULESET.seat_range(get_level("dungeon", "standard")) == (1, 4)
    with pytest.raises(ValueError, match="seats"):
        RULESET.new_game(tut, ["a", "b", "c"], 1)


def test_from_json_revalidates_a_level_edited_in_place():
    st = new(get_level("dungeon", "standard"), seats=2, seed=2)
    data = copy.deepcopy(st.to_json())
    RULESET.from_json(data)
    data["level"]["rounds"] = "many"  # a reference with a stray key is not a reference
    with pytest.raises(StateError, match="level"):
        RULESET.from_json(data)
    old = _v1()["state"]  # a version-1 state embeds its level: edited in place, it is validated again
    RULESET.from_json(old)
    old["level"]["rounds"] = "many"
    with pytest.raises(StateError, match="rounds"):
        RULESET.from_json(old)


def test_rules_a_win_on_the_gold_tie_break_says_so():
    level = make_level([card(f"e{i}", ONE) for i in range(1, 5)], bags=[["sword_coin"], ["sword_coin"]], rounds=1)
    st = new(level, seats=2)
    _finish_round(st)
    assert st.phase == "over"
    st.players[0].vp, st.players[1].vp = 7, 7
    st.players[0].gold, st.players[1].gold = 14, 1
    st.winners = winners_of(st)
    res = st.result()
    assert res is not None and res.winners == (0,) and res.reason == "more_gold"
    st.players[1].vp = 6
    st.winners = winners_of(st)
    assert st.result().reason == "most_vp"
    assert "gold" in i18n.t("dungeon.result.more_gold", "en") and "oro" in i18n.t("dungeon.result.more_gold", "es")
