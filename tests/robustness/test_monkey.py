"""Monkey, quick version: a few thousand random mouse and keyboard events into the menus and into a
game of every ruleset (fresh, deep into a game, hot-seat, paused), headless: zero exceptions, zero
logged errors, invariants after every applied action (``tools/monkey.py`` sends 100,000 per scene)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from game.bench.monkey import Monkey, scene_makers
from game.engine.registry import all_rulesets

RULESETS = sorted(r.id for r in all_rulesets())
PLAN = {"menu": 150, "settings": 150, "gallery": 100, "load": 80, "rules": 80}
for _rid in RULESETS:
    PLAN |= {f"levels-{_rid}": 40, f"game-{_rid}": 100, f"game-{_rid}-deep": 260, f"game-{_rid}-hotseat": 80,
             f"pause-{_rid}": 60}


@pytest.fixture(scope="module")
def monkey() -> Iterator[Monkey]:
    m = Monkey(seed=20261121)
    yield m
    m.close()


def test_monkey_quick_every_scene_survives_random_input(monkey: Monkey) -> None:
    makers = scene_makers()
    assert set(PLAN) <= set(makers), sorted(set(PLAN) - set(makers))
    events = 0
    failures: list[str] = []
    actions = 0
    for name, n in PLAN.items():
        st = monkey.run(name, makers[name], n)
        events += st.events
        actions += st.invariant_checks
        failures += st.failures
    assert not failures, "\n".join(failures[:10])
    assert events >= 2000
    assert actions > 0, "random input never got an action applied: the monkey is not reaching the boards"


def test_monkey_reports_an_exception_in_a_scene(monkey: Monkey) -> None:
    """The monkey is able to fail: a scene that raises on input is counted."""
    from game.scenes.menu import MenuScene

    class Boom(MenuScene):
        def handle_event(self, event: Any) -> None:
            raise RuntimeError("boom on input")

    st = monkey.run("boom", lambda app: Boom(app), 20)
    assert any("boom on input" in f for f in st.failures)
