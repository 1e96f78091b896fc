"""``python -m game validate [PATH ...]``: check level files and say exactly what is wrong.

With no path it checks every shipped level of every ruleset plus every mod.
A path may be a level file or a folder (searched recursively; shared
``_*.toml`` files are checked through the levels that include them). It prints
one line per problem (``path: field: message``), then a summary line, and
exits 1 when anything is broken. It never shows a traceback: whatever goes
wrong with a file is reported as a problem of that file.

Also errors: a folder (or the whole program) with no level file at all, and a
folder holding more level files than the game reads (``MAX_LEVELS_PER_DIR``): the
files past the cap are named by count, never silently skipped. Levels come from the
level catalogue (``game/engine/catalogue.py``), the same one the level list uses.

It judges exactly as the game does (issue 16, item 11): a file in a folder the game
reads gets the game's own verdict (an id a shipped level already uses is broken), a
file elsewhere is judged as if installed among the mods, ``.TOML`` in any case is a
level file in both, and a folder named like a level file is an error in both.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the command's arguments."""
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="level files or folders (default: every shipped level and every mod)")
    parser.add_argument("--list", action="store_true", help="also print one line per level that is fine")


class Report:
    """What one validate run found."""

    def __init__(self) -> None:
        self.checked = 0
        self.broken = 0
        self.shared = 0
        self.lines: list[str] = []
        self.ok_lines: list[str] = []

    def add_entry(self, entry: Any) -> None:
        """Count one LevelEntry and keep its problem lines."""
        from game.engine.levels import _display

        if entry.skipped:  # level files past a folder's cap: no level, one problem
            self.problem(entry.error or f"{_display(entry.path)}/: {entry.skipped} level files left out")
            return
        self.checked += 1
        if entry.level is None:
            self.broken += 1
            text = entry.error or f"{_display(entry.path)}: broken level"
            self.lines.extend(text.splitlines() or [text])
        else:
            self.ok_lines.append(f"{_display(entry.path)}: ok ({entry.ruleset}/{entry.id})")

    def problem(self, line: str) -> None:
        """Record a problem that is not one level's (a missing path, a stray folder)."""
        self.broken += 1
        self.lines.append(line)

    def summary(self) -> str:
        """The last line: how many levels were checked and how many are broken."""
        noun = "level" if self.checked == 1 else "levels"
        text = f"{self.checked} {noun} checked, {self.broken} broken"
        if self.shared:
            text += f" ({self.shared} shared {'file' if self.shared == 1 else 'files'} read)"
        return text


def _ruleset_ids() -> list[str]:
    from game.engine.registry import all_rulesets

    return [r.id for r in all_rulesets() if r.level_model is not None]


def check_everything(report: Report) -> None:
    """Check every shipped level and mod of every ruleset, and stray mod folders."""
    from game.engine import paths
    from game.engine.levels import _display, _suggest, discover_levels, is_level_file

    ids = _ruleset_ids()
    for rid in ids:
        try:
            for entry in discover_levels(rid):
                report.add_entry(entry)
        except Exception as exc:  # noqa: BLE001 - report, never crash
            log.exception("discovering %s levels failed", rid)
            report.problem(f"{rid}: could not list levels: {type(exc).__name__}: {exc}")
    for base in (paths.levels_dir(), paths.mods_dir()):
        try:
            children = sorted(base.iterdir()) if base.is_dir() else []
        except OSError:
            children = []
        for child in children:
            if child.name.startswith(("_", ".")):
                continue
            if child.is_dir() and child.name not in ids and any(child.glob("*.toml")):
                report.problem(f"{_display(child)}/: no ruleset {child.name!r}{_suggest(child.name, ids)}; "
                               f"level folders are named after a ruleset: {', '.join(ids)}")
            elif child.is_file() and is_level_file(child):
                report.problem(f"{_display(child)}: level files go in a ruleset folder "
                               f"({base.name}/<ruleset>/), not directly in {base.name}/")
    if not report.checked:
        report.problem(f"{_display(paths.levels_dir())}/, {_display(paths.mods_dir())}/: no level files found "
                       "(level files go in <folder>/<ruleset>/*.toml)")


