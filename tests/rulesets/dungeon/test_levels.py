"""Shipped dungeon content and the level model's checks (clear errors with field paths)."""

from __future__ import annotations

import pytest

from game.engine.levels import LevelError, discover_levels, get_level
from game.rulesets.dungeon.effects import VERBS, Chest, Monster, Trap

from .helpers import CHIPS, PLAIN3, TOKENS, board_state, card, make_level

STANDARD_FACES = {"sword", "bow", "wand", "shield", "armour", "potion", "coin", "gem"}


def test_shipped_levels_load_tutorial_standard_hard():
    entries = [e for e in discover_levels("dungeon", include_mods=False)]
    assert all(e.ok for e in entries), [e.error for e in entries if not e.ok]
    by_diff = {e.level.model.difficulty: e.level for e in entries}
    assert {"tutorial", "normal", "hard"} <= set(by_diff)
    tut = by_diff["tutorial"].model
    assert tut.fixed_bag_order and tut.fixed_maps and tut.hints


def test_content_has_enough_map_sides():
    model = get_level("dungeon", "standard").model
    assert len(model.entrance) * 2 >= 16
    assert len(model.depths) * 2 >= 12
    names = [s.name.en for c in model.entrance + model.depths for s in c.sides]
    assert len(set(names)) == len(names)  # every side is its own place


def test_content_chip_set_in_three_tiers_with_required_and_invented_faces():
    model = get_level("dungeon", "standard").model
    assert {c.tier for c in model.chips.values()} == {1, 2, 3}
    faces = {f for c in model.chips.values() for f in c.faces}
    assert STANDARD_FACES <= faces
    invented = faces - STANDARD_FACES - {"chest", "strongbox"}
    assert len(invented) >= 2
    for f in invented:
        assert model.tokens[f].effects, f  # our own faces work through the verb registry


def test_content_monsters_chests_traps_decorations_heroes():
    model = get_level("dungeon", "standard").model
    monsters = [t for t in model.tokens.values() if any(isinstance(e, Monster) for e in t.effects)]
    assert len(monsters) >= 4
    assert all(m.effects[0].hp >= 1 and m.effects[0].attack >= 1 for m in monsters)
    assert any(isinstance(e, Chest) for t in model.tokens.values() for e in t.effects)
    assert any(isinstance(e, Trap) for t in model.tokens.values() for e in t.effects)
    rows = " ".join(f for c in model.entrance + model.depths for s in c.sides for f in s.floors).split()
    assert {"t", "b"} <= set(rows)  # torches and bones
    assert len(model.heroes) >= 4
    assert len({h.health for h in model.heroes.values()}) >= 3
    assert len({tuple(h.bag) for h in model.heroes.values()}) == len(model.heroes)


def test_every_verb_is_used_by_shipped_content():
    model = get_level("dungeon", "standard").model
    used = {e.effect for t in model.tokens.values() for e in t.effects}
    assert used == set(VERBS.names())


def test_level_errors_name_the_field_and_suggest():
    with pytest.raises(LevelError, match=r"entrance\[0\].sides\[0\].floors\[0\]: space 2: unknown token 'gobin' \(did you mean 'goblin'\?\)"):
        make_level([card("e1", [". ?gobin . . . .", PLAIN3[1], PLAIN3[2]])])
    with pytest.raises(LevelError, match=r"heroes.h0.bag\[0\]: unknown chip 'swrod_coin' \(did you mean 'sword_coin'\?\)"):
        make_level(bags=[["swrod_coin"]])
    with pytest.raises(LevelError, match="unknown cell"):
        make_level([card("e1", [". x . . . .", PLAIN3[1], PLAIN3[2]])])
    with pytest.raises(LevelError, match="unknown effect|swing"):
        make_level(tokens={"odd": {"name": "Odd", "effects": [{"effect": "swing"}]}})
    with pytest.raises(LevelError, match="seat_heroes"):
        make_level(seat_heroes=["nobody"])
    with pytest.raises(LevelError, match="market.stock.nothing"):
        make_level(market={"stock": {"nothing": 1}})


def test_a_modder_can_make_a_new_chip_from_existing_verbs():
    tokens = {"spear": {"name": {"en": "Spear", "es": "Lanza", "it": "Lancia"},
                        "tags": ["weapon"], "effects": [{"effect": "hit", "pattern": "column", "amount": 1}]}}
    level = make_level(tokens={**TOKENS, **tokens},
                       chips={**CHIPS, "spear_coin": {"faces": ["spear", "coin"], "tier": 2}},
                       bags=[["spear_coin"]])
    assert level.model.chips["spear_coin"].faces == ["spear", "coin"]
    # and it works: a spear in the column of a goblin two floors down defeats it
    st = board_state([". . . . . .", ". . . . . .", ". . ?goblin . . ."], {(1, 3): "spear"}, hero_floor=3,
                     tokens={**TOKENS, **tokens})
    assert st.preview(0).defeated == 1
