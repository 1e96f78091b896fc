"""Invariants of a dungeon state and the careful loading of untrusted saved states.

``invariants`` is run after every action by tests and ``simulate``: chips and
map cards are conserved, numbers stay in bounds, chips sit only where the
seed allows, and every seat's status agrees with the phase.
Loading is the record's own (``DungeonState.from_json``); ``migrate`` turns a
version-1 state (level embedded) into version 2 (level named by hash) and
``validate`` adds the checks a type cannot express, naming the field path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import levelrefs
from game.engine.levels import Level, LevelError
from game.engine.protocol import StateError

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.dungeon.state import DungeonState

ACTIVE_DUNGEON = ("map", "draw", "place", "floor_done", "depths")


def invariants(st: DungeonState) -> list[str]:
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


def _dungeon_problems(st: DungeonState, s: int) -> list[str]:
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


def _phase_problems(st: DungeonState) -> list[str]:
    bad: list[str] = []
    if st.phase not in ("dungeon", "market", "over"):
        return [f"phase {str(st.phase)!r} is passed automatically, never between actions"]
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

def migrate(data: Any) -> Any:
    """Return version-2 data: a version-1 state's embedded level is validated, remembered and named by hash."""
    if not isinstance(data, dict):
        raise StateError("state: expected a table")
    if data.get("ruleset") != "dungeon":
        raise StateError(f"ruleset: expected 'dungeon', got {data.get('ruleset')!r}")
    if data.get("version") != 1:
        return data
    level = data.get("level")
    if not isinstance(level, dict):
        raise StateError("level: expected the level table")
    try:
        loaded = Level.from_data(level, where="save:level")
    except LevelError as exc:
        raise StateError(f"level: {exc}") from None
    if loaded.ruleset != "dungeon":
        raise StateError(f"level: a {loaded.ruleset!r} level, not a dungeon level")
    return {**data, "version": 2, "level": levelrefs.ref_of(loaded)}


def _need(cond: bool, field: str, what: str) -> None:
    if not cond:
        raise StateError(f"{field}: {what}")


def validate(st: DungeonState) -> None:
    """Raise StateError naming the field when a loaded state breaks what its types cannot say."""
    from game.rulesets.dungeon.state import PHASES, STATUSES

    model = st.model
    n = len(st.seat_names)
    _need(st.level.ruleset == "dungeon", "level", f"a {st.level.ruleset!r} level, not a dungeon level")
    _need(model.min_players() <= n <= model.max_players(), "seats",
          f"this level seats {model.min_players()} to {model.max_players()} players, got {n}")
    _need(st.round <= model.rounds, "round", f"expected an integer in 1..{model.rounds}, got {st.round}")
    _need(st.phase in PHASES, "phase", f"{str(st.phase)!r} is passed automatically, never saved")
    _need(st.first_seat < n, "first_seat", f"expected a seat index, got {st.first_seat}")
    _need(st.active is None or st.active < n, "active", f"expected a seat index or null, got {st.active}")
    for k in st.market:
        _need(k in model.chips, f"market.{k}", "unknown chip type")
    _need(len(st.players) == n, "players", "expected one entry per seat")
    for i, p in enumerate(st.players):
        w = f"players[{i}]."
        _need(p.hero in model.heroes, f"{w}hero", f"unknown hero {p.hero!r}")  # a seat may choose its hero
        _need(all(q.hero != p.hero for q in st.players[:i]), f"{w}hero", f"hero {p.hero!r} is played twice")
        _need(p.health <= p.max_health, f"{w}health", f"expected an integer in 0..{p.max_health}, got {p.health}")
        _need(p.status in STATUSES, f"{w}status", f"{str(p.status)!r} is passed automatically, never saved")
        for j, m in enumerate(p.maps):
            _need(m.card in st.content.cards, f"{w}maps[{j}].card", f"unknown map card {m.card!r}")
        for j, c in enumerate(p.chips):
            _need(c.chip in st.catalog, f"{w}chips[{j}].chip", f"unknown chip {c.chip!r}")
        _need(p.pending_chip is None or p.pending_chip in st.catalog, f"{w}pending_chip", "unknown chip")
        _need(p.pending_map is None or p.pending_map in st.content.cards, f"{w}pending_map", "unknown card")
        _need(p.last is None or isinstance(p.last, dict), f"{w}last", "expected a table or null")
    _need(st.winners is None or all(0 <= x < n for x in st.winners), "winners",
          "expected null or a list of seat indexes")
    problems = invariants(st)
    if problems:
        raise StateError(f"state: {problems[0]}")
