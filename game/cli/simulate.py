"""``python -m game simulate``: bot-vs-bot games, headless, checking the rules as they run.

Plays N games of one ruleset with bots on every seat and, after EVERY action,
checks the state's invariants; it also checks that legal actions are unique
and non-empty, that views carry no RNG (every view a search bot reads; for a
random bot, which reads none, every K actions), that a save/load round trip every K
actions reproduces the same state, and that games end within the ruleset's
``max_game_length``. Each game's exceptions are caught and reported with the
game seed and action index so any failure can be replayed alone::

    python -m game simulate dungeon --games 200 --json
    python -m game simulate dungeon --level crypt --games 1 --seed 1234   # replay one game

The exit code is non-zero on any error or invariant violation.
"""

from __future__ import annotations

import argparse
import json
import logging
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.bots import DIFFICULTIES, Bot, make_bot
from game.engine.host import CHILD_STARTED
from game.engine.levels import Level, LevelError, discover_levels, get_level, load_level_file
from game.engine.protocol import GameState, Ruleset, SeatSpec, canonical_json
from game.engine.registry import get_ruleset

log = logging.getLogger(__name__)

MAX_DETAILS = 10


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the simulate options."""
    parser.add_argument("ruleset", help="ruleset id, e.g. dungeon")
    parser.add_argument("--level", help="level id (or a path to a level .toml); default: every shipped level in turn")
    parser.add_argument("--games", type=int, default=20, help="number of games (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses seed+i (default 1)")
    parser.add_argument("--bots", default=None,
                        help="bot difficulty per seat, comma separated: random, easy, normal, hard "
                             "(default: random on the fewest seats a level allows; one name fills every seat)")
    parser.add_argument("--json", action="store_true", help="print exactly one JSON object")
    parser.add_argument("--roundtrip-every", type=int, default=25, metavar="K",
                        help="save/load round trip every K actions (0: only at start and end; default 25)")


#: with round trips off (K = 0), random bots' views are still checked every this many actions
_VIEW_EVERY = 25


@dataclass
class Report:
    """Totals of a simulate run (``to_json`` is the ``--json`` output)."""

    ruleset: str
    seed: int
    bots: list[str]
    games: int = 0
    actions: int = 0
    errors: int = 0
    invariant_violations: int = 0
    roundtrips: int = 0
    views: int = 0
    #: child games started inside the games (games inside games: expedition's battles)
    nested_games: int = 0
    seconds: float = 0.0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    lengths: list[int] = field(default_factory=list)
    levels: list[str] = field(default_factory=list)
    skipped_levels: dict[str, str] = field(default_factory=dict)
    errors_detail: list[dict[str, Any]] = field(default_factory=list)
    decision_seconds: dict[str, list[float]] = field(default_factory=dict)

    def problem(self, detail: dict[str, Any], *, violation: bool = False) -> None:
        """Count an error (or an invariant violation) and keep its detail if among the first."""
        if violation:
            self.invariant_violations += 1
        else:
            self.errors += 1
        if len(self.errors_detail) < MAX_DETAILS:
            self.errors_detail.append(detail)

    def to_json(self) -> dict[str, Any]:
        """Return the JSON report."""
        timing = {}
        for name, ts in sorted(self.decision_seconds.items()):
            ts = sorted(ts)
            if ts:
                timing[name] = {"n": len(ts), "p50": round(ts[len(ts) // 2], 5),
                                "p95": round(ts[min(len(ts) - 1, int(len(ts) * 0.95))], 5),
                                "max": round(ts[-1], 5)}
        return {
            "ruleset": self.ruleset, "seed": self.seed, "bots": self.bots, "levels": self.levels,
            "games": self.games, "actions": self.actions, "errors": self.errors,
            "invariant_violations": self.invariant_violations, "roundtrips": self.roundtrips,
            "views_checked": self.views, "nested_games": self.nested_games, "seconds": round(self.seconds, 3), "wins": dict(sorted(self.wins.items(), key=lambda kv: int(kv[0]))),
            "draws": self.draws,
            "mean_length": round(sum(self.lengths) / len(self.lengths), 2) if self.lengths else 0,
            "max_length": max(self.lengths, default=0),
            "decision_seconds": timing, "skipped_levels": self.skipped_levels,
            "errors_detail": self.errors_detail,
        }


class _GameProblem(Exception):
    """A rule check failed; ends the game and is reported (``violation``: an invariant broke)."""

    def __init__(self, kind: str, message: str, violation: bool = False) -> None:
        super().__init__(message)
        self.kind = kind
        self.violation = violation


def seat_count(ruleset: Ruleset, level: Level, requested: int | None) -> int:
    """Return the seats to use: ``requested`` if the level allows it, else the fewest it allows."""
    lo, hi = ruleset.seat_range(level)
    seats = getattr(level.model, "seats", None)
    if seats is not None:
        lo, hi = max(lo, seats.min), min(hi, seats.max)
    if requested is None:
        return lo
    if not lo <= requested <= hi:
        raise ValueError(f"level {level.id!r} takes {lo} to {hi} seats, not {requested}")
    return requested


def _roundtrip(ruleset: Ruleset, state: GameState) -> GameState:
    """Save and load through JSON text; the reloaded state must be identical (it is returned)."""
    data = state.to_json()
    # saves keep key order (rulesets may build piles in table order); compare canonically
    again = ruleset.from_json(json.loads(json.dumps(data, ensure_ascii=False, allow_nan=False)))
    if canonical_json(again.to_json()) != canonical_json(data):
        raise _GameProblem("roundtrip", "from_json(to_json()) gives a different to_json()")
    if again.legal_actions() != state.legal_actions():
        raise _GameProblem("roundtrip", "the reloaded state has different legal actions")
    return again


def play_one(ruleset: Ruleset, level: Level, bots: list[Bot], seed: int, report: Report,
             roundtrip_every: int) -> None:
    """Play one game, checking after every action; problems go into ``report``."""
    index = 0
    names = [b.difficulty for b in bots]
    where = {"game": report.games, "seed": seed, "level": level.id}
    try:
        specs = [SeatSpec(f"Bot {i + 1}", "bot", n) for i, n in enumerate(names)]
        state = ruleset.new_game(level, specs, seed)
        broken = state.invariants()
        if broken:
            raise _GameProblem("invariant", "; ".join(broken), violation=True)
        state = _roundtrip(ruleset, state)
        report.roundtrips += 1
        limit = ruleset.max_game_length
        while True:
            seat = state.to_act()
            if seat is None:
                break
            if index >= limit:
                raise _GameProblem("length", f"the game did not end within max_game_length={limit} actions")
            legal = state.legal_actions()
            if not legal:
                raise _GameProblem("legal", f"seat {seat} is to act but has no legal action")
            if len({a.key for a in legal}) != len(legal):
                dup = sorted({a.key for a in legal if [b.key for b in legal].count(a.key) > 1})
                raise _GameProblem("legal", f"legal actions are not unique: {dup[:3]}")
            bot = bots[seat]
            # a search bot reads the view at every decision; a random bot never does, so its seat's view
            # is built and checked only every K actions (views are slow to build in some rulesets)
            view: dict[str, Any] = {}
            if bot.difficulty != "random" or index % max(1, roundtrip_every or _VIEW_EVERY) == 0:
                view = state.view(seat)
                if not isinstance(view, dict) or view.get("rng") is not None:
                    raise _GameProblem("view", f"view({seat}) carries the RNG state")
                report.views += 1
            started = time.perf_counter()
            action = bot.choose(ruleset, view, seat, legal)
            if bot.difficulty != "random":
                report.decision_seconds.setdefault(bot.difficulty, []).append(time.perf_counter() - started)
            events = state.apply(action)
            report.nested_games += sum(1 for e in events if e.kind == CHILD_STARTED)
            index += 1
            report.actions += 1
            broken = state.invariants()
            if broken:
                raise _GameProblem("invariant", f"after '{action.key}': " + "; ".join(broken), violation=True)
            if roundtrip_every > 0 and index % roundtrip_every == 0:
                state = _roundtrip(ruleset, state)
                report.roundtrips += 1
        result = state.result()
        if result is None:
            raise _GameProblem("result", "nobody is to act but result() is None")
        state = _roundtrip(ruleset, state)
        report.roundtrips += 1
        if result.winners:
            for w in result.winners:
                report.wins[str(w)] = report.wins.get(str(w), 0) + 1
        else:
            report.draws += 1
        report.lengths.append(index)
    except _GameProblem as exc:
        report.problem({**where, "action_index": index, "kind": exc.kind, "message": str(exc)},
                       violation=exc.violation)
    except Exception as exc:  # noqa: BLE001 - every game's crash is counted, never fatal
        tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
        report.problem({**where, "action_index": index, "kind": "exception",
                        "message": f"{type(exc).__name__}: {exc}", "traceback": "".join(tb[-3:]).strip()})
        log.debug("simulate game %s (seed %s) failed", report.games, seed, exc_info=True)
    finally:
        report.games += 1


def _resolve_levels(ruleset: Ruleset, level_arg: str | None, report: Report) -> list[Level]:
    """Return the levels to play; broken shipped levels are reported as errors."""
    if level_arg:
        path = Path(level_arg)
        if level_arg.endswith(".toml") and path.is_file():
            level = load_level_file(path, root=path.parent, source="mod")
            if level.ruleset != ruleset.id:
                raise LevelError(level_arg, [f"ruleset: the file is a {level.ruleset!r} level, not {ruleset.id!r}"])
            return [level]
        return [get_level(ruleset.id, level_arg)]
    levels: list[Level] = []
    for entry in discover_levels(ruleset.id, include_mods=False):
        if entry.level is None:
            report.problem({"game": None, "seed": None, "level": entry.id, "action_index": None,
                            "kind": "level", "message": entry.error or "broken level"})
        else:
            levels.append(entry.level)
    return levels


def simulate(ruleset: Ruleset, *, levels: list[Level], games: int, seed: int,
             bots: list[str] | None, roundtrip_every: int = 25, report: Report | None = None) -> Report:
    """Play ``games`` games over ``levels`` in turn and return the report."""
    report = report or Report(ruleset.id, seed, list(bots or ["random"]))
    started = time.perf_counter()
    plans: list[tuple[Level, list[str]]] = []
    for level in levels:
        try:
            n = seat_count(ruleset, level, len(bots) if bots and len(bots) > 1 else None)
        except ValueError as exc:
            report.skipped_levels[level.id] = str(exc)
            continue
        names = list(bots) if bots and len(bots) > 1 else [(bots or ["random"])[0]] * n
        plans.append((level, names))
        report.levels.append(level.id)
        for s in range(n):
            report.wins.setdefault(str(s), 0)
    if not plans:
        report.seconds = time.perf_counter() - started
        return report
    for g in range(games):
        level, names = plans[g % len(plans)]
        game_seed = seed + g
        game_bots = [make_bot(name, game_seed * 101 + s + 1, strict=True) for s, name in enumerate(names)]
        play_one(ruleset, level, game_bots, game_seed, report, roundtrip_every)
    report.seconds = time.perf_counter() - started
    return report


def _human(report: Report, argv_bots: str | None) -> str:
    """Return the human summary."""
    data = report.to_json()
    rate = data["actions"] / data["seconds"] if data["seconds"] else 0.0
    lines = [
        f"simulate {report.ruleset}: {data['games']} games, {data['actions']} actions in {data['seconds']:.2f} s"
        f" ({rate:.0f} actions/s); levels: {', '.join(report.levels) or 'none'}",
        f"game length: mean {data['mean_length']}, max {data['max_length']}; round trips: {report.roundtrips}"
        + (f"; nested games: {report.nested_games}" if report.nested_games else ""),
        "wins: " + (", ".join(f"seat {k}: {v}" for k, v in data["wins"].items()) or "none")
        + f"; draws: {report.draws}",
    ]
    for name, t in data["decision_seconds"].items():
        lines.append(f"bot {name}: {t['n']} decisions, p50 {t['p50'] * 1000:.1f} ms, p95 {t['p95'] * 1000:.1f} ms,"
                     f" max {t['max'] * 1000:.1f} ms")
    for lid, why in report.skipped_levels.items():
        lines.append(f"skipped level {lid}: {why}")
    lines.append(f"errors: {report.errors}; invariant violations: {report.invariant_violations}")
    for d in report.errors_detail:
        lines.append(f"  - [{d['kind']}] level {d['level']}, game {d['game']} (seed {d['seed']}),"
                     f" action {d['action_index']}: {d['message']}")
        if d.get("seed") is not None:
            bots = f" --bots {argv_bots}" if argv_bots else ""
            lines.append(f"    replay: python -m game simulate {report.ruleset} --level {d['level']}"
                         f" --games 1 --seed {d['seed']}{bots}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run simulate; return 0 when every game was clean, 1 on problems, 2 on bad arguments."""
    def usage(msg: str) -> int:
        if args.json:
            print(json.dumps({"error": msg}))
        else:
            print(f"simulate: {msg}")
        return 2

    try:
        ruleset = get_ruleset(args.ruleset)
    except KeyError as exc:
        return usage(str(exc.args[0]))
    bots = None
    if args.bots:
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        bad = [b for b in bots if b not in DIFFICULTIES]
        if bad or not bots:
            return usage(f"--bots: unknown difficulty {bad[0] if bad else args.bots!r}; "
                         f"expected: {', '.join(DIFFICULTIES)}")
    if args.games < 0:
        return usage("--games: expected a number >= 0")
    report = Report(ruleset.id, args.seed, bots or ["random"])
    try:
        levels = _resolve_levels(ruleset, args.level, report)
    except LevelError as exc:
        return usage(str(exc))
    if not levels and report.errors == 0:
        return usage(f"no playable level for {ruleset.id!r}")
    simulate(ruleset, levels=levels, games=args.games, seed=args.seed, bots=bots,
             roundtrip_every=max(0, args.roundtrip_every), report=report)
    if levels and not report.levels:
        return usage("no level allows that many seats: " + "; ".join(report.skipped_levels.values()))
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(_human(report, args.bots))
    return 1 if report.errors or report.invariant_violations else 0
