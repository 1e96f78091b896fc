"""One dungeon match as a typed record: rounds of Dungeon, Resolution, Village and Market (seed 001 + RULES.md).

Each seat has its own hero, bag and dungeon. The seed's Dungeon phase is
simultaneous; here seats play their dungeons one after another (they do not
interact, except through the shared map piles), starting with a seat that
rotates every round. Statuses of a seat during the Dungeon phase:

    waiting     its turn in this phase has not come yet
    map         an Entrance map was drawn from the bottom of the pile: choose a side
    draw        the current floor has an empty space: draw a chip
    place       a chip is drawn: choose its face and a space on the current floor
    floor_done  the current floor is finished: continue (down one floor) or stop
    depths      the last floor was finished with chips left: a Depths map was drawn
                from the bottom of the pile; choose its side and shift (-1, 0, +1)
    done        stopped (by choice, after playing the last chip, or no Depths map left)

In the Market the acting seat has status ``market``. The state's fields are declared
once here (``Record``: JSON, loading and copying come from the declaration); the turn
flow (who decides, handlers, automatic work) is declared in ``flow.py``; loading checks
that a type cannot express are in ``checks.py``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Annotated, Any, Final, Literal, NamedTuple, Sequence

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.flow import FlowGame
from game.engine.levels import Level
from game.engine.limits import GOLD_MAX
from game.engine.protocol import GameState, Result
from game.engine.records import (
    DERIVED,
    Between,
    Json,
    MaxLen,
    Record,
    RecordError,
    register_codec,
)
from game.engine.rng import Rng
from game.rulesets.dungeon.geometry import Board, Pos, build_board
from game.rulesets.dungeon.level import Content, DungeonLevel, compile_content
from game.rulesets.dungeon.resolve import Outcome, resolve, token_map

#: state JSON version: 2 names the level by content hash (1 embedded it; ``checks.migrate`` reads it)
VERSION: Final = 2
SHIFTS = (-1, 0, 1)
BIG = 10**6


class Phase(enum.StrEnum):
    """The phase of a round (resolution and village pass automatically inside one action)."""

    DUNGEON = "dungeon"
    RESOLUTION = "resolution"
    VILLAGE = "village"
    MARKET = "market"
    OVER = "over"


class Status(enum.StrEnum):
    """What a seat is doing in the current phase (see the module docstring)."""

    WAITING = "waiting"
    MAP = "map"
    DRAW = "draw"
    PLACE = "place"
    CHECK = "check"  # automatic: a chip, map or descent was just played; never saved
    FLOOR_DONE = "floor_done"
    DEPTHS = "depths"
    DONE = "done"
    MARKET = "market"


#: statuses a saved state may show (``check`` is passed inside one action)
STATUSES = tuple(s.value for s in Status if s is not Status.CHECK)
#: phases a saved state may show (resolution and village are passed inside one action)
PHASES = (Phase.DUNGEON.value, Phase.MARKET.value, Phase.OVER.value)


class MapRef(NamedTuple):
    """A placed map: card id, side (0/1) and column offset; saved as {card, side, offset}."""

    card: str
    side: int
    offset: int


class PlacedChip(NamedTuple):
    """A chip on a seat's dungeon: chip id, face, row, column; saved as {chip, face, row, col}."""

    chip: str
    face: str
    row: int
    col: int


