"""Sprites of the dungeon scene: chips, features, map sides and whole dungeons, cached.

Why a module of its own: the dungeon is drawn from many small SVG sprites
(flagstones, pillars, rubble, torches, bones, token icons in assets/dungeon/),
and composing them every frame would blow the frame budget. Everything here
returns surfaces cached by what they show (token, size, ring; card, side, cell
size; palette), so a frame only blits a few finished layers.

A token whose icon is missing (a modder's new chip) is drawn as a disc with its
three-letter symbol, so levels never need art to be playable.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

import pygame

from game.engine.paths import assets_dir
from game.ui import gfx

log = logging.getLogger(__name__)

# category -> (rim colour, disc colour) of a chip face
CATEGORY_COLOURS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "monster": ((120, 40, 36), (62, 46, 44)),
    "chest": ((150, 100, 50), (232, 214, 176)),
    "trap": ((90, 84, 78), (200, 192, 178)),
    "weapon": ((168, 54, 46), (244, 234, 212)),
    "defence": ((52, 96, 160), (236, 236, 228)),
    "loot": ((196, 146, 40), (246, 236, 206)),
    "heal": ((60, 140, 80), (236, 244, 230)),
    "special": ((120, 72, 150), (240, 232, 244)),
}
RING_MANDATORY = (206, 40, 36)
RING_OPTIONAL = (250, 248, 240)
WALL = (40, 33, 28)
MAP_EDGE = (26, 21, 18)


def token_category(model: Any, token: str | None) -> str:
    """Return how a token looks: monster, chest, trap, weapon, defence, loot, heal or special."""
    tok = model.tokens.get(token) if token is not None else None
    if tok is None:
        return "special"
    verbs = [getattr(e, "effect", "") for e in tok.effects]
    tags = set(tok.tags)
    if "monster" in verbs or "monster" in tags:
        return "monster"
    if "chest" in verbs:
        return "chest"
    if "trap" in verbs:
        return "trap"
    if "hit" in verbs or "weapon" in tags:
        return "weapon"
    if "guard" in verbs or tags & {"shield", "armour"}:
        return "defence"
    if "heal" in verbs:
        return "heal"
    if "gold" in verbs or tags & {"coin", "gem"}:
        return "loot"
    return "special"


def monster_stats(model: Any, token: str | None) -> tuple[int, int] | None:
    """Return (hp, attack) of a monster token (level bonuses included), or None."""
    tok = model.tokens.get(token) if token is not None else None
    if tok is None:
        return None
    for e in tok.effects:
        if getattr(e, "effect", "") == "monster":
            return (max(1, e.hp + model.monster_hp_bonus), max(0, e.attack + model.monster_attack_bonus))
    return None


def _icon_path(token: str) -> str | None:
    p = assets_dir() / "dungeon" / "tokens" / f"{token}.svg"
    return str(p) if p.is_file() else None


_sprites: dict[tuple, pygame.Surface] = {}


def svg(name: str, size: tuple[int, int], folder: str = "dungeon") -> pygame.Surface:
    """Return a sprite from assets/<folder>/ at ``size`` (own cache: no path work per frame)."""
    key = (folder, name, int(size[0]), int(size[1]))
    hit = _sprites.get(key)
    if hit is None:
        hit = gfx.load_svg(f"{folder}/{name}", (max(1, int(size[0])), max(1, int(size[1]))))
        if len(_sprites) > 512:
            _sprites.clear()
        _sprites[key] = hit
    return hit


def ui_icon(name: str, side: int) -> pygame.Surface:
    """Return one of the shared ui icons (heart, coin, star, flame...) at ``side`` px."""
    return svg(f"{name}.svg", (side, side), "ui")


_chips: dict[tuple, pygame.Surface] = {}


def chip(model: Any, token: str | None, diameter: int, ring: str | None = None, dim: bool = False,
         raised: bool = True) -> pygame.Surface:
    """Return a chip face (or map feature) as a disc: rim by category, icon, ring red/white, monster numbers.

    ``raised`` chips (played pieces) get a thick wooden edge and a bevel; printed map features are flat.
    """
    diameter = max(8, int(diameter))
    raised = raised and not ring
    key = (id(model), token, diameter, ring, dim, raised, gfx.palette().name)
    hit = _chips.get(key)
    if hit is not None:
        return hit
    pad = max(3, diameter // 9) if ring else 2
    size = diameter + 2 * pad
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    r = diameter // 2
    cat = token_category(model, token)
    rim, disc = CATEGORY_COLOURS[cat]
    pygame.draw.circle(surf, (0, 0, 0, 80), (c + 1, c + 2), r)
    if ring:
        colour = RING_MANDATORY if ring == "mandatory" else RING_OPTIONAL
        width = max(3, diameter // 10)
        pygame.draw.circle(surf, colour, (c, c), r + pad - 1)
        pygame.draw.circle(surf, (20, 14, 10), (c, c), r + pad - 1, 1)
        if ring == "mandatory":  # not colour alone: the red ring is notched (four dark ticks)
            for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                a = (c + dx * (r + 1), c + dy * (r + 1))
                b = (c + dx * (r + pad - 1), c + dy * (r + pad - 1))
                pygame.draw.line(surf, (60, 10, 8), a, b, max(2, width // 2))
    if raised:  # a played chip: a dark wooden edge, the face set into it, a light bevel on top
        pygame.draw.circle(surf, (0, 0, 0, 110), (c + 2, c + 3), r)
        pygame.draw.circle(surf, (58, 38, 24), (c, c), r)
        r -= max(2, diameter // 14)
    pygame.draw.circle(surf, rim, (c, c), r)
    pygame.draw.circle(surf, disc, (c, c), max(1, r - max(2, diameter // 12)))
    pygame.draw.circle(surf, (30, 22, 16), (c, c), r, 1)
    if raised:
        arc = pygame.Rect(0, 0, 2 * r - 4, 2 * r - 4)
        arc.center = (c, c)
        pygame.draw.arc(surf, (255, 250, 235, 70), arc, 1.9, 2.9, max(1, diameter // 40))
    path = _icon_path(token) if token else None
    inner = round(diameter * 0.68)
    if path:
        icon = svg(f"{token}.svg", (inner, inner), "dungeon/tokens")
        surf.blit(icon, icon.get_rect(center=(c, c)))
    else:
        tok = model.tokens.get(token) if token is not None else None
        label = (tok.symbol if tok is not None and tok.symbol else str(token or "?")[:3]).upper()
        ink = gfx.readable_ink(disc)
        s = gfx.fit_text_size(label, inner, inner, max(8, diameter // 3), bold=True)
        gfx.text(surf, label, (c, c), s, ink, "center", bold=True)
    stats = monster_stats(model, token)
    if stats is not None and diameter >= 34:
        hp, atk = stats
        br = max(6, diameter // 7)
        fs = max(8, round(br * 1.35))
        for (x, y, col, val) in ((c - r + br - 1, c + r - br + 1, (60, 60, 64), hp),
                                 (c + r - br + 1, c + r - br + 1, (176, 34, 30), atk)):
            pygame.draw.circle(surf, col, (x, y), br)
            pygame.draw.circle(surf, (250, 246, 236), (x, y), br, 1)
            gfx.text(surf, str(val), (x, y), fs, (250, 246, 236), "center", bold=True)
    if dim:
        shade = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(shade, (20, 16, 12, 150), (c, c), r + pad)
        surf.blit(shade, (0, 0))
    if len(_chips) > 1500:
        _chips.clear()
    _chips[key] = surf
    return surf


def _floor_tile(cell: int, variant: int) -> pygame.Surface:
    return svg("floor.svg" if variant % 2 == 0 else "floor_alt.svg", (cell, cell))


@lru_cache(maxsize=256)
def _map_side(model_id: int, card: str, side: int, cell: int, pal: str, model_ref: Any) -> pygame.Surface:
    model, content = model_ref.model, model_ref.content
    floors = content.side(card, side)
    wall = max(2, cell // 16)
    w, h = 6 * cell, len(floors) * cell
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(WALL)
    feature_d = round(cell * 0.74)
    for r, floor in enumerate(floors):
        for k, c in enumerate(floor):
            x, y = k * cell, r * cell
            tile = _floor_tile(cell, (sum(map(ord, card)) + side + r * 3 + k * 5) % 3)
            surf.blit(tile, (x, y))
            if c.kind == "obstacle":
                img = svg("rubble.svg", (round(cell * 0.92), round(cell * 0.92)))
                surf.blit(img, img.get_rect(center=(x + cell // 2, y + cell // 2)))
            elif c.kind == "feature":
                img = chip(model, c.token, feature_d, "mandatory" if c.mandatory else "optional", raised=False)
                surf.blit(img, img.get_rect(center=(x + cell // 2, y + cell // 2)))
            elif c.decor:
                name = {"torch": "torch.svg", "bones": "bones.svg", "cobweb": "cobweb.svg"}.get(c.decor)
                if name:
                    img = svg(name, (round(cell * 0.8), round(cell * 0.8)))
                    img = img.copy()
                    img.set_alpha(200)
                    surf.blit(img, img.get_rect(center=(x + cell // 2, y + cell // 2)))
        # the wall between floors
        if r > 0:
            pygame.draw.rect(surf, WALL, (0, r * cell - wall // 2, w, wall))
    # pillars at the seams between spaces (top and bottom of each floor)
    ps = max(6, round(cell * 0.2))
    pillar = svg("pillar.svg", (ps, ps))
    for r in range(len(floors) + 1):
        for k in range(1, 6):
            surf.blit(pillar, pillar.get_rect(center=(k * cell, min(h - ps // 2, max(ps // 2, r * cell)))))
    pygame.draw.rect(surf, MAP_EDGE, surf.get_rect(), max(2, cell // 20))
    return surf


class _Ref:
    """Hashable handle on a level's model and content for the map cache."""

    def __init__(self, model: Any, content: Any) -> None:
        self.model, self.content = model, content

    def __hash__(self) -> int:
        return id(self.model)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Ref) and other.model is self.model


def map_side(model: Any, content: Any, card: str, side: int, cell: int) -> pygame.Surface:
    """Return one side of a map card drawn at ``cell`` px per space (features, rubble, decor, pillars)."""
    return _map_side(id(model), card, side, max(8, int(cell)), gfx.palette().name, _Ref(model, content))


def hero_figure(seat: int, height: int) -> pygame.Surface:
    """Return the hero standee tinted in the seat colour, with the seat symbol on its chest."""
    return _hero(seat, max(12, int(height)), gfx.palette().name)


@lru_cache(maxsize=32)
def _hero(seat: int, height: int, _pal: str) -> pygame.Surface:
    w = round(height * 0.75)
    base = svg("hero.svg", (w, height))
    img = gfx.tinted(base, gfx.lerp_colour(gfx.seat_colour(seat), (255, 255, 255), 0.15))
    gfx.draw_seat_badge(img, seat, (w / 2, height * 0.55), max(3, height * 0.1))
    return img


def entrance_arch(width: int) -> pygame.Surface:
    """Return the entrance arch drawn above an Entrance map."""
    return svg("entrance.svg", (width, width // 2))
