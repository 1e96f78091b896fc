"""Quest's hint sentence (game/rulesets/quest/hints.py): willpower against threat, defence against attack."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.match import Match
from game.engine.protocol import SeatSpec
from tests.rulesets.hintchecks import never_raises, positions, same_sentences_for_indistinguishable_states, shipped_levels

LEVELS = shipped_levels("quest")


def _match(level: str = "tutorial", seed: int = 11, seats: int = 1) -> Match:
    return Match.new("quest", level, [SeatSpec(f"P{i}") for i in range(seats)], seed)


def _committed(st: Any) -> int:
    return sum(st.stat(c, "willpower") for p in st.players for c in p.heroes + p.allies
               if c in st.table and st.table[c].committed)


def test_committing_a_character_says_its_willpower_against_the_staging_threat() -> None:
    m = _match()
    for _seat, view, legal in positions(m, 11, 200):
        st = m.state
        for a in legal:
            if a.kind != "commit" or st.stat(str(a["card"]), "willpower") == 0:
                continue
            wp = st.stat(str(a["card"]), "willpower")
            total, threat = _committed(st) + wp, st.staging_threat()
            said = m.ruleset.explain_hint(a, view, "en")
            assert said.startswith(f"Commit {st.name(str(a['card']), 'en')}")
            assert f"{total} against {threat} threat" in said
            if total > threat:
                assert f"makes {total - threat} progress" in said
            else:
                assert "every point short raises your threat" in said
            return
    pytest.fail("no character could be committed")


def test_defending_says_the_defence_against_the_attack() -> None:
    for seed in range(11, 20):
        m = _match(seed=seed)
        for _seat, view, legal in positions(m, seed, 300):
            defends = [a for a in legal if a.kind == "defend"]
            if not defends or m.state.attack is None:
                continue
            st, a = m.state, defends[0]
            card = str(a["card"])
            power = st.stat(st.attack.enemy, "attack") + st.attack.bonus
            d = st.stat(card, "defense")
            said = m.ruleset.explain_hint(a, view, "en")
            assert said.startswith(f"Defend with {st.name(card, 'en')}:")
            if d >= power:
                assert f"its {d} defence stops all {power} attack" in said
            else:
                assert f"{d} defence against {power} attack, it takes {power - d} damage" in said
            return
    pytest.fail("no attack was defended")


def test_adding_an_attacker_says_whether_the_enemy_falls() -> None:
    for seed in range(11, 20):
        m = _match(seed=seed)
        for _seat, view, legal in positions(m, seed, 300):
            st = m.state
            for a in (x for x in legal if x.kind == "attacker"):
                assert st.strike is not None
                enemy = st.strike.enemy
                total = sum(st.stat(c, "attack") for c in [*st.strike.attackers, str(a["card"])])
                dmg = total - st.stat(enemy, "defense")
                said = m.ruleset.explain_hint(a, view, "en")
                if dmg <= 0:
                    assert said is None
                    continue
                left = st.hp(enemy) - st.table[enemy].damage
                assert said.startswith(f"Add {st.name(str(a['card']), 'en')}: {total} attack")
                assert (f"destroys the {st.name(enemy, 'en')}" in said) == (dmg >= left)
                return
    pytest.fail("no attacker could be added")


def test_the_sentence_is_the_same_when_only_hidden_cards_differ() -> None:
    m = _match(seats=2)
    for seat, _view, legal in positions(m, 11, 200):
        if any(a.kind in ("play", "commit") for a in legal) and seat == 0:
            break
    seat = m.to_act()
    assert same_sentences_for_indistinguishable_states(m, seat) >= 1


@pytest.mark.parametrize("level", LEVELS, ids=[lv.id for lv in LEVELS])
def test_the_sentence_never_raises_on_random_positions_in_every_language(level: Any) -> None:
    said = sum(never_raises("quest", level, seed, 150, every=2) for seed in (1, 2))
    assert said > 0
