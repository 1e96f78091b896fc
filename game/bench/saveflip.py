"""Random bit flips in a real autosave: every flipped file must be refused, or load and replay to its snapshot.

A real match of one ruleset is played with random legal moves and autosaved after every
action (summary, head and journal records; a small compaction threshold so the file has
been rewritten too). Then, ``flips`` times, one random bit of a copy is flipped and the
copy is loaded the way "Continue" first tries it (``load_match``). A flipped save passes when
it is refused with a ``SaveError``, or when it loads and replaying it from level + seed +
actions reaches exactly the loaded state (``saves.replay``). Since version 3 every line
carries its checksum (docs/SAVES.md), so only a flip of the file's last newline (which
turns the last record into a cut line, ignored like a crash's) may load.
``tests/engine/test_save_integrity.py`` runs a few hundred; ``tools/save_kill.py --flips`` the long run.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bench.common import RunFigures
from game.engine.rng import Rng


@dataclass
class FlipStats(RunFigures):
    """Figures of a bit-flip run."""

    ruleset: str
    flips: int = 0
    refused: int = 0
    loaded: int = 0            # loaded and replayed to the loaded state (a flipped last newline)
    file_bytes: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


def play_and_autosave(match: Any, path: Path, actions: int, rng: Rng) -> int:
    """Play up to ``actions`` random legal moves (``rng``), autosaving to ``path`` after each as the app
    does, then wait for the writer; return how many were played (fewer when the game ends)."""
    from game.engine import saves

    played = 0
    for _ in range(actions):
        if match.is_over():
            break
        legal = match.legal_actions()
        match.apply(legal[0] if len(legal) == 1 else rng.choice(legal))
        saves.autosave(match, path)
        played += 1
    saves.flush()
    return played


def played_autosave(ruleset_id: str, path: Path, actions: int, seed: int) -> Any:
    """Play a real match for up to ``actions`` random moves, autosaving to ``path`` after each; return it."""
    from game.bench.savekill import _new_match
    from game.engine import journal, saves

    match = _new_match(ruleset_id, seed)
    old = journal.COMPACT_MIN_BYTES
    journal.COMPACT_MIN_BYTES = 4 * 1024
    try:
        saves.autosave(match, path)
        play_and_autosave(match, path, actions, Rng(seed))
    finally:
        journal.COMPACT_MIN_BYTES = old
        journal.forget(path)
    return match


def check_one(path: Path) -> str | None:
    """Load a (damaged) save as Continue first tries it; None when refused or replayed exactly, else the failure."""
    from game.engine import saves

    try:
        match = saves.load_match(path)
    except saves.SaveError:
        return None
    try:
        _state, digest, problems = saves.replay(saves.load_save(path), str(path))
    except saves.SaveError as exc:
        return f"loaded, then refused by replay: {exc}"
    if problems:
        return f"loaded but does not replay: {problems[0]}"
    if digest != match.state.digest():
        return f"loaded state {match.state.digest()} differs from the replay {digest}"
    return "loaded"


def run(ruleset_id: str, flips: int, folder: Path, seed: int = 1, actions: int = 60) -> FlipStats:
    """Flip one random bit ``flips`` times in a real autosave and check each result (see the module docstring)."""
    t0 = time.perf_counter()
    folder.mkdir(parents=True, exist_ok=True)
    source = folder / "played.json"
    played_autosave(ruleset_id, source, actions, seed)
    good = source.read_bytes()
    st = FlipStats(ruleset_id, file_bytes=len(good))
    rng = Rng(seed * 7919 + 1)
    target = folder / "flipped.json"
    for _ in range(flips):
        pos = rng.randint(0, len(good) - 1)
        bit = rng.randint(0, 7)
        damaged = bytearray(good)
        damaged[pos] ^= 1 << bit
        target.write_bytes(bytes(damaged))
        st.flips += 1
        outcome = check_one(target)
        if outcome is None:
            st.refused += 1
        elif outcome == "loaded":
            st.loaded += 1
        else:
            st.failures.append(f"byte {pos} bit {bit} of {len(good)}: {outcome}")
    st.seconds = time.perf_counter() - t0
    return st
