"""The dungeon's level file model (pydantic) and its compiled, fast-lookup form.

A level names tokens (chip faces and map features, each a list of effect
verbs), chips (two faces and a tier), two-sided map cards (Entrance: 3
floors, Depths: 2 floors, 6 spaces a floor, written as text rows), heroes
(health and starting bag) and the market. Every cross reference is checked
with a clear field path and a "did you mean" suggestion.

Map rows: six cells separated by spaces::

    "#  .  ?goblin  t  !chest  b"

``.`` empty, ``t`` torch, ``b`` bones, ``w`` cobweb (decorated empty spaces),
``#`` obstacle (rubble), ``!token`` mandatory feature, ``?token`` optional feature.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from game.engine.levelchecks import raise_located, suggest
from game.engine.limits import PRICE_MAX, STOCK_MAX
from game.engine.schema import Ident, LevelBase, LocalizedName, LocalizedText, StrictModel
from game.rulesets.dungeon.effects import HANDLERS, PASSIVE, EffectUnion, Monster, Unlock

SPACES_PER_FLOOR = 6
ENTRANCE_FLOORS = 3
DEPTHS_FLOORS = 2
DECOR = {"t": "torch", "b": "bones", "w": "cobweb"}
MAX_BAG = 40
MAX_CROSS_PROBLEMS = 20  # as many as the level loader shows; the last one counts the rest


def _suggest(word: str, options: list[str]) -> str:
    return suggest(word, options)  # bounded work (engine/levelchecks.py)


@dataclass(frozen=True, slots=True)
class Cell:
    """One printed space of a map side."""

    kind: Literal["empty", "obstacle", "feature"]
    token: str | None = None
    mandatory: bool = False
    decor: str | None = None

    @property
    def code(self) -> str:
        """The text form used in level files."""
        if self.kind == "obstacle":
            return "#"
        if self.kind == "feature":
            return ("!" if self.mandatory else "?") + str(self.token)
        for k, v in DECOR.items():
            if v == self.decor:
                return k
        return "."


def parse_cell(text: str) -> Cell:
    """Parse one cell code; ValueError in words otherwise."""
    if text == ".":
        return Cell("empty")
    if text in DECOR:
        return Cell("empty", decor=DECOR[text])
    if text == "#":
        return Cell("obstacle")
    if text[:1] in "!?" and len(text) > 1:
        return Cell("feature", token=text[1:], mandatory=text[0] == "!")
    raise ValueError(f"unknown cell {text!r}; expected '.', 't', 'b', 'w', '#', '!token' or '?token'")


def parse_floor(text: str) -> tuple[Cell, ...]:
    """Parse one floor row of six cells."""
    parts = text.split()
    if len(parts) != SPACES_PER_FLOOR:
        raise ValueError(f"a floor has {SPACES_PER_FLOOR} spaces, got {len(parts)} in {text!r}")
    return tuple(parse_cell(p) for p in parts)


# --- the model ------------------------------------------------------------------------------------

class TokenDef(StrictModel):
    """A chip face or map feature: a name, tags (weapon, coin, potion...) and effect verbs."""

    name: LocalizedName
    symbol: str = Field("", max_length=3, description="a short label for text views")
    tags: list[Ident] = Field(default_factory=list, max_length=8)
    effects: list[EffectUnion] = Field(default_factory=list, max_length=8)  # type: ignore[valid-type]
    description: LocalizedText = ""


class ChipDef(StrictModel):
    """A double-sided chip: two token faces, a tier (1-3) and an optional price."""

    faces: list[Ident] = Field(min_length=2, max_length=2)
    tier: Literal[1, 2, 3] = 1
    price: int | None = Field(None, ge=0, le=99)


class MapSide(StrictModel):
    """One side of a map card: a name and its floors, top to bottom."""

    name: LocalizedName
    floors: list[str] = Field(min_length=1, max_length=4)

    @field_validator("floors")
    @classmethod
    def _floors_parse(cls, v: list[str]) -> list[str]:
        for i, row in enumerate(v):
            try:
                parse_floor(row)
            except ValueError as exc:
                raise ValueError(f"floors[{i}]: {exc}") from None
        return v


class MapCard(StrictModel):
    """A two-sided map card."""

    id: Ident
    sides: list[MapSide] = Field(min_length=2, max_length=2)


class HeroDef(StrictModel):
    """A hero: name, epithet, starting health and starting bag (chip ids, repeats allowed)."""

    name: LocalizedName
    title: LocalizedName = ""
    health: int = Field(ge=1, le=30)
    bag: list[Ident] = Field(min_length=1, max_length=MAX_BAG)


class Market(StrictModel):
    """The market: which chips are sold, how many copies, tier prices and unlock rounds."""

    stock: dict[Ident, int] = Field(default_factory=dict, description="chip id -> copies on sale")
    prices: list[Annotated[int, Field(ge=0, le=PRICE_MAX)]] = Field(
        default_factory=lambda: [2, 4, 6], min_length=3, max_length=3,
        description=f"tier 1, 2, 3 prices (0 to {PRICE_MAX}: buying never gives gold)")
    unlock_rounds: list[Annotated[int, Field(ge=1, le=10)]] = Field(default_factory=lambda: [1, 2, 4], min_length=3, max_length=3,
                                     description="the round after which tier 1, 2, 3 chips are sold")
    max_buys: int = Field(2, ge=0, le=5, description="chips a hero may buy in one market")

    @field_validator("stock")
    @classmethod
    def _counts(cls, v: dict[str, int]) -> dict[str, int]:
        for k, n in v.items():
            if not 0 <= n <= STOCK_MAX:
                raise ValueError(f"stock.{k}: copies must be 0 to {STOCK_MAX}, got {n}")
        return v


class Hint(StrictModel):
    """A tutorial hint shown while a condition holds (round and status)."""

    round: int = Field(1, ge=1, le=10)
    status: Literal["any", "map", "draw", "place", "floor_done", "depths", "market"] = "any"
    text: LocalizedText


class DungeonLevel(LevelBase):
    """A dungeon level file."""

    ruleset: Literal["dungeon"]
    rounds: int = Field(5, ge=1, le=10)
    vp_target: int = Field(20, ge=0, le=500, description="solo play: valor points needed to win")
    village_heal: int = Field(2, ge=0, le=30)
    xp_per_level: int = Field(5, ge=1, le=50, description="experience per +1 maximum health (in the Village)")
    health_bonus: int = Field(0, ge=-10, le=10, description="added to every hero's starting health")
    monster_attack_bonus: int = Field(0, ge=-5, le=5)
    monster_hp_bonus: int = Field(0, ge=-5, le=5)
    fixed_bag_order: bool = Field(False, description="tutorial: chips leave the bag in the listed order")
    fixed_maps: bool = Field(False, description="tutorial: map piles keep the listed order")
    seat_heroes: list[Ident] = Field(min_length=1, max_length=4, description="the hero of each seat, in order")
    heroes: dict[Ident, HeroDef] = Field(default_factory=dict)
    tokens: dict[Ident, TokenDef] = Field(default_factory=dict)
    chips: dict[Ident, ChipDef] = Field(default_factory=dict)
    entrance: list[MapCard] = Field(default_factory=list, max_length=64)
    depths: list[MapCard] = Field(default_factory=list, max_length=64)
    entrance_deck: list[Ident] | None = Field(None, description="use only these Entrance cards (listed order)")
    depths_deck: list[Ident] | None = Field(None, description="use only these Depths cards (listed order)")
    market: Market = Field(default_factory=lambda: Market())
    hints: list[Hint] = Field(default_factory=list, max_length=40)

    @model_validator(mode="after")
    def _cross_check(self) -> "DungeonLevel":
        # one located pydantic error per problem: the level loader prints each on its own line as
        # "path: field.path: message" (one ValueError would give one "(top level): a; b; c" line)
        raise_located(type(self).__name__, self.cross_problems(), MAX_CROSS_PROBLEMS)
        return self

    def cross_problems(self) -> list[tuple[tuple[str | int, ...], str, Any]]:
        """Return the broken cross references as (field location, message, offending value), in file order."""
        tokens = list(self.tokens)
        chips = list(self.chips)
        problems: list[tuple[tuple[str | int, ...], str, Any]] = []
        for cid, chip in self.chips.items():
            for i, f in enumerate(chip.faces):
                if f not in self.tokens:
                    problems.append((("chips", cid, "faces", i), f"unknown token {f!r}{_suggest(f, tokens)}", f))
        for deck_name, cards, floors in (("entrance", self.entrance, ENTRANCE_FLOORS),
                                         ("depths", self.depths, DEPTHS_FLOORS)):
            for ci, card in enumerate(cards):
                for si, side in enumerate(card.sides):
                    where: tuple[str | int, ...] = (deck_name, ci, "sides", si, "floors")
                    if len(side.floors) != floors:
                        problems.append((where, f"a {deck_name} map has {floors} floors, got {len(side.floors)}",
                                         len(side.floors)))
                    for fi, row in enumerate(side.floors):
                        for k, cell in enumerate(parse_floor(row)):
                            if cell.token is not None and cell.token not in self.tokens:
                                problems.append(((*where, fi), f"space {k + 1}: unknown token "
                                                 f"{cell.token!r}{_suggest(cell.token, tokens)}", row))
        seen: dict[str, str] = {}
        for deck_name, cards in (("entrance", self.entrance), ("depths", self.depths)):
            for ci, card in enumerate(cards):
                if card.id in seen:
                    problems.append(((deck_name, ci, "id"), f"card id {card.id!r} is used twice "
                                     f"(also {seen[card.id]})", card.id))
                else:
                    seen[card.id] = f"{deck_name}[{ci}]"
        for name, sub, pool in (("entrance_deck", self.entrance_deck, [c.id for c in self.entrance]),
                                ("depths_deck", self.depths_deck, [c.id for c in self.depths])):
            if sub is None:
                continue
            for i, cid in enumerate(sub):
                if cid not in pool:
                    problems.append(((name, i), f"unknown card {cid!r}{_suggest(cid, pool)}", cid))
                elif cid in sub[:i]:
                    problems.append(((name, i), f"card {cid!r} is listed twice", cid))
        for hid, hero in self.heroes.items():
            for i, c in enumerate(hero.bag):
                if c not in self.chips:
                    problems.append((("heroes", hid, "bag", i), f"unknown chip {c!r}{_suggest(c, chips)}", c))
        for i, h in enumerate(self.seat_heroes):
            if h not in self.heroes:
                problems.append((("seat_heroes", i), f"unknown hero {h!r}{_suggest(h, list(self.heroes))}", h))
            elif h in self.seat_heroes[:i]:
                problems.append((("seat_heroes", i), f"hero {h!r} is listed twice", h))
        for c in self.market.stock:
            if c not in self.chips:
                problems.append((("market", "stock", c), f"unknown chip {c!r}{_suggest(c, chips)}", c))
        if not self.entrance_cards():
            problems.append((("entrance",), "at least one Entrance map card is needed", []))
        for tid, tok in self.tokens.items():
            if sum(1 for e in tok.effects if isinstance(e, Monster)) > 1:
                problems.append((("tokens", tid, "effects"), "at most one monster effect", len(tok.effects)))
        return problems

    def entrance_cards(self) -> list[str]:
        """Return the ids of the Entrance cards in play (the deck subset, or all)."""
        return list(self.entrance_deck) if self.entrance_deck is not None else [c.id for c in self.entrance]

    def depths_cards(self) -> list[str]:
        """Return the ids of the Depths cards in play."""
        return list(self.depths_deck) if self.depths_deck is not None else [c.id for c in self.depths]

    def max_players(self) -> int:
        """Return how many seats this level can seat (heroes, Entrance cards, the header)."""
        top = min(4, len(self.seat_heroes), len(self.entrance_cards()))
        if self.seats is not None:
            top = min(top, self.seats.max)
        return top

    def min_players(self) -> int:
        """Return the fewest seats this level allows."""
        return self.seats.min if self.seats is not None else 1


# --- compiled content ------------------------------------------------------------------------------

@dataclass(frozen=True)
class TokenInfo:
    """A token compiled for the resolver."""

    id: str
    tags: frozenset[str]
    effects: tuple[Any, ...]
    monster: Monster | None
    unlock: int
    steps: tuple[tuple[int, Any, Any], ...] = ()  # (step, handler, params) of active effects


@dataclass(frozen=True)
class Content:
    """A level's content in fast-lookup form (cached per level content hash)."""

    tokens: dict[str, TokenInfo]
    cards: dict[str, tuple[tuple[tuple[Cell, ...], ...], tuple[tuple[Cell, ...], ...]]]
    card_deck: dict[str, str]  # card id -> "entrance" | "depths"
    model: DungeonLevel

    def side(self, card: str, side: int) -> tuple[tuple[Cell, ...], ...]:
        """Return the floors of one side of a card."""
        return self.cards[card][side]


_CACHE: dict[str, Content] = {}


def compile_content(model: DungeonLevel, key: str = "") -> Content:
    """Compile (and cache by ``key``) the lookup tables of a level model."""
    if key and key in _CACHE:
        return _CACHE[key]
    tokens: dict[str, TokenInfo] = {}
    for tid, tok in model.tokens.items():
        effects: list[Any] = list(tok.effects)  # a union built at import time: mypy cannot see its members
        monster = next((e for e in effects if isinstance(e, Monster)), None)
        unlock = sum(e.amount for e in effects if isinstance(e, Unlock))
        active = tuple(e for e in effects if type(e).step != PASSIVE)
        steps = tuple((type(e).step, HANDLERS[type(e)], e) for e in active)
        tokens[tid] = TokenInfo(tid, frozenset(tok.tags), active, monster, unlock, steps)
    cards: dict[str, Any] = {}
    card_deck: dict[str, str] = {}
    for deck, lst in (("entrance", model.entrance), ("depths", model.depths)):
        for card in lst:
            cards[card.id] = tuple(tuple(parse_floor(r) for r in s.floors) for s in card.sides)
            card_deck[card.id] = deck
    content = Content(tokens, cards, card_deck, model)
    if key:
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[key] = content
    return content
