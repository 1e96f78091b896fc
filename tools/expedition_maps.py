#!/usr/bin/env python3
"""Draw the expedition levels' biome maps from small recipes (rows of letters, or a Tiled .tmj file).

Hand-writing 40x30 letters is error-prone, so each shipped map is a recipe here: regions of
biomes grown around seed points, lakes and ridges of impassable tiles, roads laid between
named squares. The output is plain level data that is committed and can then be edited by hand:

    python tools/expedition_maps.py rows lantern_road     # prints the `rows = [...]` TOML block
    python tools/expedition_maps.py tmj marsh_lights      # redraws levels/expedition/maps/marsh_lights.tmj
                                                          # (its object layer is kept; --objects FILE.json
                                                          #  gives a new one: [{type, at, name, props}])

The .tmj writer also shows modders the Tiled layout the expedition reader expects: a tile
layer "biomes" whose tile ids follow the tileset's tiles (each tile has a string property
"biome" naming a biome id), and an object layer "sites" whose point objects have a type
(site, npc or start) and a string property "id" (sites also "kind", "name").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: map letter -> biome id (levels/expedition/_biomes.toml)
LEGEND = {"p": "meadow", "f": "forest", "h": "hills", "m": "marsh", "d": "dunes", "s": "snowfield",
          "o": "moor", "=": "road", "~": "deep_water", "^": "peaks"}
WALKABLE = set("pfhmdso=")

#: recipe: size, seed, regions [(x, y, letter)], blocks [(x, y, letter, radius)], roads [[(x, y)...]]
RECIPES: dict[str, dict[str, Any]] = {
    "lantern_road": {
        "size": (40, 30), "seed": 11,
        "regions": [(4, 4, "p"), (12, 6, "f"), (22, 4, "h"), (33, 5, "s"), (6, 15, "f"), (16, 14, "p"),
                    (27, 13, "h"), (36, 15, "s"), (5, 25, "m"), (15, 24, "m"), (25, 23, "f"), (35, 25, "o"),
                    (10, 10, "p"), (30, 20, "o"), (20, 18, "f")],
        "blocks": [(19, 9, "~", 2), (9, 20, "~", 2), (29, 8, "^", 2), (37, 10, "^", 2), (23, 27, "~", 1)],
        "roads": [[(3, 3), (3, 12), (16, 12), (16, 16), (28, 16), (28, 22), (36, 22), (36, 26)]],
    },
    "sunken_bell": {
        "size": (44, 32), "seed": 23,
        "regions": [(6, 5, "f"), (18, 4, "h"), (30, 5, "s"), (40, 6, "s"), (5, 16, "m"), (16, 16, "p"),
                    (27, 15, "o"), (39, 16, "h"), (8, 27, "d"), (20, 27, "d"), (31, 26, "m"), (40, 27, "f"),
                    (22, 10, "f"), (12, 22, "p"), (34, 20, "o")],
        "blocks": [(11, 10, "~", 2), (25, 21, "~", 2), (35, 10, "^", 2), (17, 30, "^", 1), (3, 22, "~", 1)],
        "roads": [[(2, 15), (22, 15), (22, 2)], [(22, 15), (42, 15)], [(22, 15), (22, 29)]],
    },
    "marsh_lights": {
        "size": (40, 30), "seed": 37,
        "regions": [(5, 5, "p"), (15, 4, "f"), (27, 5, "m"), (36, 6, "o"), (6, 15, "m"), (18, 15, "m"),
                    (29, 14, "f"), (37, 16, "m"), (5, 25, "f"), (17, 25, "o"), (28, 25, "m"), (36, 25, "h")],
        "blocks": [(12, 10, "~", 2), (24, 10, "~", 1), (21, 20, "~", 2), (33, 20, "~", 1), (8, 20, "~", 1)],
        "roads": [[(2, 2), (20, 2), (20, 7), (36, 7)], [(2, 2), (2, 27), (14, 27)]],
    },
    "caravan_season": {
        "size": (48, 30), "seed": 41,
        "regions": [(5, 5, "d"), (16, 6, "d"), (28, 5, "h"), (40, 5, "s"), (6, 15, "p"), (18, 15, "d"),
                    (30, 15, "d"), (42, 15, "s"), (6, 25, "m"), (18, 25, "p"), (30, 25, "f"), (42, 25, "h"),
                    (24, 10, "d"), (12, 20, "d")],
        "blocks": [(23, 20, "^", 2), (35, 10, "^", 1), (10, 10, "~", 1), (38, 21, "~", 2)],
        "roads": [[(3, 14), (45, 14)], [(24, 2), (24, 27)]],
    },
}


def _grow(recipe: dict[str, Any]) -> list[list[str]]:
    """Biome regions: each square takes the letter of the nearest seed point (a little jitter)."""
    w, h = recipe["size"]
    rng = random.Random(recipe["seed"])
    pts = recipe["regions"]
    grid = [["p"] * w for _ in range(h)]
    for y in range(h):
        for x in range(w):
            best = min(pts, key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2 + rng.random() * 30)
            grid[y][x] = best[2]
    for bx, by, letter, r in recipe["blocks"]:
        for y in range(max(0, by - r - 1), min(h, by + r + 2)):
            for x in range(max(0, bx - r - 1), min(w, bx + r + 2)):
                d = abs(x - bx) + abs(y - by)
                if d <= r or (d == r + 1 and rng.random() < 0.4):
                    grid[y][x] = letter
    for road in recipe["roads"]:
        for (x0, y0), (x1, y1) in zip(road, road[1:]):
            for x in range(min(x0, x1), max(x0, x1) + 1):
                grid[y0][x] = "="
            for y in range(min(y0, y1), max(y0, y1) + 1):
                grid[y][x1] = "="
    _connect(grid)
    return grid


def _connect(grid: list[list[str]]) -> None:
    """Open any walkable pocket cut off from the first road square (turn blockers into plains)."""
    h, w = len(grid), len(grid[0])
    start = next((x, y) for y in range(h) for x in range(w) if grid[y][x] == "=")
    while True:
        seen = {start}
        todo = deque([start])
        while todo:
            x, y = todo.popleft()
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and grid[ny][nx] in WALKABLE:
                    seen.add((nx, ny))
                    todo.append((nx, ny))
        lost = [(x, y) for y in range(h) for x in range(w) if grid[y][x] in WALKABLE and (x, y) not in seen]
        if not lost:
            return
        x, y = lost[0]
        # walk from the lost square toward the start, opening blockers on the way
        while (x, y) not in seen:
            if grid[y][x] not in WALKABLE:
                grid[y][x] = "p"
            x += (start[0] > x) - (start[0] < x) if x != start[0] else 0
            if x == start[0] or grid[y][x] not in WALKABLE:
                y += (start[1] > y) - (start[1] < y)


def rows(name: str) -> list[str]:
    """Return the map of a recipe as rows of biome letters."""
    return ["".join(r) for r in _grow(RECIPES[name])]


def tmj(grid_rows: list[str], objects: list[dict[str, Any]], legend: dict[str, str]) -> dict[str, Any]:
    """Return a Tiled 1.10 JSON map: a 'biomes' tile layer (tileset with 'biome' properties), a 'sites' object layer."""
    h, w = len(grid_rows), len(grid_rows[0])
    letters = list(legend)
    tiles = [{"id": i, "properties": [{"name": "biome", "type": "string", "value": legend[ch]}]}
             for i, ch in enumerate(letters)]
    data = [letters.index(ch) + 1 for row in grid_rows for ch in row]
    objs = []
    for i, ob in enumerate(objects, start=1):
        props = [{"name": k, "type": "string", "value": v} for k, v in ob.get("props", {}).items()]
        objs.append({"id": i, "name": ob.get("name", ""), "type": ob["type"], "point": True,
                     "x": ob["at"][0] * 32 + 16, "y": ob["at"][1] * 32 + 16, "width": 0, "height": 0,
                     "rotation": 0, "visible": True, "properties": props})
    return {
        "compressionlevel": -1, "height": h, "width": w, "infinite": False, "orientation": "orthogonal",
        "renderorder": "right-down", "tiledversion": "1.10.2", "version": "1.10", "type": "map",
        "tileheight": 32, "tilewidth": 32, "nextlayerid": 3, "nextobjectid": len(objs) + 1,
        "layers": [
            {"id": 1, "name": "biomes", "type": "tilelayer", "width": w, "height": h, "x": 0, "y": 0,
             "opacity": 1, "visible": True, "data": data},
            {"id": 2, "name": "sites", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0,
             "opacity": 1, "visible": True, "objects": objs},
        ],
        "tilesets": [{"firstgid": 1, "name": "biomes", "tilewidth": 32, "tileheight": 32,
                      "tilecount": len(letters), "columns": len(letters), "margin": 0, "spacing": 0,
                      "image": "biomes.png", "imagewidth": 32 * len(letters), "imageheight": 32,
                      "tiles": tiles}],
    }


def main() -> int:
    """Print a recipe's rows, or write its .tmj (sites from the --objects JSON file)."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["rows", "tmj"])
    p.add_argument("name", choices=sorted(RECIPES))
    p.add_argument("--objects", help="JSON list of {type, at, name, props} for the tmj sites layer")
    args = p.parse_args()
    grid = rows(args.name)
    if args.what == "rows":
        print("rows = [")
        for r in grid:
            print(f'  "{r}",')
        print("]")
        return 0
    legend = LEGEND
    out = ROOT / "levels" / "expedition" / "maps" / f"{args.name}.tmj"
    data = tmj(grid, json.loads(Path(args.objects).read_text(encoding="utf-8")) if args.objects else [], legend)
    if not args.objects and out.exists():
        # redraw the biomes only: keep the object layer (sites, NPCs, starts) of the existing map
        old = json.loads(out.read_text(encoding="utf-8"))
        keep = [ly for ly in old.get("layers", []) if ly.get("type") == "objectgroup"]
        data["layers"] = data["layers"][:1] + keep
        data["nextobjectid"] = old.get("nextobjectid", data["nextobjectid"])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(out.relative_to(ROOT), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
