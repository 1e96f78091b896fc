"""The replay theatre (game/scenes/theatre/): every ruleset's finished game opens, steps both ways to any
point with the board on the replayed position, reveals secrets only after the end, and plays on."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.replay import ReplayCursor
from game.engine.reveal import own_seat
from tests.engine.replay_games import RULESETS, finished_save, unfinished_save
from tests.scenes.driving import click, frames


def open_at(app: Any, data: dict, at: int | None = None) -> Any:
    from game.scenes.menu import MenuScene
    from game.scenes.theatre import open_theatre

    app.push(MenuScene(app))
    scene = open_theatre(app, ReplayCursor(data), at)
    frames(app, 2)
    return scene


def button(scene: Any, payload: str) -> tuple[int, int]:
    from game.scenes.theatre.controls import buttons

    return next(r.center for p, r in buttons(scene) if p == payload)


def key(app: Any, k: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)], 1 / 30)


@pytest.mark.parametrize("rid", RULESETS)
def test_finished_game_steps_both_ways_with_the_board_on_the_replayed_position(app: Any, rid: str) -> None:
    data = finished_save(rid)
    fresh = ReplayCursor(data)
    want = [fresh.digest(i) for i in range(len(fresh) + 1)]
    scene = open_at(app, data, 0)
    assert scene.at == 0 and scene.inner.match.state.digest() == want[0]
    for _ in range(5):                       # the Step > button, animated as in the game
        click(app, button(scene, "forward"))
    assert scene.at == 5 and scene.inner.match.state.digest() == want[5]
    assert len(scene.inner.match.history) == 5
    click(app, button(scene, "back"))
    assert scene.at == 4 and scene.inner.match.state.digest() == want[4]
    click(app, button(scene, "next_round"))
    assert scene.at == next((r for r in fresh.rounds if r > 4), len(fresh))
    assert scene.inner.match.state.digest() == want[scene.at]
    was = scene.at
    key(app, pygame.K_RIGHT, pygame.KMOD_CTRL)
    assert scene.at == next((t for t in fresh.turns if t > was), len(fresh))
    key(app, pygame.K_END)
    assert scene.at == len(fresh) and scene.inner.match.state.digest() == want[-1]
    key(app, pygame.K_PAGEUP)
    assert scene.at == (fresh.rounds[-1] if fresh.rounds[-1] < len(fresh) else fresh.rounds[-2])
    for i in range(len(fresh), -1, -max(1, len(fresh) // 9)):   # jumps anywhere through the slider
        from game.scenes.theatre.controls import SLIDER

        x = SLIDER.x + round(SLIDER.w * i / len(fresh))
        click(app, (x, SLIDER.centery))
        assert scene.inner.match.state.digest() == want[scene.at], f"{rid} at {scene.at}"
        assert abs(scene.at - i) <= 1
        assert scene.invariants() == []
    assert app.top is scene                  # nothing was applied: no result screen, no curtain


@pytest.mark.parametrize("rid", RULESETS)
def test_play_runs_at_the_chosen_speed_frame_by_frame(app: Any, rid: str) -> None:
    scene = open_at(app, finished_save(rid), 0)
    click(app, button(scene, "speed"))       # 2 actions a second
    assert scene.speed == 2.0
    key(app, pygame.K_SPACE)
    assert scene.playing
    frames(app, 30, dt=1 / 30)               # one second of frames, no wall clock
    assert 1 <= scene.at <= 3
    key(app, pygame.K_SPACE)
    at = scene.at
    frames(app, 30)
    assert not scene.playing and scene.at == at


@pytest.mark.parametrize("rid", RULESETS)
def test_unfinished_game_theatre_never_shows_hidden_information(app: Any, rid: str) -> None:
    data = unfinished_save(rid)
    scene = open_at(app, data, 0)
    cur = scene.cursor
    seat = own_seat(cur)
    assert seat == 0
    key(app, pygame.K_v)                     # no other seat's view
    key(app, pygame.K_s)                     # no secrets
    assert scene.viewer == 0 and scene.panel is None
    for i in range(len(cur) + 1):
        scene.go(i)
        frames(app, 1)
        state = cur.seek(i)
        assert scene.inner.view == state.view(0), f"{rid} at {i}"
        lines = scene.inner.match.log
        assert all(line.text_for(0) == orig.text_for(0) for line, orig in zip(lines, cur.log_upto(i)))
        assert not any("[hidden]" in line.text_for(0) for line in lines)
        f = scene.frame()
        assert f.secrets == [] and not any(e.hidden for e in f.log)


def test_finished_game_shows_other_seats_and_secrets(app: Any) -> None:
    scene = open_at(app, finished_save("sanctuary"), 20)
    assert scene.viewer == 0
    click(app, button(scene, "viewer"))
    assert scene.viewer == 1 and scene.inner.view == scene.cursor.seek(20).view(1)
    click(app, button(scene, "secrets"))
    assert scene.panel == "secrets"
    paths = {s.path for s in scene.frame().secrets}
    assert "players[0].hand" in paths        # seat 1 did not see seat 0's hand
    key(app, pygame.K_ESCAPE)
    assert scene.panel is None and app.top is scene


def test_chart_click_jumps_to_its_position(app: Any) -> None:
    scene = open_at(app, finished_save("quest"), len(finished_save("quest")["actions"]))
    click(app, button(scene, "chart"))
    assert scene.panel == "chart" and scene.chart is not None
    rect, at = scene.chart_view.hits[len(scene.chart_view.hits) // 3]
    click(app, rect.center)
    assert scene.panel is None and scene.at == at
    assert scene.inner.match.state.digest() == ReplayCursor(finished_save("quest")).digest(at)


@pytest.mark.parametrize("rid", RULESETS)
def test_play_on_from_here_starts_a_new_game_that_notes_its_branch(app: Any, rid: str) -> None:
    from game.engine import saves
    from game.scenes.base import RulesetScene
    from game.scenes.theatre.playon import PlayOnScene

    data = finished_save(rid)
    at = len(data["actions"]) // 2
    scene = open_at(app, data, at)
    click(app, button(scene, "play_on"))
    dialog = app.top
    assert isinstance(dialog, PlayOnScene)
    dialog.toggle(0)                          # seat 0: a person now
    dialog.start()
    frames(app, 2)
    game = next(s for s in app.stack if isinstance(s, RulesetScene))
    m = game.match
    assert m.seats[0].kind == "human" and all(s.kind == "bot" for s in m.seats[1:])
    assert len(m.history) >= at
    assert [(e.seat, e.action.to_json()) for e in m.history[:at]] == [(s, a) for s, a in data["actions"][:at]]
    assert m.branch == {"at": at, "source_actions": len(data["actions"]),
                        "source_digest": ReplayCursor(data).final.digest(), "source_saved_at": data["saved_at"]}
    saves.flush()
    loaded = saves.load_match(saves.autosave_path())
    assert loaded.branch == m.branch
    state, _digest, problems = saves.replay(saves.load_save(saves.autosave_path()))
    assert problems == [] and state is not None


def test_the_replayed_board_has_no_hint_button_nor_tutorial_guide(app: Any) -> None:
    """The hint button showed, greyed, in the replayed board's log title (seen in the real window): nobody
    plays in the theatre, so the guide registers and draws nothing there."""
    scene = open_at(app, finished_save("expedition"), 0)
    frames(app, 2)
    keys = {r.key for r in scene.inner.router.regions}
    assert "hint" not in keys and "tutor-leave" not in keys, keys
