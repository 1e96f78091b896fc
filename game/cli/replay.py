"""``python -m game replay SAVEFILE [--json] [--share OUTFILE]``: replay a save headlessly and print the final
digest; ``--share`` also writes a finished game as one small shared file (game/engine/share.py).

Bug reports and tests rely on it: the save's level, seed, seats and actions are
played again from the start (each action checked legal, invariants checked
after each) and the final state's digest is compared with the saved snapshot.
Exit 0 when it matches, 1 otherwise, with a one-line message and no traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("savefile", metavar="SAVEFILE", help="a save file (JSON) such as saves/autosave.json")
    parser.add_argument("--json", action="store_true", help="print one JSON object with the outcome")
    parser.add_argument("--share", metavar="OUTFILE",
                        help="also write the finished game as one small shared file (docs/SAVES.md, 'Shared games')")


def _report(file: str, data: dict[str, Any] | None, digest: str, snap: str, problems: list[str]) -> dict[str, Any]:
    level = data.get("level", {}) if data else {}
    return {
        "file": file,
        "ruleset": data.get("ruleset") if data else None,
        "level": level.get("id") if isinstance(level, dict) else None,
        "actions": len(data.get("actions", [])) if data else 0,
        "digest": digest,
        "snapshot_digest": snap,
        "matches": not problems and bool(digest) and digest == snap,
        "problems": problems,
    }


def run(args: argparse.Namespace) -> int:
    """Replay the save; print the digest (or a JSON report); return 0 when it matches the snapshot."""
    from game.engine.saves import SaveError, load_save, replay, snapshot_digest

    file = str(args.savefile)
    data: dict[str, Any] | None = None
    digest = snap = ""
    named = False  # True when the first problem already names the file
    try:
        data = load_save(Path(file))
        snap = snapshot_digest(data)
        _state, digest, problems = replay(data, file)
    except SaveError as exc:
        problems, named = [str(exc)], True
    except Exception as exc:  # noqa: BLE001 - a one-line message, the traceback goes to the log
        log.exception("replay of %s failed", file)
        problems, named = [f"{file}: unexpected error: {type(exc).__name__}: {exc}"], True
    report = _report(file, data, digest, snap, problems)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
    elif digest:
        print(digest)
    if not report["matches"]:
        if problems:
            first = problems[0] if named else f"{file}: {problems[0]}"
            more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
            sys.stderr.write(f"replay failed: {' '.join(first.split())}{more}\n")
        else:
            sys.stderr.write(f"replay failed: {file}: digest {digest} differs from the snapshot {snap}\n")
        return 1
    if not args.json:
        sys.stderr.write(f"{file}: {report['actions']} actions replayed; matches the snapshot\n")
    if getattr(args, "share", None) and data is not None:
        from game.engine.share import export_game

        try:
            out = export_game(data, args.share)
        except (ValueError, OSError) as exc:
            sys.stderr.write(f"replay: cannot share {file}: {' '.join(str(exc).split())}\n")
            return 1
        sys.stderr.write(f"{file}: shared as {out}\n")
    return 0
