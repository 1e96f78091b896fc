"""Expedition level files: the schema's errors name the field; Tiled JSON maps (.tmj) read and checked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine.levels import Level, LevelError, load_level_file
from tests.rulesets.expedition.helpers import level_data

LEVEL = '''format = 1
ruleset = "expedition"
id = "marsh"
title = "Marsh"
goal = { kind = "reach", site = "hut" }
party = ["a"]
starts = [[0, 0]]
players = { min = 1, max = 1 }

[biomes.grass]
name = "Grass"
letter = "g"

[biomes.bog]
name = "Bog"
letter = "b"
dangerous = false

[biomes.pool]
name = "Pool"
letter = "~"
walkable = false

[heroes.a]
name = "A"

[npcs.witch]
name = "Witch"
message = "Go to {site}."

[map]
tiled = "maps/marsh.tmj"
'''


def tmj(**over: Any) -> dict[str, Any]:
    """A 3x2 Tiled map: grass, bog, pool tiles; a town, a hut, an NPC and a start."""
    data: dict[str, Any] = {
        "type": "map", "version": "1.10", "orientation": "orthogonal", "infinite": False,
        "width": 3, "height": 2, "tilewidth": 32, "tileheight": 32, "renderorder": "right-down",
        "tilesets": [{"firstgid": 1, "name": "biomes", "tilecount": 3, "tiles": [
            {"id": 0, "type": "grass"},
            {"id": 1, "properties": [{"name": "biome", "type": "string", "value": "bog"}]},
            {"id": 2, "class": "pool"}]}],
        "layers": [
            {"type": "tilelayer", "name": "biomes", "width": 3, "height": 2, "data": [1, 1, 2, 3, 1, 2],
             "opacity": 1, "visible": True, "x": 0, "y": 0},
            {"type": "objectgroup", "name": "sites", "objects": [
                {"id": 1, "type": "site", "name": "Mossford", "x": 5, "y": 6, "width": 0, "height": 0,
                 "properties": [{"name": "id", "type": "string", "value": "mossford"},
                                {"name": "kind", "type": "string", "value": "town"}]},
                {"id": 2, "class": "site", "name": "Hut", "x": 70, "y": 40,
                 "properties": [{"name": "id", "value": "hut"}, {"name": "kind", "value": "ruin"},
                                {"name": "safe", "value": True}]},
                {"id": 3, "type": "npc", "x": 33, "y": 1, "properties": [{"name": "npc", "value": "witch"}]},
                {"id": 4, "type": "start", "x": 40, "y": 50, "point": True},
            ]},
        ],
    }
    data.update(over)
    return data


def write(tmp_path: Path, level: str = LEVEL, tiled: Any = None, name: str = "marsh.tmj") -> Path:
    folder = tmp_path / "pack" / "expedition"
    (folder / "maps").mkdir(parents=True)
    (folder / "maps" / name).write_text(json.dumps(tmj() if tiled is None else tiled), encoding="utf-8")
    path = folder / "marsh.toml"
    path.write_text(level, encoding="utf-8")
    return path


def _problems(path: Path) -> str:
    with pytest.raises(LevelError) as info:
        load_level_file(path, root=path.parent.parent)
    return str(info.value)


def test_a_tiled_map_becomes_rows_sites_npcs_and_starts(tmp_path: Path) -> None:
    path = write(tmp_path)
    lv = load_level_file(path, root=path.parent.parent)
    m = lv.model
    assert m.map.rows == ["ggb", "~gb"] and m.map.tiled == "maps/marsh.tmj"
    assert [(s.id, s.kind, tuple(s.at)) for s in m.sites] == [("mossford", "town", (0, 0)), ("hut", "ruin", (2, 1))]
    assert m.site("hut").is_safe and m.site("mossford").name == "Mossford"
    assert [(p.npc, tuple(p.at)) for p in m.placed] == [("witch", (1, 0))]
    assert [tuple(s) for s in m.starts] == [(0, 0), (1, 1)]
    # a save carries the expanded data: it validates without the .tmj
    again = Level.from_data(dict(lv.data), where="save")
    assert again.content_hash == lv.content_hash


@pytest.mark.parametrize(("tiled", "expected"), [
    ({"layers": []}, "layers"),
    ({"width": 4}, "layers[0].data: 6 tiles for a 4x2 map"),
    ({"orientation": "isometric"}, "orientation"),
    ({"tilesets": []}, "tile 1 has no biome"),
])
def test_tiled_errors_name_the_level_the_map_file_and_the_field(tmp_path: Path, tiled: dict, expected: str) -> None:
    text = _problems(write(tmp_path, tiled=tmj(**tiled)))
    assert "marsh.toml" in text and "map.tiled: maps/marsh.tmj" in text and expected in text


def test_tiled_unknown_biome_and_bad_objects(tmp_path: Path) -> None:
    data = tmj()
    data["tilesets"][0]["tiles"][0]["type"] = "lava"
    data["layers"][1]["objects"].append({"id": 9, "type": "dragon", "x": 0, "y": 0})
    text = _problems(write(tmp_path, tiled=data))
    assert "layers[0].data[0]: square [0, 0]: tile 1 has unknown biome 'lava'" in text
    assert "layers[1].objects[4]: type 'dragon': expected site, npc or start" in text


def test_tiled_path_stays_inside_the_mod_folder(tmp_path: Path) -> None:
    outside = tmp_path / "secret.tmj"
    outside.write_text(json.dumps(tmj()), encoding="utf-8")
    text = _problems(write(tmp_path, level=LEVEL.replace("maps/marsh.tmj", "../../secret.tmj")))
    assert "leaves the folder" in text
    text = _problems(write(tmp_path / "b", level=LEVEL.replace("maps/marsh.tmj", "/etc/passwd.tmj")))
    assert "relative" in text
    text = _problems(write(tmp_path / "c", level=LEVEL.replace("maps/marsh.tmj", "maps/missing.tmj")))
    assert "map.tiled: maps/missing.tmj: file not found" in text


def test_tiled_not_json(tmp_path: Path) -> None:
    path = write(tmp_path)
    (path.parent / "maps" / "marsh.tmj").write_text("{nope", encoding="utf-8")
    assert "not valid Tiled JSON" in _problems(path)


@pytest.mark.parametrize(("change", "expected"), [
    ({"map": {"rows": ["==x", "==="]}}, "map.rows[0][2]: unknown biome letter 'x'"),
    ({"map": {"rows": ["===", "=="]}}, "map.rows[1]: 2 squares, but the first row has 3"),
    ({"starts": [[3, 2], [1, 2], [1, 3]]}, "starts[0]: square [3, 2] is on a biome heroes cannot enter"),
    ({"party": ["zed"]}, "party[0]: unknown hero 'zed'"),
    ({"goal": {"kind": "reach", "site": "tomb"}}, "goal: unknown site 'tomb'"),
    ({"rumours": [{"npc": "hermit", "site": "nowhere"}]}, "rumours[0].site: unknown site 'nowhere'"),
    ({"placed": [{"npc": "hermit", "at": [99, 0]}]}, "placed[0].at: square [99, 0] is off the 8x6 map"),
])
def test_level_schema_errors_name_the_field(change: dict, expected: str) -> None:
    with pytest.raises(LevelError) as info:
        Level.from_data(level_data(**change), where="levels/expedition/x.toml")
    assert expected in str(info.value) and "levels/expedition/x.toml" in str(info.value)


def test_monsters_are_checked_as_skirmish_combatants() -> None:
    data = level_data()
    data["monsters"]["wolf"]["actions"] = ["nibble"]
    with pytest.raises(LevelError) as info:
        Level.from_data(data, where="x.toml")
    assert "monsters.wolf: actions[0]: unknown action 'nibble'" in str(info.value)
    data = level_data()
    data["monsters"]["wolf"]["body"] = "blob"
    with pytest.raises(LevelError) as info:
        Level.from_data(data, where="x.toml")
    assert "monsters.wolf.body: unknown body 'blob'" in str(info.value)
