"""Write the expedition scene's SVG art (biome tiles, roads, sites, tokens, monsters, portraits, items).

    python tools/expedition_art.py [OUTDIR]      # default: assets/expedition

Why a generator: the biome tiles come in several variants each, and hand-writing dozens of near-alike
files invites drift; this script draws them all from a few shapes with a seeded placement, so running
it again gives byte-identical files. The files it writes are committed (the program never runs this).
All of it is our own art: simple flat shapes, no text (nanosvg ignores ``<text>``).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
TILE = 64
VARIANTS = 3

#: biome id -> (ground colour, second ground colour, ink)
BIOMES: dict[str, tuple[str, str, str]] = {
    "plains": ("#a9c46a", "#bcd27c", "#5e7a2e"),
    "forest": ("#5f8f4a", "#6c9c52", "#24401e"),
    "hills": ("#9fae62", "#b3bd74", "#5a5a2a"),
    "swamp": ("#6f7f52", "#7d8a5c", "#33402a"),
    "desert": ("#e2c784", "#ead39a", "#a07a3a"),
    "snow": ("#e8eef2", "#f6f9fb", "#8aa0b4"),
    "jungle": ("#3f8248", "#4b9052", "#173a1c"),
    "moor": ("#8a7a6a", "#9a8474", "#4a3a3a"),
    "road": ("#b4c078", "#c2ca88", "#7a5a34"),
    "water": ("#3c6f9e", "#4a7fae", "#1e3f60"),
    "peaks": ("#8b8680", "#9a948c", "#3e3a36"),
}


def svg(body: str, size: int = TILE, note: str = "") -> str:
    """A complete SVG document of ``size`` square around ``body``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}">\n'
            f'<!-- Mesa de Heroes expedition art: {note} (our own, tools/expedition_art.py) -->\n{body}</svg>\n')


def ground(rng: random.Random, biome: str) -> str:
    """The square's base colour with a few soft patches (kept inside, so neighbours join cleanly)."""
    base, second, _ink = BIOMES[biome]
    out = [f'<rect x="0" y="0" width="{TILE}" height="{TILE}" fill="{base}"/>']
    for _ in range(4):
        x, y = rng.uniform(8, 56), rng.uniform(8, 56)
        out.append(f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{rng.uniform(6, 14):.1f}" ry="{rng.uniform(3, 8):.1f}" '
                   f'fill="{second}" fill-opacity="0.7"/>')
    return "\n".join(out)


