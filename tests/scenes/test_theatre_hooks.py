"""Ways into the theatre: the result screen (Replay button, chart), the Load screen, ``play --replay``,
and sharing a finished game as one small file that another install opens."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import saves
from game.engine.replay import ReplayCursor
from tests.engine.replay_games import finished_save, play, unfinished_save
from tests.scenes.driving import click, frames


def ui_button(app: Any, text: str) -> Any:
    return next(el for el in app.manager.get_sprite_group().sprites() if getattr(el, "text", None) == text)


@pytest.fixture()
def replays_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's replay (a worker thread in the app: preparing.py) runs as soon as it is asked for."""
    from game.scenes import worker

    monkeypatch.setattr(worker, "RUNNER", lambda work: work())


def test_result_screen_offers_replay_and_its_chart_jumps_into_the_theatre(app: Any, replays_at_once: None) -> None:
    from game.scenes.dialogs import ResultScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match
    from game.scenes.theatre import TheatreScene

    app.push(MenuScene(app))
    m = play("dungeon")
    game = open_match(app, m)
    frames(app, 3)                           # the driver shows the result of the finished game
    result = app.top
    assert isinstance(result, ResultScene) and result.extras is not None and result.extras.chart is not None
    hits = result.extras.view.hits
    assert hits, "the chart was drawn with clickable points"
    rect, at = hits[1]
    click(app, rect.center)
    assert isinstance(app.top, TheatreScene) and app.top.at == at
    assert app.stack[-2] is game, "back from the theatre is the final table"
    app.pop()
    game.show_result()
    frames(app, 2)
    click(app, ui_button(app, "Replay").rect.center)
    assert isinstance(app.top, TheatreScene) and app.top.at == len(m.history)


def test_result_screen_without_a_game_below_keeps_three_buttons(app: Any) -> None:
    from game.scenes.dialogs import ResultScene
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    scene = app.push(ResultScene(app, ["Ana"], [("Ana", "3")], lambda: None))
    frames(app, 1)
    assert scene.extras is None and scene.size == (640, 420)
    assert not any(getattr(el, "text", None) == "Replay" for el in app.manager.get_sprite_group().sprites())


def test_load_screen_replay_button_opens_the_theatre(app: Any, replays_at_once: None) -> None:
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene
    from game.scenes.theatre import TheatreScene

    saves.write_save(saves.slot_path(1), unfinished_save("quest"))
    app.push(MenuScene(app))
    app.push(LoadScene(app))
    frames(app, 2)
    click(app, ui_button(app, "Replay").rect.center)
    top = app.top
    assert isinstance(top, TheatreScene)
    assert not top.cursor.finished and top.viewer == 0 and top.at == len(top.cursor)


def test_load_screen_replay_of_a_broken_game_says_why(app: Any, replays_at_once: None) -> None:
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene

    data = json.loads(json.dumps(finished_save("dungeon")))
    data["actions"][2][1] = {"kind": "no_such_move", "args": {}}
    saves.write_save(saves.slot_path(2), data)
    app.push(MenuScene(app))
    scene = app.push(LoadScene(app))
    frames(app, 2)
    click(app, ui_button(app, "Replay").rect.center)
    assert app.top is scene and scene.status_error and "actions[2]" in scene.status


@pytest.mark.parametrize("rid", ["dungeon", "expedition"])
def test_shared_game_is_one_small_save_that_replays(tmp_path: Path, rid: str) -> None:
    from game.cli import build_parser
    from game.engine.share import export_game

    data = finished_save(rid)
    out = export_game(data, tmp_path / "shared.json")
    raw = out.read_bytes()
    assert raw.count(b"\n") == 2, "summary and head, no journal"
    full = len(saves.encode(data))
    assert len(raw) < full, "the shared file leaves out the log and the undo anchor"
    loaded = saves.load_save(out)
    assert loaded["log"] == [] and loaded["actions"] == data["actions"]
    _state, digest, problems = saves.replay(loaded, "shared")
    assert problems == [] and digest == ReplayCursor(data).final.digest()
    args = build_parser().parse_args(["replay", str(out)])
    assert args._module.run(args) == 0


def test_shared_game_opens_where_its_level_is_not_installed(tmp_path: Path) -> None:
    from game.engine.share import export_game

    data = json.loads(json.dumps(finished_save("sanctuary")))   # a level id no folder holds
    data["level"]["id"] = "my-mod-level"
    data["level"]["data"]["id"] = "my-mod-level"
    data["level"]["source"] = "mod"
    from game.engine.levels import Level

    lvl = Level.from_data(data["level"]["data"], where="t", source="mod")
    data["level"]["content_hash"] = lvl.content_hash
    out = export_game(data, tmp_path / "mod-game.json")
    cur = ReplayCursor(saves.load_save(out))
    assert cur.finished and cur.level.id == "my-mod-level" and cur.level.content_hash == lvl.content_hash


def test_an_unfinished_game_cannot_be_shared(tmp_path: Path) -> None:
    from game.engine.share import export_game

    with pytest.raises(ValueError, match="finished"):
        export_game(unfinished_save("quest"), tmp_path / "x.json")


def test_theatre_share_button_writes_into_the_saves_folder(app: Any) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.theatre import open_theatre
    from game.scenes.theatre.controls import buttons

    app.push(MenuScene(app))
    scene = open_theatre(app, ReplayCursor(finished_save("skirmish")))
    frames(app, 2)
    click(app, next(r.center for p, r in buttons(scene) if p == "share"))
    assert scene.shared is not None and scene.shared.parent == saves.autosave_path().parent
    listed = {p.name: s for p, s in saves.list_saves()}
    assert listed[scene.shared.name]["ok"]


def test_play_replay_flag_checks_the_file_first(tmp_path: Path, capsys: Any) -> None:
    from game.cli import build_parser

    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    args = build_parser().parse_args(["play", "--replay", str(bad)])
    assert args.ruleset is None
    assert args._module.run(args) == 2
    assert "bad.json" in capsys.readouterr().err


def test_branch_field_is_checked_and_old_saves_without_it_still_load(tmp_path: Path) -> None:
    from game.engine.replay import branch_match

    data = finished_save("dungeon")
    assert "branch" not in data
    m = branch_match(ReplayCursor(data), 10, ["bot"] * len(data["seats"]))
    saves.save_match(m, tmp_path / "b.json")
    back = saves.load_match(tmp_path / "b.json")
    assert back.branch == m.branch and back.branch["at"] == 10
    bad = m.to_save()
    bad["branch"] = dict(bad["branch"], at=10_000)
    with pytest.raises(saves.SaveError, match="branch.at"):
        saves.check_save(bad, "b.json")
    bad["branch"] = dict(m.branch, extra=1)
    with pytest.raises(saves.SaveError, match="branch.extra"):
        saves.check_save(bad, "b.json")
