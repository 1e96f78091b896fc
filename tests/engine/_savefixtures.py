"""Fixtures shared by the save tests (journal, damage, files): the coin game registered for the test and
its journal forgotten after, and a user folder of the test's own with the autosave's path.

Import them by name into a test module (``from tests.engine._savefixtures import coingame, path``);
pytest then uses them like fixtures defined there.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

import pytest

from game.engine import journal, paths, saves
from tests.engine import _coin_game as cg


@pytest.fixture(autouse=True)
def coingame() -> Iterator[None]:
    """The coin game is a registered ruleset for the test; the journal's writer forgets it after."""
    with cg.registered():
        yield
    journal.forget()


@pytest.fixture()
def path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The autosave's path in a user folder of the test's own (its saves folder made)."""
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    paths.saves_dir().mkdir(parents=True)
    return saves.autosave_path()