def spots(rng: random.Random, n: int, margin: float = 9, gap: float = 13) -> list[tuple[float, float]]:
    """Up to ``n`` points in the square, kept ``gap`` apart."""
    pts: list[tuple[float, float]] = []
    for _ in range(n * 20):
        if len(pts) >= n:
            break
        p = (rng.uniform(margin, TILE - margin), rng.uniform(margin, TILE - margin))
        if all((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 >= gap * gap for q in pts):
            pts.append(p)
    return sorted(pts, key=lambda p: p[1])


def tree(x: float, y: float, s: float, leaf: str, ink: str) -> str:
    """A round-topped tree."""
    return (f'<ellipse cx="{x:.1f}" cy="{y + 7 * s:.1f}" rx="{6 * s:.1f}" ry="{2 * s:.1f}" fill="#000" fill-opacity="0.2"/>'
            f'<rect x="{x - 1.2 * s:.1f}" y="{y:.1f}" width="{2.4 * s:.1f}" height="{7 * s:.1f}" fill="#5a3a20"/>'
            f'<circle cx="{x:.1f}" cy="{y - 2 * s:.1f}" r="{6 * s:.1f}" fill="{leaf}" stroke="{ink}" stroke-width="1.2"/>'
            f'<circle cx="{x - 2 * s:.1f}" cy="{y - 4 * s:.1f}" r="{2.2 * s:.1f}" fill="#fff" fill-opacity="0.18"/>')


def pine(x: float, y: float, s: float, leaf: str, ink: str, snow: bool = False) -> str:
    """A conifer (snowy tops on snow)."""
    top = '#ffffff' if snow else leaf
    return (f'<ellipse cx="{x:.1f}" cy="{y + 7 * s:.1f}" rx="{5 * s:.1f}" ry="{1.8 * s:.1f}" fill="#000" fill-opacity="0.2"/>'
            f'<rect x="{x - 1 * s:.1f}" y="{y + 3 * s:.1f}" width="{2 * s:.1f}" height="{4 * s:.1f}" fill="#5a3a20"/>'
            f'<path d="M{x:.1f} {y - 10 * s:.1f} L{x + 6 * s:.1f} {y + 4 * s:.1f} L{x - 6 * s:.1f} {y + 4 * s:.1f} Z" '
            f'fill="{leaf}" stroke="{ink}" stroke-width="1.1"/>'
            f'<path d="M{x:.1f} {y - 10 * s:.1f} L{x + 2.6 * s:.1f} {y - 4 * s:.1f} L{x - 2.6 * s:.1f} {y - 4 * s:.1f} Z" '
            f'fill="{top}"/>')


def tile_plains(rng: random.Random) -> str:
    out = [ground(rng, "plains")]
    for x, y in spots(rng, 7, gap=10):
        out.append(f'<path d="M{x - 3:.1f} {y:.1f} l2 -5 l1 5 l2 -4 l1 4" fill="none" stroke="#5e7a2e" stroke-width="1.2"/>')
    for x, y in spots(rng, 3, gap=16):
        colour = rng.choice(["#f4e27a", "#f0f0f0", "#e89ab0"])
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="1.8" fill="{colour}"/>')
    return "\n".join(out)


def tile_forest(rng: random.Random) -> str:
    out = [ground(rng, "forest")]
    leaves = ["#3f7a3a", "#4c8a40", "#356b32"]
    for x, y in spots(rng, 6, gap=15):
        out.append(tree(x, y, rng.uniform(0.9, 1.2), rng.choice(leaves), "#1d3a1a"))
    return "\n".join(out)


def tile_jungle(rng: random.Random) -> str:
    out = [ground(rng, "jungle")]
    for x, y in spots(rng, 5, gap=16):
        out.append(tree(x, y, rng.uniform(1.0, 1.3), rng.choice(["#2f7a3a", "#3a8a42"]), "#123016"))
        out.append(f'<path d="M{x - 7:.1f} {y + 2:.1f} q4 -6 7 -2 q3 -4 7 2" fill="none" stroke="#7ac060" stroke-width="1.4"/>')
    return "\n".join(out)


def tile_hills(rng: random.Random) -> str:
    out = [ground(rng, "hills")]
    for x, y in spots(rng, 3, margin=14, gap=20):
        w = rng.uniform(12, 16)
        out.append(f'<path d="M{x - w:.1f} {y + 6:.1f} Q{x:.1f} {y - 14:.1f} {x + w:.1f} {y + 6:.1f} Z" '
                   f'fill="#8a9a52" stroke="#4e5a26" stroke-width="1.3"/>'
                   f'<path d="M{x - w * 0.5:.1f} {y - 1:.1f} Q{x - 2:.1f} {y - 6:.1f} {x + 2:.1f} {y - 5:.1f}" '
                   f'fill="none" stroke="#c8d48a" stroke-width="1.4"/>')
    return "\n".join(out)


def tile_swamp(rng: random.Random) -> str:
    out = [ground(rng, "swamp")]
    for x, y in spots(rng, 3, margin=14, gap=20):
        out.append(f'<ellipse cx="{x:.1f}" cy="{y:.1f}" rx="{rng.uniform(8, 12):.1f}" ry="{rng.uniform(4, 6):.1f}" '
                   f'fill="#4f6a5a" stroke="#2f4030" stroke-width="1"/>')
    for x, y in spots(rng, 5, gap=11):
        out.append(f'<path d="M{x:.1f} {y + 3:.1f} l0 -9 M{x + 2:.1f} {y + 3:.1f} l1 -7 M{x - 2:.1f} {y + 3:.1f} l-1 -6" '
                   f'stroke="#3a4a22" stroke-width="1.2"/>'
                   f'<ellipse cx="{x:.1f}" cy="{y - 6:.1f}" rx="1.2" ry="2.6" fill="#6a4a2a"/>')
    return "\n".join(out)


def tile_desert(rng: random.Random) -> str:
    out = [ground(rng, "desert")]
    for _ in range(3):
        y = rng.uniform(12, 54)
        out.append(f'<path d="M6 {y:.1f} Q22 {y - 6:.1f} 34 {y:.1f} T58 {y:.1f}" fill="none" stroke="#c9a45e" '
                   f'stroke-width="1.6"/>')
    if rng.random() < 0.7:
        x, y = rng.uniform(16, 48), rng.uniform(18, 46)
        out.append(f'<path d="M{x:.1f} {y + 10:.1f} l0 -16 M{x:.1f} {y:.1f} l-5 0 l0 -5 M{x:.1f} {y + 3:.1f} l5 0 l0 -6" '
                   f'fill="none" stroke="#4f7a3a" stroke-width="3" stroke-linecap="round"/>')
    return "\n".join(out)


def tile_snow(rng: random.Random) -> str:
    out = [ground(rng, "snow")]
    for x, y in spots(rng, 3, gap=18):
        out.append(pine(x, y, rng.uniform(0.8, 1.1), "#3f6a52", "#1e3a2a", snow=True))
    for x, y in spots(rng, 4, gap=12):
        out.append(f'<path d="M{x - 4:.1f} {y:.1f} q4 -2 8 0" fill="none" stroke="#b8c8d6" stroke-width="1.3"/>')
    return "\n".join(out)


def tile_water(rng: random.Random) -> str:
    out = [ground(rng, "water")]
    for x, y in spots(rng, 6, gap=12):
        out.append(f'<path d="M{x - 5:.1f} {y:.1f} q2.5 -3 5 0 t5 0" fill="none" stroke="#9cc4e4" stroke-width="1.4"/>')
    return "\n".join(out)


def tile_peaks(rng: random.Random) -> str:
    out = [ground(rng, "peaks")]
    for x, y in spots(rng, 2, margin=18, gap=22) or [(32, 36)]:
        w, h = rng.uniform(14, 18), rng.uniform(20, 26)
        out.append(f'<path d="M{x - w:.1f} {y + 10:.1f} L{x:.1f} {y + 10 - h:.1f} L{x + w:.1f} {y + 10:.1f} Z" '
                   f'fill="#6e6a66" stroke="#2e2a26" stroke-width="1.5"/>'
                   f'<path d="M{x:.1f} {y + 10 - h:.1f} L{x + w * 0.35:.1f} {y + 10 - h * 0.62:.1f} L{x + 1:.1f} '
                   f'{y + 10 - h * 0.7:.1f} L{x - w * 0.3:.1f} {y + 10 - h * 0.6:.1f} Z" fill="#f4f6f8"/>'
                   f'<path d="M{x:.1f} {y + 10 - h:.1f} L{x + 3:.1f} {y + 10:.1f}" stroke="#4e4a46" stroke-width="1"/>')
    return "\n".join(out)


def tile_moor(rng: random.Random) -> str:
    out = [ground(rng, "moor")]
    for x, y in spots(rng, 6, gap=12):
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{rng.uniform(3, 5):.1f}" fill="#7a4a7a" stroke="#3a2a3a" '
                   f'stroke-width="1"/><circle cx="{x - 1:.1f}" cy="{y - 1:.1f}" r="1.3" fill="#b886c0"/>')
    if rng.random() < 0.6:
        x, y = rng.uniform(18, 46), rng.uniform(18, 46)
        out.append(f'<path d="M{x - 6:.1f} {y + 4:.1f} L{x - 4:.1f} {y - 4:.1f} L{x + 4:.1f} {y - 5:.1f} L{x + 6:.1f} '
                   f'{y + 4:.1f} Z" fill="#9a9488" stroke="#3e3a36" stroke-width="1.2"/>')
    return "\n".join(out)


def tile_road(rng: random.Random) -> str:
    """The ground under a road (the scene draws the road itself toward its road neighbours)."""
    out = [ground(rng, "road")]
    for x, y in spots(rng, 4, gap=14):
        out.append(f'<path d="M{x - 3:.1f} {y:.1f} l2 -4 l1 4 l2 -3" fill="none" stroke="#6e8a3a" stroke-width="1.1"/>')
    return "\n".join(out)


