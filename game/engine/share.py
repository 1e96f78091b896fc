"""Share a game: a finished game exported as one small file that any install opens in its theatre.

A shared game *is* a save (docs/SAVES.md, "Shared games"): summary and head, no journal, every
action, the final state, and the level embedded whole with its content hash, so it opens where
the level's mod is not installed (loading registers the level by hash before any state names it).
It leaves out what replaying rebuilds: the log (``log`` is empty; the theatre words every action
again) and the undo anchor. ``python -m game replay FILE`` checks it like any save; the Load
screen lists it when it is in the saves folder, and ``python -m game play --replay FILE`` opens it.
Pure Python, no pygame.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from game.engine import paths
from game.engine.savefile import check_save, encode


def shared_data(data: dict[str, Any]) -> dict[str, Any]:
    """The shared form of materialized save data of a finished game (ValueError when it is not over)."""
    from game.engine.replay import ReplayCursor

    check_save(data, "game")
    cursor = ReplayCursor(data, "game")   # it must replay, and be over
    if not cursor.finished:
        raise ValueError("only a finished game can be shared (a game in progress would show its secrets)")
    n = len(data["actions"])
    out = {k: data[k] for k in ("format", "version", "app_version", "ruleset", "level", "seed", "seats", "actions")}
    out.update({"snapshot": cursor.final.to_json(), "snapshot_at": n, "undo": {"floor": n, "anchor": None},
                "log": [], "log_dropped": 0, "saved_at": data["saved_at"]})
    if data.get("branch") is not None:
        out["branch"] = dict(data["branch"])
    return out


def shared_name(data: dict[str, Any]) -> str:
    """A file name for a shared game: ``shared-<ruleset>-<level>-<UTC time>.json``."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    level = re.sub(r"[^a-z0-9_-]+", "-", str(data["level"]["id"]).lower())[:40]
    return f"shared-{data['ruleset']}-{level}-{stamp}.json"


def export_game(data: dict[str, Any], dest: Path | str | None = None) -> Path:
    """Write the shared form of a finished game (into the saves folder by default); return the file."""
    from game.engine.saves import write_save

    out = shared_data(data)
    path = Path(dest) if dest is not None else paths.saves_dir() / shared_name(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_save(path, out)
    return path


def shared_size(data: dict[str, Any]) -> int:
    """Bytes of the shared file of ``data`` (for the bench and the docs)."""
    return len(encode(shared_data(data)))


__all__ = ["export_game", "shared_data", "shared_name", "shared_size"]
