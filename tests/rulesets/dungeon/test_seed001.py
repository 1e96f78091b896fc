"""One test per clause of seed 001 (the Dungeon phase), named after the clause, plus its example."""

from __future__ import annotations

import pytest

from game.engine.actions import Action
from game.engine.levels import LevelError
from game.engine.protocol import IllegalAction
from game.rulesets.dungeon.geometry import neighbours_on_board

from .helpers import PLAIN2, PLAIN3, act, board_state, card, make_level, new

# A one-empty-space-per-floor Entrance: three chips fill it.
NARROW3 = [". # # # # #", "# . # # # #", "# # . # # #"]
NARROW2 = [". # # # # #", "# . # # # #"]


def _place_first(st, face=None):
    """Draw and place on the first legal space (optionally a given face)."""
    act(st, "draw")
    legal = [a for a in st.legal_actions() if face is None or a["face"] == face]
    st.apply(legal[0])
    return legal[0]


# --- Step 1: choose a dungeon map --------------------------------------------------------------

def test_seed001_entrance_map_drawn_from_bottom_of_deck():
    level = make_level([card("e1", PLAIN3), card("e2", PLAIN3), card("e3", PLAIN3)], bags=[["sword_coin"], ["sword_coin"]])
    st = new(level, seats=2)
    # the listed order is the pile from the bottom up: the first seat draws the bottom card
    assert st.players[0].pending_map == "e1"
    assert st.entrance_pile == ["e2", "e3"]
    act(st, "choose_map", side=0)
    _place_first(st)  # the only chip: seat 0 is done, seat 1 draws the new bottom card
    assert st.players[1].pending_map == "e2"
    assert st.entrance_pile == ["e3"]


def test_seed001_entrance_drawn_from_bottom_of_shuffled_pile():
    level = make_level([card(f"e{i}", PLAIN3) for i in range(1, 9)], fixed=False, bags=[["sword_coin"], ["sword_coin"]])
    st = new(level, seats=2, seed=11)
    pile = list(st.entrance_pile)
    act(st, "choose_map", side=0)
    _place_first(st)
    assert st.players[1].pending_map == pile[0]
    assert st.entrance_pile == pile[1:]


def test_seed001_look_at_both_sides_and_put_one_face_up():
    a = [". . ?goblin . . .", PLAIN3[1], PLAIN3[2]]
    b = ["# # # . . .", PLAIN3[1], PLAIN3[2]]
    st = new(make_level([card("e1", a, b), card("e2", PLAIN3)]))
    assert st.legal_actions() == [Action.of("choose_map", side=0), Action.of("choose_map", side=1)]
    view = st.view(0)
    assert view["players"][0]["pending_map"] == "e1"  # both sides of the drawn card are known
    act(st, "choose_map", side=1)
    assert st.players[0].maps == [("e1", 1, 0)]
    board = st.board(0)
    assert [board.cells[p].kind for p in board.rows[0]] == ["obstacle"] * 3 + ["empty"] * 3


def test_seed001_hero_placed_beside_top_floor():
    st = new(make_level())
    events = act(st, "choose_map", side=0)
    assert st.players[0].hero_row == 0
    assert any(e.kind == "HeroPlaced" and e.data["floor"] == 1 for e in events)


# --- Step 2: play your dungeon -----------------------------------------------------------------

def test_seed001_draw_chip_from_own_bag():
    level = make_level(bags=[["sword_coin", "bow_coin"], ["shield_potion", "coin_potion"]], fixed=False)
    st = new(level, seats=2)
    act(st, "choose_map", side=0)
    other = list(st.players[1].bag)
    events = act(st, "draw")
    chip = st.players[0].pending_chip
    assert chip is not None and chip.startswith("s0.")
    assert chip not in st.players[0].bag and len(st.players[0].bag) == 1
    assert st.players[1].bag == other
    drawn = [e for e in events if e.kind == "ChipDrawn"]
    assert drawn and drawn[0].random  # a blind draw: undo may not cross it


def test_seed001_look_at_both_faces_and_choose_the_face():
    st = new(make_level(bags=[["sword_chest", "coin_potion"]]))
    act(st, "choose_map", side=0)
    act(st, "draw")
    faces = {a["face"] for a in st.legal_actions()}
    assert faces == {"sword", "chest"}
    act(st, "place", face="chest", floor=1, space=3)
    assert st.players[0].chips[0][1] == "chest"