TILES: dict[str, Callable[[random.Random], str]] = {
    "moor": tile_moor, "road": tile_road,
    "plains": tile_plains, "forest": tile_forest, "hills": tile_hills, "swamp": tile_swamp,
    "desert": tile_desert, "snow": tile_snow, "jungle": tile_jungle, "water": tile_water, "peaks": tile_peaks,
}

ROAD = "#b89462"
ROAD_EDGE = "#7a5a34"


def road_parts() -> dict[str, str]:
    """Road pieces: a hub and a half-segment toward each side (the scene joins them by neighbours)."""
    parts = {"road_hub": f'<rect x="26" y="26" width="12" height="12" fill="{ROAD}"/>'}
    seg = {"n": (26, 0, 12, 32), "s": (26, 32, 12, 32), "w": (0, 26, 32, 12), "e": (32, 26, 32, 12)}
    for side, (x, y, w, h) in seg.items():
        stones = "".join(f'<circle cx="{x + w / 2 + (3 if k % 2 else -3) if w < h else x + 5 + k * 8:.1f}" '
                         f'cy="{y + 5 + k * 8 if w < h else y + h / 2 + (3 if k % 2 else -3):.1f}" r="1.1" fill="{ROAD_EDGE}"/>'
                         for k in range(4))
        parts[f"road_{side}"] = (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{ROAD}"/>'
                                 f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="none" stroke="{ROAD_EDGE}" '
                                 f'stroke-width="1" stroke-opacity="0.6"/>{stones}')
    return parts


def sites() -> dict[str, str]:
    """Site markers drawn on a tile: town, ruin, lair, shrine, tower, camp, cave, port."""
    shadow = '<ellipse cx="32" cy="54" rx="22" ry="5" fill="#000" fill-opacity="0.25"/>'
    wall, roof, dark = "#e8d8b0", "#b8452e", "#3a2414"
    return {
        "town": shadow + f'<rect x="10" y="30" width="44" height="22" fill="{wall}" stroke="{dark}" stroke-width="2"/>'
        f'<path d="M8 31 L20 18 L32 31 Z M32 31 L44 14 L56 31 Z" fill="{roof}" stroke="{dark}" stroke-width="2"/>'
        f'<rect x="27" y="40" width="10" height="12" fill="{dark}"/>'
        f'<rect x="14" y="36" width="6" height="6" fill="#f3d27a"/><rect x="44" y="36" width="6" height="6" fill="#f3d27a"/>'
        f'<rect x="43" y="6" width="2" height="10" fill="{dark}"/><path d="M45 6 L53 9 L45 12 Z" fill="#c9962f"/>',
        "ruin": shadow + '<path d="M12 52 L12 24 L18 20 L22 26 L22 52 Z M28 52 L28 34 L34 30 L38 36 L38 52 Z" '
        'fill="#a8a090" stroke="#3e3a36" stroke-width="2"/>'
        '<path d="M42 52 L42 16 L48 12 L54 18 L54 52 Z" fill="#b8b0a0" stroke="#3e3a36" stroke-width="2"/>'
        '<path d="M10 52 L56 52" stroke="#3e3a36" stroke-width="2"/><circle cx="26" cy="50" r="3" fill="#8a8478"/>'
        '<path d="M45 24 L51 24 M45 32 L51 32" stroke="#3e3a36" stroke-width="1.5"/>',
        "lair": shadow + '<path d="M8 54 Q12 18 32 14 Q52 18 56 54 Z" fill="#5a4a40" stroke="#1e1410" stroke-width="2"/>'
        '<path d="M20 54 Q22 32 32 30 Q42 32 44 54 Z" fill="#140c08"/>'
        '<circle cx="28" cy="42" r="2" fill="#ff5020"/><circle cx="36" cy="42" r="2" fill="#ff5020"/>'
        '<path d="M14 54 l3 -5 l3 5 M44 54 l3 -6 l3 6" fill="#e8e0cc" stroke="#1e1410" stroke-width="1"/>',
        "shrine": shadow + '<rect x="14" y="46" width="36" height="6" fill="#d8d0c0" stroke="#3e3a36" stroke-width="2"/>'
        '<rect x="18" y="22" width="6" height="24" fill="#ece4d4" stroke="#3e3a36" stroke-width="2"/>'
        '<rect x="40" y="22" width="6" height="24" fill="#ece4d4" stroke="#3e3a36" stroke-width="2"/>'
        '<path d="M12 22 L32 10 L52 22 Z" fill="#d8d0c0" stroke="#3e3a36" stroke-width="2"/>'
        '<circle cx="32" cy="36" r="5" fill="#8fd0ff" stroke="#2a5a8a" stroke-width="1.5"/>',
        "tower": shadow + '<rect x="22" y="16" width="20" height="38" fill="#cfc4aa" stroke="#3a2e22" stroke-width="2"/>'
        '<path d="M18 18 L32 4 L46 18 Z" fill="#6a4a8a" stroke="#3a2e22" stroke-width="2"/>'
        '<rect x="29" y="24" width="6" height="8" fill="#f3d27a"/><rect x="28" y="42" width="8" height="12" fill="#3a2e22"/>',
        "camp": shadow + '<path d="M10 52 L28 16 L46 52 Z" fill="#c8a060" stroke="#4a3018" stroke-width="2"/>'
        '<path d="M28 16 L28 52 M22 52 L28 36 L34 52" fill="#6a4a28" stroke="#4a3018" stroke-width="1.5"/>'
        '<path d="M48 52 l4 -8 l4 8 Z" fill="#f08a20"/><path d="M50 52 l2 -4 l2 4 Z" fill="#ffe070"/>',
        "cave": shadow + '<path d="M6 54 L14 30 L26 20 L42 22 L54 34 L58 54 Z" fill="#8a8278" stroke="#2e2a26" stroke-width="2"/>'
        '<path d="M22 54 Q24 36 34 34 Q44 38 44 54 Z" fill="#1a1612"/>',
        "port": shadow + '<rect x="8" y="40" width="48" height="8" fill="#8a6a44" stroke="#3a2414" stroke-width="2"/>'
        '<path d="M14 48 l0 8 M26 48 l0 8 M38 48 l0 8 M50 48 l0 8" stroke="#3a2414" stroke-width="2"/>'
        '<path d="M30 38 L30 10 L48 34 Z" fill="#f4f0e4" stroke="#3a2414" stroke-width="1.5"/>'
        '<path d="M18 38 L44 38 L40 42 L22 42 Z" fill="#6a4a2a"/>',
    }


