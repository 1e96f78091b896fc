#!/usr/bin/env python3
"""Golden games: seeded bot games recorded before a rules refactor and replayed after it.

Issue 11 reshapes the rules kernel "with no change in behaviour". This tool pins
that behaviour down: for each ruleset it plays 200 seeded all-bot games and keeps,
per game, a SHA-256 digest of the game's trace (every action's seat and text form,
every event's kind, data and flags, the result). The full state JSON is deliberately
not in the trace (its shape may change), nor the events' ``auto`` flag (the turn flow
sets it). See docs/RELIABILITY.md, "Golden games"::

    python tools/golden.py record [--ruleset R]            # writes tests/golden/<R>.json
    python tools/golden.py check [--ruleset R] [--games a:b]  # replays, lists every mismatch
    python tools/golden.py dump --ruleset R --game N [--legal]  # the whole trace of one game

Game ``i`` of a ruleset plays seed ``i`` on the ruleset's shipped levels and seat counts
in turn (games 2j and 2j+1 on the same level and seat count); even games put the uniform
random bot on every seat, odd games the ruleset's ``bot_policy`` (random when it has none). Bots draw from their own ``Rng`` seeded from
the game seed, so a game depends on nothing but its plan.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.engine.actions import Action
from game.engine.levels import Level, discover_levels
from game.engine.protocol import GameState, Ruleset, SeatSpec, canonical_json
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

#: the rulesets recorded before issue 11's port
RULESETS = ("dungeon", "skirmish", "sanctuary")
#: games recorded per ruleset
GAMES = 200
#: a short digest of the trace prefix is kept after every this many actions (locates a divergence)
MARK_EVERY = 25
GOLDEN_DIR = ROOT / "tests" / "golden"
FORMAT = 1


@dataclass(frozen=True)
class GamePlan:
    """What one golden game plays: its index, level, seat count, seed and bot per seat."""

    index: int
    level: str
    seats: int
    seed: int
    bots: tuple[str, ...]


@dataclass
class Trace:
    """One played game: its trace lines, digest, prefix marks, length and result."""

    lines: list[str]
    digest: str
    marks: list[str]
    n_actions: int
    result: dict[str, Any] | None


def shipped_levels(ruleset_id: str) -> dict[str, Level]:
    """Return the ruleset's playable shipped levels (never mods) by id, in menu order."""
    return {e.id: e.level for e in discover_levels(ruleset_id, include_mods=False) if e.level is not None}


def seat_counts(ruleset: Ruleset, level: Level) -> list[int]:
    """Return every seat count the level allows (the ruleset's range within the level's own)."""
    lo, hi = ruleset.seat_range(level)
    seats = getattr(level.model, "seats", None)
    if seats is not None:
        lo, hi = max(lo, seats.min), min(hi, seats.max)
    return list(range(lo, hi + 1))