def check_paths(targets: list[str], report: Report) -> None:
    """Check the given files and folders."""
    from game.engine.levels import (
        LevelError, _display, cap_problem, find_level_files, is_level_file, load_entry, mark_duplicates, read_toml,
        root_for,
    )
    from game.engine.levelscan import capped

    ids = set(_ruleset_ids())
    entries = []
    for target in targets:
        path = Path(target)
        if path.is_dir() and is_level_file(path):
            report.problem(f"{_display(path)}/: a folder, not a level file: a level is a .toml file")
            continue
        if path.is_dir():
            files = []
            for stray in _level_like_folders(path):
                report.problem(f"{_display(stray)}/: a folder, not a level file: a level is a .toml file")
            for folder, found in _by_folder(find_level_files(path, recursive=True)):
                read, left_out = capped(found)
                files += read
                if left_out:
                    report.problem(f"{_display(folder)}/: {cap_problem(len(left_out))}")
            if not files:
                report.problem(f"{_display(path)}/: no level files found (level files end in .toml and do not "
                               "start with '_' or '.')")
        elif path.is_file() or path.is_symlink():
            files = [path]
        else:
            report.problem(f"{target}: no such file or folder")
            continue
        for f in files:
            try:
                if not is_level_file(f):
                    if f.name.startswith("_") and f.suffix.lower() == ".toml":
                        read_toml(f, root_for(f), _display(f))  # syntax only; fields via its levels
                        report.shared += 1
                    else:
                        report.problem(f"{_display(f)}: not a level file (level files end in .toml)")
                    continue
                folder_rs = f.parent.name if f.parent.name in ids else None
                base = root_for(f)
                if _display(f).startswith(("mods/", "levels/")) and f.parent.parent.absolute() != base.absolute():
                    report.problem(f"{_display(f)}: the game does not list this file: level files go directly "
                                   f"in {base.name}/<ruleset>/ (shared files start with '_')")
                    continue
                source = "shipped" if _display(f).startswith("levels/") else "mod"
                entries.append(load_entry(f, folder_rs, source, root=root_for(f)))
            except LevelError as exc:
                report.problem(str(exc))
            except Exception as exc:  # noqa: BLE001 - report, never crash
                log.exception("checking %s failed", f)
                report.problem(f"{_display(f)}: could not be checked: {type(exc).__name__}: {exc}")
    mark_duplicates(entries)
    for e in _as_the_game_sees(entries):
        report.add_entry(e)


def _as_the_game_sees(entries: list[Any]) -> list[Any]:
    """Judge each checked file exactly as the game does (issue 16, item 11).

    A file in a folder the game reads (``levels/<ruleset>/``, ``mods/<ruleset>/``) gets the game's own
    verdict from its level list: an id used by a shipped level (or an earlier file) is broken there. A
    file anywhere else is judged as it would be once installed among the mods: its id may not be one
    a shipped level of its ruleset already uses.
    """
    from game.engine.levels import discover_levels, mark_duplicates

    listed: dict[str, dict[str, Any]] = {}

    def game_list(ruleset: str) -> dict[str, Any]:
        if ruleset not in listed:
            try:
                found = discover_levels(ruleset)
            except Exception:  # noqa: BLE001 - an unknown ruleset folder: no list to compare with
                found = []
            listed[ruleset] = {os.path.abspath(e.path): e for e in found if not e.skipped}
        return listed[ruleset]

    out = []
    for e in entries:
        seen = game_list(e.ruleset).get(os.path.abspath(e.path))
        if seen is not None:
            out.append(seen)
            continue
        if e.level is not None:
            shipped = [s for s in game_list(e.ruleset).values() if s.source == "shipped" and s.ok]
            mark_duplicates([*shipped, e])
        out.append(e)
    return out


def _level_like_folders(path: Path) -> list[Path]:
    """Folders named like a level file under ``path`` (in the folders a recursive check reads)."""
    from game.engine.levelscan import level_like_folders

    out = level_like_folders(path)
    for dirpath, dirnames, _files in os.walk(path):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(("_", ".")))
        for d in dirnames:
            out += level_like_folders(Path(dirpath) / d)
    return out


def _by_folder(files: list[Path]) -> list[tuple[Path, list[Path]]]:
    """Group files by their folder, keeping their order."""
    groups: dict[Path, list[Path]] = {}
    for f in files:
        groups.setdefault(f.parent, []).append(f)
    return list(groups.items())


def run(args: argparse.Namespace) -> int:
    """Validate and print the report; 0 when everything is fine, 1 otherwise."""
    try:
        sys.stdout.reconfigure(errors="replace")  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        pass
    report = Report()
    try:
        if args.paths:
            check_paths(list(args.paths), report)
        else:
            check_everything(report)
    except Exception as exc:  # noqa: BLE001 - the command never ends in a traceback
        log.exception("validate failed")
        report.problem(f"validate: unexpected error: {type(exc).__name__}: {exc}")
    from game.engine.levelerrors import _safe

    out = sys.stdout
    # every line escaped: a control or right-to-left character in a path never reorders or splits a line
    if getattr(args, "list", False):
        for line in report.ok_lines:
            print(_safe(line), file=out)
    for line in report.lines:
        print(_safe(line), file=out)
    print(report.summary(), file=out)
    return 1 if report.broken else 0
