"""docs/LEVELS.md "Expedition levels": the complete example level, the person's own clue and the tiny
Tiled map all load as a mod would (through the level loader, shipped tables included by ``shipped:``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from game.engine.levelerrors import LevelError
from game.engine.levelmodel import load_level_file

DOC = Path(__file__).resolve().parents[3] / "docs" / "LEVELS.md"


def _section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## Expedition levels")
    nxt = text.find("\n## ", start + 5)
    return text[start: nxt if nxt > 0 else len(text)]


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", _section(), flags=re.S)


def _mod(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "mods" / "expedition"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _example() -> str:
    return next(b for b in _blocks("toml") if "# expedition example: lost_cairn.toml" in b)


def test_the_complete_example_level_loads(tmp_path: Path) -> None:
    path = _mod(tmp_path, "lost_cairn.toml", _example())
    level = load_level_file(path, tmp_path / "mods")
    m = level.model
    assert (m.width, m.height) == (10, 5)
    assert m.mode == "competitive" and m.goal_candidates() == ["old_cairn", "standing_stones"]
    assert [p.npc for p in m.placed] == ["bram", "old_shepherd"]
    assert len(m.monsters) >= 10 and len(m.items) >= 26  # the shipped tables came in


def test_a_persons_own_clue_in_the_example_loads(tmp_path: Path) -> None:
    extra = next(b for b in _blocks("toml") if b.startswith("[npcs.bram]"))
    path = _mod(tmp_path, "lost_cairn.toml", _example() + "\n" + extra)
    m = load_level_file(path, tmp_path / "mods").model
    assert m.npcs["bram"].tells == "old_cairn" and "{site}" in m.npcs["bram"].message.en


def test_the_tiny_tiled_map_loads(tmp_path: Path) -> None:
    tmj = json.loads(_blocks("json")[0])
    maps = tmp_path / "mods" / "expedition" / "maps"
    maps.mkdir(parents=True)
    (maps / "tiny.tmj").write_text(json.dumps(tmj), encoding="utf-8")
    level = _example()
    level = re.sub(r"\[map\]\nrows = \[.*?\]\n", '[map]\ntiled = "maps/tiny.tmj"\n', level, flags=re.S)
    level = re.sub(r"\n\[\[sites\]\].*", "\n", level, flags=re.S)  # the sites come from the map
    level = level.replace('goal = { kind = "reach", sites = ["old_cairn", "standing_stones"] }',
                          'goal = { kind = "reach", site = "cairn" }')
    level = level.replace("starts = [[1, 1], [1, 2]]\n", "").replace("players = { min = 1, max = 2 }",
                                                                       "players = { min = 1, max = 1 }")
    level = re.sub(r"placed = \[.*?\]\n", "", level)
    level = re.sub(r"rumours = \[.*?\]\n", "", level)
    path = _mod(tmp_path, "tiny.toml", level)
    m = load_level_file(path, tmp_path / "mods").model
    assert m.map.rows == ["=pp", "==f"]
    assert {s.id: tuple(s.at) for s in m.sites} == {"millford": (0, 0), "cairn": (2, 1)}
    assert [(p.npc, tuple(p.at)) for p in m.placed] == [("bram", (1, 0))]
    assert [tuple(s) for s in m.starts] == [(0, 0)]


def test_a_broken_tiled_map_names_the_field(tmp_path: Path) -> None:
    tmj = json.loads(_blocks("json")[0])
    tmj["layers"][0]["data"][4] = 9
    maps = tmp_path / "mods" / "expedition" / "maps"
    maps.mkdir(parents=True)
    (maps / "lost_cairn.tmj").write_text(json.dumps(tmj), encoding="utf-8")
    level = re.sub(r"\[map\]\nrows = \[.*?\]\n", '[map]\ntiled = "maps/lost_cairn.tmj"\n', _example(), flags=re.S)
    path = _mod(tmp_path, "lost_cairn.toml", level)
    with pytest.raises(LevelError) as err:
        load_level_file(path, tmp_path / "mods")
    assert "maps/lost_cairn.tmj: layers[0].data[4]: square [1, 1]: tile 9 has no biome" in str(err.value)
