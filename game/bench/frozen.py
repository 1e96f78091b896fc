"""The frozen (PyInstaller onedir) bundle, when one was built from build.spec.

Looked for where ``.ci/bundle.sh`` and a plain ``pyinstaller build.spec`` put it
(``build/dist/MesaDeHeroes``, ``dist/MesaDeHeroes``), or in the folder named by the
``MESA_BUNDLE`` environment variable (a bundle built elsewhere). Its size is the whole
folder; its start is the same first-menu-frame probe as the source start
(``MesaDeHeroes bench --startup-probe FILE``), alternated with source starts so
the ratio compares runs made under the same load. Without a bundle every value is null.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from game.bench.common import rnd

NAME = "MesaDeHeroes"


def find_bundle(root: Path | None = None) -> Path | None:
    """Return the executable of a built bundle, or None."""
    root = root or Path(__file__).resolve().parents[2]
    folders = [root / "build" / "dist" / NAME, root / "dist" / NAME]
    if os.environ.get("MESA_BUNDLE"):
        folders.insert(0, Path(os.environ["MESA_BUNDLE"]))
    for folder in folders:
        for exe in (folder / NAME, folder / f"{NAME}.exe"):
            if exe.is_file() and os.access(exe, os.X_OK):
                return exe
    return None


def folder_size_mb(folder: Path) -> float:
    """Return the size of every file below a folder, in MB (links not followed)."""
    total = 0
    for dirpath, _dirs, files in os.walk(folder):
        for f in files:
            try:
                total += os.lstat(os.path.join(dirpath, f)).st_size
            except OSError:
                pass
    return total / (1024 * 1024)


def measure(source_start_s: float | None, runs: int) -> dict[str, Any]:
    """Return {size_mb, start_s, ratio_to_source} (all null without a bundle).

    The ratio compares frozen and source starts measured alternately in this step (the load of a
    busy machine changes within a run); ``source_start_s`` is used only if that fails.
    """
    exe = find_bundle()
    if exe is None:
        return {"size_mb": None, "start_s": None, "ratio_to_source": None}
    from game.bench import startup

    size = folder_size_mb(exe.parent)
    try:
        start, source = startup.measure_against_source(str(exe), runs)
    except Exception:  # noqa: BLE001 - an old bundle without the probe: report the size only
        start, source = None, source_start_s
    ratio = start / source if start and source else None
    return {"size_mb": rnd(size, 1), "start_s": rnd(start), "ratio_to_source": rnd(ratio, 2)}