def hero() -> str:
    """The hero figure on a token (the scene paints the seat's colour and shape under it)."""
    return ('<circle cx="32" cy="18" r="9" fill="#f4e4cc" stroke="#2a1a10" stroke-width="2.5"/>'
            '<path d="M23 14 Q32 4 41 14 L41 11 Q32 2 23 11 Z" fill="#6a4426"/>'
            '<path d="M16 58 Q16 32 32 30 Q48 32 48 58 Z" fill="#f8f2e6" stroke="#2a1a10" stroke-width="2.5"/>'
            '<path d="M24 34 L32 48 L40 34" fill="none" stroke="#2a1a10" stroke-width="2"/>'
            '<path d="M50 22 L50 58" stroke="#6a4426" stroke-width="3"/><circle cx="50" cy="20" r="3" fill="#c9962f"/>')


HERO_INK = "#2a1a10"


def hero_body(skin: str, hair: str, tunic: str, legs: str, cloak: str | None = None) -> str:
    """A standing hero, full figure, facing right: the archetypes dress it (``heroes``)."""
    ink = HERO_INK
    back = (f'<path d="M20 24 Q14 44 16 58 L30 58 L30 26 Z" fill="{cloak}" stroke="{ink}" stroke-width="2"/>'
            if cloak else "")
    return (back
            + f'<path d="M25 44 L23 60 L29 60 L31 46 M33 46 L35 60 L41 60 L39 44" fill="{legs}" stroke="{ink}" '
              f'stroke-width="2" stroke-linejoin="round"/>'
            + f'<path d="M22 46 Q21 30 32 26 Q43 30 42 46 Z" fill="{tunic}" stroke="{ink}" stroke-width="2.5"/>'
            + f'<path d="M22 40 L42 40" stroke="{ink}" stroke-width="2.5"/><rect x="30" y="38" width="4" height="4" '
              f'fill="#c9962f"/>'
            + f'<circle cx="32" cy="16" r="8" fill="{skin}" stroke="{ink}" stroke-width="2.5"/>'
            + f'<path d="M24 14 Q32 4 40 14 Q36 9 32 9 Q28 9 24 14 Z" fill="{hair}"/>'
            + f'<circle cx="35" cy="16" r="1.3" fill="{ink}"/>')


def heroes() -> dict[str, str]:
    """The hero archetypes as whole figures (the arena's fighters and the hero sheets): each its own gear."""
    ink = HERO_INK
    return {
        # pathfinder: a green hooded cloak and a bow
        "pathfinder": hero_body("#f0d2b0", "#6a4426", "#4f7a3a", "#5a4632", cloak="#2f5a2a")
        + f'<path d="M23 17 Q22 4 32 5 Q42 4 41 17 Q38 8 32 8 Q26 8 23 17 Z" fill="#2f5a2a" stroke="{ink}" '
          f'stroke-width="2"/>'
        + f'<path d="M46 14 Q58 32 46 50" fill="none" stroke="#7a4a22" stroke-width="3"/>'
          f'<path d="M46 14 L46 50" stroke="#e8e0c8" stroke-width="1"/>'
          f'<path d="M40 33 L46 32" stroke="{ink}" stroke-width="3" stroke-linecap="round"/>',
        # warden: a steel helm, a blue tabard, a round shield and a sword
        "warden": hero_body("#e8c8a8", "#3a2a1a", "#2f4f8a", "#4a4a52")
        + f'<path d="M23 16 Q23 5 32 5 Q41 5 41 16 L38 14 L26 14 Z" fill="#a8b0bc" stroke="{ink}" '
          f'stroke-width="2"/><path d="M32 5 L32 14" stroke="{ink}" stroke-width="1.5"/>'
        + '<path d="M44 10 L44 36" stroke="#c8ccd4" stroke-width="3.5"/><path d="M40 34 L48 34" '
          'stroke="#7a5a2a" stroke-width="3"/>'
        + f'<circle cx="22" cy="38" r="10" fill="#8a2a2a" stroke="{ink}" stroke-width="2.5"/>'
          f'<circle cx="22" cy="38" r="3" fill="#c9962f" stroke="{ink}" stroke-width="1"/>',
        # seer: a long violet robe, a grey beard and a staff with a glowing stone
        "seer": f'<path d="M21 58 Q20 32 32 26 Q44 32 43 58 Z" fill="#5a3a7a" stroke="{ink}" stroke-width="2.5"/>'
        + '<path d="M32 28 L32 58" stroke="#c9a64f" stroke-width="2"/>'
        + f'<circle cx="32" cy="16" r="8" fill="#ecd2b4" stroke="{ink}" stroke-width="2.5"/>'
        + f'<path d="M25 19 Q32 34 39 19 Q32 23 25 19 Z" fill="#d8d8d8" stroke="{ink}" stroke-width="1.2"/>'
        + f'<path d="M22 14 L32 0 L42 14 Z" fill="#5a3a7a" stroke="{ink}" stroke-width="2"/>'
        + f'<circle cx="35" cy="15" r="1.3" fill="{ink}"/>'
        + '<path d="M48 12 L46 60" stroke="#7a4a22" stroke-width="3"/>'
          '<circle cx="48" cy="10" r="5" fill="#8fe0ff" stroke="#2a6a8a" stroke-width="2"/>'
          '<circle cx="47" cy="9" r="1.5" fill="#fff"/>',
        # drover: a wide hat, a long brown coat and a shepherd's crook
        "drover": hero_body("#d8a878", "#2a1a10", "#8a5a32", "#4a3a2a", cloak="#6a4426")
        + f'<ellipse cx="32" cy="10" rx="14" ry="3.5" fill="#5a3a1a" stroke="{ink}" stroke-width="2"/>'
          f'<path d="M25 10 Q25 2 32 2 Q39 2 39 10 Z" fill="#5a3a1a" stroke="{ink}" stroke-width="2"/>'
        + '<path d="M47 60 L47 14 Q47 6 54 6 Q60 6 60 12" fill="none" stroke="#9a6a32" stroke-width="3" '
          'stroke-linecap="round"/>',
    }


