"""Shared by the host tests: the games registered per test and two small helpers."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from game.engine import levelrefs
from game.engine.host import ChildGame
from tests import hostgame
from tests.engine import _coin_game as cg


@pytest.fixture(autouse=True)
def _registered() -> Iterator[None]:
    """Relay, the tiny game and the coin game are registered for each test only; the level table is restored."""
    with levelrefs._LOCK:
        known = dict(levelrefs._BY_HASH)
    with hostgame.registered(), cg.registered():
        yield
    for level in known.values():
        levelrefs.remember(level)


def _text(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _inner(child: ChildGame | None) -> Any:
    """Return a child's state (typed loosely: the tests read the tiny or coin game's own fields)."""
    assert child is not None
    return child.state
