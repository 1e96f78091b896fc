"""The skirmish's hint sentence (game/rulesets/skirmish/hints.py): chances, hits to take a foe out, reactions."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from game.engine.i18n import localize
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from game.rulesets.skirmish.bot import mean_dice
from tests.rulesets.hintchecks import never_raises, positions, same_sentences_for_indistinguishable_states, shipped_levels

LEVELS = shipped_levels("skirmish")


def _match(level: str = "01_toll_bridge", seed: int = 3) -> Match:
    return Match.new("skirmish", level, [SeatSpec("Ana"), SeatSpec("Dark")], seed)


def _chance_in(described: str) -> str:
    """The percentage the action's own description gives (the rules' 3d6-exploding table)."""
    found = re.search(r"(\d+)% chance", described)
    assert found, described
    return found.group(1)


def test_an_attack_says_its_chance_and_how_many_hits_take_the_target_out() -> None:
    m = _match()
    for _seat, view, legal in positions(m, 3, 80):
        st = m.state
        for a in legal:
            if a.kind != "use" or a["act"] != "slash":
                continue
            said = m.ruleset.explain_hint(a, view, "en")
            target = st.c(str(a["target"]))
            left = target["stats"]["hp"] - st.total_damage(target)
            per_hit = mean_dice(next(e for e in st.model.actions["slash"].effects if e.effect == "damage").dice) \
                - st.stat(target, "dr")
            hits = max(1, math.ceil(left / per_hit))
            assert said.startswith(f"Slash {st.name(str(a['target']), 'en')}: {_chance_in(st.describe(a, 'en'))}% to hit")
            assert f"({left} HP left)" in said
            assert ("one hit can take it out" in said) if hits == 1 else (f"about {hits} hits take it out" in said)
            return
    pytest.fail("the hero never could Slash")


def test_a_reaction_names_what_it_answers_and_its_chance() -> None:
    for seed in range(3, 12):
        m = _match(seed=seed)
        for _seat, view, legal in positions(m, seed, 200):
            reacts = [a for a in legal if a.kind == "react"]
            if not reacts:
                continue
            st, a = m.state, reacts[0]
            said = m.ruleset.explain_hint(a, view, "en")
            top = st.chain[-1]
            assert said == (f"{localize(st.model.actions[str(a['act'])].name, 'en')} against "
                            f"{st.name(top['actor'], 'en')}'s {st.entry_name(top, 'en')}: "
                            f"{_chance_in(st.describe(a, 'en'))}% to succeed.")
            return
    pytest.fail("no reaction window was reached")


def test_waiting_and_preparing_say_why_in_every_language() -> None:
    m = _match()
    for _seat, view, legal in positions(m, 3, 40):
        wait = next((a for a in legal if a.kind == "wait"), None)
        prepare = next((a for a in legal if a.kind == "prepare"), None)
        if wait is None or prepare is None:
            continue
        texts = {lang: m.ruleset.explain_hint(wait, view, lang) for lang in ("es", "en", "it")}
        assert texts["en"].startswith("Wait:") and len(set(texts.values())) == 3
        can_attack = any(a.kind == "use" and a["act"] in ("slash", "kick", "punch", "shield_bash") for a in legal)
        assert ("to react when they attack" in texts["en"]) == can_attack
        assert m.ruleset.explain_hint(prepare, view, "it").startswith("Preparati:")
        return
    pytest.fail("no opportunity to wait was reached")


def test_aiming_at_a_limb_names_what_it_holds() -> None:
    for seed in range(3, 12):
        m = _match(seed=seed)
        for _seat, view, legal in positions(m, seed, 200):
            st = m.state
            for a in legal:
                limb = a.get("limb") if a.kind == "aim" else None
                if not limb or limb == "-":
                    continue
                held = st.holder(st.c(st.pending["target"])).get(limb)
                said = m.ruleset.explain_hint(a, view, "en")
                if held:
                    assert f"it holds the {localize(st.item_def(held).name, 'en')}" in said
                    return
                assert said is None
    pytest.fail("no aim at a limb holding an item was offered")


def test_the_sentence_is_the_same_when_only_the_dice_differ() -> None:
    m = _match()
    for _ in positions(m, 3, 10):
        pass
    seat = m.to_act()

    def dice_differ(other: Any, real: Any) -> bool:
        return other.rng.to_json() != real.rng.to_json()

    assert same_sentences_for_indistinguishable_states(m, seat, tries=3, differ=dice_differ) == 3
    other = m.state.clone()
    other.rng = Rng(424242)
    view = other.view(seat)
    assert view == m.state.view(seat)
    for a in m.legal_actions():
        assert m.ruleset.explain_hint(a, view, "en") == m.ruleset.explain_hint(a, m.state.view(seat), "en")


@pytest.mark.parametrize("level", LEVELS, ids=[lv.id for lv in LEVELS])
def test_the_sentence_never_raises_on_random_positions_in_every_language(level: Any) -> None:
    said = sum(never_raises("skirmish", level, seed, 60, every=2) for seed in (1, 2))
    assert said > 0
