"""Sanctuary's hint sentence (game/rulesets/sanctuary/hints.py): costs and Will, Strength, attacks and blocks."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.i18n import localize
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from tests.rulesets.hintchecks import never_raises, positions, same_sentences_for_indistinguishable_states, shipped_levels

LEVELS = shipped_levels("sanctuary")


def _match(level: str = "quick", seed: int = 11) -> Match:
    return Match.new("sanctuary", level, [SeatSpec("Ana"), SeatSpec("Bo")], seed)


def test_playing_a_character_names_its_cost_the_will_and_its_strength() -> None:
    for seed in range(11, 20):
        m = _match(seed=seed)
        for seat, view, legal in positions(m, seed, 300):
            st = m.state
            for a in legal:
                if a.kind != "play" or st.card(str(a["card"])).type != "character":
                    continue
                card = st.card(str(a["card"]))
                said = m.ruleset.explain_hint(a, view, "en")
                assert said.startswith(f"Play {localize(card.name, 'en')}: it costs {card.cost} of your "
                                       f"{st.players[seat].will} Will")
                assert f"Strength {card.strength}" in said
                theirs = [st.strength(c) for c in st.players[1 - seat].chars]
                assert ("stands up to their strongest" in said) == bool(theirs and card.strength >= max(theirs))
                return
    pytest.fail("no character could be played")


def test_an_attack_says_the_damage_and_the_structure_left() -> None:
    for seed in range(11, 20):
        m = _match(seed=seed)
        for seat, view, legal in positions(m, seed, 400):
            attacks = [a for a in legal if a.kind == "attack"]
            if not attacks:
                continue
            st, a = m.state, attacks[0]
            said = m.ruleset.explain_hint(a, view, "en")
            assert said.startswith(f"Attack with {st.name(str(a['card']), 'en')}:")
            assert f"{st.strength(str(a['card']))} damage" in said
            assert f"({st.players[1 - seat].structure} Structure" in said
            return
    pytest.fail("no attack was declared")


def test_a_block_says_who_survives() -> None:
    for seed in range(11, 30):
        m = _match(seed=seed)
        for _seat, view, legal in positions(m, seed, 400):
            blocks = [a for a in legal if a.kind == "block"]
            if not blocks:
                continue
            st, a = m.state, blocks[0]
            b, att = str(a["blocker"]), str(a["attacker"])
            said = m.ruleset.explain_hint(a, view, "en")
            assert said.startswith(f"Block {st.name(att, 'en')} with {st.name(b, 'en')}:")
            sb, sa = st.strength(b), st.strength(att)
            kills, dies = sb >= sa - st.perm[att].damage, sa >= sb - st.perm[b].damage
            if kills and not dies:
                assert "yours survives and destroys it" in said
            elif kills:
                assert "both fall and your Sanctuary is spared" in said
            else:
                assert f"takes only {max(0, sa - sb)} of its {sa} damage" in said
            return
    pytest.fail("no block was offered")


def test_the_sentence_is_the_same_when_only_hidden_cards_differ() -> None:
    m = _match()
    for seat, _view, legal in positions(m, 11, 200):
        if seat == 0 and any(a.kind == "play" for a in legal) and m.state.turn > 1:
            break
    assert m.to_act() == 0
    assert same_sentences_for_indistinguishable_states(m, 0) >= 1
    # and a state whose hidden cards were swapped by hand: the opponent's hand and the decks
    other = m.ruleset.determinize(m.state.view(0), 0, Rng(77))
    assert other.players[1].hand != m.state.players[1].hand or other.players[0].deck != m.state.players[0].deck


def test_keep_counts_the_cheap_cards_with_a_plural() -> None:
    m = _match()
    seat = m.to_act()
    view = m.state.view(seat)
    keep = next(a for a in m.legal_actions() if a.kind == "keep")
    st = m.state
    per_turn = st.card(st.players[seat].sanctuary).will
    cheap = sum(1 for c in st.players[seat].hand if st.card(c).cost <= per_turn)
    said = m.ruleset.explain_hint(keep, view, "en")
    assert said.startswith(f"Keep this hand: {cheap} of its cards {'costs' if cheap == 1 else 'cost'} {per_turn} Will")


@pytest.mark.parametrize("level", LEVELS, ids=[lv.id for lv in LEVELS])
def test_the_sentence_never_raises_on_random_positions_in_every_language(level: Any) -> None:
    said = sum(never_raises("sanctuary", level, seed, 150, every=3) for seed in (1, 2))
    assert said > 0
