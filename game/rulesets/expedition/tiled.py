"""Reading a level's map drawn in the Tiled map editor (Tiled JSON, ``.tmj``) into the level's data.

A level may give ``map.tiled = "maps/marsh.tmj"`` (relative to the level file, inside its mod folder)
instead of ``map.rows``. When the level file is loaded (engine/levelmodel.py asks the ruleset's
``expand_level``), the file is read safely (engine/levelfiles.py: size cap, no links out of the folder,
the level catalogue notes it so an edit reloads the level), checked against the small schema below,
and turned into plain level data: ``map.rows`` (one biome letter a square), and ``sites``, ``placed``
NPCs and ``starts`` from the object layer. Saves carry the expanded data, so a save never needs the
``.tmj`` again. What is read:

- a tile layer named ``biomes`` (``width`` x ``height`` gids, no compression); a tile's biome is its
  custom property ``biome``, else its ``type``/``class``, in the map's tilesets (``firstgid`` + tile id);
- an object layer named ``sites``: objects whose ``type``/``class`` is ``site`` (properties ``id``,
  ``kind``, optional ``name`` or ``name_en``/``name_es``/``name_it``, ``safe``, ``holds``, ``event``),
  ``npc`` (property ``npc``) or ``start``; an object's square is its position divided by the tile size
  (tile objects are anchored at the bottom).

Errors name the level file, the map file and the field: ``map.tiled: maps/marsh.tmj: layers[0].data[17]:
tile 9 has no biome``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from game.engine import catalogue
from game.engine.levelerrors import LevelError
from game.engine.levelfiles import _bad_relative, _checked_file, _display, _inside, _read_capped

MAX_TMJ_BYTES = 512 * 1024
GID_MASK = 0x1FFFFFFF  # Tiled keeps the flip flags in the high bits


class _Loose(BaseModel):
    """Tiled writes many keys we do not need: they are ignored, the ones we read are checked."""

    model_config = ConfigDict(extra="ignore", frozen=True)


class TProp(_Loose):
    """A Tiled custom property."""

    name: str = Field(max_length=60)
    value: str | int | float | bool


class TTile(_Loose):
    """A tile of a tileset with its type/class and properties."""

    id: int = Field(ge=0, le=100000)
    type: str = ""
    class_: str = Field("", alias="class")
    properties: list[TProp] = Field(default_factory=list, max_length=32)


class TTileset(_Loose):
    """An embedded tileset."""

    firstgid: int = Field(ge=1)
    name: str = ""
    tiles: list[TTile] = Field(default_factory=list, max_length=4096)


class TObject(_Loose):
    """An object of the object layer."""

    name: str = Field("", max_length=200)
    type: str = ""
    class_: str = Field("", alias="class")
    x: float
    y: float
    gid: int | None = None
    properties: list[TProp] = Field(default_factory=list, max_length=32)


class TLayer(_Loose):
    """A tile layer or an object layer."""

    type: Literal["tilelayer", "objectgroup", "imagelayer", "group"]
    name: str = ""
    width: int | None = Field(None, ge=1, le=96)
    height: int | None = Field(None, ge=1, le=96)
    data: list[int] | str | None = None
    encoding: str | None = None
    compression: str | None = None
    objects: list[TObject] = Field(default_factory=list, max_length=512)


class TMap(_Loose):
    """A Tiled map (JSON format)."""

    width: int = Field(ge=1, le=96)
    height: int = Field(ge=1, le=96)
    tilewidth: int = Field(ge=1, le=1024)
    tileheight: int = Field(ge=1, le=1024)
    orientation: Literal["orthogonal"] = "orthogonal"
    infinite: Literal[False] = False
    layers: list[TLayer] = Field(min_length=1, max_length=32)
    tilesets: list[TTileset] = Field(default_factory=list, max_length=16)


def _props(props: list[TProp]) -> dict[str, Any]:
    return {p.name: p.value for p in props}


def _kind_of(thing: Any) -> str:
    return str(thing.class_ or thing.type or "")


def read_tmj(path: Path, root: Path, where: str) -> TMap:
    """Read and check one Tiled JSON file (inside ``root``, capped); LevelError naming the field otherwise."""
    real, st = _checked_file(path, root, where, MAX_TMJ_BYTES)

    def parse(raw: bytes) -> dict[str, Any]:
        try:
            data = json.loads(raw.decode("utf-8"), parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            raise LevelError(where, [f"not valid Tiled JSON: {str(exc)[:120]}"]) from None
        if not isinstance(data, dict):
            raise LevelError(where, ["expected a Tiled map (a JSON object)"])
        return data

    data = catalogue.parsed_file(real, catalogue.stamp_of(st), where, lambda: _read_capped(real, where, MAX_TMJ_BYTES),
                                 parse)
    try:
        return TMap.model_validate(data)
    except ValidationError as exc:
        lines = []
        for err in exc.errors()[:10]:
            loc = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in err["loc"]).replace(".[", "[")
            lines.append(f"{loc or '(top level)'}: {err['msg']}")
        raise LevelError(where, lines) from None


#: the languages a site's name may be given in, as Tiled properties name_en, name_es, name_it
NAME_LANGS = ("en", "es", "it")


def _site_name(p: dict[str, Any], object_name: str, where: str, problems: list[str]) -> Any:
    """A site's name: ``name_en``/``name_es``/``name_it`` properties as a table, else ``name``, the object's name, the id.

    English is the one a table must have (the others fall back to it): the plain ``name`` or the object's
    name stands in for it when only other languages are given.
    """
    plain = p.get("name") or object_name or p.get("id")
    langs = {k[5:]: v for k, v in p.items() if k.startswith("name_")}
    if not langs:
        return plain
    table: dict[str, Any] = {}
    for lang, text in sorted(langs.items()):
        if lang not in NAME_LANGS:
            problems.append(f"{where}.properties.name_{lang}: unknown language {lang!r}; expected name_en, "
                            "name_es or name_it")
        elif not isinstance(text, str) or not text.strip():
            problems.append(f"{where}.properties.name_{lang}: expected a text property, got {text!r}")
        else:
            table[lang] = text
    if "en" not in table and isinstance(plain, str) and plain:
        table["en"] = plain
    return table


def _tile_biomes(tm: TMap) -> dict[int, str]:
    out: dict[int, str] = {}
    for ts in tm.tilesets:
        for tile in ts.tiles:
            biome = _props(tile.properties).get("biome") or _kind_of(tile)
            if biome:
                out[ts.firstgid + tile.id] = str(biome)
    return out


def to_level_parts(tm: TMap, letters: dict[str, str], field: str) -> tuple[list[str], list[Any], list[Any],
                                                                             list[Any]]:
    """(rows, sites, placed NPCs, starts) of a checked map; ``letters`` maps biome id -> letter."""
    problems: list[str] = []
    layers = [(i, ly) for i, ly in enumerate(tm.layers) if ly.type == "tilelayer" and ly.name == "biomes"]
    if not layers:
        raise ValueError(f"{field}: no tile layer named 'biomes'")
    li, layer = layers[0]
    if not isinstance(layer.data, list) or layer.encoding not in (None, "csv") or layer.compression:
        raise ValueError(f"{field}layers[{li}].data: save the map with tile layer format CSV (no compression)")
    if len(layer.data) != tm.width * tm.height:
        raise ValueError(f"{field}layers[{li}].data: {len(layer.data)} tiles for a {tm.width}x{tm.height} map")
    biomes = _tile_biomes(tm)
    rows = []
    for y in range(tm.height):
        row = []
        for x in range(tm.width):
            k = y * tm.width + x
            gid = layer.data[k] & GID_MASK
            biome = biomes.get(gid)
            letter = letters.get(biome or "")
            if letter is None:
                problems.append(f"{field}layers[{li}].data[{k}]: square {[x, y]}: tile {gid} has "
                                + ("no biome (give it a property 'biome')" if biome is None
                                   else f"unknown biome {biome!r}"))
                row.append("?")
            else:
                row.append(letter)
        rows.append("".join(row))
    sites: list[Any] = []
    placed: list[Any] = []
    starts: list[Any] = []
    for oi, ly in enumerate(tm.layers):
        if ly.type != "objectgroup" or ly.name != "sites":
            continue
        for j, ob in enumerate(ly.objects):
            where = f"{field}layers[{oi}].objects[{j}]"
            oy = ob.y - (1 if ob.gid is not None else 0)
            sq = [int(ob.x // tm.tilewidth), int(oy // tm.tileheight)]
            p = _props(ob.properties)
            kind = _kind_of(ob)
            if kind == "site":
                site: dict[str, Any] = {"id": p.get("id"), "kind": p.get("kind"), "at": sq,
                                        "name": _site_name(p, ob.name, where, problems)}
                for opt in ("safe", "holds", "event"):
                    if opt in p:
                        site[opt] = p[opt]
                if not site["id"] or not site["kind"]:
                    problems.append(f"{where}: a site needs the properties 'id' and 'kind'")
                sites.append(site)
            elif kind == "npc":
                if not p.get("npc"):
                    problems.append(f"{where}: an npc object needs the property 'npc'")
                placed.append({"npc": p.get("npc"), "at": sq})
            elif kind == "start":
                starts.append(sq)
            else:
                problems.append(f"{where}: type {kind!r}: expected site, npc or start")
    if problems:
        raise ValueError("; ".join(problems[:12]))
    return rows, sites, placed, starts


def expand(data: dict[str, Any], path: Path, root: Path) -> dict[str, Any]:
    """Return level data with its Tiled map read in (unchanged when the level has rows)."""
    m = data.get("map")
    if not isinstance(m, dict) or not m.get("tiled"):
        return data
    where = _display(path)
    rel = m["tiled"]
    if not isinstance(rel, str):
        raise LevelError(where, ["map.tiled: expected a relative path to a .tmj file"])
    bad = _bad_relative(rel)
    if bad:
        raise LevelError(where, [f"map.tiled: {rel!r}: {bad}"])
    if not rel.lower().endswith((".tmj", ".json")):
        raise LevelError(where, [f"map.tiled: {rel!r}: expected a Tiled JSON map (.tmj)"])
    if m.get("rows"):
        raise LevelError(where, ["map: give either rows or tiled, not both"])
    target = Path(path).parent / rel
    try:
        treal = target.resolve()
    except (OSError, RuntimeError):
        raise LevelError(where, [f"map.tiled: {rel!r}: file not found or unreadable"]) from None
    if not _inside(treal, Path(root)):
        raise LevelError(where, [f"map.tiled: {rel!r} leaves the folder {Path(root).name}/: refused"])
    try:
        tm = read_tmj(target, Path(root), where)
    except LevelError as exc:
        raise LevelError(where, [f"map.tiled: {rel}: {p}" for p in exc.problems]) from None
    raw = data.get("biomes")
    biomes: dict[str, Any] = raw if isinstance(raw, dict) else {}
    letters = {str(bid): str(b.get("letter")) for bid, b in biomes.items() if isinstance(b, dict) and b.get("letter")}
    try:
        rows, sites, placed, starts = to_level_parts(tm, letters, f"map.tiled: {rel}: ")
    except ValueError as exc:
        raise LevelError(where, [str(exc)]) from None
    out = dict(data)
    out["map"] = {"rows": rows, "tiled": rel}
    out["sites"] = list(data.get("sites") or []) + sites
    out["placed"] = list(data.get("placed") or []) + placed
    if starts:
        out["starts"] = list(data.get("starts") or []) + starts
    return out
