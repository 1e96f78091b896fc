#!/usr/bin/env python3
"""Seeded expedition game digests: proof that a speed-up changed no rule.

Plays N seeded expedition games the way ``tools/golden.py`` does (its plan: every
shipped level and seat count in turn, even games random bots, odd games the ruleset's
policy) and keeps, per game, the SHA-256 of its trace (every action and event) plus
the canonical JSON of the final state and of every seat's final view. Record before
a change, check after it::

    python tools/expedition_digests.py record --games 40 --out before.json
    python tools/expedition_digests.py check before.json      # exit 1 on any mismatch
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from golden import game_plans, plan_of, trace_lines  # noqa: E402

from game.engine.protocol import SeatSpec, canonical_json  # noqa: E402
from game.engine.registry import get_ruleset  # noqa: E402

RULESET = "expedition"


def digest(plan: Any) -> dict[str, Any]:
    """Play one planned game; return its trace digest, final-state digest and length."""
    sha = hashlib.sha256()
    n = 0
    for n, line in trace_lines(RULESET, plan):
        sha.update(line.encode("utf-8") + b"\n")
    # replay to the end once more for the final state and views (trace_lines keeps its state to itself)
    rs = get_ruleset(RULESET)
    from golden import _bot, shipped_levels

    level = shipped_levels(RULESET)[plan.level]
    st = rs.new_game(level, [SeatSpec(f"Bot {i + 1}", "bot", "random") for i in range(plan.seats)], plan.seed)
    bots = [_bot(rs, kind, plan.seed * 101 + s + 1) for s, kind in enumerate(plan.bots)]
    k = 0
    while (seat := st.to_act()) is not None and k < rs.max_game_length:
        st.apply(bots[seat](st, seat, st.legal_actions()))
        k += 1
    final = hashlib.sha256(canonical_json(st.to_json()).encode("utf-8"))
    for s in range(plan.seats):
        final.update(canonical_json(st.view(s)).encode("utf-8"))
    return {"index": plan.index, "level": plan.level, "seats": plan.seats, "seed": plan.seed,
            "bots": list(plan.bots), "n_actions": n, "trace": sha.hexdigest(), "final": final.hexdigest()}


def main(argv: list[str] | None = None) -> int:
    """Record or check the digests; 0 when all match."""
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("--games", type=int, default=40)
    rec.add_argument("--out", type=Path, required=True)
    chk = sub.add_parser("check")
    chk.add_argument("file", type=Path)
    args = p.parse_args(argv)
    started = time.perf_counter()
    if args.command == "record":
        games = [digest(plan) for plan in game_plans(RULESET, args.games)]
        args.out.write_text(json.dumps({"ruleset": RULESET, "games": games}, indent=1) + "\n", encoding="utf-8")
        print(f"{len(games)} games, {sum(g['n_actions'] for g in games)} actions recorded in "
              f"{time.perf_counter() - started:.1f} s -> {args.out}")
        return 0
    data = json.loads(args.file.read_text(encoding="utf-8"))
    bad = 0
    for g in data["games"]:
        now = digest(plan_of(g))
        if (now["trace"], now["final"]) != (g["trace"], g["final"]):
            bad += 1
            print(f"game {g['index']} ({g['level']}, {g['seats']} seats, seed {g['seed']}): differs "
                  f"(actions {now['n_actions']}, recorded {g['n_actions']})")
    print(f"{len(data['games'])} games checked, {bad} mismatches in {time.perf_counter() - started:.1f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
