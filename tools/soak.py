#!/usr/bin/env python3
"""Long soak run (docs/RELIABILITY.md): N bot-vs-bot games per ruleset, invariants after every action.

    python tools/soak.py                       # 10,000 games of every ruleset
    python tools/soak.py --games 500 --rulesets dungeon --seed 7 --out soak.json

Writes progress every 200 games to --out (JSON, one object per ruleset), so a
long run that is stopped still leaves its figures. Exit 1 on any error.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    """Run the soak and write/print its figures."""
    from game.bench.soak import soak
    from game.engine.registry import all_rulesets

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=20261121)
    p.add_argument("--rulesets", default="", help="comma separated ids (default: all)")
    p.add_argument("--out", type=Path, default=Path("soak.json"))
    args = p.parse_args()
    logging.basicConfig(level=logging.WARNING)
    ids = [r for r in args.rulesets.split(",") if r] or [r.id for r in all_rulesets()]
    results: dict[str, object] = {}

    def save() -> None:
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")

    bad = 0
    for rid in ids:
        def progress(d: dict, rid: str = rid) -> None:
            results[rid] = dict(d, partial=True)
            save()

        d = soak(rid, args.games, args.seed, progress=progress)
        results[rid] = d
        save()
        bad += d["errors"] + d["invariant_violations"]
        print(f"{rid}: {d['games']} games, {d['actions']} actions, {d['errors']} errors, "
              f"{d['invariant_violations']} invariant violations, {d['roundtrips']} round trips, "
              f"{d['views_checked']} views checked, {d['seconds']} s", flush=True)
        for e in d["errors_detail"]:
            print("   ", e, flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
