"""The replay cursor (game/engine/replay.py): every position of a finished game, stepping both ways."""

from __future__ import annotations

import random

import pytest

from game.engine.actions import Action
from game.engine.registry import get_ruleset
from game.engine.replay import ReplayCursor
from game.engine.savefile import SaveError
from game.engine.saves import _level_from_save
from game.engine.protocol import SeatSpec
from tests.engine.replay_games import RULESETS, finished_save


def fresh_digests(data: dict) -> list[str]:
    """Digests of a fresh replay (new_game, then one action at a time): position 0 to the end."""
    rs = get_ruleset(data["ruleset"])
    level = _level_from_save(data, "t")
    state = rs.new_game(level, [SeatSpec.from_json(s) for s in data["seats"]], data["seed"])
    out = [state.digest()]
    for _seat, raw in data["actions"]:
        state.apply(Action.from_json(raw))
        out.append(state.digest())
    return out


@pytest.mark.parametrize("rid", RULESETS)
def test_digest_at_every_step_matches_a_fresh_replay(rid: str) -> None:
    data = finished_save(rid)
    want = fresh_digests(data)
    cur = ReplayCursor(data, every=8)
    assert cur.finished and len(cur) == len(data["actions"]) == len(want) - 1
    # backwards one action at a time from the end, then forwards, then random jumps
    for i in range(len(cur), -1, -1):
        assert cur.seek(i).digest() == want[i], f"{rid} back to {i}"
    for i in range(len(cur) + 1):
        assert cur.digest(i) == want[i], f"{rid} forward to {i}"
    rnd = random.Random(3)
    for _ in range(60):
        i = rnd.randrange(len(cur) + 1)
        assert cur.digest(i) == want[i], f"{rid} jump to {i}"
    assert cur.digest(len(cur)) == want[-1] == cur.final.digest()


@pytest.mark.parametrize("rid", RULESETS)
def test_turn_and_round_boundaries_come_from_the_game(rid: str) -> None:
    cur = ReplayCursor(finished_save(rid))
    assert cur.turns[0] == 0 and cur.turns == sorted(set(cur.turns))
    assert set(cur.rounds) <= set(cur.turns)
    assert len(cur.rounds) >= 2, f"{rid}: a whole game has more than one round"
    for r in cur.rounds[1:]:
        assert cur.round_at(r) != cur.round_at(r - 1)
    cur.seek(0)
    seen = [0]
    while cur.at < len(cur):
        cur.next_round()
        seen.append(cur.at)
    assert seen == cur.rounds + ([len(cur)] if cur.rounds[-1] != len(cur) else [])
    cur.seek(len(cur))
    back = [len(cur)]
    while cur.at > 0:
        cur.prev_turn()
        back.append(cur.at)
    assert back[::-1] == cur.turns + ([len(cur)] if cur.turns[-1] != len(cur) else [])


def test_a_changed_action_is_refused_naming_the_field() -> None:
    data = dict(finished_save("dungeon"))
    actions = [list(a) for a in data["actions"]]
    actions[3] = [actions[3][0], {"kind": "no_such_move", "args": {}}]
    data["actions"] = actions
    with pytest.raises(SaveError, match=r"actions\[3\]"):
        ReplayCursor(data)


def test_log_and_history_follow_the_position() -> None:
    cur = ReplayCursor(finished_save("sanctuary"))
    cur.seek(10)
    assert all(line.index < 10 for line in cur.log_upto())
    assert len(cur.history_upto()) == 10
    assert cur.log_upto(len(cur))[-1].kind == "system"   # the game-over line
