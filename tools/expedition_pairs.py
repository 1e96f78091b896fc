#!/usr/bin/env python3
"""Expedition bots measured in paired games (docs/BOTS.md, "Expedition").

    python tools/expedition_pairs.py race sunken_bell normal random --pairs 10 --seed 1
    python tools/expedition_pairs.py coop marsh_lights normal random --games 6 --seed 1

``race``: a competitive level with two hero seats; each pair plays the same game seed twice with the
two bots swapped between the seats, so the seat (and its archetype) and the dice cancel out.
``coop``: a cooperative level with two heroes played by the same bot; each game seed is played once
by bot A's team and once by bot B's, reporting how often the goal is met and in how many rounds.
The Dark Lord's seat (it only acts in battles played in the arena) is the ``--dark`` bot. Every game
goes through ``simulate``'s checks (invariants after every action, save/load round trips). A bot is
a difficulty (random, easy, normal, hard), ``policy`` (the ruleset's bot_policy alone) or a difficulty
with budget fields overridden (``normal:slip=0,depth=10``, as in tools/headtohead.py). Prints one
line per game and one JSON object at the end; exit 1 on any error.
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
    """Return the bot ``spec`` names, seeded (``policy``, a difficulty, or ``normal:slip=0``: headtohead.py's)."""
    from headtohead import make as make_bot  # tools/ is the script's folder, first on sys.path

    return make_bot(spec, seed)


def play(level_id: str, heroes: list[str], dark: str, seed: int, report: Any) -> tuple[list[int], int]:
    """Play one game (hero bots in seat order, then the Dark Lord); return (winning seats, actions)."""
    from game.cli.simulate import play_one
    from game.engine.levels import get_level
    from game.engine.registry import get_ruleset

    rs = get_ruleset("expedition")
    level = get_level("expedition", level_id)
    specs = heroes + [dark]
    bots = [make(specs[s], seed * 101 + s + 1) for s in range(len(specs))]
    before = dict(report.wins)
    lengths = len(report.lengths)
    play_one(rs, level, bots, seed, report, 25)
    won = sorted(int(s) for s, n in report.wins.items() if n > before.get(s, 0))
    return won, (report.lengths[-1] if len(report.lengths) > lengths else 0)


def main() -> int:
    """Play the games and print the tally."""
    from game.cli.simulate import Report

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=["race", "coop"])
    p.add_argument("level")
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--pairs", type=int, default=10, help="race: pairs of games (default 10)")
    p.add_argument("--games", type=int, default=6, help="coop: game seeds per team (default 6)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dark", default="policy", help="the Dark Lord's bot (default policy)")
    args = p.parse_args()
    logging.basicConfig(level=logging.WARNING)
    report = Report("expedition", args.seed, [args.a, args.b])
    tally: dict[str, Any] = {}
    if args.mode == "race":
        tally = {args.a: 0, args.b: 0, "neither": 0}
        for i in range(args.pairs):
            seed = args.seed + i
            for order in ([args.a, args.b], [args.b, args.a]):
                winners, length = play(args.level, order, args.dark, seed, report)
                won = [w for w in winners if w < 2]
                who = order[won[0]] if len(won) == 1 else "neither"
                tally[who] += 1
                print(f"{args.level} seed {seed} seats {order[0]} | {order[1]}: {who} ({length} actions)",
                      flush=True)
    else:
        for spec in (args.a, args.b):
            goals, lengths = 0, []
            for i in range(args.games):
                seed = args.seed + i
                winners, length = play(args.level, [spec, spec], args.dark, seed, report)
                ok = 0 in winners  # the heroes win together; the Dark Lord wins when the rounds run out
                goals += ok
                lengths.append(length)
                print(f"{args.level} seed {seed} team {spec}: {'goal' if ok else 'lost'} ({length} actions)",
                      flush=True)
            tally[spec] = {"goals": goals, "games": args.games,
                           "mean_actions": round(sum(lengths) / max(1, len(lengths)), 1)}
    out = report.to_json()
    print(json.dumps({"mode": args.mode, "level": args.level, "tally": tally,
                      "errors": report.errors + report.invariant_violations,
                      "decision_seconds": out["decision_seconds"], "errors_detail": out["errors_detail"]}))
    return 1 if report.errors or report.invariant_violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
