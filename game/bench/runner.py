"""One bench run: every figure, its floor, and the PASS/MISS table.

``run_all(quick)`` returns ``(result, details)``: ``result`` holds exactly the
keys of issue 7 (startup, scenes, idle_cpu_percent, bots, simulate, peak_rss_mb,
frozen) and issue 11's ``scaling`` (cost against game length, ``game.bench.scaling``); ``details`` holds what the table also shows (machine, sprite counts,
sample sizes, errors). ``table(result, details)`` is the readable report.
"""

from __future__ import annotations

import logging
import time
from concurrent.futures import ThreadPoolExecutor, wait
from typing import Any, Callable

from game.bench.common import BUDGETS, DIFFICULTIES, machine, rnd, run_probe

log = logging.getLogger(__name__)

KEYS = ("startup", "scenes", "idle_cpu_percent", "bots", "simulate", "peak_rss_mb", "frozen", "scaling")


def _split(figures: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Separate public figures from ``_``-prefixed details."""
    pub = {k: v for k, v in figures.items() if not k.startswith("_")}
    det = {k[1:]: v for k, v in figures.items() if k.startswith("_")}
    return pub, det


def run_all(quick: bool = False, progress: Callable[[str], None] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Measure everything once; return (result with exactly the issue's keys, details)."""
    from game.bench import decisions, frames, frozen, scaling, startup
    from game.bench.positions import ruleset_ids

    say = progress or (lambda msg: None)
    t0 = time.perf_counter()
    details: dict[str, Any] = {"machine": machine(), "quick": quick, "scenes": {}, "bots": {}, "simulate": {},
                               "errors": []}
    rids = ruleset_ids()
    result: dict[str, Any] = {k: None for k in KEYS}

    say("start-up (app vs bare pygame window)")
    try:
        result["startup"] = startup.measure(2 if quick else 7)
    except Exception as exc:  # noqa: BLE001 - one failed figure never stops the others
        details["errors"].append(f"startup: {type(exc).__name__}: {exc}")
        result["startup"] = {"app_s": None, "floor_s": None, "ratio": None}

    say("busy-board frames")
    scenes: dict[str, Any] = {}
    try:
        for rid, fig in frames.measure(rids, 60 if quick else 600, quick=quick, errors=details["errors"]).items():
            scenes[rid], details["scenes"][rid] = _split(fig)
    except Exception as exc:  # noqa: BLE001
        log.exception("frames")
        details["errors"].append(f"scenes: {type(exc).__name__}: {exc}")
    result["scenes"] = scenes

    # the child probes measure their own process (CPU time, resident memory): in --quick they run
    # beside the in-process bot and simulate figures to save time; a full run keeps everything apart
    say("idle CPU and peak memory (child processes)" if quick else "idle CPU")
    seconds, warm = (1.5, 3.0) if quick else (10.0, 3.0)
    pool = ThreadPoolExecutor(max_workers=len(rids) + 2)
    idle_jobs = {what: pool.submit(run_probe, ["idle", what, "--seconds", str(seconds), "--warm", str(warm)],
                                   seconds + warm + 120)
                 for what in ["menu", *rids]}
    if not quick:
        wait(list(idle_jobs.values()))
    mem_job = pool.submit(run_probe, ["memory", "--frames", "2", "--few"] if quick else ["memory", "--frames", "5"],
                          900)
    if not quick:
        wait([mem_job])

    say("bot decisions")
    per = {"easy": 3, "normal": 3, "hard": 1} if quick else {"easy": 30, "normal": 40, "hard": 10}
    bots: dict[str, Any] = {}
    for rid in rids:
        try:
            figs = decisions.bot_times(rid, per)
            bots[rid] = {}
            details["bots"][rid] = {}
            for diff in DIFFICULTIES:
                bots[rid][diff], details["bots"][rid][diff] = _split(figs[diff])
        except Exception as exc:  # noqa: BLE001
            log.exception("bots %s", rid)
            details["errors"].append(f"bots {rid}: {type(exc).__name__}: {exc}")
    result["bots"] = bots

    say("simulate throughput")
    sim: dict[str, Any] = {}
    for rid in rids:
        try:
            sim[rid], details["simulate"][rid] = _split(decisions.throughput(rid, 0.5 if quick else 5.0))
        except Exception as exc:  # noqa: BLE001
            log.exception("simulate %s", rid)
            details["errors"].append(f"simulate {rid}: {type(exc).__name__}: {exc}")
    result["simulate"] = sim

    idle: dict[str, Any] = {}
    for what, job in idle_jobs.items():
        try:
            idle[what] = job.result()["percent"]
        except Exception as exc:  # noqa: BLE001
            details["errors"].append(f"idle {what}: {type(exc).__name__}: {exc}")
            idle[what] = None
    result["idle_cpu_percent"] = idle
    try:
        mem = mem_job.result()
        result["peak_rss_mb"] = mem["peak_rss_mb"]
        details["memory"] = {"scenes": mem.get("scenes"), "failures": mem.get("failures")}
    except Exception as exc:  # noqa: BLE001
        details["errors"].append(f"peak_rss_mb: {type(exc).__name__}: {exc}")
    pool.shutdown()

    say("scaling: autosave and undo after Continue against game length")
    try:
        figs = scaling.measure(large=1000, window=80) if quick else scaling.measure()
        say("scaling: the level list with many mods")
        figs["level_list_ms"] = _level_list(100 if quick else 1000)
        result["scaling"], details["scaling"] = _split(figs)
    except Exception as exc:  # noqa: BLE001
        log.exception("scaling")
        details["errors"].append(f"scaling: {type(exc).__name__}: {exc}")
        result["scaling"] = {}

    say("hostile inputs (issue 16): long text, broken references, many mod files")
    try:
        from game.bench import hostile

        details["hostile"] = hostile.measure(quick=quick)
    except Exception as exc:  # noqa: BLE001
        log.exception("hostile")
        details["errors"].append(f"hostile: {type(exc).__name__}: {exc}")

    say("frozen bundle")
    try:
        result["frozen"] = frozen.measure((result["startup"] or {}).get("app_s"), 2 if quick else 5)
    except Exception as exc:  # noqa: BLE001
        details["errors"].append(f"frozen: {type(exc).__name__}: {exc}")
        result["frozen"] = {"size_mb": None, "start_s": None, "ratio_to_source": None}
    details["seconds"] = rnd(time.perf_counter() - t0, 1)
    return result, details


def _level_list(n_mods: int) -> dict[str, Any]:
    """The level list's warm open with no mods and with ``n_mods`` mods, and their ratio."""
    from game.bench import levellist

    none, many = levellist.level_list_ms(0), levellist.level_list_ms(n_mods)
    ratio = round(many["warm_ms"] / none["warm_ms"], 2) if none["warm_ms"] else None
    return {"small": none["warm_ms"], "large": many["warm_ms"], "ratio": ratio, "mods": n_mods,
            "cold_large": many["cold_ms"]}


# ------------------------------------------------------------------------------------ the table

def _verdict(ok: bool | None) -> str:
    return "n/a " if ok is None else ("PASS" if ok else "MISS")


def _le(x: Any, limit: float) -> bool | None:
    return None if x is None else float(x) <= limit


def _lt(x: Any, limit: float) -> bool | None:
    return None if x is None else float(x) < limit


def verdicts(result: dict[str, Any]) -> list[tuple[str, str, str, bool | None]]:
    """Return (figure, measured, budget, ok) rows for every budgeted figure."""
    b = BUDGETS
    rows: list[tuple[str, str, str, bool | None]] = []
    st = result.get("startup") or {}
    rows.append(("startup", f"app {st.get('app_s')} s / floor {st.get('floor_s')} s = {st.get('ratio')}x",
                 f"<= {b['startup_ratio']}x", _le(st.get("ratio"), b["startup_ratio"])))
    for rid, s in (result.get("scenes") or {}).items():
        rows.append((f"frame {rid} median", f"{s['median_ms']} ms (floor {s['floor_median_ms']} ms)",
                     f"< {b['frame_median_ms']} ms", _lt(s["median_ms"], b["frame_median_ms"])))
        rows.append((f"frame {rid} p99", f"{s['p99_ms']} ms", f"< {b['frame_p99_ms']} ms",
                     _lt(s["p99_ms"], b["frame_p99_ms"])))
        rows.append((f"frame {rid} vs floor", f"{s['ratio']}x", f"<= {b['frame_ratio']}x",
                     _le(s["ratio"], b["frame_ratio"])))
    for what, pct in (result.get("idle_cpu_percent") or {}).items():
        rows.append((f"idle {what}", f"{pct} % of a core", f"< {b['idle_cpu_percent']} %",
                     _lt(pct, b["idle_cpu_percent"])))
    for rid, by in (result.get("bots") or {}).items():
        for diff, f in by.items():
            budget = f"< {b['bot_normal_p95_ms']:.0f} ms" if diff == "normal" else "(no budget)"
            ok = _lt(f["p95_ms"], b["bot_normal_p95_ms"]) if diff == "normal" else None
            rows.append((f"bot {rid} {diff}", f"p50 {f['p50_ms']} ms, p95 {f['p95_ms']} ms", budget, ok))
    for rid, f in (result.get("simulate") or {}).items():
        rows.append((f"simulate {rid}", f"{f['actions_per_s']} actions/s, {f['games_per_s']} games/s",
                     "(no budget)", None))
    sc = result.get("scaling") or {}
    n = sc.get("actions") or {}
    for key, label in (("autosave_ms", "autosave"), ("undo_after_continue_ms", "undo after Continue")):
        f = sc.get(key)
        if not f:
            continue
        rows.append((f"{label} {n.get('small')} -> {n.get('large')} actions",
                     f"{f.get('small')} ms -> {f.get('large')} ms = {f.get('ratio')}x",
                     f"<= {b['scaling_ratio']}x", _le(f.get("ratio"), b["scaling_ratio"])))
    ll = sc.get("level_list_ms") or {}
    if ll:
        rows.append((f"level list, warm, 0 -> {ll.get('mods')} mods",
                     f"{ll.get('small')} ms -> {ll.get('large')} ms = {ll.get('ratio')}x (cold {ll.get('cold_large')} ms)",
                     f"< {b['level_list_ms']:.0f} ms", _lt(ll.get("large"), b["level_list_ms"])))
    und = sc.get("undo_after_continue_ms") or {}
    if und:
        rows.append((f"undo after Continue at {n.get('large')}", f"{und.get('large')} ms",
                     f"< {b['undo_after_continue_ms']:.0f} ms", _lt(und.get("large"), b["undo_after_continue_ms"])))
    rows.append(("peak memory", f"{result.get('peak_rss_mb')} MB", f"< {b['peak_rss_mb']:.0f} MB",
                 _lt(result.get("peak_rss_mb"), b["peak_rss_mb"])))
    fz = result.get("frozen") or {}
    if fz.get("size_mb") is None:
        rows.append(("frozen bundle", "no bundle built (build.spec)", "", None))
    else:
        rows.append(("frozen size", f"{fz['size_mb']} MB", f"< {b['frozen_size_mb']:.0f} MB",
                     _lt(fz["size_mb"], b["frozen_size_mb"])))
        rows.append(("frozen start", f"{fz['start_s']} s = {fz['ratio_to_source']}x source",
                     f"<= {b['frozen_start_ratio']}x", _le(fz.get("ratio_to_source"), b["frozen_start_ratio"])))
    return rows


def table(result: dict[str, Any], details: dict[str, Any]) -> str:
    """Return the readable report: the machine, one row per figure with PASS/MISS, notes."""
    m = details.get("machine", {})
    lines = [f"Mesa de Héroes bench{' (quick)' if details.get('quick') else ''}: {m.get('cpu')}, "
             f"{m.get('cores')} cores, Python {m.get('python')}, {m.get('system')}, "
             f"SDL video {m.get('video_driver')}, load {m.get('load_1min')}"]
    rows = verdicts(result)
    w1 = max(len(r[0]) for r in rows)
    w2 = max(len(r[1]) for r in rows)
    w3 = max(len(r[2]) for r in rows)
    for name, got, budget, ok in rows:
        lines.append(f"  {_verdict(ok)}  {name:<{w1}}  {got:<{w2}}  {budget:<{w3}}")
    for rid, d in details.get("scenes", {}).items():
        lines.append(f"  note: {rid} scene {d.get('scene')}, {d.get('sprites')} sprites per frame; CPU per frame "
                     f"median {d.get('cpu_median_ms')} ms, p99 {d.get('cpu_p99_ms')} ms; a steady frame makes "
                     f"{d.get('py_calls')} Python calls and {d.get('blits')} blits")
    load, cores = m.get("load_1min"), m.get("cores") or 1
    if load is not None and load > 0.75 * cores:
        lines.append(f"  WARNING: the machine is busy (load {load:.1f} on {cores} cores): wall-clock figures include "
                     "waiting for a core; the CPU-per-frame notes show the work itself")
    for rid, d in details.get("simulate", {}).items():
        if d.get("errors"):
            lines.append(f"  note: simulate {rid}: {d['errors']} errors in {d.get('games')} games")
    if details.get("hostile"):
        from game.bench import hostile

        lines.extend(hostile.notes(details["hostile"]))
    for e in details.get("errors", []):
        lines.append(f"  ERROR {e}")
    misses = sum(1 for r in rows if r[3] is False)
    lines.append(f"{misses} budget(s) missed; {sum(1 for r in rows if r[3])} passed"
                 f" ({details.get('seconds')} s)")
    return "\n".join(lines)
