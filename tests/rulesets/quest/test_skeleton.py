"""The quest skeleton: the tutorial loads, games start for 1 to 4 seats and end, views are typed."""

from __future__ import annotations

import pytest

from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.quest.views import HIDDEN, QuestView
from tests.rulesets.quest.helpers import game, new, tutorial


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_random_games_end_cleanly_for_1_2_and_4_seats(seats: int) -> None:
    st = new(seats, seed=seats)
    rng = Rng(seats)
    for _ in range(get_ruleset("quest").max_game_length):
        if st.to_act() is None:
            break
        st.apply(rng.choice(st.legal_actions()))
        assert not st.invariants()
    assert st.result() is not None


def test_the_tutorial_loads_with_its_decks_spheres_and_stages() -> None:
    m = tutorial().model
    assert len(m.spheres) == 4 and len(m.stages) == 3
    assert {d.id for d in m.decks} >= {"hearth_steel", "root_tide"}
    assert sum(m.encounter.values()) >= 30


def test_quest_view_reads_a_seats_view_and_hides_other_hands() -> None:
    st = game(2)
    v = QuestView.from_view(st.view(0))
    assert v.viewer == 0 and len(v.players) == 2
    assert not v.players[0].hand_hidden and v.players[1].hand_hidden
    assert all(c == HIDDEN for c in v.players[1].hand)
    assert len(v.players[0].heroes) == 3 and v.players[0].heroes[0].hp > 0
    assert v.players[0].threat == sum(st.defn(h).threat for h in st.players[0].heroes)
    assert v.decision["seat"] == st.to_act()
    assert v.staging_threat == st.staging_threat()
