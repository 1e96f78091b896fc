"""How long the level list takes to open with many mods installed (the ``scaling`` section).

``level_list_ms(n_mods)`` builds a temporary user folder whose ``mods/`` holds ``n_mods``
valid mod levels (``make_mods``): variants of the shipped levels (their own title and order),
spread evenly over the rulesets that take level files, each including the shipped shared files
(``shipped:...``) and a shared file of its own mod folder (and a copy of the shipped Tiled maps). It then opens the level list
of every ruleset through the same call the level list screen makes (``discover_levels``)
and times it: once cold (an empty level catalogue, as after starting the program) and
several times warm (the catalogue filled by the first open; nothing changed on disk).

The mods' files get a modification time an hour in the past, as files installed before
the program starts have; files changed a moment ago are re-checked by content (see
``game/engine/catalogue.py``).
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import statistics
import time
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

#: how many warm opens the median is taken over
WARM_RUNS = 5
#: the mods' own shared file (included by each of their levels)
SHARED_NAME = "_bench_shared.toml"
SHARED_TEXT = 'author = "Bench mod"\n'

_INCLUDE = re.compile(r"^include\s*=\s*\[(.*?)\]\s*$", re.M | re.S)  # one line or several
_TITLE = re.compile(r"^title\s*=.*$", re.M)
_ORDER = re.compile(r"^order\s*=.*$", re.M)


def _variant(text: str, ruleset: str, n: int) -> str:
    """A shipped level's text made into mod level number ``n``: own title and order, includes rewritten."""
    m = _INCLUDE.search(text)
    names = re.findall(r'"([^"]+)"', m.group(1)) if m else []
    includes = [name if name.startswith("shipped:") else f"shipped:{ruleset}/{name}" for name in names] + [SHARED_NAME]
    line = "include = [" + ", ".join(f'"{i}"' for i in includes) + "]"
    text = _INCLUDE.sub(lambda _m: line, text, count=1) if m else text
    text = _TITLE.sub(lambda _m: f'title = "Bench variant {n}"', text, count=1)
    text = _ORDER.sub(lambda _m: f"order = {200 + n % 5000}", text, count=1)
    if not m:  # a level without includes: add the line after the first header key
        text = text.replace("\n", "\n" + line + "\n", 1)
    return text


def _playable_rulesets(only: str | None = None) -> list[tuple[str, list[Path]]]:
    """(ruleset id, its shipped level files that load) for every ruleset taking level files (or ``only`` one)."""
    from game.engine import paths
    from game.engine.levels import discover_levels
    from game.engine.registry import all_rulesets

    out = []
    for rs in all_rulesets():
        if rs.level_model is None or only not in (None, rs.id):
            continue
        files = [e.path for e in discover_levels(rs.id, include_mods=False) if e.ok]
        files = [p for p in files if p.parent == paths.levels_dir() / rs.id]
        if files:
            out.append((rs.id, files))
    return out


def make_mods(mods: Path, n_mods: int, only: str | None = None) -> int:
    """Write ``n_mods`` mod levels (and one shared file per ruleset folder, and a copy of its Tiled maps)
    below ``mods``, of every ruleset or ``only`` one; return how many."""
    sources = _playable_rulesets(only)
    if not sources or n_mods <= 0:
        return 0
    past = time.time() - 3600
    written = 0
    for i in range(n_mods):
        rid, files = sources[i % len(sources)]
        folder = mods / rid
        if not folder.is_dir():
            folder.mkdir(parents=True)
            (folder / SHARED_NAME).write_text(SHARED_TEXT, encoding="utf-8")
            os.utime(folder / SHARED_NAME, (past, past))
            maps = files[0].parent / "maps"   # a level's Tiled map is read next to it (expedition)
            if maps.is_dir():
                shutil.copytree(maps, folder / "maps")
        src = files[(i // len(sources)) % len(files)]
        target = folder / f"bench_{i:05d}.toml"
        target.write_text(_variant(src.read_text(encoding="utf-8"), rid, i), encoding="utf-8")
        os.utime(target, (past, past))
        written += 1
    return written


def _reset() -> None:
    """Forget every parsed level (a cold start)."""
    from game.engine import catalogue

    catalogue.clear()


def open_all_lists() -> tuple[int, int]:
    """Open the level list of every ruleset as the level list screen does; return (entries, broken)."""
    from game.engine.levels import discover_levels
    from game.engine.registry import all_rulesets

    entries = broken = 0
    for rs in all_rulesets():
        if rs.level_model is None:
            continue
        for e in discover_levels(rs.id):
            entries += 1
            broken += 0 if e.ok else 1
    return entries, broken


def level_list_ms(n_mods: int) -> dict[str, Any]:
    """Time opening every ruleset's level list with ``n_mods`` mods installed: cold and warm (median)."""
    from game.bench.common import temporary_home

    with temporary_home("mesa-levellist-") as home:
        made = make_mods(home / "data" / "mods", n_mods)
        _reset()
        t0 = time.perf_counter()
        entries, broken = open_all_lists()
        cold = (time.perf_counter() - t0) * 1000
        warm = []
        for _ in range(WARM_RUNS):
            t0 = time.perf_counter()
            again = open_all_lists()
            warm.append((time.perf_counter() - t0) * 1000)
            if again != (entries, broken):
                log.warning("level list changed between opens: %s then %s", (entries, broken), again)
        return {"n_mods": made, "entries": entries, "broken": broken, "cold_ms": round(cold, 1),
                "warm_ms": round(statistics.median(warm), 1), "warm_runs": len(warm)}
