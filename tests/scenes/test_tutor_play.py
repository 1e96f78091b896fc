"""A tutorial must be winnable by a newcomer who follows it: every ruleset's tutorial is played headless by
clicking only what the guide outlines (the step's place, its Next button, "End turn", and after the script
or while a step waits the hint's move), against the level's default bot seats; the script must reach its
end and the player must win."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from game.engine.bots import BUDGETS, Budget
from game.engine.levels import get_level
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.scenes.base import hint as hintmod
from tests.scenes.driving import click, open_game, visible_point, wait_until


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """Drop the fonts cached while this test's window lived (pygame.quit() at teardown makes them invalid)."""
    yield
    from game.ui import gfx

    gfx.set_text_scale(gfx.text_scale())

#: the hint's search in these tests: fixed iterations, no clock, so a run is the same on any machine
HINT = Budget(iterations=30, seconds=None, depth=12)
#: the opponents' bots likewise (the difficulty a new game offers by default, without its clock)
NORMAL = BUDGETS["normal"].replace(seconds=None, iterations=60)

#: ruleset -> (seed, at most this many clicks, the hint's iterations while the script runs)
CASES = {
    "sanctuary": (7, 400, 12),
    "expedition": (7, 200, 12),
    "skirmish": (7, 300, 8),
    "dungeon": (7, 400, 4),
    "quest": (7, 500, 12),
}


def default_seats(ruleset: str) -> list[SeatSpec]:
    """The seats a new game of the tutorial offers: the fewest allowed, the first one human, bots 'normal'."""
    lo, _hi = get_ruleset(ruleset).seat_range(get_level(ruleset, "tutorial"))
    return [SeatSpec("Ana")] + [SeatSpec(f"Bot {i}", "bot", "normal") for i in range(1, lo)]


def follow_the_outline(app: Any, scene: Any, limit: int, until: Any = None) -> list[Any]:
    """Click the first region the guide outlines until the game ends (or ``until()``); return what was clicked."""
    guide = scene.guide
    clicked: list[Any] = []
    for _ in range(limit):
        ok = wait_until(app, lambda: _ready(scene), 120)
        if scene.match.is_over() or (until is not None and until()):
            break
        assert ok, f"nothing outlined: {guide.message()!r}, legal {[a.key for a in scene.legal][:6]}"
        assert not guide.text_problems(), guide.text_problems()
        target = guide.targets[0]
        clicked.append(target.payload)
        click(app, visible_point(scene, target))
    return clicked


def _ready(scene: Any) -> bool:
    """Something is outlined (or the game is over); while a search thinks, let it have the processor."""
    guide = scene.guide
    if scene.match.is_over() or (scene.app.top is scene and guide.targets):
        return True
    for job in (guide.hints.job, scene.driver.bot_job):
        if job is not None and not job.done.is_set():
            job.done.wait(60)  # the frame loop would only compete with the search thread
    return False


@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_tutorial_script_followed_by_its_outline_reaches_its_end(ruleset: str, app: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Clicking only the outline plays every step of the script in order (none skipped, none stuck)."""
    seed, limit, iterations = CASES[ruleset]
    monkeypatch.setattr(hintmod.HintService, "budget", HINT.replace(iterations=iterations))
    monkeypatch.setitem(BUDGETS, "normal", NORMAL)
    scene = open_game(app, ruleset, get_level(ruleset, "tutorial"), default_seats(ruleset), seed)
    run = scene.guide.run
    assert run is not None and run.index == 0
    clicked = follow_the_outline(app, scene, limit, until=lambda: run.done)
    assert run.index == len(run.steps) and not run.left, (run.index, run.skipped, len(clicked))
    assert run.skipped == []  # every step's moment came and the outline led to it
    assert not scene.match.is_over() or 0 in scene.match.state.result().winners


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(CASES))
def test_tutorial_followed_by_its_outline_reaches_the_end_and_wins(ruleset: str, app: Any,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole game, clicking only the outline (the hint's move once the script is done), is won.

    Slow (1 to 6 minutes a ruleset on a loaded machine): ``-m slow``. Last run: all five won.
    """
    monkeypatch.setattr(hintmod.HintService, "budget", HINT)
    monkeypatch.setitem(BUDGETS, "normal", NORMAL)
    seed, limit, _iterations = CASES[ruleset]
    scene = open_game(app, ruleset, get_level(ruleset, "tutorial"), default_seats(ruleset), seed)
    run = scene.guide.run
    assert run is not None and run.index == 0
    clicked = follow_the_outline(app, scene, limit)
    assert scene.match.is_over(), f"not over after {len(clicked)} clicks"
    assert run.index == len(run.steps) and not run.left, (run.index, run.skipped)
    assert run.skipped == []
    result = scene.match.state.result()
    assert 0 in result.winners, result


def test_leave_tutorial_stops_the_guide_and_the_game_goes_on(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hintmod.HintService, "budget", HINT)
    scene = open_game(app, "sanctuary", get_level("sanctuary", "tutorial"), default_seats("sanctuary"), 3)
    guide = scene.guide
    assert wait_until(app, lambda: bool(guide.targets), 30)
    leave = next(r for r in scene.router.regions if r.key == "tutor-leave")
    click(app, visible_point(scene, leave))
    assert guide.run is not None and guide.run.left and not guide.tutoring
    app.step([], 1 / 30)
    assert guide.targets == [] and guide.message() == ""
    assert not any(r.key == "tutor-leave" for r in scene.router.regions)
    assert any(r.key == "hint" for r in scene.router.regions)  # the hint button stays
    keep = next(a for a in scene.legal if a.kind == "keep")
    assert scene.act(keep)


def test_a_step_outlines_its_own_action_and_explains_after_it(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hintmod.HintService, "budget", HINT)
    scene = open_game(app, "sanctuary", get_level("sanctuary", "tutorial"), default_seats("sanctuary"), 3)
    guide = scene.guide
    assert wait_until(app, lambda: bool(guide.targets), 30)
    assert guide.targets[0].key == "tutor-next"  # the first step is read, then Next
    assert "Sanctuary" in guide.message()
    click(app, visible_point(scene, guide.targets[0]))
    assert wait_until(app, lambda: bool(guide.targets), 30)
    assert [a.kind for a in (guide.targets[0].payload if isinstance(guide.targets[0].payload, list)
                             else [guide.targets[0].payload])] == ["keep"]
    assert "Keep" in guide.message()
    mulligan = next(a for a in scene.legal if a.kind == "mulligan")
    scene.act(mulligan)  # another legal move: the script waits for its own
    app.step([], 1 / 30)
    assert guide.run is not None and guide.run.index == 1


def test_quest_tutorial_teaches_planning_in_the_planning_phase(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in the real window (en, normal): right after "Keep", the step "Planning: click an ally..." showed
    while the resources' action window was open, where only events can be played; a step now asks to pass
    that window first, and the planning sentence comes with the Planning phase."""
    from game.engine.i18n import t

    monkeypatch.setattr(hintmod.HintService, "budget", HINT)
    scene = open_game(app, "quest", get_level("quest", "tutorial"), default_seats("quest"), 5)
    guide = scene.guide
    said: list[tuple[str, str]] = []

    def planning_said() -> bool:
        said.append((guide.message(), str(scene.match.state.view(0)["phase"])))
        return "Planning:" in guide.message()

    follow_the_outline(app, scene, 40, until=planning_said)
    assert planning_said(), said
    assert said[-1][1] == "planning", said
    assert any(t("quest_scene.bar.pass") in msg and phase == "resource" for msg, phase in said), said
