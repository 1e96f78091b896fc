"""Finding levels: the level list of a ruleset, ``get_level`` and the gallery's counts, from the catalogue.

``discover_levels`` lists ``levels/<ruleset>/`` and ``mods/<ruleset>/`` (at most
``MAX_LEVELS_PER_DIR`` level files per folder, the first by name; the rest are
reported by one notice entry, never silently dropped) and hands back every file as a
``LevelEntry``: loaded, or broken with its message. Levels come from the level
catalogue (``game/engine/catalogue.py``), so an unchanged file is not read or
validated again; the level list screen, ``get_level``, the rulesets and
``python -m game validate`` all share it.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from game.engine import catalogue
from game.engine.levelerrors import LevelError, _suggest
from game.engine.levelfiles import _display, bases, root_for
from game.engine.levelmodel import Level, LevelEntry, load_level_file
from game.engine.levelrefs import remember
from game.engine.levelwords import Msg

log = logging.getLogger(__name__)

MAX_LEVELS_PER_DIR = 500


def is_level_file(path: Path) -> bool:
    """True for files that are levels: ``*.toml`` (any case: ``crypt.TOML`` too) not starting with ``_``
    (shared) or ``.`` (hidden). The game and ``validate`` both judge by this one test."""
    path = Path(path)
    return path.suffix.lower() == ".toml" and not path.name.startswith(("_", "."))


def level_like_folders(folder: Path) -> list[Path]:
    """Folders inside ``folder`` named like a level file (``x.toml/``): reported, never silently ignored."""
    try:
        with os.scandir(folder) as it:
            return sorted(Path(folder) / d.name for d in it if is_level_file(Path(d.name)) and d.is_dir())
    except OSError:
        return []


def level_named_folder(path: Path, ruleset: str, source: str) -> LevelEntry:
    """A broken entry for a folder named like a level file."""
    err = LevelError(_display(path) + "/", [Msg("levelerr.is_folder")])
    return LevelEntry(ruleset, Path(path).stem, Path(path), source, None, str(err), list(err.problems))


def find_level_files(folder: Path, *, recursive: bool = False) -> list[Path]:
    """Level files in a folder, sorted (all of them); recursive skips folders starting with ``_`` or ``.``."""
    folder = Path(folder)
    out: list[Path] = []
    if not recursive:
        try:
            with os.scandir(folder) as it:
                names = sorted(d.name for d in it if is_level_file(Path(d.name)) and not d.is_dir())
        except OSError:
            return []
        return [folder / n for n in names]
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(("_", ".")))
        out.extend(Path(dirpath) / f for f in sorted(filenames) if is_level_file(Path(f)))
    return out


def capped(files: list[Path]) -> tuple[list[Path], list[Path]]:
    """Split one folder's level files into those read (the first ``MAX_LEVELS_PER_DIR``) and those left out."""
    return files[:MAX_LEVELS_PER_DIR], files[MAX_LEVELS_PER_DIR:]


def cap_problem(left_out: int) -> str:
    """The words for a folder whose level files past the cap are left out."""
    return Msg("levelerr.left_out", n=left_out, max=MAX_LEVELS_PER_DIR)


def cap_notice(folder: Path, ruleset: str, source: str, left_out: int) -> LevelEntry:
    """A notice entry for a folder with ``left_out`` level files past the cap."""
    err = LevelError(_display(folder) + "/", [cap_problem(left_out)])
    return LevelEntry(ruleset, "", Path(folder), source, None, str(err), list(err.problems), skipped=left_out)


def folder_levels(folder: Path) -> tuple[list[Path], int]:
    """The level files the game reads in a folder and how many more it leaves out (the catalogue sees the listing)."""
    files = find_level_files(folder)
    catalogue.listing(Path(folder), [p.name for p in files])
    read, rest = capped(files)
    return read, len(rest)


def env_token() -> tuple[Any, ...]:
    """What a validated level depends on besides its files: folders in messages, the registered level models."""
    from game.engine.registry import all_rulesets

    models = tuple((r.id, id(r), id(r.level_model)) for r in all_rulesets())
    return (*map(str, bases()), os.getcwd(), models)


def cached_level_file(path: Path, root: Path | None = None, source: str = "mod",
                      token: tuple[Any, ...] | None = None) -> Level:
    """``load_level_file`` through the catalogue: the same Level again while the file and its includes are unchanged.

    The Level is shared: treat it (and its ``data``) as read-only.
    """
    path = Path(path)
    root = Path(root) if root is not None else root_for(path)
    key = (str(path.absolute()), str(root.absolute()), source)
    return catalogue.level(key, token if token is not None else env_token(),
                           lambda: load_level_file(path, root=root, source=source))


def _entry_from_error(ruleset: str, p: Path, source: str, exc: LevelError) -> LevelEntry:
    return LevelEntry(ruleset, p.stem, p, source, None, str(exc), list(exc.problems))