MONSTER_INK = "#1e1014"


def monsters() -> dict[str, str]:
    """Monster icons by kind (the scene picks by the monster's icon name, else its skirmish body)."""
    ink = MONSTER_INK
    eye = '<circle cx="{x}" cy="{y}" r="2.2" fill="#ffd040"/>'
    return {
        "wolf": f'<path d="M8 44 L16 28 L12 16 L22 24 L34 22 L44 14 L44 26 L56 34 L50 40 L40 38 L36 52 L14 52 Z" '
                f'fill="#7a7a84" stroke="{ink}" stroke-width="2.5"/>' + eye.format(x=44, y=30),
        "bear": f'<ellipse cx="32" cy="40" rx="22" ry="16" fill="#6a4426" stroke="{ink}" stroke-width="2.5"/>'
                f'<circle cx="32" cy="22" r="12" fill="#7a5030" stroke="{ink}" stroke-width="2.5"/>'
                f'<circle cx="22" cy="12" r="4" fill="#7a5030" stroke="{ink}" stroke-width="2"/>'
                f'<circle cx="42" cy="12" r="4" fill="#7a5030" stroke="{ink}" stroke-width="2"/>'
                + eye.format(x=27, y=20) + eye.format(x=37, y=20),
        "spider": f'<path d="M32 34 L8 18 M32 34 L6 34 M32 34 L8 50 M32 34 L56 18 M32 34 L58 34 M32 34 L56 50" '
                  f'stroke="{ink}" stroke-width="3"/><ellipse cx="32" cy="36" rx="12" ry="14" fill="#3a2a3a" '
                  f'stroke="{ink}" stroke-width="2"/><circle cx="32" cy="22" r="7" fill="#4a3a4a" stroke="{ink}" '
                  f'stroke-width="2"/>' + eye.format(x=29, y=21) + eye.format(x=35, y=21),
        "serpent": f'<path d="M8 50 Q18 34 30 44 T52 34 Q58 24 50 16" fill="none" stroke="{ink}" stroke-width="11" '
                   f'stroke-linecap="round"/><path d="M8 50 Q18 34 30 44 T52 34 Q58 24 50 16" fill="none" '
                   f'stroke="#5a9a4a" stroke-width="7" stroke-linecap="round"/>' + eye.format(x=50, y=16),
        "bandit": f'<circle cx="32" cy="18" r="9" fill="#d8b890" stroke="{ink}" stroke-width="2.5"/>'
                  f'<rect x="22" y="15" width="20" height="5" fill="#2a2a2a"/>'
                  f'<path d="M16 58 Q16 32 32 30 Q48 32 48 58 Z" fill="#5a3a5a" stroke="{ink}" stroke-width="2.5"/>'
                  f'<path d="M46 30 L58 14" stroke="#c0c4cc" stroke-width="3"/>',
        "ghost": '<path d="M14 56 L14 28 Q14 8 32 8 Q50 8 50 28 L50 56 L44 50 L38 56 L32 50 L26 56 L20 50 Z" '
                 'fill="#dfe8f4" fill-opacity="0.9" stroke="#4a5a7a" stroke-width="2.5"/>'
                 '<circle cx="26" cy="26" r="3.5" fill="#1a2030"/><circle cx="38" cy="26" r="3.5" fill="#1a2030"/>',
        "troll": f'<path d="M12 58 Q10 30 32 26 Q54 30 52 58 Z" fill="#6a8a5a" stroke="{ink}" stroke-width="2.5"/>'
                 f'<circle cx="32" cy="20" r="11" fill="#7a9a6a" stroke="{ink}" stroke-width="2.5"/>'
                 f'<path d="M26 28 l2 -4 l2 4 M34 28 l2 -4 l2 4" fill="#fff" stroke="{ink}" stroke-width="1"/>'
                 + eye.format(x=28, y=18) + eye.format(x=36, y=18),
        "bat": f'<path d="M32 30 L6 16 L12 30 L4 40 L18 38 L26 46 L32 38 L38 46 L46 38 L60 40 L52 30 L58 16 Z" '
               f'fill="#4a3a4a" stroke="{ink}" stroke-width="2.5"/>' + eye.format(x=29, y=30) + eye.format(x=35, y=30),
        "ooze": f'<path d="M8 52 Q8 30 20 26 Q24 12 34 16 Q48 14 50 30 Q58 36 56 52 Z" fill="#7ac04a" '
                f'fill-opacity="0.9" stroke="#2a5a1a" stroke-width="2.5"/><circle cx="24" cy="34" r="4" fill="#fff"/>'
                f'<circle cx="38" cy="32" r="4" fill="#fff"/><circle cx="24" cy="35" r="2" fill="{ink}"/>'
                f'<circle cx="38" cy="33" r="2" fill="{ink}"/>',
        "golem": f'<rect x="14" y="24" width="36" height="30" rx="4" fill="#9a8e7a" stroke="{ink}" stroke-width="2.5"/>'
                 f'<rect x="22" y="8" width="20" height="16" rx="3" fill="#aa9e8a" stroke="{ink}" stroke-width="2.5"/>'
                 f'<path d="M20 34 L30 40 L26 48" fill="none" stroke="#5a5040" stroke-width="1.5"/>'
                 + eye.format(x=28, y=16) + eye.format(x=36, y=16),
        "wyvern": f'<path d="M30 34 L6 12 L16 34 L6 40 L28 42 Z M34 34 L58 12 L48 34 L58 40 L36 42 Z" '
                  f'fill="#8a3a2a" stroke="{ink}" stroke-width="2"/><ellipse cx="32" cy="40" rx="8" ry="14" '
                  f'fill="#aa4a32" stroke="{ink}" stroke-width="2.5"/><path d="M26 22 Q32 8 38 22 L32 28 Z" '
                  f'fill="#aa4a32" stroke="{ink}" stroke-width="2"/>' + eye.format(x=32, y=18),
        "skeleton": f'<circle cx="32" cy="16" r="9" fill="#f0ead8" stroke="{ink}" stroke-width="2.5"/>'
                    f'<circle cx="28" cy="15" r="2.5" fill="{ink}"/><circle cx="36" cy="15" r="2.5" fill="{ink}"/>'
                    f'<path d="M32 26 L32 46 M22 30 L42 30 M24 36 L40 36 M24 42 L40 42 M32 46 L24 60 M32 46 L40 60 '
                    f'M22 30 L14 44 M42 30 L50 44" stroke="#f0ead8" stroke-width="4" stroke-linecap="round"/>'
                    f'<path d="M32 26 L32 46 M22 30 L42 30 M24 36 L40 36 M24 42 L40 42" stroke="{ink}" '
                    f'stroke-width="1"/>',
        "adder": f'<path d="M10 52 Q20 36 30 46 T50 36 Q58 26 48 18" fill="none" stroke="{ink}" stroke-width="11" '
                 f'stroke-linecap="round"/><path d="M10 52 Q20 36 30 46 T50 36 Q58 26 48 18" fill="none" '
                 f'stroke="#a08a3a" stroke-width="7" stroke-linecap="round" stroke-dasharray="5 3"/>'
                 f'<path d="M46 14 L42 8 M46 14 L40 12" stroke="#c83a2a" stroke-width="1.5"/>' + eye.format(x=49, y=18),
        "grasper": f'<path d="M14 56 Q4 30 18 20 M26 56 Q20 24 30 12 M38 56 Q44 26 36 10 M50 56 Q60 30 46 20" '
                   f'fill="none" stroke="{ink}" stroke-width="9" stroke-linecap="round"/>'
                   f'<path d="M14 56 Q4 30 18 20 M26 56 Q20 24 30 12 M38 56 Q44 26 36 10 M50 56 Q60 30 46 20" '
                   f'fill="none" stroke="#5a7a4a" stroke-width="5" stroke-linecap="round"/>'
                   f'<ellipse cx="32" cy="56" rx="24" ry="6" fill="#3a4a2a" stroke="{ink}" stroke-width="2"/>',
        "stinger": f'<path d="M22 40 L8 30 M22 44 L6 44 M22 48 L8 56 M42 40 L56 30 M42 44 L58 44 M42 48 L56 56" '
                   f'stroke="{ink}" stroke-width="2.5"/><ellipse cx="32" cy="44" rx="12" ry="9" fill="#b8863a" '
                   f'stroke="{ink}" stroke-width="2.5"/><path d="M32 36 Q30 16 40 10 Q48 8 46 18" fill="none" '
                   f'stroke="{ink}" stroke-width="7" stroke-linecap="round"/><path d="M32 36 Q30 16 40 10 Q48 8 46 18" '
                   f'fill="none" stroke="#c8964a" stroke-width="4" stroke-linecap="round"/>'
                   f'<path d="M46 18 L50 24 L43 21 Z" fill="#c83a2a"/>' + eye.format(x=28, y=44) + eye.format(x=36, y=44),
        "drake": f'<path d="M30 34 L4 10 L14 32 L4 42 L28 42 Z M34 34 L60 10 L50 32 L60 42 L36 42 Z" '
                 f'fill="#3a6a4a" stroke="{ink}" stroke-width="2"/><ellipse cx="32" cy="42" rx="9" ry="15" '
                 f'fill="#4a8a5a" stroke="{ink}" stroke-width="2.5"/><path d="M25 22 Q32 6 39 22 L32 30 Z" '
                 f'fill="#4a8a5a" stroke="{ink}" stroke-width="2"/><path d="M26 14 L22 6 M38 14 L42 6" '
                 f'stroke="{ink}" stroke-width="2"/>' + eye.format(x=32, y=18),
        "gnarl": f'<path d="M18 60 L20 36 Q10 30 12 18 L20 24 Q22 10 32 8 Q42 10 44 24 L52 18 Q54 30 44 36 L46 60 Z" '
                 f'fill="#7a5a3a" stroke="{ink}" stroke-width="2.5"/><path d="M22 40 Q32 46 42 40" fill="none" '
                 f'stroke="{ink}" stroke-width="2"/><circle cx="18" cy="14" r="5" fill="#5a8a3a"/>'
                 f'<circle cx="46" cy="14" r="5" fill="#5a8a3a"/>' + eye.format(x=27, y=26) + eye.format(x=37, y=26),
        "thrall": f'<path d="M14 60 Q14 30 32 28 Q50 30 50 60 Z" fill="#5a5a6a" stroke="{ink}" stroke-width="2.5"/>'
                  f'<circle cx="32" cy="18" r="10" fill="#c8ccb8" stroke="{ink}" stroke-width="2.5"/>'
                  f'<path d="M20 40 L8 30 M44 40 L56 30" stroke="#c8ccb8" stroke-width="4" stroke-linecap="round"/>'
                  f'<circle cx="28" cy="17" r="2.5" fill="#60f0a0"/><circle cx="36" cy="17" r="2.5" fill="#60f0a0"/>',
        "shrieker": f'<path d="M32 32 L4 12 L12 30 L2 40 L18 38 L24 48 L32 40 L40 48 L46 38 L62 40 L52 30 L60 12 Z" '
                    f'fill="#6a4a6a" stroke="{ink}" stroke-width="2.5"/><path d="M28 34 L32 42 L36 34 Z" fill="#fff"/>'
                    + eye.format(x=28, y=28) + eye.format(x=36, y=28),
        "reaver": f'<circle cx="32" cy="18" r="9" fill="#d8b890" stroke="{ink}" stroke-width="2.5"/>'
                  f'<path d="M22 16 Q32 2 42 16 Z" fill="#6a3a2a" stroke="{ink}" stroke-width="1.5"/>'
                  f'<path d="M16 58 Q16 32 32 30 Q48 32 48 58 Z" fill="#7a3a2a" stroke="{ink}" stroke-width="2.5"/>'
                  f'<path d="M44 40 L58 20 M52 20 L60 26" stroke="#c0c4cc" stroke-width="3"/>'
                  f'<path d="M22 20 L42 20" stroke="{ink}" stroke-width="2"/>',
        "cultist": f'<path d="M12 60 Q14 30 22 20 Q32 2 42 20 Q50 30 52 60 Z" fill="#3a2a4a" stroke="{ink}" '
                   f'stroke-width="2.5"/><ellipse cx="32" cy="28" rx="8" ry="9" fill="#140c18"/>'
                   f'<circle cx="29" cy="28" r="1.8" fill="#ff4040"/><circle cx="35" cy="28" r="1.8" fill="#ff4040"/>'
                   f'<circle cx="32" cy="46" r="5" fill="none" stroke="#c9962f" stroke-width="2"/>',
        "boar": f'<ellipse cx="30" cy="38" rx="22" ry="14" fill="#6a4a3a" stroke="{ink}" stroke-width="2.5"/>'
                f'<path d="M48 32 L60 38 L50 46 Z" fill="#8a6a5a" stroke="{ink}" stroke-width="2"/>'
                f'<path d="M52 44 Q58 46 56 38" fill="none" stroke="#f4f0e4" stroke-width="2.5"/>'
                f'<path d="M14 50 l0 8 M24 52 l0 7 M36 52 l0 7 M44 50 l0 8" stroke="{ink}" stroke-width="3"/>'
                + eye.format(x=46, y=34),
    }


