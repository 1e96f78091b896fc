"""Shipped expedition content: enough biomes, monsters, items, NPCs, events and rumours; every monster
fights as a skirmish combatant; every NPC's clue names a real site; the levels cover 1-4 heroes on maps
larger than the screen, a competitive race decided by a secret clue, and a Tiled map."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.engine import paths
from game.engine.levels import discover_levels, get_level
from game.engine.registry import get_ruleset
from game.rulesets.expedition.battle import hero_entry, level_data, monster_entry
from game.rulesets.expedition.level import NONE_FACE, ExpeditionLevel

LEVELS = ("tutorial", "lantern_road", "sunken_bell", "marsh_lights", "caravan_season")
#: a screen shows about 24 x 14 squares at the default zoom: the maps must need panning
SCREEN = (24, 14)


def _model(level_id: str = "lantern_road") -> ExpeditionLevel:
    model: ExpeditionLevel = get_level("expedition", level_id).model
    return model


def _shipped() -> list[ExpeditionLevel]:
    entries = [e for e in discover_levels("expedition", include_mods=False)]
    assert all(e.ok for e in entries), [e.error for e in entries if not e.ok]
    return [e.level.model for e in entries if e.level is not None]


def test_every_shipped_level_loads() -> None:
    ids = {m.id for m in _shipped()}
    assert set(LEVELS) <= ids


def test_biomes_six_walkable_two_impassable_and_a_road() -> None:
    m = _model()
    wild = [b for b in m.biomes.values() if b.walkable and b.is_dangerous]
    impassable = [b for b in m.biomes.values() if not b.walkable]
    roads = [bid for bid, b in m.biomes.items() if b.walkable and not b.is_dangerous]
    assert len(wild) >= 6
    assert len(impassable) >= 2
    assert "road" in roads
    for bid, b in m.biomes.items():
        assert b.sprite and b.variants >= 2, bid
        if b.walkable and b.is_dangerous:
            assert len(b.monster_die) == 6 and NONE_FACE in b.monster_die, bid
            assert any(f != NONE_FACE for f in b.monster_die), bid
            assert len(b.quantity_die) == 6, bid


def test_every_monster_appears_on_some_biome() -> None:
    m = _model()
    assert len(m.monsters) >= 10
    faces = {f for b in m.biomes.values() for f in b.monster_die}
    assert set(m.monsters) <= faces, set(m.monsters) - faces
    assert len({mon.body for mon in m.monsters.values()}) >= 6  # many body layouts


def test_item_decks_sixteen_normal_ten_rare_each_a_bonus_or_gear() -> None:
    m = _model()
    normal = [i for i in m.items.values() if i.rarity == "normal"]
    rare = [i for i in m.items.values() if i.rarity == "rare"]
    assert len(normal) >= 16 and len(rare) >= 10
    for iid, it in m.items.items():
        if it.rarity == "quest":
            continue
        assert it.equipment is not None and it.equipment in m.equipment, iid
        assert it.bonus is not None and it.bonus.amount > 0, iid
        assert it.price > 0, iid
    assert {i.bonus.stat for i in normal + rare if i.bonus} == {"resistance", "agility", "vision"}


def test_npcs_eight_with_messages_naming_a_site_and_quests() -> None:
    m = _model()
    assert len(m.npcs) >= 8
    for nid, n in m.npcs.items():
        assert n.quest is not None, nid
        for lang in ("en", "es", "it"):
            text = n.message if isinstance(n.message, str) else getattr(n.message, lang)
            assert text and "{site}" in text, (nid, lang)


def test_events_eight_covering_every_step() -> None:
    m = _model()
    assert len(m.events) >= 8
    assert {e.step.value for e in m.events.values()} == {"moves", "move", "escape", "search", "contact", "danger"}
    assert {e.amount > 0 for e in m.events.values()} == {True, False}


def test_every_level_has_rumours_naming_real_sites() -> None:
    for m in _shipped():
        assert m.rumours, m.id
        sites = {s.id for s in m.sites}
        for r in m.rumours:
            assert r.site in sites and r.npc in m.npcs, (m.id, r)
        if len(m.goal_candidates()) == 1:  # a fixed goal: a rumour never points at it (it is a lie)
            assert all(r.site not in m.goal_candidates() for r in m.rumours), m.id


@pytest.mark.parametrize("level_id", LEVELS)
def test_every_placed_npc_clue_names_a_real_site(level_id: str) -> None:
    m = _model(level_id)
    sites = {s.id for s in m.sites}
    assert m.placed, level_id
    for p in m.placed:
        n = m.npcs[p.npc]
        if n.tells == "goal":
            assert m.goal_candidates() and set(m.goal_candidates()) <= sites, (level_id, p.npc)
        else:
            assert n.tells in sites, (level_id, p.npc, n.tells)
        x, y = p.at
        assert 0 <= x < m.width and 0 <= y < m.height


@pytest.mark.parametrize("level_id", LEVELS)
def test_level_sites_towns_ruins_lairs_reachable(level_id: str) -> None:
    m = _model(level_id)
    kinds = Counter(s.kind for s in m.sites)
    assert kinds["town"] >= 1
    if level_id != "tutorial":
        assert kinds["town"] >= 2 and kinds["ruin"] >= 1 and kinds["lair"] >= 1, kinds
    # every site, start and NPC is reachable from the first start over walkable squares
    letters = m.letters()
    ok = {(x, y) for y, row in enumerate(m.map.rows) for x, ch in enumerate(row) if m.biomes[letters[ch]].walkable}
    seen = {tuple(m.starts[0])}
    todo = list(seen)
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in ok and n not in seen:
                seen.add(n)
                todo.append(n)
    for s in m.sites:
        assert tuple(s.at) in seen, (level_id, s.id)
    for p in m.placed:
        x, y = p.at
        assert any(sq in seen for sq in ((x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))), p.npc


def test_levels_cover_one_to_four_heroes_on_maps_larger_than_the_screen() -> None:
    models = [m for m in _shipped() if m.difficulty != "tutorial"]
    assert len(models) >= 3
    assert min(m.players.min for m in models) == 1 and max(m.players.max for m in models) == 4
    for m in models:
        assert m.width > SCREEN[0] and m.height > SCREEN[1], m.id
        assert len(m.party) >= m.players.max and len(m.starts) >= m.players.max


def test_a_competitive_race_decided_by_a_secret_clue() -> None:
    races = [m for m in _shipped() if m.mode == "competitive" and len(m.goal_candidates()) > 1]
    assert races
    m = races[0]
    tellers = [p.npc for p in m.placed if m.npcs[p.npc].tells == "goal"]
    assert len(tellers) >= 3  # several people know where the goal is
    assert len({r.site for r in m.rumours}) >= 2  # and liars have several false places to name


def test_a_level_drawn_in_tiled_is_valid_tiled_json() -> None:
    tiled = [(m, m.map.tiled) for m in _shipped() if m.map.tiled]
    assert tiled
    m, rel = tiled[0]
    path = paths.levels_dir() / "expedition" / str(rel)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["type"] == "map" and data["version"] == "1.10" and data["orientation"] == "orthogonal"
    assert data["infinite"] is False and (data["width"], data["height"]) == (m.width, m.height)
    layers = {ly["name"]: ly for ly in data["layers"]}
    assert layers["biomes"]["type"] == "tilelayer" and len(layers["biomes"]["data"]) == m.width * m.height
    assert layers["sites"]["type"] == "objectgroup"
    types = Counter(ob["type"] for ob in layers["sites"]["objects"])
    assert types["site"] >= 1 and types["npc"] >= 1 and types["start"] >= 1
    # the reader turned the object layer into level data
    assert len(m.starts) == types["start"] and len(m.placed) == types["npc"]


def test_the_tiled_map_is_the_recipe_of_tools_expedition_maps() -> None:
    import sys

    sys.path.insert(0, str(Path(paths.levels_dir()).parent / "tools"))
    try:
        import expedition_maps
    finally:
        sys.path.pop(0)
    m = _model("marsh_lights")
    assert m.map.rows == expedition_maps.rows("marsh_lights")
    assert set(expedition_maps.LEGEND.values()) == set(m.biomes)


def _fight_level(m: ExpeditionLevel, monster: str, count: int) -> dict[str, Any]:
    from game.rulesets.expedition.state import ExpeditionState

    lv = get_level("expedition", m.id)
    st = get_ruleset("expedition").new_game(lv, ["A", "B"], 1)
    assert isinstance(st, ExpeditionState)
    roster = [hero_entry(st, st.heroes[0], 0)] + [monster_entry(st, monster, n, 1) for n in range(count)]
    return level_data(st, roster)


def test_every_monster_builds_a_skirmish_fight_via_start_combat() -> None:
    from game.engine.levels import Level

    m = _model()
    skirmish = get_ruleset("skirmish")
    for mid in m.monsters:
        data = _fight_level(m, mid, 2)
        level = Level.from_data(data, where=f"fight {mid}")
        fight = skirmish.new_game(level, ["hero", "dark lord"], 3)
        assert fight.legal_actions(), mid
        ids = {c["id"] for c in fight.combatants}
        assert {f"{mid}-1", f"{mid}-2", "hero0"} == ids, ids
        body = m.bodies[m.monsters[mid].body]
        monster = next(c for c in fight.combatants if c["id"] == f"{mid}-1")
        assert monster["body"] == m.monsters[mid].body and body["parts"], mid
        # and the combat module's own entry point accepts the same combatants
        from game.rulesets.skirmish.combat import start_combat

        content = {k: data[k] for k in ("bodies", "actions", "equipment", "hero_base_actions")}
        again = start_combat(data["roster"], content=content, seed=3)
        assert len(again.combatants) == 3


def test_every_item_becomes_gear_a_hero_can_carry_into_battle() -> None:
    from game.engine.levels import Level

    m = _model()
    lv = get_level("expedition", m.id)
    st = get_ruleset("expedition").new_game(lv, ["A", "B"], 1)
    for iid, it in m.items.items():
        if it.rarity == "quest":
            continue
        st.heroes[0].items = [iid]
        entry = hero_entry(st, st.heroes[0], 0)
        carried = [p["item"] for p in entry["equipment"]] + list(entry["pack"])
        assert it.equipment in carried, iid
        data = level_data(st, [entry, monster_entry(st, "thornback", 0, 1)])
        Level.from_data(data, where=f"gear {iid}")


def test_a_bring_quest_that_takes_a_resistance_item_takes_its_extra_health() -> None:
    from game.rulesets.expedition.explore import max_health
    from game.rulesets.expedition.turns import check_quests

    m = _model()
    lv = get_level("expedition", m.id)
    st = get_ruleset("expedition").new_game(lv, ["A", "B"], 1)
    h = st.heroes[0]
    quest = m.npcs["nella"].quest
    assert quest is not None and quest.item == "oak_staff"
    assert m.items["oak_staff"].bonus is not None and m.items["oak_staff"].bonus.stat == "resistance"
    town = next(s for s in m.sites if s.kind == "town")
    h.x, h.y = town.at
    h.items, h.quests = ["oak_staff"], ["nella"]
    h.health = max_health(st, h)
    events: list[Any] = []
    check_quests(st, h, events)
    assert h.done == ["nella"] and h.items == []
    assert h.health == max_health(st, h) and st.invariants() == []


def test_winning_a_gold_race_by_selling_in_town_closes_the_market() -> None:
    from game.engine.actions import Action
    from game.rulesets.expedition.kinds import Step

    lv = get_level("expedition", "caravan_season")
    m = lv.model
    st = get_ruleset("expedition").new_game(lv, ["A", "B", "C"], 1)
    h = st.heroes[0]
    assert st.active == 0 and m.goal.kind == "gold"
    town = next(s for s in m.sites if s.kind == "town")
    h.x, h.y = town.at
    st.step = Step.CITY
    normal = len(st.decks["normal"])
    st.apply(Action.of("browse"))
    assert len(st.market) == 4
    h.gold = m.goal.count - 1
    st.decks["rare"].remove("sunsteel_blade")
    h.items = ["sunsteel_blade"]
    st.apply(Action.of("sell", slot=0))
    assert st.result() is not None and st.result().winners == (0,)
    assert st.market == [] and st.invariants() == []
    assert len(st.decks["normal"]) == normal  # the four browsed cards went back