def _int_in(v: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi:
        return v
    raise RecordError(f"{path}: expected an integer in {lo}..{hi}, got {v!r}")


def _table(v: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise RecordError(f"{path}: expected a table")
    for k in v:
        if k not in keys:
            raise RecordError(f"{path}.{k}: unknown field")
    return v


def _text(v: Any, path: str) -> str:
    if isinstance(v, str):
        return v
    raise RecordError(f"{path}: expected a text, got {v!r}")


def _load_map(v: Any, path: str) -> MapRef:
    d = _table(v, path, MapRef._fields)
    return MapRef(_text(d.get("card"), f"{path}.card"), _int_in(d.get("side"), f"{path}.side", 0, 1),
                  _int_in(d.get("offset"), f"{path}.offset", -64, 64))


def _load_chip(v: Any, path: str) -> PlacedChip:
    d = _table(v, path, PlacedChip._fields)
    return PlacedChip(_text(d.get("chip"), f"{path}.chip"), _text(d.get("face"), f"{path}.face"),
                      _int_in(d.get("row"), f"{path}.row", 0, 400), _int_in(d.get("col"), f"{path}.col", -64, 64))


register_codec(MapRef, lambda m: {"card": m[0], "side": m[1], "offset": m[2]}, _load_map, None)
register_codec(PlacedChip, lambda c: {"chip": c[0], "face": c[1], "row": c[2], "col": c[3]}, _load_chip, None)

Count = Annotated[int, Between(0, BIG)]


@dataclass(eq=False)
class Player(Record):
    """One seat's hero, purse, bag and dungeon."""

    hero: str
    health: Annotated[int, Between(0, 200)]
    max_health: Annotated[int, Between(1, 200)]
    gold: Annotated[int, Between(0, GOLD_MAX)] = 0  # engine/limits.py, clamped by the rules
    vp: Count = 0
    xp: Count = 0
    bag: list[str] = field(default_factory=list)
    maps: Annotated[list[MapRef], MaxLen(64)] = field(default_factory=list)
    chips: list[PlacedChip] = field(default_factory=list)
    hero_row: Annotated[int, Between(0, 400)] = 0
    status: Status = Status.WAITING
    pending_chip: str | None = None
    pending_map: str | None = None
    round_gold: Count = 0
    buys: Annotated[int, Between(0, 5)] = 0
    knockouts: Annotated[int, Between(0, 100)] = 0
    last: Json = None


def chip_catalog(model: DungeonLevel, heroes: int | Sequence[str]) -> dict[str, str]:
    """Return every chip instance of a game (id -> chip type), in a fixed order.

    ``heroes``: the hero of each seat, or a seat count (the level's ``seat_heroes``).
    """
    out: dict[str, str] = {}
    if isinstance(heroes, int):
        heroes = model.seat_heroes[:heroes]
    for s, hero_id in enumerate(heroes):
        hero = model.heroes[hero_id]
        for j, ctype in enumerate(hero.bag):
            out[f"s{s}.{j}"] = ctype
    for ctype in sorted(model.market.stock):
        for k in range(model.market.stock[ctype]):
            out[f"m.{ctype}.{k}"] = ctype
    return out


#: derived tables shared by every state of one level and seats' heroes: (model, content, catalog, index)
_DERIVED: dict[tuple[str, tuple[str, ...]], tuple[DungeonLevel, Content, dict[str, str], dict[str, int]]] = {}


def _derived(level: Level, heroes: tuple[str, ...]) -> tuple[DungeonLevel, Content, dict[str, str], dict[str, int]]:
    key = (level.content_hash, heroes)
    hit = _DERIVED.get(key)
    if hit is None or hit[0] is not level.model:
        model: DungeonLevel = level.model
        catalog = chip_catalog(model, heroes)
        hit = (model, compile_content(model, level.content_hash), catalog, {c: i for i, c in enumerate(catalog)})
        if len(_DERIVED) > 256:
            _DERIVED.clear()
        _DERIVED[key] = hit
    return hit


@dataclass(eq=False)
class DungeonState(FlowGame, Record, GameState):
    """A dungeon game in progress (fields saved in this order; see docs/rules/dungeon.md)."""

    ruleset: Literal["dungeon"]
    version: Literal[2]
    level: Level
    seat_names: Annotated[list[str], MaxLen(8)] = field(metadata={"json": "seats"})
    rng: Rng
    round: Annotated[int, Between(1, 1000)] = 1
    phase: Phase = Phase.DUNGEON
    first_seat: Annotated[int, Between(0, 7)] = 0
    active: Annotated[int, Between(0, 7)] | None = None
    entrance_pile: list[str] = field(default_factory=list)
    depths_pile: list[str] = field(default_factory=list)
    market: dict[str, list[str]] = field(default_factory=dict)
    players: list[Player] = field(default_factory=list)
    winners: list[int] | None = None
    # derived from the level and the seat count (not saved)
    model: DungeonLevel = field(default=None, metadata=DERIVED)  # type: ignore[assignment]
    content: Content = field(default=None, metadata=DERIVED)  # type: ignore[assignment]
    catalog: dict[str, str] = field(default=None, metadata=DERIVED)  # type: ignore[arg-type]
    chip_index: dict[str, int] = field(default=None, metadata=DERIVED)  # type: ignore[arg-type]

    ruleset_id = "dungeon"

    def __post_init__(self) -> None:
        self.after_load()

    def after_load(self) -> None:
        """Rebuild the level's model, compiled content and chip catalog (shared, never changed).

        The catalog follows the seats' heroes (a seat may choose its hero); before the players exist
        (a new game) and in a save whose heroes are unknown it is the level's ``seat_heroes``.
        """
        n = len(self.seat_names)
        model = self.level.model
        heroes = tuple(p.hero for p in self.players)
        if len(heroes) != n or any(h not in model.heroes for h in heroes):
            heroes = tuple(model.seat_heroes[:n])  # checks.validate names a wrong hero
        self.model, self.content, self.catalog, self.chip_index = _derived(self.level, heroes)

    # --- helpers ---------------------------------------------------------------------------------
    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.players)

    def order(self) -> list[int]:
        """Return the seats in this round's order (starting with the first seat)."""
        return [(self.first_seat + i) % self.n for i in range(self.n)]

    def board(self, seat: int) -> Board:
        """Return a seat's dungeon board (cached)."""
        return build_board(self.content, self.players[seat].maps, self.level.content_hash)

    def chip_faces(self, chip: str) -> list[str]:
        """Return the two faces of a chip instance."""
        return list(self.model.chips[self.catalog[chip]].faces)

    def occupied(self, seat: int) -> dict[Pos, tuple[str, str]]:
        """Return position -> (chip id, face) of a seat's placed chips."""
        return {(r, c): (cid, f) for cid, f, r, c in self.players[seat].chips}

    def legal_spaces(self, seat: int) -> list[Pos]:
        """Return the spaces of the current floor a chip may go on (empty or optional feature, free)."""
        p = self.players[seat]
        board = self.board(seat)
        if not 0 <= p.hero_row < board.floors:
            return []
        taken = {(r, c) for _, _, r, c in p.chips}
        out = []
        for pos in board.rows[p.hero_row]:
            cell = board.cells[pos]
            if pos in taken:
                continue
            if cell.kind == "empty" or (cell.kind == "feature" and not cell.mandatory):
                out.append(pos)
        return out

    def floor_finished(self, seat: int, row: int | None = None) -> bool:
        """True when the floor has no empty space (a chip, obstacle or feature on every space)."""
        p = self.players[seat]
        board = self.board(seat)
        row = p.hero_row if row is None else row
        taken = {(r, c) for _, _, r, c in p.chips}
        return all(board.cells[pos].kind != "empty" or pos in taken for pos in board.rows[row])

    def tokens(self, seat: int, hero_row: int | None = None) -> dict[Pos, str]:
        """Return the tokens that count for a seat (reached floors; chips over optional features)."""
        p = self.players[seat]
        row = p.hero_row if hero_row is None else hero_row
        return token_map(self.board(seat), (((r, c), f) for _, f, r, c in p.chips), row)

    def preview(self, seat: int, hero_row: int | None = None, record: bool = False) -> Outcome:
        """Resolve a seat's dungeon as it stands (without changing anything)."""
        p = self.players[seat]
        row = p.hero_row if hero_row is None else hero_row
        if not p.maps:
            return Outcome(health=p.health)
        return resolve(self.content, self.board(seat), row, self.tokens(seat, row), p.health,
                       self.model.monster_attack_bonus, self.model.monster_hp_bonus, record)

    def price(self, ctype: str) -> int:
        """Return the market price of a chip type."""
        chip = self.model.chips[ctype]
        return chip.price if chip.price is not None else self.model.market.prices[chip.tier - 1]

    def tier_open(self, tier: int) -> bool:
        """True when chips of this tier are on sale in this round's market."""
        return self.round >= self.model.market.unlock_rounds[tier - 1]

    def buyable(self, seat: int) -> list[str]:
        """Return the chip types this seat may buy now (stock, tier, gold, buys left)."""
        p = self.players[seat]
        if p.buys >= self.model.market.max_buys:
            return []
        out = []
        for ctype in sorted(self.market, key=lambda c: (self.model.chips[c].tier, c)):
            if self.market[ctype] and self.tier_open(self.model.chips[ctype].tier) and p.gold >= self.price(ctype):
                out.append(ctype)
        return out

    def name(self, token: str | None, lang: str | None = None) -> str:
        """Return a token's display name."""
        if token is None:
            return "-"
        tok = self.model.tokens.get(token)
        return i18n.localize(tok.name, lang) if tok is not None else token

    # --- protocol (to_act, legal_actions and _apply come from the declared flow, flow.py) ----------
    def explain_illegal(self, action: Action) -> str:
        """Say in words why an action is refused now."""
        from game.rulesets.dungeon.words import explain

        return explain(self, action, i18n.language())

    def result(self) -> Result | None:
        """Return the result once the game is over."""
        if self.phase is not Phase.OVER or self.winners is None:
            return None
        if self.n == 1:
            reason = "target_reached" if self.winners else "target_missed"
        else:
            reason = "most_vp" if len(self.winners) == 1 else "shared"
            if len(self.winners) == 1 and sum(p.vp == self.players[self.winners[0]].vp for p in self.players) > 1:
                reason = "more_gold"  # tied on Valor: the gold broke the tie
        return Result(tuple(self.winners), tuple(float(p.vp) for p in self.players), reason)

    # --- information -----------------------------------------------------------------------------
    def is_hidden_information(self) -> bool:
        """The map piles are face down: their order is hidden."""
        return True

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return what a seat may know: everything but the RNG and the order of the map piles.

        Readable parts come first for the generic table view: ``hint`` (tutorial text) and
        ``display`` (per seat: hero, numbers, status and the board as text rows). ``level`` is
        the level's reference {ruleset, id, hash}.
        """
        from game.rulesets.dungeon.words import current_hint, display

        data = self.to_json()
        out: dict[str, Any] = {k: data.pop(k) for k in ("ruleset", "version", "level", "seats")}
        data.pop("rng")
        out["rng"] = None
        out["round"] = data.pop("round")
        out["phase"] = data.pop("phase")
        out["hint"] = current_hint(self)
        out["display"] = display(self)
        out.update(data)
        out["entrance_pile"] = ["?"] * len(self.entrance_pile)
        out["depths_pile"] = ["?"] * len(self.depths_pile)
        return out

    # --- checks and words ------------------------------------------------------------------------
    def invariants(self) -> list[str]:
        """Return broken invariants in words: conservation, bounds, geometry, phase consistency."""
        from game.rulesets.dungeon.checks import invariants

        return invariants(self)

    def describe(self, action: Action, lang: str = "en") -> str:
        """Return the action in words."""
        from game.rulesets.dungeon.words import describe

        return describe(self, action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        """Return a log line for an event."""
        from game.rulesets.dungeon.words import describe_event

        return describe_event(self, event, lang)

    def heuristic(self, seat: int) -> float:
        """Return how good the position looks for a seat in [0, 1]."""
        from game.rulesets.dungeon.bot import heuristic

        return heuristic(self, seat)


def new_state(level: Level, seat_names: list[str], seed: int, heroes: Sequence[str] | None = None) -> DungeonState:
    """Set up a game: heroes, bags, shuffled piles, market stock; the first seat draws its Entrance.

    ``heroes``: the hero of each seat (chosen on the set-up screen); None: the level's ``seat_heroes``.
    """
    from game.rulesets.dungeon.flow import FLOW, start_round

    st = DungeonState("dungeon", VERSION, level, list(seat_names), Rng(seed))
    model = st.model
    chosen = list(heroes) if heroes is not None else list(model.seat_heroes[:len(seat_names)])
    for s in range(len(seat_names)):
        hero_id = chosen[s]
        hero = model.heroes[hero_id]
        health = max(1, hero.health + model.health_bonus)
        st.players.append(Player(hero_id, health, health))
    st.after_load()  # the chip catalog of these heroes
    for s, p in enumerate(st.players):
        p.bag = [cid for cid in st.catalog if cid.startswith(f"s{s}.")]
    for cid, ctype in st.catalog.items():
        if cid.startswith("m."):
            st.market.setdefault(ctype, []).append(cid)
    st.entrance_pile = list(model.entrance_cards())
    st.depths_pile = list(model.depths_cards())
    if not model.fixed_maps:
        st.rng.shuffle(st.entrance_pile)
        st.rng.shuffle(st.depths_pile)
    events: list[Event] = []
    start_round(st, 1, events)
    FLOW.settle(st, events)
    return st


def state_from_json(data: Any) -> DungeonState:
    """Rebuild a state from to_json data (version 1 or 2); StateError naming the field otherwise."""
    from game.rulesets.dungeon.checks import migrate, validate

    st = DungeonState.from_json(migrate(data))
    validate(st)
    return st


# the declared turn flow sets ``DungeonState.flow`` (imported last: it builds on the names above)
import game.rulesets.dungeon.flow  # noqa: F401
