"""Typed records of what the dungeon table shows, built from ``state.view(seat)`` alone.

Why: the dungeon panes (board, bag and drawn chip, hero card, heroes list, market, village,
resolution replay, "what now") should draw a game without touching the rule state or looking up
view keys by string. Everything a pane reads is here, as frozen records computed from the view
dict plus the level model (static content: chip faces, tiers, prices, market rules).

The table also needs the level's public content (``TableContent``: the model, the compiled map sides,
the chip catalogue, boards from a player's maps), the records as events change them before the view
catches up (``placed``, ``descended``, ``with_map``, ``with_numbers``: the Resolution replay shows the
dungeons the rules have already cleared), and the Village's effect per hero (``village_summary``).

Notes: the view carries piles as hidden placeholders, so only their counts are known; the bag is
the list of chip ids (its order is the rules' secret order only at the table, never shown); prices
come from the level model exactly as ``DungeonState.price`` computes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

PHASES = ("dungeon", "resolution", "village", "market", "over")


@dataclass(frozen=True)
class MapRecord:
    """One placed map card: which card, which side is up, and its column offset."""

    card: str
    side: int
    offset: int


@dataclass(frozen=True)
class ChipRecord:
    """One chip placed in a dungeon: its instance id, the face up, and its grid position."""

    chip: str
    face: str
    row: int
    col: int


@dataclass(frozen=True)
class PlayerRecord:
    """One seat's hero and dungeon as the view shows it."""

    seat: int
    hero: str
    health: int
    max_health: int
    gold: int
    valor: int                     # victory points ("vp" in the rules)
    xp: int
    bag: tuple[str, ...]
    maps: tuple[MapRecord, ...]
    chips: tuple[ChipRecord, ...]
    hero_row: int
    status: str
    pending_chip: str | None
    pending_map: str | None
    round_gold: int
    buys: int
    knockouts: int

    @property
    def bag_count(self) -> int:
        """How many chips are left in the bag."""
        return len(self.bag)

    @property
    def chips_placed(self) -> int:
        """How many chips lie in the dungeon."""
        return len(self.chips)

    @property
    def knocked_out(self) -> bool:
        """True when the hero has no health left."""
        return self.health <= 0


@dataclass(frozen=True)
class OfferRecord:
    """One chip type on sale: its faces, tier, price, copies left, and whether its tier is open."""

    ctype: str
    faces: tuple[str, ...]
    tier: int
    price: int
    stock: int
    unlock_round: int
    open: bool

    @property
    def sold_out(self) -> bool:
        """True when no copy is left."""
        return self.stock == 0


@dataclass(frozen=True)
class MarketRecord:
    """The market: its offers (tier, then type order), the buys a hero may make, prices by tier."""

    offers: tuple[OfferRecord, ...]
    max_buys: int
    prices: tuple[int, ...]

    def offer(self, ctype: str) -> OfferRecord | None:
        """Return the offer of a chip type (None when not sold)."""
        for o in self.offers:
            if o.ctype == ctype:
                return o
        return None

    def buys_left(self, player: PlayerRecord) -> int:
        """How many more chips this player may buy in this market."""
        return max(0, self.max_buys - player.buys)


@dataclass(frozen=True)
class DungeonView:
    """What one seat sees of a dungeon game: round, phase, the active seat, players, market, piles."""

    round: int
    phase: str
    active: int | None
    first_seat: int
    seats: tuple[str, ...]
    players: tuple[PlayerRecord, ...]
    market: MarketRecord
    entrance_pile: int
    depths_pile: int
    winners: tuple[int, ...] | None
    hint: Any

    def player(self, seat: int) -> PlayerRecord | None:
        """Return a seat's record (None when out of range)."""
        return self.players[seat] if 0 <= seat < len(self.players) else None

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "over"

    @classmethod
    def from_view(cls, view: Mapping[str, Any], model: Any) -> "DungeonView":
        """Build the records from ``state.view(seat)`` and the level model (static content)."""
        players = tuple(_player(i, p) for i, p in enumerate(view.get("players") or []))
        winners = view.get("winners")
        return cls(
            round=int(view.get("round", 1)),
            phase=str(view.get("phase", "")),
            active=view.get("active"),
            first_seat=int(view.get("first_seat", 0)),
            seats=tuple(view.get("seats") or ()),
            players=players,
            market=_market(view.get("market") or {}, model, int(view.get("round", 1))),
            entrance_pile=len(view.get("entrance_pile") or ()),
            depths_pile=len(view.get("depths_pile") or ()),
            winners=tuple(winners) if winners is not None else None,
            hint=view.get("hint"),
        )


def _player(seat: int, p: Mapping[str, Any]) -> PlayerRecord:
    maps = tuple(MapRecord(str(m["card"]), int(m["side"]), int(m["offset"])) for m in p.get("maps") or ())
    chips = tuple(ChipRecord(str(c["chip"]), str(c["face"]), int(c["row"]), int(c["col"]))
                  for c in p.get("chips") or ())
    return PlayerRecord(
        seat=seat, hero=str(p.get("hero", "")), health=int(p.get("health", 0)),
        max_health=int(p.get("max_health", 1)), gold=int(p.get("gold", 0)), valor=int(p.get("vp", 0)),
        xp=int(p.get("xp", 0)), bag=tuple(p.get("bag") or ()), maps=maps, chips=chips,
        hero_row=int(p.get("hero_row", 0)), status=str(p.get("status", "")),
        pending_chip=p.get("pending_chip"), pending_map=p.get("pending_map"),
        round_gold=int(p.get("round_gold", 0)), buys=int(p.get("buys", 0)), knockouts=int(p.get("knockouts", 0)),
    )