def game_plans(ruleset_id: str, games: int = GAMES) -> list[GamePlan]:
    """Return the deterministic plan: seed i; (level, seat count) pairs in turn, each pair twice (random, policy)."""
    ruleset = get_ruleset(ruleset_id)
    pairs = [(lid, n) for lid, level in shipped_levels(ruleset_id).items() for n in seat_counts(ruleset, level)]
    if not pairs:
        raise ValueError(f"{ruleset_id}: no shipped level to play")
    out = []
    for i in range(games):
        lid, n = pairs[(i // 2) % len(pairs)]  # games 2j and 2j+1: one pair, each bot kind once
        kind = "random" if i % 2 == 0 or getattr(ruleset, "bot_policy", None) is None else "policy"
        out.append(GamePlan(i, lid, n, i, (kind,) * n))
    return out


def _bot(ruleset: Ruleset, kind: str, seed: int) -> Callable[[GameState, int, list[Action]], Action]:
    """Return a seeded chooser: uniform random, or the ruleset's policy (random when it abstains)."""
    rng = Rng(seed)

    def random_pick(state: GameState, seat: int, legal: list[Action]) -> Action:
        return legal[0] if len(legal) == 1 else rng.choice(legal)

    if kind == "random":
        return random_pick
    policy = getattr(ruleset, "bot_policy", None)
    assert policy is not None, f"{ruleset.id} has no bot_policy"

    def policy_pick(state: GameState, seat: int, legal: list[Action]) -> Action:
        # the policy reads the real state (not a determinization of the view): a golden game must not
        # depend on how views and determinize are shaped, only on the rules and the policy
        pick = policy(state, seat, legal, rng) if len(legal) > 1 else None
        return pick if pick in legal else random_pick(state, seat, legal)

    return policy_pick


def _event_line(event: Any) -> str:
    """Return an event's trace line (kind, canonical data, flags; never ``auto``)."""
    private = "-" if event.private_to is None else str(event.private_to)
    return (f"  E {event.kind} {canonical_json(event.data)} random={int(bool(event.random))}"
            f" reveal={int(bool(event.reveal))} private_to={private}")


def trace_lines(ruleset_id: str, plan: GamePlan, *, legal: bool = False) -> Iterator[tuple[int, str]]:
    """Yield ``(actions so far, line)`` for the whole game; ``legal`` adds every legal action (dump only)."""
    ruleset = get_ruleset(ruleset_id)
    level = shipped_levels(ruleset_id).get(plan.level)
    if level is None:
        raise ValueError(f"{ruleset_id}: no shipped level {plan.level!r}")
    specs = [SeatSpec(f"Bot {i + 1}", "bot", "random") for i in range(plan.seats)]
    state = ruleset.new_game(level, specs, plan.seed)
    bots = [_bot(ruleset, kind, plan.seed * 101 + s + 1) for s, kind in enumerate(plan.bots)]
    yield 0, f"G {ruleset_id} level={plan.level} seats={plan.seats} seed={plan.seed} bots={','.join(plan.bots)}"
    limit = ruleset.max_game_length
    n = 0
    while True:
        seat = state.to_act()
        if seat is None:
            break
        if n >= limit:
            yield n, f"CAP max_game_length={limit}"
            break
        actions = state.legal_actions()
        if legal:
            yield n, "  L " + " | ".join(a.key for a in actions)
        action = bots[seat](state, seat, actions)
        events = state.apply(action)
        yield n, f"A {n} seat={seat} {action.key}"
        for event in events:
            yield n, _event_line(event)
        n += 1
    result = state.result()
    yield n, "R " + ("none" if result is None else canonical_json(result.to_json()))


def play(ruleset_id: str, plan: GamePlan) -> Trace:
    """Play one golden game and return its trace, digest and marks."""
    lines: list[str] = []
    marks: list[str] = []
    sha = hashlib.sha256()
    done = 0
    for n, line in trace_lines(ruleset_id, plan):
        if n != done:  # every line of action n-1 is in: a mark after each MARK_EVERY actions
            if n % MARK_EVERY == 0:
                marks.append(sha.hexdigest()[:12])
            done = n
        lines.append(line)
        sha.update(line.encode("utf-8") + b"\n")
    result = json.loads(lines[-1][2:]) if lines[-1] != "R none" else None
    return Trace(lines, sha.hexdigest(), marks, done, result)


def sample_indices(games: int = GAMES) -> list[int]:
    """Return every 10th game, staggered (0, 11, ..., 99, then 101, 112, ..., 190): every level, both bot kinds."""
    picks = [10 * k + (k + k // 10) % 10 for k in range(games // 10)]
    return [i for i in picks if i < games]


def golden_path(ruleset_id: str) -> Path:
    """Return the recorded file of a ruleset."""
    return GOLDEN_DIR / f"{ruleset_id}.json"


def record(ruleset_id: str, games: int = GAMES) -> dict[str, Any]:
    """Play the plan of a ruleset and return the golden record (what ``record`` writes)."""
    out = []
    for plan in game_plans(ruleset_id, games):
        tr = play(ruleset_id, plan)
        out.append({"index": plan.index, "level": plan.level, "seats": plan.seats, "seed": plan.seed,
                    "bots": list(plan.bots), "n_actions": tr.n_actions, "digest": tr.digest,
                    "result": tr.result, "marks": tr.marks})
    return {"format": FORMAT, "ruleset": ruleset_id, "mark_every": MARK_EVERY, "games": out}


def write_record(ruleset_id: str, data: dict[str, Any]) -> Path:
    """Write a record as JSON, one game per line (small diffs); return the path."""
    path = golden_path(ruleset_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    head = {k: v for k, v in data.items() if k != "games"}
    body = ",\n".join("  " + json.dumps(g, sort_keys=True, separators=(",", ":")) for g in data["games"])
    text = json.dumps(head, sort_keys=True)[:-1] + ', "games": [\n' + body + "\n]}\n"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return path


def load_record(ruleset_id: str) -> dict[str, Any]:
    """Return the recorded golden games of a ruleset."""
    return json.loads(golden_path(ruleset_id).read_text(encoding="utf-8"))


def plan_of(game: dict[str, Any]) -> GamePlan:
    """Return the plan stored in a recorded game."""
    return GamePlan(game["index"], game["level"], game["seats"], game["seed"], tuple(game["bots"]))


def check_game(ruleset_id: str, game: dict[str, Any], mark_every: int = MARK_EVERY) -> str | None:
    """Replay one recorded game; return None when it matches, else what differs in words."""
    plan = plan_of(game)
    where = f"{ruleset_id} game {plan.index} (level {plan.level}, {plan.seats} seats, seed {plan.seed})"
    try:
        tr = play(ruleset_id, plan)
    except Exception as exc:  # noqa: BLE001 - a crash is a mismatch to report, with its place
        return f"{where}: the replay raised {type(exc).__name__}: {exc}"
    if tr.digest == game["digest"]:
        return None
    old_marks, new_marks = game.get("marks", []), tr.marks
    common = min(len(old_marks), len(new_marks))
    window = f"at or after action {common * mark_every}"
    for k in range(common):
        if old_marks[k] != new_marks[k]:
            window = f"between actions {k * mark_every} and {(k + 1) * mark_every - 1}"
            break
    return (f"{where}: trace differs, first divergence {window}; actions {tr.n_actions} (recorded"
            f" {game['n_actions']}), result {tr.result} (recorded {game['result']});"
            f" see: python tools/golden.py dump --ruleset {ruleset_id} --game {plan.index}")


def check(ruleset_id: str, games: slice | None = None) -> tuple[int, list[str]]:
    """Replay the recorded games (a slice of them) of a ruleset; return (games checked, mismatches)."""
    data = load_record(ruleset_id)
    chosen = data["games"][games] if games is not None else data["games"]
    problems = [p for g in chosen if (p := check_game(ruleset_id, g, data.get("mark_every", MARK_EVERY)))]
    return len(chosen), problems


def _slice(text: str) -> slice:
    """Parse ``a:b`` (either end optional) or a single index into a slice."""
    if ":" not in text:
        return slice(int(text), int(text) + 1)
    a, b = text.split(":", 1)
    return slice(int(a) if a else None, int(b) if b else None)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; 0 when all is well, 1 on mismatches."""
    import time

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="play and write tests/golden/<ruleset>.json")
    rec.add_argument("--ruleset", choices=RULESETS)
    chk = sub.add_parser("check", help="replay the recorded games and report every mismatch")
    chk.add_argument("--ruleset", choices=RULESETS)
    chk.add_argument("--games", type=_slice, default=None, metavar="A:B", help="only these game indexes")
    dmp = sub.add_parser("dump", help="print the whole trace of one game, one line per action or event")
    dmp.add_argument("--ruleset", choices=RULESETS, required=True)
    dmp.add_argument("--game", type=int, required=True)
    dmp.add_argument("--legal", action="store_true", help="also print the legal actions before each action")
    args = parser.parse_args(argv)

    if args.command == "dump":
        try:
            plan = plan_of(load_record(args.ruleset)["games"][args.game])
        except (OSError, IndexError):
            plan = game_plans(args.ruleset, args.game + 1)[args.game]
        for _, line in trace_lines(args.ruleset, plan, legal=args.legal):
            print(line)
        return 0
    status = 0
    for rid in [args.ruleset] if args.ruleset else list(RULESETS):
        started = time.perf_counter()
        if args.command == "record":
            data = record(rid)
            path = write_record(rid, data)
            print(f"{rid}: {len(data['games'])} games, {sum(g['n_actions'] for g in data['games'])} actions"
                  f" recorded in {time.perf_counter() - started:.1f} s -> {path.relative_to(ROOT)}")
        else:
            count, problems = check(rid, args.games)
            for p in problems:
                print(p)
            print(f"{rid}: {count} games checked, {len(problems)} mismatches"
                  f" in {time.perf_counter() - started:.1f} s")
            status |= bool(problems)
    return status


if __name__ == "__main__":
    sys.exit(main())
