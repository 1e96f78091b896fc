"""Secrets after the game (game/engine/reveal.py): a finished game reveals, an unfinished one never does."""

from __future__ import annotations

import pytest

from game.engine.replay import ReplayCursor
from game.engine.reveal import frame, hidden_from, own_seat, viewers
from tests.engine.replay_games import RULESETS, finished_save, unfinished_save




@pytest.mark.parametrize("rid", RULESETS)
def test_unfinished_game_frames_hold_no_hidden_information(rid: str) -> None:
    cur = ReplayCursor(unfinished_save(rid))
    assert not cur.finished
    seat = own_seat(cur)
    assert seat == 0 and viewers(cur) == [0]
    for i in range(len(cur) + 1):
        for asked in (None, 0, 1):
            f = frame(cur, i, asked)
            state = cur.seek(i)
            assert f.viewer == 0
            assert f.view == state.view(0), f"{rid} position {i}: the board shows more than the seat saw"
            assert f.secrets == [] and f.more_secrets == 0
            assert not any(e.hidden for e in f.log)
            lines = [line for line in cur.match.log if line.index < i]
            assert [e.text for e in f.log] == [t for t in (line.text_for(0, "en") for line in lines) if t]
            others = {line.private_text["en"] for line in lines
                      if line.private_to not in (None, 0) and line.private_text
                      and line.private_text["en"] != line.text.get("en")}
            assert not others & {e.text for e in f.log}


@pytest.mark.parametrize("rid", RULESETS)
def test_finished_game_reveals_what_each_seat_could_not_see(rid: str) -> None:
    cur = ReplayCursor(finished_save(rid))
    assert viewers(cur) == list(range(len(cur.seats)))
    found = 0
    for i in range(0, len(cur) + 1, max(1, len(cur) // 25)):
        state = cur.seek(i)
        for seat in viewers(cur):
            f = frame(cur, i, seat)
            assert f.view == state.view(seat)
            assert f.secrets == hidden_from(state.to_json(), state.view(seat))[:len(f.secrets)]
            found += len(f.secrets)
    if cur.seek(0).is_hidden_information():
        assert found > 0, f"{rid} hides information but no secret was revealed"


@pytest.mark.parametrize("rid", RULESETS)
def test_finished_game_log_shows_private_events_marked_hidden(rid: str) -> None:
    cur = ReplayCursor(finished_save(rid))
    private = [line for line in cur.match.log if line.private_to is not None and line.private_text
               and line.private_text["en"] != line.text.get("en")]
    if not private:
        pytest.skip(f"{rid}: this game logged no private event")
    line = private[0]
    other = next(s for s in viewers(cur) if s != line.private_to)
    f = frame(cur, len(cur), other)
    marked = [e for e in f.log if e.hidden]
    assert line.private_text["en"] in {e.text for e in marked}
    mine = frame(cur, len(cur), line.private_to)
    assert line.private_text["en"] in {e.text for e in mine.log if not e.hidden}


def test_hidden_from_lists_what_a_view_lacks() -> None:
    true = {"rng": [1], "players": [{"hand": ["a", "b"], "gold": 2}], "bag": ["x", "y"]}
    seen = {"rng": None, "players": [{"hand_size": 2, "gold": 2}], "bag": 2}
    got = {s.path: s.value for s in hidden_from(true, seen)}
    assert got == {"players[0].hand": '["a","b"]', "bag": '["x","y"]'}
