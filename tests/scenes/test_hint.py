"""The hint button (game/scenes/base/hint.py): the strongest bot's move from the player's own view, off the UI
thread, shown on the board with one sentence why; it never depends on what the player cannot see."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from game.engine.actions import Action
from game.engine.bots import Budget
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from game.scenes.base import hint as hintmod
from game.scenes.base.hint import HintService, hint_reason
from game.scenes.base.tutor import HINT
from tests.scenes.driving import click, frames, open_game, to_next_human, visible_point, wait_until


@pytest.fixture(autouse=True)
def _fresh_fonts() -> Iterator[None]:
    """Drop the fonts cached while this test's window lived (pygame.quit() at teardown makes them invalid)."""
    yield
    from game.ui import gfx

    gfx.set_text_scale(gfx.text_scale())

BUDGET = Budget(iterations=24, seconds=None, depth=8)


def _to_seat0_choice(m: Match, min_legal: int = 2, limit: int = 200) -> None:
    """Play the ruleset's policy for every seat until seat 0 must choose among several actions."""
    rng = Rng(5)
    policy = getattr(m.ruleset, "bot_policy", None)
    for _ in range(limit):
        legal = m.legal_actions()
        if m.to_act() == 0 and len(legal) >= min_legal and any(a.kind in ("play", "commit") for a in legal):
            return
        act = policy(m.state, m.to_act(), legal, rng) if policy else None
        m.apply(act if act in legal else legal[0], m.to_act())
    raise AssertionError("seat 0 never had a choice")


def _finish(service: HintService) -> Any:
    job = service.job
    assert job is not None
    assert job.done.wait(120), "the hint never finished"
    return job


@pytest.mark.parametrize(("ruleset", "level"), [("sanctuary", "quick"), ("quest", "tutorial")])
def test_hint_is_the_same_for_states_differing_only_in_hidden_information(ruleset: str, level: str) -> None:
    seats = [SeatSpec("Ana"), SeatSpec("Bot", "bot", "normal")] if ruleset == "sanctuary" else [SeatSpec("Ana")]
    real = Match.new(ruleset, level, seats, 11)
    _to_seat0_choice(real)
    view = real.state.view(0)
    other_state = None
    for k in range(20):  # a state the player cannot tell apart, whose hidden cards differ
        cand = real.ruleset.determinize(view, 0, Rng(100 + k))
        if cand.to_json() != real.state.to_json():
            other_state = cand
            break
    assert other_state is not None
    assert other_state.view(0) == view and list(other_state.legal_actions()) == list(real.state.legal_actions())
    other = Match(ruleset, real.level, real.seats, real.seed, other_state)
    other.history = list(real.history)  # the same position: the same move count
    answers = []
    for m in (real, other):
        service = HintService(m)
        service.budget = BUDGET
        assert service.request(0, "en") is not None
        job = _finish(service)
        assert job.error is None and job.action is not None
        answers.append((job.action, job.value, job.reason))
    assert answers[0] == answers[1]


def test_hint_reason_prefers_the_rulesets_words_then_the_estimate(app: Any) -> None:
    class Says:
        def explain_hint(self, action: Action, view: dict, lang: str) -> str:
            return f"because {action.kind} ({lang})"

    assert hint_reason(Says(), Action.of("draw"), {}, 0.5, 10, "it") == "because draw (it)"
    said = hint_reason(object(), Action.of("draw"), {}, 0.634, 40, "en")
    assert "63%" in said and "40" in said
    assert hint_reason(object(), Action.of("draw"), {}, None, 0, "es") != said


