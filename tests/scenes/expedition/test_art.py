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


def test_every_hero_archetype_has_a_whole_figure() -> None:
    from game.engine.levels import discover_levels
    from game.scenes.expedition.panes.common import hero_path

    for e in discover_levels("expedition", include_mods=False):
        if not e.ok:
            continue
        for hid, h in e.level.model.heroes.items():
            path = hero_path(h.sprite, hid)
            assert path.startswith("expedition/heroes/"), f"{e.id}: hero {hid} has no figure"
            assert (assets_dir() / path).is_file()
            pygame.image.load(str(assets_dir() / path))


def test_seed000_2_5_the_arena_draws_heroes_as_heroes_and_monsters_as_on_the_map(app: Any) -> None:
    from game.scenes.expedition.panes.common import monster_path
    from game.scenes.skirmish.panes.common import figure, sprite
    from game.ui import gfx
    from tests.scenes.expedition.conftest import advance, frames, human_step, start

    scene = start(app)
    assert advance(scene, human_step("help"), prefer=("fight",), avoid=("quick",))
    frames(app, 2)
    enc = scene.match.state.encounter
    name, icon, body = scene.reader.monster(enc.monster)
    on_map = monster_path(icon, body)
    scene.match.apply(next(a for a in scene.match.legal_actions() if a.kind == "battle"), scene.match.to_act())
    scene.driver.invalidate()
    scene.reader.forget()
    frames(app, 2)
    assert scene.mode() == "battle"
    sv = scene.reader.fight().view
    assert sv is not None
    heroes = [c for c in sv.combatants if c.side == "heroes"]
    minions = [c for c in sv.combatants if c.side == "minions"]
    assert heroes and minions
    archetype = scene.match.level.model.heroes[scene.match.state.heroes[0].hero]
    for c in heroes:
        assert figure(scene, c).startswith("expedition/heroes/"), c.id
        assert figure(scene, c) != sprite(c)  # no longer the skirmish body shape
    assert figure(scene, heroes[0]) == f"expedition/heroes/{archetype.sprite}.svg"
    for c in minions:
        assert figure(scene, c) == on_map, c.id  # the arena figure is the map's icon
    drawn: list[str] = []
    real = gfx.load_svg

    def spy(path: Any, size: Any) -> Any:
        drawn.append(str(path))
        return real(path, size)

    gfx.load_svg = spy  # type: ignore[assignment]
    try:
        scene.battle.draw(pygame.Surface((1280, 800)), scene.reader.fight())
    finally:
        gfx.load_svg = real  # type: ignore[assignment]
    assert on_map in drawn and f"expedition/heroes/{archetype.sprite}.svg" in drawn
    assert not any(p.endswith("body_humanoid.svg") for p in drawn)


def test_a_skirmish_host_without_figures_keeps_the_body_shapes() -> None:
    from types import SimpleNamespace

    from game.scenes.skirmish.panes.common import figure, sprite

    c = SimpleNamespace(side="minions", kind="", body="golem", id="m1")
    assert figure(object(), c) == sprite(c) == "skirmish/body_golem.svg"
    assert figure(SimpleNamespace(figure_of=lambda c: None), c) == sprite(c)
