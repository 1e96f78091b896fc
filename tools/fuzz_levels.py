#!/usr/bin/env python3
"""Long level-fuzzing run (docs/RELIABILITY.md): hypothesis mutations of every shipped level file
and shared file (tests/robustness/test_shipped_level_mutations.py with many examples), plus the
loader's generic fuzzing (tests/engine/test_level_fuzz.py with ``-m slow``), plus issue 16's
hostile cases: the limit mutations that must play, save and load
(tests/robustness/test_limit_mutations.py) and the level-problem, limit and validate cases
(tests/engine/test_limits.py, test_level_problems.py, test_validate_as_game.py).

    python tools/fuzz_levels.py                 # 1,000 examples per shipped file
    python tools/fuzz_levels.py --examples 200
    python tools/fuzz_levels.py --play 200      # only the limit mutations, 200 played per ruleset

Exit status is pytest's (0: zero crashes, zero hangs, every error named its file and field).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    """Run both fuzzers through pytest."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--examples", type=int, default=1000, help="hypothesis examples per shipped file")
    p.add_argument("--play", type=int, metavar="N", help="only the limit mutations: N valid mutants played, "
                   "saved and loaded per ruleset")
    args = p.parse_args()
    hostile = ["tests/robustness/test_limit_mutations.py", "tests/engine/test_limits.py",
               "tests/engine/test_level_problems.py", "tests/engine/test_validate_as_game.py"]
    if args.play:
        env = dict(os.environ, MESA_FUZZ_EXAMPLES=str(args.play))
        return subprocess.call([sys.executable, "-m", "pytest", "-q", hostile[0]], cwd=ROOT, env=env)
    env = dict(os.environ, MESA_FUZZ_EXAMPLES=str(args.examples))
    first = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
                             "tests/robustness/test_shipped_level_mutations.py"], cwd=ROOT, env=env)
    second = subprocess.call([sys.executable, "-m", "pytest", "-q", "-m", "slow", "tests/engine/test_level_fuzz.py"],
                             cwd=ROOT, env=env)
    play = dict(env, MESA_FUZZ_EXAMPLES=str(max(10, args.examples // 20)))
    third = subprocess.call([sys.executable, "-m", "pytest", "-q", *hostile], cwd=ROOT, env=play)
    return first or second or third


if __name__ == "__main__":
    raise SystemExit(main())
