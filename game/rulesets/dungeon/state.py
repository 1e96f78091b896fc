"""One dungeon match: rounds of Dungeon, Resolution, Village and Market (seed 001 + RULES.md).

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

In the Market the acting seat has status ``market``.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event, card_moved, chip_drawn, game_over, phase_began, shuffled
from game.engine.levels import Level
from game.engine.protocol import GameState, Result, StateError
from game.engine.rng import Rng
from game.rulesets.dungeon.geometry import Board, Pos, build_board
from game.rulesets.dungeon.level import Content, DungeonLevel, compile_content
from game.rulesets.dungeon.resolve import Outcome, resolve, token_map

log = logging.getLogger(__name__)

VERSION = 1
STATUSES = ("waiting", "map", "draw", "place", "floor_done", "depths", "done", "market")
PHASES = ("dungeon", "market", "over")
SHIFTS = (-1, 0, 1)


def chip_catalog(model: DungeonLevel, n_seats: int) -> dict[str, str]:
    """Return every chip instance of a game (id -> chip type), in a fixed order."""
    out: dict[str, str] = {}
    for s in range(n_seats):
        hero = model.heroes[model.seat_heroes[s]]
        for j, ctype in enumerate(hero.bag):
            out[f"s{s}.{j}"] = ctype
    for ctype in sorted(model.market.stock):
        for k in range(model.market.stock[ctype]):
            out[f"m.{ctype}.{k}"] = ctype
    return out


class Player:
    """One seat's hero, purse, bag and dungeon."""

    __slots__ = ("hero", "health", "max_health", "gold", "vp", "xp", "bag", "maps", "chips", "hero_row",
                 "status", "pending_chip", "pending_map", "round_gold", "buys", "knockouts", "last")

    def __init__(self, hero: str, health: int) -> None:
        self.hero = hero
        self.health = health
        self.max_health = health
        self.gold = 0
        self.vp = 0
        self.xp = 0
        self.bag: list[str] = []
        self.maps: list[tuple[str, int, int]] = []
        self.chips: list[tuple[str, str, int, int]] = []  # chip id, face, row, col
        self.hero_row = 0
        self.status = "waiting"
        self.pending_chip: str | None = None
        self.pending_map: str | None = None
        self.round_gold = 0
        self.buys = 0
        self.knockouts = 0
        self.last: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data."""
        return {
            "hero": self.hero, "health": self.health, "max_health": self.max_health, "gold": self.gold,
            "vp": self.vp, "xp": self.xp, "bag": list(self.bag),
            "maps": [{"card": c, "side": s, "offset": o} for c, s, o in self.maps],
            "chips": [{"chip": c, "face": f, "row": r, "col": k} for c, f, r, k in self.chips],
            "hero_row": self.hero_row, "status": self.status, "pending_chip": self.pending_chip,
            "pending_map": self.pending_map, "round_gold": self.round_gold, "buys": self.buys,
            "knockouts": self.knockouts, "last": copy.deepcopy(self.last),
        }

    def copy(self) -> "Player":
        """Return an independent copy."""
        p = Player.__new__(Player)
        for name in Player.__slots__:
            setattr(p, name, getattr(self, name))
        p.bag = list(self.bag)
        p.maps = list(self.maps)
        p.chips = list(self.chips)
        p.last = copy.deepcopy(self.last)
        return p


class DungeonState(GameState):
    """A dungeon game in progress."""

    ruleset_id = "dungeon"

    def __init__(self, level: Level, seat_names: list[str], rng: Rng) -> None:
        self.level = level
        self.model: DungeonLevel = level.model
        self.content: Content = compile_content(level.model, level.content_hash)
        self.seat_names = list(seat_names)
        self.rng = rng
        self.catalog = chip_catalog(self.model, len(seat_names))
        self.round = 1
        self.phase = "dungeon"
        self.first_seat = 0
        self.active: int | None = None
        self.entrance_pile: list[str] = []
        self.depths_pile: list[str] = []
        self.market: dict[str, list[str]] = {}
        self.players: list[Player] = []
        self.winners: list[int] | None = None

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

    # --- protocol --------------------------------------------------------------------------------
    def to_act(self) -> int | None:
        """Return the seat that decides now, or None when the game is over."""
        return None if self.phase == "over" else self.active

    def legal_actions(self) -> list[Action]:
        """Return the acting seat's legal actions, unique, in a stable order."""
        seat = self.to_act()
        if seat is None:
            return []
        p = self.players[seat]
        st = p.status
        if st == "map":
            return [Action.of("choose_map", side=0), Action.of("choose_map", side=1)]
        if st == "draw":
            return [Action.of("draw")]
        if st == "place" and p.pending_chip is not None:
            board = self.board(seat)
            spaces = self.legal_spaces(seat)
            out = []
            for face in dict.fromkeys(self.chip_faces(p.pending_chip)):
                for pos in spaces:
                    out.append(Action.of("place", face=face, floor=pos[0] + 1, space=board.space_of(pos)))
            return out
        if st == "floor_done":
            return ([Action.of("continue")] if p.bag else []) + [Action.of("stop")]
        if st == "depths":
            return [Action.of("place_depths", side=s, shift=d) for s in (0, 1) for d in SHIFTS]
        if st == "market":
            return [Action.of("buy", chip=c) for c in self.buyable(seat)] + [Action.of("done")]
        return []

    def explain_illegal(self, action: Action) -> str:
        """Say in words why an action is refused now."""
        from game.rulesets.dungeon.words import explain

        return explain(self, action, i18n.language())

    def _apply(self, action: Action) -> list[Event]:
        seat = self.active
        assert seat is not None
        p = self.players[seat]
        ev: list[Event] = []
        kind = action.kind
        if kind == "choose_map":
            side = int(action["side"])
            card = p.pending_map
            assert card is not None
            p.maps = [(card, side, 0)]
            p.pending_map = None
            p.hero_row = 0
            ev.append(Event("MapChosen", {"seat": seat, "card": card, "side": side, "deck": "entrance"}))
            ev.append(Event("HeroPlaced", {"seat": seat, "floor": 1}))
            self._settle(seat, ev)
        elif kind == "draw":
            ev.append(self._draw(seat))
        elif kind == "place":
            chip = p.pending_chip
            assert chip is not None
            board = self.board(seat)
            pos = board.pos_of(int(action["floor"]), int(action["space"]))
            face = str(action["face"])
            cell = board.cells[pos]
            p.chips.append((chip, face, pos[0], pos[1]))
            p.pending_chip = None
            ev.append(Event("ChipPlaced", {"seat": seat, "chip": chip, "type": self.catalog[chip], "face": face,
                                           "floor": pos[0] + 1, "space": board.space_of(pos),
                                           "replaces": cell.token if cell.kind == "feature" else None}))
            self._settle(seat, ev)
        elif kind == "continue":
            p.hero_row += 1
            ev.append(Event("HeroDescended", {"seat": seat, "floor": p.hero_row + 1}))
            self._settle(seat, ev)
        elif kind == "stop":
            self._stop(seat, "chose", ev)
        elif kind == "place_depths":
            card = p.pending_map
            assert card is not None
            side, shift = int(action["side"]), int(action["shift"])
            offset = p.maps[-1][2] + shift
            p.maps.append((card, side, offset))
            p.pending_map = None
            ev.append(Event("MapChosen", {"seat": seat, "card": card, "side": side, "deck": "depths",
                                          "shift": shift, "offset": offset}))
            p.status = "floor_done"
        elif kind == "buy":
            ctype = str(action["chip"])
            cost = self.price(ctype)
            chip = self.market[ctype].pop()
            p.bag.append(chip)
            p.gold -= cost
            p.buys += 1
            ev.append(Event("ChipBought", {"seat": seat, "chip": chip, "type": ctype, "price": cost}))
            if not self.buyable(seat):
                p.status = "done"
        elif kind == "done":
            p.status = "done"
            ev.append(Event("MarketLeft", {"seat": seat}))
        else:  # pragma: no cover - legal_actions never offers anything else
            raise AssertionError(kind)
        if p.status == "done":
            self._next_seat(ev)
        return ev

    # --- flow ------------------------------------------------------------------------------------
    def _draw(self, seat: int) -> Event:
        p = self.players[seat]
        if self.model.fixed_bag_order:
            index = {cid: i for i, cid in enumerate(self.catalog)}
            chip = min(p.bag, key=lambda c: index[c])
            p.bag.remove(chip)
        else:
            chip = p.bag.pop(self.rng.randbelow(len(p.bag)))
        p.pending_chip = chip
        p.status = "place"
        return chip_drawn(seat, chip, type=self.catalog[chip], faces=self.chip_faces(chip), left=len(p.bag))

    def _stop(self, seat: int, reason: str, ev: list[Event]) -> None:
        p = self.players[seat]
        p.status = "done"
        ev.append(Event("Stopped", {"seat": seat, "floor": p.hero_row + 1, "reason": reason,
                                    "chips_left": len(p.bag)}))

    def _settle(self, seat: int, ev: list[Event]) -> None:
        """After a map, a chip or a descent: decide what the seat does next."""
        p = self.players[seat]
        if not p.bag:
            self._stop(seat, "bag_empty", ev)
            return
        if not self.floor_finished(seat):
            p.status = "draw"
            return
        ev.append(Event("FloorFinished", {"seat": seat, "floor": p.hero_row + 1}))
        if p.hero_row == self.board(seat).floors - 1:
            if not self.depths_pile:
                self._stop(seat, "no_depths", ev)
                return
            card = self.depths_pile.pop(0)
            p.pending_map = card
            p.status = "depths"
            ev.append(card_moved(card, "depths_pile", f"dungeon:{seat}", bottom=True, revealed=True, seat=seat))
            return
        p.status = "floor_done"

    def _start_dungeon(self, seat: int, ev: list[Event]) -> None:
        p = self.players[seat]
        card = self.entrance_pile.pop(0)
        p.pending_map = card
        p.status = "map"
        ev.append(phase_began("dungeon", seat, round=self.round))
        ev.append(card_moved(card, "entrance_pile", f"dungeon:{seat}", bottom=True, revealed=True, seat=seat))

    def _next_seat(self, ev: list[Event]) -> None:
        """Hand the turn to the next seat of the phase, or end the phase."""
        for s in self.order():
            if self.players[s].status == "waiting":
                self.active = s
                if self.phase == "dungeon":
                    self._start_dungeon(s, ev)
                else:
                    self.players[s].status = "market"
                    self.players[s].buys = 0
                    if not self.buyable(s):
                        self.players[s].status = "done"
                        ev.append(Event("MarketSkipped", {"seat": s}))
                        continue
                    ev.append(phase_began("market", s, round=self.round))
                return
        if self.phase == "dungeon":
            self._end_dungeon_phase(ev)
        else:
            self._start_round(self.round + 1, ev)

    def _end_dungeon_phase(self, ev: list[Event]) -> None:
        """Resolution for every seat, clean-up, Village, then the Market or the end."""
        ev.append(phase_began("resolution", None, round=self.round))
        for s in range(self.n):
            self._resolve(s, ev)
        self._cleanup(ev)
        ev.append(phase_began("village", None, round=self.round))
        for s in range(self.n):
            self._village(s, ev)
        if self.round >= self.model.rounds:
            self._finish(ev)
            return
        self.phase = "market"
        for p in self.players:
            p.status = "waiting"
        self.active = None
        self._next_seat(ev)

    def _resolve(self, seat: int, ev: list[Event]) -> None:
        p = self.players[seat]
        out = self.preview(seat, record=True)
        for e in out.events:
            data = dict(e)
            kind = data.pop("kind")
            data["seat"] = seat
            ev.append(Event(kind, data))
        before = p.health
        ko = out.health <= 0
        p.vp += out.vp
        p.xp += out.xp
        if ko:
            p.health = 0
            p.knockouts += 1
            ev.append(Event("KnockedOut", {"seat": seat, "gold_lost": out.gold}))
        else:
            p.health = min(p.max_health, out.health)
            p.gold += out.gold
        p.last = {"round": self.round, "vp": out.vp, "xp": out.xp, "gold": 0 if ko else out.gold,
                  "health": p.health - before, "knocked_out": ko, "floor": p.hero_row + 1,
                  "defeated": out.defeated, "monsters": out.monsters}
        ev.append(Event("Resolved", {"seat": seat, **p.last}))

    def _cleanup(self, ev: list[Event]) -> None:
        """Chips go back to their bags; maps go back to their piles (reshuffled unless fixed)."""
        index = {cid: i for i, cid in enumerate(self.catalog)}
        for p in self.players:
            p.bag.extend(c for c, _, _, _ in p.chips)
            p.chips = []
            p.bag.sort(key=lambda c: index[c])
            for card, _, _ in p.maps:
                (self.entrance_pile if self.content.card_deck[card] == "entrance" else self.depths_pile).append(card)
            p.maps = []
            p.hero_row = 0
        if not self.model.fixed_maps:
            self.rng.shuffle(self.entrance_pile)
            self.rng.shuffle(self.depths_pile)
            ev.append(shuffled("entrance_pile"))
            ev.append(shuffled("depths_pile"))

    def _village(self, seat: int, ev: list[Event]) -> None:
        p = self.players[seat]
        base = self.model.heroes[p.hero].health + self.model.health_bonus
        level_max = max(1, base) + p.xp // self.model.xp_per_level
        if level_max > p.max_health:
            gain = level_max - p.max_health
            p.max_health = level_max
            p.health += gain
            ev.append(Event("LevelUp", {"seat": seat, "max_health": p.max_health}))
        healed = min(self.model.village_heal, p.max_health - p.health)
        if healed > 0:
            p.health += healed
            ev.append(Event("Healed", {"seat": seat, "amount": healed, "where": "village"}))

    def _start_round(self, number: int, ev: list[Event]) -> None:
        self.round = number
        self.phase = "dungeon"
        self.first_seat = (number - 1) % self.n
        for p in self.players:
            p.status = "waiting"
            p.round_gold = p.gold
            p.buys = 0
        ev.append(phase_began("round", None, round=number))
        self.active = None
        self._next_seat(ev)

    def _finish(self, ev: list[Event]) -> None:
        self.phase = "over"
        self.active = None
        self.winners = self._winners()
        ev.append(game_over(list(self.winners), vp=[p.vp for p in self.players]))

    def _winners(self) -> list[int]:
        if self.n == 1:
            return [0] if self.players[0].vp >= self.model.vp_target else []
        best = max(p.vp for p in self.players)
        tied = [s for s, p in enumerate(self.players) if p.vp == best]
        top_gold = max(self.players[s].gold for s in tied)
        return [s for s in tied if self.players[s].gold == top_gold]

    def result(self) -> Result | None:
        """Return the result once the game is over."""
        if self.phase != "over" or self.winners is None:
            return None
        if self.n == 1:
            reason = "target_reached" if self.winners else "target_missed"
        else:
            reason = "most_vp" if len(self.winners) == 1 else "shared"
        return Result(tuple(self.winners), tuple(float(p.vp) for p in self.players), reason)

    # --- information -----------------------------------------------------------------------------
    def is_hidden_information(self) -> bool:
        """The map piles are face down: their order is hidden."""
        return True

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return what a seat may know: everything but the RNG and the order of the map piles.

        Readable parts come first for the generic table view: ``hint`` (tutorial text) and
        ``display`` (per seat: hero, numbers, status and the board as text rows).
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

    def to_json(self) -> dict[str, Any]:
        """Return the full state as JSON-safe data."""
        return {
            "ruleset": "dungeon", "version": VERSION, "level": self.level.data,
            "seats": list(self.seat_names), "rng": self.rng.to_json(),
            "round": self.round, "phase": self.phase, "first_seat": self.first_seat, "active": self.active,
            "entrance_pile": list(self.entrance_pile), "depths_pile": list(self.depths_pile),
            "market": {k: list(v) for k, v in sorted(self.market.items())},
            "players": [p.to_json() for p in self.players],
            "winners": None if self.winners is None else list(self.winners),
        }

    def clone(self) -> "DungeonState":
        """Return an independent copy (faster than a JSON round trip)."""
        s = DungeonState.__new__(DungeonState)
        s.__dict__.update(self.__dict__)
        s.rng = Rng.from_json(self.rng.to_json())
        s.entrance_pile = list(self.entrance_pile)
        s.depths_pile = list(self.depths_pile)
        s.market = {k: list(v) for k, v in self.market.items()}
        s.players = [p.copy() for p in self.players]
        s.winners = None if self.winners is None else list(self.winners)
        return s

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


def new_state(level: Level, seat_names: list[str], seed: int) -> DungeonState:
    """Set up a game: heroes, bags, shuffled piles, market stock; the first seat draws its Entrance."""
    st = DungeonState(level, seat_names, Rng(seed))
    model = st.model
    for s in range(len(seat_names)):
        hero_id = model.seat_heroes[s]
        hero = model.heroes[hero_id]
        p = Player(hero_id, max(1, hero.health + model.health_bonus))
        p.bag = [cid for cid in st.catalog if cid.startswith(f"s{s}.")]
        st.players.append(p)
    for cid, ctype in st.catalog.items():
        if cid.startswith("m."):
            st.market.setdefault(ctype, []).append(cid)
    st.entrance_pile = list(model.entrance_cards())
    st.depths_pile = list(model.depths_cards())
    if not model.fixed_maps:
        st.rng.shuffle(st.entrance_pile)
        st.rng.shuffle(st.depths_pile)
    st._start_round(1, [])
    return st


def state_from_json(data: Any, level_loader: Any) -> DungeonState:
    """Rebuild a state from to_json data; StateError naming the field otherwise."""
    from game.rulesets.dungeon.checks import parse_state

    return parse_state(data, level_loader)
