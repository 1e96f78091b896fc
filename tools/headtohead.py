#!/usr/bin/env python3
"""Head to head of two bots on two-seat games (docs/BOTS.md, "Measured strength").

    python tools/headtohead.py sanctuary hard normal --games 24 --seed 300
    python tools/headtohead.py sanctuary normal random --games 40 --seed 900

Games come in pairs: the same level and the same game seed (the same deal and
dice) played twice with the seats swapped, so seat and luck effects cancel out.
Levels are every shipped level of the ruleset that seats two and has no
scripted seat, in turn. Every game goes through ``simulate``'s checks
(invariants after every action, save/load round trips). Prints one line per
game and, at the end, one JSON object: wins per bot, draws, errors and decision
times. Exit 1 on any error.

A bot is a difficulty (random, easy, normal, hard) or ``policy`` (the ruleset's
``bot_policy`` alone); ``difficulty:key=value,...`` overrides fields of its
budget (``hard:depth=40``, ``normal:slip=0``) for experiments. A plain difficulty
gets its budget as the ruleset tunes it (``bot_budget``); an overridden one starts
from the shared default (docs/BOTS.md).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def make(spec: str, seed: int) -> Any:
    """Return the bot ``spec`` names, seeded."""
    from game.engine.bots import make_bot
    from game.engine.bots.ismcts import BUDGETS
    from game.engine.bots.policy import PolicyBot

    if spec == "policy":
        return PolicyBot(seed)
    name, _, rest = spec.partition(":")
    if name not in BUDGETS or not rest:
        return make_bot(name, seed, strict=True)  # the difficulty's budget, as the ruleset tunes it
    budget = BUDGETS[name]
    for part in filter(None, rest.split(",")):
        key, _, value = part.partition("=")
        if not hasattr(budget, key):
            raise SystemExit(f"headtohead: {spec}: the budget has no field {key!r}")
        kind = type(getattr(budget, key)) if getattr(budget, key) is not None else float
        budget = budget.replace(**{key: kind(value)})
    bot = make_bot(name, seed, budget=budget, strict=True)
    bot.difficulty = spec  # decision times are reported per spec
    return bot


def two_seat_levels(ruleset: Any) -> list[Any]:
    """Return the shipped levels that seat two and script no seat."""
    from game.cli.simulate import seat_count
    from game.engine.levels import discover_levels

    out = []
    for entry in discover_levels(ruleset.id, include_mods=False):
        level = entry.level
        if level is None or any(getattr(p, "script", None) for p in getattr(level.model, "players", None) or []):
            continue
        try:
            seat_count(ruleset, level, 2)
        except ValueError:
            continue
        out.append(level)
    return out


def main() -> int:
    """Play the pairs and print the tally."""
    from game.cli.simulate import Report, play_one
    from game.engine.registry import get_ruleset

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("ruleset")
    p.add_argument("a", help="first bot (see above)")
    p.add_argument("b", help="second bot")
    p.add_argument("--games", type=int, default=24, help="games, rounded up to whole pairs (default 24)")
    p.add_argument("--seed", type=int, default=1, help="game seed of the first pair; pair i uses seed + i")
    args = p.parse_args()
    logging.basicConfig(level=logging.WARNING)
    rs = get_ruleset(args.ruleset)
    levels = two_seat_levels(rs)
    if not levels:
        print(f"headtohead: {rs.id} has no shipped two-seat level without a script")
        return 2
    tally = {args.a: 0, args.b: 0}
    report = Report(rs.id, args.seed, [args.a, args.b])
    for g in range(args.games + args.games % 2):
        pair = g // 2
        level, seed = levels[pair % len(levels)], args.seed + pair
        order = [args.a, args.b] if g % 2 == 0 else [args.b, args.a]
        before = dict(report.wins), report.errors + report.invariant_violations
        play_one(rs, level, [make(order[s], seed * 101 + s + 1) for s in range(2)], seed, report, 0)
        won = [int(s) for s, n in report.wins.items() if n > before[0].get(s, 0)]
        for s in won:
            tally[order[s]] += 1
        outcome = "error" if report.errors + report.invariant_violations > before[1] else \
            (order[won[0]] if len(won) == 1 else "draw")
        print(f"game {g + 1}: {level.id} seed {seed} seats {order[0]} | {order[1]}: {outcome} "
              f"({tally[args.a]}-{tally[args.b]})", flush=True)
    out = report.to_json()
    print(json.dumps({"ruleset": rs.id, "games": report.games, "wins": tally, "draws": report.draws,
                      "errors": report.errors + report.invariant_violations,
                      "decision_seconds": out["decision_seconds"], "errors_detail": out["errors_detail"]}))
    return 1 if report.errors or report.invariant_violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