#: portrait id -> (skin, hair, clothes, extra)
PORTRAITS: dict[str, tuple[str, str, str, str]] = {
    "ferrywoman": ("#d8b088", "#6a3a1a", "#2a4a7a", "scarf"),
    "shepherd": ("#e8c8a8", "#e8e8e8", "#7a6a4a", "beard"),
    "pilgrim": ("#f0d8c0", "#8a5a3a", "#e8e0d0", "hood"),
    "prospector": ("#c89868", "#3a2a1a", "#8a5a2a", "hat"),
    "caravaneer": ("#8a5a3a", "#1a1a1a", "#b8863a", "scarf"),
    "eelcatcher": ("#d0a878", "#a86a2a", "#4a6a3a", "cap"),
    "captain": ("#d09878", "#5a2a1a", "#2a3a6a", "feather"),
    "herbwife": ("#e0d0b8", "#5a3a4a", "#4a2a5a", "pointed"),
    "hermit": ("#b88858", "#b8b8b8", "#a8702a", "bald"),
    "squire": ("#f0d0b0", "#c89a3a", "#8a2a3a", "plain"),
    "elder": ("#e8c8a8", "#e8e8e8", "#5a6a8a", "beard"),
    "merchant": ("#d8a878", "#3a2a1a", "#8a5a2a", "hat"),
}