def test_seed001_play_chips_only_on_current_floor():
    st = new(make_level(bags=[["sword_coin"] * 3]))
    act(st, "choose_map", side=0)
    act(st, "draw")
    assert {a["floor"] for a in st.legal_actions()} == {1}
    with pytest.raises(IllegalAction, match="current floor"):
        act(st, "place", face="sword", floor=2, space=1)


FLOOR = ["# ?goblin !chest . t .", PLAIN3[1], PLAIN3[2]]


def _spaces(st):
    return sorted({a["space"] for a in st.legal_actions()})


def test_seed001_chips_go_on_empty_or_optional_feature_spaces():
    st = new(make_level([card("e1", FLOOR), card("e2", PLAIN3)], bags=[["sword_coin"] * 3]))
    act(st, "choose_map", side=0)
    act(st, "draw")
    # space 2 is an optional feature, 4 and 6 empty, 5 a torch (decoration: an empty space)
    assert _spaces(st) == [2, 4, 5, 6]


def test_seed001_never_on_obstacles():
    st = new(make_level([card("e1", FLOOR), card("e2", PLAIN3)], bags=[["sword_coin"] * 3]))
    act(st, "choose_map", side=0)
    act(st, "draw")
    with pytest.raises(IllegalAction, match="obstacle"):
        act(st, "place", face="sword", floor=1, space=1)


def test_seed001_never_on_mandatory_features():
    st = new(make_level([card("e1", FLOOR), card("e2", PLAIN3)], bags=[["sword_coin"] * 3]))
    act(st, "choose_map", side=0)
    act(st, "draw")
    with pytest.raises(IllegalAction, match="mandatory feature"):
        act(st, "place", face="sword", floor=1, space=3)


def test_seed001_never_on_top_of_earlier_chips():
    st = new(make_level([card("e1", FLOOR), card("e2", PLAIN3)], bags=[["sword_coin"] * 3]))
    act(st, "choose_map", side=0)
    act(st, "draw")
    act(st, "place", face="coin", floor=1, space=4)
    act(st, "draw")
    assert 4 not in _spaces(st)
    with pytest.raises(IllegalAction, match="already holds a chip"):
        act(st, "place", face="sword", floor=1, space=4)


def test_seed001_chip_on_optional_feature_replaces_its_effect():
    without = board_state(["?goblin . . . . .", PLAIN3[1], PLAIN3[2]], {}, hero_floor=1)
    assert without.preview(0).monsters == 1
    covered = board_state(["?goblin . . . . .", PLAIN3[1], PLAIN3[2]], {(1, 1): "coin"}, hero_floor=1)
    out = covered.preview(0)
    assert out.monsters == 0 and out.gold == 1
    assert out.health == 10  # the goblin no longer attacks


def test_seed001_decorated_spaces_are_plain_empty_spaces():
    deco = board_state(["t b w . . .", PLAIN3[1], PLAIN3[2]], {}, hero_floor=1)
    plain = board_state([". . . . . .", PLAIN3[1], PLAIN3[2]], {}, hero_floor=1)
    a, b = deco.preview(0), plain.preview(0)
    assert (a.vp, a.gold, a.health, a.xp) == (b.vp, b.gold, b.health, b.xp)
    assert [deco.board(0).cells[p].decor for p in deco.board(0).rows[0][:3]] == ["torch", "bones", "cobweb"]


# --- Descend ----------------------------------------------------------------------------------------

def test_seed001_floor_finished_when_it_has_no_empty_space():
    # an optional feature counts as filled: the floor is finished without covering it
    floors = ["# ?goblin !chest . # .", PLAIN3[1], PLAIN3[2]]
    st = new(make_level([card("e1", floors), card("e2", PLAIN3)], bags=[["sword_coin"] * 4]))
    act(st, "choose_map", side=0)
    act(st, "draw")
    act(st, "place", face="coin", floor=1, space=4)
    assert st.players[0].status == "draw"
    act(st, "draw")
    events = act(st, "place", face="coin", floor=1, space=6)
    assert any(e.kind == "FloorFinished" for e in events)
    assert st.players[0].status == "floor_done"


