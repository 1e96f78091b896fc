"""Game scenes: TableScene plays a whole game of the tiny ruleset with the mouse; the
RulesetScene services (illegal clicks, undo, Space, F1, Esc, autosave, Continue,
hot-seat curtain) and the exception path back to the menu."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.actions import Action
from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from tests.app.conftest import ack_region, click, key, run_frames, to_next_human, wait_until


def _start(app: Any, seats: list[SeatSpec], seed: int = 5, scene_cls: Any = None, lift: bool = True) -> Any:
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match
    from tests.tinygame import tiny_level

    app.push(MenuScene(app))
    match = Match.new("tiny", tiny_level("classic"), seats, seed)
    if scene_cls is None:
        scene = open_match(app, match)
    else:
        scene = app.push(scene_cls(app, match))
    run_frames(app, 2)
    if lift and len(scene.humans) > 1:
        to_next_human(app, scene)
    return scene


def _action_regions(scene: Any) -> list[Any]:
    return [r for r in scene.router.regions if isinstance(r.payload, Action) and r.legal]


def test_table_scene_plays_tiny_to_the_end_by_clicks(app: Any, tiny: Any) -> None:
    from game.scenes.dialogs import ResultScene
    from game.scenes.table import TableScene

    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    assert isinstance(scene, TableScene)
    clicks = 0
    while not scene.match.is_over() and clicks < 200:
        assert wait_until(app, lambda: scene.match.is_over() or scene.can_act()), "the bot never moved"
        if scene.match.is_over():
            break
        run_frames(app, 1)  # draw: regions for the legal actions
        regions = _action_regions(scene)
        assert regions, "every legal action has a button"
        assert {r.payload for r in regions} <= set(scene.legal)
        before = len(scene.match.history)
        click(app, regions[0].rect.center)
        clicks += 1
        assert len(scene.match.history) > before, "the click played its action"
    assert scene.match.is_over()
    assert wait_until(app, lambda: isinstance(app.top, ResultScene))
    assert app.errors == []
    assert any(h.seat == 0 for h in scene.match.history) and any(h.seat == 1 for h in scene.match.history)


def test_table_scene_shows_only_the_viewers_hand(app: Any, tiny: Any) -> None:
    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    sections = dict(scene.sections(scene.view))
    hands = "\n".join(sections["Hands"])
    assert t("table.hidden") in hands, "the bot's hand is hidden"
    mine = scene.match.state.hands[0]
    assert all(str(c) in hands for c in mine)
    assert not any("rng" in line.lower() for lines in sections.values() for line in lines)


def _board_scene_cls() -> Any:
    """A RulesetScene with one board target per card value (1..5)."""
    from game.scenes.base import RulesetScene
    from game.ui.input import HitRegion

    class Cards(RulesetScene):
        def targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
            return [HitRegion(pygame.Rect(40 + 100 * i, 200, 80, 120), Action.of("play", card=i + 1))
                    for i in range(5)]

        def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
            for i in range(5):
                pygame.draw.rect(surface, (200, 200, 200), (40 + 100 * i, 200, 80, 120))

    return Cards


def test_illegal_board_click_says_why(app: Any, tiny: Any) -> None:
    cls = _board_scene_cls()
    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Bo")], scene_cls=cls)
    assert wait_until(app, scene.can_act)
    run_frames(app, 1)
    hand = scene.match.state.hands[scene.match.to_act()]
    missing = next(v for v in range(1, 6) if v not in hand)
    region = next(r for r in scene.router.regions if r.payload == Action.of("play", card=missing))
    assert region.legal is False
    reason = scene.match.state.explain_illegal(Action.of("play", card=missing))
    click(app, region.rect.center)
    assert any(reason in item.text for item in scene.toast.items), "the toast explains the refusal"
    assert len(scene.match.history) == 0
    # the action bar carries what no board target stands for: pass
    assert [b.payload.kind for b in scene.action_bar.buttons] == ["pass"]


def test_space_passes_when_pass_is_the_only_pass_like_action(app: Any, tiny: Any) -> None:
    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Bo")])
    assert wait_until(app, scene.can_act)
    seat = scene.match.to_act()
    key(app, pygame.K_SPACE)
    assert scene.match.history[-1].action.kind == "pass"
    assert scene.match.history[-1].seat == seat


def test_ctrl_z_undo_reports_reason_or_undoes(app: Any, tiny: Any) -> None:
    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    assert wait_until(app, scene.can_act)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert any(t("undo.nothing") in i.text for i in scene.toast.items), "nothing to undo yet"
    run_frames(app, 1)
    click(app, _action_regions(scene)[0].rect.center)
    ok, reason = scene.match.can_undo(0)
    n = len(scene.match.history)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    if ok:
        assert len(scene.match.history) < n
    else:
        assert any(t(reason) in i.text for i in scene.toast.items)
        assert len(scene.match.history) >= n


def test_f1_opens_rules_and_esc_opens_pause(app: Any, tiny: Any) -> None:
    from game.scenes.pause import PauseScene
    from game.scenes.rules import RulesScene

    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Bo")])
    key(app, pygame.K_F1)
    assert isinstance(app.top, RulesScene) and app.top.current == "tiny"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_autosave_after_every_action_and_continue_resumes(app: Any, tiny: Any) -> None:
    from game.app.main import App
    from game.app.settings import Settings
    from game.engine.saves import autosave_path, load_match
    from game.scenes.menu import MenuScene

    from game.scenes.dialogs import PassScene

    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Bo")])
    for _ in range(3):
        if scene.match.is_over():
            break
        assert to_next_human(app, scene)
        assert scene.can_act()
        run_frames(app, 1)
        click(app, _action_regions(scene)[0].rect.center)
        saved = load_match(autosave_path())
        assert saved.state.digest() == scene.match.state.digest()
        assert len(saved.history) == len(scene.match.history)
    digest = scene.match.state.digest()
    scene.close()
    pygame.quit()
    app2 = App(Settings(language="en", bot_pace=0.0, animation_speed=8.0), headless=True)
    menu = app2.push(MenuScene(app2))
    run_frames(app2, 2)
    assert menu.buttons["menu.continue"].is_enabled
    click(app2, menu.buttons["menu.continue"].rect.center)
    # a hot-seat game with hidden hands resumes behind the "pass to" curtain: whoever opened it
    # may not be the player to act
    assert isinstance(app2.top, PassScene), "the curtain comes before anyone's hand"
    resumed = app2.stack[-2]
    assert resumed.match.state.digest() == digest, "Continue resumes exactly"
    key(app2, pygame.K_RETURN)
    assert app2.top is resumed and resumed.viewer == resumed.match.to_act()
    assert len(resumed.log_panel.entries) > 0, "the log comes back too"


def test_hot_seat_curtain_between_humans(app: Any, tiny: Any) -> None:
    from game.scenes.dialogs import PassScene

    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Bo")], lift=False)
    first = scene.match.to_act()
    assert isinstance(app.top, PassScene), "the pass screen comes before the first hand too"
    assert app.top.player == scene.seat_name(first)
    key(app, pygame.K_RETURN)
    assert app.top is scene and scene.viewer == first, "the first human to act sits in front"
    assert wait_until(app, scene.can_act)
    run_frames(app, 1)
    click(app, _action_regions(scene)[0].rect.center)
    if scene.match.is_over():
        pytest.skip("the game ended on the first move")
    # the acting player sees the result of their move first: a "Pass to Bo" pause, no curtain yet
    assert wait_until(app, lambda: ack_region(scene) is not None)
    assert not isinstance(app.top, PassScene) and scene.viewer == first
    assert scene.driver.ack.label == t("game.pass_to", name=scene.seat_name(1 - first))
    click(app, ack_region(scene).rect.center)
    assert wait_until(app, lambda: isinstance(app.top, PassScene))
    curtain = app.top
    assert curtain.player == scene.seat_name(1 - first)
    assert scene.viewer == first, "until the next player confirms, nothing of theirs is shown"
    key(app, pygame.K_RETURN)
    assert app.top is scene and scene.viewer == 1 - first
    hands = scene.view["hands"]
    assert hands[first] is None and hands[1 - first] is not None


def test_scene_exception_shows_error_and_keeps_autosave(app: Any, tiny: Any) -> None:
    from game.engine.saves import autosave_path
    from game.scenes.dialogs import ErrorScene
    from game.scenes.menu import MenuScene
    from game.scenes.table import TableScene

    class Broken(TableScene):
        explode = False

        def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
            if self.explode:
                raise RuntimeError("kaboom in draw_board")
            super().draw_board(surface, view)

    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Bo")], scene_cls=Broken)
    assert wait_until(app, scene.can_act)
    run_frames(app, 1)
    click(app, _action_regions(scene)[0].rect.center)
    before = autosave_path().read_bytes()
    scene.explode = True
    from game.scenes.dialogs import PassScene

    to_next_human(app, scene, timeout=1.0)
    run_frames(app, 2)
    assert isinstance(app.stack[0], MenuScene) and isinstance(app.top, ErrorScene)
    assert "kaboom" in app.top.message
    assert app.errors and "kaboom" in app.errors[-1]
    assert autosave_path().read_bytes() == before, "the autosave is untouched"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MenuScene)
    assert app.top.buttons["menu.continue"].is_enabled


def test_scene_lookup_prefers_a_ruleset_scene_package(monkeypatch: Any) -> None:
    import importlib.machinery
    import sys
    import types

    from game.scenes import has_dedicated_scene, scene_class_for
    from game.scenes.base import RulesetScene
    from game.scenes.table import TableScene

    assert not has_dedicated_scene("table") and not has_dedicated_scene("menu"), "shell modules never count"
    assert scene_class_for("no_such_ruleset") is TableScene

    class Own(RulesetScene):
        pass

    mod = types.ModuleType("game.scenes.fakegame")
    mod.__spec__ = importlib.machinery.ModuleSpec("game.scenes.fakegame", None, is_package=True)
    mod.SCENE = Own
    monkeypatch.setitem(sys.modules, "game.scenes.fakegame", mod)
    assert has_dedicated_scene("fakegame")
    assert scene_class_for("fakegame") is Own


def test_tracker_words_turn_and_phase(app: Any, tiny: Any) -> None:
    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Bo")])
    run_frames(app, 1)
    assert scene.tracker.round_label == t("game.turn_n", n=scene.view["turn"])
    seat = scene.match.to_act()
    assert scene.seat_name(seat) in scene.tracker.seat_name


def test_continue_resumes_same_position_log_and_turn_against_a_bot(app: Any, tiny: Any) -> None:
    """Continue from the autosave shows the same state, the same log lines and the same seat to act."""
    from game.app.main import App
    from game.app.settings import Settings
    from game.engine.saves import autosave_path, load_match
    from game.scenes.menu import MenuScene

    scene = _start(app, [SeatSpec("Ana"), SeatSpec("Bot", kind="bot", difficulty="easy")], seed=11)
    moves = 0
    while len(scene.match.history) < 3 and not scene.match.is_over():
        assert wait_until(app, lambda: scene.can_act() or scene.match.is_over())
        if scene.match.is_over():
            break
        run_frames(app, 1)
        click(app, _action_regions(scene)[0].rect.center)  # the smallest card: the game goes on
        moves += 1
    assert moves >= 1 and len(scene.match.history) >= 2, "the human and the bot both played"
    assert wait_until(app, lambda: scene.can_act() or scene.match.is_over())
    run_frames(app, 2)
    assert not scene.match.is_over()
    before_json = scene.match.state.to_json()
    before_log = [e.text for e in scene.log_panel.entries]
    before_turn = (scene.match.to_act(), scene.viewer, scene.tracker.seat_name)
    before_hist = len(scene.match.history)
    assert load_match(autosave_path()).state.to_json() == before_json
    scene.close()
    pygame.quit()

    app2 = App(Settings(language="en", bot_pace=0.0, animation_speed=8.0), headless=True)
    menu = app2.push(MenuScene(app2))
    run_frames(app2, 2)
    click(app2, menu.buttons["menu.continue"].rect.center)
    run_frames(app2, 2)
    resumed = app2.top
    assert resumed.match.state.to_json() == before_json, "same position"
    assert len(resumed.match.history) == before_hist, "same history (undo works as before)"
    assert [e.text for e in resumed.log_panel.entries] == before_log, "same log, line for line"
    assert (resumed.match.to_act(), resumed.viewer, resumed.tracker.seat_name) == before_turn, "same turn"
    assert [s.to_json() for s in resumed.match.seats] == [s.to_json() for s in scene.match.seats]
    for s in list(app2.stack):
        s.close()


def test_bot_seats_consult_the_rulesets_script_choice_first(app: Any, tiny: Any) -> None:
    """A ruleset's script_choice decides a bot seat's move; None falls back to the seat's ordinary bot."""
    from game.scenes.base import ScriptedBot

    calls: list[tuple[int, int]] = []

    def script(view: dict[str, Any], seat: int, legal: list[Action]) -> Action | None:
        calls.append((seat, len(legal)))
        return legal[-1] if seat == 1 else None

    tiny.script_choice = script
    try:
        scene = _start(app, [SeatSpec("Ana", kind="bot"), SeatSpec("Bo", kind="bot")])
        bot1, bot0 = scene.driver.bot_for(1), scene.driver.bot_for(0)
        assert isinstance(bot1, ScriptedBot) and isinstance(bot0, ScriptedBot)
        state = scene.match.state
        legal = list(state.legal_actions())
        assert bot1.choose(scene.ruleset, state.view(1), 1, legal) == legal[-1]
        fallback = bot0.fallback.choose(scene.ruleset, state.view(0), 0, legal)
        assert bot0.choose(scene.ruleset, state.view(0), 0, legal) in legal
        assert fallback in legal
        assert (1, len(legal)) in calls and (0, len(legal)) in calls
        # a script answering something illegal does not decide
        bad = ScriptedBot(lambda v, s, l: Action.of("no_such_move"), bot0.fallback)
        assert bad.choose(scene.ruleset, state.view(0), 0, legal) in legal
    finally:
        del tiny.script_choice
    scene2 = _start(app, [SeatSpec("Ana"), SeatSpec("Bo", kind="bot")])
    assert not isinstance(scene2.driver.bot_for(1), ScriptedBot), "rulesets without a script keep their bot"


