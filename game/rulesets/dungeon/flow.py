"""The dungeon's turn flow, declared: steps, who decides, handlers by action kind, automatic work.

The current step comes from the state (``current``): the phase, and in the Dungeon and Market
phases the acting seat's status. A seat decides in ``map``, ``draw``, ``place``, ``floor_done``,
``depths`` and ``market``; everything else is automatic and runs in the kernel's one settle loop
(``game.engine.flow``), so its events come out marked ``auto``:

    check       after a map, a chip or a descent: stop on an empty bag, else draw on, else the
                floor is finished (a Depths map on the last floor, or stop when none is left)
    next_seat   hand the turn to the next waiting seat (its Entrance map, or its market turn,
                skipped when it cannot buy), or end the phase (Resolution / a new round)
    resolution  every seat's dungeon is resolved; chips and maps go back
    village     every seat levels up and heals; then the Market, or the end of the game

``docs/rules/dungeon.md`` shows the table (``FLOW.table()``).
"""

from __future__ import annotations

import enum

from game.engine.actions import Action
from game.engine.limits import clamp_gold
from game.engine.events import (
    Event,
    card_moved,
    chip_drawn,
    game_over,
    phase_began,
    shuffled,
)
from game.engine.flow import Flow, Step
from game.rulesets.dungeon.state import (
    SHIFTS,
    DungeonState,
    MapRef,
    Phase,
    PlacedChip,
    Status,
)


class DStep(enum.StrEnum):
    """The steps of the dungeon's flow (decided ones carry the status names)."""

    MAP = "map"
    DRAW = "draw"
    PLACE = "place"
    CHECK = "check"
    FLOOR_DONE = "floor_done"
    DEPTHS = "depths"
    MARKET = "market"
    NEXT_SEAT = "next_seat"
    RESOLUTION = "resolution"
    VILLAGE = "village"


_BY_STATUS = {Status.MAP: DStep.MAP, Status.DRAW: DStep.DRAW, Status.PLACE: DStep.PLACE, Status.CHECK: DStep.CHECK,
              Status.FLOOR_DONE: DStep.FLOOR_DONE, Status.DEPTHS: DStep.DEPTHS, Status.MARKET: DStep.MARKET,
              Status.DONE: DStep.NEXT_SEAT, Status.WAITING: DStep.NEXT_SEAT}


def current(st: DungeonState) -> DStep:
    """Return the step the state is in."""
    phase = st.phase
    if phase is Phase.RESOLUTION:
        return DStep.RESOLUTION
    if phase is Phase.VILLAGE:
        return DStep.VILLAGE
    if st.active is None:
        return DStep.NEXT_SEAT
    return _BY_STATUS[st.players[st.active].status]


def _active(st: DungeonState) -> int | None:
    return st.active


# --- what the deciding seat may do --------------------------------------------------------------
def map_actions(st: DungeonState, seat: int) -> list[Action]:
    """Choose a side of the Entrance map."""
    return [Action.of("choose_map", side=0), Action.of("choose_map", side=1)]


def draw_actions(st: DungeonState, seat: int) -> list[Action]:
    """Draw a chip."""
    return [Action.of("draw")]


def place_actions(st: DungeonState, seat: int) -> list[Action]:
    """Every face of the drawn chip on every free space of the current floor."""
    p = st.players[seat]
    if p.pending_chip is None:
        return []
    board = st.board(seat)
    spaces = st.legal_spaces(seat)
    out = []
    for face in dict.fromkeys(st.chip_faces(p.pending_chip)):
        for pos in spaces:
            out.append(Action.of("place", face=face, floor=pos[0] + 1, space=board.space_of(pos)))
    return out


def floor_done_actions(st: DungeonState, seat: int) -> list[Action]:
    """Continue down (chips left) or stop."""
    return ([Action.of("continue")] if st.players[seat].bag else []) + [Action.of("stop")]


def depths_actions(st: DungeonState, seat: int) -> list[Action]:
    """A side and a shift for the Depths map."""
    return [Action.of("place_depths", side=s, shift=d) for s in (0, 1) for d in SHIFTS]


def market_actions(st: DungeonState, seat: int) -> list[Action]:
    """Buy an affordable chip, or leave."""
    return [Action.of("buy", chip=c) for c in st.buyable(seat)] + [Action.of("done")]