def _market(stock: Mapping[str, Any], model: Any, rnd: int) -> MarketRecord:
    mk = model.market
    offers = []
    for ctype in stock:
        chip = model.chips.get(ctype)
        if chip is None:
            continue
        unlock = int(mk.unlock_rounds[chip.tier - 1])
        price = chip.price if chip.price is not None else mk.prices[chip.tier - 1]
        offers.append(OfferRecord(ctype, tuple(chip.faces), int(chip.tier), int(price), len(stock[ctype]),
                                  unlock, rnd >= unlock))
    offers.sort(key=lambda o: (o.tier, o.ctype))
    return MarketRecord(tuple(offers), int(mk.max_buys), tuple(int(x) for x in mk.prices))


# ---------------------------------------------------------------------- changes the table shows before the view

def placed(p: PlayerRecord, chip: str, face: str, row: int, col: int) -> PlayerRecord:
    """The player after a chip was laid at (row, col): the replay shows the dungeon as each move left it."""
    return replace(p, chips=p.chips + (ChipRecord(chip, face, row, col),), pending_chip=None)


def descended(p: PlayerRecord, row: int) -> PlayerRecord:
    """The player with the hero on floor ``row`` (0-based)."""
    return replace(p, hero_row=row)


def with_map(p: PlayerRecord, card: str, side: int, offset: int) -> PlayerRecord:
    """The player after a Depths map was laid under the dungeon (the floor is done)."""
    return replace(p, maps=p.maps + (MapRecord(card, side, offset),), status="floor_done")


def with_numbers(p: PlayerRecord, other: PlayerRecord) -> PlayerRecord:
    """The player with ``other``'s health, gold, Valor, XP and status (a frozen dungeon, the final numbers)."""
    return replace(p, health=other.health, max_health=other.max_health, gold=other.gold, valor=other.valor,
                   xp=other.xp, status=other.status)


# ---------------------------------------------------------------------- the level's public content

@dataclass(frozen=True, eq=False)
class TableContent:
    """What the level says about the table (public content, never rule state): the model, the compiled map
    sides, and the chip catalogue (chip id -> chip type) of a game with this many seats."""

    model: Any
    content: Any
    content_hash: str
    catalog: Mapping[str, str]

    @classmethod
    def of(cls, level: Any, n_seats: int, heroes: Sequence[str] | None = None) -> "TableContent":
        """Build it from a ``Level`` and the number of seats (``heroes``: each seat's, when chosen)."""
        from game.rulesets.dungeon.level import compile_content
        from game.rulesets.dungeon.state import chip_catalog

        model = level.model
        return cls(model, compile_content(model, level.content_hash), level.content_hash,
                   chip_catalog(model, list(heroes) if heroes is not None else n_seats))

    def chip_type(self, chip: str | None) -> str | None:
        """The chip type of a chip instance (None when unknown)."""
        return self.catalog.get(chip) if chip else None

    def chip_faces(self, chip: str | None) -> list[str]:
        """The two faces of a chip instance (empty when unknown)."""
        ctype = self.chip_type(chip)
        info = self.model.chips.get(ctype) if ctype else None
        return list(info.faces) if info is not None else []

    def has_card(self, card: str | None) -> bool:
        """True when ``card`` is a map card of this level."""
        return card is not None and card in self.content.cards

    def side(self, card: str, side: int) -> Any:
        """The floors (rows of cells) of one side of a map card."""
        return self.content.side(card, side)

    def board(self, p: PlayerRecord) -> Any:
        """The board of a player's placed maps (None before the Entrance side is chosen)."""
        from game.rulesets.dungeon.geometry import build_board

        maps = [(m.card, m.side, m.offset) for m in p.maps if m.card in self.content.cards]
        if not maps:
            return None
        return build_board(self.content, maps, self.content_hash)

    def grid_of(self, p: PlayerRecord, floor: int, space: int) -> tuple[int, int]:
        """The grid (row, col) of a space given as (floor, space), both 1-based, in a player's dungeon."""
        row, offset, start = floor - 1, 0, 0
        for m in p.maps:
            n = len(self.content.side(m.card, m.side)) if m.card in self.content.cards else 0
            if start <= row < start + n:
                offset = m.offset
                break
            start += n
        return row, offset + space - 1


# ---------------------------------------------------------------------- the Village summary

@dataclass(frozen=True)
class VillageLine:
    """What the Village did for one hero: healed (how much), levelled up (new maximum), health after."""

    seat: int
    healed: int
    level_max: int | None
    health: int
    max_health: int


def village_summary(events: Sequence[Any], after: DungeonView) -> tuple[VillageLine, ...]:
    """One line per seat from the Village's events (``Healed`` in the village, ``LevelUp``) and the view after."""
    out = []
    for s, p in enumerate(after.players):
        healed = sum(int(e.data.get("amount", 0)) for e in events
                     if e.kind == "Healed" and e.data.get("where") == "village" and e.data.get("seat") == s)
        level = [e for e in events if e.kind == "LevelUp" and e.data.get("seat") == s]
        level_max = int(level[-1].data.get("max_health", p.max_health)) if level else None
        out.append(VillageLine(s, healed, level_max, p.health, p.max_health))
    return tuple(out)