def test_hint_button_thinks_off_the_ui_thread_then_outlines_the_move(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hintmod.HintService, "budget", BUDGET)
    scene = open_game(app, "skirmish", "01_toll_bridge", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "easy")], 3)
    assert to_next_human(app, scene, 60)
    frames(app, 2)
    button = next(r for r in scene.router.regions if r.payload is HINT)
    click(app, visible_point(scene, button))
    guide = scene.guide
    assert guide.hint_shown and guide.hints.job is not None
    assert wait_until(app, lambda: bool(guide.targets), 120)
    job = guide.hints.job
    assert job.done.is_set() and job.action in scene.legal
    assert any(job.action in (r.payload if isinstance(r.payload, list) else [r.payload]) for r in guide.targets)
    assert "Hint:" in guide.message() and job.reason in guide.message()
    # skirmish's own sentences start with the move ("Slash Young gnarl 1: 84% to hit"): it is not said twice;
    # an estimate ("With this move ...") follows the move's words
    said = scene.describe(job.action) in guide.message()
    assert said != job.names_move, (job.names_move, guide.message())
    assert not guide.text_problems()
    moved = len(scene.match.history)
    click(app, visible_point(scene, guide.targets[0]))
    wait_until(app, lambda: len(scene.match.history) > moved, 30)
    assert guide.hints.ready(scene.viewer) is None  # the game moved on: the old hint is stale


def test_hint_is_refused_when_it_is_not_the_players_turn() -> None:
    m = Match.new("sanctuary", "quick", [SeatSpec("Ana"), SeatSpec("Bot", "bot", "normal")], 11)
    seat = m.to_act()
    assert HintService(m).request(1 - seat, "en") is None


def test_hint_sentence_is_said_again_after_a_language_change() -> None:
    from game.engine.i18n import language, set_language

    m = Match.new("skirmish", "01_toll_bridge", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "easy")], 3)
    _to_seat0_opportunity(m)
    before = language()
    try:
        set_language("en")
        service = HintService(m)
        service.budget = BUDGET
        assert service.request(0, "en") is not None
        job = _finish(service)
        english = job.reason
        set_language("it")
        italian = job.reason
        assert italian != english
        assert italian == hint_reason(m.ruleset, job.action, m.state.view(0), job.value, job.tries, "it")
    finally:
        set_language(before)


def _to_seat0_opportunity(m: Match) -> None:
    """Take the advantage (the first choice) so seat 0 stands at its first opportunity."""
    while not any(a.kind == "use" for a in m.legal_actions()):
        m.apply(m.legal_actions()[0], m.to_act())
    assert m.to_act() == 0


@pytest.mark.parametrize("lang, words", [("en", "With this move"), ("es", "Con esta jugada"),
                                         ("it", "Con questa mossa")])
def test_hint_estimate_names_the_move_it_speaks_of(app: Any, lang: str, words: str) -> None:
    """The Spanish estimate began "Después de ella" (after her): the sentence says which move it rates."""
    from game.engine.actions import Action
    from game.scenes.base.hint import hint_reason

    said = hint_reason(object(), Action("pass", ()), {}, 0.62, 40, lang)
    assert said.startswith(words) and "62" in said and "40" in said


def test_a_hint_from_a_ruleset_whose_sentence_does_not_name_the_move_names_it_first() -> None:
    """Dungeon's sentences say what the move brings ("2 chips are left in your bag..."), so the bubble names the
    move before them; skirmish's, sanctuary's and quest's start with the move and stand alone."""
    from game.engine.registry import get_ruleset
    from game.scenes.base.tutor import hint_words

    class Scene:
        def describe(self, action: Action) -> str:
            return "Draw a chip"

    job = hintmod.Hint(0, 0, action=Action.of("draw"), said={"en": "2 chips are left in your bag."})
    assert hint_words(Scene(), job) == "Hint: Draw a chip. 2 chips are left in your bag."
    job.names_move = True
    assert hint_words(Scene(), job) == "Hint: 2 chips are left in your bag."
    assert [get_ruleset(r).hint_names_move for r in ("skirmish", "sanctuary", "quest")] == [True] * 3
    assert not getattr(get_ruleset("dungeon"), "hint_names_move", False)
