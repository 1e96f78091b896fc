"""The conformance test: every registered ruleset, every shipped level, one set of checks.

Parametrized from the registry at collection time (``registry.discover()``
plus the tiny kernel test game and the Relay race that hosts it as a child),
so a ruleset that lands later is covered without editing this file. The cases
are every ruleset package under ``game/rulesets/`` (test-only rulesets other
modules register are their own tests' business), the tiny game and the host
game (tests/hostgame.py). EXCLUDED must stay empty: a ruleset that fails here
is fixed, never excluded.

Checked on seeded random playouts (a few seeds by default, many with
``-m slow``): invariants after every action; legal actions unique and non-empty
while someone is to act; the game ends within ``max_game_length``; views never
carry the RNG; at checkpoints along the game a to_json/from_json round trip
reproduces identical to_json and legal actions; clone() is independent;
an action not in legal_actions raises IllegalAction and changes nothing;
determinize(view) gives the acting seat the same legal actions; from_json of
damaged data raises StateError only; the same seed and choices replay the
same game.

A state hosting a child game (engine/hosting.py) is checked through the same
calls, plus: while the child is live the seat to act is one of its seats, each
seat's view nests the child's own view of that seat (a spectator's for seats
outside it) and no view carries the child's RNG; and for the host game and every hosting ruleset's levels, a Match
saved mid-child loads and replays to the same digest, every undo the Match allows
gives back the exact earlier state (never past a child's start), and search bots
play it to the end.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from game.engine.actions import Action
from game.engine.bots import MCTSBot
from game.engine.bots.ismcts import BUDGETS
from game.engine.host import CHILD_STARTED, ChildGame
from game.engine.hosting import HostingRuleset
from game.engine.levels import Level, discover_levels
from game.engine.match import Match
from game.engine.protocol import GameState, IllegalAction, Ruleset, StateError, canonical_json
from game.engine.registry import all_rulesets, get_ruleset
from game.engine.rng import Rng
from game.engine.saves import replay
from tests import hostgame, tinygame

#: (ruleset id, level id) pairs skipped on purpose. Must stay empty.
EXCLUDED: frozenset[tuple[str, str]] = frozenset()

DEFAULT_SEEDS = (1, 2)
SLOW_SEEDS = tuple(range(3, 43))
#: action indexes where the heavier checks run (round trip, clone, determinize, illegal action)
CHECKPOINTS = frozenset({0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181})


def _cases() -> list[Any]:
    """Return one pytest param per (ruleset, level); a ruleset shipping no level gets a failing case."""
    out: list[Any] = []
    for rs in all_rulesets():
        if not type(rs).__module__.startswith("game.rulesets."):
            continue
        entries = discover_levels(rs.id, include_mods=False)
        if not entries:
            out.append(pytest.param(rs.id, None, id=f"{rs.id}-NO-LEVEL"))
        for e in entries:
            if (rs.id, e.id) not in EXCLUDED:
                out.append(pytest.param(rs.id, e.id, id=f"{rs.id}-{e.id}"))
    for lid in tinygame.LEVEL_DATA:
        out.append(pytest.param("tiny", lid, id=f"tiny-{lid}"))
    for lid in hostgame.LEVEL_DATA:
        out.append(pytest.param("host", lid, id=f"host-{lid}"))
    return out


CASES = _cases()
#: the first level of each ruleset (for checks about code rather than level content)
FIRST_CASES = list({c.values[0]: c for c in reversed(CASES)}.values())[::-1]
#: the levels of rulesets that host child games (the host game, expedition): checks that need a Match or a child
HOST_CASES = [c for c in CASES if c.values[0] == "host"
              or (c.values[0] != "tiny" and isinstance(get_ruleset(c.values[0]), HostingRuleset))]
#: the search bots' full games (the slowest check): the host game's levels and the first level of every other
#: hosting ruleset (its other levels get the same bots in ``simulate`` and the bench)
HOST_SEARCH_CASES = [c for c in HOST_CASES if c.values[0] == "host" or c in FIRST_CASES]


@pytest.fixture(autouse=True)
def _tiny_registered() -> Iterator[None]:
    """The tiny game and the host game are registered for the duration of each test only."""
    with hostgame.registered():
        yield


def _load(ruleset_id: str, level_id: str | None) -> tuple[Ruleset, Level]:
    """Return the ruleset and a loaded level, failing clearly on a broken or missing level."""
    rs = get_ruleset(ruleset_id)
    if ruleset_id == "tiny":
        return rs, tinygame.tiny_level(level_id or "classic")
    if ruleset_id == "host":
        return rs, hostgame.host_level(level_id or "sprint")
    if level_id is None:
        pytest.fail(f"ruleset {ruleset_id!r} ships no level in levels/{ruleset_id}/")
    for e in discover_levels(ruleset_id, include_mods=False):
        if e.id == level_id:
            if e.level is None:
                pytest.fail(f"shipped level is broken: {e.error}")
            return rs, e.level
    pytest.fail(f"level {level_id!r} disappeared")


def _seats(rs: Ruleset, level: Level) -> list[str]:
    """Return bot seats for the fewest seats the level allows."""
    lo, hi = rs.seat_range(level)
    seats = getattr(level.model, "seats", None)
    if seats is not None:
        lo = max(lo, seats.min)
    return ["bot:random"] * lo


def _text(data: Any) -> str:
    """Save-like JSON text (key order kept, as saves do)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False)


