"""Seed 000 exploration steps 1-3 and 5: moves, monsters (escape, dice, help, battle), search."""

from __future__ import annotations

from game.rulesets.expedition.explore import reachable
from game.rulesets.expedition.kinds import Ev, Step
from tests.rulesets.expedition.helpers import act, keys, new, place, scripted


def _finish_move(st, rng=None) -> None:
    """From step 3 on: search (failing) and leave contact, so step 5 runs."""
    if st.step == Step.SEARCH:
        if rng is not None:
            rng.ints[:0] = [1] * 8
        act(st, "search")
    if st.step == Step.CONTACT:
        act(st, "done")


def test_seed000_1_two_hero_moves_of_three_plus_resistance_squares() -> None:
    st = new()
    h = st.hero
    assert st.moves_left == 2
    cost = reachable(st, h)
    assert max(cost.values()) == 3 + 1  # resistance 1
    moves = {(a["x"], a["y"]) for a in st.legal_actions() if a.kind == "move"}
    assert (5, 1) in moves and (1, 5) in moves          # 4 steps away
    assert (6, 1) not in moves and (1, 6) not in moves  # 5 steps away / off the map
    assert (3, 2) not in moves                          # deep water
    assert {"stay", "end"} <= set(keys(st))


def test_seed000_1_a_hero_may_stop_early_or_stay() -> None:
    st = new()
    act(st, "move", x=0, y=1)  # one square of four, onto a road
    assert (st.hero.x, st.hero.y) == (0, 1) and st.moves_left == 1
    assert st.step == Step.SEARCH
    rng = scripted(st)
    _finish_move(st, rng)
    assert st.step == Step.MOVE and st.active == 0
    act(st, "stay")
    assert (st.hero.x, st.hero.y) == (0, 1) and st.moves_left == 0
    assert st.step == Step.SEARCH  # steps 2-5 follow a stay too


def test_seed000_5_back_to_step_1_while_moves_remain_then_next_hero() -> None:
    st = new()
    rng = scripted(st)
    act(st, "move", x=0, y=2)
    _finish_move(st, rng)
    assert st.step == Step.MOVE and st.active == 0 and st.moves_left == 1
    act(st, "move", x=0, y=3)
    _finish_move(st, rng)
    assert st.active == 1 and st.step == Step.MOVE and st.moves_left == 2
    act(st, "end")
    assert st.active == 0 and st.round == 2


def test_seed000_2_safe_squares_skip_the_monsters_and_towns_open_the_city() -> None:
    st = new()
    act(st, "move", x=0, y=2)
    assert st.step == Step.SEARCH
    st2 = new()
    act(st2, "move", x=0, y=0)
    assert st2.step == Step.CITY


def test_seed000_2_escape_needs_three_hits() -> None:
    st = new()
    rng = scripted(st)
    act(st, "move", x=2, y=2)   # meadow: dangerous
    assert st.step == Step.DANGER and set(keys(st)) == {"escape", "fight"}
    rng.ints = [4, 5, 6, 1]     # agility 1: 3 + 1 = 4 dice; hits from 4
    ev = act(st, "escape")
    rolled = next(e for e in ev if e.kind == "DiceRolled")
    assert len(rolled.data["dice"]) == 4
    assert next(e for e in ev if e.kind == Ev.ESCAPE).data == {"seat": 0, "hits": 3, "escaped": True}
    assert st.step == Step.SEARCH and st.encounter is None

    st = new()
    rng = scripted(st)
    act(st, "move", x=2, y=2)
    rng.ints = [4, 6, 1, 3]     # two hits: not enough
    rng.choices = ["wolf", 2]
    ev = act(st, "escape")
    assert next(e for e in ev if e.kind == Ev.ESCAPE).data["escaped"] is False
    assert st.encounter is not None and st.step == Step.HELP


def test_seed000_2_2_monster_and_quantity_dice() -> None:
    st = new()
    rng = scripted(st)
    act(st, "move", x=2, y=2)
    rng.choices = ["wolf", 2]
    ev = act(st, "fight")
    appeared = next(e for e in ev if e.kind == Ev.MONSTERS)
    assert appeared.data["monster"] == "wolf" and appeared.data["count"] == 2
    # 2.3: they stand on the squares around the hero (N, E, S, W, then diagonals; (3, 2) east is deep water)
    assert [tuple(p) for p in appeared.data["at"]] == [(2, 1), (2, 3)]
    assert st.encounter is not None and st.encounter.count == 2


def test_seed000_2_2_a_none_face_brings_no_monster() -> None:
    st = new()
    rng = scripted(st)
    act(st, "move", x=5, y=1)   # forest: its monster die is all "none"
    assert st.step == Step.DANGER
    rng.choices = ["none", 1]
    ev = act(st, "fight")
    assert any(e.kind == Ev.NO_MONSTERS for e in ev)
    assert st.encounter is None and st.step == Step.SEARCH


def _in_help(heroes: int = 3):
    st = new(heroes=heroes)
    rng = scripted(st)
    act(st, "move", x=2, y=2)
    rng.choices = ["wolf", 2]
    act(st, "fight")
    assert st.step == Step.HELP
    return st


def test_seed000_2_4_help_within_two_squares_accept_or_refuse() -> None:
    st = _in_help(3)
    place(st, 1, 1, 3)          # two steps from (2, 2)
    place(st, 2, 0, 4)          # four steps away
    assert "ask hero=1" in keys(st) and "ask hero=2" not in keys(st)
    act(st, "ask", hero=1)
    assert st.to_act() == 1     # the asked hero's seat decides, on its own screen
    assert set(keys(st)) == {"accept", "refuse"}
    act(st, "refuse")
    assert st.to_act() == 0 and st.encounter is not None and st.encounter.helpers == []
    assert "ask hero=1" not in keys(st)  # asked once

    st = _in_help(3)
    place(st, 2, 2, 4)          # two steps: within reach, across any terrain
    act(st, "ask", hero=2)
    assert st.to_act() == 2
    act(st, "accept")
    assert st.encounter is not None and st.encounter.helpers == [2] and st.to_act() == 0
    assert {"battle", "quick"} <= set(keys(st))
