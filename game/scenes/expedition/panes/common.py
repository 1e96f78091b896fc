"""What every expedition pane shares: the scene's boxes, the payloads of its regions, where the art is,
and a pane base that records the text it draws (for ``text_problems``).

Why a module of its own: the map, minimap, goal strip, hero sheets, the step panel, the battle, trade
and city screens are separate panes (game/scenes/expedition/panes/); none reads rule state, only the
typed ``ExpeditionView``, and they agree here on sprite names and payload kinds.
"""

from __future__ import annotations

import zlib
from functools import lru_cache
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.paths import assets_dir
from game.scenes.base.pane import TextPane
from game.ui import gfx
from game.ui.payload import Ref

ART = "expedition"
#: flat colours of the biomes (the minimap, and a tile whose art is missing)
BIOME_COLOURS: dict[str, tuple[int, int, int]] = {
    "plains": (169, 196, 106), "forest": (95, 143, 74), "hills": (159, 174, 98), "swamp": (111, 127, 82),
    "desert": (226, 199, 132), "snow": (232, 238, 242), "jungle": (63, 130, 72), "moor": (138, 122, 106),
    "road": (184, 148, 98), "water": (60, 111, 158), "peaks": (139, 134, 128),
}
#: other names levels give biome sprites, and the art that stands for them
SPRITE_ALIASES = {"meadow": "plains", "grassland": "plains", "field": "plains", "woods": "forest",
                  "woodland": "forest", "marsh": "swamp", "bog": "swamp", "mire": "swamp", "fen": "swamp",
                  "dunes": "desert", "sand": "desert", "waste": "desert", "snowfield": "snow", "tundra": "snow",
                  "ice": "snow", "heath": "moor", "highland": "hills", "deep_water": "water", "sea": "water",
                  "lake": "water", "ocean": "water", "mountains": "peaks", "mountain": "peaks", "cliffs": "peaks",
                  "rainforest": "jungle", "path": "road"}
#: monster icons by skirmish body, when a monster names no icon of its own
BODY_ICONS = {"quadruped": "wolf", "serpent": "adder", "tentacled": "grasper", "arachnid": "stinger",
              "ooze": "ooze", "winged": "drake", "humanoid": "reaver", "golem": "golem", "four_armed": "troll"}
#: item icons by the exploration stat an item raises, when it has no sprite
STAT_ICONS = {"resistance": "armour", "agility": "boots", "vision": "trinket"}
ITEM_ICONS = ("weapon", "armour", "potion", "trinket", "scroll", "tool", "bow", "ring", "boots", "cloak")
PORTRAITS = ("ferrywoman", "shepherd", "pilgrim", "prospector", "caravaneer", "eelcatcher", "captain", "herbwife",
             "hermit", "squire", "elder", "merchant")


class Geometry:
    """The scene's fixed boxes on the 1280x720 canvas (map left, overview and heroes right, log below them)."""

    goal = pygame.Rect(10, 56, 1012, 30)
    map = pygame.Rect(10, 90, 1012, 556)
    board = pygame.Rect(10, 56, 1012, 590)          # where the battle arena is mounted (skirmish's board)
    minimap = pygame.Rect(1030, 56, 240, 150)
    right = pygame.Rect(1022, 50, 258, 388)           # the right column above the log (overview, heroes)
    goal_aside = pygame.Rect(1030, 56, 240, 46)      # the goal over the overview while a battle has the board
    minimap_low = pygame.Rect(1030, 106, 240, 100)   # (two lines high: a goal wraps there rather than being cut)
    heroes = pygame.Rect(1030, 212, 240, 222)
    log = pygame.Rect(1030, 440, 240, 206)
    bar = pygame.Rect(10, 654, 1012, 46)
    panel = pygame.Rect(226, 150, 580, 400)         # a step's panel over the map (escape, search, talk...)


def svg(rel: str, size: tuple[int, int]) -> pygame.Surface:
    """An SVG under assets/ at a size (the kit's ``load_svg``, remembered here by its plain name: looking the
    file up again every frame costs more than drawing it)."""
    return _svg(rel, int(size[0]), int(size[1]))


@lru_cache(maxsize=384)
def _svg(rel: str, w: int, h: int) -> pygame.Surface:
    return gfx.load_svg(rel, (w, h))


def exists(rel: str) -> bool:
    """True when the art file ``assets/<rel>`` is shipped."""
    return _exists(rel)


@lru_cache(maxsize=512)
def _exists(rel: str) -> bool:
    return (assets_dir() / rel).is_file()


def spread(x: int, y: int, n: int) -> int:
    """A stable pseudo-random pick in ``range(n)`` for square (x, y) (tile variants, never the game's RNG)."""
    return zlib.crc32(f"{x},{y}".encode()) % max(1, n)


def tile_path(sprite: str, variant: int, biome: str = "") -> str | None:
    """The art of a biome's variant: its sprite's, else an alias's or the biome id's (variant 0 when the art has
    fewer variants); None when nothing stands for it (the tile is then drawn flat)."""
    for name in dict.fromkeys((sprite, SPRITE_ALIASES.get(sprite, ""), biome, SPRITE_ALIASES.get(biome, ""))):
        if not name:
            continue
        for v in (variant, 0):
            rel = f"{ART}/biomes/{name}_{v}.svg"
            if exists(rel):
                return rel
    return None