def _reload(rs: Ruleset, state: GameState, where: str) -> GameState:
    """Round-trip through JSON text; assert identical to_json and legal actions; return the copy."""
    data = state.to_json()
    for key in ("ruleset", "version", "level", "seats", "rng"):
        assert key in data, f"{where}: to_json() lacks {key!r}"
    again = rs.from_json(json.loads(_text(data)))
    assert canonical_json(again.to_json()) == canonical_json(data), f"{where}: from_json(to_json()) differs"
    assert again.legal_actions() == state.legal_actions(), f"{where}: legal actions differ after reload"
    assert again.to_act() == state.to_act(), f"{where}: to_act differs after reload"
    return again


def _check_view(state: GameState, where: str) -> None:
    """No seat's view carries the RNG (neither the key nor its state anywhere in the text)."""
    secret = state.rng.to_json()["state"]
    for seat in range(len(state.seat_names)):
        view = state.view(seat)
        assert isinstance(view, dict), f"{where}: view({seat}) is not a dict"
        assert view.get("rng") is None, f"{where}: view({seat}) carries the RNG"
        assert secret not in canonical_json(view), f"{where}: view({seat}) contains the RNG state"
    _check_child(state, where)


def _live_child(state: GameState) -> ChildGame | None:
    """Return the child game a state hosts, if any."""
    child = getattr(state, "child", None)
    return child if isinstance(child, ChildGame) else None


def _without_level(data: Any) -> Any:
    return {k: v for k, v in data.items() if k != "level"} if isinstance(data, dict) else data


def _check_child(state: GameState, where: str) -> None:
    """A hosted child: its seats act, each seat's view nests the child's view of that seat, no child RNG."""
    child = _live_child(state)
    if child is None:
        return
    assert state.to_act() in child.seats, f"{where}: seat {state.to_act()} acts but the child plays {child.seats}"
    assert child.state.to_act() is not None, f"{where}: a child game that is over is still hosted"
    secret = child.state.rng.to_json()["state"]
    for seat in range(len(state.seat_names)):
        record = state.view(seat).get("child")
        assert isinstance(record, dict), f"{where}: view({seat}) lacks the child's view"
        inner = child.child_seat(seat)
        expected = child.state.view(inner)
        assert canonical_json(_without_level(record["state"])) == canonical_json(_without_level(expected)), \
            f"{where}: view({seat}) does not nest the child's view of child seat {inner}"
        assert secret not in canonical_json(record), f"{where}: view({seat}) contains the child's RNG state"


def _check_clone(state: GameState, legal: list[Action], rng: Rng, where: str) -> None:
    """A clone equals the original and changing it leaves the original untouched."""
    before = canonical_json(state.to_json())
    twin = state.clone()
    assert canonical_json(twin.to_json()) == before, f"{where}: clone() differs from the original"
    twin.apply(rng.choice(legal))
    assert canonical_json(state.to_json()) == before, f"{where}: applying to a clone changed the original"


def _not_legal(legal: list[Action]) -> list[Action]:
    """Return actions that are certainly not legal now (an unknown kind, altered arguments)."""
    out = [Action.of("__conformance_not_an_action__")]
    for a in legal:
        for name, value in a.args:
            if isinstance(value, int) and not isinstance(value, bool):
                bad = Action.of(a.kind, **{**a.params, name: value + 100_003})
                if bad not in legal:
                    out.append(bad)
                    return out
    return out