def test_seed001_finished_floor_asks_continue_or_stop():
    st = new(make_level([card("e1", NARROW3), card("e2", PLAIN3)], bags=[["sword_coin"] * 3]))
    act(st, "choose_map", side=0)
    _place_first(st)
    assert st.legal_actions() == [Action.of("continue"), Action.of("stop")]
    act(st, "continue")
    assert st.players[0].hero_row == 1
    assert st.players[0].status == "draw"


def test_seed001_continue_only_with_chips_left_in_bag():
    st = new(make_level([card("e1", NARROW3), card("e2", PLAIN3)], bags=[["sword_coin"] * 2, ["sword_coin"]]), seats=2)
    act(st, "choose_map", side=0)
    _place_first(st)
    assert Action.of("continue") in st.legal_actions()  # one chip left
    act(st, "continue")
    _place_first(st)  # the last chip finishes floor 2: no continue is ever offered
    assert st.players[0].status == "done" and st.players[0].hero_row == 1
    # and a state that claims floor_done with an empty bag breaks the invariants
    st2 = new(make_level([card("e1", NARROW3), card("e2", PLAIN3)], bags=[["sword_coin"] * 2]))
    act(st2, "choose_map", side=0)
    _place_first(st2)
    st2.players[0].bag.clear()
    assert any("floor_done" in p for p in st2.invariants())
    assert "bag is empty" in st2.explain_illegal(Action.of("continue"))


def test_seed001_stop_leaves_hero_on_current_floor_and_ends_the_dungeon():
    st = new(make_level([card("e1", NARROW3), card("e2", PLAIN3)], bags=[["sword_coin"] * 3, ["sword_coin"]]), seats=2)
    act(st, "choose_map", side=0)
    _place_first(st)
    events = act(st, "stop")
    p = st.players[0]
    assert p.hero_row == 0 and p.status == "done" and len(p.bag) == 2
    assert any(e.kind == "Stopped" and e.data["reason"] == "chose" for e in events)
    assert st.to_act() == 1  # no more draws for seat 0


def test_seed001_last_chip_is_played_then_stop_before_descending():
    st = new(make_level([card("e1", NARROW3), card("e2", PLAIN3)], bags=[["sword_coin"]] + [["sword_coin"]]), seats=2)
    act(st, "choose_map", side=0)
    act(st, "draw")
    assert st.players[0].bag == []
    events = act(st, "place", face="sword", floor=1, space=1)  # the floor is finished, the bag empty
    p = st.players[0]
    assert p.status == "done" and p.hero_row == 0
    assert any(e.kind == "Stopped" and e.data["reason"] == "bag_empty" for e in events)


# --- Finishing the map ------------------------------------------------------------------------------

def _fill_entrance(st):
    act(st, "choose_map", side=0)
    for _ in range(2):
        _place_first(st)
        act(st, "continue")
    return _place_first(st)


def test_seed001_full_map_with_chips_left_draws_depths_map_from_bottom():
    level = make_level([card("e1", NARROW3), card("e2", PLAIN3)],
                       [card("d1", NARROW2), card("d2", PLAIN2), card("d3", PLAIN2)], bags=[["sword_coin"] * 5])
    st = new(level)
    _fill_entrance(st)
    p = st.players[0]
    assert p.status == "depths" and p.pending_map == "d1"  # the bottom of the Depths pile
    assert st.depths_pile == ["d2", "d3"]
    assert st.legal_actions() == [Action.of("place_depths", side=s, shift=d) for s in (0, 1) for d in (-1, 0, 1)]


def test_seed001_depths_side_chosen_and_placed_under_last_map_shifted_at_most_one():
    level = make_level([card("e1", NARROW3), card("e2", PLAIN3)],
                       [card("d1", NARROW2, PLAIN2), card("d2", NARROW2)], bags=[["sword_coin"] * 8])
    st = new(level)
    _fill_entrance(st)
    act(st, "place_depths", side=1, shift=1)
    p = st.players[0]
    assert p.maps[1] == ("d1", 1, 1)
    assert p.status == "floor_done"  # then the rest of "finishing a floor": continue or stop
    with pytest.raises(IllegalAction, match="shift -1, 0 or 1|continue or stop"):
        act(st, "place_depths", side=0, shift=2)
    board = st.board(0)
    assert board.floors == 5
    assert [c for (_, c) in board.rows[3]] == [1, 2, 3, 4, 5, 6]