def test_sanctuary_tutorial_opponent_plays_its_script_in_any_scene(app: Any) -> None:
    """The sanctuary tutorial's scripted seat is played by RULESET.script_choice in the generic table view."""
    from game.engine.levels import get_level
    from game.engine.match import Match
    from game.engine.registry import get_ruleset
    from game.scenes.menu import MenuScene
    from game.scenes.table import TableScene

    rs = get_ruleset("sanctuary")
    level = get_level("sanctuary", "tutorial")
    app.push(MenuScene(app))
    match = Match.new("sanctuary", level, [SeatSpec("Ana", kind="bot"), SeatSpec("Tide", kind="bot")], 3)
    scene = app.push(TableScene(app, match))
    scripted = [s for s in range(2) if level.model.players[s].script is not None]
    assert scripted, "the tutorial has a scripted seat"
    seat = scripted[0]
    # play until the scripted seat is to act, then compare its bot with the script
    for _ in range(200):
        if match.to_act() == seat or match.is_over():
            break
        match.apply(match.legal_actions()[0])
    assert match.to_act() == seat
    legal = list(match.legal_actions())
    view = match.state.view(seat)
    expected = rs.script_choice(view, seat, legal)
    assert expected is not None and expected in legal
    assert scene.driver.bot_for(seat).choose(rs, view, seat, legal) == expected