# --- handlers -----------------------------------------------------------------------------------
def on_choose_map(st: DungeonState, action: Action, ev: list[Event]) -> None:
    """Lay the Entrance map on the chosen side; the hero stands on floor 1."""
    seat = st.active
    assert seat is not None
    p = st.players[seat]
    side = int(action["side"])
    card = p.pending_map
    assert card is not None
    p.maps = [MapRef(card, side, 0)]
    p.pending_map = None
    p.hero_row = 0
    ev.append(Event("MapChosen", {"seat": seat, "card": card, "side": side, "deck": "entrance"}))
    ev.append(Event("HeroPlaced", {"seat": seat, "floor": 1}))
    p.status = Status.CHECK


def on_draw(st: DungeonState, action: Action, ev: list[Event]) -> None:
    """Draw a chip from the bag (the first in catalog order with a fixed bag order, else at random)."""
    seat = st.active
    assert seat is not None
    p = st.players[seat]
    if st.model.fixed_bag_order:
        index = st.chip_index
        chip = min(p.bag, key=lambda c: index[c])
        p.bag.remove(chip)
    else:
        chip = p.bag.pop(st.rng.randbelow(len(p.bag)))
    p.pending_chip = chip
    p.status = Status.PLACE
    ev.append(chip_drawn(seat, chip, type=st.catalog[chip], faces=st.chip_faces(chip), left=len(p.bag)))


def on_place(st: DungeonState, action: Action, ev: list[Event]) -> None:
    """Put the drawn chip, face up, on a space of the current floor."""
    seat = st.active
    assert seat is not None
    p = st.players[seat]
    chip = p.pending_chip
    assert chip is not None
    board = st.board(seat)
    pos = board.pos_of(int(action["floor"]), int(action["space"]))
    face = str(action["face"])
    cell = board.cells[pos]
    p.chips.append(PlacedChip(chip, face, pos[0], pos[1]))
    p.pending_chip = None
    ev.append(Event("ChipPlaced", {"seat": seat, "chip": chip, "type": st.catalog[chip], "face": face,
                                   "floor": pos[0] + 1, "space": board.space_of(pos),
                                   "replaces": cell.token if cell.kind == "feature" else None}))
    p.status = Status.CHECK


def on_continue(st: DungeonState, action: Action, ev: list[Event]) -> None:
    """Go down one floor."""
    seat = st.active
    assert seat is not None
    p = st.players[seat]
    p.hero_row += 1
    ev.append(Event("HeroDescended", {"seat": seat, "floor": p.hero_row + 1}))
    p.status = Status.CHECK


def stop(st: DungeonState, seat: int, reason: str, ev: list[Event]) -> None:
    """End a seat's dungeon for this round."""
    p = st.players[seat]
    p.status = Status.DONE
    ev.append(Event("Stopped", {"seat": seat, "floor": p.hero_row + 1, "reason": reason, "chips_left": len(p.bag)}))


def on_stop(st: DungeonState, action: Action, ev: list[Event]) -> None:
    """Stop on the current floor."""
    assert st.active is not None
    stop(st, st.active, "chose", ev)


def on_place_depths(st: DungeonState, action: Action, ev: list[Event]) -> None:
    """Lay the Depths map under the last one, shifted -1, 0 or +1 column."""
    seat = st.active
    assert seat is not None
    p = st.players[seat]
    card = p.pending_map
    assert card is not None
    side, shift = int(action["side"]), int(action["shift"])
    offset = p.maps[-1][2] + shift
    p.maps.append(MapRef(card, side, offset))
    p.pending_map = None
    ev.append(Event("MapChosen", {"seat": seat, "card": card, "side": side, "deck": "depths",
                                  "shift": shift, "offset": offset}))
    p.status = Status.FLOOR_DONE


def on_buy(st: DungeonState, action: Action, ev: list[Event]) -> None:
    """Buy a chip into the bag; the market turn ends when nothing more can be bought."""
    seat = st.active
    assert seat is not None
    p = st.players[seat]
    ctype = str(action["chip"])
    cost = st.price(ctype)
    chip = st.market[ctype].pop()
    p.bag.append(chip)
    p.gold -= cost
    p.buys += 1
    ev.append(Event("ChipBought", {"seat": seat, "chip": chip, "type": ctype, "price": cost}))
    if not st.buyable(seat):
        p.status = Status.DONE


