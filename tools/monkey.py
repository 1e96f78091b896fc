#!/usr/bin/env python3
"""Long monkey run (docs/RELIABILITY.md): random mouse and keyboard events into every scene, headless.

    python tools/monkey.py                          # 100,000 events per scene
    python tools/monkey.py --events 5000 --only game-dungeon --seed 3 --out monkey.json

Zero exceptions and zero invariant violations expected; the figures go to --out
(JSON, rewritten after every scene). Exit 1 on any failure.
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
    """Run the monkey over every scene and write/print its figures."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--events", type=int, default=100_000, help="events per scene (default 100,000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", default="",
                   help="run only scenes whose name contains this text (comma separated: any of them)")
    p.add_argument("--exact", action="store_true", help="--only names whole scene names, in the order given")
    p.add_argument("--out", type=Path, default=Path("monkey.json"))
    args = p.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["MESA_HOME"] = tempfile.mkdtemp(prefix="mesa-monkey-")
    logging.basicConfig(level=logging.CRITICAL)
    from game.bench.monkey import Monkey, scene_makers

    monkey = Monkey(args.seed)
    results: list[dict] = []
    bad = 0
    try:
        makers = scene_makers()
        wanted = [part for part in args.only.split(",") if part]
        if args.exact:
            unknown = [w for w in wanted if w not in makers]
            if unknown:
                print(f"monkey: unknown scene(s) {', '.join(unknown)}; known: {', '.join(makers)}")
                return 2
            makers = {w: makers[w] for w in wanted}
        for name, make in makers.items():
            if wanted and not args.exact and not any(part in name for part in wanted):
                continue
            st = monkey.run(name, make, args.events).to_json()
            results.append(st)
            bad += st["failure_count"]
            args.out.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
            print(f"{name}: {st['events']} events, {st['frames']} frames, {st['actions']} actions checked, "
                  f"{st['restarts']} restarts, {st['failure_count']} failures, {st['seconds']} s", flush=True)
            for f in st["failures"]:
                print("   ", f, flush=True)
    finally:
        monkey.close()
    total = sum(r["events"] for r in results)
    print(f"monkey: {len(results)} scenes, {total} events, {bad} failures")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
