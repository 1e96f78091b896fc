"""Invariants of a dungeon state and the careful loading of untrusted saved states.

``invariants`` is run after every action by tests and ``simulate``: chips and
map cards are conserved, numbers stay in bounds, chips sit only where the
seed allows, and every seat's status agrees with the phase.
``parse_state`` rebuilds a state from JSON and names the bad field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from game.engine.levels import Level
from game.engine.protocol import StateError
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.dungeon.state import DungeonState

ACTIVE_DUNGEON = ("map", "draw", "place", "floor_done", "depths")


def invariants(st: "DungeonState") -> list[str]:
    """Return every broken invariant in words (empty when the state is sound)."""
    bad: list[str] = []
    model = st.model
    # chips conserved
    seen: dict[str, str] = {}

    def where(cid: str, place: str) -> None:
        """Record where a chip is; complain about doubles and strangers."""
        if cid in seen:
            bad.append(f"chip {cid} is both in {seen[cid]} and in {place}")
        seen[cid] = place
        if cid not in st.catalog:
            bad.append(f"chip {cid} in {place} is not part of this game")

    for s, p in enumerate(st.players):
        for cid in p.bag:
            where(cid, f"seat {s}'s bag")
        for cid, _, _, _ in p.chips:
            where(cid, f"seat {s}'s dungeon")
        if p.pending_chip is not None:
            where(p.pending_chip, f"seat {s}'s hand")
    for ctype, ids in st.market.items():
        for cid in ids:
            where(cid, "the market")
            if st.catalog.get(cid) != ctype:
                bad.append(f"market.{ctype}: chip {cid} is of another type")
    missing = set(st.catalog) - set(seen)
    if missing:
        bad.append(f"chips vanished: {', '.join(sorted(missing)[:5])}")
    # map cards conserved
    cards: dict[str, str] = {}
    for name, pile, deck in (("entrance_pile", st.entrance_pile, "entrance"),
                             ("depths_pile", st.depths_pile, "depths")):
        for c in pile:
            if st.content.card_deck.get(c) != deck:
                bad.append(f"{name}: {c!r} is not a {deck} card")
            if c in cards:
                bad.append(f"map card {c} is both in {cards[c]} and in {name}")
            cards[c] = name
    for s, p in enumerate(st.players):
        held = [m[0] for m in p.maps] + ([p.pending_map] if p.pending_map is not None else [])
        for c in held:
            if c in cards:
                bad.append(f"map card {c} is both in {cards[c]} and in seat {s}'s dungeon")
            cards[c] = f"seat {s}'s dungeon"
    expected = set(model.entrance_cards()) | set(model.depths_cards())
    if set(cards) != expected:
        lost = expected - set(cards)
        extra = set(cards) - expected
        bad.append(f"map cards not conserved (missing {sorted(lost)[:4]}, unexpected {sorted(extra)[:4]})")
    # bounds and placement
    for s, p in enumerate(st.players):
        if not 0 <= p.health <= p.max_health:
            bad.append(f"seat {s}: health {p.health} outside 0..{p.max_health}")
        if p.gold < 0 or p.vp < 0 or p.xp < 0:
            bad.append(f"seat {s}: negative gold, VP or XP")
        if not 0 <= p.buys <= model.market.max_buys:
            bad.append(f"seat {s}: {p.buys} buys in one market")
        bad.extend(_dungeon_problems(st, s))
    bad.extend(_phase_problems(st))
    return bad


def _dungeon_problems(st: "DungeonState", s: int) -> list[str]:
    p = st.players[s]
    bad: list[str] = []
    if not p.maps:
        if p.chips or p.hero_row != 0:
            bad.append(f"seat {s}: chips or a hero floor without a map")
        return bad
    deck = st.content.card_deck
    if deck.get(p.maps[0][0]) != "entrance" or p.maps[0][2] != 0:
        bad.append(f"seat {s}: the first map must be an Entrance map at column 0")
    for i, (card, side, off) in enumerate(p.maps):
        if side not in (0, 1):
            bad.append(f"seat {s}: map {i} side {side}")
        if i > 0:
            if deck.get(card) != "depths":
                bad.append(f"seat {s}: map {i} ({card}) is not a Depths map")
            if abs(off - p.maps[i - 1][2]) > 1:
                bad.append(f"seat {s}: map {i} shifted more than one column")
    if bad:
        return bad
    board = st.board(s)
    if not 0 <= p.hero_row < board.floors:
        bad.append(f"seat {s}: hero on floor {p.hero_row + 1} of {board.floors}")
        return bad
    spots: set[tuple[int, int]] = set()
    for cid, face, r, c in p.chips:
        cell = board.cells.get((r, c))
        if cell is None:
            bad.append(f"seat {s}: chip {cid} on a space that does not exist ({r}, {c})")
            continue
        if cell.kind == "obstacle" or (cell.kind == "feature" and cell.mandatory):
            bad.append(f"seat {s}: chip {cid} on an obstacle or a mandatory feature")
        if r > p.hero_row:
            bad.append(f"seat {s}: chip {cid} below the hero's floor")
        if (r, c) in spots:
            bad.append(f"seat {s}: two chips on one space")
        spots.add((r, c))
        if cid in st.catalog and face not in st.chip_faces(cid):
            bad.append(f"seat {s}: chip {cid} shows {face!r}, not one of its faces")
    for r in range(p.hero_row):
        if not st.floor_finished(s, r):
            bad.append(f"seat {s}: the hero left floor {r + 1} before it was finished")
    return bad


def _phase_problems(st: "DungeonState") -> list[str]:
    bad: list[str] = []
    if st.phase not in ("dungeon", "market", "over"):
        return [f"unknown phase {st.phase!r}"]
    if not 1 <= st.round <= st.model.rounds:
        bad.append(f"round {st.round} outside 1..{st.model.rounds}")
    if st.phase == "over":
        if st.active is not None or st.winners is None:
            bad.append("a finished game has an active seat or no winners list")
        return bad
    if st.winners is not None:
        bad.append("winners set before the end")
    if st.active is None or not 0 <= st.active < st.n:
        return bad + [f"no valid active seat ({st.active})"]
    order = st.order()
    at = order.index(st.active)
    want = ACTIVE_DUNGEON if st.phase == "dungeon" else ("market",)
    for i, s in enumerate(order):
        p = st.players[s]
        if i < at and p.status != "done":
            bad.append(f"seat {s} acted before the active seat but is {p.status!r}")
        if i > at and p.status != "waiting":
            bad.append(f"seat {s} comes after the active seat but is {p.status!r}")
        if i == at and p.status not in want:
            bad.append(f"active seat {s} has status {p.status!r} in the {st.phase} phase")
        if st.phase == "market" and (p.maps or p.chips):
            bad.append(f"seat {s} still has a dungeon during the market")
        if (p.pending_chip is not None) != (p.status == "place"):
            bad.append(f"seat {s}: a drawn chip goes with status 'place' only")
        if (p.pending_map is not None) != (p.status in ("map", "depths")):
            bad.append(f"seat {s}: a drawn map goes with status 'map' or 'depths' only")
        if p.status == "draw" and p.maps and (not p.bag or st.floor_finished(s)):
            bad.append(f"seat {s}: may not draw (empty bag or finished floor)")
        if p.status == "floor_done" and p.maps and (not p.bag or not st.floor_finished(s)):
            bad.append(f"seat {s}: floor_done without chips or with an unfinished floor")
        if p.status in ("draw", "place", "floor_done", "depths", "done") and st.phase == "dungeon" and not p.maps:
            bad.append(f"seat {s}: status {p.status!r} without a map")
    return bad


# --- loading -----------------------------------------------------------------------------------------

def _need(cond: bool, field: str, what: str) -> None:
    if not cond:
        raise StateError(f"{field}: {what}")


def _int(d: dict[str, Any], key: str, where: str, lo: int = -10**6, hi: int = 10**6) -> int:
    v = d.get(key)
    _need(isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi, f"{where}{key}",
          f"expected an integer in {lo}..{hi}, got {v!r}")
    return v  # type: ignore[return-value]


def _opt_str(d: dict[str, Any], key: str, where: str) -> str | None:
    v = d.get(key)
    _need(v is None or isinstance(v, str), f"{where}{key}", f"expected a string or null, got {v!r}")
    return v


def _str_list(v: Any, field: str) -> list[str]:
    _need(isinstance(v, list) and all(isinstance(x, str) for x in v), field, "expected a list of strings")
    return list(v)


def parse_state(data: Any, load_level: Callable[[Any], Level]) -> "DungeonState":
    """Rebuild a state from to_json data; StateError naming the bad field otherwise."""
    from game.rulesets.dungeon.state import STATUSES, VERSION, DungeonState, Player

    _need(isinstance(data, dict), "state", "expected a table")
    _need(data.get("ruleset") == "dungeon", "ruleset", f"expected 'dungeon', got {data.get('ruleset')!r}")
    _need(data.get("version") == VERSION, "version", f"expected {VERSION}, got {data.get('version')!r}")
    level = load_level(data.get("level"))
    seats = _str_list(data.get("seats"), "seats")
    _need(level.model.min_players() <= len(seats) <= level.model.max_players(), "seats",
          f"this level seats {level.model.min_players()} to {level.model.max_players()} players, got {len(seats)}")
    try:
        rng = Rng.from_json(data.get("rng"))
    except ValueError as exc:
        raise StateError(f"rng: {exc}") from None
    st = DungeonState(level, seats, rng)
    st.round = _int(data, "round", "", 1, level.model.rounds)
    st.phase = data.get("phase")  # type: ignore[assignment]
    _need(st.phase in ("dungeon", "market", "over"), "phase", f"unknown phase {st.phase!r}")
    st.first_seat = _int(data, "first_seat", "", 0, len(seats) - 1)
    act = data.get("active")
    _need(act is None or (isinstance(act, int) and not isinstance(act, bool) and 0 <= act < len(seats)),
          "active", f"expected a seat index or null, got {act!r}")
    st.active = act
    st.entrance_pile = _str_list(data.get("entrance_pile"), "entrance_pile")
    st.depths_pile = _str_list(data.get("depths_pile"), "depths_pile")
    market = data.get("market")
    _need(isinstance(market, dict), "market", "expected a table of chip type -> chip ids")
    for k, v in market.items():
        _need(k in level.model.chips, f"market.{k}", "unknown chip type")
        st.market[k] = _str_list(v, f"market.{k}")
    players = data.get("players")
    _need(isinstance(players, list) and len(players) == len(seats), "players", "expected one entry per seat")
    for i, pd in enumerate(players):
        w = f"players[{i}]."
        _need(isinstance(pd, dict), f"players[{i}]", "expected a table")
        hero = pd.get("hero")
        _need(hero == level.model.seat_heroes[i], f"{w}hero", f"expected {level.model.seat_heroes[i]!r}")
        p = Player(hero, 1)
        p.max_health = _int(pd, "max_health", w, 1, 200)
        p.health = _int(pd, "health", w, 0, p.max_health)
        p.gold = _int(pd, "gold", w, 0)
        p.vp = _int(pd, "vp", w, 0)
        p.xp = _int(pd, "xp", w, 0)
        p.bag = _str_list(pd.get("bag"), f"{w}bag")
        maps = pd.get("maps")
        _need(isinstance(maps, list) and len(maps) <= 64, f"{w}maps", "expected a list of maps")
        for j, m in enumerate(maps):
            mw = f"{w}maps[{j}]."
            _need(isinstance(m, dict), f"{w}maps[{j}]", "expected a table")
            card = m.get("card")
            _need(isinstance(card, str) and card in st.content.cards, f"{mw}card", f"unknown map card {card!r}")
            p.maps.append((card, _int(m, "side", mw, 0, 1), _int(m, "offset", mw, -64, 64)))
        chips = pd.get("chips")
        _need(isinstance(chips, list), f"{w}chips", "expected a list of placed chips")
        for j, c in enumerate(chips):
            cw = f"{w}chips[{j}]."
            _need(isinstance(c, dict), f"{w}chips[{j}]", "expected a table")
            cid, face = c.get("chip"), c.get("face")
            _need(isinstance(cid, str) and cid in st.catalog, f"{cw}chip", f"unknown chip {cid!r}")
            _need(isinstance(face, str), f"{cw}face", "expected a face name")
            p.chips.append((cid, face, _int(c, "row", cw, 0, 400), _int(c, "col", cw, -64, 64)))
        p.hero_row = _int(pd, "hero_row", w, 0, 400)
        p.status = pd.get("status")  # type: ignore[assignment]
        _need(p.status in STATUSES, f"{w}status", f"unknown status {p.status!r}")
        p.pending_chip = _opt_str(pd, "pending_chip", w)
        _need(p.pending_chip is None or p.pending_chip in st.catalog, f"{w}pending_chip", "unknown chip")
        p.pending_map = _opt_str(pd, "pending_map", w)
        _need(p.pending_map is None or p.pending_map in st.content.cards, f"{w}pending_map", "unknown card")
        p.round_gold = _int(pd, "round_gold", w, 0)
        p.buys = _int(pd, "buys", w, 0, 5)
        p.knockouts = _int(pd, "knockouts", w, 0, 100)
        last = pd.get("last")
        _need(last is None or isinstance(last, dict), f"{w}last", "expected a table or null")
        p.last = dict(last) if last is not None else None
        st.players.append(p)
    winners = data.get("winners")
    _need(winners is None or (isinstance(winners, list) and all(isinstance(x, int) and 0 <= x < len(seats)
                                                                for x in winners)),
          "winners", "expected null or a list of seat indexes")
    st.winners = None if winners is None else list(winners)
    problems = invariants(st)
    if problems:
        raise StateError(f"state: {problems[0]}")
    return st