def _check_illegal(state: GameState, legal: list[Action], where: str) -> None:
    """apply() of an action not in legal_actions raises IllegalAction with a reason and changes nothing."""
    before = canonical_json(state.to_json())
    for bad in _not_legal(legal):
        with pytest.raises(IllegalAction) as info:
            state.apply(bad)
        assert str(info.value).strip(), f"{where}: IllegalAction for {bad.key!r} gives no reason"
        assert canonical_json(state.to_json()) == before, f"{where}: a refused action changed the state"


def _check_determinize(rs: Ruleset, state: GameState, seat: int, legal: list[Action], k: int, where: str) -> None:
    """A determinization of the acting seat's view gives that seat the same legal actions."""
    for j in range(2):
        d = rs.determinize(state.view(seat), seat, Rng(1000 * k + j))
        assert d.to_act() == seat, f"{where}: determinize gives to_act {d.to_act()} instead of {seat}"
        assert d.legal_actions() == legal, f"{where}: determinize changes the legal actions of seat {seat}"
        broken = d.invariants()
        assert not broken, f"{where}: determinized state breaks invariants: {broken}"


def _playout(ruleset_id: str, level_id: str | None, seed: int) -> int:
    """Play one seeded random game with every check; return its length."""
    rs, level = _load(ruleset_id, level_id)
    state = rs.new_game(level, _seats(rs, level), seed)
    rng = Rng(seed * 7919 + 1)
    n = 0
    assert not state.invariants(), f"seed {seed}: invariants broken at the start: {state.invariants()}"
    while True:
        where = f"{ruleset_id}/{level_id} seed {seed} action {n}"
        seat = state.to_act()
        if seat is None:
            break
        assert n < rs.max_game_length, f"{where}: the game did not end within max_game_length={rs.max_game_length}"
        legal = state.legal_actions()
        assert legal, f"{where}: seat {seat} is to act with no legal action"
        keys = [a.key for a in legal]
        assert len(set(keys)) == len(keys), f"{where}: legal actions are not unique: {keys}"
        if n in CHECKPOINTS:
            state = _reload(rs, state, where)
            _check_view(state, where)
            _check_clone(state, legal, rng.fork(), where)
            _check_illegal(state, legal, where)
            _check_determinize(rs, state, seat, legal, n, where)
        action = rng.choice(legal)
        state.apply(action)
        n += 1
        broken = state.invariants()
        assert not broken, f"{where}: invariants broken after {action.key!r}: {broken}"
    where = f"{ruleset_id}/{level_id} seed {seed} end"
    assert state.result() is not None, f"{where}: nobody is to act but result() is None"
    assert state.legal_actions() == [], f"{where}: legal actions after the game is over"
    _reload(rs, state, where)
    _check_view(state, where)
    with pytest.raises(IllegalAction):
        state.apply(Action.of("pass"))
    return n


@pytest.fixture
def only_when_asked(request: pytest.FixtureRequest) -> None:
    """Skip a long run unless the marker expression asks for slow tests (``-m slow``)."""
    expr = request.config.getoption("markexpr", "") or ""
    if "slow" not in expr or "not slow" in expr:
        pytest.skip("long run: use -m slow")


def test_exclusion_list_is_empty() -> None:
    assert not EXCLUDED


def test_every_shipped_ruleset_and_the_tiny_game_are_covered() -> None:
    ids = {c.values[0] for c in CASES}
    assert "tiny" in ids and "host" in ids
    for rs in all_rulesets():
        if type(rs).__module__.startswith("game.rulesets."):
            assert rs.id in ids


@pytest.mark.parametrize("seed", DEFAULT_SEEDS)
@pytest.mark.parametrize(("ruleset_id", "level_id"), CASES)
def test_random_playout(ruleset_id: str, level_id: str | None, seed: int) -> None:
    _playout(ruleset_id, level_id, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset_id", "level_id"), CASES)
def test_slow_many_random_playouts(only_when_asked: None, ruleset_id: str, level_id: str | None) -> None:
    for seed in SLOW_SEEDS:
        _playout(ruleset_id, level_id, seed)


@pytest.mark.parametrize(("ruleset_id", "level_id"), CASES)
def test_same_seed_same_game(ruleset_id: str, level_id: str | None) -> None:
    rs, level = _load(ruleset_id, level_id)
    digests = []
    for _ in range(2):
        state = rs.new_game(level, _seats(rs, level), 99)
        rng = Rng(5)
        trail = [state.digest()]
        for i in range(200):
            if state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_actions()))
            if i % 25 == 0:
                trail.append(state.digest())
        trail.append(state.digest())
        digests.append(trail)
    assert len(digests[0]) > 2, "the game is over before its first action"
    assert digests[0] == digests[1], "the same level, seed and actions gave a different game"


