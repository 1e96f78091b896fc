#!/usr/bin/env python3
"""Long kill -9 run (docs/RELIABILITY.md): a child autosaves a real match of each ruleset after
every action and is killed at random, many times; the save must always load and lose at most
the last action. Then random bit flips in a real autosave of each ruleset (game/bench/saveflip.py):
every flipped file must be refused as damaged, or load and replay exactly to its snapshot.

    python tools/save_kill.py                     # 1,000 kills and 1,000 bit flips per ruleset
    python tools/save_kill.py --kills 200 --flips 0 --rulesets sanctuary --out kills.json

Linux/macOS (uses fork). Exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    """Run the kill cycles and write/print the figures."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--kills", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rulesets", default="")
    p.add_argument("--flips", type=int, default=1000, help="random bit flips per ruleset (0: none)")
    p.add_argument("--max-delay", type=float, default=0.25, help="longest wait before a kill, seconds")
    p.add_argument("--out", type=Path, default=Path("save_kill.json"))
    args = p.parse_args()
    os.environ["MESA_HOME"] = tempfile.mkdtemp(prefix="mesa-kill-")
    logging.basicConfig(level=logging.ERROR)
    from game.bench.saveflip import run as flip_run
    from game.bench.savekill import run
    from game.engine.registry import all_rulesets

    ids = [r for r in args.rulesets.split(",") if r] or [r.id for r in all_rulesets()]
    results = {}
    bad = 0
    for rid in ids:
        st = run(rid, args.kills, Path(tempfile.mkdtemp(prefix=f"kill-{rid}-")), args.seed, args.max_delay).to_json()
        results[rid] = st
        bad += st["failure_count"]
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        print(f"{rid}: {st['kills']} kills over {st['games']} games, {st['saves_reported']} saves, "
              f"loaded with every reported action {st['loaded_exact']}, with the one in flight too "
              f"{st['loaded_one_more']}, from the backup {st['used_backup']}, most actions lost {st['lost_max']}, "
              f"{st['failure_count']} failures, {st['seconds']} s", flush=True)
        for f in st["failures"]:
            print("   ", f)
    for rid in ids if args.flips > 0 else []:
        fl = flip_run(rid, args.flips, Path(tempfile.mkdtemp(prefix=f"flip-{rid}-")), args.seed).to_json()
        results[f"{rid}-flips"] = fl
        bad += fl["failure_count"]
        args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        print(f"{rid}: {fl['flips']} bit flips in a {fl['file_bytes']}-byte autosave: {fl['refused']} refused as "
              f"damaged, {fl['loaded']} loaded and replayed exactly, {fl['failure_count']} failures, "
              f"{fl['seconds']} s", flush=True)
        for f in fl["failures"]:
            print("   ", f)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