def biome_colour(sprite: str, biome: str = "") -> tuple[int, int, int] | None:
    """The flat colour of a biome (by sprite, alias or id), None when unknown."""
    for name in (sprite, SPRITE_ALIASES.get(sprite, ""), biome, SPRITE_ALIASES.get(biome, "")):
        if name in BIOME_COLOURS:
            return BIOME_COLOURS[name]
    return None


def site_path(kind: str) -> str:
    """The marker of a site kind (a landmark's tower when the kind has no art)."""
    rel = f"{ART}/sites/{kind}.svg"
    return rel if exists(rel) else f"{ART}/sites/tower.svg"


def monster_path(icon: str | None, body: str | None = None) -> str:
    """A monster's icon: its own, else its body's, else a wolf."""
    for name in (icon, BODY_ICONS.get(body or "")):
        if name and exists(f"{ART}/monsters/{name}.svg"):
            return f"{ART}/monsters/{name}.svg"
    return f"{ART}/monsters/wolf.svg"


def hero_path(sprite: str | None, hero: str = "") -> str:
    """A hero archetype's whole figure (the arena, the sheets): its sprite's, else its id's, else the map's hero."""
    for name in (sprite, hero):
        if name and exists(f"{ART}/heroes/{name}.svg"):
            return f"{ART}/heroes/{name}.svg"
    return f"{ART}/hero.svg"


def portrait_path(portrait: str | None, npc: str = "") -> str:
    """An NPC's portrait: its own, else one picked by its id."""
    if portrait and exists(f"{ART}/npcs/{portrait}.svg"):
        return f"{ART}/npcs/{portrait}.svg"
    return f"{ART}/npcs/{PORTRAITS[zlib.crc32(npc.encode()) % len(PORTRAITS)]}.svg"


#: words in an item's id (or its skirmish equipment's) and the icon they call for
ITEM_WORDS = (("bow", "bow"), ("sling", "bow"), ("knife", "weapon"), ("dagger", "weapon"), ("sword", "weapon"),
              ("blade", "weapon"), ("axe", "tool"), ("spear", "weapon"), ("club", "weapon"), ("mace", "weapon"),
              ("staff", "tool"), ("hammer", "tool"), ("pick", "tool"), ("rope", "tool"), ("lantern", "tool"),
              ("shield", "armour"), ("buckler", "armour"), ("mail", "armour"), ("armour", "armour"),
              ("armor", "armour"), ("helm", "armour"), ("jerkin", "armour"), ("cloak", "cloak"), ("mantle", "cloak"),
              ("boot", "boots"), ("shoe", "boots"), ("potion", "potion"), ("salve", "potion"), ("flask", "potion"),
              ("tonic", "potion"), ("herb", "potion"), ("ring", "ring"), ("amulet", "trinket"), ("charm", "trinket"),
              ("talisman", "trinket"), ("medal", "trinket"), ("compass", "trinket"), ("scroll", "scroll"),
              ("map", "scroll"), ("book", "scroll"), ("letter", "scroll"), ("bell", "trinket"))


def item_path(sprite: str | None, stat: str | None = None, iid: str = "", gear: str = "") -> str:
    """An item's icon: its sprite, else by a word of its id or gear (knife, bow, cloak...), else by the stat it
    raises, else one picked by its id."""
    if sprite and exists(f"{ART}/items/{sprite}.svg"):
        return f"{ART}/items/{sprite}.svg"
    words = f"{iid} {gear}".lower()
    for word, icon in ITEM_WORDS:
        if word in words:
            return f"{ART}/items/{icon}.svg"
    if stat in STAT_ICONS:
        return f"{ART}/items/{STAT_ICONS[stat]}.svg"
    return f"{ART}/items/{ITEM_ICONS[zlib.crc32(iid.encode()) % len(ITEM_ICONS)]}.svg"


def hero_token(surface: pygame.Surface, seat: int, center: tuple[int, int], size: int, active: bool = False) -> None:
    """A hero's token: the seat's badge (colour and shape) under the hero figure, ringed when it acts."""
    cx, cy = center
    r = max(6, size // 2)
    if active:
        pygame.draw.circle(surface, gfx.palette().accent, (cx, cy), r + 3, 3)
    gfx.draw_seat_badge(surface, seat, (cx, cy), r)
    fig = max(8, int(size * 0.8))
    surface.blit(svg(f"{ART}/hero.svg", (fig, fig)), (cx - fig // 2, cy - fig // 2 - max(1, size // 10)))


def actions_of_kind(legal: list[Action], *kinds: str) -> list[Action]:
    """The legal actions of these kinds, in order."""
    return [a for a in legal if a.kind in kinds]


def ref(kind: str, *args: Any) -> Ref:
    """A payload reference of this pane family (``Ref.of``)."""
    return Ref.of(kind, *args)


class ExpeditionPane(TextPane):
    """An expedition pane: draws from an ``ExpeditionView`` and records every line of text it draws."""

    geo = Geometry

    @property
    def legal(self) -> list[Action]:
        """The legal actions the host offers now (none when the seat in front may not act)."""
        can = getattr(self.scene, "can_act", None)
        if callable(can) and not can():
            return []
        return list(getattr(self.scene, "legal", None) or [])
