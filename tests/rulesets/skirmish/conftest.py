"""Skirmish tests: tests marked ``slow`` run only when asked (``-m slow``)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _skip_slow_unless_asked(request: pytest.FixtureRequest) -> None:
    if request.node.get_closest_marker("slow") is None:
        return
    expr = request.config.getoption("markexpr", "") or ""
    if "slow" not in expr or "not slow" in expr:
        pytest.skip("long run: use -m slow")
