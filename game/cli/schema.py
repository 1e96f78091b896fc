"""``python -m game schema RULESET``: print the JSON Schema of a ruleset's level files.

Editors use it to complete and check level files as they are typed (see
docs/LEVELS.md). An unknown ruleset gets the known ids and a suggestion, exit 2.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("ruleset", metavar="RULESET", help="ruleset id, e.g. dungeon")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the schema to FILE instead of printing it")


def run(args: argparse.Namespace) -> int:
    """Print (or write) the schema; 2 for an unknown ruleset or one without level files."""
    from game.engine.levels import _suggest, json_schema
    from game.engine.registry import all_rulesets

    try:
        sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        pass
    ids = [r.id for r in all_rulesets() if r.level_model is not None]
    rid = args.ruleset
    if rid not in ids:
        sys.stderr.write(f"unknown ruleset {rid!r}{_suggest(rid, ids)}; known: {', '.join(ids) or 'none'}\n")
        return 2
    try:
        text = json.dumps(json_schema(rid), indent=2, ensure_ascii=False)
    except Exception as exc:  # noqa: BLE001 - say what failed, no traceback
        log.exception("schema of %s failed", rid)
        sys.stderr.write(f"schema: cannot build the schema of {rid!r}: {type(exc).__name__}: {exc}\n")
        return 1
    if args.output:
        try:
            Path(args.output).write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            sys.stderr.write(f"schema: cannot write {args.output}: {exc.strerror or exc}\n")
            return 1
        return 0
    print(text)
    return 0
