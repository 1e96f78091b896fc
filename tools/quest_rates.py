#!/usr/bin/env python3
"""Cooperative win rates of quest bot teams per scenario and seat count (docs/BOTS.md, "quest").

    python tools/quest_rates.py --bots random,policy,normal --seats 1,2,4 --games 6 --seed 1000
    python tools/quest_rates.py --levels 01_mill_road --bots normal --seats 2 --games 4
    python tools/quest_rates.py --bots normal:slip=0.1 --seats 2 --games 4   # budget fields overridden

Every seat of a game is played by the same kind of bot, so a row is a team. The games are paired:
every bot kind plays the same game seeds (the same decks chosen by the same rules, the same shuffles),
so the kinds meet the same deals. Every game goes through ``simulate``'s checks (invariants after every
action, save/load round trips). Prints one line per game, a table and one JSON object at the end; exit
1 on any error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def _bot(kind: str, seed: int) -> Any:
    """Return the bot ``kind`` names (``policy``, a difficulty, or ``normal:slip=0``: headtohead.py's ``make``)."""
    from headtohead import make  # tools/ is the script's folder, first on sys.path

    return make(kind, seed)


def main(argv: list[str] | None = None) -> int:
    """Play the paired games and print the table; 1 on any error."""
    from game.cli.simulate import Report, play_one
    from game.engine.levels import discover_levels
    from game.engine.registry import get_ruleset

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="", help="comma separated level ids (default: every shipped quest level)")
    ap.add_argument("--bots", default="random,policy,normal",
                    help="bot kinds: random, policy, easy, normal, hard, or normal:slip=0 (budget overrides)")
    ap.add_argument("--seats", default="1,2,4")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args(argv)
    ruleset = get_ruleset("quest")
    entries = [e for e in discover_levels("quest", include_mods=False) if e.ok]
    wanted = [x for x in args.levels.split(",") if x]
    levels = [e.level for e in entries if not wanted or e.id in wanted]
    rows: list[dict[str, Any]] = []
    errors = 0
    for level in levels:
        for seats in (int(s) for s in args.seats.split(",")):
            for kind in args.bots.split(","):
                report = Report("quest", args.seed, [kind] * seats)
                for i in range(args.games):
                    seed = args.seed + i
                    bots = [_bot(kind, seed * 101 + s + 1) for s in range(seats)]
                    play_one(ruleset, level, bots, seed, report, roundtrip_every=50)
                    won = report.wins.get("0", 0)
                    print(f"{level.id} seats={seats} {kind} game={i} seed={seed} won_so_far={won}", flush=True)
                data = report.to_json()
                errors += data["errors"] + data["invariant_violations"]
                timing = data["decision_seconds"].get(kind, {})
                rows.append({"level": level.id, "seats": seats, "bots": kind, "games": data["games"],
                             "wins": data["wins"].get("0", 0), "mean_length": data["mean_length"],
                             "p95_ms": round(timing.get("p95", 0.0) * 1000), "errors": data["errors"]})
    print()
    print("| scenario | seats | team | wins | mean actions | decision p95 |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        p95 = f"{r['p95_ms']} ms" if r["p95_ms"] else "-"
        print(f"| {r['level']} | {r['seats']} | {r['bots']} | {r['wins']} of {r['games']} | {r['mean_length']} | {p95} |")
    print(json.dumps({"rows": rows, "errors": errors}))
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