def test_seed001_depths_placement_is_final():
    level = make_level([card("e1", NARROW3), card("e2", PLAIN3)],
                       [card("d1", PLAIN2), card("d2", PLAIN2)], bags=[["sword_coin"] * 9, ["sword_coin"]])
    st = new(level, seats=2)
    _fill_entrance(st)
    act(st, "place_depths", side=0, shift=-1)
    act(st, "continue")
    while st.players[0].status == "draw":
        assert all(a.kind != "place_depths" for a in st.legal_actions())
        _place_first(st)
        if st.players[0].status == "floor_done":
            act(st, "continue")
    assert st.players[0].status == "done"
    assert st.players[0].maps[1] == ("d1", 0, -1)


def test_seed001_full_map_without_chips_left_draws_no_depths_map():
    level = make_level([card("e1", NARROW3), card("e2", PLAIN3)], bags=[["sword_coin"] * 3, ["sword_coin"]])
    st = new(level, seats=2)
    pile = list(st.depths_pile)
    _fill_entrance(st)
    p = st.players[0]
    assert p.status == "done" and p.hero_row == 2 and p.pending_map is None
    assert st.depths_pile == pile


def test_seed001_empty_depths_pile_stops_the_hero():
    # our decision: with no Depths map left the dungeon cannot go deeper; the hero stops there
    level = make_level([card("e1", NARROW3), card("e2", PLAIN3)], [], bags=[["sword_coin"] * 5, ["sword_coin"]])
    st = new(level, seats=2)
    act(st, "choose_map", side=0)
    for _ in range(2):
        _place_first(st)
        act(st, "continue")
    act(st, "draw")
    events = st.apply(st.legal_actions()[0])
    assert any(e.kind == "Stopped" and e.data["reason"] == "no_depths" for e in events)
    assert st.players[0].hero_row == 2


# --- Anatomy and geometry --------------------------------------------------------------------------

def test_seed001_floor_has_six_spaces_entrance_three_floors_depths_two():
    st = board_state(PLAIN3, {}, depths=[(PLAIN2, 0)])
    board = st.board(0)
    assert board.floors == 5 and all(len(r) == 6 for r in board.rows)
    with pytest.raises(LevelError, match="6 spaces"):
        make_level([card("e1", [". . . . .", PLAIN3[1], PLAIN3[2]])])
    with pytest.raises(LevelError, match="3 floors"):
        make_level([card("e1", PLAIN2)])
    with pytest.raises(LevelError, match="2 floors"):
        make_level(depths=[card("d1", PLAIN3)])


def test_seed001_adjacency_is_orthogonal_across_maps_and_missing_spaces_do_not_exist():
    st = board_state(PLAIN3, {}, depths=[(PLAIN2, 1)])
    board = st.board(0)
    # the Depths map is shifted one column right: under Entrance space 1 there is no space
    assert not board.exists((3, 0))
    assert board.exists((3, 6))  # a space no Entrance covers, but the Depths map does
    assert sorted(neighbours_on_board(board, (2, 0))) == [(1, 0), (2, 1)]
    assert (3, 1) in neighbours_on_board(board, (2, 1))  # across the two maps
    assert (2, 6) not in board.cells


def test_seed001_features_only_count_on_floors_the_hero_reached():
    floors = [". . . . . .", ". . !troll . . .", PLAIN3[2]]
    above = board_state(floors, {}, hero_floor=1)
    out = above.preview(0)
    assert out.monsters == 0 and out.health == 10
    below = board_state(floors, {}, hero_floor=2)
    out = below.preview(0)
    assert out.monsters == 1 and out.health == 8


