"""Dungeon tests: long runs (marked slow) only run when asked with ``-m slow``."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _slow_only_when_asked(request: pytest.FixtureRequest) -> None:
    """Skip tests marked slow unless the marker expression selects them."""
    if request.node.get_closest_marker("slow") is None:
        return
    expr = request.config.getoption("markexpr", "") or ""
    if "slow" not in expr or "not slow" in expr:
        pytest.skip("long run: use -m slow")


@pytest.fixture(autouse=True)
def _english() -> object:
    """Refusals are worded in the current language: test them in English, then restore it."""
    from game.engine import i18n

    before = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(before)