def portrait(skin: str, hair: str, clothes: str, extra: str) -> str:
    """A simple bust: background, shoulders, head, hair and one distinguishing feature."""
    ink = "#2a1a10"
    out = ['<rect x="0" y="0" width="64" height="64" rx="8" fill="#d8cbb0"/>',
           '<circle cx="32" cy="30" r="26" fill="#e8dcc0"/>',
           f'<path d="M8 64 Q8 42 32 40 Q56 42 56 64 Z" fill="{clothes}" stroke="{ink}" stroke-width="2"/>',
           f'<ellipse cx="32" cy="26" rx="12" ry="14" fill="{skin}" stroke="{ink}" stroke-width="2"/>',
           f'<circle cx="27" cy="25" r="1.8" fill="{ink}"/><circle cx="37" cy="25" r="1.8" fill="{ink}"/>',
           f'<path d="M28 33 Q32 35 36 33" fill="none" stroke="{ink}" stroke-width="1.5"/>']
    if extra != "bald":
        out.append(f'<path d="M20 24 Q20 10 32 10 Q44 10 44 24 Q40 16 32 16 Q24 16 20 24 Z" fill="{hair}" '
                   f'stroke="{ink}" stroke-width="1.5"/>')
    if extra == "beard":
        out.append(f'<path d="M22 30 Q24 48 32 48 Q40 48 42 30 Q38 38 32 38 Q26 38 22 30 Z" fill="{hair}" '
                   f'stroke="{ink}" stroke-width="1.5"/>')
    elif extra == "hat":
        out.append(f'<path d="M12 16 L52 16 L44 12 L42 4 L22 4 L20 12 Z" fill="#3a2a4a" stroke="{ink}" stroke-width="1.5"/>')
    elif extra == "hood":
        out.append(f'<path d="M16 40 Q14 6 32 6 Q50 6 48 40 Q46 18 32 14 Q18 18 16 40 Z" fill="{clothes}" '
                   f'stroke="{ink}" stroke-width="1.5"/>')
    elif extra == "pointed":
        out.append(f'<path d="M14 16 L50 16 L34 -2 Z" fill="#2a1a3a" stroke="{ink}" stroke-width="1.5"/>'
                   f'<rect x="14" y="14" width="36" height="4" fill="#2a1a3a"/>')
    elif extra == "cap":
        out.append(f'<path d="M20 16 Q32 4 44 16 L48 18 L20 18 Z" fill="#2a4a7a" stroke="{ink}" stroke-width="1.5"/>')
    elif extra == "feather":
        out.append(f'<path d="M18 16 L46 16 L42 8 L22 8 Z" fill="#3a6a3a" stroke="{ink}" stroke-width="1.5"/>'
                   f'<path d="M44 10 Q56 0 58 8 Q52 8 46 14" fill="#f4e27a" stroke="{ink}" stroke-width="1"/>')
    elif extra == "scarf":
        out.append(f'<path d="M20 38 Q32 46 44 38 L44 44 Q32 50 20 44 Z" fill="#b84a2a" stroke="{ink}" stroke-width="1.5"/>')
    elif extra == "bald":
        out.append('<path d="M24 14 Q32 10 40 14" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="2"/>')
    return "\n".join(out)


