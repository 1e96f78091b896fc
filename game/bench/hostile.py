"""The hostile inputs of issue 16 as figures: long text fitted, broken levels validated, 5,000 mod files.

``measure(quick)`` returns, in milliseconds (median of a few runs):

- ``text``: fitting a 60- and a 4,000-character text with each kit function (``ellipsize``,
  ``fit_line``, ``fit_name``, ``plate_lines``, ``fit_block``) and wrapping a 2,000-character
  single word (``gfx.wrap``; the longest log line a save holds). Before the fix the
  4,000-character cases took seconds; now they cost about what the short ones do;
- ``validate_1500_refs_ms``: validating a dungeon level whose market names 1,500 unknown
  chips (28 s before: a "did you mean" per problem before 20 were kept);
- ``mods_5000``: opening a ruleset's level list with 5,000 mod files, cold and warm
  (``quick``: 60 files, to check the run).

The figures are reported in the bench table's notes; no budget of DESIGN.md covers them.
"""

from __future__ import annotations

import copy
import statistics
import time
from typing import Any, Callable

from game.bench.common import rnd


def _ms(fn: Callable[[], Any], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return float(rnd(statistics.median(times), 2))


def text_figures(runs: int = 5) -> dict[str, Any]:
    """Milliseconds to fit short and 4,000-character texts with the text kit."""
    import pygame

    from game.ui import gfx
    from game.ui import text as tx

    pygame.font.init()
    gfx.set_text_scale(1.0)  # drops fonts cached before an earlier figure quit pygame
    out: dict[str, Any] = {}
    jobs: dict[str, Callable[[str], Any]] = {
        "ellipsize": lambda s: tx.ellipsize(s, 240, 14),
        "fit_line": lambda s: tx.fit_line(s, 300, 24, 10),
        "fit_name": lambda s: tx.fit_name(s, 120, 40, 14),
        "plate_lines": lambda s: tx.plate_lines(s, 90),
        "fit_block": lambda s: tx.fit_block(s, 300, 120, 16, 10),
    }
    texts = {n: ("Lorem ipsum dolor é\u0301 " * (n // 20 + 1))[:n] for n in (60, 4000)}
    for job in jobs.values():  # fonts of every size loaded before timing
        for text in texts.values():
            job(text)
    for n, text in texts.items():
        for name, job in jobs.items():
            gfx.fonts._render_cache.clear()
            out[f"{name}_{n}_ms"] = _ms(lambda job=job, text=text: job(text), runs)  # type: ignore[misc]
    out["wrap_word_2000_ms"] = _ms(lambda: gfx.wrap("x" * 2000, 14, 300), runs)
    return out


def validate_figure(runs: int = 3) -> float:
    """Milliseconds to validate a dungeon level with 1,500 unknown chips in its market."""
    from game.engine.levels import Level, LevelError, get_level

    data = copy.deepcopy(get_level("dungeon", "standard").data)
    data.setdefault("market", {})["stock"] = {f"nochip{i}": 1 for i in range(1500)}

    def once() -> None:
        try:
            Level.from_data(data, where="bench.toml")
        except LevelError:
            pass
    return _ms(once, runs)


def mods_figure(files: int) -> dict[str, Any]:
    """Cold and warm milliseconds to open the dungeon level list with ``files`` valid mod files."""
    from game.bench.common import temporary_home
    from game.bench.levellist import _reset, make_mods
    from game.engine.levels import discover_levels

    with temporary_home("mesa-hostile-") as home:
        made = make_mods(home / "data" / "mods", files, only="dungeon")
        _reset()
        t0 = time.perf_counter()
        entries = discover_levels("dungeon")
        cold = (time.perf_counter() - t0) * 1000
        warm = _ms(lambda: discover_levels("dungeon"), 3)
        left = sum(e.skipped for e in entries)
        broken = sum(1 for e in entries if not e.ok and not e.skipped)
        return {"files": made, "listed": len(entries), "left_out": left, "broken": broken,
                "cold_ms": rnd(cold, 1), "warm_ms": warm}


def measure(quick: bool = False) -> dict[str, Any]:
    """All the figures (see the module docstring)."""
    return {"text": text_figures(2 if quick else 5), "validate_1500_refs_ms": validate_figure(1 if quick else 3),
            "mods_5000": mods_figure(60 if quick else 5000)}


def notes(fig: dict[str, Any]) -> list[str]:
    """The bench table's note lines for these figures."""
    text = fig.get("text") or {}
    pairs = ", ".join(f"{k} {text.get(f'{k}_60_ms')} -> {text.get(f'{k}_4000_ms')} ms"
                      for k in ("ellipsize", "fit_line", "fit_name", "plate_lines", "fit_block"))
    mods = fig.get("mods_5000") or {}
    return [f"  note: hostile text, 60 -> 4,000 characters: {pairs}; a 2,000-letter word wraps in "
            f"{text.get('wrap_word_2000_ms')} ms",
            f"  note: hostile level with 1,500 broken references validates in {fig.get('validate_1500_refs_ms')} ms; "
            f"{mods.get('files')} mod files: the list ({mods.get('listed')} entries, {mods.get('left_out')} left out, "
            f"{mods.get('broken')} broken) "
            f"opens in {mods.get('cold_ms')} ms cold, {mods.get('warm_ms')} ms warm"]
