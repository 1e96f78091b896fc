"""``python -m game bench [--json FILE] [--quick]``: the performance report (DESIGN.md budgets, issue 7).

Measures in one run, each figure beside its floor on the same machine, and
prints a table with PASS/MISS per budget; ``--json FILE`` writes the figures
with exactly the keys of issue 7 (``startup``, ``scenes``, ``idle_cpu_percent``,
``bots``, ``simulate``, ``peak_rss_mb``, ``frozen``) and issue 11 (``scaling``). ``--quick`` takes fewer
samples (a minute or so instead of several): good for checking that it runs,
not for recording figures. docs/PERFORMANCE.md says how to read the figures.

This module is imported by the command line at every start of the app, so it
imports nothing heavy at module level: the measuring code is ``game.bench``.
The hidden ``--startup-probe FILE`` is the child side of the start-up figure.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the bench options."""
    parser.add_argument("--json", type=Path, metavar="FILE", help="also write the figures as JSON to FILE")
    parser.add_argument("--quick", action="store_true", help="fewer samples: checks the run, not for records")
    parser.add_argument("--startup-probe", metavar="FILE", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark; 0 when it ran (missed budgets are reported, not an error), 1 when a figure failed."""
    if args.startup_probe:
        from game.bench import startup

        return startup.probe(args.startup_probe)
    from game.bench.common import use_private_home
    from game.bench.runner import run_all, table

    use_private_home()

    def progress(msg: str) -> None:
        log.info("bench: %s", msg)
        if sys.stderr is not None:
            sys.stderr.write(f"bench: {msg}...\n")
            sys.stderr.flush()

    result, details = run_all(quick=args.quick, progress=progress)
    text = table(result, details)
    log.info("bench result:\n%s", text)
    if sys.stdout is not None:
        print(text)
    if args.json:
        try:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        except OSError as exc:
            print(f"bench: cannot write {args.json}: {exc}")
            return 2
    return 1 if details.get("errors") else 0