def on_done(st: DungeonState, action: Action, ev: list[Event]) -> None:
    """Leave the market."""
    seat = st.active
    assert seat is not None
    st.players[seat].status = Status.DONE
    ev.append(Event("MarketLeft", {"seat": seat}))


# --- automatic work -----------------------------------------------------------------------------
def auto_check(st: DungeonState, ev: list[Event]) -> bool:
    """After a map, a chip or a descent: stop, draw on, continue-or-stop, or a Depths map."""
    seat = st.active
    assert seat is not None
    p = st.players[seat]
    if not p.bag:
        stop(st, seat, "bag_empty", ev)
        return True
    if not st.floor_finished(seat):
        p.status = Status.DRAW
        return True
    ev.append(Event("FloorFinished", {"seat": seat, "floor": p.hero_row + 1}))
    if p.hero_row == st.board(seat).floors - 1:
        if not st.depths_pile:
            stop(st, seat, "no_depths", ev)
            return True
        card = st.depths_pile.pop(0)
        p.pending_map = card
        p.status = Status.DEPTHS
        ev.append(card_moved(card, "depths_pile", f"dungeon:{seat}", bottom=True, revealed=True, seat=seat))
        return True
    p.status = Status.FLOOR_DONE
    return True


def auto_next_seat(st: DungeonState, ev: list[Event]) -> bool:
    """Hand the turn to the next waiting seat, skip a market it cannot use, or end the phase."""
    for s in st.order():
        p = st.players[s]
        if p.status != Status.WAITING:
            continue
        st.active = s
        if st.phase is Phase.DUNGEON:
            card = st.entrance_pile.pop(0)
            p.pending_map = card
            p.status = Status.MAP
            ev.append(phase_began("dungeon", s, round=st.round))
            ev.append(card_moved(card, "entrance_pile", f"dungeon:{s}", bottom=True, revealed=True, seat=s))
            return True
        p.status = Status.MARKET
        p.buys = 0
        if not st.buyable(s):
            p.status = Status.DONE
            ev.append(Event("MarketSkipped", {"seat": s}))
            return True
        ev.append(phase_began("market", s, round=st.round))
        return True
    if st.phase is Phase.DUNGEON:
        st.phase = Phase.RESOLUTION
    else:
        start_round(st, st.round + 1, ev)
    return True


def start_round(st: DungeonState, number: int, ev: list[Event]) -> None:
    """Begin a round: every seat waits, the first seat rotates."""
    st.round = number
    st.phase = Phase.DUNGEON
    st.first_seat = (number - 1) % st.n
    for p in st.players:
        p.status = Status.WAITING
        p.round_gold = p.gold
        p.buys = 0
    ev.append(phase_began("round", None, round=number))
    st.active = None


def auto_resolution(st: DungeonState, ev: list[Event]) -> bool:
    """Resolve every seat's dungeon, then chips and maps go back."""
    ev.append(phase_began("resolution", None, round=st.round))
    for s in range(st.n):
        _resolve(st, s, ev)
    _cleanup(st, ev)
    st.phase = Phase.VILLAGE
    return True


def auto_village(st: DungeonState, ev: list[Event]) -> bool:
    """Every seat levels up and heals; then the Market, or the end after the last round."""
    ev.append(phase_began("village", None, round=st.round))
    for s in range(st.n):
        _village(st, s, ev)
    if st.round >= st.model.rounds:
        st.phase = Phase.OVER
        st.active = None
        st.winners = winners_of(st)
        ev.append(game_over(list(st.winners), vp=[p.vp for p in st.players]))
        return True
    st.phase = Phase.MARKET
    for p in st.players:
        p.status = Status.WAITING
    st.active = None
    return True


def _resolve(st: DungeonState, seat: int, ev: list[Event]) -> None:
    p = st.players[seat]
    out = st.preview(seat, record=True)
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
        p.gold = clamp_gold(p.gold + out.gold)  # engine/limits.py: what a save accepts
    p.last = {"round": st.round, "vp": out.vp, "xp": out.xp, "gold": 0 if ko else out.gold,
              "health": p.health - before, "knocked_out": ko, "floor": p.hero_row + 1,
              "defeated": out.defeated, "monsters": out.monsters}
    ev.append(Event("Resolved", {"seat": seat, **p.last}))