def items() -> dict[str, str]:
    """Item icons by kind (weapon, armour, potion, trinket, scroll, tool, bow, ring)."""
    ink = "#2a1a10"
    return {
        "weapon": f'<path d="M12 52 L46 18 L52 12 L50 20 L16 54 Z" fill="#d8dce4" stroke="{ink}" stroke-width="2"/>'
                  f'<path d="M14 42 L24 52 M8 56 L14 50" stroke="#8a5a2a" stroke-width="4"/>',
        "armour": f'<path d="M32 8 L52 16 Q52 44 32 58 Q12 44 12 16 Z" fill="#8a9ab0" stroke="{ink}" stroke-width="2.5"/>'
                  f'<path d="M32 14 L32 52 M18 22 L46 22" stroke="#dfe6ee" stroke-width="2"/>',
        "potion": f'<path d="M26 8 L38 8 L38 22 Q52 28 50 44 Q48 58 32 58 Q16 58 14 44 Q12 28 26 22 Z" '
                  f'fill="#c84a6a" stroke="{ink}" stroke-width="2.5"/><rect x="24" y="4" width="16" height="6" '
                  f'fill="#8a5a2a" stroke="{ink}" stroke-width="1.5"/><circle cx="24" cy="40" r="4" fill="#fff" '
                  f'fill-opacity="0.5"/>',
        "trinket": f'<path d="M20 8 Q32 24 44 8" fill="none" stroke="#c9962f" stroke-width="2.5"/>'
                   f'<circle cx="32" cy="38" r="16" fill="#c9962f" stroke="{ink}" stroke-width="2.5"/>'
                   f'<circle cx="32" cy="38" r="8" fill="#4a8ac8" stroke="{ink}" stroke-width="1.5"/>',
        "scroll": f'<rect x="14" y="14" width="36" height="36" fill="#f0e4c0" stroke="{ink}" stroke-width="2"/>'
                  f'<rect x="10" y="10" width="44" height="8" rx="4" fill="#d8c08a" stroke="{ink}" stroke-width="2"/>'
                  f'<rect x="10" y="46" width="44" height="8" rx="4" fill="#d8c08a" stroke="{ink}" stroke-width="2"/>'
                  f'<path d="M20 26 L44 26 M20 32 L40 32 M20 38 L44 38" stroke="#8a6a3a" stroke-width="1.5"/>',
        "tool": f'<path d="M14 54 L38 30" stroke="#8a5a2a" stroke-width="6" stroke-linecap="round"/>'
                f'<path d="M30 16 Q44 8 54 18 L46 24 L40 38 L30 28 Z" fill="#9aa0aa" stroke="{ink}" stroke-width="2"/>',
        "bow": f'<path d="M20 6 Q56 32 20 58" fill="none" stroke="#8a5a2a" stroke-width="4"/>'
               f'<path d="M20 6 L20 58" stroke="#e8e0d0" stroke-width="1.5"/>'
               f'<path d="M8 32 L52 32 M46 28 L52 32 L46 36" fill="none" stroke="{ink}" stroke-width="2"/>',
        "ring": f'<circle cx="32" cy="38" r="16" fill="none" stroke="#c9962f" stroke-width="6"/>'
                f'<path d="M26 20 L32 10 L38 20 Z" fill="#e05a8a" stroke="{ink}" stroke-width="1.5"/>',
        "boots": f'<path d="M18 8 L32 8 L32 40 L54 46 L54 56 L18 56 Z" fill="#6a4426" stroke="{ink}" stroke-width="2.5"/>'
                 f'<path d="M18 48 L54 48" stroke="{ink}" stroke-width="2"/>',
        "cloak": f'<path d="M24 8 L40 8 L52 56 Q32 50 12 56 Z" fill="#3a5a7a" stroke="{ink}" stroke-width="2.5"/>'
                 f'<circle cx="32" cy="12" r="3" fill="#c9962f"/>',
    }


def fog() -> str:
    """A cloud of fog over squares not yet seen (drawn half transparent by the scene)."""
    return ('<rect x="0" y="0" width="64" height="64" fill="#d8d4cc"/>'
            '<circle cx="16" cy="20" r="14" fill="#ebe8e2"/><circle cx="44" cy="16" r="12" fill="#e4e0d8"/>'
            '<circle cx="30" cy="42" r="16" fill="#efece6"/><circle cx="54" cy="48" r="12" fill="#e0dcd4"/>')


def compass() -> str:
    """The overview map's compass rose."""
    return ('<circle cx="32" cy="32" r="28" fill="#f4ecd8" stroke="#3a2414" stroke-width="2"/>'
            '<path d="M32 6 L38 32 L32 58 L26 32 Z" fill="#8e2a1a" stroke="#3a2414" stroke-width="1.5"/>'
            '<path d="M6 32 L32 26 L58 32 L32 38 Z" fill="#c9b48a" stroke="#3a2414" stroke-width="1.5"/>'
            '<path d="M32 6 L38 32 L26 32 Z" fill="#c9962f"/>')


def goal() -> str:
    """The goal's flag."""
    return ('<path d="M18 6 L18 58" stroke="#3a2414" stroke-width="4"/>'
            '<path d="M20 8 L52 16 L20 28 Z" fill="#c9962f" stroke="#3a2414" stroke-width="2"/>'
            '<ellipse cx="18" cy="58" rx="10" ry="3" fill="#000" fill-opacity="0.3"/>')


def write_all(out: Path) -> int:
    """Write every file under ``out``; return how many."""
    files: dict[str, str] = {}
    for biome, paint in TILES.items():
        for v in range(VARIANTS):
            rng = random.Random(f"{biome}-{v}")
            files[f"biomes/{biome}_{v}.svg"] = svg(paint(rng), note=f"{biome} tile, variant {v}")
    for name, body in road_parts().items():
        files[f"roads/{name}.svg"] = svg(body, note=name)
    files["fog.svg"] = svg(fog(), note="fog")
    for name, body in sites().items():
        files[f"sites/{name}.svg"] = svg(body, note=f"{name} site")
    files["hero.svg"] = svg(hero(), note="hero figure")
    files["compass.svg"] = svg(compass(), note="compass")
    files["goal.svg"] = svg(goal(), note="goal flag")
    for name, body in monsters().items():
        files[f"monsters/{name}.svg"] = svg(body, note=f"{name} icon")
    for name, body in heroes().items():
        files[f"heroes/{name}.svg"] = svg(body, note=f"{name} hero figure")
    for name, (skin, hair, clothes, extra) in PORTRAITS.items():
        files[f"npcs/{name}.svg"] = svg(portrait(skin, hair, clothes, extra), note=f"{name} portrait")
    for name, body in items().items():
        files[f"items/{name}.svg"] = svg(body, note=f"{name} item")
    for rel, text in files.items():
        p = out / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return len(files)


def main(argv: list[str] | None = None) -> int:
    """Write the art; print how many files."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "assets" / "expedition"
    print(write_all(out), "files written to", out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