def test_seed001_ranged_effects_do_not_pass_obstacles():
    # bow: a goblin three spaces away; with rubble between, the arrow stops
    clear = board_state([". . . . . .", "?bow . . ?goblin . .", PLAIN3[2]], {}, hero_floor=2)
    assert clear.preview(0).defeated == 1
    blocked = board_state([". . . . . .", "?bow . # ?goblin . .", PLAIN3[2]], {}, hero_floor=2)
    assert blocked.preview(0).defeated == 0
    # wand: along its column, through a floor, stopped by rubble
    wand = board_state(["?goblin . . . . .", "?wand . . . . .", "?goblin . . . . ."], {}, hero_floor=3)
    assert wand.preview(0).defeated == 2
    wand_blocked = board_state(["?goblin . . . . .", "# . . . . .", "?wand . . . . ."], {}, hero_floor=3)
    assert wand_blocked.preview(0).defeated == 0
    # armour: holds back the slime it sees, not the one behind rubble
    armour = board_state(["?armour . . ?slime . .", PLAIN3[1], PLAIN3[2]], {}, hero_floor=1)
    assert armour.preview(0).health == 10 - 1
    armour_blocked = board_state(["?armour . # ?slime . .", PLAIN3[1], PLAIN3[2]], {}, hero_floor=1)
    assert armour_blocked.preview(0).health == 10 - 2


# --- End of the Dungeon phase -------------------------------------------------------------------------

def test_seed001_phase_ends_when_every_player_placed_all_chips_or_stopped():
    level = make_level([card("e1", NARROW3), card("e2", NARROW3)], bags=[["sword_coin"] * 2, ["sword_coin"] * 2])
    st = new(level, seats=2)
    act(st, "choose_map", side=0)
    _place_first(st)
    events = act(st, "stop")  # seat 0 stopped
    assert not any(e.kind == "Resolved" for e in events)
    assert st.to_act() == 1 and st.phase == "dungeon"
    act(st, "choose_map", side=0)
    _place_first(st)
    act(st, "continue")
    act(st, "draw")
    events = st.apply(st.legal_actions()[0])  # seat 1 placed all its chips
    assert [e.data["seat"] for e in events if e.kind == "Resolved"] == [0, 1]
    assert any(e.kind == "PhaseBegan" and e.data["phase"] == "resolution" for e in events)


# --- The seed's example ------------------------------------------------------------------------------

NYX_MAP = [". ?goblin !chest . # t", "# . . ?spring . b", ". . # . . w"]


def test_seed001_example_nyx_first_chip_sword_over_monster_beside_chest():
    """Nyx's dungeon: 3 obstacles, 2 optional features, 1 mandatory feature; the first chip is a
    sword/chest chip, placed sword up over the Monster feature on floor 1, beside the Chest."""
    level = make_level([card("e1", NYX_MAP), card("e2", PLAIN3)],
                       bags=[["sword_chest", "coin_potion", "coin_potion"]])
    st = new(level, seed=1)
    st.seat_names[0] = "Nyx"
    act(st, "choose_map", side=0)
    board = st.board(0)
    cells = list(board.cells.values())
    assert sum(c.kind == "obstacle" for c in cells) == 3
    assert sum(c.kind == "feature" and not c.mandatory for c in cells) == 2
    assert sum(c.kind == "feature" and c.mandatory for c in cells) == 1
    assert st.players[0].hero_row == 0  # Nyx's figure beside the first floor
    act(st, "draw")
    drawn = st.players[0].pending_chip
    assert st.chip_faces(drawn) == ["sword", "chest"]
    assert all(a["floor"] == 1 for a in st.legal_actions())  # it must go on floor 1
    place = Action.of("place", face="sword", floor=1, space=2)
    assert st.describe(place, "en") == "Nyx places Sword on floor 1, space 2, over the Tunnel Goblin"
    st.apply(place)
    tokens = st.tokens(0)
    assert tokens[(0, 1)] == "sword"  # the sword replaced the monster feature
    chest = (0, 2)
    assert tokens[chest] == "chest" and (0, 1) in neighbours_on_board(board, chest)
    out = st.preview(0, record=True)
    assert out.monsters == 0
    assert [e["missing"] for e in out.events if e["kind"] == "ChestTrapped"] == [["coin", "potion"]]
    # the chest still needs a coin and a potion: put them beside it and it opens
    act(st, "draw")
    act(st, "place", face="coin", floor=1, space=4)
    act(st, "draw")
    act(st, "place", face="coin", floor=1, space=6)
    act(st, "continue") if st.players[0].status == "floor_done" else None
    opened = board_state(NYX_MAP, {(1, 2): "sword", (1, 4): "coin", (2, 3): "potion"}, hero_floor=2)
    out = opened.preview(0, record=True)
    assert any(e["kind"] == "ChestOpened" for e in out.events)
    assert out.vp == 2 and out.gold == 3 + 1