def _cleanup(st: DungeonState, ev: list[Event]) -> None:
    """Chips go back to their bags; maps go back to their piles (reshuffled unless fixed)."""
    index = st.chip_index
    for p in st.players:
        p.bag.extend(c for c, _, _, _ in p.chips)
        p.chips = []
        p.bag.sort(key=lambda c: index[c])
        for card, _, _ in p.maps:
            (st.entrance_pile if st.content.card_deck[card] == "entrance" else st.depths_pile).append(card)
        p.maps = []
        p.hero_row = 0
    if not st.model.fixed_maps:
        st.rng.shuffle(st.entrance_pile)
        st.rng.shuffle(st.depths_pile)
        ev.append(shuffled("entrance_pile"))
        ev.append(shuffled("depths_pile"))


def _village(st: DungeonState, seat: int, ev: list[Event]) -> None:
    p = st.players[seat]
    base = st.model.heroes[p.hero].health + st.model.health_bonus
    level_max = max(1, base) + p.xp // st.model.xp_per_level
    if level_max > p.max_health:
        p.health += level_max - p.max_health
        p.max_health = level_max
        ev.append(Event("LevelUp", {"seat": seat, "max_health": p.max_health}))
    healed = min(st.model.village_heal, p.max_health - p.health)
    if healed > 0:
        p.health += healed
        ev.append(Event("Healed", {"seat": seat, "amount": healed, "where": "village"}))


def winners_of(st: DungeonState) -> list[int]:
    """Return the winning seats: solo, the VP target; else most VP, ties by gold (may be shared)."""
    if st.n == 1:
        return [0] if st.players[0].vp >= st.model.vp_target else []
    best = max(p.vp for p in st.players)
    tied = [s for s, p in enumerate(st.players) if p.vp == best]
    top_gold = max(st.players[s].gold for s in tied)
    return [s for s in tied if st.players[s].gold == top_gold]


FLOW: Flow[DStep] = Flow("dungeon", {
    DStep.MAP: Step(decides=_active, actions=map_actions, handlers={"choose_map": on_choose_map}, next=DStep.CHECK,
                    doc="choose a side of the Entrance map drawn from the bottom of the pile"),
    DStep.DRAW: Step(decides=_active, actions=draw_actions, handlers={"draw": on_draw}, next=DStep.PLACE,
                     doc="draw a chip from the bag"),
    DStep.PLACE: Step(decides=_active, actions=place_actions, handlers={"place": on_place}, next=DStep.CHECK,
                      doc="choose the chip's face and a free space of the current floor"),
    DStep.CHECK: Step(auto=auto_check, next=lambda st: current(st),
                      doc="empty bag: stop; floor not finished: draw; last floor: Depths map or stop"),
    DStep.FLOOR_DONE: Step(decides=_active, actions=floor_done_actions,
                           handlers={"continue": on_continue, "stop": on_stop}, next=lambda st: current(st),
                           doc="go down one floor (chips left) or stop"),
    DStep.DEPTHS: Step(decides=_active, actions=depths_actions, handlers={"place_depths": on_place_depths},
                       next=DStep.FLOOR_DONE, doc="lay the Depths map: side and shift -1, 0 or +1"),
    DStep.MARKET: Step(decides=_active, actions=market_actions, handlers={"buy": on_buy, "done": on_done},
                       next=lambda st: current(st), doc="buy chips for the bag, or leave"),
    DStep.NEXT_SEAT: Step(auto=auto_next_seat, next=lambda st: current(st),
                          doc="next waiting seat (Entrance map / market turn, skipped if it cannot buy), "
                              "else Resolution or a new round"),
    DStep.RESOLUTION: Step(auto=auto_resolution, next=DStep.VILLAGE,
                           doc="resolve every seat's dungeon; chips and maps go back"),
    DStep.VILLAGE: Step(auto=auto_village, next=DStep.NEXT_SEAT,
                        doc="level up and heal every seat; the Market, or the end after the last round"),
}, current=current, is_over=lambda st: st.phase is Phase.OVER)

DungeonState.flow = FLOW
