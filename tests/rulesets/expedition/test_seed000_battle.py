"""Seed 000 step 2.5 and RULES.md "Battle": a skirmish game hosted inside, wounds, rewards, knock-outs."""

from __future__ import annotations

import json

from game.engine.host import CHILD_STARTED
from game.engine.match import Match
from game.engine.rng import Rng
from game.engine.saves import replay
from game.rulesets.expedition.battle import battle_ended, hero_entry, set_up
from game.rulesets.expedition.kinds import Ev, Step
from tests.rulesets.expedition.helpers import act, new, place, scripted


def _in_help(heroes: int = 2, seed: int = 1):
    st = new(heroes=heroes, seed=seed)
    rng = scripted(st)
    act(st, "move", x=2, y=2)
    rng.choices = ["wolf", 2]
    act(st, "fight")
    st.rng = Rng(seed)  # the rest of the game draws normally
    return st


def _play_child_out(st, seed: int = 3) -> list:
    rng = Rng(seed)
    events = []
    while st.child is not None:
        assert st.to_act() in st.child.seats
        events += st.apply(rng.choice(st.legal_actions()))
    return events


def test_seed000_2_5_the_battle_is_a_skirmish_game_hosted_inside() -> None:
    st = _in_help(heroes=3)
    place(st, 1, 2, 3)
    act(st, "ask", hero=1)
    act(st, "accept")
    ev = act(st, "battle")
    assert any(e.kind == CHILD_STARTED for e in ev)
    c = st.child
    assert c is not None and c.ruleset == "skirmish"
    assert c.seats == (0, 1, 3)  # the hero in need, the helper, the Dark Lord (monsters)
    assert st.step == Step.BATTLE and st.battles == 1
    for seat in range(4):
        assert st.view(seat)["child"] is not None
    events = _play_child_out(st)
    assert st.child is None and st.step in (Step.SEARCH, Step.MOVE, Step.CONTACT)
    ended = [e for e in events if e.kind == Ev.BATTLE_ENDED]
    assert len(ended) == 1 and ended[0].data["monster"] == "wolf" and ended[0].data["helpers"] == [1]
    assert st.last_battle is not None and not st.invariants()


def test_seed000_2_5_stats_and_items_mapped_by_the_level() -> None:
    st = new()
    h = st.heroes[0]  # resistance 1, agility 1, vision 1, a knife
    entry = hero_entry(st, h, 0)
    assert entry["stats"]["str"] == 1 + 1 and entry["stats"]["def"] == 0 + 1 and entry["stats"]["per"] == 0 + 1
    assert entry["stats"]["hp"] == h.health * 2 and entry["stats"]["ap"] == 9
    assert entry["equipment"] == [{"item": "dagger", "parts": ["hand_l"]}]
    assert entry["base_actions"] is True


def _summary(st, hero_hp: int, hero_active: bool, monsters_down: int, lost: dict | None = None) -> dict:
    fighters = [{"id": "hero0", "side": "heroes", "active": hero_active, "hp_left": hero_hp, "lost": lost or {}}]
    for n in range(2):
        fighters.append({"id": f"wolf-{n + 1}", "side": "minions", "active": n >= monsters_down, "hp_left": 0})
    won = monsters_down == 2 and hero_active
    return {"fighters": fighters, "winning_side": "heroes" if won else "minions"}


def test_seed000_2_5_wounds_rewards_and_lost_items_come_back() -> None:
    st = _in_help()
    st.battle, _ = set_up(st)
    st.heroes[0].quests = ["hermit"]  # slay a wolf
    normal_before = len(st.decks["normal"])
    battle_ended(st, _summary(st, hero_hp=5, hero_active=True, monsters_down=2, lost={"hero0.1": "dagger"}), "x",
                 quick=True)
    h = st.heroes[0]
    assert h.health == 3                      # 5 HP left / 2 per health, rounded up
    assert "knife" not in h.items             # dropped and not picked up: lost
    assert h.gold == 21 + 2 * 7 + 9           # two wolves' gold and the hermit's quest
    assert len(st.decks["normal"]) == normal_before - 2 and len(h.items) == 2
    assert h.done == ["hermit"] and st.step == Step.SEARCH


def test_seed000_knocked_out_hero_to_nearest_town_one_health_loses_half_gold_rounded_up() -> None:
    st = _in_help()
    st.battle, _ = set_up(st)
    events = battle_ended(st, _summary(st, hero_hp=0, hero_active=False, monsters_down=0), "dark_lord_wins")
    h = st.heroes[0]
    assert (h.x, h.y) == (0, 0) and h.health == 1
    assert h.gold == 21 - 11
    ko = next(e for e in events if e.kind == Ev.KNOCKED_OUT)
    assert ko.data == {"seat": 0, "to": [0, 0], "gold_lost": 11}
    assert st.active == 1 and st.step == Step.MOVE  # the knocked-out hero's turn is over


def test_seed000_2_5_quick_auto_resolve_bots_play_both_sides() -> None:
    st = _in_help()
    twin = st.clone()
    ev = act(st, "quick")
    act(twin, "quick")
    assert st.child is None and st.quick_battles == 1 and st.battles == 0
    ended = next(e for e in ev if e.kind == Ev.BATTLE_ENDED)
    assert ended.data["quick"] is True and ended.data["reason"]
    assert st.digest() == twin.digest()  # deterministic from the forked RNG
    assert not st.invariants()


def test_seed000_2_5_a_battle_survives_save_load_and_replay_mid_battle() -> None:
    st = _in_help()
    m = Match.new("expedition", st.level, ["Ana", "Bo", "Dark"], 1)
    rng = Rng(2)
    for _ in range(400):
        if m.state.child is not None:
            break
        legal = m.legal_actions()
        battle = [a for a in legal if a.kind == "battle"]
        m.apply(battle[0] if battle else rng.choice([a for a in legal if a.kind != "end"] or legal))
    assert m.state.child is not None, "no battle started"
    for _ in range(3):
        m.apply(rng.choice(m.legal_actions()))
        if m.state.child is None:
            break
    data = json.loads(json.dumps(m.to_save()))
    again = Match.from_save(data)
    assert again.state.digest() == m.state.digest()
    assert again.legal_actions() == m.legal_actions()
    _state, digest, problems = replay(data)
    assert problems == [] and digest == m.state.digest()


def test_seed000_2_3_several_monsters_of_one_kind_are_told_apart_in_battle() -> None:
    """Two wolves fight as "<name> 1" and "<name> 2" (the player picks a target by its name); one is not numbered."""
    from game.engine.i18n import localize
    from game.rulesets.expedition.battle import monster_entry

    st = _in_help(heroes=1)
    act(st, "battle")
    fighters = st.child.state.view(None)["combatants"]
    wolves = [c for c in fighters if c["id"].startswith("wolf-")]
    names = [localize(c["name"], "en") for c in wolves]
    assert len(wolves) == 2 and len(set(names)) == 2, names
    assert [n.rsplit(" ", 1)[1] for n in names] == ["1", "2"]
    single = monster_entry(st, "wolf", 0, 1, count=1)["name"]
    assert localize(single, "en") == localize(st.model.monsters["wolf"].name, "en")