def load_entry(p: Path, ruleset: str | None, source: str, root: Path | None = None,
               token: tuple[Any, ...] | None = None) -> LevelEntry:
    """Load one file into a LevelEntry (broken files carry their error) through the catalogue; never raises."""
    folder_rs = ruleset or p.parent.name
    try:
        lvl = cached_level_file(p, root=root, source=source, token=token)
        if ruleset is not None and lvl.ruleset != ruleset:
            err = LevelError(_display(p), [Msg("levelerr.wrong_folder", said=repr(lvl.ruleset), folder=ruleset)])
            return LevelEntry(ruleset, lvl.id, p, source, None, str(err), err.problems)
        return LevelEntry(lvl.ruleset, lvl.id, p, source, lvl)
    except LevelError as exc:
        return _entry_from_error(folder_rs, p, source, exc)
    except Exception as exc:  # noqa: BLE001 - one broken file never stops the others
        log.exception("unexpected error loading %s", p)
        err = LevelError(_display(p), [f"could not be read: {type(exc).__name__}: {exc}"])
        return _entry_from_error(folder_rs, p, source, err)


def _scan(base: Path, ruleset: str, source: str, token: tuple[Any, ...]) -> list[LevelEntry]:
    folder = base / ruleset
    if not folder.is_dir():
        return []
    unreadable = folder_problem(folder)
    if unreadable is not None:  # shown on this ruleset's list; the other rulesets and the shipped levels play
        return [LevelEntry(ruleset, "", folder, source, None, str(unreadable), list(unreadable.problems))]
    files, left_out = folder_levels(folder)
    entries = [load_entry(p, ruleset, source, root=base, token=token) for p in files]
    entries += [level_named_folder(p, ruleset, source) for p in level_like_folders(folder)]
    if left_out:
        entries.append(cap_notice(folder, ruleset, source, left_out))
    return entries


def folder_problem(folder: Path) -> LevelError | None:
    """A LevelError naming a level folder that cannot be listed (permissions, a broken disk), else None."""
    try:
        with os.scandir(folder):
            pass
    except OSError as exc:
        log.warning("level folder %s cannot be read: %s", folder, exc)
        return LevelError(_display(folder) + "/", [f"this folder cannot be read ({exc.strerror or exc}): "
                                                   "its levels are left out"])
    return None


def mark_duplicates(entries: list[LevelEntry]) -> None:
    """Mark every loaded level whose id an earlier loaded level of its ruleset already uses as broken."""
    seen: dict[tuple[str, str], LevelEntry] = {}
    for e in entries:
        if e.level is None:
            continue
        key = (e.ruleset, e.id)
        first = seen.get(key)
        if first is None:
            seen[key] = e
            continue
        problem = Msg("levelerr.duplicate_id", id=repr(e.id), other=_display(first.path))
        err = LevelError(_display(e.path), [problem])
        e.level = None
        e.problems = err.problems
        e.error = str(err)


def discover_levels(ruleset: str, *, include_mods: bool = True) -> list[LevelEntry]:
    """Return the shipped and mod levels of a ruleset (broken ones carry their error), in menu order.

    A folder with more level files than are read ends its group with a notice entry
    (``skipped`` > 0, ``ok`` False) saying how many were left out.
    """
    token = env_token()
    levels_dir, mods_dir = bases()
    with catalogue.one_look():  # shared includes are stat-ed once per list, not once per level
        entries = _scan(levels_dir, ruleset, "shipped", token)
        if include_mods:
            entries += _scan(mods_dir, ruleset, "mod", token)
    mark_duplicates(entries)

    def order(e: LevelEntry) -> tuple[Any, ...]:
        rank = getattr(e.level.model, "order", 100) if e.level else 10**6 + (1 if e.skipped else 0)
        return (e.source != "shipped", rank, e.id)

    return sorted(entries, key=order)


def get_level(ruleset: str, level_id: str | None = None) -> Level:
    """Return a level by id (the first shipped one when id is None); LevelError otherwise."""
    entries = discover_levels(ruleset)
    good = [e for e in entries if e.level is not None]
    if level_id is None:
        if not good:
            raise LevelError(ruleset, ["no playable level found"])
        remember(good[0].level)  # type: ignore[arg-type]
        return good[0].level  # type: ignore[return-value]
    for e in good:
        if e.id == level_id:
            remember(e.level)  # type: ignore[arg-type]
            return e.level  # type: ignore[return-value]
    files = [e for e in entries if not e.skipped]
    for e in files:
        if e.id == level_id:
            raise LevelError(_display(e.path), e.problems or [e.error or "broken level"])
    ids = [e.id for e in files]
    raise LevelError(ruleset, [f"level: no level {level_id!r}{_suggest(level_id, ids)} "
                               f"(known: {', '.join(ids) or 'none'})"])


_COUNTS: dict[tuple[str, ...], tuple[int, int]] = {}


def count_levels(ruleset: str, *, refresh: bool = False) -> int:
    """How many level files of a ruleset the list reads (shipped and mods), without loading them.

    Kept until the catalogue changes (a folder listed differently, a file re-read), so a
    screen may call it every frame; ``refresh`` lists the folders again.
    """
    key = (ruleset, *map(str, bases()))
    hit = _COUNTS.get(key)
    if hit is not None and not refresh and hit[0] == catalogue.generation():
        return hit[1]
    n = 0
    for base in bases():
        folder = base / ruleset
        if folder.is_dir():
            n += len(folder_levels(folder)[0])
    _COUNTS[key] = (catalogue.generation(), n)
    return n
