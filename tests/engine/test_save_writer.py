"""The one way the save tests and the bit-flip bench write a played autosave (game/bench/saveflip.py
``play_and_autosave``): random legal moves, an autosave after each, the writer drained at the end."""

from __future__ import annotations

from pathlib import Path

from game.bench.saveflip import play_and_autosave
from game.bench.savekill import _new_match
from game.engine import journal, saves
from game.engine.rng import Rng


def test_play_and_autosave_writes_every_move_and_the_file_loads_to_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    match = _new_match("dungeon", 4)
    saves.autosave(match, path)
    try:
        played = play_and_autosave(match, path, 9, Rng(4))
        assert played == 9 == len(match.history)
        back = saves.load_match(path)
        assert len(back.history) == 9 and back.state.digest() == match.state.digest()
        # the same seed plays the same moves
        twin = _new_match("dungeon", 4)
        play_and_autosave(twin, tmp_path / "twin.json", 9, Rng(4))
        assert twin.state.digest() == match.state.digest()
    finally:
        journal.forget()


def test_play_and_autosave_stops_at_the_end_of_the_game(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    match = _new_match("sanctuary", 2)
    try:
        played = play_and_autosave(match, path, 100_000, Rng(2))
        assert match.is_over() and played == len(match.history) < 100_000
        assert saves.load_match(path).state.digest() == match.state.digest()
    finally:
        journal.forget()
