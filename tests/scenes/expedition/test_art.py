"""The expedition's art: the committed SVGs are exactly what tools/expedition_art.py writes; at least six
walkable and two impassable biomes with several variants each, every shipped level's biomes have a tile
(their own sprite, an alias or their id), every site kind a marker, and the files rasterize."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pygame

from game.engine.paths import assets_dir

ROOT = Path(__file__).resolve().parents[3]
ART = assets_dir() / "expedition"


def _generator() -> Any:
    spec = importlib.util.spec_from_file_location("expedition_art", ROOT / "tools" / "expedition_art.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_committed_art_is_what_the_generator_writes(tmp_path: Path) -> None:
    n = _generator().write_all(tmp_path)
    made = {p.relative_to(tmp_path).as_posix(): p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.svg")}
    assert len(made) == n
    shipped = {p.relative_to(ART).as_posix(): p.read_text(encoding="utf-8") for p in ART.rglob("*.svg")}
    assert made == shipped, "run: python tools/expedition_art.py"


def test_biome_tiles_six_walkable_two_impassable_several_variants() -> None:
    walkable = {"plains", "forest", "hills", "swamp", "desert", "snow", "jungle", "moor"}
    impassable = {"water", "peaks"}
    for biome in walkable | impassable:
        variants = sorted(ART.glob(f"biomes/{biome}_*.svg"))
        assert len(variants) >= 3, biome
    for kind in ("town", "ruin", "lair", "shrine"):
        assert (ART / "sites" / f"{kind}.svg").is_file()
    for side in ("n", "e", "s", "w", "hub"):
        assert (ART / "roads" / f"road_{side}.svg").is_file()
    assert len(list(ART.glob("monsters/*.svg"))) >= 10
    assert len(list(ART.glob("npcs/*.svg"))) >= 8


def test_every_shipped_level_biome_and_site_has_art() -> None:
    from game.engine.levels import discover_levels
    from game.scenes.expedition.panes.common import site_path, tile_path

    levels = [e for e in discover_levels("expedition", include_mods=False) if e.ok]
    assert levels
    for e in levels:
        m = e.level.model
        for bid, b in m.biomes.items():
            assert tile_path(b.sprite or bid, 0, bid) is not None, f"{e.id}: biome {bid} has no tile"
        for s in m.sites:
            assert (assets_dir() / site_path(s.kind)).is_file()


def test_every_svg_rasterizes() -> None:
    pygame.init()
    for p in ART.rglob("*.svg"):
        surf = pygame.image.load_sized_svg(str(p), (32, 32))
        assert surf.get_size() == (32, 32)
        assert surf.get_bounding_rect().w > 0, f"{p.name} draws nothing"
