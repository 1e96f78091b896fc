"""The dungeon's hint sentence (game/rulesets/dungeon/hints.py): what a move does, in words, from the view only."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.actions import Action
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.rulesets.dungeon.state import DungeonState
from game.rulesets.dungeon.words import chip_label
from tests.rulesets.hintchecks import (
    never_raises,
    positions,
    same_sentences_for_indistinguishable_states,
    shipped_levels,
)

LEVELS = shipped_levels("dungeon")


def _match(level: str = "standard", seed: int = 3, seats: int = 1) -> Match:
    return Match.new("dungeon", level, [SeatSpec(f"P{i}") for i in range(seats)], seed)


def _say(m: Match, action: Action, lang: str = "en") -> Any:
    return m.ruleset.explain_hint(action, m.state.view(m.to_act()), lang)


def _defeated_after(st: DungeonState, seat: int, action: Action) -> int | None:
    """The monsters the dungeon's Resolution defeats once ``action`` is played (None when it resolved at once)."""
    row = st.players[seat].hero_row
    after = st.clone()
    after.apply(action)
    if len(after.players[seat].chips) != len(st.players[seat].chips) + 1:
        return None
    return after.preview(seat, row).defeated


def test_a_placement_that_defeats_a_monster_names_it_and_the_rules_agree() -> None:
    checked = 0
    for seed in range(6):
        m = _match(seed=seed)
        for seat, view, legal in positions(m, seed, 200):
            st = m.state
            for a in (x for x in legal if x.kind == "place"):
                said = m.ruleset.explain_hint(a, view, "en")
                if not said or "defeats" not in said:
                    continue
                before = st.preview(seat).defeated
                after = _defeated_after(st, seat, a)
                if after is None:
                    continue
                assert after == before + 1, said  # the sentence's one monster is the Resolution's one more
                # the hint names the move; its reason says what the move brings, never the move again
                assert said.startswith("It defeats ") and f"floor {a['floor']}" not in said, said
                checked += 1
            if checked >= 3:
                return
    pytest.fail(f"only {checked} placements that defeat a monster were found")


def test_a_placement_that_saves_health_says_how_much() -> None:
    for seed in range(6):
        m = _match(seed=seed)
        for seat, view, legal in positions(m, seed, 200):
            st = m.state
            for a in (x for x in legal if x.kind == "place"):
                said = m.ruleset.explain_hint(a, view, "en")
                if not said or "more health" not in said:
                    continue
                row = st.players[seat].hero_row
                after = st.clone()
                after.apply(a)
                if len(after.players[seat].chips) != len(st.players[seat].chips) + 1:
                    continue
                gain = after.preview(seat, row).health - st.preview(seat).health
                assert gain > 0 and f"with {gain} more health" in said
                return
    pytest.fail("no placement that saves health was found")


def test_buying_says_its_price_and_the_gold() -> None:
    for seed in range(4):
        m = _match(seed=seed)
        for seat, view, legal in positions(m, seed, 400):
            buys = [a for a in legal if a.kind == "buy"]
            if not buys:
                continue
            st, a = m.state, buys[0]
            said = m.ruleset.explain_hint(a, view, "en")
            ctype = str(a["chip"])
            assert said == (f"It costs {st.price(ctype)} of your {st.players[seat].gold} gold and joins your bag "
                            f"for the next dungeon.")  # the chip is named by the hint's move
            assert chip_label(st, ctype, 'en') not in said
            assert str(st.price(ctype)) in m.ruleset.explain_hint(a, view, "es")
            return
    pytest.fail("no market was reached")


def test_going_deeper_names_the_floor_and_the_chips_left_with_plurals() -> None:
    seen = set()
    for seed in range(8):
        m = _match(seed=seed)
        for seat, view, legal in positions(m, seed, 300):
            cont = next((a for a in legal if a.kind == "continue"), None)
            if cont is None:
                continue
            p = m.state.players[seat]
            said = m.ruleset.explain_hint(cont, view, "en")
            assert said.startswith("So far you would end with ") and "floor" not in said, said
            assert (f"{len(p.bag)} chip is left" if len(p.bag) == 1 else f"{len(p.bag)} chips are left") in said
            seen.add(len(p.bag) == 1)
            stop = next(a for a in legal if a.kind == "stop")
            assert f"of {p.max_health} health" in m.ruleset.explain_hint(stop, view, "en")
    assert seen, "no finished floor was reached"


def test_the_sentence_is_the_same_when_only_the_face_down_piles_differ() -> None:
    m = _match(seed=5, seats=2)
    for seat, _view, legal in positions(m, 5, 40):
        if any(a.kind == "place" for a in legal) and m.state.entrance_pile:
            break
    compared = same_sentences_for_indistinguishable_states(m, m.to_act())
    assert compared >= 1


@pytest.mark.parametrize("level", LEVELS, ids=[lv.id for lv in LEVELS])
def test_the_sentence_never_raises_on_random_positions_in_every_language(level: Any) -> None:
    said = sum(never_raises("dungeon", level, seed, 120, every=2) for seed in (1, 2))
    assert said > 0