@pytest.mark.parametrize(("ruleset_id", "level_id"), FIRST_CASES)
def test_from_json_damaged_data_raises_state_error(ruleset_id: str, level_id: str | None) -> None:
    rs, level = _load(ruleset_id, level_id)
    state = rs.new_game(level, _seats(rs, level), 3)
    rng = Rng(3)
    for _ in range(5):
        if state.to_act() is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    good = json.loads(_text(state.to_json()))
    damaged: list[tuple[str, Any]] = [("not a table", []), ("empty table", {})]
    for key in good:
        without = dict(good)
        del without[key]
        damaged.append((f"without {key!r}", without))
        for junk in (None, "x", [1, "a"], {"k": "v"}):
            if junk != good[key]:
                damaged.append((f"{key!r} = {junk!r}", {**good, key: junk}))
    for label, data in damaged:
        try:
            rs.from_json(data)
        except StateError as exc:
            assert str(exc).strip(), f"{label}: StateError without a message"
        except Exception as exc:  # noqa: BLE001 - any other exception type is the failure
            pytest.fail(f"from_json with {label} raised {type(exc).__name__}: {exc} (expected StateError)")


# --- the host game: a Match across the child boundary ------------------------------------------------

def _fingerprint(m: Match) -> tuple[str, list[Action], int | None]:
    return m.state.digest(), m.state.legal_actions(), m.to_act()


@pytest.mark.parametrize(("ruleset_id", "level_id"), HOST_CASES)
def test_host_match_undo_save_and_replay_across_the_child(ruleset_id: str, level_id: str) -> None:
    rs, level = _load(ruleset_id, level_id)
    m = Match.new(ruleset_id, level, [f"P{i}" for i in range(len(_seats(rs, level)))], 31)
    rng = Rng(8)
    saved_mid_child = 0
    undone = 0
    for n in range(rs.max_game_length):
        seat = m.to_act()
        if seat is None:
            break
        where = f"{ruleset_id}/{level_id} action {n}"
        before = _fingerprint(m)
        action = rng.choice(m.legal_actions())
        events = m.apply(action)
        after = _fingerprint(m)
        if any(e.kind == CHILD_STARTED and e.barrier for e in events):
            assert not m.can_undo(seat)[0], f"{where}: undo allowed back across a child's start"
        if m.can_undo(seat)[0]:
            m.undo(seat)
            assert _fingerprint(m) == before, f"{where}: undo did not give back the state before {action.key!r}"
            m.apply(action)
            assert _fingerprint(m) == after, f"{where}: redoing {action.key!r} after undo gave another state"
            undone += 1
        if _live_child(m.state) is not None and n % 3 == 0:
            data = json.loads(_text(m.to_save()))
            again = Match.from_save(data)
            assert again.state.digest() == m.state.digest(), f"{where}: a save made mid-child loads differently"
            _state, digest, problems = replay(data)
            assert problems == [], f"{where}: replay of a save made mid-child: {problems}"
            assert digest == m.state.digest()
            saved_mid_child += 1
    assert m.is_over(), f"{ruleset_id}/{level_id}: the match did not end"
    assert saved_mid_child > 0, "no save was made while a child game was live"
    assert undone > 0, "no move was ever undone"


@pytest.mark.parametrize(("ruleset_id", "level_id"), HOST_SEARCH_CASES)
def test_host_search_bots_play_to_the_end(ruleset_id: str, level_id: str) -> None:
    rs, level = _load(ruleset_id, level_id)
    state = rs.new_game(level, _seats(rs, level), 5)
    budget = BUDGETS["easy"].replace(seconds=None, noise=0.0)
    bots = [MCTSBot(10 + s, "easy", budget, strict=True) for s in range(len(state.seat_names))]
    inside = 0
    for _ in range(rs.max_game_length):
        seat = state.to_act()
        if seat is None:
            break
        inside += _live_child(state) is not None
        legal = state.legal_actions()
        action = bots[seat].choose(rs, state.view(seat), seat, legal)
        assert action in legal
        state.apply(action)
    assert state.result() is not None, "the bots did not finish the game"
    assert inside > 0, "the bots never played inside a child game"
