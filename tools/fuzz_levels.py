#!/usr/bin/env python3
"""Long level-fuzzing run (docs/RELIABILITY.md): hypothesis mutations of every shipped level file
and shared file (tests/robustness/test_shipped_level_mutations.py with many examples), plus the
loader's generic fuzzing (tests/engine/test_level_fuzz.py with ``-m slow``).

    python tools/fuzz_levels.py                 # 1,000 examples per shipped file
    python tools/fuzz_levels.py --examples 200

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
    args = p.parse_args()
    env = dict(os.environ, MESA_FUZZ_EXAMPLES=str(args.examples))
    first = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly",
                             "tests/robustness/test_shipped_level_mutations.py"], cwd=ROOT, env=env)
    second = subprocess.call([sys.executable, "-m", "pytest", "-q", "-m", "slow", "tests/engine/test_level_fuzz.py"],
                             cwd=ROOT, env=env)
    return first or second


if __name__ == "__main__":
    raise SystemExit(main())
