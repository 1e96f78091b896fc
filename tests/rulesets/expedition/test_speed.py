"""The soak speed-ups change no rule: each fast path equals the slow one it replaced.

The battle level built from cached content (battlelevel.py) equals ``Level.from_data``; the nearest
town read from per-town step tables equals the walk from the hero; cached reach and move actions
equal a fresh walk. (tools/expedition_digests.py replays 40 seeded games identically as well.)
"""

from __future__ import annotations

from collections import deque

import pytest

from game.engine.levels import Level, LevelError
from game.rulesets.expedition import battlelevel
from game.rulesets.expedition.battle import BATTLE_LEVEL_ID, combat_level, level_data, set_up
from game.rulesets.expedition.explore import move_actions, reachable, walkable
from game.rulesets.expedition.turns import _nearest_town_walk, nearest_town
from tests.rulesets.expedition.helpers import act, new, place, scripted


def _fighting(heroes: int = 2, seed: int = 1):
    st = new(heroes=heroes, seed=seed)
    rng = scripted(st)
    act(st, "move", x=2, y=2)
    rng.choices = ["wolf", 2]
    act(st, "fight")
    return st


def test_battle_level_from_cached_content_equals_level_from_data() -> None:
    st = _fighting(heroes=3)
    battle, _ = set_up(st)
    seen = set()
    for health in (5, 3, 1, 4):  # a new roster each time: the first validates in full, the others reuse it
        st.heroes[0].health = health
        battle, _ = set_up(st)
        data = level_data(st, list(battle.roster))
        fast = battlelevel.battle_level(st.level.content_hash, data, where="t", default_id=BATTLE_LEVEL_ID)
        slow = Level.from_data(data, where="t", default_id=BATTLE_LEVEL_ID)
        assert fast.content_hash == slow.content_hash
        assert fast.model == slow.model and fast.data == slow.data
        assert (fast.ruleset, fast.id, fast.path, fast.source, fast.root) == (
            slow.ruleset, slow.id, slow.path, slow.source, slow.root)
        seen.add(fast.content_hash)
        assert combat_level(st, battle).content_hash == slow.content_hash
    assert len(seen) == 4


def test_battle_level_fast_path_refuses_a_bad_roster_like_the_full_check() -> None:
    st = _fighting()
    battle, _ = set_up(st)
    good = level_data(st, list(battle.roster))
    battlelevel.battle_level(st.level.content_hash, good, where="t", default_id=BATTLE_LEVEL_ID)
    bad = dict(good, roster=[dict(good["roster"][0], body="no_such_body"), good["roster"][1]])
    with pytest.raises(LevelError) as fast:
        battlelevel.battle_level(st.level.content_hash, bad, where="t", default_id=BATTLE_LEVEL_ID)
    with pytest.raises(LevelError) as slow:
        Level.from_data(bad, where="t", default_id=BATTLE_LEVEL_ID)
    assert str(fast.value) == str(slow.value) and "no_such_body" in str(fast.value)


def _walk(st, start, limit):
    """The plain breadth-first walk the rules used before the cache."""
    cost = {start: 0}
    todo = deque([start])
    while todo:
        sq = todo.popleft()
        if cost[sq] >= limit:
            continue
        x, y = sq
        for n in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if n not in cost and walkable(st, *n):
                cost[n] = cost[sq] + 1
                todo.append(n)
    return cost


def test_cached_reach_and_move_actions_equal_a_fresh_walk() -> None:
    st = new(heroes=2)
    for x, y in ((1, 1), (0, 0), (7, 5), (5, 0)):
        place(st, 0, x, y)
        for limit in (0, 1, 3, 4, 9):
            assert reachable(st, st.heroes[0], limit) == _walk(st, (x, y), limit)
        got = [(a["x"], a["y"]) for a in move_actions(st, 0) if a.kind == "move"]
        want = sorted(_walk(st, (x, y), 3 + 1), key=lambda sq: (sq[1], sq[0]))
        assert got == [sq for sq in want if sq != (x, y)]
        assert move_actions(st, 0) == move_actions(st, 0)
        reachable(st, st.heroes[0]).clear()  # a caller changing its copy changes no cache
        assert reachable(st, st.heroes[0]) == _walk(st, (x, y), 3 + 1)


def test_nearest_town_from_step_tables_equals_the_walk_from_the_hero() -> None:
    sites = [{"id": "town", "kind": "town", "at": [0, 0], "name": "Town"},
             {"id": "east", "kind": "town", "at": [7, 5], "name": "East"},
             {"id": "mill", "kind": "ruin", "at": [6, 4], "name": "Mill", "holds": "idol"},
             {"id": "tower", "kind": "tower", "at": [7, 0], "name": "Tower", "safe": True}]
    st = new(heroes=1, sites=sites)
    towns = [(0, 0), (7, 5)]
    for y in range(6):
        for x in range(8):
            if not walkable(st, x, y):
                continue
            place(st, 0, x, y)
            assert nearest_town(st, st.heroes[0]) == _nearest_town_walk(st, towns, (x, y)), (x, y)
    place(st, 0, 2, 4)  # a tie: 6 steps to each town; the level's site order decides
    assert nearest_town(st, st.heroes[0]) == (0, 0)
